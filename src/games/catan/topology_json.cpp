// Constant data as JSON (meeple_game_data_json): "topology", the tables of board.hpp
// with -1 where a node has fewer than three neighbours or hexes; "versions", the
// layout versions of actions, observation, state and features; "symmetries", the maps
// of symmetry.hpp.
#include "games/catan/catan.hpp"
#include "games/catan/symmetry.hpp"

namespace meeple::catan {
namespace {

template <std::size_t N, std::size_t M>
void table(JsonWriter& j, const char* key, const std::array<std::array<std::uint8_t, M>, N>& rows) {
    j.key(key).begin_array();
    for (const auto& row : rows) {
        j.begin_array();
        for (std::uint8_t x : row) j.value(x == kNone ? -1 : int(x));
        j.end_array();
    }
    j.end_array();
}

template <std::size_t N>
void points(JsonWriter& j, const char* key, const std::array<std::array<int, 2>, N>& rows) {
    j.key(key).begin_array();
    for (const auto& p : rows) j.begin_array().value(p[0]).value(p[1]).end_array();
    j.end_array();
}

}  // namespace

bool Catan::data(std::string_view key, JsonWriter& j) const {
    if (key == "versions") {
        j.begin_object().field("actions", long(kActionLayoutVersion)).field("observation", long(kObservationVersion));
        j.field("state", long(kStateVersion)).field("features", long(kFeatureVersion)).end_object();
        return true;
    }
    if (key == "symmetries") {
        symmetries_json(j);
        return true;
    }
    if (key != "topology") return false;
    j.begin_object();
    j.field("num_hexes", kNumHexes).field("num_nodes", kNumNodes).field("num_edges", kNumEdges);
    j.field("num_harbors", kNumHarbors);
    table(j, "hex_nodes", kTopology.nodes_of_hex);
    table(j, "hex_edges", kTopology.edges_of_hex);
    table(j, "hex_neighbors", kTopology.neighbors_of_hex);
    table(j, "edge_nodes", kTopology.nodes_of_edge);
    table(j, "node_neighbors", kTopology.neighbors_of_node);
    table(j, "node_edges", kTopology.edges_of_node);
    table(j, "node_hexes", kTopology.hexes_of_node);
    table(j, "harbor_nodes", kTopology.nodes_of_harbor);
    j.key("coast_edges").begin_array();
    for (std::uint8_t e : kTopology.coast_edges) j.value(int(e));
    j.end_array();
    points(j, "hex_centers", kTopology.hex_center);
    points(j, "node_positions", kTopology.node_position);
    j.end_object();
    return true;
}

}  // namespace meeple::catan
