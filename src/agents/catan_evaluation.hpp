// A Catan position's value for one seat, as a sum of named terms, each read only from
// what a viewing seat may know (the board, the pieces, public counts, and its own hand
// and development cards). Agents use the terms to choose moves (the heuristic's roads,
// setup sites and robber) and the sum to score positions (docs/agents.md, "Catan
// evaluation").
#pragma once

#include "games/catan/catan.hpp"

namespace meeple::catan_eval {

using State = catan::Catan::State;

// Scarcity of a resource on this board: the mean of the five resources' pip totals over
// this one's (pips: the two-dice rolls in 36 that pay a hex), so a resource the board
// produces little of weighs more. 1 on a board where all five are even.
double scarcity(const State& s, int resource);

// A settlement's production on `node`: each adjacent hex's pips weighted by its
// resource's scarcity (the robber's hex at half), summed.
double site_production(const State& s, int node);

// The terms of `seat`'s standing as `viewer` sees it, in a game of `players` seats.
struct Terms {
    double points = 0;       // victory points: public, plus hidden VP cards when viewer == seat
    double production = 0;   // scarcity-weighted pips of its buildings (cities twice)
    double diversity = 0;    // resources it produces, 0..5
    double harbors = 0;      // harbors that fit its production (2:1 on a resource it makes)
    double reach = 0;        // production of the best two open sites within two roads
    double road = 0;         // longest road length, and how close it is to the award
    double army = 0;         // knights played, and how close they are to the award
    double development = 0;  // development cards held, not counting known VP cards
    double hand = 0;         // cards in hand up to seven; past seven a roll of 7 costs half
    double progress = 0;     // 5 less the cards its hand lacks for its nearest settlement or
                             // city (only the viewer's own hand: others' are hidden)
};

// road_race false: the road term is the length alone (no roads-to-the-award look-ahead,
// which costs a longest-road count for every edge twice).
Terms terms(const State& s, int seat, int viewer, int players, bool road_race = true);

// The weighted sum of the terms, a point weighing 10 (docs/agents.md has the weights).
double value(const State& s, int seat, int viewer, int players);
// The same sum with terms(..., road_race = false): cheap enough for a search's leaves.
double quick_value(const State& s, int seat, int viewer, int players);

// `seat`'s longest road if it had a road on `edge` as well (edge free and connected).
int road_length_with(const State& s, int seat, int edge);

// What a road of `seat` on `edge` (a free edge it can reach) is worth for the Longest
// Road race: the length it adds to its own longest road, plus, for each opponent whose
// longest road that edge would extend, the length it takes from them, weighted double
// when that opponent would then hold or tie the award's lead.
double road_race_value(const State& s, int seat, int players, int edge);

// Roads `seat` needs (placed one at a time, each extending its longest road the most)
// to hold Longest Road alone, at least 5 and longer than every other seat's; `limit`
// + 1 when more than `limit` would do. 0 when it holds it already.
int roads_to_longest(const State& s, int seat, int players, int limit);

}  // namespace meeple::catan_eval
