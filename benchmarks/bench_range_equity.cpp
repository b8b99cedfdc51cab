// Heads-up exact range equity by each path (grid of counters, sorted sweep, pair
// counters, walk over deals) on the same spots, one thread, CPU time per call (best of the repeats).
// Usage: bench_range_equity [repeats=20] [auto|grid|sweep|pairs|deals] [spot index] [board, for the spot's]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <string>

#include "poker/range.hpp"
#include "poker/range_equity.hpp"

using namespace meeple;
using namespace meeple::poker;

namespace {

double cpu_now() {
    timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
}

}  // namespace

int main(int argc, char** argv) {
    const int repeats = argc > 1 ? std::atoi(argv[1]) : 20;
    const std::string only = argc > 2 ? argv[2] : "";  // one path: auto, grid, sweep, pairs or deals
    struct Spot {
        const char *a, *b, *board;
    };
    const Spot spots[] = {
        {"22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+", "TT+,AQs+,AKo", "Ks 7d 2c"},
        {"22+,A2+,K2s+,K9o+,Q8s+,QTo+,J8s+,JTo,T8s+,97s+,87s,76s", "55+,A8s+,A9o+,KTs+,KJo+,QTs+,JTs", "Ks 7d 2c"},
        {"top100%", "top100%", "Ks 7d 2c"},
        {"QQ+,AKs", "JJ,AQs", ""},
        {"22+,A2s+,KTs+,QTs+,JTs,ATo+,KJo+", "TT+,AQs+,AKo", ""},
        {"JJ+,AKs,KdQd", "QQ,AKo,T9s", "Ks 7d 2c"},
    };
    const std::pair<const char*, ExactMethod> methods[] = {
        {"auto", ExactMethod::automatic}, {"grid", ExactMethod::grid},
        {"sweep", ExactMethod::sweep}, {"pairs", ExactMethod::pairs}, {"deals", ExactMethod::deals}};
    const int spot_only = argc > 3 ? std::atoi(argv[3]) : -1;  // one spot by index
    int index = -1;
    for (const Spot& s : spots) {
        if (++index, spot_only >= 0 && index != spot_only) continue;
        RangeEquityRequest q;
        q.ranges = {parse_holdem_range(s.a), parse_holdem_range(s.b)};
        const char* board = argc > 4 ? argv[4] : s.board;
        q.board = board[0] ? parse_mask(board) : 0;
        q.threads = 1;
        std::printf("%s vs %s on '%s' (%zu x %zu combos)\n", s.a, s.b, board, q.ranges[0].combos.size(),
                    q.ranges[1].combos.size());
        for (const auto& [name, method] : methods) {
            if (!only.empty() && only != name) continue;
            q.method = method;
            const int reps = method == ExactMethod::deals ? 1 : repeats;
            if (method == ExactMethod::deals && q.ranges[0].combos.size() > 300) continue;
            double best = 1e30, eq = 0;
            for (int r = 0; r < reps; ++r) {
                const double t0 = cpu_now();
                eq = range_equity(q).equity[0];
                best = std::min(best, cpu_now() - t0);
            }
            std::printf("  %-6s %10.3f ms  equity %.12f\n", name, best * 1e3, eq);
        }
    }
}
