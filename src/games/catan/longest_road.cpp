// Longest road: the longest trail (no edge twice) in a seat's roads, which may end at
// but not pass through a node where an opponent's building stands; and the award.
#include <algorithm>
#include <bit>
#include <cstring>

#include "games/catan/catan.hpp"

namespace meeple::catan {
namespace {

struct TrailSearch {
    EdgeSet roads;
    std::uint64_t cuts;  // nodes with an opponent's building

    // The longest trail continuing from `node` with `used` edges already taken.
    int longest_from(int node, EdgeSet used) const {
        int best = 0;
        for (int k = 0; k < 3; ++k) {
            const int edge = kTopology.edges_of_node[node][k];
            if (edge == kNone || !roads.test(edge) || used.test(edge)) continue;
            const int next = kTopology.neighbors_of_node[node][k];
            EdgeSet taken = used;
            taken.set(edge);
            const int length = 1 + (((cuts >> next) & 1) ? 0 : longest_from(next, taken));
            if (length > best) best = length;
        }
        return best;
    }
};

// The roads joined to the `seeds` nodes through the seat's roads (cuts ignored).
EdgeSet roads_reached(std::uint64_t seeds, EdgeSet roads) {
    EdgeSet seen;
    std::uint64_t frontier = seeds, done = 0;
    while (frontier) {
        const int n = std::countr_zero(frontier);
        frontier &= frontier - 1;
        done |= 1ull << n;
        for (int k = 0; k < 3; ++k) {
            const int edge = kTopology.edges_of_node[n][k];
            if (edge == kNone || !roads.test(edge) || seen.test(edge)) continue;
            seen.set(edge);
            const int next = kTopology.neighbors_of_node[n][k];
            if (!((done >> next) & 1)) frontier |= 1ull << next;
        }
    }
    return seen;
}

// How many of `roads` meet at `node` (0 to 3).
int roads_at(EdgeSet roads, int node) {
    const EdgeSet here = kTopology.edge_mask_of_node[node] & roads;
    return count_bits(here.lo) + count_bits(here.hi);
}

}  // namespace

int Catan::longest_road(const State& s, int seat) {
    const TrailSearch search{roads_of(s, seat), occupied_nodes(s) & ~(s.settlements[seat] | s.cities[seat])};
    if (search.roads.empty()) return 0;
    // A longest trail can be taken to start at a cut node or at a node of odd degree:
    // a maximal trail starting elsewhere uses every edge of its start, so it is closed
    // and covers a whole component with neither cuts nor odd nodes, where any node will
    // do as its start. Search from those starts only.
    const std::uint64_t touched = s.road_nodes[seat];  // kept by place_road, checked by check()
    std::uint64_t starts = touched & search.cuts;
    for (std::uint64_t b = touched & ~starts; b; b &= b - 1) {
        const int node = std::countr_zero(b);
        const EdgeSet here = kTopology.edge_mask_of_node[node] & search.roads;
        if ((count_bits(here.lo) + count_bits(here.hi)) & 1) starts |= 1ull << node;
    }
    int best = 0;
    for (std::uint64_t b = starts; b; b &= b - 1) best = std::max(best, search.longest_from(std::countr_zero(b), EdgeSet{}));
    // Roads not joined to any start form closed loops: one start each.
    EdgeSet covered = roads_reached(starts, search.roads);
    if ((covered.lo == search.roads.lo && covered.hi == search.roads.hi)) return best;
    for (std::uint64_t b = touched & ~starts; b; b &= b - 1) {
        const int node = std::countr_zero(b);
        if ((kTopology.edge_mask_of_node[node] & search.roads & ~covered).empty()) continue;
        best = std::max(best, search.longest_from(node, EdgeSet{}));
        covered = covered | roads_reached(1ull << node, search.roads);
    }
    return best;
}

// The longest trail of `seat` once its road on `edge` is down, from its length before
// (s.road_length, kept exact by every placement and checked by check()). A trail that
// does not use the new edge was there before, so only trails through it can be longer.
// Most roads extend the network at one end only: then the new edge ends every trail
// through it, and one search from its other end finds the longest. A road that joins
// roads at both ends (closing a loop or linking two branches) searches everything.
int Catan::longest_road_with(const State& s, int seat, int edge) {
    const EdgeSet roads = roads_of(s, seat);
    const auto& ends = kTopology.nodes_of_edge[edge];
    const bool more_at_0 = roads_at(roads, ends[0]) > 1, more_at_1 = roads_at(roads, ends[1]) > 1;
    if (more_at_0 && more_at_1) return longest_road(s, seat);
    const int from = more_at_0 ? ends[0] : ends[1];
    const TrailSearch search{roads, occupied_nodes(s) & ~(s.settlements[seat] | s.cities[seat])};
    EdgeSet used;
    used.set(edge);
    const int through = 1 + (((search.cuts >> from) & 1) ? 0 : search.longest_from(from, used));
    return std::max<int>(s.road_length[seat], through);
}

// After a road of `builder` on `edge`: only its own length can change, and only grow.
void Catan::update_roads_after_road(State& s, int builder, int edge) const {
    std::uint8_t before[kMaxSeats];
    std::memcpy(before, s.road_length, sizeof before);
    s.road_length[builder] = static_cast<std::uint8_t>(longest_road_with(s, builder, edge));
    // Unchanged lengths leave the card where it is (check() holds the award in place).
    if (s.road_length[builder] != before[builder]) award_longest_road(s, before);
}

// After a settlement of `builder` on `node`: opponents' trails through the node are
// cut there. A seat with fewer than two roads at the node had no trail through it (a
// trail may end at a cut node), so only seats with two or three there are searched.
void Catan::update_roads_after_settlement(State& s, int builder, int node) const {
    std::uint8_t before[kMaxSeats];
    std::memcpy(before, s.road_length, sizeof before);
    bool changed = false;
    for (int p = 0; p < kMaxSeats; ++p) {  // empty seats have no roads
        if (p != builder && roads_at(roads_of(s, p), node) > 1) {
            s.road_length[p] = static_cast<std::uint8_t>(longest_road(s, p));
            changed = changed || s.road_length[p] != before[p];
        }
    }
    if (changed) award_longest_road(s, before);  // unchanged: as after a road
}

// The card goes to the first road of 5+ and is taken only by a strictly longer one, so
// a tie leaves it with the holder. When the holder's road was cut (Almanac): the holder
// keeps it while still at the top with 5+, alone or tied; otherwise it goes to a sole
// longest seat with 5+, or is set aside (tied, or nobody at 5+) until a seat alone at
// the top with 5+ takes it.
void Catan::award_longest_road(State& s, const std::uint8_t* before) const {
    int best = -1, at_best = 0, best_seat = 0;
    for (int p = 0; p < players_; ++p) {
        if (s.road_length[p] > best) best = s.road_length[p], at_best = 1, best_seat = p;
        else if (s.road_length[p] == best) ++at_best;
    }
    const bool sole_leader = at_best == 1 && best >= 5;
    const int holder = s.road_holder;
    if (holder == kNone) {
        if (sole_leader) s.road_holder = static_cast<std::uint8_t>(best_seat);
    } else if (s.road_length[holder] >= before[holder]) {
        if (s.road_length[best_seat] > s.road_length[holder]) s.road_holder = static_cast<std::uint8_t>(best_seat);
    } else if (s.road_length[holder] < best || best < 5) {
        s.road_holder = sole_leader ? static_cast<std::uint8_t>(best_seat) : kNone;
    }
}

}  // namespace meeple::catan
