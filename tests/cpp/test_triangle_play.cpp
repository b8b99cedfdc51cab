// Random play on the triangle game: invariants after every step, determinism, and
// snapshot round trips, through the type-erased model as the C ABI uses it.
#include <cmath>
#include <cstring>
#include <vector>

#include "check.hpp"
#include "core/snapshot.hpp"
#include "triangle_fixture.hpp"

using namespace meeple;
using namespace meeple::test;

namespace {

using Rec = Record<TriangleState>;

// Plays one random game, checking every invariant after every step. Returns the steps.
int play_checked(const TriangleFixture& g, std::uint64_t seed, Rng& chooser) {
    Rec rec;
    g.any->init(&rec, seed);
    double reward_sum = 0;
    int steps = 0;
    while (true) {
        const TriangleState& s = rec.state;
        CHECK(g.any->check(&rec).empty());
        CHECK(TriangleGame::occupied(s).within(g->board().playable_cells()));
        for (const auto& line : g->board().lines()) CHECK(!line.cells.within(TriangleGame::occupied(s)));
        const std::set<int> oracle = oracle_legal_actions(*g, s);
        const std::set<int> mask = mask_actions(*g, s);
        CHECK(oracle == mask);
        // The game ends exactly when no slot's shape fits anywhere.
        CHECK_EQ(g.any->is_terminal(&rec), oracle.empty());
        if (oracle.empty()) break;
        const std::vector<int> legal = g.any->legal_actions(&rec, 0);
        CHECK(std::vector<int>(oracle.begin(), oracle.end()) == legal);
        for (int a : legal) CHECK(g->is_legal(s, 0, a));

        // An illegal action is refused and changes no byte, generator included.
        const int probe = static_cast<int>(chooser.below(static_cast<std::uint32_t>(g->num_actions())));
        if (!oracle.count(probe)) {
            const Rec before = rec;
            CHECK_THROWS_STATUS(g.any->apply(&rec, 0, probe), Status::illegal_action);
            CHECK(std::memcmp(&before, &rec, sizeof rec) == 0);
        }
        g.any->apply(&rec, 0, legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
        double r = 0;
        g.any->step_reward(&rec, &r);
        reward_sum += r;
        ++steps;
        CHECK_EQ(rec.move_number, static_cast<std::uint64_t>(steps));
    }
    double ret = 0;
    g.any->returns(&rec, &ret);
    CHECK(std::fabs(ret - reward_sum) < 1e-9);
    CHECK(g.any->legal_actions(&rec, kActing).empty());
    CHECK_THROWS_STATUS(g.any->apply(&rec, 0, 0), Status::wrong_state);
    return steps;
}

// The actions taken and the final record of a game chosen by `chooser_seed`.
std::vector<unsigned char> final_bytes(const TriangleFixture& g, std::uint64_t seed, std::uint64_t chooser_seed) {
    Rec rec;
    g.any->init(&rec, seed);
    Rng chooser = Rng::from_seed(chooser_seed);
    while (!g.any->is_terminal(&rec)) {
        const auto legal = g.any->legal_actions(&rec, 0);
        g.any->apply(&rec, 0, legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    std::vector<unsigned char> out(sizeof rec);
    std::memcpy(out.data(), &rec, sizeof rec);
    return out;
}

}  // namespace

TEST(random_play_keeps_every_invariant_on_the_default_board) {
    TriangleFixture g;
    Rng chooser = Rng::from_seed(2024);
    int total = 0;
    for (std::uint64_t seed = 0; seed < 150; ++seed) total += play_checked(g, seed, chooser);
    CHECK(total > 150 * 10);  // games are not trivially short
}

TEST(random_play_keeps_every_invariant_on_other_boards) {
    Rng chooser = Rng::from_seed(7);
    for (const char* spec : {"triangle(rows=4,cols=7)", "triangle(rows=8,cols=16,playable=full,slots=4)",
                             "triangle(rows=3,cols=5,playable=full,slots=1,colors=1)",
                             "triangle(rows=5,cols=9,playable=2-7/1-8/0-9/1-8/2-7,slots=2)",
                             "triangle(rows=1,cols=3)"}) {
        TriangleFixture g(spec);
        for (std::uint64_t seed = 0; seed < 30; ++seed) play_checked(g, seed, chooser);
    }
}

TEST(same_seed_and_actions_give_the_same_bytes) {
    TriangleFixture g;
    for (std::uint64_t seed : {0ull, 1ull, 123456789ull}) {
        CHECK(final_bytes(g, seed, 5) == final_bytes(g, seed, 5));
    }
    CHECK(final_bytes(g, 1, 5) != final_bytes(g, 2, 5));
}

TEST(snapshot_round_trip_restores_every_byte) {
    TriangleFixture g;
    Rec rec;
    g.any->init(&rec, 77);
    Rng chooser = Rng::from_seed(1);
    for (int i = 0; i < 12 && !g.any->is_terminal(&rec); ++i) {
        const auto legal = g.any->legal_actions(&rec, 0);
        g.any->apply(&rec, 0, legal[chooser.below(static_cast<std::uint32_t>(legal.size()))]);
    }
    std::vector<std::uint8_t> bytes(snapshot_size(*g.any));
    write_snapshot(*g.any, &rec, bytes.data());
    Rec back;
    read_snapshot(*g.any, bytes.data(), bytes.size(), &back);
    CHECK(std::memcmp(&rec, &back, sizeof rec) == 0);
    // A restored state plays on exactly as the original.
    const auto legal = g.any->legal_actions(&rec, 0);
    if (!legal.empty()) {
        g.any->apply(&rec, 0, legal.front());
        g.any->apply(&back, 0, legal.front());
        CHECK(std::memcmp(&rec, &back, sizeof rec) == 0);
    }
}

TEST(snapshot_with_a_broken_state_is_rejected) {
    TriangleFixture g;
    Rec rec;
    g.any->init(&rec, 3);
    rec.state.occupied[0] |= 1;  // (0,0) is a death cell
    std::vector<std::uint8_t> bytes(snapshot_size(*g.any));
    write_snapshot(*g.any, &rec, bytes.data());
    Rec back;
    CHECK_THROWS_STATUS(read_snapshot(*g.any, bytes.data(), bytes.size(), &back), Status::parse);
}

TEST(check_catches_each_broken_invariant) {
    TriangleFixture g;
    Rec good;
    g.any->init(&good, 3);
    CHECK(g.any->check(&good).empty());
    auto broken = [&](auto mutate) {
        Rec r = good;
        mutate(r.state);
        return !g.any->check(&r).empty();
    };
    CHECK(broken([](TriangleState& s) { s.occupied[1] |= std::uint64_t(1) << 60; }));  // beyond 120 cells
    CHECK(broken([](TriangleState& s) { s.slot_template[0] = 40; }));
    CHECK(broken([](TriangleState& s) { s.slot_template[0] = s.slot_template[0] == 4 ? 0 : 4; }));
    CHECK(broken([](TriangleState& s) { s.slot_color[1] = 9; }));
    CHECK(broken([](TriangleState& s) { s.slot_template[3] = 0; }));  // a fourth slot on a 3-slot game
    CHECK(broken([](TriangleState& s) {
        for (int i = 0; i < 3; ++i) s.slot_template[i] = triangle::kEmptySlot, s.slot_cells[i] = 0,
                                    s.slot_anchor_up[i] = 0, s.slot_color[i] = 0;
    }));
    CHECK(broken([](TriangleState& s) { s.over = 1; }));
    CHECK(broken([](TriangleState& s) { s.steps = 1; }));
    CHECK(broken([](TriangleState& s) { s.placed = 5; }));
    CHECK(broken([](TriangleState& s) { s.reserved[2] = 1; }));
}
