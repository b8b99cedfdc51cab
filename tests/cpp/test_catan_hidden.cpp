// Hidden information and exact chance: each hidden field leaves other seats'
// observations unchanged; determinize keeps the pov's observation float for float;
// chance outcomes are 2d6 and the counts; every forced outcome is a sampled step.
#include <algorithm>
#include <bit>
#include <cmath>
#include <cstring>
#include <vector>

#include "catan_fixture.hpp"
#include "check.hpp"

using namespace meeple;
using namespace meeple::test;
using namespace meeple::catan;

namespace {

const std::vector<std::pair<std::string, std::string>> kBeginner = {{"board", "beginner"}};

std::vector<float> observe(const CatanFixture& g, const CatanState& s, int viewer) {
    std::vector<float> out(static_cast<std::size_t>(g.model->obs_size()));
    g->observe(s, viewer, out.data());
    return out;
}

// Two states that differ only in the hidden part of `seats` must look alike to every
// other seat and to a spectator, and differ to those seats and to ALL.
void check_hidden_from_others(const CatanFixture& g, const CatanState& a, const CatanState& b,
                              std::vector<int> seats) {
    for (int viewer = 0; viewer < g->num_players(); ++viewer) {
        if (std::find(seats.begin(), seats.end(), viewer) != seats.end()) CHECK(observe(g, a, viewer) != observe(g, b, viewer));
        else CHECK(observe(g, a, viewer) == observe(g, b, viewer));
    }
    CHECK(observe(g, a, kViewPublic) == observe(g, b, kViewPublic));
    CHECK(observe(g, a, kViewAll) != observe(g, b, kViewAll));
}

}  // namespace

TEST(catan_observation_hides_opponents_resources) {
    CatanFixture g(kBeginner);
    CatanState a = g.blank(), b = g.blank();
    // The same cards out of the bank (which is public), held the other way round.
    give(a, 1, {2, 0, 0, 0, 1});
    give(a, 2, {0, 1, 1, 0, 0});
    give(b, 1, {0, 1, 1, 0, 1});
    give(b, 2, {2, 0, 0, 0, 0});
    check_hidden_from_others(g, a, b, {1, 2});
}

TEST(catan_observation_hides_opponents_development_cards) {
    CatanFixture g(kBeginner);
    CatanState a = g.blank(), b = g.blank();
    give_dev(a, 2, kKnight);
    give_dev(b, 2, kVictoryPoint);
    check_hidden_from_others(g, a, b, {2});
}

TEST(catan_observation_hides_the_deck_content) {
    CatanFixture g(kBeginner);
    CatanState a = g.blank(), b = g.blank();
    give_dev(a, 1, kMonopoly);  // the deck lacks a monopoly in a, a knight in b
    give_dev(b, 1, kKnight);
    // Seat 0 and the spectator cannot tell the decks apart.
    CHECK(observe(g, a, 0) == observe(g, b, 0));
    CHECK(observe(g, a, kViewPublic) == observe(g, b, kViewPublic));
}

TEST(catan_observation_hides_an_unopened_offer_from_all_but_its_author) {
    CatanFixture g(kBeginner);
    CatanState a = g.blank();
    give(a, 0, {1, 1, 0, 0, 0});
    CatanState b = a;
    play(*g, a, 0, kTradeGive + kBrick);
    play(*g, b, 0, kTradeGive + kLumber);
    check_hidden_from_others(g, a, b, {0});
    play(*g, a, 0, kTradeWant + kOre);
    play(*g, b, 0, kTradeWant + kOre);
    play(*g, a, 0, kTradeOpen);
    play(*g, b, 0, kTradeOpen);
    CHECK(observe(g, a, 1) != observe(g, b, 1));  // an open offer is public
}

TEST(catan_view_shows_hidden_values_as_null) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    give(s, 1, {1, 0, 0, 0, 0});
    Record<CatanState> rec{Rng::from_seed(1), 0, s};
    const std::string seat0 = g.model->view_json(&rec, 0), all = g.model->view_json(&rec, kViewAll);
    CHECK(seat0.find("\"resources\":null") != std::string::npos);
    CHECK(all.find("\"resources\":null") == std::string::npos);
    CHECK(g.model->view_json(&rec, kViewPublic).find("\"legal_actions\":null") != std::string::npos);
}

TEST(catan_determinize_keeps_the_pov_observation_and_redraws_the_rest) {
    CatanFixture g;
    Rng chooser = Rng::from_seed(8);
    int changed = 0, states = 0;
    for (std::uint64_t seed = 0; seed < 4; ++seed) {
        Record<CatanState> rec;
        g.model->init(&rec, seed);
        while (!g.model->is_terminal(&rec)) {
            const Actors actors = g.model->actors(&rec);
            const int actor = std::countr_zero(actors);
            const auto legal = g.model->legal_actions(&rec, actor);
            g.model->apply(&rec, actor, legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
            if (rec.move_number % 37 != 0) continue;
            for (int pov = 0; pov < 4; ++pov) {
                Record<CatanState> copy = rec;
                g.model->determinize(&copy, pov, rec.move_number * 4 + pov);
                ++states;
                CHECK(g.model->check(&copy).empty());
                CHECK(observe(g, rec.state, pov) == observe(g, copy.state, pov));
                changed += std::memcmp(&rec.state, &copy.state, sizeof rec.state) != 0;
                CHECK(std::memcmp(&rec.rng, &copy.rng, sizeof rec.rng) != 0);
            }
        }
    }
    CHECK(changed > states / 2);
}

TEST(catan_dice_outcomes_are_two_six_sided_dice) {
    CatanFixture g({{"board", "beginner"}, {"explicit_chance", "true"}});
    CatanState s = g.blank();
    s.phase = kBeforeRoll;
    s.rolled = 0;
    play(*g, s, 0, kRoll);
    CHECK_EQ(s.phase, kAwaitingDice);
    CHECK_EQ(g->actors(s), kChanceBit);
    ChanceOutcome out[16];
    CHECK_EQ(g->chance_outcomes(s, out), 11);
    for (int i = 0; i < 11; ++i) {
        const int sum = i + 2, ways = 6 - std::abs(sum - 7);
        CHECK_EQ(out[i].action, dice(sum));
        CHECK(std::fabs(out[i].probability - ways / 36.0) < 1e-15);
    }
    // Development draws follow the deck's counts.
    CatanState t = g.blank();
    give(t, 0, {0, 0, 1, 1, 1});
    play(*g, t, 0, kBuyDev);
    CHECK_EQ(t.phase, kAwaitingDevCard);
    CHECK_EQ(g->chance_outcomes(t, out), 5);
    CHECK(std::fabs(out[kKnight].probability - 14 / 25.0) < 1e-15);
    play(*g, t, kChance, kChanceDev + kMonopoly);
    CHECK_EQ(t.dev_new[0][kMonopoly], 1);
    CHECK_EQ(t.phase, kMain);
}

TEST(catan_every_outcome_of_an_implicit_chance_step_is_a_sampled_step) {
    // Sampling many times meets every enumerated successor and nothing else, at the
    // enumerated frequencies.
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 1, 18);
    give(s, 1, {0, 0, 2, 0, 1});
    give(s, 0, {0, 0, 1, 1, 1});
    s.phase = kMovingRobber;
    for (int action : {kMoveRobber + 4}) {
        ChanceOutcome outcomes[16];
        const int k = g->action_outcomes(s, 0, action, outcomes);
        CHECK_EQ(k, 2);
        std::vector<CatanState> successors(k, s);
        for (int i = 0; i < k; ++i) play(*g, successors[i], 0, action, outcomes[i].action);
        std::vector<int> hits(k, 0);
        Rng rng = Rng::from_seed(5);
        const int draws = 3000;
        for (int n = 0; n < draws; ++n) {
            CatanState t = s;
            g->apply(t, 0, action, rng);
            int match = -1;
            for (int i = 0; i < k; ++i) {
                if (std::memcmp(&t, &successors[i], sizeof t) == 0) match = i;
            }
            CHECK(match >= 0);
            if (match >= 0) ++hits[match];
        }
        for (int i = 0; i < k; ++i) CHECK(std::fabs(hits[i] / double(draws) - outcomes[i].probability) < 0.04);
    }
    CatanState roll = s;
    roll.phase = kBeforeRoll;
    roll.rolled = 0;
    ChanceOutcome outcomes[16];
    CHECK_EQ(g->action_outcomes(roll, 0, kRoll, outcomes), 11);
    CHECK_EQ(g->action_outcomes(roll, 0, kPlayKnight, outcomes), 0);
}

TEST(catan_explicit_chance_steals_by_the_victims_counts) {
    CatanFixture g({{"board", "beginner"}, {"explicit_chance", "true"}});
    CatanState s = g.blank();
    put_settlement(s, 1, 18);
    give(s, 1, {0, 0, 3, 0, 1});
    s.phase = kMovingRobber;
    play(*g, s, 0, kMoveRobber + 4);
    CHECK_EQ(s.phase, kAwaitingSteal);
    CHECK_EQ(s.steal_victim, 1);
    ChanceOutcome out[16];
    CHECK_EQ(g->chance_outcomes(s, out), 2);
    CHECK_EQ(out[0].action, kChanceSteal + kWool);
    CHECK(std::fabs(out[0].probability - 0.75) < 1e-15);
    CHECK(!g->is_legal(s, kChance, kChanceSteal + kBrick));  // seat 1 holds no brick
    CHECK(g->check(s).empty());
    play(*g, s, kChance, kChanceSteal + kOre);
    CHECK_EQ(s.hand[0][kOre], 1);
    CHECK_EQ(s.hand[1][kOre], 0);
    CHECK_EQ(s.phase, kMain);
}

TEST(catan_determinize_gives_no_opponent_a_win_the_game_would_have_ended_on) {
    // Seat 1 has 2 public points and one hidden card with 3 to win: that card cannot be
    // a victory point, or seat 1 would have won when it last acted.
    CatanFixture g({{"board", "beginner"}, {"vp_to_win", "3"}});
    CatanState s = g.blank();
    put_settlement(s, 1, 0);
    put_settlement(s, 1, 8);
    give_dev(s, 1, kKnight);
    Record<CatanState> rec{Rng::from_seed(2), 0, s};
    int knights = 0;
    for (std::uint64_t seed = 0; seed < 60; ++seed) {
        Record<CatanState> copy = rec;
        g.model->determinize(&copy, 0, seed);
        CHECK(Catan::victory_points(copy.state, 1, true) < 3);
        knights += copy.state.dev[1][kKnight];
    }
    CHECK(knights > 0 && knights < 60);  // the card is redrawn among the other kinds
}

TEST(catan_observation_planes_put_the_viewer_first_and_the_others_in_turn_order) {
    CatanFixture g(kBeginner);
    CatanState s = g.blank();
    put_settlement(s, 1, 8);
    put_city(s, 3, 40);
    put_road(s, 1, 70);
    const auto offset = [&](const char* name) {
        for (const auto& f : g->obs_fields()) {
            if (f.name == name) return f.offset;
        }
        return -1;
    };
    for (int viewer = 0; viewer < 4; ++viewer) {
        const std::vector<float> obs = observe(g, s, viewer);
        const int row1 = (1 - viewer + 4) % 4, row3 = (3 - viewer + 4) % 4;
        float settlements = 0, cities = 0, roads = 0;
        for (int i = 0; i < 4 * kNumNodes; ++i) settlements += obs[offset("settlements") + i], cities += obs[offset("cities") + i];
        for (int i = 0; i < 4 * kNumEdges; ++i) roads += obs[offset("roads") + i];
        CHECK_EQ(settlements + cities + roads, 3.0f);
        CHECK_EQ(obs[offset("settlements") + row1 * kNumNodes + 8], 1.0f);
        CHECK_EQ(obs[offset("cities") + row3 * kNumNodes + 40], 1.0f);
        CHECK_EQ(obs[offset("roads") + row1 * kNumEdges + 70], 1.0f);
        CHECK_EQ(obs[offset("turn_seat") + (0 - viewer + 4) % 4], 1.0f);
    }
}
