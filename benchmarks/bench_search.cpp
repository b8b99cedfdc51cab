// Search speed in C++: MCTS iterations per second with random rollouts on each game,
// from the opening and from a position a few random moves in, one tree, one thread.
// Usage: bench_search [seconds per case]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/mask_bits.hpp"
#include "core/registry.hpp"
#include "search/search.hpp"

using namespace meeple;
using Clock = std::chrono::steady_clock;

namespace {

// Iterations a second of `spec` on `game_spec` after `moves` random moves, best of 3.
double rate(const std::string& game_spec, const std::string& spec, int moves, double seconds) {
    auto game = make_game(game_spec);
    std::vector<std::uint64_t> rec((game->record_size() + 7) / 8);
    game->init(rec.data(), 3);
    Rng rng = Rng::from_seed(3);
    std::vector<std::uint64_t> words(static_cast<std::size_t>(game->mask_words()));
    for (int i = 0; i < moves; ++i) {
        const int player = acting_player(game->actors(rec.data()));
        if (player < 0) break;
        game->legal_mask(rec.data(), player, words.data());
        game->apply(rec.data(), player, uniform_set_bit(words.data(), game->mask_words(), rng));
    }
    double best = 0;
    for (int trial = 0; trial < 3; ++trial) {
        std::uint64_t done = 0;
        const auto t0 = Clock::now();
        double elapsed = 0;
        do {
            Search s(game, spec, 1, 1);
            s.set_root(0, rec.data(), kActing);
            s.run(Control());
            done += s.stats(0).iterations;
            elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
        } while (elapsed < seconds / 3);
        best = std::max(best, static_cast<double>(done) / elapsed);
    }
    return best;
}

// The evaluator loop of `roots` concurrent searches answered by a trivial evaluator
// (zeros, uniform priors): leaves a second, and the search's own nanoseconds a leaf
// (run, leaf reads with observations and masks, provide).
void batched(const std::string& game_spec, std::size_t roots, int iterations, int batch, int moves) {
    auto game = make_game(game_spec);
    std::vector<std::uint64_t> rec((game->record_size() + 7) / 8);
    Search s(game, "mcts(evaluator=external,iterations=" + std::to_string(iterations) + ",batch=" + std::to_string(batch) + ")",
             roots, 1);
    Rng rng = Rng::from_seed(9);
    std::vector<std::uint64_t> words(static_cast<std::size_t>(game->mask_words()));
    for (std::size_t r = 0; r < roots; ++r) {
        game->init(rec.data(), r);
        for (int i = 0; i < moves; ++i) {  // a few random moves in, so that roots differ
            const int player = acting_player(game->actors(rec.data()));
            if (player < 0) break;
            game->legal_mask(rec.data(), player, words.data());
            game->apply(rec.data(), player, uniform_set_bit(words.data(), game->mask_words(), rng));
        }
        if (acting_player(game->actors(rec.data())) >= 0) s.set_root(r, rec.data(), kActing);
    }
    std::vector<float> obs, values;
    std::vector<std::uint64_t> masks;
    std::size_t leaves = 0, calls = 0;
    const auto t0 = Clock::now();
    while (!s.run(Control())) {
        const std::size_t n = s.pending();
        obs.resize(n * static_cast<std::size_t>(game->obs_size()));
        masks.resize(n * static_cast<std::size_t>(game->mask_words()));
        values.assign(n * static_cast<std::size_t>(game->num_players()), 0.0f);
        s.write_leaves(obs.data(), masks.data(), nullptr, nullptr);
        s.provide(values.data(), nullptr);
        leaves += n;
        ++calls;
    }
    const double seconds = std::chrono::duration<double>(Clock::now() - t0).count();
    std::printf("%-10s %zu searches x %d iterations, batch %d: %zu leaves in %zu calls, %.0f leaves/s, %.0f ns a leaf\n",
                game_spec.c_str(), roots, iterations, batch, leaves, calls, static_cast<double>(leaves) / seconds,
                seconds * 1e9 / static_cast<double>(leaves));
}

}  // namespace

int main(int argc, char** argv) {
    const double seconds = argc > 1 ? std::atof(argv[1]) : 3.0;
    struct Case {
        const char* game;
        const char* spec;
        int moves;
    };
    const Case cases[] = {
        {"tictactoe", "mcts(iterations=20000)", 0},
        {"tictactoe", "mcts(iterations=20000)", 2},
        {"triangle", "mcts(iterations=2000)", 4},
        {"catan", "mcts(iterations=200)", 40},
        {"catan", "mcts(iterations=2000,rollout_depth=50)", 40},
        {"catan", "ismcts(iterations=2000,rollout_depth=50)", 40},
    };
    std::printf("%-10s %-45s %6s %14s %12s\n", "game", "search", "moves", "iterations/s", "us/iteration");
    for (const Case& c : cases) {
        const double r = rate(c.game, c.spec, c.moves, seconds);
        std::printf("%-10s %-45s %6d %14.0f %12.2f\n", c.game, c.spec, c.moves, r, 1e6 / r);
    }
    std::printf("\nbatched evaluation, one thread:\n");
    batched("catan", 256, 200, 8, 30);
    batched("tictactoe", 256, 200, 8, 2);
}
