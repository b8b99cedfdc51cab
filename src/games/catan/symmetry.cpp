// Board symmetries, found from the drawing coordinates of board.hpp: in units of half a
// hex width by a quarter of its height, a turn by 60 degrees clockwise takes (x, y) to
// ((x - y) / 2, (3x + y) / 2), and the mirror takes x to -x. Every hex centre and node
// of the board lands on another, so the maps are permutations (tests check it).
#include "games/catan/symmetry.hpp"

#include <bit>

namespace meeple::catan {
namespace {

struct Point {
    int x, y;
};

Point transform(Point p, int rotation, bool mirrored) {
    if (mirrored) p.x = -p.x;
    for (int i = 0; i < rotation; ++i) p = {(p.x - p.y) / 2, (3 * p.x + p.y) / 2};
    return p;
}

template <std::size_t N>
std::uint8_t find_point(const std::array<std::array<int, 2>, N>& points, Point p) {
    for (std::size_t i = 0; i < N; ++i) {
        if (points[i][0] == p.x && points[i][1] == p.y) return static_cast<std::uint8_t>(i);
    }
    return kNone;
}

std::uint8_t edge_joining(int a, int b) {
    for (int e = 0; e < kNumEdges; ++e) {
        const auto& n = kTopology.nodes_of_edge[e];
        if ((n[0] == a && n[1] == b) || (n[0] == b && n[1] == a)) return static_cast<std::uint8_t>(e);
    }
    return kNone;
}

std::array<Symmetry, kNumSymmetries> make_symmetries() {
    std::array<Symmetry, kNumSymmetries> out{};
    for (int k = 0; k < kNumSymmetries; ++k) {
        Symmetry& s = out[k];
        s.rotation = k % 6;
        s.mirrored = k >= 6;
        for (int h = 0; h < kNumHexes; ++h) {
            const auto& c = kTopology.hex_center[h];
            s.hex[h] = find_point(kTopology.hex_center, transform({c[0], c[1]}, s.rotation, s.mirrored));
        }
        for (int n = 0; n < kNumNodes; ++n) {
            const auto& c = kTopology.node_position[n];
            s.node[n] = find_point(kTopology.node_position, transform({c[0], c[1]}, s.rotation, s.mirrored));
        }
        for (int e = 0; e < kNumEdges; ++e) {
            s.edge[e] = edge_joining(s.node[kTopology.nodes_of_edge[e][0]], s.node[kTopology.nodes_of_edge[e][1]]);
        }
        s.keeps_harbors = true;
        for (int hb = 0; hb < kNumHarbors; ++hb) {
            const int a = s.node[kTopology.nodes_of_harbor[hb][0]], b = s.node[kTopology.nodes_of_harbor[hb][1]];
            s.harbor[hb] = kNone;
            for (int o = 0; o < kNumHarbors; ++o) {
                const auto& m = kTopology.nodes_of_harbor[o];
                if ((m[0] == a && m[1] == b) || (m[0] == b && m[1] == a)) s.harbor[hb] = static_cast<std::uint8_t>(o);
            }
            s.keeps_harbors = s.keeps_harbors && s.harbor[hb] != kNone;
        }
        if (!s.keeps_harbors) s.harbor.fill(kNone);
    }
    return out;
}

std::uint64_t map_nodes(const Symmetry& sym, std::uint64_t bits) {
    std::uint64_t out = 0;
    for (; bits; bits &= bits - 1) out |= 1ull << sym.node[std::countr_zero(bits)];
    return out;
}

}  // namespace

const std::array<Symmetry, kNumSymmetries>& board_symmetries() {
    static const std::array<Symmetry, kNumSymmetries> symmetries = make_symmetries();
    return symmetries;
}

int map_action(const Symmetry& sym, int a) {
    if (a >= kBuildRoad && a < kBuildSettlement) return kBuildRoad + sym.edge[a - kBuildRoad];
    if (a >= kBuildSettlement && a < kBuildCity) return kBuildSettlement + sym.node[a - kBuildSettlement];
    if (a >= kBuildCity && a < kBuyDev) return kBuildCity + sym.node[a - kBuildCity];
    if (a >= kMoveRobber && a < kSteal) return kMoveRobber + sym.hex[a - kMoveRobber];
    return a;
}

Catan::State map_state(const Symmetry& sym, const Catan::State& s) {
    Catan::State out = s;
    for (int p = 0; p < kMaxSeats; ++p) {
        out.settlements[p] = map_nodes(sym, s.settlements[p]);
        out.cities[p] = map_nodes(sym, s.cities[p]);
        out.road_nodes[p] = map_nodes(sym, s.road_nodes[p]);
        EdgeSet roads;
        const EdgeSet in = Catan::roads_of(s, p);
        for (int e = 0; e < kNumEdges; ++e) {
            if (in.test(e)) roads.set(sym.edge[e]);
        }
        out.roads[p][0] = roads.lo, out.roads[p][1] = roads.hi;
    }
    out.distance_blocked = map_nodes(sym, s.distance_blocked);
    for (int h = 0; h < kNumHexes; ++h) {
        out.terrain[sym.hex[h]] = s.terrain[h];
        out.number[sym.hex[h]] = s.number[h];
    }
    out.robber = sym.hex[s.robber];
    if (sym.keeps_harbors) {
        for (int hb = 0; hb < kNumHarbors; ++hb) out.harbor[sym.harbor[hb]] = s.harbor[hb];
    }
    if (s.last_settlement != kNone) out.last_settlement = sym.node[s.last_settlement];
    return out;
}

void symmetries_json(JsonWriter& j) {
    auto row = [&](const auto& a) {
        j.begin_array();
        for (std::uint8_t x : a) j.value(x == kNone ? -1 : int(x));
        j.end_array();
    };
    j.begin_object();
    j.field("count", kNumSymmetries);
    j.key("rotation").begin_array();
    for (const Symmetry& s : board_symmetries()) j.value(s.rotation);
    j.end_array();
    j.key("mirrored").begin_array();
    for (const Symmetry& s : board_symmetries()) j.value(s.mirrored);
    j.end_array();
    j.key("keeps_harbors").begin_array();
    for (const Symmetry& s : board_symmetries()) j.value(s.keeps_harbors);
    j.end_array();
    j.key("hex").begin_array();
    for (const Symmetry& s : board_symmetries()) row(s.hex);
    j.end_array();
    j.key("node").begin_array();
    for (const Symmetry& s : board_symmetries()) row(s.node);
    j.end_array();
    j.key("edge").begin_array();
    for (const Symmetry& s : board_symmetries()) row(s.edge);
    j.end_array();
    j.key("harbor").begin_array();
    for (const Symmetry& s : board_symmetries()) row(s.harbor);
    j.end_array();
    j.key("action").begin_array();
    for (const Symmetry& s : board_symmetries()) {
        j.begin_array();
        for (int a = 0; a < kNumActions; ++a) j.value(map_action(s, a));
        j.end_array();
    }
    j.end_array();
    j.end_object();
}

}  // namespace meeple::catan
