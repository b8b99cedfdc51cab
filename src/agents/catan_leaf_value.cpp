#include "agents/catan_leaf_value.hpp"

#include <algorithm>
#include <cmath>

#include "agents/catan_evaluation.hpp"
#include "core/any_game.hpp"
#include "core/error.hpp"
#include "search/leaf_evaluator.hpp"

namespace meeple {
namespace catan_eval {

void win_chances(const catan::Catan::State& s, int players, double temperature, double* out) {
    double top = -1e300;
    for (int p = 0; p < players; ++p) top = std::max(top, out[p] = quick_value(s, p, p, players) / temperature);
    double sum = 0;
    for (int p = 0; p < players; ++p) sum += (out[p] = std::exp(out[p] - top));
    for (int p = 0; p < players; ++p) out[p] /= sum;
}

}  // namespace catan_eval

namespace {

// A search over a determinization may read every hand, so each seat is valued with its
// own hand, as it sees itself. A chance c to win maps to the returns' scale as its
// expectation, c - (1 - c).
class CatanLeafValue final : public LeafEvaluator {
public:
    explicit CatanLeafValue(int players) : players_(players) {}
    void value(const void* rec, double* out) override {
        const auto& s = static_cast<const Record<catan::Catan::State>*>(rec)->state;
        catan_eval::win_chances(s, players_, catan_eval::kLeafTemperature, out);
        for (int p = 0; p < players_; ++p) out[p] = 2 * out[p] - 1;
    }

private:
    int players_;
};

}  // namespace

std::unique_ptr<LeafEvaluator> make_leaf_evaluator(std::shared_ptr<const AnyGame> game, std::string_view name) {
    if (name != "evaluation") {
        fail(Status::invalid_argument, "unknown leaf value '" + std::string(name) + "'; available: game, evaluation");
    }
    if (game->name() != "catan") {
        fail(Status::invalid_argument, "leaf=evaluation needs an evaluation of the game, and " + game->name() +
                                           " has none (games with one: catan); use leaf=game");
    }
    return std::make_unique<CatanLeafValue>(game->num_players());
}

}  // namespace meeple
