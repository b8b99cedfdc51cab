#include "core/options.hpp"

#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>

#include "core/error.hpp"
#include "core/echo.hpp"
#include "core/real_chars.hpp"

namespace meeple {
namespace {

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

bool is_identifier(std::string_view s) {
    if (s.empty() || !(std::islower(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
    for (char c : s) {
        if (!(std::islower(static_cast<unsigned char>(c)) || std::isdigit(static_cast<unsigned char>(c)) || c == '_'))
            return false;
    }
    return true;
}

std::string type_word(OptionType t) {
    switch (t) {
        case OptionType::boolean: return "true or false";
        case OptionType::integer: return "an integer";
        case OptionType::real: return "a number";
        case OptionType::choice: return "one of";
        case OptionType::text: return "a text";
    }
    return "?";
}

std::string format_real(double v) {
    char buf[64];
    auto r = real_to_chars(buf, buf + sizeof buf, v);
    return std::string(buf, r.ptr);
}

std::string domain_text(const OptionSpec& spec) {
    switch (spec.type) {
        case OptionType::boolean: return "true or false";
        case OptionType::integer:
            return "an integer from " + std::to_string(static_cast<long long>(spec.min)) + " to " +
                   std::to_string(static_cast<long long>(spec.max));
        case OptionType::real:
            return "a number from " + format_real(spec.min) + " to " + format_real(spec.max);
        case OptionType::choice: {
            std::string out = "one of ";
            for (char c : spec.choices) out += (c == ',') ? std::string(", ") : std::string(1, c);
            return out;
        }
        case OptionType::text: return "a non-empty text";
    }
    return type_word(spec.type);
}

// Returns the normalised value, or throws.
std::string normalise(std::string_view game, const OptionSpec& spec, std::string_view raw) {
    const std::string where = "option '" + std::string(spec.name) + "' of " + std::string(game);
    auto bad = [&](Status status) -> std::string {
        fail(status, where + " takes " + domain_text(spec) + ", got '" + echo(raw) + "'");
    };
    switch (spec.type) {
        case OptionType::boolean:
            if (raw == "true" || raw == "1") return "true";
            if (raw == "false" || raw == "0") return "false";
            return bad(Status::parse);
        case OptionType::integer: {
            long long v = 0;
            auto r = std::from_chars(raw.data(), raw.data() + raw.size(), v);
            if (raw.empty() || r.ec != std::errc() || r.ptr != raw.data() + raw.size()) return bad(Status::parse);
            if (v < spec.min || v > spec.max) return bad(Status::invalid_argument);
            return std::to_string(v);
        }
        case OptionType::real: {
            double v = 0;
            auto r = real_from_chars(raw.data(), raw.data() + raw.size(), v);
            if (raw.empty() || r.ec != std::errc() || r.ptr != raw.data() + raw.size()) return bad(Status::parse);
            if (!std::isfinite(v) || v < spec.min || v > spec.max) return bad(Status::invalid_argument);
            // -0 and 0 are one value: one canonical spec, so equal games compare equal.
            return format_real(v == 0 ? 0.0 : v);
        }
        case OptionType::choice: {
            std::string_view rest = spec.choices;
            while (!rest.empty()) {
                auto comma = rest.find(',');
                std::string_view word = rest.substr(0, comma);
                if (word == raw) return std::string(raw);
                if (comma == std::string_view::npos) break;
                rest.remove_prefix(comma + 1);
            }
            return bad(Status::invalid_argument);
        }
        case OptionType::text:
            if (raw.empty()) return bad(Status::parse);
            return std::string(raw);
    }
    fail(Status::internal, "unknown option type");
}

}  // namespace

ParsedSpec parse_spec(std::string_view text) {
    ParsedSpec out;
    std::string_view s = trim(text);
    auto open = s.find('(');
    std::string_view name = trim(s.substr(0, open));
    if (!is_identifier(name)) {
        fail(Status::parse, "malformed game spec '" + echo(text) +
                                "': expected a lowercase game name, optionally followed by "
                                "(key=value, ...), as in \"catan(players=3)\"");
    }
    out.name = std::string(name);
    if (open == std::string_view::npos) return out;
    if (s.back() != ')') {
        fail(Status::parse, "malformed game spec '" + echo(text) +
                                "': the option list must end with ')', as in \"catan(players=3)\"");
    }
    std::string_view body = s.substr(open + 1, s.size() - open - 2);
    if (trim(body).empty()) return out;
    while (true) {
        auto comma = body.find(',');
        std::string_view item = body.substr(0, comma);
        auto eq = item.find('=');
        std::string_view key = trim(item.substr(0, eq));
        if (eq == std::string_view::npos || !is_identifier(key) || trim(item.substr(eq + 1)).empty()) {
            fail(Status::parse, "malformed option '" + echo(trim(item)) + "' in game spec '" +
                                    echo(text) + "': write key=value, as in \"catan(players=3)\"");
        }
        std::string_view value = trim(item.substr(eq + 1));
        if (value.find_first_of("()=") != std::string_view::npos) {
            fail(Status::parse, "malformed value '" + echo(value) + "' in game spec '" +
                                    echo(text) + "'");
        }
        for (const auto& [k, v] : out.options) {
            if (k == key) fail(Status::invalid_argument, "option '" + echo(key) + "' given twice in '" + echo(text) + "'");
        }
        out.options.emplace_back(std::string(key), std::string(value));
        if (comma == std::string_view::npos) break;
        body.remove_prefix(comma + 1);
    }
    return out;
}

Options::Options(std::string_view game, std::span<const OptionSpec> specs,
                 const std::vector<std::pair<std::string, std::string>>& given)
    : specs_(specs) {
    for (const auto& [key, raw] : given) {
        bool known = false;
        for (const auto& spec : specs) known = known || spec.name == key;
        if (!known) {
            std::string list;
            for (const auto& spec : specs) list += (list.empty() ? "" : ", ") + std::string(spec.name);
            fail(Status::invalid_argument, "unknown option '" + echo(key) + "' for " + std::string(game) +
                                               (list.empty() ? "; it takes no options" : "; available: " + list));
        }
    }
    values_.reserve(specs.size());
    for (const auto& spec : specs) {
        std::string_view raw = spec.default_value;
        for (const auto& [key, value] : given) {
            if (key == spec.name) raw = value;
        }
        values_.push_back(normalise(game, spec, raw));
    }
}

std::size_t Options::index_of(std::string_view name) const {
    for (std::size_t i = 0; i < specs_.size(); ++i) {
        if (specs_[i].name == name) return i;
    }
    fail(Status::internal, "option '" + std::string(name) + "' is not declared");
}

bool Options::get_bool(std::string_view name) const { return values_[index_of(name)] == "true"; }

long long Options::get_int(std::string_view name) const { return std::stoll(values_[index_of(name)]); }

double Options::get_real(std::string_view name) const {
    const std::string& v = values_[index_of(name)];
    double out = 0;
    real_from_chars(v.data(), v.data() + v.size(), out);
    return out;
}

const std::string& Options::get_choice(std::string_view name) const { return values_[index_of(name)]; }

std::string Options::canonical(std::string_view game) const {
    std::string out(game);
    if (specs_.empty()) return out;
    out += '(';
    bool first = true;
    for (std::size_t i = 0; i < specs_.size(); ++i) {
        if (specs_[i].elide_default && values_[i] == specs_[i].default_value) continue;
        if (!first) out += ',';
        first = false;
        out += specs_[i].name;
        out += '=';
        out += values_[i];
    }
    out += ')';
    return out;
}

}  // namespace meeple
