#include "core/random_games.hpp"

#include <atomic>
#include <bit>
#include <memory>

#include "core/batch.hpp"
#include "core/error.hpp"
#include "core/mask_bits.hpp"
#include "core/seed_derivation.hpp"
#include "core/thread_pool.hpp"

namespace meeple {
namespace {

// What one pool part needs: a record to play in, scratch for masks and outcomes, and
// its own totals (summed at the end: integer sums do not depend on the order). On its
// own cache lines: the totals change after every game, and two threads writing one
// line would pass it back and forth.
struct alignas(64) Worker {
    std::unique_ptr<std::uint64_t[]> record;
    std::vector<std::uint64_t> words;
    std::vector<ChanceOutcome> outcomes;
    RandomGamesStats stats;
};

int choose_action(const AnyGame& game, const void* rec, int player, Worker& w, Rng& chooser) {
    if (player == kChance) {
        const int k = game.chance_outcomes(rec, w.outcomes.data());
        double u = chooser.unit();
        for (int j = 0; j + 1 < k; ++j) {
            if ((u -= w.outcomes[j].probability) < 0) return w.outcomes[j].action;
        }
        return w.outcomes[k - 1].action;
    }
    std::fill(w.words.begin(), w.words.end(), 0);
    game.legal_mask(rec, player, w.words.data());
    return uniform_set_bit(w.words.data(), static_cast<int>(w.words.size()), chooser);
}

void play_one(const AnyGame& game, std::uint64_t game_seed, Worker& w) {
    void* rec = w.record.get();
    game.init(rec, game_seed);
    Rng chooser = Rng::from_seed(derive_seed(game_seed, kChooserStream));
    for (int player = acting_player(game.actors(rec)); player != kNobody;
         player = acting_player(game.actors(rec))) {
        game.apply_unchecked(rec, player, choose_action(game, rec, player, w, chooser));
    }
    w.stats.games += 1;
    w.stats.moves += game.move_number(rec);
    const int winner = winner_of(game, rec);
    if (game.truncated(rec)) w.stats.truncated += 1;
    else if (winner < 0) w.stats.draws += 1;
    else w.stats.wins[static_cast<std::size_t>(winner)] += 1;
}

}  // namespace

// Games a thread plays between reports to the control block's progress counter: one
// shared counter bumped after every game would bounce its cache line between threads
// (a tic-tac-toe game takes about a microsecond).
constexpr std::uint64_t kGamesPerReport = 16;

RandomGamesStats run_random_games(const AnyGame& game, std::uint64_t n_games, std::uint64_t seed, int threads,
                                  const Control& control) {
    control.set_total(n_games);
    control.check();
    ThreadPool pool(threads);
    std::vector<Worker> workers(static_cast<std::size_t>(pool.threads()));
    for (Worker& w : workers) {
        w.record = std::make_unique<std::uint64_t[]>((game.record_size() + 7) / 8);
        w.words.resize(static_cast<std::size_t>(game.mask_words()));
        w.outcomes.resize(static_cast<std::size_t>(std::max(1, game.max_chance_outcomes())));
        w.stats.wins.assign(static_cast<std::size_t>(game.num_players()), 0);
    }
    std::atomic<bool> stopped{false};
    auto body = [&](std::size_t b, std::size_t e, int part) {
        std::uint64_t unreported = 0;
        for (std::size_t g = b; g < e; ++g) {
            if (control.cancelled()) {  // checked before every game: a game takes milliseconds at most
                stopped.store(true, std::memory_order_relaxed);
                break;
            }
            play_one(game, derive_seed(seed, g), workers[static_cast<std::size_t>(part)]);
            if (++unreported == kGamesPerReport) control.advance(unreported), unreported = 0;
        }
        control.advance(unreported);
    };
    pool.run(static_cast<std::size_t>(n_games), 1, body);
    if (stopped.load()) fail(Status::cancelled, "run_random_games was cancelled by its control block; nothing was returned");

    RandomGamesStats total;
    total.wins.assign(static_cast<std::size_t>(game.num_players()), 0);
    for (const Worker& w : workers) {
        total.games += w.stats.games;
        total.moves += w.stats.moves;
        total.truncated += w.stats.truncated;
        total.draws += w.stats.draws;
        for (std::size_t p = 0; p < total.wins.size(); ++p) total.wins[p] += w.stats.wins[p];
    }
    return total;
}

}  // namespace meeple
