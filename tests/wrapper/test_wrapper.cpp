// The C++ wrapper (meeple.hpp) through the shared library, as a user's program sees
// it: compiled as C++17 with every warning an error, linked only to libmeeple.
#include <algorithm>
#include <cmath>
#include <cstring>
#include <string>

#include "../cpp/check.hpp"
#include "meeple/meeple.hpp"

namespace {

meeple::State play(const meeple::Game& game, std::uint64_t seed, std::initializer_list<std::int32_t> cells) {
    meeple::State s = game.new_state(seed);
    for (std::int32_t c : cells) s.apply(c);
    return s;
}

// A const reference is all a search holds of its root.
meeple::State determinize_from_const(const meeple::State& root) { return root.determinize(0, 11); }

const char* kTrianglePosition =
    "{\"occupied\": [[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"
    "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[1,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"
    "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],"
    "[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0],[0,0,0,0,0,0,0,0,0,0,0,0,0,0,0]],"
    " \"shapes\": [[[0,0,1]], null, null]}";

}  // namespace

TEST(library_facts_and_game_names) {
    CHECK(meeple::abi_version() == MEEPLE_ABI_VERSION);
    CHECK(!meeple::version().empty());
    CHECK(meeple::status_name(MEEPLE_ERR_NOT_ACTIVE) == "MEEPLE_ERR_NOT_ACTIVE");
    const auto names = meeple::game_names();
    CHECK(std::find(names.begin(), names.end(), "tictactoe") != names.end());
    CHECK(meeple::derive_seed(5, 1) == meeple_batch_derive_seed(5, 1));
    CHECK_THROWS_STATUS(meeple::Game("catn"), MEEPLE_ERR_INVALID_ARGUMENT);
}

TEST(game_describes_itself) {
    const meeple::Game g("tictactoe");
    CHECK(g.num_players() == 2 && g.num_actions() == 9 && g.mask_words() == 1 && g.obs_size() == 29);
    CHECK(g.max_chance_outcomes() == 0 && g.snapshot_size() > 0 && g.state_version() >= 1);
    CHECK(g.describe_json().find("\"num_actions\":9") != std::string::npos);
    CHECK(g.action_name(5) == "place(1,2)");
    CHECK(meeple::Game("catan").data_json("topology").find('[') != std::string::npos);
    CHECK_THROWS_STATUS(g.data_json("nothing"), MEEPLE_ERR_INVALID_ARGUMENT);
}

TEST(state_reports_the_player_mask_rewards_and_moves) {
    const meeple::Game g("tictactoe");
    meeple::State s = play(g, 1, {4});
    CHECK(s.current_player() == 1);
    CHECK(s.active_players() == std::vector<std::int32_t>{1});
    CHECK(s.action_mask() == std::vector<std::uint64_t>{0x1FFull & ~0x10ull});
    CHECK(s.is_legal(0) && !s.is_legal(4) && !s.is_legal(0, 0));
    CHECK_THROWS_STATUS(s.action_mask(0), MEEPLE_ERR_NOT_ACTIVE);
    CHECK(s.move_number() == 1 && !s.truncated() && !s.is_terminal());
    meeple::State won = play(g, 1, {0, 3, 1, 4, 2});  // X takes the top row
    CHECK(won.current_player() == MEEPLE_NOBODY);
    CHECK(won.step_reward() == (std::vector<double>{1.0, -1.0}));
    CHECK(won.returns() == (std::vector<double>{1.0, -1.0}));
    CHECK(won.view_json(MEEPLE_VIEW_PUBLIC).find('{') == 0);
    std::vector<float> obs;
    won.observation(0, obs);
    CHECK(obs == won.observation(0));
}

TEST(apply_and_list_and_apply_call_list_the_next_legal_actions) {
    const meeple::Game g("tictactoe");
    meeple::State a = g.new_state(1), b = g.new_state(1);
    std::int32_t out[9] = {}, out_b[9] = {};
    a.apply_and_list(4, out, 9);
    CHECK(a.status().listed == 8 && std::vector<std::int32_t>(out, out + 8) == a.legal_actions());
    meeple_apply_call_t call{b.handle(), MEEPLE_ACTING_PLAYER, 4, out_b, 9};
    meeple::State::apply_call(call);
    CHECK(b.status().listed == 8 && std::equal(out, out + 8, out_b));
    CHECK_THROWS_STATUS(a.apply_and_list(4, out, 9), MEEPLE_ERR_ILLEGAL_ACTION);  // taken
    a.apply(0);
    CHECK(a.status().listed == -1);
}

TEST(chance_outcomes_and_enumeration_through_the_wrapper) {
    const meeple::Game g("catan(explicit_chance=true)");
    meeple::State s = g.new_state(3);
    // Play the first legal action until a chance outcome is pending.
    for (int i = 0; i < 2000 && s.current_player() != MEEPLE_CHANCE; ++i) s.apply(s.legal_actions().front());
    CHECK(s.current_player() == MEEPLE_CHANCE);
    const auto outcomes = s.chance_outcomes();
    double total = 0;
    for (const auto& o : outcomes) total += o.probability;
    CHECK(!outcomes.empty() && std::fabs(total - 1.0) < 1e-12);
    const auto successors = s.enumerate_outcomes(outcomes.front().action, MEEPLE_CHANCE);
    CHECK(successors.size() == 1 && successors.front().second == 1.0);
    meeple::State sampled = s;
    sampled.apply(outcomes.front().action, MEEPLE_CHANCE);
    CHECK(successors.front().first.snapshot() == sampled.snapshot());
}

TEST(snapshots_positions_and_determinize) {
    const meeple::Game g("tictactoe");
    const meeple::State s = play(g, 9, {0, 4});
    CHECK(g.restore(s.snapshot()).snapshot() == s.snapshot());
    CHECK_THROWS_STATUS(g.restore(std::vector<std::uint8_t>(3, 0)), MEEPLE_ERR_PARSE);
    const meeple::State d = determinize_from_const(s);
    CHECK(d.same_position(s) && d.hash() == s.hash());  // nothing hidden in tic-tac-toe
    const meeple::Game tri("triangle");
    const meeple::State p = tri.from_position(kTrianglePosition, 7);
    CHECK(p.legal_actions().size() == 47);
    CHECK_THROWS_STATUS(tri.from_position("{\"occupied\": [[0,", 0), MEEPLE_ERR_PARSE);
    CHECK(p.game().spec() == tri.spec());
    const meeple_state_t* raw = s.handle();  // const access to the C handle
    CHECK(raw != nullptr);
}

TEST(hash_and_position_equality_ignore_the_generator) {
    const meeple::Game g("tictactoe");
    const meeple::State a = play(g, 1, {0, 4, 8}), b = play(g, 2, {8, 4, 0}), c = play(g, 1, {0, 4, 7});
    CHECK(a.snapshot() != b.snapshot());
    CHECK(a.same_position(b) && a.hash() == b.hash());
    CHECK(!a.same_position(c) && a.hash() != c.hash());
}

TEST(assignment_copies_into_the_existing_state) {
    const meeple::Game g("tictactoe");
    meeple::State target = g.new_state(1);
    const meeple_state_t* before = target.handle();
    const meeple::State source = play(g, 2, {4, 0});
    target = source;
    CHECK(target.handle() == before);  // the same memory: no new handle
    CHECK(target.snapshot() == source.snapshot());
    meeple::State other = meeple::Game("triangle").new_state(1);
    other = source;  // another game: becomes a clone
    CHECK(other.snapshot() == source.snapshot());
    meeple::State tri = meeple::Game("triangle").new_state(1);
    CHECK_THROWS_STATUS(tri.copy_from(source), MEEPLE_ERR_INVALID_ARGUMENT);
}

TEST(batch_seeded_set_state_viewers_final_observations_stats_and_reset) {
    const meeple::Game g("tictactoe");
    meeple::Batch batch(g, std::vector<std::uint64_t>{3, 4}, 1);
    CHECK(batch.size() == 2 && batch.game().spec() == g.spec());
    CHECK(batch.state(1).snapshot() == g.new_state(4).snapshot());
    std::vector<std::uint8_t> dones;
    for (std::int32_t cell : {0, 3, 1, 4, 2}) batch.step_autoreset({cell, MEEPLE_NO_ACTION}, dones);
    CHECK(dones[0] == 1 && dones[1] == 0);
    const meeple::State finished = play(g, 3, {0, 3, 1, 4, 2});
    CHECK(batch.final_state(0).snapshot() == finished.snapshot());
    std::vector<float> final_obs;
    batch.final_observations(final_obs, {1, 0});
    const auto want = finished.observation(1);
    CHECK(std::equal(want.begin(), want.end(), final_obs.begin()));
    // In place: only the restarted slot 0's row is written; slot 1's keeps its marker.
    std::vector<float> in_place(2 * static_cast<std::size_t>(g.obs_size()), -7.0f);
    batch.restarted_observations_in_place(in_place, {1, 0});
    CHECK(std::equal(want.begin(), want.end(), in_place.begin()));
    CHECK(in_place[g.obs_size()] == -7.0f && in_place.back() == -7.0f);
    std::vector<float> where(2 * static_cast<std::size_t>(g.obs_size()), -7.0f);
    batch.observations_where({0, 1}, {0, MEEPLE_VIEW_ALL}, where);
    CHECK(where[0] == -7.0f);
    std::vector<float> all_views;
    batch.observations({0, MEEPLE_VIEW_ALL}, all_views);
    CHECK(std::equal(where.begin() + g.obs_size(), where.end(), all_views.begin() + g.obs_size()));
    const meeple::EpisodeStats stats = batch.take_episode_stats();
    CHECK(stats.episodes == 1 && stats.mean_length == 5.0 && stats.mean_returns == (std::vector<double>{1.0, -1.0}));
    batch.set_state(1, finished);
    std::vector<float> seen;
    batch.observations({MEEPLE_VIEW_ALL, 1}, seen);
    CHECK(std::equal(want.begin(), want.end(), seen.begin() + g.obs_size()));
    batch.reset_slots({0, 1}, {0, 77});
    CHECK(batch.state(1).snapshot() == g.new_state(77).snapshot());
    batch.reseed(std::vector<std::uint64_t>{5, 6});
    CHECK(batch.state(0).snapshot() == g.new_state(5).snapshot());
    CHECK_THROWS_STATUS(batch.final_state(0), MEEPLE_ERR_WRONG_STATE);
}

TEST(batch_first_illegal_checks_a_step_before_it_is_played) {
    const meeple::Game g("tictactoe");
    meeple::Batch batch(g, 3, 8, 1);
    std::vector<std::int32_t> checked;
    CHECK(batch.first_illegal({4, 0, 8}, checked) == 3);
    CHECK(checked == (std::vector<std::int32_t>{4, 0, 8}));
    std::vector<std::uint8_t> dones;
    batch.step(checked, dones);
    const std::vector<std::uint8_t> before = batch.state(1).snapshot();
    CHECK(batch.first_illegal({1, 0, 2}, checked) == 1);  // slot 1's cell 0 is taken
    CHECK(batch.first_illegal({1, 2, std::int64_t{1} << 40}, checked) == 2);
    CHECK(batch.state(1).snapshot() == before);
    CHECK_THROWS_STATUS(batch.first_illegal({1, 2}, checked), MEEPLE_ERR_INVALID_ARGUMENT);
}

TEST(batch_event_rows_through_the_wrapper) {
    const meeple::Game g("tictactoe");
    CHECK(g.event_fields_json().find("\"name\":\"type\"") != std::string::npos);
    meeple::Batch batch(g, std::vector<std::uint64_t>{3, 4}, 1);
    batch.record_events(MEEPLE_RECORD_ALL, 100);
    std::vector<std::uint8_t> dones;
    for (std::int32_t cell : {0, 3, 1, 4, 2}) batch.step_autoreset({cell, MEEPLE_NO_ACTION}, dones);
    std::vector<std::int32_t> rows;
    // Two starts, five moves of slot 0, its end and its next start.
    CHECK(batch.drain_events(rows) == 9);
    const std::size_t w = MEEPLE_EVENT_HEADER_INTS;
    CHECK(rows.size() == 9 * w);
    CHECK(rows[2 * w + MEEPLE_EVENT_COL_TYPE] == MEEPLE_EVENT_ACTION && rows[2 * w + MEEPLE_EVENT_COL_ACTION] == 0);
    CHECK(rows[7 * w + MEEPLE_EVENT_COL_TYPE] == MEEPLE_EVENT_GAME_END && rows[7 * w + MEEPLE_EVENT_COL_ARG0] == 0);
    CHECK(rows[8 * w + MEEPLE_EVENT_COL_TYPE] == MEEPLE_EVENT_GAME_START && rows[8 * w + MEEPLE_EVENT_COL_GAME] == 1);
    CHECK(batch.event_info().queued == 0 && batch.event_info().overflow == 0);
    CHECK_THROWS_STATUS(batch.record_events(99), MEEPLE_ERR_INVALID_ARGUMENT);
}

TEST(poker_ranges_through_the_wrapper) {
    namespace poker = meeple::poker;
    const poker::Range a(MEEPLE_POKER_HOLDEM, "JJ+"), b(MEEPLE_POKER_HOLDEM, "QQ:0.5,TT");
    CHECK(a.size() == 24 && (a | b).size() == 30 && (a & b).total_weight() == 3.0 && (a - b).size() == 24);
    CHECK(a.text() == "JJ+" && a.game() == MEEPLE_POKER_HOLDEM && a.combos().first.size() == 24);
    CHECK(a.without(poker::parse_mask("As")).size() == 21);
    CHECK(poker::Range::all(MEEPLE_POKER_PLO).size() == 270725);
    CHECK(poker::Range::from_combos(MEEPLE_POKER_HOLDEM, {poker::parse_mask("AsKs")}, {0.5}).total_weight() == 0.5);
    const poker::RangeEquity r = poker::range_equity({a, b}, poker::parse_mask("2c 7d 9h"));
    CHECK(r.combo_equity.size() == 2 && r.combo_share[1].size() == 12 && r.equity[0] > 0.5);
    CHECK(poker::range_exact_work({a, b}, poker::parse_mask("2c 7d 9h")) == 1176u * 24 * 12);  // C(49, 2) boards
    CHECK(poker::canonical_board(poker::parse_mask("As Kd")) == poker::canonical_board(poker::parse_mask("Ah Kc")));
    CHECK(poker::canonical_hand(poker::parse_mask("As Ks"), poker::parse_mask("2c 3d 4h")).first != 0);
    CHECK(poker::canonical_boards(3).first.size() == 1755);
    bool threw = false;
    try {
        poker::Range(MEEPLE_POKER_HOLDEM, "QX");
    } catch (const meeple::Error& e) {
        threw = e.status() == MEEPLE_ERR_PARSE;
    }
    CHECK(threw);
}

TEST(poker_calls_through_the_wrapper) {
    namespace poker = meeple::poker;
    CHECK(poker::parse_cards("As Kd") == (std::vector<std::int32_t>{3 * 13 + 12, 1 * 13 + 11}));
    const std::uint64_t aces = poker::parse_mask("AsAh"), kings = poker::parse_mask("KsKh");
    CHECK(poker::format_mask(aces) == "As Ah");
    CHECK(poker::deal(1).size() == 52 && poker::deal(1, aces).size() == 50);
    const std::uint64_t board = poker::parse_mask("2c 7d 9h Jc 3s");
    const std::uint32_t v = poker::evaluate(aces | board);
    CHECK(v == poker::evaluate_hand(MEEPLE_POKER_HOLDEM, aces, board));
    CHECK(poker::value_category(v) == MEEPLE_POKER_ONE_PAIR);
    CHECK(poker::value_ranks(v) == (std::vector<std::int32_t>{14, 11, 9, 7}));
    CHECK(poker::describe(v).find("One Pair") == 0);
    const poker::Showdown sd = poker::showdown(MEEPLE_POKER_HOLDEM, {kings, aces}, board);
    CHECK(sd.winners == std::vector<std::int32_t>{1} && sd.values.size() == 2);
    CHECK(poker::evaluate_batch({aces | board}) == std::vector<std::uint32_t>{v});
    std::vector<std::uint8_t> ids;  // the same seven cards as ids, twice
    for (int twice = 0; twice < 2; ++twice)
        for (std::uint8_t id = 0; id < 52; ++id)
            if ((aces | board) >> id & 1) ids.push_back(id);
    CHECK(poker::evaluate_ids_batch(ids, 7) == (std::vector<std::uint32_t>{v, v}));
    CHECK_THROWS_STATUS(poker::evaluate_ids_batch(ids, 4), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(poker::evaluate_hand_batch(MEEPLE_POKER_HOLDEM, {aces}, {board}) == std::vector<std::uint32_t>{v});
    CHECK(poker::count_boards(MEEPLE_POKER_HOLDEM, {aces, kings}, board) == 1);
    const poker::Equity e = poker::equity(MEEPLE_POKER_HOLDEM, {aces, kings}, board);
    CHECK(e.count == 1 && e.equity == (std::vector<double>{1.0, 0.0}));
    CHECK_THROWS_STATUS(poker::parse_mask("Zz"), MEEPLE_ERR_PARSE);
}

TEST(random_games_through_the_wrapper) {
    const meeple::RandomGames r = meeple::run_random_games(meeple::Game("tictactoe"), 100, 1, 1);
    CHECK(r.games == 100 && r.wins.size() == 2 && r.wins[0] + r.wins[1] + r.draws == 100);
}

TEST(datagen_through_the_wrapper) {
    const meeple::Game g("catan");
    meeple_datagen_config_t c = meeple::datagen_config();
    c.seed = 4;
    c.playouts = 2;
    c.samples_per_game = 1;
    c.siblings = 2;
    const meeple::DatagenRows r = meeple::run_datagen(g, c);
    CHECK(r.rows == 2 && r.features.size() == 2 * g.feature_size() && r.labels.size() == 8 && r.meta.size() == 16);
    CHECK(r.meta[6] == 1 && r.meta[8 + 6] == 0 && r.meta[7] == r.meta[8 + 7]);  // played first; one playout seed
    c.playouts = 0;
    CHECK_THROWS_STATUS(meeple::run_datagen(g, c), MEEPLE_ERR_INVALID_ARGUMENT);
}

TEST(search_through_the_wrapper) {
    const meeple::Game g("tictactoe");
    meeple::State s = g.new_state(1);
    for (int a : {0, 3, 1, 4}) s.apply(a);
    meeple::Search search(s, "mcts(iterations=500,seed=1)");
    CHECK(search.spec().find("mcts(iterations=500,") == 0 && search.roots() == 1);
    CHECK(search.run());
    CHECK(search.action() == 2 && search.stats().iterations == 1);  // the solver proves the win at once
    CHECK(search.principal_variation() == std::vector<std::int32_t>{2});
    CHECK(search.policy(0, 0.0)[2] == 1.0f && search.root_value()[0] > 0.5);
    const meeple::Search::RootActions ra = search.root_actions();
    CHECK(ra.actions.size() == 5 && ra.values.size() == 10);
    search.advance(0, 2);
    CHECK_THROWS_STATUS(search.run(), MEEPLE_ERR_WRONG_STATE);  // the game is over

    meeple::Batch batch(g, 4, 2, 1);
    meeple::Search external(g, "mcts(evaluator=external,iterations=40,batch=4)", 4, 1);
    external.set_roots(batch);
    CHECK(external.info().external == 1);
    meeple::Search::Leaves leaves;
    int rounds = 0;
    while (!external.run()) {
        external.leaves(leaves);
        CHECK(leaves.count == external.info().pending && leaves.count > 0);
        external.provide(std::vector<float>(leaves.count * 2, 0.0f), {}, leaves.count);
        ++rounds;
    }
    CHECK(rounds > 1 && external.actions().size() == 4 && external.action(3) >= 0);
    external.clear_root(3);
    while (!external.run()) {
        external.leaves(leaves);
        CHECK(std::count(leaves.roots.begin(), leaves.roots.begin() + static_cast<std::ptrdiff_t>(leaves.count), 3) == 0);
        external.provide(std::vector<float>(leaves.count * 2, 0.0f), {}, leaves.count);
    }
    CHECK(external.actions()[3] == MEEPLE_NO_ACTION);
}

TEST(agents_and_tournaments_through_the_wrapper) {
    const meeple::Game g("tictactoe");
    meeple::Agent heuristic(g, "heuristic", 1);
    CHECK(heuristic.spec() == "heuristic");
    meeple::State s = g.new_state(1);
    for (int a : {0, 3, 1, 4}) s.apply(a);
    CHECK(heuristic.act(s) == 2);  // the win in one
    const std::vector<float> policy = heuristic.policy(s);
    CHECK(policy.size() == 9 && policy[2] == 1.0f);
    heuristic.reset(2);
    meeple_tournament_config_t config = meeple::Tournament::config(20, 3, 1);
    const meeple::Tournament t(g, {"heuristic", "random"}, config);
    const meeple_tournament_info_t info = t.info();
    CHECK(info.num_agents == 2 && info.games == 20);
    CHECK(t.agent_spec(0) == "heuristic" && t.agent(0).losses == 0 && t.agent(0).wins > t.agent(1).wins);
    const meeple::Tournament::Games games = t.games();
    CHECK(games.seeds.size() == 20 && games.returns.size() == 40);
    CHECK(!t.game_moves(0).empty() && t.game_moves(0).size() == games.moves[0]);
    const auto fit = meeple::elo_fit(2, {0, 10, 10, 0}, {0, 7.5, 2.5, 0});
    CHECK(fit.first[0] > 0 && fit.first[0] == -fit.first[1] && fit.second[0] > 0);
    CHECK_THROWS_STATUS(meeple::Agent(g, "nobody"), MEEPLE_ERR_INVALID_ARGUMENT);
}

int main(int argc, char** argv) { return meeple::test::run_all(argc, argv); }

TEST(holdem_exact_raises_through_the_wrapper) {
    const meeple::Game game("holdem(players=3,button=0,stack=100)");
    meeple::State s = game.new_state(5);
    CHECK_THROWS_STATUS(s.holdem_raise_to(3), MEEPLE_ERR_ILLEGAL_ACTION);  // the minimum is 4
    CHECK(s.move_number() == 0);
    s.holdem_raise_to(7);
    s.holdem_raise_to(12, 1);
    CHECK(s.move_number() == 2);
    CHECK_THROWS_STATUS(s.holdem_raise_to(20, 0), MEEPLE_ERR_NOT_ACTIVE);  // seat 2 is to act
}

TEST(feature_vectors_through_the_wrapper) {
    const meeple::Game g("catan(players=3)");
    CHECK(g.features_json().find("\"features_version\":1") != std::string::npos);
    const std::size_t size = g.feature_size();
    CHECK(size > 1000);
    const meeple::Batch batch(g, 2, 9);
    std::vector<float> rows;
    batch.features({2, 0}, MEEPLE_FEATURES_SEAT, rows);
    CHECK(rows.size() == 2 * size);
    const std::vector<float> first = batch.state(0).features(2);
    CHECK(std::equal(first.begin(), first.end(), rows.begin()));
    CHECK_THROWS_STATUS(meeple::Game("tictactoe").features_json(), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_THROWS_STATUS(g.new_state(1).features(3), MEEPLE_ERR_OUT_OF_RANGE);
}
