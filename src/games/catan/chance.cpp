// Exact chance: the dice (2d6), the development card drawn (by the counts left in the
// deck) and the card stolen (by the counts in the victim's hand), each as chance
// action ids with probabilities.
#include <bit>

#include "games/catan/catan.hpp"

namespace meeple::catan {
namespace {

int dice_outcomes(ChanceOutcome* out) {
    for (int sum = 2; sum <= 12; ++sum) {
        const int ways = 6 - (sum > 7 ? sum - 7 : 7 - sum);
        out[sum - 2] = {kChanceDice + sum - 2, ways / 36.0};
    }
    return 11;
}

int count_outcomes(const std::uint8_t* counts, int kinds, int first_action, ChanceOutcome* out) {
    int sum = 0, n = 0;
    for (int k = 0; k < kinds; ++k) sum += counts[k];
    for (int k = 0; k < kinds; ++k) {
        if (counts[k]) out[n++] = {first_action + k, double(counts[k]) / sum};
    }
    return n;
}

}  // namespace

int Catan::chance_outcomes(const State& s, ChanceOutcome* out) const {
    switch (s.phase) {
        case kAwaitingDice: return dice_outcomes(out);
        case kAwaitingDevCard: return count_outcomes(s.deck, kNumDevKinds, kChanceDev, out);
        case kAwaitingSteal: return count_outcomes(s.hand[s.steal_victim], kNumResources, kChanceSteal, out);
        default: return 0;
    }
}

int Catan::action_outcomes(const State& s, int player, int a, ChanceOutcome* out) const {
    // With explicit chance an action only hands the draw to the chance player.
    if (explicit_chance_ || player == kChance) return 0;
    if (a == kRoll && s.phase == kBeforeRoll) return dice_outcomes(out);
    if (a == kBuyDev && s.phase == kMain) return count_outcomes(s.deck, kNumDevKinds, kChanceDev, out);
    int victim = -1;
    if (s.phase == kChooseVictim && a >= kSteal && a < kDiscard) victim = a - kSteal;
    if (s.phase == kMovingRobber && a >= kMoveRobber && a < kSteal) {
        // The robber's new hex: a steal is drawn at once only when one seat can be robbed.
        const unsigned seats = robbable_seats(s, a - kMoveRobber);
        if (count_bits(seats) == 1) victim = std::countr_zero(seats);
    }
    return victim < 0 ? 0 : count_outcomes(s.hand[victim], kNumResources, kChanceSteal, out);
}

}  // namespace meeple::catan
