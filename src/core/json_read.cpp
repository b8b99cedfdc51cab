#include "core/json_read.hpp"

#include <charconv>
#include <cmath>

#include "core/error.hpp"
#include "core/echo.hpp"
#include "core/real_chars.hpp"

namespace meeple {

JsonValue JsonValue::make_bool(bool b) {
    JsonValue v;
    v.kind_ = Kind::boolean;
    v.bool_ = b;
    return v;
}

JsonValue JsonValue::make_number(double x) {
    JsonValue v;
    v.kind_ = Kind::number;
    v.number_ = x;
    return v;
}

JsonValue JsonValue::make_string(std::string s) {
    JsonValue v;
    v.kind_ = Kind::string;
    v.string_ = std::move(s);
    return v;
}

JsonValue JsonValue::make_array(std::vector<JsonValue> items) {
    JsonValue v;
    v.kind_ = Kind::array;
    v.items_ = std::move(items);
    return v;
}

JsonValue JsonValue::make_object(std::vector<Member> members) {
    JsonValue v;
    v.kind_ = Kind::object;
    v.members_ = std::move(members);
    return v;
}

bool JsonValue::is_integer() const {
    // 2^63 is exactly representable; anything below it in magnitude fits an int64.
    return is_number() && std::trunc(number_) == number_ && std::fabs(number_) < 9223372036854775808.0;
}

std::int64_t JsonValue::as_int() const { return is_integer() ? static_cast<std::int64_t>(number_) : 0; }

const JsonValue* JsonValue::find(std::string_view key) const {
    for (const Member& m : members_) {
        if (m.first == key) return &m.second;
    }
    return nullptr;
}

std::string_view JsonValue::kind_name() const {
    switch (kind_) {
        case Kind::null: return "null";
        case Kind::boolean: return "a boolean";
        case Kind::number: return "a number";
        case Kind::string: return "a string";
        case Kind::array: return "an array";
        case Kind::object: return "an object";
    }
    return "?";
}

namespace {

class Parser {
public:
    explicit Parser(std::string_view text) : text_(text) {}

    JsonValue document() {
        skip_space();
        if (at_end()) error("the text is empty; expected a JSON value");
        JsonValue v = value(0);
        skip_space();
        if (!at_end()) error("unexpected text after the JSON value");
        return v;
    }

private:
    [[noreturn]] void error(const std::string& what) const {
        int line = 1, column = 1;
        for (std::size_t i = 0; i < pos_ && i < text_.size(); ++i) {
            if (text_[i] == '\n') ++line, column = 1;
            else ++column;
        }
        fail(Status::parse, "JSON error at line " + std::to_string(line) + ", column " + std::to_string(column) +
                                ": " + what);
    }

    bool at_end() const { return pos_ >= text_.size(); }
    char peek() const { return at_end() ? '\0' : text_[pos_]; }

    std::string shown(char c) const {
        if (at_end()) return "the end of the text";
        if (static_cast<unsigned char>(c) < 0x20 || static_cast<unsigned char>(c) >= 0x7F) {
            static constexpr char kHex[] = "0123456789abcdef";
            const auto u = static_cast<unsigned char>(c);
            return std::string("byte 0x") + kHex[u >> 4] + kHex[u & 15];
        }
        return std::string("'") + c + "'";
    }

    void skip_space() {
        while (!at_end()) {
            const char c = text_[pos_];
            if (c != ' ' && c != '\t' && c != '\n' && c != '\r') break;
            ++pos_;
        }
    }

    void expect_word(std::string_view word) {
        if (text_.substr(pos_, word.size()) != word) {
            error("expected a JSON value (null, true, false, a number, a string, [ or {), found " + shown(peek()));
        }
        pos_ += word.size();
    }

    JsonValue value(int depth) {
        if (depth >= kJsonMaxDepth) error("nesting deeper than " + std::to_string(kJsonMaxDepth) + " levels");
        switch (peek()) {
            case 'n': expect_word("null"); return JsonValue();
            case 't': expect_word("true"); return JsonValue::make_bool(true);
            case 'f': expect_word("false"); return JsonValue::make_bool(false);
            case '"': return JsonValue::make_string(string());
            case '[': return array(depth);
            case '{': return object(depth);
            default:
                if (peek() == '-' || (peek() >= '0' && peek() <= '9')) return number();
                error("expected a JSON value (null, true, false, a number, a string, [ or {), found " + shown(peek()));
        }
    }

    JsonValue array(int depth) {
        ++pos_;  // '['
        std::vector<JsonValue> items;
        skip_space();
        if (peek() == ']') {
            ++pos_;
            return JsonValue::make_array(std::move(items));
        }
        while (true) {
            skip_space();
            items.push_back(value(depth + 1));
            skip_space();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            if (peek() == ']') {
                ++pos_;
                return JsonValue::make_array(std::move(items));
            }
            error("expected ',' or ']' in an array, found " + shown(peek()));
        }
    }

    JsonValue object(int depth) {
        ++pos_;  // '{'
        std::vector<JsonValue::Member> members;
        skip_space();
        if (peek() == '}') {
            ++pos_;
            return JsonValue::make_object(std::move(members));
        }
        while (true) {
            skip_space();
            if (peek() != '"') error("expected a key in double quotes, found " + shown(peek()));
            const std::size_t key_at = pos_;
            std::string key = string();
            for (const auto& m : members) {
                if (m.first == key) {
                    pos_ = key_at;
                    error("duplicate key \"" + echo(key) + "\" in an object");
                }
            }
            skip_space();
            if (peek() != ':') error("expected ':' after the key \"" + echo(key) + "\", found " + shown(peek()));
            ++pos_;
            skip_space();
            JsonValue v = value(depth + 1);
            members.emplace_back(std::move(key), std::move(v));
            skip_space();
            if (peek() == ',') {
                ++pos_;
                continue;
            }
            if (peek() == '}') {
                ++pos_;
                return JsonValue::make_object(std::move(members));
            }
            error("expected ',' or '}' in an object, found " + shown(peek()));
        }
    }

    JsonValue number() {
        const std::size_t start = pos_;
        auto digits = [&] {
            const std::size_t from = pos_;
            while (!at_end() && text_[pos_] >= '0' && text_[pos_] <= '9') ++pos_;
            return pos_ - from;
        };
        if (peek() == '-') ++pos_;
        if (peek() == '0') {
            ++pos_;
        } else if (digits() == 0) {
            error("expected a digit in a number, found " + shown(peek()));
        }
        if (peek() == '.') {
            ++pos_;
            if (digits() == 0) error("expected a digit after the decimal point, found " + shown(peek()));
        }
        if (peek() == 'e' || peek() == 'E') {
            ++pos_;
            if (peek() == '+' || peek() == '-') ++pos_;
            if (digits() == 0) error("expected a digit in the exponent, found " + shown(peek()));
        }
        double v = 0;
        const char* first = text_.data() + start;
        const auto r = real_from_chars(first, text_.data() + pos_, v);
        if (r.ec != std::errc() || !std::isfinite(v)) {
            pos_ = start;
            error("the number " + std::string(text_.substr(start, 40)) + " is out of range");
        }
        return JsonValue::make_number(v);
    }

    unsigned hex4() {
        unsigned v = 0;
        for (int i = 0; i < 4; ++i) {
            const char c = peek();
            unsigned d;
            if (c >= '0' && c <= '9') d = unsigned(c - '0');
            else if (c >= 'a' && c <= 'f') d = unsigned(c - 'a' + 10);
            else if (c >= 'A' && c <= 'F') d = unsigned(c - 'A' + 10);
            else error("expected four hex digits after \\u, found " + shown(c));
            v = v * 16 + d;
            ++pos_;
        }
        return v;
    }

    static void put_utf8(std::string& out, unsigned cp) {
        if (cp < 0x80) {
            out += char(cp);
        } else if (cp < 0x800) {
            out += char(0xC0 | (cp >> 6));
            out += char(0x80 | (cp & 0x3F));
        } else if (cp < 0x10000) {
            out += char(0xE0 | (cp >> 12));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        } else {
            out += char(0xF0 | (cp >> 18));
            out += char(0x80 | ((cp >> 12) & 0x3F));
            out += char(0x80 | ((cp >> 6) & 0x3F));
            out += char(0x80 | (cp & 0x3F));
        }
    }

    std::string string() {
        ++pos_;  // '"'
        std::string out;
        while (true) {
            if (at_end()) error("unterminated string: expected a closing '\"'");
            const char c = text_[pos_];
            if (c == '"') {
                ++pos_;
                return out;
            }
            if (static_cast<unsigned char>(c) < 0x20) {
                error("control character " + shown(c) + " inside a string; escape it");
            }
            if (c != '\\') {
                out += c;
                ++pos_;
                continue;
            }
            ++pos_;
            if (at_end()) error("unterminated string: expected a closing '\"'");
            const char e = text_[pos_++];
            switch (e) {
                case '"': out += '"'; break;
                case '\\': out += '\\'; break;
                case '/': out += '/'; break;
                case 'b': out += '\b'; break;
                case 'f': out += '\f'; break;
                case 'n': out += '\n'; break;
                case 'r': out += '\r'; break;
                case 't': out += '\t'; break;
                case 'u': {
                    unsigned cp = hex4();
                    if (cp >= 0xD800 && cp < 0xDC00) {
                        // A high surrogate must be followed by an escaped low one.
                        if (text_.substr(pos_, 2) != "\\u") error("a high surrogate \\u escape must be followed by a low one");
                        pos_ += 2;
                        const unsigned low = hex4();
                        if (low < 0xDC00 || low >= 0xE000) error("a high surrogate \\u escape must be followed by a low one");
                        cp = 0x10000 + ((cp - 0xD800) << 10) + (low - 0xDC00);
                    } else if (cp >= 0xDC00 && cp < 0xE000) {
                        error("a low surrogate \\u escape without a high one before it");
                    }
                    put_utf8(out, cp);
                    break;
                }
                default:
                    --pos_;
                    error("unknown escape \\" + std::string(1, e) + " in a string");
            }
        }
    }

    std::string_view text_;
    std::size_t pos_ = 0;
};

}  // namespace

JsonValue parse_json(std::string_view text) { return Parser(text).document(); }

}  // namespace meeple
