// The constant topology of the Catan base board, the same for every layout: 19 hexes,
// 54 nodes (intersections), 72 edges (paths), 9 harbors of two nodes each. Computed
// once at compile time from integer hex coordinates, so the tables cannot disagree.
//
// Numbering: hexes row by row from the top, left to right (3, 4, 5, 4, 3). Nodes by
// their position, top to bottom, then left to right. Edges by (lower node, higher node).
// Harbors clockwise around the coast, starting at the upper-left side of hex 0.
#pragma once

#include <array>
#include <cstdint>

#include "core/rng.hpp"

namespace meeple::catan {

inline constexpr int kNumHexes = 19, kNumNodes = 54, kNumEdges = 72, kNumHarbors = 9;
inline constexpr int kNumCoastEdges = 30;
inline constexpr std::uint8_t kNone = 255;

// Resources, in the order used by every table, hand and action of this game.
enum Resource : std::uint8_t { kBrick, kLumber, kWool, kGrain, kOre, kNumResources };
// A hex's terrain: a resource it produces, or the desert.
inline constexpr std::uint8_t kDesert = kNumResources;
// A harbor's type: the resource of a 2:1 harbor, or the generic 3:1 harbor.
inline constexpr std::uint8_t kGenericHarbor = kNumResources;

// Bits set in a word, inline: the library is built for any x86-64, where
// std::popcount without POPCNT becomes a call into libgcc.
constexpr int count_bits(std::uint64_t x) {
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return static_cast<int>((x * 0x0101010101010101ull) >> 56);
}

// 72 edges do not fit one word: bit e of lo for e < 64, bit e - 64 of hi otherwise.
struct EdgeSet {
    std::uint64_t lo = 0, hi = 0;
    constexpr bool test(int e) const { return e < 64 ? (lo >> e) & 1 : (hi >> (e - 64)) & 1; }
    constexpr void set(int e) { e < 64 ? lo |= 1ull << e : hi |= 1ull << (e - 64); }
    constexpr EdgeSet operator|(EdgeSet o) const { return {lo | o.lo, hi | o.hi}; }
    constexpr EdgeSet operator&(EdgeSet o) const { return {lo & o.lo, hi & o.hi}; }
    constexpr EdgeSet operator~() const { return {~lo, ~hi & 0xFF}; }
    constexpr bool empty() const { return (lo | hi) == 0; }
};

struct Topology {
    std::array<std::array<std::uint8_t, 6>, kNumHexes> nodes_of_hex;   // clockwise from the top
    std::array<std::array<std::uint8_t, 6>, kNumHexes> edges_of_hex;   // edge i joins node i and i+1
    std::array<std::array<std::uint8_t, 3>, kNumNodes> hexes_of_node;  // kNone where fewer than 3
    std::array<std::array<std::uint8_t, 3>, kNumNodes> neighbors_of_node;
    std::array<std::array<std::uint8_t, 3>, kNumNodes> edges_of_node;
    std::array<std::array<std::uint8_t, 2>, kNumEdges> nodes_of_edge;
    std::array<std::uint64_t, kNumNodes> neighbor_mask_of_node;        // node bitset
    std::array<EdgeSet, kNumNodes> edge_mask_of_node;
    std::array<std::uint64_t, kNumHexes> node_mask_of_hex;
    std::array<std::array<std::uint8_t, 6>, kNumHexes> neighbors_of_hex;  // kNone off the board
    std::array<std::uint8_t, kNumCoastEdges> coast_edges;                // clockwise
    std::array<std::array<std::uint8_t, 2>, kNumHarbors> nodes_of_harbor;
    std::array<std::uint8_t, kNumNodes> harbor_of_node;                  // kNone for most
    std::array<std::array<int, 2>, kNumHexes> hex_center;                // drawing coordinates
    std::array<std::array<int, 2>, kNumNodes> node_position;
};

namespace detail {

// Pointy-top hexes: a centre at (2q + r, 3r) in units of half a hex width by a quarter
// of its height; corners clockwise from the top.
inline constexpr int kCornerDx[6] = {0, 1, 1, 0, -1, -1};
inline constexpr int kCornerDy[6] = {-2, -1, 1, 2, 1, -1};
// Coast positions of the harbors, as on the frame: every other sea piece, 3, 4, 3 coast
// edges apart, mirror-symmetric (index 7 is hex 6's upper-right side, 17 hex 17's
// lower-right side, 27 hex 3's left side; coast edge 0 is hex 0's upper-left side).
inline constexpr int kHarborCoastIndex[kNumHarbors] = {0, 3, 7, 10, 13, 17, 20, 23, 27};

constexpr Topology make_topology() {
    Topology t{};
    int hq[kNumHexes] = {}, hr[kNumHexes] = {};
    int h = 0;
    for (int r = -2; r <= 2; ++r) {
        for (int q = -2; q <= 2; ++q) {
            if (q + r < -2 || q + r > 2) continue;
            hq[h] = q, hr[h] = r;
            t.hex_center[h] = {2 * q + r, 3 * r};
            ++h;
        }
    }
    // Distinct corners, sorted by (y, x).
    int nx[kNumNodes] = {}, ny[kNumNodes] = {};
    int n = 0;
    for (h = 0; h < kNumHexes; ++h) {
        for (int c = 0; c < 6; ++c) {
            const int x = t.hex_center[h][0] + kCornerDx[c], y = t.hex_center[h][1] + kCornerDy[c];
            bool seen = false;
            for (int i = 0; i < n; ++i) seen = seen || (nx[i] == x && ny[i] == y);
            if (!seen) nx[n] = x, ny[n] = y, ++n;
        }
    }
    for (int i = 1; i < n; ++i) {
        for (int j = i; j > 0 && (ny[j] < ny[j - 1] || (ny[j] == ny[j - 1] && nx[j] < nx[j - 1])); --j) {
            const int x = nx[j], y = ny[j];
            nx[j] = nx[j - 1], ny[j] = ny[j - 1];
            nx[j - 1] = x, ny[j - 1] = y;
        }
    }
    for (int i = 0; i < kNumNodes; ++i) t.node_position[i] = {nx[i], ny[i]};
    auto node_at = [&](int x, int y) {
        for (int i = 0; i < kNumNodes; ++i) {
            if (nx[i] == x && ny[i] == y) return i;
        }
        return -1;
    };
    for (auto& a : t.hexes_of_node) a = {kNone, kNone, kNone};
    for (auto& a : t.neighbors_of_node) a = {kNone, kNone, kNone};
    for (auto& a : t.edges_of_node) a = {kNone, kNone, kNone};
    for (h = 0; h < kNumHexes; ++h) {
        for (int c = 0; c < 6; ++c) {
            const int node = node_at(t.hex_center[h][0] + kCornerDx[c], t.hex_center[h][1] + kCornerDy[c]);
            t.nodes_of_hex[h][c] = static_cast<std::uint8_t>(node);
            t.node_mask_of_hex[h] |= 1ull << node;
            for (auto& slot : t.hexes_of_node[node]) {
                if (slot == kNone) { slot = static_cast<std::uint8_t>(h); break; }
            }
        }
    }
    // Edges: sides of hexes, distinct, sorted by (lower node, higher node).
    int ea[kNumEdges] = {}, eb[kNumEdges] = {};
    int e = 0;
    for (h = 0; h < kNumHexes; ++h) {
        for (int c = 0; c < 6; ++c) {
            int a = t.nodes_of_hex[h][c], b = t.nodes_of_hex[h][(c + 1) % 6];
            if (a > b) { const int x = a; a = b; b = x; }
            bool seen = false;
            for (int i = 0; i < e; ++i) seen = seen || (ea[i] == a && eb[i] == b);
            if (!seen) ea[e] = a, eb[e] = b, ++e;
        }
    }
    for (int i = 1; i < e; ++i) {
        for (int j = i; j > 0 && (ea[j] < ea[j - 1] || (ea[j] == ea[j - 1] && eb[j] < eb[j - 1])); --j) {
            const int a = ea[j], b = eb[j];
            ea[j] = ea[j - 1], eb[j] = eb[j - 1];
            ea[j - 1] = a, eb[j - 1] = b;
        }
    }
    auto edge_of = [&](int a, int b) {
        if (a > b) { const int x = a; a = b; b = x; }
        for (int i = 0; i < kNumEdges; ++i) {
            if (ea[i] == a && eb[i] == b) return i;
        }
        return -1;
    };
    for (int i = 0; i < kNumEdges; ++i) {
        t.nodes_of_edge[i] = {static_cast<std::uint8_t>(ea[i]), static_cast<std::uint8_t>(eb[i])};
        for (int end = 0; end < 2; ++end) {
            const int self = end ? eb[i] : ea[i], other = end ? ea[i] : eb[i];
            for (int k = 0; k < 3; ++k) {
                if (t.edges_of_node[self][k] == kNone) {
                    t.edges_of_node[self][k] = static_cast<std::uint8_t>(i);
                    t.neighbors_of_node[self][k] = static_cast<std::uint8_t>(other);
                    break;
                }
            }
            t.neighbor_mask_of_node[self] |= 1ull << other;
            t.edge_mask_of_node[self].set(i);
        }
    }
    for (h = 0; h < kNumHexes; ++h) {
        for (int c = 0; c < 6; ++c) {
            t.edges_of_hex[h][c] =
                static_cast<std::uint8_t>(edge_of(t.nodes_of_hex[h][c], t.nodes_of_hex[h][(c + 1) % 6]));
        }
    }
    // Hex neighbours in the six axial directions.
    constexpr int kDq[6] = {1, 1, 0, -1, -1, 0}, kDr[6] = {-1, 0, 1, 1, 0, -1};
    for (h = 0; h < kNumHexes; ++h) {
        for (int d = 0; d < 6; ++d) {
            t.neighbors_of_hex[h][d] = kNone;
            for (int o = 0; o < kNumHexes; ++o) {
                if (hq[o] == hq[h] + kDq[d] && hr[o] == hr[h] + kDr[d]) t.neighbors_of_hex[h][d] = static_cast<std::uint8_t>(o);
            }
        }
    }
    // The coast: edges of exactly one hex, walked clockwise from hex 0's upper-left side.
    auto hexes_sharing = [&](int edge) {
        int count = 0;
        for (int hh = 0; hh < kNumHexes; ++hh) {
            for (int c = 0; c < 6; ++c) count += t.edges_of_hex[hh][c] == edge;
        }
        return count;
    };
    int prev = t.nodes_of_hex[0][5], at = t.nodes_of_hex[0][0];
    t.coast_edges[0] = t.edges_of_hex[0][5];
    for (int i = 1; i < kNumCoastEdges; ++i) {
        for (int k = 0; k < 3; ++k) {
            const int next = t.neighbors_of_node[at][k];
            if (next == kNone || next == prev) continue;
            const int edge = t.edges_of_node[at][k];
            if (hexes_sharing(edge) != 1) continue;
            t.coast_edges[i] = static_cast<std::uint8_t>(edge);
            prev = at, at = next;
            break;
        }
    }
    for (auto& x : t.harbor_of_node) x = kNone;
    for (int hb = 0; hb < kNumHarbors; ++hb) {
        const int edge = t.coast_edges[kHarborCoastIndex[hb]];
        t.nodes_of_harbor[hb] = t.nodes_of_edge[edge];
        for (int k = 0; k < 2; ++k) t.harbor_of_node[t.nodes_of_edge[edge][k]] = static_cast<std::uint8_t>(hb);
    }
    return t;
}

}  // namespace detail

inline constexpr Topology kTopology = detail::make_topology();

// A board: what differs between games (terrain, numbers, harbor types).
struct Layout {
    std::array<std::uint8_t, kNumHexes> terrain;      // Resource or kDesert
    std::array<std::uint8_t, kNumHexes> number;       // 2..12, 0 on the desert
    std::array<std::uint8_t, kNumHarbors> harbor;     // Resource or kGenericHarbor
};

// The rulebook's starting map for beginners.
Layout beginner_layout();
// A seeded shuffle of terrain, numbers and harbor types; with allow_adjacent_red false,
// no two hexes showing 6 or 8 touch.
Layout random_layout(Rng& rng, bool allow_adjacent_red);
// True when two hexes showing 6 or 8 touch.
bool has_adjacent_red(const Layout& layout);

}  // namespace meeple::catan
