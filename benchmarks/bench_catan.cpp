// Catan in C++: complete random games per second on one thread, with the uniform
// random policy over the acting seat's legal actions (trades included), as
// meeple_run_random_games plays them; steps per game; and the cost of the hot calls
// (legal mask, apply, observation) on states met in random play.
// Usage: bench_catan [games] [spec]   (defaults: 2000 games of "catan")
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

#include "core/random_games.hpp"
#include "core/mask_bits.hpp"
#include "core/registry.hpp"
#include "games/catan/catan.hpp"

using namespace meeple;
using Clock = std::chrono::steady_clock;
using Rec = Record<catan::Catan::State>;

namespace {

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

int actor_of(Actors a) {
    if (a & kChanceBit) return kChance;
    return __builtin_ctz(a);
}

}  // namespace

int main(int argc, char** argv) {
    const long games = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 2000;
    const std::string spec = argc > 2 ? argv[2] : "catan";
    const auto game = make_game(spec);
    const auto& rules = static_cast<const GameModel<catan::Catan>&>(*game).rules();
    Rng chooser = Rng::from_seed(7);
    std::uint64_t words[8];
    ChanceOutcome outcomes[kMaxChanceOutcomes];
    long steps = 0, wins = 0;
    std::vector<Rec> sampled;
    const auto t0 = Clock::now();
    for (long g = 0; g < games; ++g) {
        Rec r;
        game->init(&r, static_cast<std::uint64_t>(g));
        while (!game->is_terminal(&r)) {
            const int actor = actor_of(game->actors(&r));
            int action;
            if (actor == kChance) {
                // Explicit chance: draw an outcome by its probability.
                const int k = game->chance_outcomes(&r, outcomes);
                double u = chooser.unit();
                action = outcomes[k - 1].action;
                for (int i = 0; i < k; ++i) {
                    if ((u -= outcomes[i].probability) < 0) { action = outcomes[i].action; break; }
                }
            } else {
                game->legal_mask(&r, actor, words);
                action = uniform_set_bit(words, game->mask_words(), chooser);
            }
            game->apply_unchecked(&r, actor, action);
            ++steps;
            if (g == 0 && steps % 7 == 0) sampled.push_back(r);
        }
        wins += !game->truncated(&r);
    }
    const double t = seconds_since(t0);
    std::printf("%s: %ld random games on one thread in %.3f s: %.0f games/s, %.0f steps/game, %.2f M steps/s, %ld won, %ld truncated\n",
                spec.c_str(), games, t, games / t, double(steps) / games, steps / t / 1e6, wins, games - wins);

    // The same through the library's own runner (meeple_run_random_games), one thread.
    const auto t_runner = Clock::now();
    const RandomGamesStats runner = run_random_games(*game, static_cast<std::uint64_t>(games), 1, 1);
    const double tr = seconds_since(t_runner);
    std::printf("run_random_games(threads=1): %.0f games/s, %.0f steps/game\n", double(runner.games) / tr,
                double(runner.moves) / double(runner.games));

    // Hot calls on states of the first game.
    const int reps = 200;
    auto per_call = [&](auto&& body) {
        const auto t1 = Clock::now();
        for (int i = 0; i < reps; ++i) {
            for (auto& r : sampled) body(r);
        }
        return seconds_since(t1) / (double(reps) * sampled.size()) * 1e9;
    };
    volatile std::uint64_t sink = 0;
    const double mask_ns = per_call([&](const Rec& r) {
        const int actor = actor_of(game->actors(&r));
        if (actor >= 0) rules.legal_mask(r.state, actor, words);
        sink = sink + words[0];
    });
    std::vector<float> obs(static_cast<std::size_t>(game->obs_size()));
    const double obs_ns = per_call([&](const Rec& r) {
        rules.observe(r.state, 0, obs.data());
        sink = sink + static_cast<std::uint64_t>(obs[3]);
    });
    std::printf("legal mask %.0f ns, observation %.0f ns (%d floats), state %zu bytes, record %zu bytes\n", mask_ns,
                obs_ns, game->obs_size(), sizeof(catan::Catan::State), sizeof(Rec));
    return 0;
}
