// Catan feature vectors in C++: nanoseconds per vector (seat view and omniscient, from
// every seat) on states met in random play, against the observation on the same
// states, one thread. The batch and Python figures are in benchmarks/catan_features.py.
// Usage: bench_catan_features [games]   (default 20 games of "catan")
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "core/registry.hpp"
#include "games/catan/catan.hpp"

using namespace meeple;
using Clock = std::chrono::steady_clock;
using Rec = Record<catan::Catan::State>;

int main(int argc, char** argv) {
    const long games = argc > 1 ? std::strtol(argv[1], nullptr, 10) : 20;
    const auto game = make_game("catan");
    Rng chooser = Rng::from_seed(3);
    std::vector<Rec> states;
    for (long g = 0; g < games; ++g) {
        Rec rec;
        game->init(&rec, static_cast<std::uint64_t>(g));
        while (!game->is_terminal(&rec)) {
            const auto legal = game->legal_actions(&rec, acting_player(game->actors(&rec)));
            game->apply(&rec, acting_player(game->actors(&rec)), legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
            if (rec.move_number % 7 == 0) states.push_back(rec);
        }
    }
    std::vector<float> out(static_cast<std::size_t>(std::max(game->feature_size(), game->obs_size())));
    float sink = 0;
    auto time_it = [&](const char* what, auto&& fn) {
        double best = 1e30;
        for (int round = 0; round < 3; ++round) {
            const auto t0 = Clock::now();
            for (const Rec& r : states) {
                for (int seat = 0; seat < 4; ++seat) fn(r, seat);
                sink += out[5];
            }
            const double ns = std::chrono::duration<double, std::nano>(Clock::now() - t0).count();
            best = std::min(best, ns / double(states.size() * 4));
        }
        std::printf("%-28s %8.0f ns a vector (%.0f vectors/s)\n", what, best, 1e9 / best);
    };
    std::printf("%zu states from %ld random games, feature size %d, observation size %d\n", states.size(), games,
                game->feature_size(), game->obs_size());
    time_it("features, seat view", [&](const Rec& r, int seat) { game->features(&r, seat, kFeaturesSeat, out.data()); });
    time_it("features, omniscient", [&](const Rec& r, int seat) { game->features(&r, seat, kFeaturesOmniscient, out.data()); });
    time_it("observation", [&](const Rec& r, int seat) { game->observe(&r, seat, out.data()); });
    return sink == 12345.0f ? 1 : 0;
}
