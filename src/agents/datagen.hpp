// Labelled data for value networks (docs/datagen.md): states sampled from games between
// a mix of agents, each labelled with the win shares of K playouts by the same mix.
//
// Game g of a run (g counts from 0 under the run's seed) is played on the setup
// derive_seed(seed, g); every random choice of that game, its samples and its playouts
// comes from seeds derived from that one, so a game's rows depend only on (seed, g,
// the options), never on the threads or on which games a call covers. A caller can so
// cut a run into shards of games and generate them in any order.
//
// One sample is a decision point of the game (a seat with at least two legal moves):
// the group of its siblings is the state after the move the game's agent played plus
// up to `siblings - 1` other legal moves of that seat, drawn at random. Every sibling is
// labelled by the same K playouts: playout i from each sibling uses the same seeds
// (for the agents, the dice and the game's own generator), common random numbers, so
// the labels of two siblings differ only through the move.
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "core/any_game.hpp"
#include "core/control.hpp"

namespace meeple {

// Bumped whenever the meaning or order of the rows, labels or meta columns changes.
inline constexpr std::uint32_t kDatagenVersion = 1;

// The int64 columns of a row's meta (in this order).
enum DatagenMeta : int {
    kMetaGame,         // the game's index g under the run's seed
    kMetaMove,         // moves applied before the sampled decision (chance outcomes included)
    kMetaGroup,        // sibling group: g * samples_per_game + the sample's index in the game
    kMetaViewer,       // the seat the features and labels are rotated to (it comes first)
    kMetaActor,        // the seat that made the move
    kMetaAction,       // the move leading to this row's state
    kMetaPlayed,       // 1 for the move the game's agent played, 0 for another sibling
    kMetaPlayoutSeed,  // the seed of the group's playouts (the same for every sibling)
    kNumDatagenMeta
};

struct DatagenConfig {
    std::uint64_t seed = 0;
    std::uint64_t first_game = 0;   // games [first_game, first_game + games)
    std::uint64_t games = 1;
    int playouts = 16;              // K, 1..100000
    int samples_per_game = 4;       // decision points per game (fewer when a game has fewer)
    int siblings = 4;               // moves per decision point, the played one included
    double heuristic_share = 0.5;   // chance that a seat of a game is the heuristic (else random)
    double random_move = 0.1;       // chance that a heuristic seat plays a uniformly random move
    int variant = 0;                // kFeaturesSeat or kFeaturesOmniscient
    bool all_viewers = false;       // a row per seat for each state (else the mover's only)
    std::uint64_t max_moves = 0;    // moves after which a game or playout counts as truncated (0: none)
    int threads = 1;                // 0: one per core
};

// Rows in game order, then sample, sibling and viewer order.
struct DatagenRows {
    std::size_t rows = 0;
    std::vector<float> features;       // rows x feature_size
    std::vector<float> labels;         // rows x num_players, rotated to the row's viewer
    std::vector<std::int64_t> meta;    // rows x kNumDatagenMeta
};

// Throws Error (invalid_argument) for an option out of range, naming the range, or a
// game without feature vectors (or, with heuristic_share > 0, without a heuristic).
void check_datagen_config(const std::shared_ptr<const AnyGame>& game, const DatagenConfig& config);

// The most rows `config` can give: games * samples_per_game * siblings * (all seats or 1).
std::uint64_t datagen_max_rows(const AnyGame& game, const DatagenConfig& config);

// Generates the rows of the config's games. Throws Error as check_datagen_config does,
// Error(cancelled) when the control block asks (its progress counts sample groups,
// out of games * samples_per_game), Error(internal) when a game fails.
DatagenRows run_datagen(std::shared_ptr<const AnyGame> game, const DatagenConfig& config, const Control& control);

// The win shares of `playouts` playouts from `rec` (a record of `game`), for every seat
// (not rotated): a playout's winner gets 1, seats tied at the best return share 1, a
// truncated or drawn-by-everyone playout gives each seat 1 / players. Playout i uses
// seeds derived from derive_seed(playout_seed, i) alone, so equal records and seeds give
// equal shares. `heuristic[s]` says whether seat s plays the heuristic (else random).
void datagen_label(std::shared_ptr<const AnyGame> game, const void* rec, const std::vector<bool>& heuristic,
                   double random_move, int playouts, std::uint64_t playout_seed, std::uint64_t max_moves,
                   const Control& control, double* shares);

}  // namespace meeple
