// Array loops of 7-card evaluation, for the batch calls: the per-hand functions of
// evaluator.hpp rearranged so that no branch in the loop depends on a hand. Both give
// exactly the values of evaluate_unchecked on the same cards.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "poker/evaluator.hpp"

namespace meeple::poker {

// Hands a block of evaluate_id_rows7_unchecked: its flush list is a stack array.
inline constexpr std::size_t kFlushBlock = 1024;

// out[i] = the value of the 7 byte ids ids[7i .. 7i+7), for i < n; unchecked like
// evaluate_cards_unchecked. Why a loop of its own: in a per-hand loop the flush test is
// a branch that mispredicts on each flush (3% of random hands) and resolves late, after
// the pair-table reads, which often miss the first-level cache; measured, it cost
// 0.3-0.4 ns of about 2 a random hand. Here every hand reads the rank table (a flush
// hand's rank multiset has a slot too), flush hands are listed without a branch (the
// list's end moves on by the test's 0 or 1), and their values replace the rank-table
// ones after each block.
inline void evaluate_id_rows7_unchecked(const EvalTables& t, const std::uint8_t* ids, std::size_t n,
                                        std::uint32_t* out) {
    std::uint32_t flush_rows[kFlushBlock];
    std::uint64_t flush_sums[kFlushBlock];
    for (std::size_t first = 0; first < n; first += kFlushBlock) {
        const std::size_t rows = std::min(kFlushBlock, n - first);
        const std::uint8_t* block = ids + 7 * first;
        std::uint32_t* values = out + first;
        std::size_t flushes = 0;  // never above the row being written, so inside the arrays
        for (std::size_t j = 0; j < rows; ++j) {
            const std::uint64_t sum = hashed_sum7(t, block + 7 * j);
            values[j] = hashed_rank_value7_unchecked(t, sum);
            flush_rows[flushes] = static_cast<std::uint32_t>(j);
            flush_sums[flushes] = sum;
            flushes += (sum & 0x8888) != 0;
        }
        for (std::size_t f = 0; f < flushes; ++f)
            values[flush_rows[f]] = flush_value_of_cards(t, block + 7 * flush_rows[f], 7, flush_sums[f]);
    }
}

// The value of a mask of exactly 7 cards, from the seven-card rank table (128 KiB of
// values, half the table of 5 to 7 cards that evaluate_unchecked reads): the hashed
// suit words' sum is the same hash, and the flush is chosen without a branch as there
// (nonzero_or).
inline std::uint32_t evaluate7_mask_unchecked(const EvalTables& t, CardMask m) {
    const std::uint64_t sum = t.hashed_suit_words[m & 0x1FFF] + t.hashed_suit_words[(m >> 13) & 0x1FFF] +
                              t.hashed_suit_words[(m >> 26) & 0x1FFF] + t.hashed_suit_words[(m >> 39) & 0x1FFF];
    const auto flush = static_cast<std::uint32_t>(sum & 0xFFFF);
    const std::uint32_t plain = hashed_rank_value7_unchecked(t, sum);
    return nonzero_or(flush, plain);
}

}  // namespace meeple::poker
