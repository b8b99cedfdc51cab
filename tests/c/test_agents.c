/* meeple_agent_*, meeple_tournament_* and meeple_elo_fit through the header alone: an
 * agent takes a win, a tournament's results and games, replaying a game from its seed
 * and moves, query-then-fill, and the refusals of bad arguments. */
#include <math.h>
#include <stddef.h>
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

static void heuristic_agent_takes_the_win(void) {
    static const int32_t moves[] = {0, 3, 1, 4};
    meeple_game_t *g = NULL;
    meeple_state_t *s = NULL;
    meeple_agent_t *a = NULL;
    int32_t action = -1;
    char spec[32];
    float policy[9];
    size_t n = 0, i;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    CHECK_OK(meeple_state_new(g, 1, &s));
    for (i = 0; i < 4; ++i) CHECK_OK(meeple_state_apply(s, MEEPLE_ACTING_PLAYER, moves[i]));
    CHECK_OK(meeple_agent_new(g, "heuristic", 3, &a));
    CHECK_OK(meeple_agent_spec(a, spec, sizeof spec, &n));
    CHECK(strcmp(spec, "heuristic") == 0);
    CHECK_OK(meeple_agent_act(a, s, MEEPLE_ACTING_PLAYER, &action));
    CHECK(action == 2);
    CHECK_STATUS(meeple_agent_act(a, s, 1, &action), MEEPLE_ERR_NOT_ACTIVE);
    CHECK_STATUS(meeple_agent_act(a, s, 5, &action), MEEPLE_ERR_OUT_OF_RANGE);
    /* Its policy: the winning move alone; query-then-fill over the 9 actions. */
    CHECK_OK(meeple_agent_policy(a, s, MEEPLE_ACTING_PLAYER, NULL, 0, &n));
    CHECK(n == 9);
    CHECK_STATUS(meeple_agent_policy(a, s, MEEPLE_ACTING_PLAYER, policy, 8, &n), MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_agent_policy(a, s, MEEPLE_ACTING_PLAYER, policy, 9, &n));
    for (i = 0; i < 9; ++i) CHECK(policy[i] == (i == 2 ? 1.0f : 0.0f));
    CHECK_STATUS(meeple_agent_policy(a, s, 1, policy, 9, &n), MEEPLE_ERR_NOT_ACTIVE);
    CHECK_STATUS(meeple_agent_policy(a, s, MEEPLE_ACTING_PLAYER, policy, 9, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_OK(meeple_state_apply(s, 0, 2));
    CHECK_STATUS(meeple_agent_act(a, s, MEEPLE_ACTING_PLAYER, &action), MEEPLE_ERR_WRONG_STATE);
    CHECK_OK(meeple_agent_reset(a, 9));
    meeple_agent_free(a);
    meeple_agent_free(NULL);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void agents_refuse_bad_specs(void) {
    meeple_game_t *g = NULL;
    meeple_agent_t *a = NULL;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    CHECK_STATUS(meeple_agent_new(g, "alphabeta", 0, &a), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "random, heuristic, mcts, ismcts") != NULL);
    CHECK_STATUS(meeple_agent_new(g, "mcts(iteration=3)", 0, &a), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_agent_new(g, "mcts(", 0, &a), MEEPLE_ERR_PARSE);
    CHECK_STATUS(meeple_agent_new(g, NULL, 0, &a), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(a == NULL);
    meeple_game_free(g);
}

static void agents_take_a_time_budget_and_report_their_iterations(void) {
    meeple_game_t *g = NULL;
    meeple_state_t *s = NULL;
    meeple_agent_t *a = NULL;
    int32_t action = -1;
    uint64_t iterations = 99;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    CHECK_OK(meeple_state_new(g, 1, &s));
    CHECK_OK(meeple_agent_new(g, "mcts(iterations=0,time_ms=20)", 3, &a));
    CHECK_OK(meeple_agent_iterations(a, &iterations));
    CHECK(iterations == 0);
    CHECK_OK(meeple_agent_act(a, s, MEEPLE_ACTING_PLAYER, &action));
    CHECK(action >= 0 && action < 9);
    CHECK_OK(meeple_agent_iterations(a, &iterations));
    CHECK(iterations > 0);
    CHECK_STATUS(meeple_agent_iterations(a, NULL), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_agent_iterations(NULL, &iterations), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_agent_free(a);
    a = NULL;
    CHECK_OK(meeple_agent_new(g, "mcts(iterations=25)", 3, &a));
    CHECK_OK(meeple_agent_act(a, s, MEEPLE_ACTING_PLAYER, &action));
    CHECK_OK(meeple_agent_iterations(a, &iterations));
    CHECK(iterations == 25);
    meeple_agent_free(a);
    a = NULL;
    /* 0, negative and over an hour are refused, naming the range. */
    CHECK_STATUS(meeple_agent_new(g, "mcts(time_ms=0)", 3, &a), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "from 1 to 3600000") != NULL);
    CHECK_STATUS(meeple_agent_new(g, "mcts(time_ms=-1)", 3, &a), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "from 1 to 3600000") != NULL);
    CHECK_STATUS(meeple_agent_new(g, "ismcts(time_ms=7200000)", 3, &a), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "from 1 to 3600000") != NULL);
    CHECK(a == NULL);
    meeple_state_free(s);
    meeple_game_free(g);
}

static void tournament_reports_agents_and_replayable_games(void) {
    const char *lineup[] = {"heuristic", "random"};
    meeple_game_t *g = NULL;
    meeple_tournament_t *t = NULL;
    meeple_tournament_config_t cfg;
    meeple_tournament_info_t info;
    meeple_tournament_agent_t h;
    meeple_state_t *s = NULL;
    uint64_t seeds[10], moves[10];
    int32_t rotations[10], seats[20], flags[10], illegal[10], players[16], actions[16], terminal = 0;
    double returns[20], replayed[2];
    size_t n = 0, m = 0, i;
    char spec[32];
    CHECK_OK(meeple_game_new("tictactoe", &g));
    memset(&cfg, 0, sizeof cfg);
    cfg.struct_size = sizeof cfg;
    cfg.threads = 2;
    cfg.games = 10;
    cfg.seed = 5;
    cfg.duplicate = 1;
    cfg.keep_moves = 1;
    CHECK_OK(meeple_tournament_run(g, lineup, 2, &cfg, NULL, &t));
    memset(&info, 0, sizeof info);
    info.struct_size = sizeof info;
    CHECK_OK(meeple_tournament_info(t, &info));
    CHECK(info.num_agents == 2 && info.num_players == 2 && info.games == 10 && info.sprt_decision == 0);
    memset(&h, 0, sizeof h);
    h.struct_size = sizeof h;
    CHECK_OK(meeple_tournament_agent(t, 0, &h));
    CHECK(h.games == 10 && h.seats == 10 && h.wins + h.draws + h.losses == 10 && h.illegal == 0);
    CHECK(h.win_low <= h.win_rate && h.win_rate <= h.win_high);
    CHECK_STATUS(meeple_tournament_agent(t, 2, &h), MEEPLE_ERR_OUT_OF_RANGE);
    CHECK_OK(meeple_tournament_agent_spec(t, 1, spec, sizeof spec, &n));
    CHECK(strcmp(spec, "random") == 0);
    CHECK_OK(meeple_tournament_games(t, NULL, NULL, NULL, NULL, NULL, NULL, NULL, 0, &n));
    CHECK(n == 10);
    CHECK_STATUS(meeple_tournament_games(t, seeds, NULL, NULL, NULL, NULL, NULL, NULL, 5, &n),
                 MEEPLE_ERR_BUFFER_TOO_SMALL);
    CHECK_OK(meeple_tournament_games(t, seeds, rotations, seats, returns, moves, flags, illegal, 10, &n));
    for (i = 0; i < 10; ++i) {
        CHECK(rotations[i] == (int32_t)(i % 2));
        CHECK(seats[2 * i] == (int32_t)(i % 2) && seats[2 * i + 1] == (int32_t)(1 - i % 2));
        CHECK(flags[i] == 0 && illegal[i] == -1);
        CHECK(returns[2 * i] == -returns[2 * i + 1]);
    }
    /* Game 3 replays from its seed and moves to the same returns. */
    CHECK_OK(meeple_tournament_game_moves(t, 3, NULL, NULL, 0, &m));
    CHECK(m == moves[3] && m <= 16);
    CHECK_OK(meeple_tournament_game_moves(t, 3, players, actions, 16, &m));
    CHECK_OK(meeple_state_new(g, seeds[3], &s));
    for (i = 0; i < m; ++i) CHECK_OK(meeple_state_apply(s, players[i], actions[i]));
    CHECK_OK(meeple_state_is_terminal(s, &terminal));
    CHECK(terminal == 1);
    CHECK_OK(meeple_state_returns(s, replayed, 2, &n));
    CHECK(replayed[0] == returns[6] && replayed[1] == returns[7]);
    CHECK_STATUS(meeple_tournament_game_moves(t, 10, players, actions, 16, &m), MEEPLE_ERR_OUT_OF_RANGE);
    meeple_state_free(s);
    meeple_tournament_free(t);
    meeple_tournament_free(NULL);
    meeple_game_free(g);
}

/* Games [3, 7) asked as a slice are rows 3..6 of the run of 10; a caller whose
 * struct_size ends before first_game plays from game 0. */
static void tournament_slice_plays_the_same_games_as_the_whole_run(void) {
    const char *lineup[] = {"mcts(iterations=20)", "random"};
    meeple_game_t *g = NULL;
    meeple_tournament_t *whole = NULL, *part = NULL, *old = NULL;
    meeple_tournament_config_t cfg;
    uint64_t seeds[10], pseeds[4], oseeds[10];
    int32_t rotations[10], protations[4], players[10], pplayers[10], actions[10], pactions[10];
    double returns[20], preturns[8];
    size_t n = 0, m = 0, pm = 0, i;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    memset(&cfg, 0, sizeof cfg);
    cfg.struct_size = sizeof cfg;
    cfg.threads = 1;
    cfg.games = 10;
    cfg.seed = 11;
    cfg.duplicate = 1;
    cfg.keep_moves = 1;
    CHECK_OK(meeple_tournament_run(g, lineup, 2, &cfg, NULL, &whole));
    CHECK_OK(meeple_tournament_games(whole, seeds, rotations, NULL, returns, NULL, NULL, NULL, 10, &n));
    cfg.first_game = 3;
    cfg.games = 4;
    CHECK_OK(meeple_tournament_run(g, lineup, 2, &cfg, NULL, &part));
    CHECK_OK(meeple_tournament_games(part, pseeds, protations, NULL, preturns, NULL, NULL, NULL, 4, &n));
    CHECK(n == 4);
    for (i = 0; i < 4; ++i) {
        CHECK(pseeds[i] == seeds[3 + i] && protations[i] == rotations[3 + i]);
        CHECK(preturns[2 * i] == returns[2 * (3 + i)] && preturns[2 * i + 1] == returns[2 * (3 + i) + 1]);
    }
    CHECK_OK(meeple_tournament_game_moves(whole, 4, players, actions, 10, &m));
    CHECK_OK(meeple_tournament_game_moves(part, 1, pplayers, pactions, 10, &pm));
    CHECK(m == pm && memcmp(actions, pactions, m * sizeof actions[0]) == 0);
    CHECK(memcmp(players, pplayers, m * sizeof players[0]) == 0);
    /* first_game past what a struct_size covers is not read. */
    cfg.struct_size = (uint32_t)offsetof(meeple_tournament_config_t, first_game);
    cfg.games = 10;
    CHECK_OK(meeple_tournament_run(g, lineup, 2, &cfg, NULL, &old));
    CHECK_OK(meeple_tournament_games(old, oseeds, NULL, NULL, NULL, NULL, NULL, NULL, 10, &n));
    CHECK(n == 10 && memcmp(oseeds, seeds, sizeof seeds) == 0);
    cfg.struct_size = (uint32_t)offsetof(meeple_tournament_config_t, reserved);
    CHECK_STATUS(meeple_tournament_run(g, lineup, 2, &cfg, NULL, &part), MEEPLE_ERR_INVALID_ARGUMENT);
    cfg.struct_size = sizeof cfg;
    cfg.first_game = UINT64_MAX - 5;
    CHECK_STATUS(meeple_tournament_run(g, lineup, 2, &cfg, NULL, &part), MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_tournament_free(old);
    meeple_tournament_free(whole);
    meeple_tournament_free(part);
    meeple_game_free(g);
}

static void tournament_refuses_bad_arguments(void) {
    const char *three[] = {"random", "random", "random"};
    const char *bad[] = {"random", "minimax"};
    meeple_game_t *g = NULL;
    meeple_tournament_t *t = NULL;
    meeple_tournament_config_t cfg;
    meeple_control_t control;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    CHECK_STATUS(meeple_tournament_run(g, three, 3, NULL, NULL, &t), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_tournament_run(g, bad, 2, NULL, NULL, &t), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK(strstr(meeple_last_error_message(), "available") != NULL);
    CHECK_STATUS(meeple_tournament_run(g, three, 0, NULL, NULL, &t), MEEPLE_ERR_INVALID_ARGUMENT);
    memset(&cfg, 0, sizeof cfg);
    cfg.struct_size = sizeof cfg;
    cfg.games = 0;
    CHECK_STATUS(meeple_tournament_run(g, three, 2, &cfg, NULL, &t), MEEPLE_ERR_INVALID_ARGUMENT);
    cfg.games = 10;
    cfg.sprt = 1;
    cfg.sprt_elo0 = 0;
    cfg.sprt_elo1 = 50;
    cfg.sprt_alpha = 0.7;
    cfg.sprt_beta = 0.05;
    CHECK_STATUS(meeple_tournament_run(g, bad, 1, &cfg, NULL, &t), MEEPLE_ERR_INVALID_ARGUMENT);
    cfg.sprt = 0;
    memset(&control, 0, sizeof control);
    control.struct_size = sizeof control;
    control.cancel = 1;
    CHECK_STATUS(meeple_tournament_run(g, three, 2, &cfg, &control, &t), MEEPLE_ERR_CANCELLED);
    CHECK(t == NULL);
    meeple_game_free(g);
}

static void elo_fit_matches_the_closed_form(void) {
    /* 75 of 100: 400 log10(3) = 190.85 apart, so +-95.42 about the mean. */
    const double games[4] = {0, 100, 100, 0}, score[4] = {0, 75, 25, 0}, bad[4] = {0, 100, 90, 0};
    double elo[2], se[2];
    CHECK_OK(meeple_elo_fit(2, games, score, elo, se));
    CHECK(fabs(elo[0] - 95.424) < 1e-3 && fabs(elo[1] + 95.424) < 1e-3);
    CHECK(fabs(se[0] - 20.059) < 0.01);
    CHECK_STATUS(meeple_elo_fit(2, bad, score, elo, se), MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_elo_fit(0, games, score, elo, se), MEEPLE_ERR_INVALID_ARGUMENT);
}

/* The controlled act and policy: the same choice as without a control block, and a
 * cancelled block stops a search agent with nothing written (issue 37, item 8). */
static void search_agent_act_is_cancelled_by_its_control_block(void) {
    meeple_game_t *g = NULL;
    meeple_state_t *s = NULL;
    meeple_agent_t *a = NULL, *b = NULL;
    meeple_control_t control;
    int32_t plain = -1, controlled = -1, untouched = -7;
    float policy[9], before[9];
    size_t n = 0, i;
    CHECK_OK(meeple_game_new("tictactoe", &g));
    CHECK_OK(meeple_state_new(g, 1, &s));
    CHECK_OK(meeple_agent_new(g, "mcts(iterations=200)", 5, &a));
    CHECK_OK(meeple_agent_new(g, "mcts(iterations=200)", 5, &b));
    memset(&control, 0, sizeof control);
    control.struct_size = sizeof control;
    CHECK_OK(meeple_agent_act(a, s, MEEPLE_ACTING_PLAYER, &plain));
    CHECK_OK(meeple_agent_act_controlled(b, s, MEEPLE_ACTING_PLAYER, &control, &controlled));
    CHECK(plain == controlled);
    CHECK_OK(meeple_agent_act_controlled(b, s, MEEPLE_ACTING_PLAYER, NULL, &controlled));
    control.cancel = 1;
    CHECK_STATUS(meeple_agent_act_controlled(a, s, MEEPLE_ACTING_PLAYER, &control, &untouched), MEEPLE_ERR_CANCELLED);
    CHECK(untouched == -7);
    CHECK_OK(meeple_agent_policy_controlled(a, s, MEEPLE_ACTING_PLAYER, &control, NULL, 0, &n));
    CHECK(n == 9); /* the size query does no search */
    for (i = 0; i < 9; ++i) policy[i] = before[i] = 0.5f;
    CHECK_STATUS(meeple_agent_policy_controlled(a, s, MEEPLE_ACTING_PLAYER, &control, policy, 9, &n),
                 MEEPLE_ERR_CANCELLED);
    CHECK(memcmp(policy, before, sizeof policy) == 0);
    control.cancel = 0;
    CHECK_OK(meeple_agent_policy_controlled(a, s, MEEPLE_ACTING_PLAYER, &control, policy, 9, &n));
    control.struct_size = 4;
    CHECK_STATUS(meeple_agent_act_controlled(a, s, MEEPLE_ACTING_PLAYER, &control, &controlled),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    CHECK_STATUS(meeple_agent_act_controlled(NULL, s, MEEPLE_ACTING_PLAYER, NULL, &controlled),
                 MEEPLE_ERR_INVALID_ARGUMENT);
    meeple_agent_free(a);
    meeple_agent_free(b);
    meeple_state_free(s);
    meeple_game_free(g);
}

const meeple_test_case meeple_agent_tests[] = {
    {"search_agent_act_is_cancelled_by_its_control_block", search_agent_act_is_cancelled_by_its_control_block},
    {"heuristic_agent_takes_the_win", heuristic_agent_takes_the_win},
    {"agents_refuse_bad_specs", agents_refuse_bad_specs},
    {"agents_take_a_time_budget_and_report_their_iterations", agents_take_a_time_budget_and_report_their_iterations},
    {"tournament_reports_agents_and_replayable_games", tournament_reports_agents_and_replayable_games},
    {"tournament_slice_plays_the_same_games_as_the_whole_run", tournament_slice_plays_the_same_games_as_the_whole_run},
    {"tournament_refuses_bad_arguments", tournament_refuses_bad_arguments},
    {"elo_fit_matches_the_closed_form", elo_fit_matches_the_closed_form},
    {NULL, NULL},
};
