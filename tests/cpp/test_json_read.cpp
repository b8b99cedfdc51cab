// The JSON reader: values, errors that say where, limits, and robustness to junk.
#include <string>

#include "check.hpp"
#include "core/error.hpp"
#include "core/json_read.hpp"
#include "core/rng.hpp"

using namespace meeple;

namespace {

std::string parse_error(std::string_view text) {
    try {
        parse_json(text);
    } catch (const Error& e) {
        return e.status() == Status::parse ? e.what() : "wrong status";
    }
    return "no error";
}

bool mentions(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

}  // namespace

TEST(json_reads_every_kind_of_value) {
    const JsonValue v = parse_json(R"( {"a": [1, -2.5e-1, true, false, null], "b": {"c": "x\"\u00e9\ud83d\ude00"}, "d": []} )");
    CHECK(v.is_object() && v.members().size() == 3);
    const JsonValue& a = *v.find("a");
    CHECK(a.is_array() && a.items().size() == 5);
    CHECK(a.items()[0].is_integer() && a.items()[0].as_int() == 1);
    CHECK(a.items()[1].as_number() == -0.25 && !a.items()[1].is_integer());
    CHECK(a.items()[2].as_bool() && !a.items()[3].as_bool() && a.items()[4].is_null());
    CHECK(v.find("b")->find("c")->as_string() == "x\"\xC3\xA9\xF0\x9F\x98\x80");
    CHECK(v.find("d")->is_array() && v.find("d")->items().empty());
    CHECK(v.find("missing") == nullptr);
}

TEST(json_errors_name_line_column_and_what_was_expected) {
    CHECK(mentions(parse_error(""), "empty"));
    CHECK(mentions(parse_error("[1,\n 2 x]"), "line 2, column 4: expected ',' or ']'"));
    CHECK(mentions(parse_error("{\"a\" 1}"), "expected ':'"));
    CHECK(mentions(parse_error("{\"a\": 1, \"a\": 2}"), "duplicate key \"a\""));
    CHECK(mentions(parse_error("[01]"), "expected ',' or ']'"));
    CHECK(mentions(parse_error("[1.]"), "after the decimal point"));
    CHECK(mentions(parse_error("1e999"), "out of range"));
    CHECK(mentions(parse_error("\"abc"), "unterminated"));
    CHECK(mentions(parse_error("\"a\\qb\""), "unknown escape"));
    CHECK(mentions(parse_error("\"\\ud800\""), "surrogate"));
    CHECK(mentions(parse_error("\"a\tb\""), "control character"));
    CHECK(mentions(parse_error("tru"), "expected a JSON value"));
    CHECK(mentions(parse_error("[1] 2"), "after the JSON value"));
}

TEST(json_nesting_is_bounded) {
    CHECK(parse_json(std::string(100, '[') + std::string(100, ']')).is_array());
    CHECK(mentions(parse_error(std::string(100000, '[')), "nesting deeper than"));
}

TEST(json_reader_survives_random_bytes_and_mutations) {
    Rng rng = Rng::from_seed(42);
    const std::string seed_text = R"({"occupied": [[0, 1], [true, false]], "shapes": [null, [[0, -1, 1]]], "s": "\u00e9"})";
    const char alphabet[] = "{}[],:\"\\0123456789-+.eEtrufalsn \n\tu";
    int parsed = 0, rejected = 0;
    for (int i = 0; i < 20000; ++i) {
        std::string text = seed_text;
        const int edits = 1 + static_cast<int>(rng.below(4));
        for (int e = 0; e < edits; ++e) {
            const std::size_t at = rng.below(static_cast<std::uint32_t>(text.size() + 1));
            switch (rng.below(3)) {
                case 0: if (at < text.size()) text.erase(at, 1); break;
                case 1: text.insert(at, 1, alphabet[rng.below(sizeof alphabet - 1)]); break;
                default: if (at < text.size()) text[at] = static_cast<char>(rng.below(256));
            }
        }
        try {
            parse_json(text);
            ++parsed;
        } catch (const Error& e) {
            CHECK(e.status() == Status::parse);
            ++rejected;
        }
    }
    CHECK(parsed > 0 && rejected > 0);
}
