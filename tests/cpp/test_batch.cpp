// The batch against the single-state game model: the same seeds and actions give the
// same bytes as stepping each game alone, at every thread count, with illegal actions
// counted and isolated, and finished games recorded and restarted by the stated rules.
#include <algorithm>
#include <cstring>
#include <memory>
#include <vector>

#include "batch_specs.hpp"
#include "check.hpp"
#include "core/batch.hpp"
#include "core/error.hpp"
#include "core/random_games.hpp"
#include "core/registry.hpp"
#include "core/seed_derivation.hpp"
#include "core/snapshot.hpp"

using namespace meeple;

namespace {

using Bytes = std::vector<unsigned char>;

std::shared_ptr<const AnyGame> ttt() { return make_game("tictactoe"); }

Bytes record_bytes(const AnyGame& g, const void* rec) {
    const auto* p = static_cast<const unsigned char*>(rec);
    return Bytes(p, p + g.record_size());
}

// One game stepped alone through the checked single-state interface.
struct Single {
    const AnyGame& game;
    std::vector<std::uint64_t> words;
    std::int64_t illegal = 0;

    Single(const AnyGame& g, std::uint64_t seed) : game(g), words((g.record_size() + 7) / 8) { g.init(rec(), seed); }
    void* rec() { return words.data(); }
    // As the batch documents: the action of the one acting player, anything bad counted.
    void step(int action) {
        if (action == kNoAction) return;
        try {
            game.apply(rec(), kActing, action);
        } catch (const Error&) {
            ++illegal;
        }
    }
};

// A mix of legal actions (mostly), out-of-range ones, NO_ACTION and occupied cells.
std::vector<std::int32_t> next_actions(const Batch& b, Rng& rng) {
    std::vector<std::int32_t> actions(b.size());
    for (std::size_t i = 0; i < b.size(); ++i) {
        const std::uint32_t r = rng.below(20);
        if (r == 0) actions[i] = kNoAction;
        else if (r == 1) actions[i] = b.game().num_actions() + static_cast<int>(rng.below(5));
        else if (r == 2) actions[i] = static_cast<std::int32_t>(rng.below(static_cast<std::uint32_t>(b.game().num_actions())));
        else {
            const void* rec = b.record(i);
            const int player = b.game().resolve_player(rec, kActing);
            const std::vector<int> legal = player == kNobody ? std::vector<int>{} : b.game().legal_actions(rec, player);
            actions[i] = legal.empty() ? 0 : legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        }
    }
    return actions;
}

// Everything a batch shows, for comparing batches.
struct Reads {
    std::vector<std::uint64_t> masks;
    std::vector<std::uint8_t> dense;
    std::vector<std::int32_t> actors, status, episode_ints;
    std::vector<float> obs, rewards, episode_returns;
    std::vector<std::int64_t> illegal;
    Bytes snapshot;
    bool operator==(const Reads&) const = default;
};

Reads read_all(const Batch& b) {
    const AnyGame& g = b.game();
    const std::size_t n = b.size();
    Reads r;
    r.masks.resize(n * g.mask_words());
    r.dense.resize(n * g.num_actions());
    r.actors.resize(n);
    r.status.resize(n * kStatusInts);
    r.episode_ints.resize(n * kEpisodeInts);
    r.obs.resize(n * g.obs_size());
    r.rewards.resize(n * g.num_players());
    r.episode_returns.resize(n * g.num_players());
    r.illegal.resize(n);
    r.snapshot.resize(n * b.snapshot_bytes());
    b.write_masks(r.masks.data());
    b.write_dense_masks(r.dense.data());
    b.write_actors(r.actors.data());
    b.write_status(r.status.data());
    b.write_observations(r.obs.data());
    b.write_rewards(r.rewards.data());
    b.write_episodes(r.episode_ints.data(), r.episode_returns.data());
    b.write_illegal_counts(r.illegal.data());
    b.snapshot(r.snapshot.data());
    return r;
}

}  // namespace

TEST(batch_derive_seed_is_splitmix_of_splitmix_xor_index) {
    // splitmix64 first outputs from states 0 and 1 are known constants of SplitMix64.
    std::uint64_t x = 0;
    CHECK_EQ(splitmix64_next(x), 0xE220A8397B1DCDAFull);
    std::uint64_t s = 0;
    std::uint64_t y = splitmix64_next(s) ^ 5;
    CHECK_EQ(derive_seed(0, 5), splitmix64_next(y));
    CHECK(derive_seed(1, 0) != derive_seed(0, 1));
    CHECK(derive_seed(7, 3) != derive_seed(7, 4));
}

TEST(batch_slot_i_starts_from_the_derived_or_given_seed) {
    auto g = ttt();
    Batch b(g, 5, 42, 1);
    std::vector<std::uint64_t> seeds = {9, 8, 7};
    Batch c(g, seeds, 2);
    for (std::size_t i = 0; i < 5; ++i) CHECK(record_bytes(*g, b.record(i)) == record_bytes(*g, Single(*g, derive_seed(42, i)).rec()));
    for (std::size_t i = 0; i < 3; ++i) CHECK(record_bytes(*g, c.record(i)) == record_bytes(*g, Single(*g, seeds[i]).rec()));
}

TEST(batch_rejects_an_empty_batch_and_negative_threads) {
    CHECK_THROWS_STATUS(Batch(ttt(), 0, 1, 1), Status::invalid_argument);
    CHECK_THROWS_STATUS(Batch(ttt(), 4, 1, -1), Status::invalid_argument);
}

TEST(batch_steps_every_game_as_stepping_each_alone) {
    for (const std::string& spec : test::batch_specs()) {
        auto g = make_game(spec);
        const std::size_t n = 67;
        std::vector<std::uint64_t> seeds(n);
        for (std::size_t i = 0; i < n; ++i) seeds[i] = 1000 + i * 7;
        Batch b(g, seeds, 2);
        std::vector<std::unique_ptr<Single>> alone;
        for (std::size_t i = 0; i < n; ++i) alone.push_back(std::make_unique<Single>(*g, seeds[i]));
        Rng rng = Rng::from_seed(3);
        std::vector<std::uint8_t> dones(n);
        for (int step = 0; step < 40; ++step) {
            const std::vector<std::int32_t> actions = next_actions(b, rng);
            b.step(actions.data(), dones.data());
            for (std::size_t i = 0; i < n; ++i) alone[i]->step(actions[i]);
        }
        std::vector<std::int64_t> illegal(n);
        b.write_illegal_counts(illegal.data());
        std::vector<float> obs(n * g->obs_size());
        b.write_observations(obs.data());
        std::vector<std::uint64_t> masks(n * g->mask_words());
        b.write_masks(masks.data());
        for (std::size_t i = 0; i < n; ++i) {
            void* rec = alone[i]->rec();
            CHECK(record_bytes(*g, b.record(i)) == record_bytes(*g, rec));
            CHECK_EQ(illegal[i], alone[i]->illegal);
            CHECK_EQ(dones[i], g->is_terminal(rec) ? 1 : 0);
            const int player = g->resolve_player(rec, kActing);
            std::vector<float> want(g->obs_size(), 0.0f);
            g->observe(rec, player >= 0 ? player : kViewPublic, want.data());
            CHECK(std::memcmp(want.data(), &obs[i * g->obs_size()], want.size() * sizeof(float)) == 0);
            std::vector<int> legal;
            for (int a = 0; a < g->num_actions(); ++a) {
                if ((masks[i * g->mask_words() + a / 64] >> (a % 64)) & 1) legal.push_back(a);
            }
            CHECK(legal == g->legal_actions(rec, kActing));
        }
    }
}

TEST(batch_results_are_the_same_bytes_at_one_two_and_many_threads) {
    for (const std::string& spec : test::batch_specs()) {
        auto g = make_game(spec);
        std::vector<std::unique_ptr<Batch>> batches;
        for (int threads : {1, 2, 3, 8}) batches.push_back(std::make_unique<Batch>(g, 301, 11, threads));
        Rng rng = Rng::from_seed(5);
        std::vector<std::uint8_t> dones(301), first_dones(301);
        for (int step = 0; step < 30; ++step) {
            const std::vector<std::int32_t> actions = next_actions(*batches[0], rng);
            for (std::size_t k = 0; k < batches.size(); ++k) {
                (step % 2 ? batches[k]->step_autoreset(actions.data(), dones.data())
                          : batches[k]->step(actions.data(), dones.data()));
                if (k == 0) first_dones = dones;
                CHECK(dones == first_dones);
            }
            const Reads want = read_all(*batches[0]);
            for (std::size_t k = 1; k < batches.size(); ++k) CHECK(read_all(*batches[k]) == want);
        }
    }
}

TEST(batch_step_and_read_equals_a_step_then_the_two_reads_at_any_thread_count) {
    for (const std::string& spec : test::batch_specs()) {
        auto g = make_game(spec);
        const std::size_t n = 203, words = static_cast<std::size_t>(g->mask_words()),
                          obs_size = static_cast<std::size_t>(g->obs_size());
        Batch apart(g, n, 4, 1);
        std::vector<std::unique_ptr<Batch>> fused;
        for (int threads : {1, 2, 3}) fused.push_back(std::make_unique<Batch>(g, n, 4, threads));
        Rng rng = Rng::from_seed(8);
        std::vector<std::uint8_t> dones(n), fused_dones(n);
        std::vector<std::uint64_t> masks(n * words), fused_masks(n * words);
        std::vector<float> obs(n * obs_size), fused_obs(n * obs_size);
        for (int step = 0; step < 40; ++step) {
            const bool autoreset = step % 3 != 0;
            const std::vector<std::int32_t> actions = next_actions(apart, rng);
            (autoreset ? apart.step_autoreset(actions.data(), dones.data()) : apart.step(actions.data(), dones.data()));
            apart.write_masks(masks.data());
            apart.write_observations(obs.data());
            const Reads want = read_all(apart);
            for (auto& b : fused) {
                // Alternately both reads, only masks, only observations: a skipped read is
                // simply not written.
                const int which = step % 3;
                std::fill(fused_masks.begin(), fused_masks.end(), ~0ull);
                std::fill(fused_obs.begin(), fused_obs.end(), -7.0f);
                b->step_and_read(actions.data(), fused_dones.data(), autoreset, which != 2 ? fused_masks.data() : nullptr,
                                 which != 1 ? fused_obs.data() : nullptr);
                CHECK(fused_dones == dones);
                if (which != 2) CHECK(fused_masks == masks);
                else CHECK(std::all_of(fused_masks.begin(), fused_masks.end(), [](std::uint64_t w) { return w == ~0ull; }));
                if (which != 1) CHECK(fused_obs == obs);
                else CHECK(std::all_of(fused_obs.begin(), fused_obs.end(), [](float x) { return x == -7.0f; }));
                CHECK(read_all(*b) == want);
            }
        }
    }
}

TEST(batch_illegal_actions_change_nothing_and_are_counted_per_slot) {
    auto g = ttt();
    Batch b(g, 4, 1, 2);
    std::vector<std::uint8_t> dones(4);
    const std::vector<std::int32_t> first = {4, 4, 4, 4};
    b.step(first.data(), dones.data());
    const Bytes before = read_all(b).snapshot;
    // Slot 0: occupied cell, 1: out of range, 2: negative, 3: NO_ACTION.
    const std::vector<std::int32_t> bad = {4, 9, -7, kNoAction};
    b.step(bad.data(), dones.data());
    const Reads after = read_all(b);
    CHECK(after.snapshot == before);
    CHECK((after.illegal == std::vector<std::int64_t>{1, 1, 1, 0}));
    CHECK((after.rewards == std::vector<float>(8, 0.0f)));
}

TEST(batch_step_keeps_finished_games_and_counts_actions_in_them_as_illegal) {
    auto g = ttt();
    Batch b(g, 2, 1, 1);
    std::vector<std::uint8_t> dones(2);
    // X takes the top row in slot 0; slot 1 waits.
    for (int cell : {0, 3, 1, 4, 2}) {
        const std::vector<std::int32_t> a = {cell, kNoAction};
        b.step(a.data(), dones.data());
    }
    CHECK(dones[0] == 1 && dones[1] == 0);
    Reads r = read_all(b);
    CHECK((r.rewards == std::vector<float>{1, -1, 0, 0}));
    CHECK_EQ(r.status[kStatusDone], 1);
    CHECK_EQ(r.status[kStatusWinner], 0);
    CHECK_EQ(r.status[kStatusTurn], 5);
    CHECK_EQ(r.status[kStatusCurrentPlayer], kNobody);
    CHECK_EQ(r.status[kStatusTruncated], 0);
    CHECK_EQ(r.status[kStatusInts + kStatusCurrentPlayer], 0);
    CHECK_EQ(r.status[kStatusInts + kStatusWinner], -1);
    CHECK_EQ(r.actors[0], 0);
    CHECK_EQ(r.actors[1], 1);
    CHECK((r.episode_ints == std::vector<std::int32_t>{1, 0, 0, 5, 0, -1, 0, 0}));
    CHECK((r.episode_returns == std::vector<float>{1, -1, 0, 0}));
    for (std::size_t w = 0; w < 9; ++w) CHECK_EQ(r.dense[w], 0);
    const Bytes finished = r.snapshot;
    const std::vector<std::int32_t> again = {5, kNoAction};
    b.step(again.data(), dones.data());
    r = read_all(b);
    CHECK(r.snapshot == finished);
    CHECK_EQ(r.illegal[0], 1);
    CHECK_EQ(dones[0], 1);
    CHECK_EQ(r.episode_ints[kEpisodeCount], 1);  // recorded once, not at every step
    CHECK((r.rewards == std::vector<float>(4, 0.0f)));
}

TEST(batch_autoreset_restarts_from_the_derived_seed_and_records_the_ended_game) {
    auto g = ttt();
    std::vector<std::uint64_t> seeds = {77};
    Batch b(g, seeds, 1);
    std::vector<std::uint8_t> dones(1);
    for (int round = 1; round <= 3; ++round) {
        for (int cell : {0, 3, 1, 4, 2}) {
            const std::vector<std::int32_t> a = {cell};
            b.step_autoreset(a.data(), dones.data());
        }
        CHECK_EQ(dones[0], 1);
        const Reads r = read_all(b);
        CHECK((r.rewards == std::vector<float>{1, -1}));  // the ended game's last reward
        CHECK((r.episode_ints == std::vector<std::int32_t>{round, 0, 0, 5}));
        CHECK((r.episode_returns == std::vector<float>{1, -1}));
        CHECK_EQ(r.status[kStatusDone], 0);
        CHECK_EQ(r.status[kStatusTurn], 0);
        CHECK(record_bytes(*g, b.record(0)) == record_bytes(*g, Single(*g, derive_seed(77, round)).rec()));
    }
    const std::vector<std::int32_t> a = {4};
    b.step_autoreset(a.data(), dones.data());
    CHECK_EQ(dones[0], 0);
    CHECK((read_all(b).rewards == std::vector<float>{0, 0}));
}

TEST(batch_observations_for_given_viewers_check_every_viewer_first) {
    auto g = ttt();
    Batch b(g, 3, 1, 2);
    const std::vector<std::int32_t> first = {0, 1, 2};
    std::vector<std::uint8_t> dones(3);
    b.step(first.data(), dones.data());
    std::vector<float> obs(3 * g->obs_size(), 42.0f);
    const std::vector<std::int32_t> bad = {0, kViewPublic, 2};
    CHECK_THROWS_STATUS(b.write_observations(bad.data(), obs.data()), Status::out_of_range);
    const std::vector<std::int32_t> chance = {kChance, 0, 0};
    CHECK_THROWS_STATUS(b.write_observations(chance.data(), obs.data()), Status::out_of_range);
    CHECK((obs == std::vector<float>(3 * g->obs_size(), 42.0f)));
    const std::vector<std::int32_t> viewers = {0, kViewAll, 1};
    b.write_observations(viewers.data(), obs.data());
    for (std::size_t i = 0; i < 3; ++i) {
        std::vector<float> want(g->obs_size());
        g->observe(b.record(i), viewers[i], want.data());
        CHECK(std::memcmp(want.data(), &obs[i * g->obs_size()], want.size() * sizeof(float)) == 0);
    }
}

TEST(batch_snapshot_rows_are_state_snapshots_and_load_round_trips) {
    auto g = ttt();
    Batch b(g, 5, 3, 2);
    Rng rng = Rng::from_seed(1);
    std::vector<std::uint8_t> dones(5);
    for (int s = 0; s < 3; ++s) {
        const auto a = next_actions(b, rng);
        b.step(a.data(), dones.data());
    }
    const Bytes saved = read_all(b).snapshot;
    const std::size_t row = b.snapshot_bytes();
    for (std::size_t i = 0; i < 5; ++i) {
        Bytes one(row);
        write_snapshot(*g, b.record(i), one.data());
        CHECK(std::memcmp(one.data(), &saved[i * row], row) == 0);
    }
    Batch c(g, 5, 99, 1);
    c.load(saved.data(), saved.size());
    CHECK(read_all(c).snapshot == saved);
}

TEST(batch_load_checks_every_row_before_changing_anything) {
    auto g = ttt();
    Batch b(g, 3, 3, 1);
    Bytes saved = read_all(b).snapshot;
    Batch c(g, 3, 4, 1);
    const Bytes before = read_all(c).snapshot;
    Bytes corrupt = saved;
    corrupt[2 * b.snapshot_bytes() + kSnapshotHeaderSize] ^= 0xFF;  // the last row's record
    CHECK_THROWS_STATUS(c.load(corrupt.data(), corrupt.size()), Status::parse);
    CHECK_THROWS_STATUS(c.load(saved.data(), saved.size() - 1), Status::invalid_argument);
    CHECK(read_all(c).snapshot == before);
}

TEST(batch_reseed_restarts_like_a_new_batch_and_clears_counts) {
    auto g = ttt();
    Batch b(g, 6, 1, 2);
    std::vector<std::uint8_t> dones(6);
    const std::vector<std::int32_t> bad(6, 99);
    b.step(bad.data(), dones.data());
    b.reseed(8);
    const Batch fresh(g, 6, 8, 1);
    CHECK(read_all(b) == read_all(fresh));
}

TEST(batch_set_record_replaces_one_slot_only) {
    auto g = ttt();
    Batch b(g, 3, 1, 1);
    Single other(*g, 5);
    other.step(4);
    const Bytes before = read_all(b).snapshot;
    b.set_record(1, other.rec());
    CHECK(record_bytes(*g, b.record(1)) == record_bytes(*g, other.rec()));
    const Bytes after = read_all(b).snapshot;
    const std::size_t row = b.snapshot_bytes();
    CHECK(std::memcmp(before.data(), after.data(), row) == 0);
    CHECK(std::memcmp(&before[2 * row], &after[2 * row], row) == 0);
}

TEST(batch_winner_is_the_unique_best_seat_of_an_untruncated_end) {
    auto g = ttt();
    Single draw(*g, 1);
    for (int c : {0, 1, 2, 4, 3, 5, 7, 6, 8}) draw.step(c);
    CHECK(g->is_terminal(draw.rec()));
    CHECK_EQ(winner_of(*g, draw.rec()), -1);
    Single o_wins(*g, 1);
    for (int c : {0, 3, 1, 4, 8, 5}) o_wins.step(c);
    CHECK_EQ(winner_of(*g, o_wins.rec()), 1);
    CHECK_EQ(winner_of(*g, Single(*g, 1).rec()), -1);
}

TEST(random_games_totals_do_not_depend_on_threads) {
    for (const std::string& spec : test::batch_specs()) {
        auto g = make_game(spec);
        const RandomGamesStats one = run_random_games(*g, 500, 17, 1);
        CHECK_EQ(one.games, 500u);
        std::uint64_t ended = one.truncated + one.draws;
        for (auto w : one.wins) ended += w;
        CHECK_EQ(ended, 500u);
        for (int threads : {2, 3, 7}) {
            const RandomGamesStats more = run_random_games(*g, 500, 17, threads);
            CHECK_EQ(more.moves, one.moves);
            CHECK_EQ(more.draws, one.draws);
            CHECK_EQ(more.truncated, one.truncated);
            CHECK(more.wins == one.wins);
        }
        CHECK(run_random_games(*g, 500, 18, 1).moves != one.moves);
    }
}

TEST(random_games_play_legal_tictactoe_games_of_five_to_nine_moves) {
    auto g = ttt();
    const RandomGamesStats s = run_random_games(*g, 2000, 1, 2);
    CHECK(s.moves >= 5 * 2000u && s.moves <= 9 * 2000u);
    // Uniform random play: X wins about 58%, O about 29%, draws about 13%.
    CHECK(s.wins[0] > 1000 && s.wins[0] < 1300);
    CHECK(s.wins[1] > 450 && s.wins[1] < 700);
    CHECK(s.draws > 150 && s.draws < 380);
    CHECK_EQ(s.truncated, 0u);
}
