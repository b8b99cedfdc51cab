// Checked hand evaluation for both games, showdowns and batches.
#include "poker/hand.hpp"

#include <algorithm>
#include <array>
#include <string>
#if defined(__SSSE3__)
#include <tmmintrin.h>
#endif

#include "core/error.hpp"
#include "poker/eval_rows.hpp"
#include "poker/parallel.hpp"

namespace meeple::poker {
namespace {

// Batches are split into chunks this large, so small arrays stay on one thread.
constexpr std::size_t kBatchChunk = 1 << 14;

std::string listed(CardMask mask) { return mask ? " (" + format_mask(mask) + ")" : ""; }

// The index of the first mask in [begin, end) that is not 5 to 7 cards of the deck, or
// `end`; `all_seven` says whether every mask there holds seven cards (the evaluation
// then reads the smaller seven-card table). When the build's target lacks POPCNT
// (MEEPLE_ARCH=x86-64), cloned for CPUs that have it (chosen at load time), where the
// check is a third of the cost of evaluation rather than half; the default target
// (x86-64-v2) has it, and needs no clone.
#if defined(__GNUC__) && defined(__x86_64__) && defined(__linux__) && !defined(__clang__) && \
    !defined(__POPCNT__)  // ifunc needed
__attribute__((target_clones("popcnt", "default")))
#endif
std::size_t first_bad_mask(const CardMask* masks, std::size_t begin, std::size_t end, bool& all_seven) {
    bool seven = true;
    for (std::size_t i = begin; i < end; ++i) {
        const int c = __builtin_popcountll(masks[i]);
        if ((masks[i] & ~kDeckMask) || c < 5 || c > 7) return i;
        seven &= c == 7;
    }
    all_seven = seven;
    return end;
}

}  // namespace

Variant variant_from(std::int32_t game) {
    if (game == 0) return Variant::holdem;
    if (game == 1) return Variant::plo;
    fail(Status::invalid_argument, "unknown poker game " + std::to_string(game) +
                                       "; use MEEPLE_POKER_HOLDEM (0) or MEEPLE_POKER_PLO (1)");
}

const char* variant_name(Variant v) { return v == Variant::holdem ? "Hold'em" : "PLO"; }

int hole_cards(Variant v) { return v == Variant::holdem ? 2 : 4; }

void check_hand(Variant v, CardMask hole, CardMask board, const char* what, const char* board_what) {
    check_mask(hole, what);
    check_mask(board, board_what);
    const int nh = card_count(hole), nb = card_count(board);
    if (nh != hole_cards(v)) {
        fail(Status::invalid_argument, std::string(what) + " has " + std::to_string(nh) + " cards" + listed(hole) +
                                           "; a " + variant_name(v) + " hand has " +
                                           std::to_string(hole_cards(v)) + " hole cards");
    }
    if (nb < 3 || nb > 5) {
        fail(Status::invalid_argument, std::string(board_what) + " has " + std::to_string(nb) + " cards" + listed(board) +
                                           "; evaluation needs a board of 3, 4 or 5 cards");
    }
    if (hole & board) {
        fail(Status::invalid_argument, std::string(what) + " and " + board_what + " share " + format_mask(hole & board) +
                                           "; a card can be in one place only");
    }
}

std::uint32_t evaluate_hand(Variant v, CardMask hole, CardMask board) {
    check_hand(v, hole, board, "the hand");
    return evaluate_hand_unchecked(eval_tables(), v, hole, board);
}

std::vector<int> showdown(Variant v, const CardMask* holes, std::size_t n, CardMask board, std::uint32_t* values) {
    if (n == 0) fail(Status::invalid_argument, "a showdown needs at least one hand");
    CardMask seen = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const std::string what = "hand " + std::to_string(i);
        check_hand(v, holes[i], board, what.c_str());
        if (const CardMask shared = holes[i] & seen) {
            std::size_t j = 0;
            while (!(holes[j] & shared)) ++j;  // the earlier hand holding it
            fail(Status::invalid_argument, what + " (" + format_mask(holes[i]) + ") shares " + format_mask(shared) +
                                               " with hand " + std::to_string(j) + " (" + format_mask(holes[j]) +
                                               "); a card can be in one hand only");
        }
        seen |= holes[i];
    }
    const EvalTables& t = eval_tables();
    std::vector<std::uint32_t> v_all(n);
    for (std::size_t i = 0; i < n; ++i) v_all[i] = evaluate_hand_unchecked(t, v, holes[i], board);
    const std::uint32_t best = *std::max_element(v_all.begin(), v_all.end());
    std::vector<int> winners;
    for (std::size_t i = 0; i < n; ++i)
        if (v_all[i] == best) winners.push_back(static_cast<int>(i));
    if (values) std::copy(v_all.begin(), v_all.end(), values);
    return winners;
}

void evaluate_batch(const CardMask* masks, std::size_t n, std::uint32_t* out, int threads) {
    if (n == 0) return;
    // Pass one checks every mask (in parallel, writing nothing); pass two evaluates.
    const std::size_t chunks = (n + kBatchChunk - 1) / kBatchChunk;
    std::vector<std::size_t> first_bad(chunks, n);
    std::vector<char> all_seven(chunks, 0);
    parallel_for(chunks, threads, [&](std::size_t chunk) {
        const std::size_t end = std::min(n, (chunk + 1) * kBatchChunk);
        bool seven = false;
        const std::size_t bad = first_bad_mask(masks, chunk * kBatchChunk, end, seven);
        if (bad != end) first_bad[chunk] = bad;
        all_seven[chunk] = seven;
    });
    for (std::size_t bad : first_bad) {
        if (bad == n) continue;
        const CardMask m = masks[bad];
        fail(Status::invalid_argument,
             "masks[" + std::to_string(bad) + "] = " + std::to_string(m) +
                 ((m & ~kDeckMask) ? " has bits above bit 51" : " holds " + std::to_string(card_count(m)) + " cards") +
                 "; each mask needs 5, 6 or 7 cards in bits 0..51");
    }
    const EvalTables& t = eval_tables();
    parallel_for(chunks, threads, [&](std::size_t chunk) {
        const std::size_t end = std::min(n, (chunk + 1) * kBatchChunk);
        if (all_seven[chunk]) {
            for (std::size_t i = chunk * kBatchChunk; i < end; ++i) out[i] = evaluate7_mask_unchecked(t, masks[i]);
        } else {
            for (std::size_t i = chunk * kBatchChunk; i < end; ++i) out[i] = evaluate_unchecked(t, masks[i]);
        }
    });
}

namespace {

// Why the hand at ids[0..cards) is not one, or an empty string when it is.
std::string bad_ids_reason(const std::uint8_t* ids, std::size_t cards) {
    CardMask seen = 0;
    for (std::size_t k = 0; k < cards; ++k) {
        if (ids[k] >= kDeckSize) return "holds id " + std::to_string(ids[k]) + ", above 51";
        if (seen & card_bit(ids[k])) return "holds card " + std::to_string(ids[k]) + " twice";
        seen |= card_bit(ids[k]);
    }
    return {};
}

// The card bit of each byte, and bit 63 for a byte that is no card id: a hand's ids are
// distinct ids below 52 exactly when the OR of their bits has `cards` bits, none of them 63.
constexpr std::array<CardMask, 256> kIdBits = [] {
    std::array<CardMask, 256> bits{};
    for (int b = 0; b < 256; ++b) bits[b] = b < kDeckSize ? card_bit(b) : CardMask{1} << 63;
    return bits;
}();

// Whether ids[0..cards) are distinct ids below 52, with no branch on the cards (a
// batch's check costs little beside evaluating it).
template <int Cards>
bool ids_ok(const std::uint8_t* ids) {
    CardMask seen = 0;
    for (int k = 0; k < Cards; ++k) seen |= kIdBits[ids[k]];
    return card_count(seen) == Cards && !(seen >> 63);
}

#if defined(__SSSE3__)
// Rows of `Cards` byte ids tested 16 bytes at a time: one load holds kPer whole rows,
// and byte shuffles turn each row by k places (k = 1 .. Cards / 2), so that comparing
// the bytes with each turned copy compares every pair of a row's ids; the bytes past the
// whole rows are compared with themselves and masked out. A row is good when no
// comparison is equal and no byte is 52 or more. About 6 instructions a hand of 7,
// against 23 for setting and counting bits (and more than the evaluation's time).
template <int Cards>
struct RowTurns {
    static constexpr int kPer = 16 / Cards;
    static constexpr int kTurns = Cards / 2;
    alignas(16) std::uint8_t shuffle[kTurns][16];
    alignas(16) std::uint8_t whole_rows[16];  // 0xFF on the bytes of whole rows
    constexpr RowTurns() : shuffle{}, whole_rows{} {
        for (int b = 0; b < 16; ++b) {
            const int row = b / Cards, pos = b % Cards;
            whole_rows[b] = row < kPer ? 0xFF : 0;
            for (int k = 1; k <= kTurns; ++k)
                shuffle[k - 1][b] = static_cast<std::uint8_t>(row < kPer ? row * Cards + (pos + k) % Cards : b);
        }
    }
};

// Whether rows [first, first + rows) are all good; rows is a multiple of kPer, and the
// 16-byte loads may read up to a row past them (the caller keeps one row of margin).
template <int Cards>
bool rows_good(const std::uint8_t* ids, std::size_t first, std::size_t rows) {
    static constexpr RowTurns<Cards> kTurns{};
    __m128i turns[RowTurns<Cards>::kTurns];
    for (int k = 0; k < RowTurns<Cards>::kTurns; ++k)
        turns[k] = _mm_load_si128(reinterpret_cast<const __m128i*>(kTurns.shuffle[k]));
    __m128i equal = _mm_setzero_si128(), largest = _mm_setzero_si128();
    for (std::size_t r = first; r < first + rows; r += RowTurns<Cards>::kPer) {
        const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(ids + r * Cards));
        largest = _mm_max_epu8(largest, v);
        for (int k = 0; k < RowTurns<Cards>::kTurns; ++k)
            equal = _mm_or_si128(equal, _mm_cmpeq_epi8(v, _mm_shuffle_epi8(v, turns[k])));
    }
    equal = _mm_and_si128(equal, _mm_load_si128(reinterpret_cast<const __m128i*>(kTurns.whole_rows)));
    const __m128i above = _mm_subs_epu8(largest, _mm_set1_epi8(kDeckSize - 1));  // nonzero where >= 52
    return _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_or_si128(equal, above), _mm_setzero_si128())) == 0xFFFF;
}
#endif

// The first bad hand of ids rows [first, end), or end: blocks of rows tested together
// (one well-predicted branch a block), a failed block and the last rows found exactly
// by ids_ok.
template <int Cards>
std::size_t first_bad_ids(const std::uint8_t* ids, std::size_t first, std::size_t end) {
    std::size_t i = first;
#if defined(__SSSE3__)
    constexpr std::size_t kBlock = 32 * RowTurns<Cards>::kPer;
    for (; i + kBlock < end && rows_good<Cards>(ids, i, kBlock); i += kBlock) {
    }
#else
    for (; i + 64 <= end; i += 64) {
        bool ok = true;
        for (std::size_t j = i; j < i + 64; ++j) ok &= ids_ok<Cards>(ids + j * Cards);
        if (!ok) break;
    }
#endif
    for (; i < end; ++i)
        if (!ids_ok<Cards>(ids + i * Cards)) return i;
    return end;
}

template <int Cards>
void evaluate_id_rows(const EvalTables& t, const std::uint8_t* ids, std::size_t first, std::size_t end,
                      std::uint32_t* out) {
    if constexpr (Cards == 7) {
        evaluate_id_rows7_unchecked(t, ids + 7 * first, end - first, out + first);
    } else {
        for (std::size_t i = first; i < end; ++i) out[i] = evaluate_cards_unchecked(t, ids + i * Cards, Cards);
    }
}

}  // namespace

void evaluate_ids_batch(const std::uint8_t* ids, std::size_t n, std::size_t cards, std::uint32_t* out, int threads) {
    if (cards < 5 || cards > 7)
        fail(Status::invalid_argument,
             "cards_per_hand is " + std::to_string(cards) + "; a hand to evaluate holds 5, 6 or 7 card ids");
    if (n == 0) return;
    const std::size_t chunks = (n + kBatchChunk - 1) / kBatchChunk;
    std::vector<std::size_t> first_bad(chunks, n);
    parallel_for(chunks, threads, [&](std::size_t chunk) {
        const std::size_t first = chunk * kBatchChunk, end = std::min(n, first + kBatchChunk);
        const std::size_t bad = cards == 7   ? first_bad_ids<7>(ids, first, end)
                                : cards == 6 ? first_bad_ids<6>(ids, first, end)
                                             : first_bad_ids<5>(ids, first, end);
        if (bad != end) first_bad[chunk] = bad;
    });
    for (std::size_t bad : first_bad) {
        if (bad == n) continue;
        std::string row;
        for (std::size_t k = 0; k < cards; ++k) row += (k ? ", " : "") + std::to_string(ids[bad * cards + k]);
        fail(Status::invalid_argument, "hand " + std::to_string(bad) + " (ids " + row + ") " +
                                           bad_ids_reason(ids + bad * cards, cards) +
                                           "; a hand's card ids are distinct, each suit * 13 + rank - 2 in 0..51");
    }
    const EvalTables& t = eval_tables();
    parallel_for(chunks, threads, [&](std::size_t chunk) {
        const std::size_t first = chunk * kBatchChunk, end = std::min(n, first + kBatchChunk);
        if (cards == 7) evaluate_id_rows<7>(t, ids, first, end, out);
        else if (cards == 6) evaluate_id_rows<6>(t, ids, first, end, out);
        else evaluate_id_rows<5>(t, ids, first, end, out);
    });
}

void evaluate_hand_batch(Variant v, const CardMask* holes, const CardMask* boards, std::size_t n,
                         std::uint32_t* out, int threads) {
    if (n == 0) return;
    const int nh = hole_cards(v);
    for (std::size_t i = 0; i < n; ++i) {
        const CardMask h = holes[i], b = boards[i];
        const int nb = card_count(b);
        if (((h | b) & ~kDeckMask) || (h & b) || card_count(h) != nh || nb < 3 || nb > 5) {
            const std::string hole_what = "holes[" + std::to_string(i) + "]";
            const std::string board_what = "boards[" + std::to_string(i) + "]";
            check_hand(v, h, b, hole_what.c_str(), board_what.c_str());
        }
    }
    const EvalTables& t = eval_tables();
    parallel_for((n + kBatchChunk - 1) / kBatchChunk, threads, [&](std::size_t chunk) {
        const std::size_t end = std::min(n, (chunk + 1) * kBatchChunk);
        for (std::size_t i = chunk * kBatchChunk; i < end; ++i)
            out[i] = evaluate_hand_unchecked(t, v, holes[i], boards[i]);
    });
}

}  // namespace meeple::poker
