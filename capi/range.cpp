// The range functions of meeple.h: handles, checks and buffers around src/poker/range*.
#include <memory>
#include <string>
#include <vector>

#include "capi/handles.hpp"
#include "poker/range.hpp"
#include "poker/range_equity.hpp"

struct meeple_range {
    meeple::poker::Range range;
};

using namespace meeple;
using namespace meeple::capi;
using namespace meeple::poker;

namespace {

void emit(Range r, meeple_range_t** out) {
    auto h = std::make_unique<meeple_range>();
    h->range = std::move(r);
    *out = h.release();
}

const Range& range_of(const meeple_range_t* r, const char* what) { return require(r, what).range; }

RangeEquityRequest request_of(const meeple_range_t* const* ranges, std::size_t n, uint64_t board, uint64_t dead) {
    if (!ranges && n) fail(Status::invalid_argument, "ranges is NULL but holds " + std::to_string(n) + " entries");
    RangeEquityRequest q;
    for (std::size_t i = 0; i < n; ++i) {
        const std::string what = "ranges[" + std::to_string(i) + "]";
        q.ranges.push_back(range_of(ranges[i], what.c_str()));
    }
    q.board = board;
    q.dead = dead;
    return q;
}

}  // namespace

extern "C" {

meeple_status_t meeple_range_parse(int32_t game, const char* text, meeple_range_t** out_range) {
    return guarded([&] {
        require(out_range, "out_range");
        const Variant v = variant_from(game);
        emit(parse_range(v, &require(text, "text")), out_range);
    });
}

meeple_status_t meeple_range_all(int32_t game, meeple_range_t** out_range) {
    return guarded([&] {
        require(out_range, "out_range");
        emit(range_all(variant_from(game)), out_range);
    });
}

meeple_status_t meeple_range_from_combos(int32_t game, const uint64_t* masks, const double* weights, size_t n,
                                         meeple_range_t** out_range) {
    return guarded([&] {
        require(out_range, "out_range");
        const Variant v = variant_from(game);
        if (!masks && n) fail(Status::invalid_argument, "masks is NULL but holds " + std::to_string(n) + " entries");
        emit(range_from_combos(v, masks, weights, n), out_range);
    });
}

void meeple_range_free(meeple_range_t* range) { delete range; }

meeple_status_t meeple_range_union(const meeple_range_t* a, const meeple_range_t* b, meeple_range_t** out_range) {
    return guarded([&] {
        require(out_range, "out_range");
        emit(range_union(range_of(a, "a"), range_of(b, "b")), out_range);
    });
}

meeple_status_t meeple_range_intersection(const meeple_range_t* a, const meeple_range_t* b,
                                          meeple_range_t** out_range) {
    return guarded([&] {
        require(out_range, "out_range");
        emit(range_intersection(range_of(a, "a"), range_of(b, "b")), out_range);
    });
}

meeple_status_t meeple_range_difference(const meeple_range_t* a, const meeple_range_t* b,
                                        meeple_range_t** out_range) {
    return guarded([&] {
        require(out_range, "out_range");
        emit(range_difference(range_of(a, "a"), range_of(b, "b")), out_range);
    });
}

meeple_status_t meeple_range_without(const meeple_range_t* range, uint64_t dead, meeple_range_t** out_range) {
    return guarded([&] {
        require(out_range, "out_range");
        emit(range_without(range_of(range, "range"), dead), out_range);
    });
}

meeple_status_t meeple_range_info(const meeple_range_t* range, int32_t* out_game, size_t* out_size,
                                  double* out_total_weight) {
    return guarded([&] {
        const Range& r = range_of(range, "range");
        if (out_game) *out_game = static_cast<int32_t>(r.variant);
        if (out_size) *out_size = r.combos.size();
        if (out_total_weight) *out_total_weight = total_weight(r);
    });
}

meeple_status_t meeple_range_combos(const meeple_range_t* range, uint64_t* out_masks, double* out_weights,
                                    size_t capacity, size_t* out_len) {
    return guarded([&] {
        check_buffer(out_masks, capacity, out_len);
        const Range& r = range_of(range, "range");
        std::vector<uint64_t> masks;
        std::vector<double> weights;
        for (const Combo& c : r.combos) {
            masks.push_back(c.mask);
            weights.push_back(c.weight);
        }
        fill(masks.data(), masks.size(), out_masks, capacity, out_len);
        if (out_masks && out_weights) fill(weights.data(), weights.size(), out_weights, capacity, out_len);
    });
}

meeple_status_t meeple_range_text(const meeple_range_t* range, char* out, size_t capacity, size_t* out_len) {
    return guarded([&] {
        check_buffer(out, capacity, out_len);
        fill_string(format_range(range_of(range, "range")), out, capacity, out_len);
    });
}

meeple_status_t meeple_range_exact_work(const meeple_range_t* const* ranges, size_t num_players, uint64_t board,
                                        uint64_t dead, uint64_t* out_work) {
    return guarded([&] {
        require(out_work, "out_work");
        *out_work = range_exact_work(request_of(ranges, num_players, board, dead));
    });
}

meeple_status_t meeple_range_equity(const meeple_range_t* const* ranges, size_t num_players, uint64_t board,
                                    uint64_t dead, int32_t mode, uint64_t trials, uint64_t seed, int32_t threads,
                                    double* out_win, double* out_tie, double* out_equity, double* out_stderr,
                                    double* out_combo_equity, double* out_combo_share, double* out_combo_stderr,
                                    size_t combo_capacity, uint64_t* out_count, meeple_control_t* control) {
    return guarded([&] {
        require(out_win, "out_win");
        require(out_tie, "out_tie");
        require(out_equity, "out_equity");
        require(out_count, "out_count");
        if (mode != MEEPLE_POKER_EQUITY_EXACT && mode != MEEPLE_POKER_EQUITY_MONTE_CARLO) {
            fail(Status::invalid_argument, "unknown equity mode " + std::to_string(mode) +
                                               "; use MEEPLE_POKER_EQUITY_EXACT (0) or "
                                               "MEEPLE_POKER_EQUITY_MONTE_CARLO (1)");
        }
        if (threads < 0) {
            fail(Status::invalid_argument, "threads is " + std::to_string(threads) +
                                               "; pass 0 for one per hardware thread, or a positive count");
        }
        RangeEquityRequest q = request_of(ranges, num_players, board, dead);
        std::size_t combos = 0;
        for (const Range& r : q.ranges) combos += r.combos.size();
        if ((out_combo_equity || out_combo_share || out_combo_stderr) && combo_capacity < combos) {
            fail(Status::buffer_too_small, "the per-combo arrays hold " + std::to_string(combo_capacity) +
                                               " entries; the ranges have " + std::to_string(combos) + " combos");
        }
        q.exact = mode == MEEPLE_POKER_EQUITY_EXACT;
        q.trials = trials;
        q.seed = seed;
        q.threads = threads;
        q.control = control_of(control);
        const RangeEquityResult r = range_equity(q);
        for (std::size_t i = 0; i < num_players; ++i) {
            out_win[i] = r.win[i];
            out_tie[i] = r.tie[i];
            out_equity[i] = r.equity[i];
            if (out_stderr) out_stderr[i] = r.stderr_[i];
        }
        std::size_t at = 0;
        for (std::size_t i = 0; i < num_players; ++i) {
            for (std::size_t c = 0; c < r.combo_equity[i].size(); ++c, ++at) {
                if (out_combo_equity) out_combo_equity[at] = r.combo_equity[i][c];
                if (out_combo_share) out_combo_share[at] = r.combo_share[i][c];
                if (out_combo_stderr) out_combo_stderr[at] = r.combo_stderr[i][c];
            }
        }
        *out_count = r.count;
    });
}

}  // extern "C"
