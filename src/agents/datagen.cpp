#include "agents/datagen.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <string>

#include "agents/agent.hpp"
#include "core/error.hpp"
#include "core/seed_derivation.hpp"
#include "core/thread_pool.hpp"

namespace meeple {
namespace {

// Keys of the seeds derived from a game's seed (ASCII, as the arena's).
constexpr std::uint64_t kSeatKindKey = 0x7365617470696b6bull;  // which seats are heuristic
constexpr std::uint64_t kAgentKey = 0x6167656e74736565ull;     // the game's agents
constexpr std::uint64_t kChanceKey = 0x6368616e63657365ull;    // the game's dice
constexpr std::uint64_t kSampleKey = 0x73616d706c657321ull;    // which decisions are sampled
constexpr std::uint64_t kGroupKey = 0x67726f7570736565ull;     // per sample: siblings, playouts
constexpr std::uint64_t kMaxPlayouts = 100000;
// Rows a call may write: far above any array a machine holds, far below a 2^64 wrap.
constexpr int kMaxDatagenRowsLog2 = 48;
constexpr std::uint64_t kMaxDatagenRows = 1ull << kMaxDatagenRowsLog2;

using Words = std::vector<std::uint64_t>;

Words new_record(const AnyGame& game) { return Words((game.record_size() + 7) / 8); }

// Every record starts with its generator (core/any_game.hpp, Record<State>): reseeding
// it makes the game's own draws (development cards, robber steals) the playout's.
static_assert(offsetof(Record<std::uint64_t>, rng) == 0, "a record starts with its generator");
void reseed_record(void* rec, std::uint64_t seed) {
    const Rng rng = Rng::from_seed(seed);
    std::memcpy(rec, &rng, sizeof rng);
}

int draw_chance(const AnyGame& game, const void* rec, Rng& chance, std::vector<ChanceOutcome>& outcomes) {
    const int k = game.chance_outcomes(rec, outcomes.data());
    double u = chance.unit();
    for (int j = 0; j < k; ++j) {
        if ((u -= outcomes[static_cast<std::size_t>(j)].probability) < 0) return outcomes[static_cast<std::size_t>(j)].action;
    }
    return outcomes[static_cast<std::size_t>(k - 1)].action;
}

// The seats of one game: heuristic or random, the heuristic's moves replaced by a
// uniformly random legal move with probability random_move.
class Mix {
public:
    Mix(std::shared_ptr<const AnyGame> game, const std::vector<bool>& heuristic, double random_move)
        : game_(std::move(game)), heuristic_(heuristic), random_move_(random_move) {
        for (std::size_t s = 0; s < heuristic_.size(); ++s) {
            agents_.push_back(heuristic_[s] ? make_agent(game_, "heuristic", 0) : nullptr);
        }
        outcomes_.resize(static_cast<std::size_t>(std::max(1, game_->max_chance_outcomes())));
    }

    void reset(std::uint64_t seed) {
        rng_ = Rng::from_seed(derive_seed(seed, 0));
        chance_ = Rng::from_seed(derive_seed(seed, kChanceKey));
        for (std::size_t s = 0; s < agents_.size(); ++s) {
            if (agents_[s]) agents_[s]->reset(derive_seed(seed, kAgentKey + s));
        }
    }

    // The acting player's move (a chance outcome for the chance player); kNobody when
    // nobody can act.
    int act(const void* rec, int player) {
        if (player == kChance) return draw_chance(*game_, rec, chance_, outcomes_);
        if (player < 0) return kNobody;
        const bool random = !agents_[static_cast<std::size_t>(player)] || rng_.unit() < random_move_;
        if (random) {
            const LegalSet legal(*game_, rec, player);
            return legal.nth(static_cast<int>(rng_.below(static_cast<std::uint32_t>(legal.count))));
        }
        return agents_[static_cast<std::size_t>(player)]->act(rec, player);
    }

    const AnyGame& game() const { return *game_; }

private:
    std::shared_ptr<const AnyGame> game_;
    std::vector<bool> heuristic_;
    double random_move_;
    std::vector<std::unique_ptr<Agent>> agents_;
    std::vector<ChanceOutcome> outcomes_;
    Rng rng_, chance_;
};

// A game's result as win shares: the unique best seat 1; seats tied at the best share 1;
// a truncated game, or one where every seat ties, 1 / players each.
void add_shares(const AnyGame& game, const void* rec, bool truncated, std::vector<double>& returns, double* shares) {
    const int n = game.num_players();
    if (!truncated) truncated = game.truncated(rec);
    if (!truncated) game.returns(rec, returns.data());
    const double best = truncated ? 0 : *std::max_element(returns.begin(), returns.end());
    int tied = 0;
    for (int s = 0; s < n; ++s) tied += truncated || returns[static_cast<std::size_t>(s)] == best;
    for (int s = 0; s < n; ++s) {
        if (truncated || returns[static_cast<std::size_t>(s)] == best) shares[s] += 1.0 / tied;
    }
}

void label_with(Mix& mix, const void* rec, int playouts, std::uint64_t playout_seed, std::uint64_t max_moves,
                const Control& control, double* shares) {
    const AnyGame& game = mix.game();
    const int n = game.num_players();
    std::fill(shares, shares + n, 0.0);
    Words work = new_record(game);
    std::vector<double> returns(static_cast<std::size_t>(n));
    for (int i = 0; i < playouts; ++i) {
        control.check();
        const std::uint64_t seed = derive_seed(playout_seed, static_cast<std::uint64_t>(i));
        std::memcpy(work.data(), rec, game.record_size());
        reseed_record(work.data(), derive_seed(seed, kGroupKey));
        mix.reset(seed);
        std::uint64_t moves = 0;
        bool cut = false;
        while (!game.is_terminal(work.data())) {
            if (max_moves && moves >= max_moves) {
                cut = true;
                break;
            }
            const int player = acting_player(game.actors(work.data()));
            const int action = mix.act(work.data(), player);
            if (action == kNobody) {
                cut = true;  // a live game with nobody to act: the game's bug, counted as no result
                break;
            }
            game.apply_unchecked(work.data(), player, action);
            ++moves;
        }
        add_shares(game, work.data(), cut, returns, shares);
    }
    for (int s = 0; s < n; ++s) shares[s] /= playouts;
}

struct Sample {
    Words rec;
    std::uint64_t move = 0;
    int actor = 0;
    int played = 0;
};

// Game g: plays it, keeps `samples_per_game` of its decision points (reservoir
// sampling, uniform over the decisions with at least two legal moves), then labels the
// siblings of each. Rows are appended to `out`.
void generate_game(const std::shared_ptr<const AnyGame>& game, const DatagenConfig& cfg, std::uint64_t g,
                   const Control& control, DatagenRows& out) {
    const AnyGame& G = *game;
    const int n = G.num_players();
    const std::uint64_t game_seed = derive_seed(cfg.seed, g);
    Rng kinds = Rng::from_seed(derive_seed(game_seed, kSeatKindKey));
    std::vector<bool> heuristic(static_cast<std::size_t>(n));
    for (int s = 0; s < n; ++s) heuristic[static_cast<std::size_t>(s)] = kinds.unit() < cfg.heuristic_share;
    Mix mix(game, heuristic, cfg.random_move);
    mix.reset(derive_seed(game_seed, kAgentKey));

    Words rec = new_record(G);
    G.init(rec.data(), game_seed);
    Rng pick = Rng::from_seed(derive_seed(game_seed, kSampleKey));
    std::vector<Sample> kept;
    std::uint64_t decisions = 0, moves = 0;
    const auto S = static_cast<std::uint64_t>(cfg.samples_per_game);
    while (!G.is_terminal(rec.data()) && !(cfg.max_moves && moves >= cfg.max_moves)) {
        if ((moves & 63) == 0) control.check();
        const int player = acting_player(G.actors(rec.data()));
        const int action = mix.act(rec.data(), player);
        if (action == kNobody) break;
        if (player >= 0 && LegalSet(G, rec.data(), player).count >= 2) {
            // Reservoir: decision d replaces a kept one with probability S / (d + 1).
            const std::uint64_t d = decisions++;
            std::size_t slot = kept.size();
            if (d >= S) {
                const std::uint64_t r = pick.next() % (d + 1);
                slot = r < S ? static_cast<std::size_t>(r) : SIZE_MAX;
            } else {
                kept.emplace_back();
            }
            if (slot != SIZE_MAX) {
                kept[slot] = Sample{rec, moves, player, action};
            }
        }
        G.apply_unchecked(rec.data(), player, action);
        ++moves;
    }
    std::sort(kept.begin(), kept.end(), [](const Sample& a, const Sample& b) { return a.move < b.move; });

    const int F = G.feature_size();
    const int viewers = cfg.all_viewers ? n : 1;
    std::vector<double> shares(static_cast<std::size_t>(n));
    std::vector<float> feat(static_cast<std::size_t>(F));
    Words child = new_record(G);
    for (std::size_t k = 0; k < kept.size(); ++k) {
        const Sample& smp = kept[k];
        const std::uint64_t group = g * S + k;
        const std::uint64_t group_seed = derive_seed(game_seed, kGroupKey + k);
        Rng sib = Rng::from_seed(derive_seed(group_seed, 0));
        const std::uint64_t playout_seed = derive_seed(group_seed, 1) & ((1ull << 63) - 1);
        // The played move, then others drawn without replacement.
        const LegalSet legal(G, smp.rec.data(), smp.actor);
        std::vector<int> others;
        for (int j = 0; j < legal.count; ++j) {
            if (const int a = legal.nth(j); a != smp.played) others.push_back(a);
        }
        std::vector<int> moves_of_group{smp.played};
        while (static_cast<int>(moves_of_group.size()) < cfg.siblings && !others.empty()) {
            const std::size_t j = sib.below(static_cast<std::uint32_t>(others.size()));
            moves_of_group.push_back(others[j]);
            others[j] = others.back();
            others.pop_back();
        }
        for (std::size_t m = 0; m < moves_of_group.size(); ++m) {
            std::memcpy(child.data(), smp.rec.data(), G.record_size());
            G.apply_unchecked(child.data(), smp.actor, moves_of_group[m]);
            label_with(mix, child.data(), cfg.playouts, playout_seed, cfg.max_moves, control, shares.data());
            for (int v = 0; v < viewers; ++v) {
                const int viewer = cfg.all_viewers ? v : smp.actor;
                G.features(child.data(), viewer, cfg.variant, feat.data());
                out.features.insert(out.features.end(), feat.begin(), feat.end());
                for (int j = 0; j < n; ++j) {
                    out.labels.push_back(static_cast<float>(shares[static_cast<std::size_t>((viewer + j) % n)]));
                }
                const std::int64_t meta[kNumDatagenMeta] = {
                    static_cast<std::int64_t>(g),     static_cast<std::int64_t>(smp.move),
                    static_cast<std::int64_t>(group), viewer,
                    smp.actor,                        moves_of_group[m],
                    m == 0 ? 1 : 0,                   static_cast<std::int64_t>(playout_seed)};
                out.meta.insert(out.meta.end(), meta, meta + kNumDatagenMeta);
                ++out.rows;
            }
        }
        control.advance(1);
    }
    control.advance(S - kept.size());
}

void check_range(const char* what, double value, double lo, double hi, const char* hint) {
    if (!(value >= lo && value <= hi)) {  // NaN fails too
        fail(Status::invalid_argument, std::string(what) + " is " + std::to_string(value) + "; " + hint);
    }
}

}  // namespace

void check_datagen_config(const std::shared_ptr<const AnyGame>& game_ptr, const DatagenConfig& c) {
    if (!game_ptr) fail(Status::invalid_argument, "data generation needs a game");
    const AnyGame& game = *game_ptr;
    if (game.feature_size() == 0) {
        fail(Status::invalid_argument, "game " + game.name() + " has no feature vectors to label; catan has them");
    }
    if (c.games == 0) fail(Status::invalid_argument, "games is 0; generate at least one game");
    if (c.first_game + c.games < c.first_game || c.first_game + c.games > (1ull << 40)) {
        fail(Status::invalid_argument, "games [first_game, first_game + games) must end by 2^40");
    }
    if (c.playouts < 1 || static_cast<std::uint64_t>(c.playouts) > kMaxPlayouts) {
        fail(Status::invalid_argument, "playouts is " + std::to_string(c.playouts) + "; use 1.." +
                                           std::to_string(kMaxPlayouts) + " playouts a state");
    }
    if (c.samples_per_game < 1 || c.samples_per_game > 10000) {
        fail(Status::invalid_argument, "samples_per_game is " + std::to_string(c.samples_per_game) +
                                           "; use 1..10000 sampled decisions a game");
    }
    if (c.siblings < 1 || c.siblings > 1024) {
        fail(Status::invalid_argument, "siblings is " + std::to_string(c.siblings) +
                                           "; use 1..1024 moves a decision (1: only the played move)");
    }
    check_range("heuristic_share", c.heuristic_share, 0, 1, "use a probability in [0, 1]");
    check_range("random_move", c.random_move, 0, 1, "use a probability in [0, 1]");
    if (c.variant != kFeaturesSeat && c.variant != kFeaturesOmniscient) {
        fail(Status::invalid_argument, "feature variant " + std::to_string(c.variant) +
                                           " is unknown; use MEEPLE_FEATURES_SEAT (0) or MEEPLE_FEATURES_OMNISCIENT (1)");
    }
    if (c.threads < 0 || c.threads > ThreadPool::kMaxThreads) {
        fail(Status::invalid_argument, "threads is " + std::to_string(c.threads) + "; use 0 (one per core) to " +
                                           std::to_string(ThreadPool::kMaxThreads));
    }
    // Each factor is bounded above, but their product can pass 2^64: bound it by steps.
    const std::uint64_t factors[] = {static_cast<std::uint64_t>(c.samples_per_game), static_cast<std::uint64_t>(c.siblings),
                                     static_cast<std::uint64_t>(c.all_viewers ? game.num_players() : 1)};
    std::uint64_t rows = c.games;
    for (const std::uint64_t f : factors) {
        if (rows > kMaxDatagenRows / f) {
            fail(Status::invalid_argument, "games * samples_per_game * siblings * viewers is more than 2^" +
                                               std::to_string(kMaxDatagenRowsLog2) +
                                               " rows; generate fewer games a call (first_game cuts a run into shards)");
        }
        rows *= f;
    }
    if (c.heuristic_share > 0) (void)make_agent(game_ptr, "heuristic", 0);  // a game without one says so
}

std::uint64_t datagen_max_rows(const AnyGame& game, const DatagenConfig& c) {
    return c.games * static_cast<std::uint64_t>(c.samples_per_game) * static_cast<std::uint64_t>(c.siblings) *
           static_cast<std::uint64_t>(c.all_viewers ? game.num_players() : 1);  // bounded by check_datagen_config
}

void datagen_label(std::shared_ptr<const AnyGame> game, const void* rec, const std::vector<bool>& heuristic,
                   double random_move, int playouts, std::uint64_t playout_seed, std::uint64_t max_moves,
                   const Control& control, double* shares) {
    Mix mix(std::move(game), heuristic, random_move);
    label_with(mix, rec, playouts, playout_seed, max_moves, control, shares);
}

DatagenRows run_datagen(std::shared_ptr<const AnyGame> game, const DatagenConfig& config, const Control& control) {
    check_datagen_config(game, config);
    ThreadPool pool(config.threads);
    control.set_total(config.games * static_cast<std::uint64_t>(config.samples_per_game));
    std::vector<DatagenRows> per_game(config.games);
    std::vector<std::string> errors(config.games);
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) {
            if (control.cancelled()) return;
            try {
                generate_game(game, config, config.first_game + i, control, per_game[i]);
            } catch (const Error& err) {
                if (err.status() == Status::cancelled) return;
                errors[i] = err.what();
            } catch (const std::exception& err) {
                errors[i] = err.what();
            }
        }
    };
    pool.run(config.games, 1, body);
    control.check();
    for (std::size_t i = 0; i < errors.size(); ++i) {
        if (!errors[i].empty()) {
            fail(Status::internal, "game " + std::to_string(config.first_game + i) + " failed: " + errors[i]);
        }
    }
    DatagenRows all;
    for (const DatagenRows& r : per_game) all.rows += r.rows;
    all.features.reserve(all.rows * static_cast<std::size_t>(game->feature_size()));
    all.labels.reserve(all.rows * static_cast<std::size_t>(game->num_players()));
    all.meta.reserve(all.rows * kNumDatagenMeta);
    for (DatagenRows& r : per_game) {
        all.features.insert(all.features.end(), r.features.begin(), r.features.end());
        all.labels.insert(all.labels.end(), r.labels.begin(), r.labels.end());
        all.meta.insert(all.meta.end(), r.meta.begin(), r.meta.end());
        r = DatagenRows();
    }
    return all;
}

}  // namespace meeple
