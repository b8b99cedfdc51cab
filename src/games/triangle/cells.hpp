// A set of board cells as a 128-bit bitboard: bit i is cell i = r * cols + c. Two
// words hold any board of up to 128 cells (the default board uses 120 of them).
#pragma once

#include <bit>
#include <cstdint>

namespace meeple::triangle {

inline constexpr int kMaxCells = 128;

struct Cells {
    std::uint64_t lo = 0, hi = 0;

    static constexpr Cells bit(int i) {
        return i < 64 ? Cells{std::uint64_t(1) << i, 0} : Cells{0, std::uint64_t(1) << (i - 64)};
    }
    constexpr bool test(int i) const { return ((i < 64 ? lo >> i : hi >> (i - 64)) & 1) != 0; }
    constexpr void set(int i) { *this |= bit(i); }
    constexpr bool empty() const { return (lo | hi) == 0; }
    constexpr bool any() const { return !empty(); }
    constexpr int count() const { return std::popcount(lo) + std::popcount(hi); }
    // The cells of this set that `other` also holds are all of this set.
    constexpr bool within(Cells other) const { return ((lo & ~other.lo) | (hi & ~other.hi)) == 0; }
    constexpr bool intersects(Cells other) const { return ((lo & other.lo) | (hi & other.hi)) != 0; }

    constexpr Cells operator&(Cells o) const { return {lo & o.lo, hi & o.hi}; }
    constexpr Cells operator|(Cells o) const { return {lo | o.lo, hi | o.hi}; }
    constexpr Cells operator~() const { return {~lo, ~hi}; }
    constexpr Cells& operator&=(Cells o) { lo &= o.lo, hi &= o.hi; return *this; }
    constexpr Cells& operator|=(Cells o) { lo |= o.lo, hi |= o.hi; return *this; }
    constexpr bool operator==(const Cells&) const = default;

    // Cell i of the result is cell i + n of this set (n may be negative): the set seen
    // from anchors n cells before each member.
    constexpr Cells shifted_down(int n) const {
        if (n == 0) return *this;
        if (n < 0) return shifted_up(-n);
        if (n >= 128) return {};
        if (n >= 64) return {hi >> (n - 64), 0};
        return {(lo >> n) | (hi << (64 - n)), hi >> n};
    }
    constexpr Cells shifted_up(int n) const {
        if (n == 0) return *this;
        if (n < 0) return shifted_down(-n);
        if (n >= 128) return {};
        if (n >= 64) return {0, lo << (n - 64)};
        return {lo << n, (hi << n) | (lo >> (64 - n))};
    }

    // Calls f(i) for each member, in increasing order.
    template <class F>
    constexpr void for_each(F&& f) const {
        for (std::uint64_t w = lo; w; w &= w - 1) f(std::countr_zero(w));
        for (std::uint64_t w = hi; w; w &= w - 1) f(64 + std::countr_zero(w));
    }
};

}  // namespace meeple::triangle
