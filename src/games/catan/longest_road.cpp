// Longest road: the longest trail (no edge twice) in a seat's roads, which may end at
// but not pass through a node where an opponent's building stands; and the award.
#include <algorithm>
#include <bit>

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

// After a road (lengths can only grow, for the builder) or a settlement (opponents'
// roads may be cut). The card goes to the first road of 5+ and is taken only by a
// strictly longer one, so a tie leaves it with the holder. When the holder's road was
// cut (Almanac): the holder keeps it while still at the top with 5+, alone or tied;
// otherwise it goes to a sole longest seat with 5+, or is set aside (tied, or nobody
// at 5+) until a seat alone at the top with 5+ takes it.
void Catan::update_roads_after(State& s, int builder, int settled_node) const {
    std::uint8_t before[kMaxSeats];
    for (int p = 0; p < kMaxSeats; ++p) before[p] = s.road_length[p];
    if (settled_node == kNone) {
        s.road_length[builder] = static_cast<std::uint8_t>(longest_road(s, builder));
    } else {
        // A settlement can only cut opponents' roads that pass through its node.
        for (int p = 0; p < kMaxSeats; ++p) {  // empty seats have no roads
            if (p != builder && !(kTopology.edge_mask_of_node[settled_node] & roads_of(s, p)).empty())
                s.road_length[p] = static_cast<std::uint8_t>(longest_road(s, p));
        }
    }
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
