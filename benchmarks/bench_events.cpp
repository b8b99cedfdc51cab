// Event-log benchmark, per registered game: the cost of a batch step with event
// recording off, recording only game starts and ends, and recording every action
// (draining the queue after every step, as a training loop would), in ns per slot step.
//
// "no log" is the slot loop compiled without recording, called directly on the same
// kind of slots (no batch, no pool): against it, "loop, off" is the same loop reached
// the way a batch reaches it (the game's virtual step_slots, which checks once per
// range whether recording is on), so their difference is what recording costs when it
// is off. The three "batch" columns go through Batch::step_autoreset.
//
// Each round plays the same actions in all three modes (the actions are drawn once per
// round from one batch, then replayed by three batches made from the same seed), and
// the step calls alone are timed with the calling thread's CPU time at 1 thread, so
// the action choice and other work on a shared machine do not enter. The best round
// of each mode is reported, with the ratio to "off".
//
// Usage: bench_events [rounds, default 7] [slots, default 1024] [steps a round, default 200] [game spec]
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "core/batch.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"
#include "core/seed_derivation.hpp"
#include "games/catan/catan.hpp"
#include "games/tictactoe/tictactoe.hpp"
#include "games/triangle/triangle.hpp"

using namespace meeple;

namespace {

double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

// Random legal actions for `steps` autoreset steps of a batch, drawn by playing them.
std::vector<std::int32_t> draw_actions(std::shared_ptr<const AnyGame> g, std::size_t n, int steps, std::uint64_t seed) {
    Batch b(g, n, seed, 1);
    Rng rng = Rng::from_seed(seed ^ 0x5eed);
    std::vector<std::int32_t> all(n * std::size_t(steps));
    std::vector<std::uint8_t> dones(n);
    for (int t = 0; t < steps; ++t) {
        std::int32_t* a = all.data() + std::size_t(t) * n;
        for (std::size_t i = 0; i < n; ++i) {
            const std::vector<int> legal = g->legal_actions(b.record(i), kActing);
            a[i] = legal.empty() ? kNoAction : legal[rng.below(std::uint32_t(legal.size()))];
        }
        b.step_autoreset(a, dones.data());
    }
    return all;
}

// ns per slot step of replaying `actions` with recording `mask` (0: off).
double measure(std::shared_ptr<const AnyGame> g, std::size_t n, int steps, std::uint64_t seed,
               const std::vector<std::int32_t>& actions, std::uint32_t mask) {
    Batch b(g, n, seed, 1);
    const std::size_t width = g->event_width();
    std::vector<std::int32_t> drained(n * kMaxEventsPerSlot * width);
    if (mask) b.record_events(mask, n * kMaxEventsPerSlot);
    std::vector<std::uint8_t> dones(n);
    const double t0 = thread_cpu_seconds();
    for (int t = 0; t < steps; ++t) {
        b.step_autoreset(actions.data() + std::size_t(t) * n, dones.data());
        if (mask) b.drain_events(drained.data(), n * kMaxEventsPerSlot);
    }
    const double dt = thread_cpu_seconds() - t0;
    if (mask && b.event_counts().overflow) std::fprintf(stderr, "overflow: the queue was too small\n");
    return dt * 1e9 / double(n * std::size_t(steps));
}

// The slots of a batch without the batch: records, per-slot rows, ends.
struct BareSlots {
    std::vector<std::uint64_t> records;
    std::vector<std::uint8_t> last_step;
    std::vector<std::int64_t> illegal;
    std::vector<std::uint64_t> ends;  // 8-byte aligned rows
    BatchSlots s;

    BareSlots(const AnyGame& g, std::size_t n, std::uint64_t seed)
        : records(n * ((g.record_size() + 7) / 8)), last_step(n), illegal(n) {
        const std::size_t end_bytes = SlotEnd::row_bytes(g.num_players(), g.record_size());
        ends.assign(n * end_bytes / 8, 0);
        s = BatchSlots{records.data(), (g.record_size() + 7) / 8, g.num_players(), last_step.data(), illegal.data(),
                       reinterpret_cast<std::byte*>(ends.data()), end_bytes, SlotEnd::final_record_offset(g.num_players())};
        for (std::size_t i = 0; i < n; ++i) {
            s.end(i).seed = derive_seed(seed, i);
            g.init(s.record(i), s.end(i).seed);
        }
    }
};

// ns per slot step of the slot loop alone: direct (no recording compiled in) or the
// game's virtual step_slots (recording off).
template <class G>
double measure_loop(std::shared_ptr<const AnyGame> g, std::size_t n, int steps, std::uint64_t seed,
                    const std::vector<std::int32_t>& actions, bool direct) {
    const auto& model = dynamic_cast<const GameModel<G>&>(*g);
    BareSlots bare(*g, n, seed);
    std::vector<std::uint8_t> dones(n);
    std::vector<ChanceOutcome> chance(std::size_t(std::max(1, g->max_chance_outcomes())));
    const double t0 = thread_cpu_seconds();
    for (int t = 0; t < steps; ++t) {
        const std::int32_t* a = actions.data() + std::size_t(t) * n;
        if (direct) {
            step_slots_with<false>(model, bare.s, 0, n, a, dones.data(), true, nullptr, nullptr, chance.data());
        } else {
            g->step_slots(bare.s, 0, n, a, dones.data(), true, nullptr, nullptr, chance.data());
        }
    }
    return (thread_cpu_seconds() - t0) * 1e9 / double(n * std::size_t(steps));
}

double measure_loop(std::shared_ptr<const AnyGame> g, std::size_t n, int steps, std::uint64_t seed,
                    const std::vector<std::int32_t>& actions, bool direct) {
    if (g->name() == "catan") return measure_loop<catan::Catan>(g, n, steps, seed, actions, direct);
    if (g->name() == "triangle") return measure_loop<triangle::Triangle>(g, n, steps, seed, actions, direct);
    return measure_loop<tictactoe::TicTacToe>(g, n, steps, seed, actions, direct);
}

}  // namespace

int main(int argc, char** argv) {
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 7;
    const std::size_t n = argc > 2 ? std::size_t(std::atol(argv[2])) : 1024;
    const int steps = argc > 3 ? std::atoi(argv[3]) : 200;
    std::vector<std::string> specs;
    if (argc > 4) specs.push_back(argv[4]);
    else specs = {"tictactoe", "triangle", "catan"};
    std::printf("event log cost, ns per slot step (thread CPU time, 1 thread, %zu slots, %d steps, best of %d)\n", n,
                steps, rounds);
    std::printf("%-10s %8s %10s | %10s %12s %12s %9s %9s\n", "game", "no log", "loop, off", "batch, off",
                "starts+ends", "every action", "ends/off", "all/off");
    for (const std::string& spec : specs) {
        auto g = make_game(spec);
        const std::uint32_t modes[3] = {0, kRecordGameStarts | kRecordGameEnds, kRecordAll};
        double best[3] = {1e30, 1e30, 1e30}, direct = 1e30, virt = 1e30;
        for (int r = 0; r < rounds; ++r) {
            const std::uint64_t seed = 1000 + std::uint64_t(r);
            const std::vector<std::int32_t> actions = draw_actions(g, n, steps, seed);
            // Alternate which loop goes first, so that neither always finds a warm cache.
            if (r % 2) direct = std::min(direct, measure_loop(g, n, steps, seed, actions, true));
            virt = std::min(virt, measure_loop(g, n, steps, seed, actions, false));
            if (!(r % 2)) direct = std::min(direct, measure_loop(g, n, steps, seed, actions, true));
            for (int m = 0; m < 3; ++m) best[m] = std::min(best[m], measure(g, n, steps, seed, actions, modes[m]));
        }
        std::printf("%-10s %8.1f %10.1f | %10.1f %12.1f %12.1f %9.3f %9.3f\n", spec.c_str(), direct, virt, best[0],
                    best[1], best[2], best[1] / best[0], best[2] / best[0]);
    }
    return 0;
}
