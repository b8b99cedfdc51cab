// Agent strength in the arena: prints each agent's record, win rate with its 95%
// interval, Elo and its 95% interval, and the wall-clock time.
// Usage: bench_agents GAME GAMES THREADS AGENT [AGENT ...]
//   bench_agents catan 400 2 heuristic random
//   bench_agents catan 40 2 "mcts(iterations=1000,rollout_depth=40)" heuristic
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "agents/arena.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"

int main(int argc, char** argv) {
    using namespace meeple;
    if (argc < 5) {
        std::fprintf(stderr, "usage: %s GAME GAMES THREADS AGENT [AGENT ...]\n", argv[0]);
        return 2;
    }
    try {
        ArenaConfig cfg;
        cfg.games = std::strtoull(argv[2], nullptr, 10);
        cfg.threads = std::atoi(argv[3]);
        cfg.seed = 1;
        cfg.keep_moves = false;
        for (int i = 4; i < argc; ++i) cfg.lineup.push_back(argv[i]);
        const auto start = std::chrono::steady_clock::now();
        const ArenaResult r = run_arena(make_game(argv[1]), cfg, Control());
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::uint64_t moves = 0;
        for (const ArenaGame& g : r.games) moves += g.moves;
        std::printf("%s, %zu games, %.1f s, %.0f moves a game\n", argv[1], r.games.size(), seconds,
                    static_cast<double>(moves) / static_cast<double>(r.games.size()));
        for (const ArenaAgent& a : r.agents) {
            std::printf("  %-45s seats %5llu  W %5llu D %4llu L %5llu T %3llu  win %.3f [%.3f, %.3f]  elo %+.0f +- %.0f  "
                        "score/seat %.2f\n",
                        a.spec.c_str(), (unsigned long long)a.seats, (unsigned long long)a.wins,
                        (unsigned long long)a.draws, (unsigned long long)a.losses,
                        (unsigned long long)a.truncations, a.win_rate, a.win_interval.low, a.win_interval.high, a.elo,
                        1.96 * a.elo_stderr, a.score / static_cast<double>(a.seats));
        }
    } catch (const Error& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
}
