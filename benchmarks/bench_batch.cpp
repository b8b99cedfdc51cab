// Batch benchmark, per registered game: the bare game step against the batch path
// (a step with autoreset, then packed masks and observations, read by separate calls
// or in the step's own pass) at 1 and 2 threads, and complete random games per second
// in run_random_games.
//
// "Bare" is the same work written as a plain loop over the same records with direct
// AnyGame calls: apply the chosen action, restart a finished game, write its mask and
// observation. Both loops choose actions the same way (a uniform legal action from the
// mask just written), so the ratio is what the batch adds: legality checks, episode
// bookkeeping, the pool and the C-style call boundaries.
//
// Usage: bench_batch [seconds per measurement, default 0.5] [slots, default 4096] [game spec]
// (without a game spec, every registered game)
#include <algorithm>
#include <bit>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <memory>
#include <string>
#include <vector>

#include "core/batch.hpp"
#include "core/mask_bits.hpp"
#include "core/random_games.hpp"
#include "core/registry.hpp"
#include "core/seed_derivation.hpp"

using namespace meeple;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

// CPU time of the calling thread: unlike wall time it does not grow while the OS runs
// other work on this core, which is what makes 1-thread comparisons on a shared
// machine meaningful.
double thread_cpu_seconds() {
    timespec ts{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
    return double(ts.tv_sec) + 1e-9 * double(ts.tv_nsec);
}

struct Rate {
    double steps_per_s = 0;      // wall time, whole loop, action choice included
    double call_steps_per_s = 0; // wall time inside the batch (or bare) work only
    double cpu_steps_per_s = 0;  // calling thread's CPU time inside the work (1 thread only)

    void keep_best(const Rate& r) {
        steps_per_s = std::max(steps_per_s, r.steps_per_s);
        call_steps_per_s = std::max(call_steps_per_s, r.call_steps_per_s);
        cpu_steps_per_s = std::max(cpu_steps_per_s, r.cpu_steps_per_s);
    }
};

// The same work as a batch, written as plain loops over records with direct calls.
class BareLoop {
public:
    BareLoop(const AnyGame& g, std::size_t n)
        : g_(g), n_(n), stride_((g.record_size() + 7) / 8), mw_(static_cast<std::size_t>(g.mask_words())),
          obs_(static_cast<std::size_t>(g.obs_size())), recs_(n * stride_), masks_(n * mw_), observations_(n * obs_),
          actions_(n), restarts_(n, 0) {
        for (std::size_t i = 0; i < n; ++i) g.init(&recs_[i * stride_], derive_seed(1, i));
        read();
    }

    Rate measure(double seconds) {
        std::uint64_t steps = 0;
        double inside = 0, cpu = 0;
        const auto start = Clock::now();
        while (seconds_since(start) < seconds) {
            for (std::size_t i = 0; i < n_; ++i) actions_[i] = uniform_set_bit(&masks_[i * mw_], static_cast<int>(mw_), rng_);
            const auto t = Clock::now();
            const double c = thread_cpu_seconds();
            for (std::size_t i = 0; i < n_; ++i) {
                void* rec = &recs_[i * stride_];
                const int player = acting_player(g_.actors(rec));
                if (player != kNobody) g_.apply_unchecked(rec, player, actions_[i]);
                if (g_.is_terminal(rec)) g_.init(rec, derive_seed(i, ++restarts_[i]));
            }
            read();
            cpu += thread_cpu_seconds() - c;
            inside += seconds_since(t);
            steps += n_;
        }
        return {steps / seconds_since(start), steps / inside, steps / cpu};
    }

private:
    void read() {
        for (std::size_t i = 0; i < n_; ++i) {
            const void* rec = &recs_[i * stride_];
            const int player = acting_player(g_.actors(rec));
            // Games fill every mask word and observation float (a rule of the game model).
            if (player >= 0) g_.legal_mask(rec, player, &masks_[i * mw_]);
            else std::memset(&masks_[i * mw_], 0, mw_ * sizeof(std::uint64_t));
            g_.observe(rec, player >= 0 ? player : kViewPublic, &observations_[i * obs_]);
        }
    }

    const AnyGame& g_;
    std::size_t n_, stride_, mw_, obs_;
    std::vector<std::uint64_t> recs_, masks_;
    std::vector<float> observations_;
    std::vector<std::int32_t> actions_;
    std::vector<std::uint64_t> restarts_;
    Rng rng_ = Rng::from_seed(7);
};

// How the batch loop reads masks and observations.
enum class Reads { separate_calls, same_pass };

class BatchLoop {
public:
    BatchLoop(const std::shared_ptr<const AnyGame>& g, std::size_t n, int threads, Reads reads)
        : b_(g, n, 1, threads), reads_(reads), n_(n), mw_(static_cast<std::size_t>(g->mask_words())), masks_(n * mw_),
          observations_(n * g->obs_size()), actions_(n), dones_(n) {
        b_.write_masks(masks_.data());
    }

    Rate measure(double seconds) {
        std::uint64_t steps = 0;
        double inside = 0, cpu = 0;
        const auto start = Clock::now();
        while (seconds_since(start) < seconds) {
            for (std::size_t i = 0; i < n_; ++i) actions_[i] = uniform_set_bit(&masks_[i * mw_], static_cast<int>(mw_), rng_);
            const auto t = Clock::now();
            const double c = thread_cpu_seconds();
            if (reads_ == Reads::same_pass) {
                b_.step_and_read(actions_.data(), dones_.data(), true, masks_.data(), observations_.data());
            } else {
                b_.step_autoreset(actions_.data(), dones_.data());
                b_.write_masks(masks_.data());
                b_.write_observations(observations_.data());
            }
            cpu += thread_cpu_seconds() - c;
            inside += seconds_since(t);
            steps += n_;
        }
        return {steps / seconds_since(start), steps / inside, steps / cpu};
    }

private:
    Batch b_;
    Reads reads_;
    std::size_t n_, mw_;
    std::vector<std::uint64_t> masks_;
    std::vector<float> observations_;
    std::vector<std::int32_t> actions_;
    std::vector<std::uint8_t> dones_;
    Rng rng_ = Rng::from_seed(7);
};

double median(std::vector<double> v) {
    std::sort(v.begin(), v.end());
    return v.size() % 2 ? v[v.size() / 2] : 0.5 * (v[v.size() / 2 - 1] + v[v.size() / 2]);
}

double games_per_second(const AnyGame& g, int threads, double seconds) {
    std::uint64_t games = 1000, seed = 0;
    std::uint64_t played = 0;
    double spent = 0;
    while (spent < seconds) {
        const auto t = Clock::now();
        played += run_random_games(g, games, seed++, threads).games;
        const double took = seconds_since(t);
        spent += took;
        if (took < seconds / 10) games *= 2;
    }
    return played / spent;
}

}  // namespace

int main(int argc, char** argv) {
    const double seconds = argc > 1 ? std::atof(argv[1]) : 0.5;
    const std::size_t n = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 4096;
    // Interleaved rounds; ratios are taken within a round (so a slow spell of the shared
    // machine slows both sides) and the median round is reported.
    constexpr int kRounds = 9;
    std::printf("slots %zu, %.2f s a measurement in %d interleaved rounds, %d hardware threads\n", n,
                seconds, kRounds, ThreadPool::hardware_threads());
    std::vector<std::string> specs;
    if (argc > 3) specs.push_back(argv[3]);
    for (const GameEntry& entry : registered_games()) {
        if (argc <= 3) specs.emplace_back(entry.name);
    }
    for (const std::string& spec : specs) {
        auto g = make_game(spec);
        BareLoop bare_loop(*g, n);
        struct Path {
            const char* name;
            BatchLoop one, two;
            Rate best_one, best_two;
            std::vector<double> cost, scaling;  // per round: over bare at 1 thread, 2 threads over 1
        };
        Path paths[] = {
            {"step_autoreset, write_masks, write_observations", BatchLoop(g, n, 1, Reads::separate_calls),
             BatchLoop(g, n, 2, Reads::separate_calls), {}, {}, {}, {}},
            {"step_and_read (one pass)", BatchLoop(g, n, 1, Reads::same_pass), BatchLoop(g, n, 2, Reads::same_pass),
             {}, {}, {}, {}},
        };
        Rate bare;
        double games1 = 0, games2 = 0;
        for (int r = 0; r < kRounds; ++r) {
            const double each = seconds / kRounds;
            const Rate b = bare_loop.measure(each);
            bare.keep_best(b);
            for (Path& path : paths) {
                const Rate o = path.one.measure(each), t = path.two.measure(each);
                path.cost.push_back(b.cpu_steps_per_s / o.cpu_steps_per_s - 1);
                path.scaling.push_back(t.call_steps_per_s / o.call_steps_per_s);
                path.best_one.keep_best(o);
                path.best_two.keep_best(t);
            }
            games1 = std::max(games1, games_per_second(*g, 1, each));
            games2 = std::max(games2, games_per_second(*g, 2, each));
        }
        std::printf("\n%s\n", g->spec().c_str());
        std::printf("  steps/s, step + masks + observations: wall, whole loop | wall, inside the calls | CPU, inside\n");
        std::printf("    bare loop, 1 thread   %11.0f | %11.0f | %11.0f\n", bare.steps_per_s, bare.call_steps_per_s,
                    bare.cpu_steps_per_s);
        for (const Path& path : paths) {
            std::printf("  batch: %s\n", path.name);
            std::printf("    1 thread              %11.0f | %11.0f | %11.0f\n", path.best_one.steps_per_s,
                        path.best_one.call_steps_per_s, path.best_one.cpu_steps_per_s);
            std::printf("    2 threads             %11.0f | %11.0f |\n", path.best_two.steps_per_s,
                        path.best_two.call_steps_per_s);
            std::printf("    cost over bare at 1 thread (CPU time inside the calls): %+.1f%%; 2 threads / 1 (wall"
                        " inside the calls): %.2fx\n      (medians of the rounds; best against best: %+.1f%%, %.2fx)\n",
                        100.0 * median(path.cost), median(path.scaling),
                        100.0 * (bare.cpu_steps_per_s / path.best_one.cpu_steps_per_s - 1),
                        path.best_two.call_steps_per_s / path.best_one.call_steps_per_s);
        }
        std::printf("  run_random_games: %.0f games/s at 1 thread, %.0f at 2 (%.2fx; no shared state, so this is\n"
                    "    the parallelism the machine gave during the run)\n", games1, games2, games2 / games1);
    }
    return 0;
}
