// Data generation (agents/datagen.hpp): rows are the same for a seed at every thread
// count and however the games are cut into calls; labels are distributions over seats,
// rotated like the features; the siblings of a group are the played move and other legal
// moves of the same seat, labelled with the same playout seeds; a finished game labels
// its winner with 1.
#include <cmath>
#include <cstring>
#include <memory>
#include <set>
#include <vector>

#include "agents/agent.hpp"
#include "agents/arena.hpp"
#include "agents/datagen.hpp"
#include "check.hpp"
#include "core/error.hpp"
#include "core/registry.hpp"

using namespace meeple;

namespace {

DatagenConfig small(std::uint64_t games = 2) {
    DatagenConfig c;
    c.seed = 11;
    c.games = games;
    c.playouts = 2;
    c.samples_per_game = 2;
    c.siblings = 3;
    c.heuristic_share = 0.5;
    c.random_move = 0.2;
    return c;
}

bool same(const DatagenRows& a, const DatagenRows& b) {
    return a.rows == b.rows && a.features == b.features && a.labels == b.labels && a.meta == b.meta;
}

std::int64_t meta(const DatagenRows& r, std::size_t row, int column) {
    return r.meta[row * kNumDatagenMeta + static_cast<std::size_t>(column)];
}

}  // namespace

TEST(datagen_is_the_same_for_a_seed_at_every_thread_count_and_cut) {
    auto g = make_game("catan");
    DatagenConfig c = small(3);
    const DatagenRows one = run_datagen(g, c, Control());
    CHECK(one.rows > 0);
    CHECK(same(one, run_datagen(g, c, Control())));
    c.threads = 2;
    CHECK(same(one, run_datagen(g, c, Control())));
    // Games [0, 1) then [1, 3): the same rows as one call.
    DatagenConfig first = small(1), rest = small(2);
    rest.first_game = 1;
    const DatagenRows a = run_datagen(g, first, Control()), b = run_datagen(g, rest, Control());
    CHECK_EQ(a.rows + b.rows, one.rows);
    std::vector<float> joined = a.labels;
    joined.insert(joined.end(), b.labels.begin(), b.labels.end());
    CHECK(joined == one.labels);
    c.seed = 12;
    CHECK(!same(one, run_datagen(g, c, Control())));
}

TEST(datagen_rows_are_groups_of_legal_sibling_moves_with_proper_labels) {
    auto g = make_game("catan");
    const DatagenConfig c = small(2);
    const DatagenRows r = run_datagen(g, c, Control());
    const int n = g->num_players(), F = g->feature_size();
    CHECK(r.rows <= datagen_max_rows(*g, c));
    CHECK_EQ(r.features.size(), r.rows * static_cast<std::size_t>(F));
    CHECK_EQ(r.labels.size(), r.rows * static_cast<std::size_t>(n));
    for (std::size_t i = 0; i < r.rows; ++i) {
        double sum = 0;
        for (int s = 0; s < n; ++s) {
            const float x = r.labels[i * static_cast<std::size_t>(n) + static_cast<std::size_t>(s)];
            CHECK(x >= 0.0f && x <= 1.0f);
            sum += x;
        }
        CHECK(std::fabs(sum - 1.0) < 1e-5);
        CHECK_EQ(meta(r, i, kMetaViewer), meta(r, i, kMetaActor));  // the mover's rows only
        CHECK_EQ(meta(r, i, kMetaGroup), meta(r, i, kMetaGame) * c.samples_per_game +
                                             (meta(r, i, kMetaGroup) % c.samples_per_game));
    }
    // Groups: consecutive rows, the played move first, distinct moves, one playout seed.
    std::set<std::int64_t> seeds;
    for (std::size_t i = 0; i < r.rows;) {
        std::size_t j = i + 1;
        while (j < r.rows && meta(r, j, kMetaGroup) == meta(r, i, kMetaGroup)) ++j;
        CHECK_EQ(meta(r, i, kMetaPlayed), 1);
        CHECK(j - i >= 2 && j - i <= static_cast<std::size_t>(c.siblings));  // catan decisions sampled have 2+ moves
        std::set<std::int64_t> moves;
        for (std::size_t k = i; k < j; ++k) {
            if (k > i) CHECK_EQ(meta(r, k, kMetaPlayed), 0);
            CHECK_EQ(meta(r, k, kMetaPlayoutSeed), meta(r, i, kMetaPlayoutSeed));
            CHECK_EQ(meta(r, k, kMetaMove), meta(r, i, kMetaMove));
            CHECK_EQ(meta(r, k, kMetaActor), meta(r, i, kMetaActor));
            moves.insert(meta(r, k, kMetaAction));
        }
        CHECK_EQ(moves.size(), j - i);
        seeds.insert(meta(r, i, kMetaPlayoutSeed));
        i = j;
    }
    CHECK(seeds.size() >= 2);  // groups draw their own playouts
}

TEST(datagen_writes_a_row_per_seat_with_labels_rotated_like_the_features) {
    auto g = make_game("catan");
    DatagenConfig c = small(1);
    c.siblings = 1;
    c.samples_per_game = 1;
    c.playouts = 3;
    c.all_viewers = true;
    c.variant = kFeaturesOmniscient;
    const DatagenRows r = run_datagen(g, c, Control());
    const int n = g->num_players();
    CHECK_EQ(r.rows, static_cast<std::size_t>(n));
    for (int v = 0; v < n; ++v) {
        CHECK_EQ(meta(r, static_cast<std::size_t>(v), kMetaViewer), v);
        for (int j = 0; j < n; ++j) {
            // Row v, column j is seat (v + j) % n: row 0's column (v + j) % n.
            CHECK_EQ(r.labels[static_cast<std::size_t>(v * n + j)], r.labels[static_cast<std::size_t>((v + j) % n)]);
        }
    }
}

TEST(datagen_labels_depend_on_the_state_and_playout_seed_alone) {
    auto g = make_game("catan");
    std::vector<std::uint64_t> rec((g->record_size() + 7) / 8), twin(rec.size());
    g->init(rec.data(), 5);
    // Play a few moves of the setup with a random agent, then copy the record and give
    // the copy another generator: common random numbers replace it in every playout.
    auto agent = make_agent(g, "random", 9);
    for (int m = 0; m < 12; ++m) {
        const int p = acting_player(g->actors(rec.data()));
        CHECK(p >= 0);
        g->apply_unchecked(rec.data(), p, agent->act(rec.data(), p));
    }
    std::memcpy(twin.data(), rec.data(), g->record_size());
    const Rng other = Rng::from_seed(777);
    std::memcpy(twin.data(), &other, sizeof other);
    const std::vector<bool> kinds{true, false, true, false};
    std::vector<double> a(4), b(4);
    datagen_label(g, rec.data(), kinds, 0.1, 4, 1234, 0, Control(), a.data());
    datagen_label(g, twin.data(), kinds, 0.1, 4, 1234, 0, Control(), b.data());
    CHECK(a == b);
    double sum = 0;
    for (double x : a) sum += x;
    CHECK(std::fabs(sum - 1.0) < 1e-12);
}

TEST(datagen_labels_a_finished_game_with_its_winner) {
    auto g = make_game("catan");
    ArenaConfig cfg;
    cfg.lineup = {"heuristic"};
    cfg.games = 4;
    cfg.seed = 3;
    const ArenaResult res = run_arena(g, cfg, Control());
    bool checked = false;
    for (const ArenaGame& game : res.games) {
        if (game.truncated || game.illegal_seat >= 0) continue;
        std::vector<std::uint64_t> rec((g->record_size() + 7) / 8);
        g->init(rec.data(), game.seed);
        for (std::size_t m = 0; m < game.actions.size(); ++m) g->apply_unchecked(rec.data(), game.players[m], game.actions[m]);
        CHECK(g->is_terminal(rec.data()));
        std::vector<double> shares(4);
        datagen_label(g, rec.data(), {true, true, true, true}, 0.0, 3, 1, 0, Control(), shares.data());
        for (int s = 0; s < 4; ++s) CHECK_EQ(shares[static_cast<std::size_t>(s)], seat_outcome(game, s) == 1 ? 1.0 : 0.0);
        checked = true;
    }
    CHECK(checked);
}

TEST(datagen_rejects_bad_options_and_games_without_features) {
    auto g = make_game("catan");
    auto bad = [&](auto edit) {
        DatagenConfig c = small(1);
        edit(c);
        CHECK_THROWS_STATUS(run_datagen(g, c, Control()), Status::invalid_argument);
    };
    bad([](DatagenConfig& c) { c.games = 0; });
    bad([](DatagenConfig& c) { c.playouts = 0; });
    bad([](DatagenConfig& c) { c.samples_per_game = 0; });
    bad([](DatagenConfig& c) { c.siblings = 0; });
    bad([](DatagenConfig& c) { c.heuristic_share = 1.5; });
    bad([](DatagenConfig& c) { c.random_move = std::nan(""); });
    bad([](DatagenConfig& c) { c.variant = 2; });
    bad([](DatagenConfig& c) { c.threads = -1; });
    CHECK_THROWS_STATUS(run_datagen(make_game("tictactoe"), small(1), Control()), Status::invalid_argument);
}

TEST(datagen_stops_when_cancelled) {
    auto g = make_game("catan");
    meeple_control_t block{sizeof(meeple_control_t), 1, 0, 0};
    CHECK_THROWS_STATUS(run_datagen(g, small(1), Control(&block)), Status::cancelled);
}
