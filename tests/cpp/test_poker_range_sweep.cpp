// The sorted sweep of heads-up Hold'em range equity (range_sweep.hpp) against the two
// other exact paths, which visit every compatible pair of combos (integer counters per
// pair) or every deal: the same sums, so equal to rounding; a showdown worked out by
// hand; the same bits at every thread count; cancel honoured.
#include <algorithm>
#include <atomic>
#include <cmath>
#include <cstring>
#include <string>
#include <thread>

#include "check.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "poker/range.hpp"
#include "poker/range_equity.hpp"
#include "poker/range_sweep.hpp"

using namespace meeple;
using namespace meeple::poker;

namespace {

// A random range of `size` distinct Hold'em combos; weights 1, or drawn from a few
// values (with 0.3 and 0.7, which are not sums of powers of two).
Range random_range(Rng& rng, std::size_t size, bool unit_weights) {
    static const double kWeights[] = {1.0, 0.5, 0.25, 0.3, 0.7};
    std::vector<CardMask> masks;
    std::vector<double> weights;
    while (masks.size() < size) {
        const int a = static_cast<int>(rng.below(kDeckSize)), b = static_cast<int>(rng.below(kDeckSize));
        const CardMask m = card_bit(a) | card_bit(b);
        if (a == b || std::find(masks.begin(), masks.end(), m) != masks.end()) continue;
        masks.push_back(m);
        weights.push_back(unit_weights ? 1.0 : kWeights[rng.below(5)]);
    }
    return range_from_combos(Variant::holdem, masks.data(), weights.data(), masks.size());
}

CardMask random_cards(Rng& rng, int n, CardMask used) {
    CardMask m = 0;
    while (n > 0) {
        const int id = static_cast<int>(rng.below(kDeckSize));
        if ((used | m) & card_bit(id)) continue;
        m |= card_bit(id);
        --n;
    }
    return m;
}

RangeEquityResult run(const Range& a, const Range& b, CardMask board, CardMask dead, ExactMethod method,
                      int threads = 1) {
    RangeEquityRequest q;
    q.ranges = {a, b};
    q.board = board;
    q.dead = dead;
    q.method = method;
    q.threads = threads;
    return range_equity(q);
}

bool close(double x, double y, double tol) {
    if (std::isnan(x) || std::isnan(y)) return std::isnan(x) && std::isnan(y);
    return std::fabs(x - y) <= tol;
}

// Every figure of two results within tol (NaN where the other is NaN).
bool same_numbers(const RangeEquityResult& x, const RangeEquityResult& y, double tol) {
    if (x.count != y.count) return false;
    for (std::size_t i = 0; i < 2; ++i) {
        if (!close(x.win[i], y.win[i], tol) || !close(x.tie[i], y.tie[i], tol) ||
            !close(x.equity[i], y.equity[i], tol))
            return false;
        for (std::size_t c = 0; c < x.combo_equity[i].size(); ++c)
            if (!close(x.combo_equity[i][c], y.combo_equity[i][c], tol) ||
                !close(x.combo_share[i][c], y.combo_share[i][c], tol))
                return false;
    }
    return true;
}

bool same_bits(const RangeEquityResult& x, const RangeEquityResult& y) {
    auto eq = [](const std::vector<double>& u, const std::vector<double>& v) {
        return u.size() == v.size() && std::memcmp(u.data(), v.data(), u.size() * sizeof(double)) == 0;
    };
    if (x.count != y.count || !eq(x.win, y.win) || !eq(x.tie, y.tie) || !eq(x.equity, y.equity)) return false;
    for (std::size_t i = 0; i < x.combo_equity.size(); ++i)
        if (!eq(x.combo_equity[i], y.combo_equity[i]) || !eq(x.combo_share[i], y.combo_share[i])) return false;
    return true;
}

}  // namespace

TEST(poker_range_sweep_equals_pairs_and_deals_on_random_spots) {
    Rng rng = Rng::from_seed(12);
    for (int spot = 0; spot < 24; ++spot) {
        const bool unit = spot % 3 == 0;
        const Range a = random_range(rng, 1 + rng.below(40), unit);
        const Range b = random_range(rng, 1 + rng.below(40), unit);
        const int board_cards = 3 + static_cast<int>(rng.below(3));
        const CardMask board = random_cards(rng, board_cards, 0);
        const CardMask dead = spot % 4 == 1 ? random_cards(rng, 2, board) : 0;
        RangeEquityResult sweep, pairs, deals;
        try {
            sweep = run(a, b, board, dead, ExactMethod::sweep);
        } catch (const Error& e) {
            // Ranges that the board blocks entirely, or that block each other: every
            // path must refuse them alike.
            bool refused = false;
            try {
                run(a, b, board, dead, ExactMethod::pairs);
            } catch (const Error&) {
                refused = true;
            }
            CHECK(refused);
            continue;
        }
        pairs = run(a, b, board, dead, ExactMethod::pairs);
        deals = run(a, b, board, dead, ExactMethod::deals);
        CHECK(same_numbers(sweep, pairs, 1e-12));
        CHECK(same_numbers(sweep, deals, 1e-12));
        CHECK(std::fabs(sweep.equity[0] + sweep.equity[1] - 1) < 1e-12);
    }
}

TEST(poker_range_sweep_equals_pairs_on_flush_boards) {
    // Three, four and five hearts on the board: combos with one or two hearts (or none)
    // make flushes, the others score their rank pair.
    Rng rng = Rng::from_seed(3);
    for (const char* board : {"Ah 7h 2h", "Ah 7h 2h 9c", "Kh 7h 2h 9h", "Kh 7h 2h 9h 4h", "Kh 7h 2h 9h 4c"}) {
        const Range a = random_range(rng, 60, false), b = random_range(rng, 45, false);
        const RangeEquityResult sweep = run(a, b, parse_mask(board), 0, ExactMethod::sweep);
        CHECK(same_numbers(sweep, run(a, b, parse_mask(board), 0, ExactMethod::pairs), 1e-12));
    }
}

TEST(poker_range_sweep_equals_pairs_preflop_with_suit_classes) {
    // Suit-symmetric ranges: one board a suit class, weighted by its size.
    const Range a = parse_holdem_range("AA,KQs,T9o:0.5");
    const Range b = parse_holdem_range("KK-QQ,AJs:0.25");
    const RangeEquityResult sweep = run(a, b, 0, 0, ExactMethod::sweep, 2);
    const RangeEquityResult pairs = run(a, b, 0, 0, ExactMethod::pairs, 2);
    CHECK(same_numbers(sweep, pairs, 1e-12));
}

TEST(poker_range_sweep_on_a_river_worked_by_hand) {
    // Board Kc 7d 2s 3h 9c. Aces (AhAs) beat queens, lose to the kings' set, tie the
    // other aces; AsQh shares the ace of spades and is never dealt against AhAs.
    const Range a = parse_holdem_range("AhAs");
    const Range b = parse_holdem_range("KdKs:0.5,QdQs,AdAc,AsQh");
    const RangeEquityResult r = run(a, b, parse_mask("Kc 7d 2s 3h 9c"), 0, ExactMethod::sweep);
    // Deals by weight: KK 0.5 (lose), QQ 1 (win), AA 1 (tie): total 2.5.
    CHECK(std::fabs(r.win[0] - 1.0 / 2.5) < 1e-15);
    CHECK(std::fabs(r.tie[0] - 1.0 / 2.5) < 1e-15);
    CHECK(std::fabs(r.equity[0] - 1.5 / 2.5) < 1e-15);
    CHECK(std::fabs(r.win[1] - 0.5 / 2.5) < 1e-15);
    // b's combos in mask order; AsQh is never dealt.
    std::size_t checked = 0;
    for (std::size_t c = 0; c < b.combos.size(); ++c) {
        const CardMask m = b.combos[c].mask;
        if (m == parse_mask("AsQh")) {
            CHECK(std::isnan(r.combo_equity[1][c]) && r.combo_share[1][c] == 0);
        } else if (m == parse_mask("KdKs")) {
            CHECK(r.combo_equity[1][c] == 1.0 && std::fabs(r.combo_share[1][c] - 0.2) < 1e-15);
        } else if (m == parse_mask("QdQs")) {
            CHECK(r.combo_equity[1][c] == 0.0);
        } else {
            CHECK(r.combo_equity[1][c] == 0.5);
        }
        ++checked;
    }
    CHECK(checked == 4);
    CHECK(r.count == 3);
}

TEST(poker_range_pairs_by_rank_class_equal_deals_for_plo) {
    // The pair counters read a combo's value once a class of boards with the same new
    // ranks when no flush is possible; the walk over deals evaluates every board. PLO
    // ranges of random four-card combos on flops and turns of every suit shape (rainbow,
    // two-tone, monotone), dead cards or not, unit weights and others.
    Rng rng = Rng::from_seed(21);
    const char* boards[] = {"Ks 7d 2c", "Ks 7s 2c", "Ks 7s 2s", "Ks 7d 2c 5h", "Ks 7s 2c 5c", "Ks 7s 2s 5d", "Kh Kd 7h"};
    int index = 0;
    for (const char* text : boards) {
        const CardMask board = parse_mask(text);
        const CardMask dead = index % 2 ? random_cards(rng, 3, board) : 0;
        Range sides[2];
        for (Range& r : sides) {
            std::vector<CardMask> masks;
            std::vector<double> weights;
            while (masks.size() < 12) {
                const CardMask m = random_cards(rng, 4, board | dead);
                if (std::find(masks.begin(), masks.end(), m) != masks.end()) continue;
                masks.push_back(m);
                weights.push_back(index % 3 ? 1.0 : (masks.size() % 2 ? 0.3 : 0.5));
            }
            r = range_from_combos(Variant::plo, masks.data(), weights.data(), masks.size());
        }
        const RangeEquityResult pairs = run(sides[0], sides[1], board, dead, ExactMethod::pairs);
        const RangeEquityResult deals = run(sides[0], sides[1], board, dead, ExactMethod::deals);
        CHECK(same_numbers(pairs, deals, 1e-12));
        CHECK(same_bits(pairs, run(sides[0], sides[1], board, dead, ExactMethod::pairs, 3)));
        ++index;
    }
}

TEST(poker_range_sweep_is_the_same_at_every_thread_count) {
    Rng rng = Rng::from_seed(7);
    const Range a = random_range(rng, 300, false), b = random_range(rng, 200, false);
    const CardMask board = parse_mask("Ks 7d 2c");
    const RangeEquityResult one = run(a, b, board, 0, ExactMethod::sweep, 1);
    CHECK(same_bits(one, run(a, b, board, 0, ExactMethod::sweep, 2)));
    CHECK(same_bits(one, run(a, b, board, 0, ExactMethod::sweep, 5)));
    CHECK(same_numbers(one, run(a, b, board, 0, ExactMethod::pairs, 1), 1e-12));
}

TEST(poker_range_sweep_equals_pairs_for_every_hand_against_a_range_on_the_turn) {
    // 1,326 combos (less the board's) against 50: the sweep's per-combo sums are whole
    // numbers; the pairwise path rounds once a pair (43,000 of them) when it adds up, so
    // the two agree to about 1e-14 here.
    const Range all = range_all(Variant::holdem);
    const Range b = parse_holdem_range("TT+,AQs+,AKo");
    const CardMask board = parse_mask("Ks 7d 2c 5h");
    const RangeEquityResult sweep = run(all, b, board, 0, ExactMethod::sweep);
    const RangeEquityResult pairs = run(all, b, board, 0, ExactMethod::pairs);
    CHECK(same_numbers(sweep, pairs, 1e-12));
}

TEST(poker_range_sweep_reports_progress_and_stops_on_cancel) {
    // Every hand against every hand preflop: seconds of work, cancelled once progress shows.
    const Range all = range_all(Variant::holdem);
    RangeEquityRequest q;
    q.ranges = {all, all};
    q.method = ExactMethod::sweep;
    q.threads = 2;
    meeple_control_t block{};
    block.struct_size = sizeof block;
    q.control = Control(&block);
    std::atomic<bool> done{false};
    std::thread watcher([&] {
        while (std::atomic_ref<std::uint64_t>(block.progress).load() == 0 && !done) std::this_thread::yield();
        std::atomic_ref<std::int32_t>(block.cancel).store(1);
    });
    bool cancelled = false;
    try {
        range_equity(q);
    } catch (const Error& e) {
        cancelled = e.status() == Status::cancelled;
    }
    done = true;
    watcher.join();
    CHECK(cancelled);
    CHECK(block.total == 2598960u);
}

namespace {

// A random range of `size` distinct Hold'em combos holding none of `gone`, with weights
// that are multiples of 2^-24 (the grid's condition): 1, halves, quarters, 3/8, 5 x 2^-24.
Range random_dyadic_range(Rng& rng, std::size_t size, CardMask gone) {
    static const double kWeights[] = {1.0, 0.5, 0.25, 0.375, 5.0 / 16777216.0};
    std::vector<CardMask> masks;
    std::vector<double> weights;
    while (masks.size() < size) {
        const CardMask m = random_cards(rng, 2, gone);
        if (std::find(masks.begin(), masks.end(), m) != masks.end()) continue;
        masks.push_back(m);
        weights.push_back(kWeights[rng.below(5)]);
    }
    return range_from_combos(Variant::holdem, masks.data(), weights.data(), masks.size());
}

}  // namespace

TEST(poker_range_grid_gives_the_sweeps_bits_and_equals_pairs_and_deals) {
    // The grid of counters (range_grid.hpp) sums the sweep's tallies exactly when the
    // weights are multiples of 2^-24, so the two give the same bits; the pairwise and
    // the deal paths the same numbers to rounding. Flops, turns and rivers of every suit
    // shape (flushes made with one or two hole cards, or on the board), dead cards or not.
    Rng rng = Rng::from_seed(31);
    const char* boards[] = {"Ks 7d 2c", "Ks 7s 2c", "Ks 7s 2s", "Ks 7d 2c 5h", "Ks 7s 2c 5s",
                            "Ks 7s 2s 5s", "Kh Kd 7h", "Ks 7s 2s 5s 9s", "Ks 7d 2c 5h 5s"};
    int index = 0;
    for (const char* text : boards) {
        const CardMask board = parse_mask(text);
        const CardMask dead = index % 2 ? random_cards(rng, 2, board) : 0;
        const Range a = random_dyadic_range(rng, 5 + rng.below(40), board | dead);
        const Range b = random_dyadic_range(rng, 5 + rng.below(30), board | dead);
        const RangeEquityResult grid = run(a, b, board, dead, ExactMethod::grid);
        CHECK(same_bits(grid, run(a, b, board, dead, ExactMethod::sweep)));
        CHECK(same_bits(grid, run(a, b, board, dead, ExactMethod::grid, 3)));
        CHECK(same_numbers(grid, run(a, b, board, dead, ExactMethod::pairs), 1e-12));
        CHECK(same_numbers(grid, run(a, b, board, dead, ExactMethod::deals), 1e-12));
        ++index;
    }
}

TEST(poker_range_grid_on_a_turn_worked_by_hand) {
    // Board Kc 7d 2s 3h (no flush, no straight with one card to come but A-2-3-4-5,
    // which needs two); AhAs against KdKs (weight 0.5), QdQs and AdAc. Each pair sees
    // the 44 rivers missing its four cards. Against the kings' set AA wins on Ad and
    // Ac only (a higher set): 2 of 44. Against QQ it loses on Qh and Qc (the queens'
    // set) and wins the other 42. Against AdAc it ties every river.
    const Range a = parse_holdem_range("AhAs");
    const Range b = parse_holdem_range("KdKs:0.5,QdQs,AdAc");
    const CardMask board = parse_mask("Kc 7d 2s 3h");
    const RangeEquityResult r = run(a, b, board, 0, ExactMethod::grid);
    const double total = 0.5 + 1 + 1;
    CHECK(std::fabs(r.win[0] - (0.5 * 2 / 44 + 42.0 / 44) / total) < 1e-15);
    CHECK(std::fabs(r.tie[0] - 1 / total) < 1e-15);
    CHECK(std::fabs(r.equity[0] - (0.5 * 2 / 44 + 42.0 / 44 + 0.5) / total) < 1e-15);
    CHECK(std::fabs(r.win[1] - (0.5 * 42 / 44 + 2.0 / 44) / total) < 1e-15);
    for (std::size_t c = 0; c < b.combos.size(); ++c) {
        const CardMask m = b.combos[c].mask;
        const double expected = m == parse_mask("KdKs") ? 42.0 / 44 : m == parse_mask("QdQs") ? 2.0 / 44 : 0.5;
        CHECK(std::fabs(r.combo_equity[1][c] - expected) < 1e-15);
    }
    CHECK(r.count == 3 * 44);
    CHECK(same_bits(r, run(a, b, board, 0, ExactMethod::sweep)));
}

TEST(poker_range_automatic_takes_the_grid_only_where_it_gives_the_sweeps_bits) {
    // 25 x 19 live combos on a flop: the sweep's size; with weights 1 or 0.5 the grid
    // scores it (the same bits), with 0.3 the sweep (whose rounding the grid would not
    // reproduce). Either way automatic gives the sweep's bits.
    const CardMask board = parse_mask("Ks 7d 2c");
    for (const char* a_text : {"JJ+,AKs,KdQd", "JJ+:0.5,AKs,KdQd", "JJ+:0.3,AKs,KdQd"}) {
        const Range a = parse_holdem_range(a_text);
        const Range b = parse_holdem_range("QQ,AKo,T9s:0.25");
        const RangeEquityResult sweep = run(a, b, board, 0, ExactMethod::sweep);
        CHECK(same_bits(sweep, run(a, b, board, 0, ExactMethod::automatic)));
        CHECK(same_bits(sweep, run(a, b, board, 0, ExactMethod::automatic, 2)));
        CHECK(same_numbers(sweep, run(a, b, board, 0, ExactMethod::pairs), 1e-12));
    }
}

TEST(poker_range_grid_is_the_same_at_every_thread_count) {
    // Enough work for several workers (each with its own grid, whose counts are added
    // modulo 2^16 before the doubly blocked boards): the same bits at 1, 2 and 5 threads
    // and as the sweep, on a rainbow and a monotone flop and a turn.
    Rng rng = Rng::from_seed(41);
    for (const char* text : {"Ks 7d 2c", "Ks 7s 2s", "Ks 7s 2c 5s"}) {
        const CardMask board = parse_mask(text);
        const Range a = random_dyadic_range(rng, 300, board), b = random_dyadic_range(rng, 200, board);
        const RangeEquityResult one = run(a, b, board, 0, ExactMethod::grid, 1);
        CHECK(same_bits(one, run(a, b, board, 0, ExactMethod::grid, 2)));
        CHECK(same_bits(one, run(a, b, board, 0, ExactMethod::grid, 5)));
        CHECK(same_bits(one, run(a, b, board, 0, ExactMethod::sweep, 1)));
        CHECK(same_bits(one, run(a, b, board, 0, ExactMethod::automatic, 2)));
    }
}
