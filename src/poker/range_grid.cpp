// The grid of integer counters of small heads-up Hold'em spots (see range_grid.hpp).
#include "poker/range_grid.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "poker/hand_key.hpp"

namespace meeple::poker {
namespace {

constexpr double kUnit = 16777216.0;  // 2^24: weights are whole numbers of 1 / kUnit
constexpr std::uint16_t kBlockedA = 0;       // below every value: never wins nor ties
constexpr std::uint16_t kBlockedB = 0x7FFF;  // above every value (signed 16-bit compares)

std::uint64_t units(double w) { return static_cast<std::uint64_t>(w * kUnit); }

// Eight 16-bit lanes in the compiler's vector types (GCC and Clang): SSE2 on x86-64, NEON
// on ARM, plain code elsewhere. Values compare as signed (below 0x7FFF), counters add as
// unsigned (modulo 2^16); may_alias lets them view the Lanes arrays, and I16x8Unaligned
// reads from any 2-byte boundary.
typedef std::int16_t I16x8 __attribute__((vector_size(16), may_alias));
typedef std::uint16_t U16x8 __attribute__((vector_size(16), may_alias));
typedef std::int16_t I16x8Unaligned __attribute__((vector_size(16), may_alias, aligned(2)));

inline I16x8 splat(unsigned v) { return I16x8{} + static_cast<std::int16_t>(v); }

}  // namespace

bool ShowdownGrid::fits(SweepSide a, SweepSide b, int missing) {
    if (missing < 0 || missing > 2 || a.size > kMaxCombos || b.size > kMaxCombos) return false;
    for (const SweepSide& side : {a, b}) {
        for (std::size_t i = 0; i < side.size; ++i) {
            const double scaled = side.weights[i] * kUnit;  // exact: a power of two
            if (!(side.weights[i] > 0 && side.weights[i] <= 1) || scaled != std::floor(scaled)) return false;
        }
    }
    return true;
}

ShowdownGrid::ShowdownGrid(const EvalTables& t, SweepSide a, SweepSide b, CardMask base, int missing)
    : t_(t), na_(a.size), nb_(b.size), blocks_((b.size + 7) / 8), base_(base), missing_(missing) {
    int slot_of[169];
    std::fill(slot_of, slot_of + 169, -1);
    const SweepSide sides[2] = {a, b};
    for (int s = 0; s < 2; ++s) {
        for (std::size_t i = 0; i < sides[s].size; ++i) {
            const CardMask m = sides[s].masks[i];
            const int c1 = __builtin_ctzll(m), c2 = 63 - __builtin_clzll(m);
            const int hi = std::max(card_rank(c1), card_rank(c2)) - 2, lo = std::min(card_rank(c1), card_rank(c2)) - 2;
            const int pair = 13 * hi + lo;
            const std::uint64_t key = cards_key(t, m).key;
            if (slot_of[pair] < 0) {
                slot_of[pair] = static_cast<int>(rank_pair_key_.size());
                rank_pair_key_.push_back(key);
            }
            slot_.push_back(static_cast<std::uint8_t>(slot_of[pair]));
            const Holder h{static_cast<std::uint16_t>(s), static_cast<std::uint16_t>(i), m};
            holders_[c1].push_back(h);
            holders_[c2].push_back(h);
            for (int suit = 0; suit < 4; ++suit) {
                const int k = (card_suit(c1) == suit) + (card_suit(c2) == suit);
                for (int need = 0; need <= k; ++need) flush_makers_[suit][need].push_back({h.side, h.index, m, key});
            }
        }
    }
    a_blocks_ = (na_ + 7) / 8;
    a_width_ = 8 * a_blocks_;
    row_width_ = a_width_ + 8 * blocks_;
    const std::size_t classes = missing == 2 ? 169 : missing == 1 ? 13 : 1;
    rows_.assign(classes * row_width_, kBlockedB);
    for (std::size_t c = 0; c < classes; ++c) std::fill_n(&rows_[c * row_width_], a_width_, kBlockedA);
    row_ready_.assign(classes, 0);
    class_boards_.assign(classes, 0);
    Lanes zero;
    std::fill(zero.lane, zero.lane + 8, std::uint16_t{0});
    va_.assign(a_blocks_, zero);
    vb_.assign(blocks_, zero);
    vb_class_.assign(blocks_, zero);
    class_blocked_a_.assign(classes * na_, 0);
    class_blocked_b_.assign(classes * blocks_, zero);
    rows_count_.assign(2 * na_ * blocks_, zero);
    columns_count_.assign(2 * nb_ * a_blocks_, zero);
}

void ShowdownGrid::fill_row(std::size_t rank_class, CardMask board) {
    // The rank pairs' values without a flush, which the board's ranks alone decide.
    const std::uint64_t board_key = hand_key(t_, board).key;
    std::uint16_t value[169];
    for (std::size_t p = 0; p < rank_pair_key_.size(); ++p)
        value[p] = static_cast<std::uint16_t>(rank_only_value_unchecked(t_, HandKey{board_key + rank_pair_key_[p], 0}));
    std::uint16_t* row = &rows_[rank_class * row_width_];
    for (std::size_t i = 0; i < na_; ++i) row[i] = value[slot_[i]];
    for (std::size_t j = 0; j < nb_; ++j) row[a_width_ + j] = value[slot_[na_ + j]];
    row_ready_[rank_class] = 1;
}

namespace {

// counts += (x > y) - (x' > y') and ties += (x == y) - (x' == y'), lane by lane (the
// compares give -1 for true): a correction from the class's comparison (x', y') to the
// board's (x, y).
inline void correct(U16x8* counts, I16x8 x, I16x8 y, I16x8 x_class, I16x8 y_class) {
    counts[0] = counts[0] - (U16x8)(x > y) + (U16x8)(x_class > y_class);
    counts[1] = counts[1] - (U16x8)(x == y) + (U16x8)(x_class == y_class);
}

}  // namespace

void ShowdownGrid::score(CardMask board) {
    const std::size_t rank_class = board_rank_class(board, base_, missing_);
    if (!row_ready_[rank_class]) fill_row(rank_class, board);
    ++class_boards_[rank_class];
    const std::uint16_t* const class_a = &rows_[rank_class * row_width_];
    const std::uint16_t* const class_b = class_a + a_width_;
    // The combos holding a new card are not dealt: counted a class (once a board, for a
    // combo holding both new cards too), so that the class's comparisons count each
    // pair on its boards less those that block either combo, plus those that block both
    // (add_blocked_twice()).
    blocked_a_.clear();
    blocked_b_.clear();
    std::uint16_t* const blocked_a = &class_blocked_a_[rank_class * na_];
    Lanes* const blocked_b = &class_blocked_b_[rank_class * blocks_];
    CardMask seen = 0;
    for (CardMask fresh = board & ~base_; fresh; fresh &= fresh - 1) {
        const int card = __builtin_ctzll(fresh);
        for (const Holder& h : holders_[card]) {
            if (h.mask & seen) continue;  // counted with the other new card
            if (h.side) {
                ++blocked_b[h.index / 8].lane[h.index % 8];
                blocked_b_.push_back(h.index);
            } else {
                ++blocked_a[h.index];
                blocked_a_.push_back(h.index);
            }
        }
        seen |= card_bit(card);
    }
    // Flushes: three or more of a suit on the board (one suit at most), the live combos
    // holding 5 - that many of it have their own value. Their pairs with live combos
    // are corrected from the class's comparison to the board's: rows for a's, columns
    // for b's (leaving a's out); blocked combos take part in neither.
    int suit = 0, on_board = 0;
    for (; suit < 4; ++suit)
        if ((on_board = card_count((board >> (13 * suit)) & 0x1FFF)) >= 3) break;
    if (suit == 4) return;
    changed_a_.clear();
    changed_b_.clear();
    const std::uint64_t board_key = hand_key(t_, board).key;
    for (const FlushMaker& f : flush_makers_[suit][5 - on_board]) {
        if (f.mask & board) continue;
        const auto v = static_cast<std::uint16_t>(evaluate_unchecked(t_, HandKey{board_key + f.key, board | f.mask}));
        (f.side ? changed_b_ : changed_a_).push_back({f.index, v});
    }
    if (changed_a_.empty() && changed_b_.empty()) return;
    // b's values on the board and in the class, both with the blocked combos above every
    // value (no win nor tie either way).
    std::memcpy(vb_.data(), class_b, 8 * blocks_ * sizeof(std::uint16_t));
    for (const std::uint16_t j : blocked_b_) vb_[j / 8].lane[j % 8] = kBlockedB;
    std::memcpy(vb_class_.data(), vb_.data(), 8 * blocks_ * sizeof(std::uint16_t));
    for (const Change& e : changed_b_) vb_[e.index / 8].lane[e.index % 8] = e.value;
    const auto* const yb = reinterpret_cast<const I16x8*>(vb_.data());
    const auto* const yb_class = reinterpret_cast<const I16x8*>(vb_class_.data());
    for (const Change& e : changed_a_) {
        const I16x8 x = splat(e.value);
        const I16x8 x_class = splat(class_a[e.index]);
        auto* counts = reinterpret_cast<U16x8*>(&rows_count_[2 * blocks_ * e.index]);
        for (std::size_t k = 0; k < blocks_; ++k) correct(counts + 2 * k, x, yb[k], x_class, yb_class[k]);
    }
    if (changed_b_.empty()) return;
    std::memcpy(va_.data(), class_a, a_width_ * sizeof(std::uint16_t));
    for (const std::uint16_t i : blocked_a_) va_[i / 8].lane[i % 8] = kBlockedA;
    for (const Change& e : changed_a_) va_[e.index / 8].lane[e.index % 8] = kBlockedA;
    const auto* const xa = reinterpret_cast<const I16x8*>(va_.data());
    for (const Change& e : changed_b_) {
        const I16x8 y = splat(e.value);
        const I16x8 y_class = splat(class_b[e.index]);
        auto* counts = reinterpret_cast<U16x8*>(&columns_count_[2 * a_blocks_ * e.index]);
        for (std::size_t k = 0; k < a_blocks_; ++k) correct(counts + 2 * k, xa[k], y, xa[k], y_class);
    }
}

void ShowdownGrid::add_counts(std::vector<std::uint32_t>& wins, std::vector<std::uint32_t>& ties) const {
    // Each class's comparison of every pair, as many times as the class's boards leave
    // both combos live (its boards, less those blocking a's combo, less those blocking
    // b's, the boards blocking both being added back board by board), on top of the
    // rows' corrections; then the columns' corrections. Sums modulo 2^16 (the caller
    // keeps the low 16 bits of the total) of counts that end between 0 and the boards
    // (at most 1,176).
    std::vector<Lanes> counts = rows_count_;
    for (std::size_t c = 0; c < class_boards_.size(); ++c) {
        if (!class_boards_[c]) continue;
        const std::uint16_t* const class_a = &rows_[c * row_width_];
        const std::uint16_t* const blocked_a = &class_blocked_a_[c * na_];
        const auto* const blocked_b = reinterpret_cast<const U16x8*>(&class_blocked_b_[c * blocks_]);
        const auto* const y = reinterpret_cast<const I16x8Unaligned*>(class_a + a_width_);  // rows_: unaligned
        auto* row = reinterpret_cast<U16x8*>(counts.data());
        for (std::size_t i = 0; i < na_; ++i, row += 2 * blocks_) {
            const I16x8 x = splat(class_a[i]);
            const U16x8 live = (U16x8)splat(class_boards_[c] - blocked_a[i]);
            for (std::size_t k = 0; k < blocks_; ++k) {
                const I16x8 yk = y[k];
                const U16x8 times = live - blocked_b[k];
                row[2 * k] += times & (U16x8)(x > yk);
                row[2 * k + 1] += times & (U16x8)(x == yk);
            }
        }
    }
    for (std::size_t i = 0; i < na_; ++i) {
        const Lanes* row = &counts[2 * blocks_ * i];
        for (std::size_t j = 0; j < nb_; ++j) {
            const Lanes* column = &columns_count_[2 * a_blocks_ * j];
            wins[i * nb_ + j] += row[2 * (j / 8)].lane[j % 8] + column[2 * (i / 8)].lane[i % 8];
            ties[i * nb_ + j] += row[2 * (j / 8) + 1].lane[j % 8] + column[2 * (i / 8) + 1].lane[i % 8];
        }
    }
}

void ShowdownGrid::add_blocked_twice(SweepSide a, SweepSide b, std::vector<std::uint32_t>& wins,
                                     std::vector<std::uint32_t>& ties) {
    // With two cards to come, the boards that block both combos of a compatible pair are
    // the (at most four) that add a card of each: each adds its class's comparison back.
    // With fewer, no board blocks both.
    if (missing_ != 2) return;
    // The class of base + x + y is that of the new cards' ranks (board_rank_class).
    auto cards = [](CardMask m, int* id, int* rank) {
        id[0] = __builtin_ctzll(m);
        id[1] = 63 - __builtin_clzll(m);
        rank[0] = card_rank(id[0]) - 2;
        rank[1] = card_rank(id[1]) - 2;
    };
    std::vector<int> b_id(2 * b.size), b_rank(2 * b.size);
    for (std::size_t j = 0; j < b.size; ++j) cards(b.masks[j], &b_id[2 * j], &b_rank[2 * j]);
    for (std::size_t i = 0; i < a.size; ++i) {
        int a_id[2], a_rank[2];
        cards(a.masks[i], a_id, a_rank);
        for (std::size_t j = 0; j < b.size; ++j) {
            if (a.masks[i] & b.masks[j]) continue;
            std::uint32_t win = 0, tie = 0;
            for (int x = 0; x < 2; ++x) {
                for (int y = 0; y < 2; ++y) {
                    const int rx = a_rank[x], ry = b_rank[2 * j + y];
                    const std::size_t c = static_cast<std::size_t>(rx <= ry ? 13 * rx + ry : 13 * ry + rx);
                    if (!row_ready_[c]) fill_row(c, base_ | card_bit(a_id[x]) | card_bit(b_id[2 * j + y]));
                    const std::uint16_t* const row = &rows_[c * row_width_];
                    win += row[i] > row[a_width_ + j];
                    tie += row[i] == row[a_width_ + j];
                }
            }
            wins[i * b.size + j] += win;
            ties[i * b.size + j] += tie;
        }
    }
}

std::uint64_t ShowdownGrid::tallies(SweepSide a, SweepSide b, const std::vector<std::uint32_t>& wins,
                                    const std::vector<std::uint32_t>& ties, std::uint64_t seen,
                                    std::vector<double>& tally, std::vector<double>& compat_a,
                                    std::vector<double>& compat_b) {
    const std::size_t na = a.size, nb = b.size;
    // Sums in integer units: at most 1,024 combos x 2^24 units x 1,176 boards < 2^53,
    // so each converts to a double exactly (and the sweep's sums of the same numbers,
    // all of them whole in units, are exact too).
    std::vector<std::uint64_t> win_a(na, 0), tie_a(na, 0), win_b(nb, 0), tie_b(nb, 0), ca(na, 0), cb(nb, 0);
    std::uint64_t pairs = 0;
    for (std::size_t i = 0; i < na; ++i) {
        const std::uint64_t ua = units(a.weights[i]);
        for (std::size_t j = 0; j < nb; ++j) {
            if (a.masks[i] & b.masks[j]) continue;
            const std::uint64_t ub = units(b.weights[j]);
            const std::uint64_t w = wins[i * nb + j], t = ties[i * nb + j];
            ++pairs;
            win_a[i] += ub * w;
            tie_a[i] += ub * t;
            win_b[j] += ua * (seen - w - t);
            tie_b[j] += ua * t;
            ca[i] += ub;
            cb[j] += ua;
        }
    }
    auto real = [](std::uint64_t u) { return std::ldexp(static_cast<double>(u), -24); };
    tally.assign(2 * (na + nb), 0.0);
    compat_a.resize(na);
    compat_b.resize(nb);
    for (std::size_t i = 0; i < na; ++i) {
        tally[i] = real(win_a[i]);
        tally[na + i] = real(tie_a[i]);
        compat_a[i] = real(ca[i]);
    }
    for (std::size_t j = 0; j < nb; ++j) {
        tally[2 * na + j] = real(win_b[j]);
        tally[2 * na + nb + j] = real(tie_b[j]);
        compat_b[j] = real(cb[j]);
    }
    return pairs;
}

}  // namespace meeple::poker
