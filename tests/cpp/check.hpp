// A minimal test harness for the C++ unit tests: CHECK records a failure and goes on,
// TEST registers a function. Kept tiny so the test command needs nothing but a compiler.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace meeple::test {

struct Case {
    const char* name;
    void (*body)();
};

inline std::vector<Case>& cases() {
    static std::vector<Case> all;
    return all;
}

inline int& failures() {
    static int n = 0;
    return n;
}

struct Register {
    Register(const char* name, void (*body)()) { cases().push_back({name, body}); }
};

inline void report(const char* file, int line, const std::string& what) {
    std::fprintf(stderr, "%s:%d: CHECK failed: %s\n", file, line, what.c_str());
    ++failures();
}

// Runs every registered test; prints a closing line "N passed, N failed".
inline int run_all(int argc, char** argv) {
    const std::string filter = argc > 1 ? argv[1] : "";
    int passed = 0, failed = 0;
    for (const Case& c : cases()) {
        if (!filter.empty() && std::string(c.name).find(filter) == std::string::npos) continue;
        const int before = failures();
        try {
            c.body();
        } catch (const std::exception& e) {
            report(c.name, 0, std::string("unexpected exception: ") + e.what());
        }
        if (failures() == before) {
            ++passed;
        } else {
            ++failed;
            std::fprintf(stderr, "FAILED %s\n", c.name);
        }
    }
    std::printf("%d passed, %d failed\n", passed, failed);
    return failed == 0 ? 0 : 1;
}

}  // namespace meeple::test

#define MEEPLE_CAT2(a, b) a##b
#define MEEPLE_CAT(a, b) MEEPLE_CAT2(a, b)
#define TEST(name)                                                             \
    static void name();                                                        \
    static ::meeple::test::Register MEEPLE_CAT(register_, name)(#name, name); \
    static void name()
#define CHECK(cond)                                                                  \
    do {                                                                             \
        if (!(cond)) ::meeple::test::report(__FILE__, __LINE__, #cond);              \
    } while (0)
#define CHECK_EQ(a, b)                                                               \
    do {                                                                             \
        if (!((a) == (b))) ::meeple::test::report(__FILE__, __LINE__, #a " == " #b); \
    } while (0)
// Checks that `expr` throws meeple::Error with the given status.
#define CHECK_THROWS_STATUS(expr, status_value)                                              \
    do {                                                                                     \
        bool thrown_ = false;                                                                \
        try {                                                                                \
            (void)(expr);                                                                    \
        } catch (const ::meeple::Error& e_) {                                                \
            thrown_ = e_.status() == (status_value);                                         \
        }                                                                                    \
        if (!thrown_) ::meeple::test::report(__FILE__, __LINE__, #expr " throws " #status_value); \
    } while (0)
