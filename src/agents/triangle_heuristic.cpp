// Triangle heuristic, greedy: the placement with the best immediate reward (lines
// completed count through the reward), then the one that leaves the most room for the
// shapes still waiting in the slots (the most anchors where they fit), then the lowest
// action id. Each candidate is tried on a copy of the state.
#include <cstring>
#include <vector>

#include "agents/heuristics.hpp"
#include "games/triangle/triangle.hpp"

namespace meeple {
namespace {

using triangle::Triangle;
using Rec = Record<Triangle::State>;

class TriangleHeuristic final : public Agent {
public:
    TriangleHeuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed)
        : Agent(std::move(game), "heuristic"),
          rules_(dynamic_cast<const GameModel<Triangle>&>(*game_).rules()) {
        reset(seed);
    }
    void reset(std::uint64_t) override {}
    int act(const void* rec, int player) override {
        const LegalSet legal(*game_, rec, player);
        int best = -1;
        double best_reward = 0;
        int best_room = -1;
        for (int k = 0; k < legal.count; ++k) {
            const int action = legal.nth(k);
            Rec copy;
            std::memcpy(&copy, rec, sizeof copy);
            // The refill after the last slot empties draws from the copy's generator: the
            // agent learns nothing it could not, since the copy is thrown away unseen.
            const int slot = action / rules_.board().cells();
            const bool refills = waiting_slots(copy.state) == 1;
            rules_.apply(copy.state, player, action, copy.rng);
            double reward = 0;
            rules_.step_reward(copy.state, &reward);
            const int room = refills ? 0 : room_for_waiting(copy.state, slot);
            if (best < 0 || reward > best_reward || (reward == best_reward && room > best_room)) {
                best = action, best_reward = reward, best_room = room;
            }
        }
        return best;
    }

private:
    int waiting_slots(const Triangle::State& s) const {
        int n = 0;
        for (int k = 0; k < rules_.slots(); ++k) n += s.slot_template[k] != triangle::kEmptySlot;
        return n;
    }
    int room_for_waiting(const Triangle::State& s, int used) const {
        int room = 0;
        for (int k = 0; k < rules_.slots(); ++k) {
            if (k != used && s.slot_template[k] != triangle::kEmptySlot) room += rules_.fitting_anchors(s, k).count();
        }
        return room;
    }
    const Triangle& rules_;
};

}  // namespace

std::unique_ptr<Agent> make_triangle_heuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed) {
    return std::make_unique<TriangleHeuristic>(std::move(game), seed);
}

}  // namespace meeple
