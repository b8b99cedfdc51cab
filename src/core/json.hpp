// A small streaming JSON writer for views and descriptions. It places commas itself,
// so callers write keys and values in order and never build strings by hand.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace meeple {

class JsonWriter {
public:
    JsonWriter& begin_object();
    JsonWriter& end_object();
    JsonWriter& begin_array();
    JsonWriter& end_array();
    JsonWriter& key(std::string_view k);
    JsonWriter& value(std::string_view s);
    JsonWriter& value(const char* s) { return value(std::string_view(s)); }
    JsonWriter& value(const std::string& s) { return value(std::string_view(s)); }
    JsonWriter& value(bool b);
    JsonWriter& value(int v) { return value(static_cast<long long>(v)); }
    JsonWriter& value(long v) { return value(static_cast<long long>(v)); }
    JsonWriter& value(long long v);
    JsonWriter& value(unsigned v) { return value(static_cast<long long>(v)); }
    JsonWriter& value(unsigned long v) { return value(static_cast<long long>(v)); }
    JsonWriter& value(double v);
    JsonWriter& null();
    // Writes already-encoded JSON (for example a nested document) as one value.
    JsonWriter& raw(std::string_view json);

    template <class K, class V>
    JsonWriter& field(K&& k, V&& v) {
        key(std::forward<K>(k));
        return value(std::forward<V>(v));
    }

    const std::string& str() const { return out_; }
    std::string take() { return std::move(out_); }

private:
    void before_value();
    std::string out_;
    std::vector<bool> first_;   // one entry per open container: no element written yet
    bool after_key_ = false;
};

}  // namespace meeple
