// Unit tests of the core's building blocks: the generator, option specs, JSON writing,
// snapshot bytes.
#include <cstring>
#include <set>
#include <vector>

#include "check.hpp"
#include "core/error.hpp"
#include "core/json.hpp"
#include "core/options.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"
#include "core/snapshot.hpp"

using namespace meeple;

TEST(xoshiro256starstar_matches_the_reference_outputs) {
    // Reference outputs of xoshiro256** 1.0 from the state {1, 2, 3, 4}.
    Rng r{{1, 2, 3, 4}};
    CHECK_EQ(r.next(), 11520ull);
    CHECK_EQ(r.next(), 0ull);
    CHECK_EQ(r.next(), 1509978240ull);
    CHECK_EQ(r.next(), 1215971899390074240ull);
}

TEST(splitmix64_matches_the_reference_output) {
    std::uint64_t x = 0;
    CHECK_EQ(splitmix64_next(x), 0xE220A8397B1DCDAFull);
}

TEST(seeding_fills_the_state_with_splitmix64_words) {
    const Rng r = Rng::from_seed(0);
    std::uint64_t x = 0;
    for (int i = 0; i < 4; ++i) CHECK_EQ(r.s[i], splitmix64_next(x));
    CHECK(r.valid());
}

TEST(below_is_unbiased_and_in_range) {
    Rng r = Rng::from_seed(42);
    int counts[6] = {};
    for (int i = 0; i < 60000; ++i) {
        const std::uint32_t v = r.below(6);
        CHECK(v < 6);
        ++counts[v];
    }
    for (int c : counts) CHECK(c > 9500 && c < 10500);
    for (int i = 0; i < 100; ++i) CHECK_EQ(r.below(1), 0u);
}

TEST(unit_is_in_the_half_open_interval) {
    Rng r = Rng::from_seed(7);
    for (int i = 0; i < 10000; ++i) {
        const double u = r.unit();
        CHECK(u >= 0.0 && u < 1.0);
    }
}

TEST(spec_parsing_splits_name_and_options) {
    const ParsedSpec p = parse_spec("  catan ( players = 3 , vp_to_win=12 ) ");
    CHECK_EQ(p.name, std::string("catan"));
    CHECK_EQ(p.options.size(), 2u);
    CHECK_EQ(p.options[0].first, std::string("players"));
    CHECK_EQ(p.options[0].second, std::string("3"));
    CHECK_EQ(p.options[1].second, std::string("12"));
    CHECK(parse_spec("tictactoe()").options.empty());
}

TEST(malformed_specs_are_parse_errors) {
    for (const char* bad : {"", "(", "x(", "x(a)", "x(a=)", "x(=1)", "X", "x y", "x(a=1,)", "x(a=(1))"}) {
        CHECK_THROWS_STATUS(parse_spec(bad), Status::parse);
    }
    CHECK_THROWS_STATUS(parse_spec("x(a=1,a=2)"), Status::invalid_argument);
}

namespace {
constexpr OptionSpec kSpecs[] = {
    {"flag", OptionType::boolean, "false", 0, 0, {}, "a switch"},
    {"count", OptionType::integer, "4", 2, 6, {}, "a number of things"},
    {"ratio", OptionType::real, "0.5", 0, 1, {}, "a fraction"},
    {"board", OptionType::choice, "random", 0, 0, "random,beginner", "a layout"},
};
}

TEST(options_take_defaults_and_normalise_values) {
    Options o("demo", kSpecs, {{"flag", "1"}, {"ratio", "0.250"}});
    CHECK(o.get_bool("flag"));
    CHECK_EQ(o.get_int("count"), 4);
    CHECK_EQ(o.get_real("ratio"), 0.25);
    CHECK_EQ(o.get_choice("board"), std::string("random"));
    CHECK_EQ(o.canonical("demo"), std::string("demo(flag=true,count=4,ratio=0.25,board=random)"));
}

TEST(option_values_outside_their_domain_are_refused) {
    CHECK_THROWS_STATUS(Options("demo", kSpecs, {{"count", "7"}}), Status::invalid_argument);
    CHECK_THROWS_STATUS(Options("demo", kSpecs, {{"count", "1"}}), Status::invalid_argument);
    CHECK_THROWS_STATUS(Options("demo", kSpecs, {{"count", "3.5"}}), Status::parse);
    CHECK_THROWS_STATUS(Options("demo", kSpecs, {{"ratio", "2"}}), Status::invalid_argument);
    CHECK_THROWS_STATUS(Options("demo", kSpecs, {{"ratio", "nan"}}), Status::invalid_argument);
    CHECK_THROWS_STATUS(Options("demo", kSpecs, {{"board", "hexes"}}), Status::invalid_argument);
    CHECK_THROWS_STATUS(Options("demo", kSpecs, {{"flag", "yes"}}), Status::parse);
    CHECK_THROWS_STATUS(Options("demo", kSpecs, {{"size", "1"}}), Status::invalid_argument);
    try {
        Options("demo", kSpecs, {{"board", "hexes"}});
    } catch (const Error& e) {
        CHECK(std::string(e.what()).find("one of random, beginner") != std::string::npos);
    }
}

TEST(json_writer_places_commas_and_escapes) {
    JsonWriter j;
    j.begin_object();
    j.field("a", 1).field("b", "x\"y\n");
    j.key("c").begin_array().value(true).null().value(0.5).end_array();
    j.key("d").begin_object().end_object();
    j.end_object();
    CHECK_EQ(j.str(), std::string(R"({"a":1,"b":"x\"y\n","c":[true,null,0.5],"d":{}})"));
}

TEST(registry_lists_games_sorted_and_unique) {
    std::set<std::string_view> seen;
    std::string_view last;
    for (const GameEntry& e : registered_games()) {
        CHECK(seen.insert(e.name).second);
        CHECK(last < e.name);
        last = e.name;
    }
    CHECK(seen.count("tictactoe") == 1);
}

TEST(snapshot_reads_back_what_it_wrote) {
    auto game = make_game("tictactoe");
    std::vector<std::uint64_t> rec((game->record_size() + 7) / 8), back(rec.size());
    game->init(rec.data(), 99);
    game->apply(rec.data(), 0, 4);
    std::vector<std::uint8_t> bytes(snapshot_size(*game));
    write_snapshot(*game, rec.data(), bytes.data());
    read_snapshot(*game, bytes.data(), bytes.size(), back.data());
    CHECK(std::memcmp(rec.data(), back.data(), game->record_size()) == 0);
    CHECK_EQ(game->move_number(back.data()), 1u);
}

TEST(a_refused_snapshot_leaves_the_target_untouched) {
    auto game = make_game("tictactoe");
    std::vector<std::uint64_t> rec((game->record_size() + 7) / 8), target(rec.size(), 0xABABABABABABABABull);
    game->init(rec.data(), 1);
    std::vector<std::uint8_t> bytes(snapshot_size(*game));
    write_snapshot(*game, rec.data(), bytes.data());
    bytes.back() ^= 1;
    CHECK_THROWS_STATUS(read_snapshot(*game, bytes.data(), bytes.size(), target.data()), Status::parse);
    for (std::uint64_t w : target) CHECK_EQ(w, 0xABABABABABABABABull);
}

TEST(checked_apply_refuses_and_keeps_the_record) {
    auto game = make_game("tictactoe");
    std::vector<std::uint64_t> rec((game->record_size() + 7) / 8);
    game->init(rec.data(), 5);
    game->apply(rec.data(), 0, 0);
    const std::vector<std::uint64_t> before = rec;
    CHECK_THROWS_STATUS(game->apply(rec.data(), 1, 0), Status::illegal_action);
    CHECK_THROWS_STATUS(game->apply(rec.data(), 0, 1), Status::not_active);
    CHECK_THROWS_STATUS(game->apply(rec.data(), 1, 9), Status::out_of_range);
    CHECK_THROWS_STATUS(game->apply(rec.data(), 3, 1), Status::out_of_range);
    CHECK(rec == before);
}
