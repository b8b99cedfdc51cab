// The temperature of Catan's leaf value (search option leaf=evaluation): plays games of
// four heuristics, keeps every seat's evaluation at every few decisions, and prints for
// each temperature how well the softmax of the evaluations predicts the game's winner
// (mean log-likelihood of the winner; 1/players for every seat is the baseline), the
// best first. src/agents/catan_leaf_value.hpp keeps the fitted one.
// Usage: bench_catan_leaf_calibration GAME GAMES SEED
//   bench_catan_leaf_calibration "catan(trade_budget=0)" 400 1
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <vector>

#include "agents/agent.hpp"
#include "agents/catan_leaf_value.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"

int main(int argc, char** argv) {
    using namespace meeple;
    using State = catan::Catan::State;
    if (argc != 4) {
        std::fprintf(stderr, "usage: %s GAME GAMES SEED\n", argv[0]);
        return 2;
    }
    try {
        const auto game = make_game(argv[1]);
        if (game->name() != "catan") fail(Status::invalid_argument, "the calibration is of catan; got " + game->name());
        const int players = game->num_players();
        const long games = std::strtol(argv[2], nullptr, 10);
        const std::uint64_t seed = std::strtoull(argv[3], nullptr, 10);
        struct Sample {
            State state;
            int winner;
        };
        std::vector<Sample> samples;
        std::vector<std::uint64_t> rec(game->record_size() / 8 + 1);
        std::vector<ChanceOutcome> outcomes(static_cast<std::size_t>(std::max(1, game->max_chance_outcomes())));
        long decided = 0;
        for (long g = 0; g < games; ++g) {
            std::vector<std::unique_ptr<Agent>> agents;
            for (int p = 0; p < players; ++p) agents.push_back(make_agent(game, "heuristic", seed * 1000 + g * 10 + p));
            game->init(rec.data(), seed * 1000003 + static_cast<std::uint64_t>(g));
            Rng chance = Rng::from_seed(seed + static_cast<std::uint64_t>(g));
            const std::size_t first = samples.size();
            for (int move = 0; move < 20000; ++move) {
                const int p = acting_player(game->actors(rec.data()));
                if (p == kNobody) break;
                if (p == kChance) {
                    const int k = game->chance_outcomes(rec.data(), outcomes.data());
                    game->apply_unchecked(rec.data(), kChance, outcomes[chance.below(static_cast<std::uint32_t>(k))].action);
                    continue;
                }
                const State& s = reinterpret_cast<const Record<State>*>(rec.data())->state;
                if (s.phase != catan::kSetupSettlement && s.phase != catan::kSetupRoad && move % 5 == 0) {
                    samples.push_back({s, -1});
                }
                game->apply_unchecked(rec.data(), p, agents[static_cast<std::size_t>(p)]->act(rec.data(), p));
            }
            const int winner = reinterpret_cast<const Record<State>*>(rec.data())->state.winner;
            if (winner == catan::kNone) {
                samples.resize(first);  // no winner (the turn limit): nothing to predict
                continue;
            }
            ++decided;
            for (std::size_t k = first; k < samples.size(); ++k) samples[k].winner = winner;
        }
        std::printf("%s: %ld games with a winner of %ld, %zu positions; baseline log-likelihood %.4f\n", argv[1],
                    decided, games, samples.size(), std::log(1.0 / players));
        std::vector<double> chances(static_cast<std::size_t>(players));
        for (const double t : {3.0, 5.0, 7.0, 9.0, 12.0, 15.0, 17.0, 20.0, 25.0, 30.0, 40.0, 60.0}) {
            double ll = 0, brier = 0;
            long right = 0;
            for (const Sample& x : samples) {
                catan_eval::win_chances(x.state, players, t, chances.data());
                ll += std::log(std::max(chances[static_cast<std::size_t>(x.winner)], 1e-12));
                int top = 0;
                for (int p = 0; p < players; ++p) {
                    const double hit = p == x.winner ? 1.0 : 0.0;
                    brier += (chances[static_cast<std::size_t>(p)] - hit) * (chances[static_cast<std::size_t>(p)] - hit);
                    if (chances[static_cast<std::size_t>(p)] > chances[static_cast<std::size_t>(top)]) top = p;
                }
                right += top == x.winner;
            }
            const double n = static_cast<double>(samples.size());
            std::printf("  temperature %5.1f  log-likelihood %.4f  brier %.4f  leader wins %.3f\n", t, ll / n,
                        brier / n, static_cast<double>(right) / n);
        }
    } catch (const Error& e) {
        std::fprintf(stderr, "error: %s\n", e.what());
        return 1;
    }
}
