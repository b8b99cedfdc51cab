// What the triangle game shows: the terminal drawing, the view JSON and the
// observation layout, on a board small enough to write out by hand.
#include <string>
#include <vector>

#include "check.hpp"
#include "triangle_fixture.hpp"

using namespace meeple;
using namespace meeple::test;

namespace {

using Rec = Record<TriangleState>;

// A 2 x 4 board, every cell playable, one slot: (0,1) taken, a down triangle to place.
const char* kSpec = "triangle(rows=2,cols=4,playable=full,slots=1)";
const char* kPosition = R"({"occupied": [[0,1,0,0],[0,0,0,0]], "shapes": [[[0,0,0]]], "colors": [5]})";

Rec small_position(const TriangleFixture& g) {
    Rec rec;
    g.any->from_position(&rec, kPosition, 3);
    return rec;
}

}  // namespace

TEST(render_draws_orientation_triangles_and_slots) {
    TriangleFixture g(kSpec);
    const Rec rec = small_position(g);
    const std::string want =
        "triangle 2x4  step 0  score 0.000\n"
        "    0 1 2 3\n"
        " 0  \\/##\\//\\\n"
        " 1  /\\\\//\\\\/\n"
        "slot 0: template 4, colour 5\n"
        "    \\/\n";
    CHECK_EQ(g.any->render(&rec), want);
}

TEST(view_holds_board_shapes_colours_and_counters) {
    TriangleFixture g(kSpec);
    Rec rec = small_position(g);
    g.any->apply(&rec, 0, 0);  // the down triangle on (0,0)
    const JsonValue v = parse_json(g.any->view_json(&rec, kViewPublic));
    const auto& occupied = v.find("occupied")->items();
    CHECK(occupied.size() == 2 && occupied[0].items().size() == 4);
    CHECK(occupied[0].items()[0].as_int() == 1 && occupied[0].items()[1].as_int() == 1);
    CHECK(occupied[1].items()[0].as_int() == 0);
    // One slot, emptied by the step, refilled at once.
    const auto& shapes = v.find("shapes")->items();
    CHECK(shapes.size() == 1 && shapes[0].is_array() && !shapes[0].items().empty());
    const auto& first = shapes[0].items()[0].items();
    CHECK(first.size() == 3 && first[0].as_int() == 0 && first[1].as_int() == 0);
    CHECK(v.find("colors")->items().size() == 1 && v.find("colors")->items()[0].is_integer());
    CHECK(v.find("templates")->items()[0].is_integer());
    CHECK_EQ(v.find("step")->as_int(), 1);
    CHECK_EQ(v.find("placed")->as_int(), 1);
    const double score = v.find("score")->as_number();
    CHECK(score == v.find("last_reward")->as_number() && (score == 0.01 + 0.005 || score == 0.01));
    CHECK(v.find("playable")->items()[1].items()[3].as_int() == 1);
}

TEST(observation_follows_the_field_table) {
    TriangleFixture g(kSpec);
    const Rec rec = small_position(g);
    CHECK_EQ(g.any->obs_size(), 3 * 8 + 32 + 1 + 1 + 2);
    std::vector<float> obs(static_cast<std::size_t>(g.any->obs_size()), -1.0f);
    g.any->observe(&rec, 0, obs.data());
    const std::vector<float> occupied = {0, 1, 0, 0, 0, 0, 0, 0};
    const std::vector<float> up = {0, 1, 0, 1, 1, 0, 1, 0};
    for (int i = 0; i < 8; ++i) {
        CHECK_EQ(obs[i], occupied[i]);
        CHECK_EQ(obs[8 + i], 1.0f);  // every cell playable
        CHECK_EQ(obs[16 + i], up[i]);
    }
    // The shape plane is 4 x 8 with dc shifted by 4: the one triangle sits at [0][4].
    for (int b = 0; b < 32; ++b) CHECK_EQ(obs[24 + b], b == 4 ? 1.0f : 0.0f);
    CHECK_EQ(obs[56], 0.0f);  // the anchor points down
    CHECK_EQ(obs[57], 1.0f);  // the slot holds a shape
    CHECK_EQ(obs[58], 0.0f);  // score
    CHECK_EQ(obs[59], 0.0f);  // step
    const auto fields = g.any->obs_fields();
    CHECK(fields.size() == 8 && fields[3].name == "shapes" && fields[3].offset == 24 && fields[3].shape[0] == 1 &&
          fields[3].shape[1] == 4 && fields[3].shape[2] == 8);
}
