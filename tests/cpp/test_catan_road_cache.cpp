// The cached road lengths, which a road updates by searching only the trails through
// it and a settlement only for seats with two or more roads at its node, against the
// full search after every step of thousands of random games; and the incremental
// search on the placements it treats apart (a road joining roads at both ends, a road
// ending at an opponent's building, a settlement on the end of a road).
#include <bit>
#include <cstring>
#include <string>
#include <vector>

#include "catan_fixture.hpp"
#include "check.hpp"

using namespace meeple;
using namespace meeple::test;
using namespace meeple::catan;

namespace {

const CatanOptions kBeginner = {{"board", "beginner"}};

struct CacheStats {
    long games = 0, roads = 0, joining_roads = 0, cutting_settlements = 0;
};

// How many of `seat`'s roads meet at `node`.
int roads_at(const CatanState& s, int seat, int node) {
    const EdgeSet here = kTopology.edge_mask_of_node[node] & Catan::roads_of(s, seat);
    return count_bits(here.lo) + count_bits(here.hi);
}

// Random games by the batch's path (legal mask, a uniform pick, apply); after every
// step that placed a piece, each seat's cached length equals the full search, and the
// card is where the rules put it given the fully searched lengths.
bool play_checked(const CatanFixture& g, std::uint64_t seed, CacheStats& stats) {
    const int n = g->num_players();
    CatanState s;
    Rng rng = Rng::from_seed(seed), chooser = Rng::from_seed(seed ^ 0x5EEDull);
    g->init(s, rng);
    while (!g->is_terminal(s)) {
        const Actors actors = g->actors(s);
        const int actor = (actors & kChanceBit) ? kChance : std::countr_zero(actors);
        std::uint64_t words[8] = {};
        g->legal_mask(s, actor, words);
        int count = 0;
        for (int w = 0; w < 8; ++w) count += count_bits(words[w]);
        std::uint32_t k = chooser.below(static_cast<std::uint32_t>(count));
        int action = -1;
        for (int w = 0; w < 8 && action < 0; ++w) {
            for (std::uint64_t b = words[w]; b; b &= b - 1, --k) {
                if (k == 0) {
                    action = w * 64 + std::countr_zero(b);
                    break;
                }
            }
        }
        const CatanState before = s;
        const bool road = action < kBuildSettlement && (s.phase == kMain || s.phase == kSetupRoad || s.phase == kPlacingFreeRoads);
        const bool settlement = action >= kBuildSettlement && action < kBuildCity && (s.phase == kMain || s.phase == kSetupSettlement);
        if (road) {
            ++stats.roads;
            const auto& ends = kTopology.nodes_of_edge[action];
            stats.joining_roads += roads_at(s, actor, ends[0]) > 0 && roads_at(s, actor, ends[1]) > 0;
        }
        if (settlement) {
            for (int p = 0; p < n; ++p) stats.cutting_settlements += p != actor && roads_at(s, p, action - kBuildSettlement) > 1;
        }
        g->apply(s, actor, action, rng);
        if (!road && !settlement) {
            if (std::memcmp(before.road_length, s.road_length, sizeof s.road_length) != 0) {
                report(__FILE__, __LINE__, "seed " + std::to_string(seed) + ": " + g->action_name(action) + " changed a road length");
                return false;
            }
            continue;
        }
        std::uint8_t full[kMaxSeats] = {};
        for (int p = 0; p < n; ++p) full[p] = static_cast<std::uint8_t>(Catan::longest_road(s, p));
        if (std::memcmp(full, s.road_length, sizeof full) != 0) {
            std::string lengths;
            for (int p = 0; p < n; ++p) {
                lengths += ' ';
                lengths += std::to_string(s.road_length[p]);
                lengths += '/';
                lengths += std::to_string(full[p]);
            }
            report(__FILE__, __LINE__, "seed " + std::to_string(seed) + ": after " + g->action_name(action) +
                                           " cached/full lengths" + lengths + "\n" + g->render(s));
            return false;
        }
        const int holder = expected_road_holder(before.road_holder, before.road_length, full, n);
        if (s.road_holder != holder) {
            report(__FILE__, __LINE__, "seed " + std::to_string(seed) + ": after " + g->action_name(action) + " the card is with " +
                                           std::to_string(s.road_holder) + ", the rules say " + std::to_string(holder));
            return false;
        }
    }
    ++stats.games;
    return true;
}

void play_many(const CatanOptions& options, int games, std::uint64_t first_seed, CacheStats& stats) {
    const CatanFixture g(options);
    for (int i = 0; i < games; ++i) {
        if (!play_checked(g, first_seed + static_cast<std::uint64_t>(i), stats)) return;
    }
}

// Places `seat`'s road on `edge` (legally, with its cost) and checks the state after.
void build_road(const CatanFixture& g, CatanState& s, int seat, int a, int b) {
    const int edge = edge_between(a, b);
    s.current = static_cast<std::uint8_t>(seat);
    give(s, seat, {1, 1, 0, 0, 0});
    CHECK(g->is_legal(s, seat, kBuildRoad + edge));
    play(*g, s, seat, kBuildRoad + edge);
    const std::string broken = g->check(s);
    if (!broken.empty()) report(__FILE__, __LINE__, broken);
}

}  // namespace

TEST(catan_cached_road_lengths_match_the_full_search_after_every_step_of_random_games) {
    CacheStats stats;
    for (int players = 2; players <= 4; ++players) {
        const std::string p = std::to_string(players);
        play_many({{"players", p}}, 400, 1000u * players, stats);                            // with domestic trade
        play_many({{"players", p}, {"trade_budget", "0"}}, 400, 1000u * players + 500, stats);  // without
    }
    CHECK_EQ(stats.games, 2400);
    // The placements the update treats apart all happened.
    CHECK(stats.roads > stats.games * 20);
    CHECK(stats.joining_roads > 100);
    CHECK(stats.cutting_settlements > 10);
}

TEST(catan_road_length_through_a_new_road_matches_the_full_search_at_every_road_site) {
    const CatanFixture g;
    long sites = 0;
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
        CatanState s;
        Rng rng = Rng::from_seed(seed), chooser = Rng::from_seed(seed + 77);
        g->init(s, rng);
        for (int step = 0; !g->is_terminal(s); ++step) {
            const Actors actors = g->actors(s);
            const int actor = (actors & kChanceBit) ? kChance : std::countr_zero(actors);
            // Every 16th step: every empty edge joined to a seat's pieces, as that seat's next road.
            if (step % 16 == 0) {
                for (int p = 0; p < g->num_players(); ++p) {
                    for (int e = 0; e < kNumEdges; ++e) {
                        if (Catan::all_roads(s).test(e) || !Catan::road_connects(s, p, e)) continue;
                        CatanState t = s;
                        put_road(t, p, e);
                        CHECK_EQ(Catan::longest_road_with(t, p, e), Catan::longest_road(t, p));
                        ++sites;
                    }
                }
            }
            const auto legal = legal_actions(*g, s, actor);
            g->apply(s, actor, legal[chooser.below(static_cast<std::uint32_t>(legal.size()))], rng);
        }
    }
    CHECK(sites > 10000);
}

TEST(catan_a_road_joining_two_branches_counts_both) {
    const CatanFixture g(kBeginner);
    CatanState s = g.blank();
    const std::vector<int> w = walk(0, 7);
    CHECK_EQ(w.size(), 8u);
    put_settlement(s, 0, w[0]);
    put_path(s, 0, {w[0], w[1], w[2], w[3]});
    put_path(s, 0, {w[4], w[5], w[6], w[7]});
    refresh_awards(s, 4);
    CHECK_EQ(s.road_length[0], 3);
    build_road(g, s, 0, w[3], w[4]);
    CHECK_EQ(s.road_length[0], 7);
    CHECK_EQ(s.road_holder, 0);
}

TEST(catan_a_road_closing_a_loop_around_a_hex_counts_the_loop) {
    const CatanFixture g(kBeginner);
    CatanState s = g.blank();
    const auto& ring = kTopology.nodes_of_hex[9];
    put_settlement(s, 0, ring[0]);
    put_path(s, 0, {ring[0], ring[1], ring[2], ring[3], ring[4], ring[5]});
    refresh_awards(s, 4);
    CHECK_EQ(s.road_length[0], 5);
    CHECK_EQ(s.road_holder, 0);
    build_road(g, s, 0, ring[5], ring[0]);
    CHECK_EQ(s.road_length[0], 6);
}

TEST(catan_a_road_onto_an_opponents_settlement_ends_there_even_with_own_roads_beyond) {
    const CatanFixture g(kBeginner);
    CatanState s = g.blank();
    const std::vector<int> w = walk(0, 7);
    put_settlement(s, 0, w[0]);
    put_path(s, 0, {w[0], w[1], w[2], w[3], w[4]});
    put_path(s, 0, {w[5], w[6], w[7]});  // beyond the opponent's settlement at w[5]
    put_settlement(s, 1, w[5]);
    refresh_awards(s, 4);
    CHECK_EQ(s.road_length[0], 4);
    build_road(g, s, 0, w[4], w[5]);  // joins roads at both ends, but w[5] cuts the trail
    CHECK_EQ(s.road_length[0], 5);
    CHECK_EQ(s.road_holder, 0);
}

TEST(catan_a_settlement_on_the_end_of_an_opponents_road_leaves_its_length) {
    const CatanFixture g(kBeginner);
    CatanState s = g.blank();
    const std::vector<int> w = walk(0, 10);
    CHECK_EQ(w.size(), 11u);
    put_settlement(s, 0, w[0]);
    put_path(s, 0, {w[0], w[1], w[2], w[3], w[4], w[5]});
    put_settlement(s, 1, w[10]);
    put_path(s, 1, {w[10], w[9], w[8], w[7], w[6], w[5]});
    refresh_awards(s, 4);
    CHECK_EQ(s.road_holder, kNone);  // tied at 5
    s.current = 1;
    give(s, 1, {1, 1, 1, 1, 0});
    CHECK(g->is_legal(s, 1, kBuildSettlement + w[5]));
    play(*g, s, 1, kBuildSettlement + w[5]);
    CHECK_EQ(s.road_length[0], 5);
    CHECK_EQ(s.road_length[1], 5);
    CHECK_EQ(s.road_holder, kNone);
    CHECK(g->check(s).empty());
}
