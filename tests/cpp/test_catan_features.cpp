// Feature vectors and board symmetries: every float is written, the seat variant hides
// what the seat may not know (determinize redraws it and the vector stays), and the 12
// symmetries are permutations that keep the rules: legal actions map onto legal
// actions and applying an action commutes with the map.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <set>
#include <vector>

#include "catan_fixture.hpp"
#include "check.hpp"
#include "games/catan/features.hpp"
#include "games/catan/symmetry.hpp"

using namespace meeple;
using namespace meeple::test;
using namespace meeple::catan;

namespace {

std::vector<float> features(const CatanFixture& g, const CatanState& s, int viewer, int variant) {
    std::vector<float> out(static_cast<std::size_t>(g.model->feature_size()), std::nanf(""));
    g->features(s, viewer, variant, out.data());
    return out;
}

// Positions met along random games of `players` seats, every `every` moves.
std::vector<Record<CatanState>> sample_states(const CatanFixture& g, std::uint64_t games, int every) {
    std::vector<Record<CatanState>> out;
    Rng chooser = Rng::from_seed(17);
    for (std::uint64_t seed = 0; seed < games; ++seed) {
        Record<CatanState> rec;
        g.model->init(&rec, seed);
        while (!g.model->is_terminal(&rec)) {
            const int actor = std::countr_zero(g.model->actors(&rec));
            const auto legal = g.model->legal_actions(&rec, actor);
            g.model->apply(&rec, actor, legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
            if (rec.move_number % static_cast<std::uint64_t>(every) == 0 && !g.model->is_terminal(&rec)) out.push_back(rec);
        }
    }
    return out;
}

std::set<int> legal_set(const Catan& g, const CatanState& s, int seat) {
    const auto v = legal_actions(g, s, seat);
    return {v.begin(), v.end()};
}

}  // namespace

TEST(catan_feature_fields_tile_the_vector) {
    CatanFixture g;
    int at = 0;
    for (const ObsField& f : g->feature_fields()) {
        CHECK_EQ(f.offset, at);
        int size = 1;
        for (int d : f.shape) size *= d ? d : 1;
        CHECK_EQ(f.size, size);
        at += f.size;
    }
    CHECK_EQ(at, g.model->feature_size());
    CHECK_EQ(g.model->feature_version(), Catan::kFeatureVersion);
}

TEST(catan_features_write_every_float_in_both_variants) {
    for (const char* players : {"2", "3", "4"}) {
        CatanFixture g(CatanOptions{{"players", players}});
        for (const auto& rec : sample_states(g, 2, 23)) {
            for (int viewer = 0; viewer < g->num_players(); ++viewer) {
                for (int variant : {kFeaturesSeat, kFeaturesOmniscient}) {
                    for (float x : features(g, rec.state, viewer, variant)) CHECK(std::isfinite(x));
                }
            }
        }
    }
}

TEST(catan_seat_features_survive_determinize_of_everything_hidden_from_the_seat) {
    CatanFixture g;
    int redrawn = 0, omniscient_changed = 0;
    for (const auto& rec : sample_states(g, 3, 29)) {
        for (int pov = 0; pov < 4; ++pov) {
            Record<CatanState> copy = rec;
            g.model->determinize(&copy, pov, rec.move_number * 4 + pov);
            if (std::memcmp(&copy.state, &rec.state, sizeof rec.state) == 0) continue;
            ++redrawn;
            CHECK(features(g, rec.state, pov, kFeaturesSeat) == features(g, copy.state, pov, kFeaturesSeat));
            omniscient_changed +=
                features(g, rec.state, pov, kFeaturesOmniscient) != features(g, copy.state, pov, kFeaturesOmniscient);
        }
    }
    CHECK(redrawn > 50);
    // The omniscient variant does see the redrawn cards.
    CHECK(omniscient_changed > redrawn / 2);
}

TEST(catan_seat_features_hide_opponents_cards_and_the_deck) {
    CatanFixture g(CatanOptions{{"board", "beginner"}});
    CatanState a = g.blank(), b = g.blank();
    // The same cards out of the (public) bank, held the other way round by seats 1, 2.
    give(a, 1, {2, 0, 0, 0, 1});
    give(a, 2, {0, 1, 1, 0, 0});
    give(b, 1, {0, 1, 1, 0, 1});
    give(b, 2, {2, 0, 0, 0, 0});
    give_dev(a, 2, kKnight);
    give_dev(b, 2, kVictoryPoint);
    for (int viewer : {0, 3}) {
        CHECK(features(g, a, viewer, kFeaturesSeat) == features(g, b, viewer, kFeaturesSeat));
        CHECK(features(g, a, viewer, kFeaturesOmniscient) != features(g, b, viewer, kFeaturesOmniscient));
    }
    CHECK(features(g, a, 1, kFeaturesSeat) != features(g, b, 1, kFeaturesSeat));
    CHECK(features(g, a, 2, kFeaturesSeat) != features(g, b, 2, kFeaturesSeat));
}

TEST(catan_symmetries_are_permutations_of_the_topology) {
    const auto& syms = board_symmetries();
    int keeping = 0;
    for (int k = 0; k < kNumSymmetries; ++k) {
        const Symmetry& s = syms[k];
        CHECK_EQ(std::set<int>(s.hex.begin(), s.hex.end()).size(), std::size_t(kNumHexes));
        CHECK_EQ(std::set<int>(s.node.begin(), s.node.end()).size(), std::size_t(kNumNodes));
        CHECK_EQ(std::set<int>(s.edge.begin(), s.edge.end()).size(), std::size_t(kNumEdges));
        CHECK(*std::max_element(s.edge.begin(), s.edge.end()) < kNumEdges);
        // A hex's corners go to the corners of its image.
        for (int h = 0; h < kNumHexes; ++h) {
            std::set<int> corners, image;
            for (int c = 0; c < 6; ++c) {
                corners.insert(s.node[kTopology.nodes_of_hex[h][c]]);
                image.insert(kTopology.nodes_of_hex[s.hex[h]][c]);
            }
            CHECK(corners == image);
        }
        keeping += s.keeps_harbors;
        if (s.keeps_harbors) CHECK_EQ(std::set<int>(s.harbor.begin(), s.harbor.end()).size(), std::size_t(kNumHarbors));
        for (int a = 0; a < kNumActions; ++a) CHECK(map_action(s, a) >= 0 && map_action(s, a) < kNumActions);
    }
    CHECK(syms[0].node[5] == 5 && syms[0].edge[40] == 40 && syms[0].hex[7] == 7);
    // The turns by 0, 120 and 240 degrees keep the harbor places, and the mirror images
    // across the three axes of the frame's own symmetry: odd turns after x -> -x.
    CHECK_EQ(keeping, 6);
    for (int k = 0; k < kNumSymmetries; ++k) CHECK_EQ(syms[k].keeps_harbors, (syms[k].rotation + syms[k].mirrored) % 2 == 0);
}

TEST(catan_symmetries_map_legal_states_to_legal_states_and_commute_with_apply) {
    CatanFixture g;
    const auto& syms = board_symmetries();
    int compared = 0;
    for (const auto& rec : sample_states(g, 2, 31)) {
        const Actors actors = g.model->actors(&rec);
        if (actors & kChanceBit) continue;
        const int actor = std::countr_zero(actors);
        const auto legal = legal_set(*g, rec.state, actor);
        for (int k = 1; k < kNumSymmetries; ++k) {
            const Symmetry& sym = syms[k];
            const CatanState image = map_state(sym, rec.state);
            CHECK(g->check(image).empty());
            CHECK_EQ(g->actors(image), actors);
            // Maritime trades depend on the harbors, which only some symmetries keep.
            std::set<int> mapped, expected;
            for (int a : legal) {
                if (sym.keeps_harbors || a < kMaritime || a >= kTradeGive) mapped.insert(map_action(sym, a));
            }
            for (int a : legal_set(*g, image, actor)) {
                if (sym.keeps_harbors || a < kMaritime || a >= kTradeGive) expected.insert(a);
            }
            CHECK(mapped == expected);
            if (!sym.keeps_harbors) continue;
            // Each action, taken with the same generator, leads to mapped states.
            for (int a : legal) {
                CatanState before = rec.state, after = image;
                Rng r1 = rec.rng, r2 = rec.rng;
                g->apply(before, actor, a, r1);
                g->apply(after, actor, map_action(sym, a), r2);
                const CatanState want = map_state(sym, before);
                CHECK(std::memcmp(&want, &after, sizeof want) == 0);
                ++compared;
            }
        }
    }
    CHECK(compared > 100);
}
