// A small JSON reader: text in, a DOM out (null, boolean, number, string, array,
// object). Used where callers describe things in JSON, such as positions. It trusts
// nothing: any malformed text becomes Error(parse) naming the line, column and what
// was expected; nesting is bounded so hostile input cannot exhaust the stack.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace meeple {

class JsonValue {
public:
    enum class Kind { null, boolean, number, string, array, object };
    using Member = std::pair<std::string, JsonValue>;

    JsonValue() = default;
    static JsonValue make_bool(bool b);
    static JsonValue make_number(double v);
    static JsonValue make_string(std::string s);
    static JsonValue make_array(std::vector<JsonValue> items);
    static JsonValue make_object(std::vector<Member> members);

    Kind kind() const { return kind_; }
    bool is_null() const { return kind_ == Kind::null; }
    bool is_bool() const { return kind_ == Kind::boolean; }
    bool is_number() const { return kind_ == Kind::number; }
    bool is_string() const { return kind_ == Kind::string; }
    bool is_array() const { return kind_ == Kind::array; }
    bool is_object() const { return kind_ == Kind::object; }
    // A number with no fractional part that fits in an int64.
    bool is_integer() const;

    // The accessors assume the kind was checked; on another kind they return false,
    // 0, an empty string or an empty list.
    bool as_bool() const { return is_bool() && bool_; }
    double as_number() const { return is_number() ? number_ : 0.0; }
    std::int64_t as_int() const;
    const std::string& as_string() const { return string_; }
    const std::vector<JsonValue>& items() const { return items_; }
    const std::vector<Member>& members() const { return members_; }
    // The member named `key` of an object, or nullptr.
    const JsonValue* find(std::string_view key) const;

    // "null", "a boolean", "a number", ... for error messages.
    std::string_view kind_name() const;

private:
    Kind kind_ = Kind::null;
    bool bool_ = false;
    double number_ = 0.0;
    std::string string_;
    std::vector<JsonValue> items_;
    std::vector<Member> members_;
};

inline constexpr int kJsonMaxDepth = 128;

// Parses one JSON document (RFC 8259; surrounding whitespace allowed). Throws
// Error(parse) with "line L, column C" and what was expected. Duplicate keys in an
// object are rejected, since which one wins would be a silent guess.
JsonValue parse_json(std::string_view text);

}  // namespace meeple
