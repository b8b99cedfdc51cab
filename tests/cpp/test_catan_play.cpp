// Random play on catan through the type-erased model, as the C ABI drives it: the
// spec's invariants after every step, determinism, snapshots, exact chance.
// MEEPLE_CATAN_GAMES sets the number of random games per configuration (CI runs 10,000);
// MEEPLE_CATAN_SHARD=K/N plays only the games whose number is K modulo N, so N processes
// share one long run evenly (each game has its own action chooser, so a shard plays the
// same games as the whole run).
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "catan_fixture.hpp"
#include "check.hpp"
#include "core/snapshot.hpp"

using namespace meeple;
using namespace meeple::test;

namespace {

using Rec = Record<CatanState>;

int games_per_config(int fallback) {
    const char* env = std::getenv("MEEPLE_CATAN_GAMES");
    return env ? std::atoi(env) : fallback;
}

// This process's shard of the games: {K, N} from MEEPLE_CATAN_SHARD=K/N, else {0, 1}.
std::pair<int, int> shard() {
    const char* env = std::getenv("MEEPLE_CATAN_SHARD");
    int k = 0, n = 1;
    if (env && (std::sscanf(env, "%d/%d", &k, &n) != 2 || n < 1 || k < 0 || k >= n)) {
        std::fprintf(stderr, "MEEPLE_CATAN_SHARD=%s: expected K/N with 0 <= K < N\n", env);
        std::exit(2);
    }
    return {k, n};
}

int acting_seat(Actors a) {
    if (a & kChanceBit) return kChance;
    for (int p = 0; p < 4; ++p) {
        if (a == (Actors{1} << p)) return p;
    }
    return kNobody;
}

struct PlayStats {
    long steps = 0, games = 0, truncated = 0, trades = 0;
};

// One random game, every invariant checked after every step. Returns false at the
// first broken one (so one bug does not print a thousand lines).
bool play_checked(const CatanFixture& g, std::uint64_t seed, Rng& chooser, PlayStats& stats) {
    Rec rec;
    g.model->init(&rec, seed);
    const int n = g->num_players();
    int last_actor = kNobody, last_action = -1;
    // The piece bitsets at the head of the state, as last checked.
    std::uint64_t pieces[4 * catan::kMaxSeats] = {};
    static_assert(offsetof(CatanState, roads) + sizeof(CatanState::roads) == sizeof pieces);
    while (true) {
        const CatanState& s = rec.state;
        const std::string broken = g.model->check(&rec);
        if (!broken.empty()) {
            report(__FILE__, __LINE__, "seed " + std::to_string(seed) + " step " + std::to_string(rec.move_number) + ": " + broken +
                                           "\n" + g->render(s));
            return false;
        }
        // Road lengths against the brute-force oracle, whenever a piece was placed.
        if (std::memcmp(&pieces, &s, sizeof pieces) != 0) {
            std::memcpy(&pieces, &s, sizeof pieces);
            for (int p = 0; p < n; ++p) CHECK_EQ(Catan::longest_road(s, p), oracle_longest_road(s, p));
        }
        for (int p = 0; p < n; ++p) {
            int rates[catan::kNumResources];
            Catan::maritime_rates(s, p, rates);
            for (int r = 0; r < catan::kNumResources; ++r) CHECK_EQ(rates[r], Catan::maritime_rate(s, p, r));
            CHECK(Catan::victory_points(s, p, false) <= Catan::victory_points(s, p, true));
            CHECK(Catan::hand_size(s, p) >= 0);
        }
        const Actors actors = g.model->actors(&rec);
        if (g.model->is_terminal(&rec)) {
            CHECK_EQ(actors, Actors{0});
            break;
        }
        const int actor = acting_seat(actors);
        if (actor == kNobody) {
            report(__FILE__, __LINE__, "a live game with no single actor");
            return false;
        }
        const std::vector<int> legal = g.model->legal_actions(&rec, actor);
        if (legal.empty()) {
            report(__FILE__, __LINE__, "seed " + std::to_string(seed) + ": no legal action in a live game\n" + g->render(s));
            return false;
        }
        // The mask (built from bitsets) and the one-action test agree everywhere.
        std::uint64_t words[8] = {};
        g->legal_mask(s, actor, words);
        for (int a = 0; a < catan::kNumActions; ++a) {
            if ((((words[a >> 6] >> (a & 63)) & 1) != 0) != g->is_legal(s, actor, a)) {
                report(__FILE__, __LINE__, "mask and is_legal disagree on " + g->action_name(a));
                return false;
            }
        }
        // Chance: outcomes are the legal actions, and their probabilities sum to one.
        if (actor == kChance) {
            ChanceOutcome outcomes[16];
            const int k = g.model->chance_outcomes(&rec, outcomes);
            double sum = 0;
            CHECK_EQ(static_cast<std::size_t>(k), legal.size());
            for (int i = 0; i < k; ++i) sum += outcomes[i].probability;
            CHECK(std::fabs(sum - 1.0) < 1e-12);
        }
        // An illegal action is refused and changes no byte, generator included. Every
        // fourth step: the refusal throws, and unwinding costs more than the rest of a
        // step's checks together.
        const int probe = static_cast<int>(chooser.below(catan::kNumActions));
        if (rec.move_number % 4 == 0 && !g->is_legal(s, actor, probe)) {
            const Rec before = rec;
            CHECK_THROWS_STATUS(g.model->apply(&rec, actor, probe), Status::illegal_action);
            CHECK(std::memcmp(&before, &rec, sizeof rec) == 0);
        }
        const int action = legal[chooser.below(static_cast<std::uint32_t>(legal.size()))];
        const Rec before = rec;
        g.model->apply(&rec, actor, action);
        // Every legal action changes the game state (not only the move counter).
        CHECK(std::memcmp(&before.state, &rec.state, sizeof rec.state) != 0);
        // The longest road card moves only as the rules say, from the lengths before and after.
        const int holder = expected_road_holder(before.state.road_holder, before.state.road_length, rec.state.road_length, n);
        if (rec.state.road_holder != holder) {
            report(__FILE__, __LINE__, "seed " + std::to_string(seed) + " step " + std::to_string(rec.move_number) +
                                           ": longest road with seat " + std::to_string(rec.state.road_holder) + ", the rules say " +
                                           std::to_string(holder) + "\n" + g->render(rec.state));
            return false;
        }
        stats.trades += action >= catan::kTradeConfirm && action < catan::kChanceDice;
        last_actor = actor;
        last_action = action;
        ++stats.steps;
    }
    const CatanState& s = rec.state;
    ++stats.games;
    if (s.truncated) {
        ++stats.truncated;
        CHECK(s.winner == catan::kNone);
    } else {
        // One winner, who made the last move (or whose bought card, dealt by explicit
        // chance, was a victory point), with the points.
        CHECK(s.winner < n);
        if (last_actor == kChance) {
            CHECK_EQ(last_action, catan::kChanceDev + catan::kVictoryPoint);
            CHECK_EQ(s.winner, s.current);
        } else {
            CHECK_EQ(static_cast<int>(s.winner), last_actor);
        }
        CHECK(Catan::victory_points(s, s.winner, true) >= g->vp_to_win());
        std::vector<double> returns(n);
        g.model->returns(&rec, returns.data());
        for (int p = 0; p < n; ++p) CHECK_EQ(returns[p], p == s.winner ? 1.0 : -1.0);
    }
    return true;
}

void play_many(const std::vector<std::pair<std::string, std::string>>& options, int games, std::uint64_t chooser_seed,
               PlayStats& stats) {
    CatanFixture g(options);
    const auto [k, n] = shard();
    for (int i = k; i < games; i += n) {
        Rng chooser = Rng::from_seed((chooser_seed << 32) | static_cast<std::uint64_t>(i));
        if (!play_checked(g, static_cast<std::uint64_t>(i), chooser, stats)) return;
    }
}

std::vector<unsigned char> final_bytes(const CatanFixture& g, std::uint64_t seed, std::uint64_t chooser_seed) {
    Rec rec;
    g.model->init(&rec, seed);
    Rng chooser = Rng::from_seed(chooser_seed);
    while (!g.model->is_terminal(&rec)) {
        const int actor = acting_seat(g.model->actors(&rec));
        const auto legal = g.model->legal_actions(&rec, actor);
        g.model->apply(&rec, actor, legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    std::vector<unsigned char> out(sizeof rec);
    std::memcpy(out.data(), &rec, sizeof rec);
    return out;
}

}  // namespace

TEST(catan_random_play_keeps_every_invariant_with_four_players) {
    PlayStats stats;
    play_many({}, games_per_config(12), 1, stats);
    CHECK(stats.games > 0);
    CHECK(stats.steps > stats.games * 200);  // games are real games, not a few moves
    CHECK(stats.trades > 0);                 // random play completes domestic trades
}

TEST(catan_random_play_keeps_every_invariant_with_two_and_three_players) {
    PlayStats stats;
    play_many({{"players", "2"}, {"board", "beginner"}}, games_per_config(8), 2, stats);
    play_many({{"players", "3"}, {"red_adjacent", "true"}, {"trade_budget", "0"}}, games_per_config(8), 3, stats);
    CHECK(stats.games > 0);
}

TEST(catan_random_play_keeps_every_invariant_with_explicit_chance) {
    PlayStats stats;
    play_many({{"explicit_chance", "true"}, {"vp_to_win", "6"}}, games_per_config(10), 4, stats);
    CHECK(stats.games > 0);
}

TEST(catan_random_play_keeps_every_invariant_with_the_friendly_robber) {
    PlayStats stats;
    play_many({{"friendly_robber", "true"}, {"players", "3"}}, games_per_config(6), 6, stats);
    CHECK(stats.games > 0);
}

TEST(catan_random_play_truncates_at_the_turn_cap) {
    PlayStats stats;
    play_many({{"max_turns", "12"}}, games_per_config(10), 5, stats);
    CHECK(stats.truncated > 0);
}

TEST(catan_same_seed_and_actions_give_the_same_bytes) {
    CatanFixture g;
    for (std::uint64_t seed : {0ull, 9ull}) CHECK(final_bytes(g, seed, 5) == final_bytes(g, seed, 5));
    CHECK(final_bytes(g, 1, 5) != final_bytes(g, 2, 5));
}

TEST(catan_snapshot_round_trip_restores_every_byte) {
    CatanFixture g;
    Rec rec;
    g.model->init(&rec, 77);
    Rng chooser = Rng::from_seed(1);
    for (int i = 0; i < 300 && !g.model->is_terminal(&rec); ++i) {
        const int actor = acting_seat(g.model->actors(&rec));
        const auto legal = g.model->legal_actions(&rec, actor);
        g.model->apply(&rec, actor, legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    std::vector<std::uint8_t> bytes(snapshot_size(*g.model));
    write_snapshot(*g.model, &rec, bytes.data());
    Rec back;
    read_snapshot(*g.model, bytes.data(), bytes.size(), &back);
    CHECK(std::memcmp(&rec, &back, sizeof rec) == 0);
}

TEST(catan_snapshot_of_a_forged_state_is_refused) {
    CatanFixture g;
    Rec rec;
    g.model->init(&rec, 3);
    ++rec.state.hand[0][catan::kOre];  // a card out of nowhere
    std::vector<std::uint8_t> bytes(snapshot_size(*g.model));
    write_snapshot(*g.model, &rec, bytes.data());
    Rec back;
    CHECK_THROWS_STATUS(read_snapshot(*g.model, bytes.data(), bytes.size(), &back), Status::parse);
}

TEST(catan_forged_states_that_pass_check_play_on_within_the_invariants) {
    // Mutate one byte of states met in random play: check() must refuse the mutation,
    // or the state must be one the rules can go on from without breaking anything.
    CatanFixture g;
    Rng chooser = Rng::from_seed(31);
    int accepted = 0;
    for (int trial = 0; trial < 1000; ++trial) {
        Rec rec;
        g.model->init(&rec, static_cast<std::uint64_t>(trial));
        const int warmup = static_cast<int>(chooser.below(3000));
        for (int i = 0; i < warmup && !g.model->is_terminal(&rec); ++i) {
            const int actor = acting_seat(g.model->actors(&rec));
            const auto legal = g.model->legal_actions(&rec, actor);
            g.model->apply(&rec, actor, legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
        }
        auto* bytes = reinterpret_cast<unsigned char*>(&rec.state);
        bytes[chooser.below(sizeof rec.state)] ^= static_cast<unsigned char>(1u << chooser.below(8));
        if (!g.model->check(&rec).empty()) continue;
        ++accepted;
        for (int i = 0; i < 200 && !g.model->is_terminal(&rec); ++i) {
            const int actor = acting_seat(g.model->actors(&rec));
            const auto legal = g.model->legal_actions(&rec, actor);
            CHECK(!legal.empty());
            if (legal.empty()) break;
            g.model->apply(&rec, actor, legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
            const std::string broken = g.model->check(&rec);
            if (!broken.empty()) {
                report(__FILE__, __LINE__, "trial " + std::to_string(trial) + ": a forged state led to: " + broken);
                break;
            }
        }
    }
    CHECK(accepted > 0);  // some flips are harmless: a dice sum, a compose budget, the turn counter
}
