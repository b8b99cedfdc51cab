// Game options: each game declares its options once (name, type, default, domain,
// meaning); a spec string "name(key=value,...)" is parsed and checked against them.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace meeple {

// text: free words checked by the game itself (no commas, parentheses or '=', which the
// spec syntax reserves).
enum class OptionType { boolean, integer, real, choice, text };

struct OptionSpec {
    std::string_view name;
    OptionType type;
    std::string_view default_value;
    double min = 0;                // integer and real: inclusive bounds
    double max = 0;
    std::string_view choices = {};  // choice: the allowed words, comma-separated
    std::string_view meaning = {};
    // Left out of the canonical spec while at its default (written in normal form), so
    // that an option added to a game keeps the specs, and the snapshots, of its games.
    bool elide_default = false;
};

// A game name with its options as written, before checking.
struct ParsedSpec {
    std::string name;
    std::vector<std::pair<std::string, std::string>> options;
};

// Splits "name(key=value, ...)"; throws Error(parse) on malformed text.
ParsedSpec parse_spec(std::string_view text);

// The values of every declared option, defaults filled in, each checked and normalised.
class Options {
public:
    Options() = default;
    // Checks `given` against `specs`; throws Error with a message naming the option,
    // the bad value and what is accepted.
    Options(std::string_view game, std::span<const OptionSpec> specs,
            const std::vector<std::pair<std::string, std::string>>& given);

    bool get_bool(std::string_view name) const;
    long long get_int(std::string_view name) const;
    double get_real(std::string_view name) const;
    const std::string& get_choice(std::string_view name) const;

    // "name(key=value,...)" with every option in declared order, values normalised;
    // just "name" for a game without options.
    std::string canonical(std::string_view game) const;

    std::span<const OptionSpec> specs() const { return specs_; }
    const std::string& value(std::size_t i) const { return values_[i]; }

private:
    std::size_t index_of(std::string_view name) const;
    std::span<const OptionSpec> specs_;
    std::vector<std::string> values_;
};

}  // namespace meeple
