// Helpers for the catan tests: a game from options, and a position builder that puts
// pieces and cards on a state after setup, keeping the cards conserved (cards come from
// the bank and the deck) and the cached road lengths and awards right.
#pragma once

#include <algorithm>
#include <cstring>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "core/any_game.hpp"
#include "games/catan/catan.hpp"

namespace meeple::test {

using catan::Catan;
using catan::kTopology;

// A simple path of `len` + 1 nodes from `start`, always stepping to the lowest-numbered
// neighbour not yet used and not in `avoid`.
inline std::vector<int> walk(int start, int len, std::uint64_t avoid = 0) {
    std::vector<int> path{start};
    std::uint64_t used = (1ull << start) | avoid;
    while (static_cast<int>(path.size()) <= len) {
        int next = -1;
        for (const std::uint8_t n : kTopology.neighbors_of_node[path.back()]) {
            if (n != catan::kNone && !((used >> n) & 1) && (next < 0 || n < next)) next = n;
        }
        if (next < 0) break;
        path.push_back(next), used |= 1ull << next;
    }
    return path;
}

using CatanState = Catan::State;
using CatanOptions = std::vector<std::pair<std::string, std::string>>;

struct CatanFixture {
    std::shared_ptr<const GameModel<Catan>> model;
    const Catan* game;

    explicit CatanFixture(const std::vector<std::pair<std::string, std::string>>& options = {})
        : model(std::make_shared<const GameModel<Catan>>(Options("catan", Catan::option_specs(), options))) {
        game = &model->rules();
    }
    const Catan& operator*() const { return *game; }
    const Catan* operator->() const { return game; }

    // A state on the beginner board (unless the options say otherwise) right after
    // setup, with no pieces placed: seat 0 to move in the main phase (rolled already).
    CatanState blank(std::uint64_t seed = 1) const {
        CatanState s;
        Rng rng = Rng::from_seed(seed);
        game->init(s, rng);
        s.setup_step = static_cast<std::uint8_t>(2 * game->num_players());
        s.phase = catan::kMain;
        s.rolled = 1;
        s.dice = 8;
        s.trade_budget = static_cast<std::uint8_t>(game->trade_compose_budget());
        return s;
    }
};

// The edge joining two adjacent nodes (-1 if they are not adjacent).
inline int edge_between(int a, int b) {
    for (int e = 0; e < catan::kNumEdges; ++e) {
        const auto& n = kTopology.nodes_of_edge[e];
        if ((n[0] == a && n[1] == b) || (n[0] == b && n[1] == a)) return e;
    }
    return -1;
}

// Cached lengths and awards as the rules would leave them when nobody held an award
// before: each card to a sole leader at its threshold.
inline void refresh_awards(CatanState& s, int players) {
    int best = 0, at_best = 0, best_seat = 0, army = 0, army_seat = -1, army_ties = 0;
    for (int p = 0; p < players; ++p) {
        s.road_length[p] = static_cast<std::uint8_t>(Catan::longest_road(s, p));
        if (s.road_length[p] > best) best = s.road_length[p], at_best = 1, best_seat = p;
        else if (s.road_length[p] == best) ++at_best;
        if (s.knights[p] > army) army = s.knights[p], army_seat = p, army_ties = 1;
        else if (s.knights[p] == army) ++army_ties;
    }
    s.road_holder = (best >= 5 && at_best == 1) ? static_cast<std::uint8_t>(best_seat) : catan::kNone;
    s.army_holder = (army >= 3 && army_ties == 1) ? static_cast<std::uint8_t>(army_seat) : catan::kNone;
}

// The longest road holder after one step, from the rules' words (docs/catan-rules.md):
// a seat alone at the top with 5+ takes a card nobody holds; a holder whose road did
// not shrink loses it only to a strictly longer road; a holder whose road was cut
// keeps it while still at the top with 5+ (alone or tied), else it goes to a seat
// alone at the top with 5+, or is set aside.
inline int expected_road_holder(int holder, const std::uint8_t* before, const std::uint8_t* after, int players) {
    int best = 0, at_best = 0, best_seat = catan::kNone;
    for (int p = 0; p < players; ++p) {
        if (after[p] > best) best = after[p], at_best = 1, best_seat = p;
        else if (after[p] == best) ++at_best;
    }
    const int sole = best >= 5 && at_best == 1 ? best_seat : catan::kNone;
    if (holder == catan::kNone) return sole;
    if (after[holder] >= before[holder]) return after[holder] < best ? best_seat : holder;
    return after[holder] == best && best >= 5 ? holder : sole;
}

// The longest road by brute force, written from the rule's words: try every road as a
// first segment in both directions and extend by every unused own road that shares the
// far node, unless an opponent's building stands on it.
inline int oracle_extend(const CatanState& s, int seat, int node, std::vector<bool>& used) {
    bool opponent_here = false;
    for (int p = 0; p < catan::kMaxSeats; ++p) {
        if (p != seat && (((s.settlements[p] | s.cities[p]) >> node) & 1)) opponent_here = true;
    }
    if (opponent_here) return 0;
    int best = 0;
    for (int e = 0; e < catan::kNumEdges; ++e) {
        const auto& n = kTopology.nodes_of_edge[e];
        if (used[e] || !((s.roads[seat][e >> 6] >> (e & 63)) & 1) || (n[0] != node && n[1] != node)) continue;
        used[e] = true;
        best = std::max(best, 1 + oracle_extend(s, seat, n[0] == node ? n[1] : n[0], used));
        used[e] = false;
    }
    return best;
}

inline int oracle_longest_road(const CatanState& s, int seat) {
    int best = 0;
    std::vector<bool> used(catan::kNumEdges, false);
    for (int e = 0; e < catan::kNumEdges; ++e) {
        if (!((s.roads[seat][e >> 6] >> (e & 63)) & 1)) continue;
        used[e] = true;
        for (int end = 0; end < 2; ++end) {
            best = std::max(best, 1 + oracle_extend(s, seat, kTopology.nodes_of_edge[e][end], used));
        }
        used[e] = false;
    }
    return best;
}

// Pieces, with the state's caches of road nodes and distance-closed nodes kept right.
inline void put_settlement(CatanState& s, int seat, int node) {
    s.settlements[seat] |= 1ull << node;
    s.distance_blocked = Catan::nodes_closed_by_distance(s);
}
inline void put_city(CatanState& s, int seat, int node) {
    s.settlements[seat] &= ~(1ull << node);
    s.cities[seat] |= 1ull << node;
    s.distance_blocked = Catan::nodes_closed_by_distance(s);
}
inline void put_road(CatanState& s, int seat, int edge) {
    s.roads[seat][edge >> 6] |= 1ull << (edge & 63);
    s.road_nodes[seat] = Catan::nodes_touched_by_roads(s, seat);
}
// Roads along a path of adjacent nodes.
inline void put_path(CatanState& s, int seat, const std::vector<int>& nodes) {
    for (std::size_t i = 0; i + 1 < nodes.size(); ++i) put_road(s, seat, edge_between(nodes[i], nodes[i + 1]));
}

// Moves cards from the bank into a hand: {brick, lumber, wool, grain, ore}.
inline void give(CatanState& s, int seat, std::vector<int> cards) {
    for (int r = 0; r < catan::kNumResources; ++r) {
        s.bank[r] = static_cast<std::uint8_t>(s.bank[r] - cards[r]);
        s.hand[seat][r] = static_cast<std::uint8_t>(s.hand[seat][r] + cards[r]);
    }
}

// Moves a development card from the deck to a seat (playable unless `fresh`).
inline void give_dev(CatanState& s, int seat, int kind, bool fresh = false) {
    --s.deck[kind];
    ++(fresh ? s.dev_new : s.dev)[seat][kind];
}

inline std::vector<int> legal_actions(const Catan& g, const CatanState& s, int seat) {
    std::uint64_t words[8] = {};
    g.legal_mask(s, seat, words);
    std::vector<int> out;
    for (int a = 0; a < catan::kNumActions; ++a) {
        if ((words[a >> 6] >> (a & 63)) & 1) out.push_back(a);
    }
    return out;
}

inline bool has_action(const std::vector<int>& actions, int a) {
    for (int x : actions) {
        if (x == a) return true;
    }
    return false;
}

// Applies an action for the seat that owes it, asserting nothing (tests check).
inline void play(const Catan& g, CatanState& s, int seat, int action, int outcome = -1) {
    Rng rng = Rng::from_seed(99);
    g.apply_step(s, seat, action, rng, outcome);
}

inline int dice(int sum) { return catan::kChanceDice + sum - 2; }

}  // namespace meeple::test
