// The flat action space of catan (docs/catan-actions.md): ranges of ids, each a kind of
// action with one argument. Forced steps (discard, steal victim, trade answers) and the
// chance outcomes of explicit chance are actions like any other.
#pragma once

#include <cstdint>

#include "games/catan/board.hpp"

namespace meeple::catan {

// Bumped whenever an id below changes meaning.
inline constexpr std::uint32_t kActionLayoutVersion = 1;

// Development card kinds, in deck and hand order.
enum DevCard : std::uint8_t { kKnight, kVictoryPoint, kRoadBuilding, kYearOfPlenty, kMonopoly, kNumDevKinds };

inline constexpr int kMaxSeats = 4;
inline constexpr int kYearOfPlentyPairs = 15;  // unordered pairs of resources, repeats allowed

inline constexpr int kBuildRoad = 0;                                      // + edge
inline constexpr int kBuildSettlement = kBuildRoad + kNumEdges;           // + node
inline constexpr int kBuildCity = kBuildSettlement + kNumNodes;           // + node
inline constexpr int kBuyDev = kBuildCity + kNumNodes;
inline constexpr int kPlayKnight = kBuyDev + 1;
inline constexpr int kPlayRoadBuilding = kPlayKnight + 1;
inline constexpr int kPlayYearOfPlenty = kPlayRoadBuilding + 1;           // + pair index
inline constexpr int kPlayMonopoly = kPlayYearOfPlenty + kYearOfPlentyPairs;  // + resource
inline constexpr int kRoll = kPlayMonopoly + kNumResources;
inline constexpr int kEndTurn = kRoll + 1;
inline constexpr int kMoveRobber = kEndTurn + 1;                          // + hex
inline constexpr int kSteal = kMoveRobber + kNumHexes;                    // + victim seat
inline constexpr int kDiscard = kSteal + kMaxSeats;                       // + resource
inline constexpr int kMaritime = kDiscard + kNumResources;                // + give * 4 + (get index)
inline constexpr int kTradeGive = kMaritime + kNumResources * (kNumResources - 1);  // + resource
inline constexpr int kTradeWant = kTradeGive + kNumResources;             // + resource
inline constexpr int kTradeOpen = kTradeWant + kNumResources;
inline constexpr int kTradeCancel = kTradeOpen + 1;
inline constexpr int kTradeAccept = kTradeCancel + 1;
inline constexpr int kTradeDecline = kTradeAccept + 1;
inline constexpr int kTradeConfirm = kTradeDecline + 1;                   // + accepting seat
inline constexpr int kChanceDice = kTradeConfirm + kMaxSeats;             // + (sum - 2)
inline constexpr int kChanceDev = kChanceDice + 11;                       // + DevCard
inline constexpr int kChanceSteal = kChanceDev + kNumDevKinds;            // + resource
inline constexpr int kNumActions = kChanceSteal + kNumResources;
static_assert(kNumActions < 512);

// Year of plenty pair index <-> (first, second) with first <= second.
struct ResourcePair {
    std::uint8_t first, second;
};
constexpr ResourcePair year_of_plenty_pair(int index) {
    for (int a = 0; a < kNumResources; ++a) {
        for (int b = a; b < kNumResources; ++b) {
            if (index-- == 0) return {std::uint8_t(a), std::uint8_t(b)};
        }
    }
    return {0, 0};
}

// Maritime action offset: give resource, and which of the other four is received.
constexpr int maritime_action(int give, int get) { return kMaritime + give * 4 + (get < give ? get : get - 1); }
constexpr ResourcePair maritime_pair(int offset) {
    const int give = offset / 4, k = offset % 4;
    return {std::uint8_t(give), std::uint8_t(k < give ? k : k + 1)};
}

}  // namespace meeple::catan
