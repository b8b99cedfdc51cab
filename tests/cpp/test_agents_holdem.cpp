// The Hold'em heuristic on constructed hands: it raises aces, folds 7-2 offsuit facing a
// shove, bets the nuts on the river and folds air facing a pot bet, sizes its bets
// within the pot, plays only legal actions, and repeats itself for a seed.
#include <bit>
#include <memory>
#include <string>
#include <vector>

#include "agents/agent.hpp"
#include "agents/arena.hpp"
#include "agents/holdem_starting_hands.hpp"
#include "check.hpp"
#include "core/registry.hpp"
#include "games/holdem/holdem.hpp"
#include "poker/plo_ranking.hpp"

using namespace meeple;

namespace {

using holdem::Holdem;

int card(const char* text) { return std::countr_zero(poker::parse_mask(text)); }

// A hand dealt card by card (explicit chance, the button at seat 0), played by hand.
struct Table {
    std::shared_ptr<const AnyGame> game;
    const Holdem& rules;
    std::vector<std::uint64_t> rec;
    std::vector<int> board;  // dealt as the streets open

    // `holes[seat]` holds each seat's cards ("AsAh"), `board_cards` the board ("AsKsQs2d3c").
    Table(const std::string& options, const std::vector<std::string>& holes, const std::string& board_cards)
        : game(make_game("holdem(explicit_chance=true,button=0" + options + ")")),
          rules(dynamic_cast<const GameModel<Holdem>&>(*game).rules()),
          rec((game->record_size() + 7) / 8) {
        game->init(rec.data(), 1);
        const int n = rules.num_players(), h = rules.hole_count();
        for (int k = 0; k < n * h; ++k) {
            const int seat = (1 + k % n) % n;  // round the table from the seat left of the button
            deal(card(holes[std::size_t(seat)].substr(std::size_t(2 * (k / n)), 2).c_str()));
        }
        for (std::size_t i = 0; i < board_cards.size(); i += 2) board.push_back(card(board_cards.substr(i, 2).c_str()));
    }
    const Holdem::State& state() const { return reinterpret_cast<const Record<Holdem::State>*>(rec.data())->state; }
    int actor() const { return acting_player(game->actors(rec.data())); }
    void deal(int c) { game->apply_unchecked(rec.data(), kChance, rules.deal_action(c)); }
    // Plays `action` for the seat to act, dealing the board when a street opens.
    void play(int action) {
        CHECK(game->legal(rec.data(), actor(), action));
        game->apply_unchecked(rec.data(), actor(), action);
        while (actor() == kChance) {
            int dealt = 0;
            while (dealt < 5 && state().board[dealt] != holdem::kNoCard) ++dealt;
            deal(board[std::size_t(dealt)]);
        }
    }
    int size_action(const char* name) const {
        for (int i = 0; i < rules.num_sizes(); ++i) {
            const int action = holdem::kFirstRaise + i;
            if (game->action_name(action) == std::string("raise(") + name + ")") return action;
        }
        return -1;
    }
    int heuristic(std::uint64_t seed) const {
        auto agent = make_agent(game, "heuristic", seed);
        return agent->act(rec.data(), actor());
    }
    // The wager a raise action reaches here.
    std::int64_t wager(int action) const {
        const holdem::BetRange r = rules.bet_range(state(), actor());
        return rules.size_amount(state(), actor(), r, action - holdem::kFirstRaise);
    }
};

}  // namespace

TEST(holdem_starting_hands_rank_aces_first_and_trey_deuce_offsuit_last) {
    const StartingHands& h = starting_hands(poker::Variant::holdem);
    CHECK(h.strongest_first.size() == 1326);
    CHECK(h.percentile(poker::Variant::holdem, poker::parse_mask("AsAh")) < 0.005);
    CHECK(h.percentile(poker::Variant::holdem, poker::parse_mask("7c2d")) > 0.95);
    CHECK(h.percentile(poker::Variant::holdem, poker::parse_mask("3c2d")) > 0.99);
    const double suited = h.percentile(poker::Variant::holdem, poker::parse_mask("AsKs"));
    CHECK(suited < h.percentile(poker::Variant::holdem, poker::parse_mask("AsKd")));
    CHECK(h.top_count(0.1) == 132);
}

TEST(plo_starting_hands_map_every_hand_of_a_class_to_its_representative) {
    const StartingHands& h = starting_hands(poker::Variant::plo);
    CHECK(h.strongest_first.size() == 270725);
    for (std::size_t k = 0; k < poker::kPloClasses; k += 997) {
        const poker::CardMask rep = poker::parse_mask(poker::kPloRanking[k].name);
        for (poker::CardMask m : poker::plo_class_hands(rep)) CHECK(plo_class_of(m) == rep);
    }
    CHECK(h.percentile(poker::Variant::plo, poker::parse_mask("AdAcKdKc")) < 0.001);
    CHECK(h.percentile(poker::Variant::plo, poker::parse_mask("AsAhKsKh")) < 0.001);
    CHECK(h.percentile(poker::Variant::plo, poker::parse_mask("7c5d3h2s")) > 0.9);
}

TEST(holdem_heuristic_raises_aces_first_in_to_about_three_big_blinds) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        Table heads_up("", {"AsAh", "7c2d"}, "");  // seat 0: the button and small blind, first to act
        const int a = heads_up.heuristic(seed);
        CHECK(a >= holdem::kFirstRaise);
        CHECK(heads_up.wager(a) >= 5 && heads_up.wager(a) <= 7);  // 2.5 to 3.5 big blinds of 2 chips
        // Six seats: seat 3 acts first (under the gun) and opens aces too.
        Table six(",players=6", {"7c2d", "8c3d", "9c4d", "AsAh", "Tc5d", "Jc6d"}, "");
        CHECK(six.actor() == 3);
        const int b = six.heuristic(seed);
        CHECK(b >= holdem::kFirstRaise);
        CHECK(six.wager(b) >= 5 && six.wager(b) <= 7);
    }
}

TEST(holdem_heuristic_reraises_aces_facing_a_raise) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        Table t("", {"7c2d", "AsAh"}, "");
        t.play(t.size_action("1pot"));  // the button raises to 6
        CHECK(t.heuristic(seed) >= holdem::kFirstRaise);
    }
}

TEST(holdem_heuristic_folds_seven_deuce_offsuit_facing_a_big_raise) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        Table shove("", {"AsAh", "7h2c"}, "");
        shove.play(shove.size_action("max"));  // all-in for 200 chips
        CHECK(shove.heuristic(seed) == holdem::kFold);
        Table raise("", {"AsAh", "7h2c"}, "");
        raise.play(raise.size_action("2pot"));  // to 10 chips: 5 big blinds
        CHECK(raise.heuristic(seed) == holdem::kFold);
    }
}

TEST(holdem_heuristic_checks_its_option_with_a_weak_big_blind) {
    Table t(",players=3", {"Kc9d", "Qs8s", "7h2c"}, "");
    t.play(holdem::kCheckCall);  // the button limps
    t.play(holdem::kCheckCall);  // the small blind completes
    CHECK(t.heuristic(3) == holdem::kCheckCall);
}

TEST(holdem_heuristic_bets_the_nuts_on_the_river_within_the_pot) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        // Seat 1 (the big blind) acts first after the flop with the royal flush.
        Table t(",bet_sizes=min/0.5/0.75/1/2/max", {"2h2c", "JsTs"}, "AsKsQs4d3c");
        for (int i = 0; i < 6; ++i) t.play(holdem::kCheckCall);  // call, check, then checks to the river
        CHECK(t.state().street == holdem::kRiver && t.actor() == 1);
        const int a = t.heuristic(seed);
        CHECK(a >= holdem::kFirstRaise);
        const std::int64_t pot = t.rules.pot_total(t.state());
        CHECK(2 * t.wager(a) >= pot && t.wager(a) <= pot);
    }
}

TEST(holdem_heuristic_raises_the_nuts_facing_a_bet) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        Table t("", {"JsTs", "2h2c"}, "AsKsQs4d3c");
        for (int i = 0; i < 6; ++i) t.play(holdem::kCheckCall);
        t.play(t.size_action("1pot"));  // seat 1 bets the pot on the river
        CHECK(t.actor() == 0);
        CHECK(t.heuristic(seed) >= holdem::kFirstRaise);
    }
}

TEST(holdem_heuristic_folds_air_facing_a_pot_bet_on_the_river) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        Table t("", {"7h6h", "AdKc"}, "AsKs8d4c2h");  // seat 0: seven high, no draw left
        for (int i = 0; i < 6; ++i) t.play(holdem::kCheckCall);
        t.play(t.size_action("1pot"));
        CHECK(t.heuristic(seed) == holdem::kFold);
    }
}

TEST(holdem_heuristic_bets_a_made_hand_on_the_flop_within_the_pot) {
    for (std::uint64_t seed = 0; seed < 20; ++seed) {
        Table t(",bet_sizes=min/0.5/0.75/1/2/max", {"2h3c", "AhAd"}, "AsKd7c4d3h");
        t.play(holdem::kCheckCall);
        t.play(holdem::kCheckCall);  // to the flop: seat 1 has top set
        const int a = t.heuristic(seed);
        CHECK(a >= holdem::kFirstRaise);
        const std::int64_t pot = t.rules.pot_total(t.state());
        CHECK(2 * t.wager(a) >= pot && t.wager(a) <= pot);
    }
}

TEST(holdem_heuristic_plays_only_legal_actions_in_random_positions) {
    // Random play to a random point of the hand, then the heuristic decides: thousands
    // of positions of Hold'em and PLO, short stacks and odd sizes included.
    const char* games[] = {"holdem", "holdem(players=6)", "holdem(players=3,variant=plo)",
                           "holdem(players=4,stacks=30/400/7/120,bet_sizes=min/0.33/0.75/1.5/max)",
                           "holdem(players=9,ante=1)"};
    int decisions = 0;
    for (const char* spec : games) {
        auto game = make_game(spec);
        auto random = make_agent(game, "random", 5);
        std::vector<std::uint64_t> rec((game->record_size() + 7) / 8);
        for (std::uint64_t hand = 0; hand < 400; ++hand) {
            game->init(rec.data(), hand);
            Rng rng = Rng::from_seed(hand);
            while (!game->is_terminal(rec.data())) {
                const int p = acting_player(game->actors(rec.data()));
                if (p < 0) break;
                auto agent = make_agent(game, "heuristic", hand);
                const int h = agent->act(rec.data(), p);
                CHECK(game->legal(rec.data(), p, h));
                ++decisions;
                const int a = rng.below(3) == 0 ? h : random->act(rec.data(), p);
                game->apply_unchecked(rec.data(), p, a);
            }
        }
    }
    CHECK(decisions > 4000);
}

TEST(holdem_heuristic_is_deterministic_for_a_seed) {
    ArenaConfig cfg;
    cfg.lineup = {"heuristic", "random"};
    cfg.games = 200;
    cfg.seed = 11;
    cfg.threads = 1;
    const ArenaResult a = run_arena(make_game("holdem(players=3)"), cfg, Control());
    cfg.threads = 2;
    const ArenaResult b = run_arena(make_game("holdem(players=3)"), cfg, Control());
    CHECK(a.games.size() == b.games.size());
    for (std::size_t i = 0; i < a.games.size(); ++i) {
        CHECK(a.games[i].actions == b.games[i].actions);
        CHECK(a.games[i].returns == b.games[i].returns);
    }
}

TEST(holdem_heuristic_raises_and_beats_random_play) {
    ArenaConfig cfg;
    cfg.lineup = {"heuristic", "random"};
    cfg.games = 1000;
    cfg.seed = 3;
    cfg.threads = 2;
    auto game = make_game("holdem");
    const ArenaResult r = run_arena(game, cfg, Control());
    CHECK(r.agents[0].illegal == 0);
    CHECK(r.agents[0].score / double(r.agents[0].seats) > 1.0);  // big blinds a hand
    int raises = 0, actions = 0;
    for (const ArenaGame& g : r.games) {
        for (std::size_t m = 0; m < g.players.size(); ++m) {
            const int p = g.players[m];
            if (p < 0 || g.agent_of_seat[std::size_t(p)] != 0) continue;
            ++actions;
            raises += g.actions[m] >= holdem::kFirstRaise;
        }
    }
    CHECK(raises * 5 > actions);  // a fifth of its decisions or more are bets and raises
}
