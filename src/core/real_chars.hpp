// Shortest round-trip text for doubles, and its parsing: std::to_chars and
// std::from_chars where the standard library has them for floating point (libstdc++
// 11+, and so every native build), else a portable version (real_chars.cpp) built on
// snprintf and strtod that writes the same characters. The fallback exists for the
// WebAssembly build: Debian 12's emscripten ships libc++ 13, which has the integer
// overloads only. Every double the library prints or reads goes through here, so both
// builds write the same JSON and specs.
#pragma once

#include <charconv>
#include <string>

namespace meeple {

// libc++ (the WebAssembly build's) defines __cpp_lib_to_chars while its floating-point
// overloads are missing or deleted, so only libstdc++ takes the standard path.
#if defined(__cpp_lib_to_chars) && __cpp_lib_to_chars >= 201611L && !defined(_LIBCPP_VERSION)
#define MEEPLE_STD_REAL_CHARS 1
#else
#define MEEPLE_STD_REAL_CHARS 0
#endif

namespace portable {
// std::to_chars(first, last, v): the fewest significant digits that read back as v,
// in fixed or scientific notation, whichever is shorter (fixed on a tie).
std::to_chars_result real_to_chars(char* first, char* last, double v);
// std::from_chars(first, last, v) with chars_format::general: an optional '-', then
// decimal digits with an optional point and exponent, or inf, infinity, nan, nan(...);
// no leading '+' or space. Out of range gives errc::result_out_of_range, v unchanged.
std::from_chars_result real_from_chars(const char* first, const char* last, double& v);
}  // namespace portable

inline std::to_chars_result real_to_chars(char* first, char* last, double v) {
#if MEEPLE_STD_REAL_CHARS
    return std::to_chars(first, last, v);
#else
    return portable::real_to_chars(first, last, v);
#endif
}

inline std::from_chars_result real_from_chars(const char* first, const char* last, double& v) {
#if MEEPLE_STD_REAL_CHARS
    return std::from_chars(first, last, v);
#else
    return portable::real_from_chars(first, last, v);
#endif
}

}  // namespace meeple
