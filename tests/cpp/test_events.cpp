// Batch event rows against the steps that made them: one row per applied action with
// who acted and what, game ends with their winner and length, restarts with the seed
// the rules give them; the same rows at every thread count; a full queue counts what
// it drops and drains lose nothing.
#include <vector>

#include "check.hpp"
#include "core/batch.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"
#include "core/seed_derivation.hpp"

using namespace meeple;

namespace {

using Rows = std::vector<std::int32_t>;

// Plays `steps` batch steps of random legal actions (drawn from `seed`), with
// autoreset, and returns every drained row.
Rows play(Batch& b, int steps, std::uint64_t seed, std::size_t drain_rows = 4096) {
    const AnyGame& g = b.game();
    Rng rng = Rng::from_seed(seed);
    std::vector<std::int32_t> actions(b.size());
    std::vector<std::uint8_t> dones(b.size());
    Rows all, chunk(drain_rows * g.event_width());
    auto drain = [&] {
        for (std::size_t k; (k = b.drain_events(chunk.data(), drain_rows)) > 0;)
            all.insert(all.end(), chunk.begin(), chunk.begin() + static_cast<std::ptrdiff_t>(k * g.event_width()));
    };
    for (int t = 0; t < steps; ++t) {
        for (std::size_t i = 0; i < b.size(); ++i) {
            const std::vector<int> legal = g.legal_actions(b.record(i), kActing);
            actions[i] = legal.empty() ? kNoAction : legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        }
        b.step_autoreset(actions.data(), dones.data());
        drain();
    }
    return all;
}

}  // namespace

TEST(event_rows_are_the_steps_that_made_them) {
    auto g = make_game("tictactoe");
    const std::size_t n = 5, width = g->event_width();
    CHECK_EQ(width, std::size_t(kEventHeaderInts));  // tic-tac-toe has no columns of its own
    Batch b(g, n, 99, 1);
    b.record_events(kRecordAll, 1000);
    // Reference: each slot stepped alone with the same actions.
    std::vector<std::vector<std::uint64_t>> refs(n, std::vector<std::uint64_t>((g->record_size() + 7) / 8));
    std::vector<std::uint64_t> seeds(n);
    std::vector<int> games(n, 0), restarts(n, 0);
    Rows want;
    auto row = [&](std::initializer_list<std::int32_t> cols) { want.insert(want.end(), cols); };
    for (std::size_t i = 0; i < n; ++i) {
        seeds[i] = derive_seed(99, i);
        g->init(refs[i].data(), seeds[i]);
        // Recording starts with a start row for every running game: step 0, its seed.
        row({kEventGameStart, std::int32_t(i), 0, 0, 0, 0, kNobody, -1, std::int32_t(std::uint32_t(seeds[i])),
             std::int32_t(std::uint32_t(seeds[i] >> 32)), kStartFromSeed, 0});
    }
    Rng rng = Rng::from_seed(5);
    std::vector<std::int32_t> actions(n);
    std::vector<std::uint8_t> dones(n);
    for (int tick = 1; tick <= 40; ++tick) {
        for (std::size_t i = 0; i < n; ++i) {
            const std::vector<int> legal = g->legal_actions(refs[i].data(), kActing);
            actions[i] = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        }
        b.step_autoreset(actions.data(), dones.data());
        for (std::size_t i = 0; i < n; ++i) {
            void* r = refs[i].data();
            const int seat = g->resolve_player(r, kActing);
            const auto before = std::int32_t(g->move_number(r));
            g->apply(r, seat, actions[i]);
            row({kEventAction, std::int32_t(i), games[i], tick, before, before + 1, seat, actions[i], 0, 0, 0, 0});
            if (g->is_terminal(r)) {
                CHECK_EQ(int(dones[i]), 1);
                row({kEventGameEnd, std::int32_t(i), games[i], tick, before + 1, before + 1, kNobody, -1,
                     winner_of(*g, r), 0, 0, 0});
                const std::uint64_t next = derive_seed(seeds[i], std::uint64_t(++restarts[i]));
                g->init(r, next);
                ++games[i];
                row({kEventGameStart, std::int32_t(i), games[i], tick, 0, 0, kNobody, -1,
                     std::int32_t(std::uint32_t(next)), std::int32_t(std::uint32_t(next >> 32)), kStartFromSeed, 0});
            }
        }
    }
    Rows got(want.size() + width);
    const std::size_t k = b.drain_events(got.data(), got.size() / width);
    got.resize(k * width);
    CHECK_EQ(got.size(), want.size());
    CHECK(got == want);
    const Batch::EventCounts c = b.event_counts();
    CHECK_EQ(c.queued, std::size_t(0));
    CHECK_EQ(c.overflow, std::uint64_t(0));
    CHECK_EQ(c.recorded, std::uint64_t(k));
}

TEST(event_rows_are_the_same_at_every_thread_count) {
    for (const char* spec : {"catan", "triangle", "tictactoe"}) {
        auto g = make_game(spec);
        Rows one;
        for (int threads : {1, 2, 3}) {
            Batch b(g, 70, 4, threads);
            b.record_events(kRecordAll, 1 << 16);
            const Rows rows = play(b, 60, 8);
            if (threads == 1) {
                one = rows;
                CHECK(rows.size() > 70 * 60 * g->event_width() / 2);
            } else {
                CHECK(rows == one);
            }
        }
    }
}

TEST(a_full_event_queue_counts_what_it_drops_and_drains_lose_nothing) {
    auto g = make_game("catan");
    Batch whole(g, 8, 3, 1), small(g, 8, 3, 2);
    whole.record_events(kRecordAll, 1 << 16);
    small.record_events(kRecordAll, 50);
    const Rows all = play(whole, 5, 1);  // 8 starts + 40 actions: fits 50
    // Drained 3 rows at a time, the small queue gives the same rows in the same order.
    const Rows pieces = play(small, 5, 1, 3);
    CHECK(pieces == all);
    CHECK_EQ(small.event_counts().overflow, std::uint64_t(0));
    // Without draining, rows past the capacity are dropped and counted.
    Batch full(g, 8, 3, 1);
    full.record_events(kRecordAll, 20);
    std::vector<std::int32_t> actions(8, kNoAction);
    std::vector<std::uint8_t> dones(8);
    Rng rng = Rng::from_seed(1);
    for (int t = 0; t < 5; ++t) {
        for (std::size_t i = 0; i < 8; ++i) {
            const std::vector<int> legal = g->legal_actions(full.record(i), kActing);
            actions[i] = legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        }
        full.step_autoreset(actions.data(), dones.data());
    }
    const Batch::EventCounts c = full.event_counts();
    CHECK_EQ(c.queued, std::size_t(20));
    CHECK_EQ(c.recorded, std::uint64_t(all.size() / g->event_width()));
    CHECK_EQ(c.overflow, c.recorded - 20);
    Rows kept(20 * g->event_width());
    CHECK_EQ(full.drain_events(kept.data(), 20), std::size_t(20));
    CHECK(Rows(all.begin(), all.begin() + static_cast<std::ptrdiff_t>(kept.size())) == kept);
}

TEST(event_recording_is_off_by_default_and_rejects_unknown_bits) {
    auto g = make_game("tictactoe");
    Batch b(g, 4, 1, 1);
    CHECK_EQ(b.event_counts().mask, 0u);
    std::int32_t out[64];
    CHECK_EQ(b.drain_events(out, 4), std::size_t(0));
    CHECK_THROWS_STATUS(b.record_events(16, 10), Status::invalid_argument);
    CHECK_THROWS_STATUS(b.record_events(kRecordAll, 0), Status::invalid_argument);
    // Only trades: tic-tac-toe has none, so nothing is recorded.
    b.record_events(kRecordTrades, 10);
    std::int32_t actions[4] = {0, 1, 2, 3};
    std::uint8_t dones[4];
    b.step(actions, dones);
    CHECK_EQ(b.event_counts().recorded, std::uint64_t(0));
    b.record_events(0, 0);
    CHECK_EQ(b.event_counts().mask, 0u);
}
