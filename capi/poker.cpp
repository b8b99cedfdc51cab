// The poker functions of meeple.h: argument checks and buffers around src/poker.
#include <algorithm>
#include <string>
#include <vector>

#include "capi/handles.hpp"
#include "poker/cards.hpp"
#include "poker/equity.hpp"
#include "poker/evaluator.hpp"
#include "poker/hand.hpp"

using namespace meeple;
using namespace meeple::capi;
using namespace meeple::poker;

namespace {

int check_threads(int32_t threads) {
    if (threads < 0) {
        fail(Status::invalid_argument,
             "threads is " + std::to_string(threads) + "; pass 0 for one per hardware thread, or a positive count");
    }
    return threads;
}

template <class T>
const T* require_array(const T* p, std::size_t n, const char* what) {
    if (!p && n) fail(Status::invalid_argument, std::string(what) + " is NULL but holds " + std::to_string(n) + " entries");
    return p;
}

}  // namespace

extern "C" {

meeple_status_t meeple_poker_parse_cards(const char* text, int32_t* out, size_t capacity, size_t* out_len) {
    return guarded([&] {
        check_buffer(out, capacity, out_len);
        const std::vector<int> ids = parse_cards(&require(text, "text"));
        const std::vector<int32_t> ids32(ids.begin(), ids.end());
        fill(ids32.data(), ids32.size(), out, capacity, out_len);
    });
}

meeple_status_t meeple_poker_parse_mask(const char* text, uint64_t* out_mask) {
    return guarded([&] {
        require(out_mask, "out_mask");
        *out_mask = parse_mask(&require(text, "text"));
    });
}

meeple_status_t meeple_poker_format_mask(uint64_t mask, char* out, size_t capacity, size_t* out_len) {
    return guarded([&] {
        check_buffer(out, capacity, out_len);
        fill_string(format_mask(mask), out, capacity, out_len);
    });
}

meeple_status_t meeple_poker_deal(uint64_t seed, uint64_t removed, int32_t* out, size_t capacity, size_t* out_len) {
    return guarded([&] {
        check_buffer(out, capacity, out_len);
        Deck deck(seed, removed);
        const std::size_t n = static_cast<std::size_t>(deck.size());
        *out_len = n;
        if (!out) return;  // the size query: no shuffling needed
        std::vector<int32_t> order(n);
        for (int32_t& id : order) id = deck.deal();
        fill(order.data(), n, out, capacity, out_len);
    });
}

meeple_status_t meeple_poker_evaluate(uint64_t mask, uint32_t* out_value) {
    return guarded([&] {
        require(out_value, "out_value");
        *out_value = evaluate(mask);
    });
}

meeple_status_t meeple_poker_evaluate_hand(int32_t game, uint64_t hole, uint64_t board, uint32_t* out_value) {
    return guarded([&] {
        require(out_value, "out_value");
        *out_value = evaluate_hand(variant_from(game), hole, board);
    });
}

meeple_status_t meeple_poker_value_category(uint32_t value, int32_t* out_category) {
    return guarded([&] {
        require(out_category, "out_category");
        *out_category = static_cast<int32_t>(category_of(value));
    });
}

meeple_status_t meeple_poker_value_ranks(uint32_t value, int32_t* out, size_t capacity, size_t* out_len) {
    return guarded([&] {
        check_buffer(out, capacity, out_len);
        const std::vector<int> ranks = tiebreak_ranks(value);
        const std::vector<int32_t> ranks32(ranks.begin(), ranks.end());
        fill(ranks32.data(), ranks32.size(), out, capacity, out_len);
    });
}

meeple_status_t meeple_poker_describe(uint32_t value, char* out, size_t capacity, size_t* out_len) {
    return guarded([&] {
        check_buffer(out, capacity, out_len);
        fill_string(describe(value), out, capacity, out_len);
    });
}

meeple_status_t meeple_poker_showdown(int32_t game, const uint64_t* holes, size_t num_hands, uint64_t board,
                                      uint32_t* out_values, int32_t* out_winners, size_t capacity,
                                      size_t* out_len) {
    return guarded([&] {
        check_buffer(out_winners, capacity, out_len);
        require_array(holes, num_hands, "holes");
        const Variant v = variant_from(game);
        std::vector<uint32_t> values(num_hands);
        const std::vector<int> winners = showdown(v, holes, num_hands, board, values.data());
        const std::vector<int32_t> winners32(winners.begin(), winners.end());
        fill(winners32.data(), winners32.size(), out_winners, capacity, out_len);
        if (out_values) std::copy(values.begin(), values.end(), out_values);
    });
}

meeple_status_t meeple_poker_evaluate_batch(const uint64_t* masks, size_t n, int32_t threads, uint32_t* out_values) {
    return guarded([&] {
        require_array(masks, n, "masks");
        require_array(out_values, n, "out_values");
        evaluate_batch(masks, n, out_values, check_threads(threads));
    });
}

meeple_status_t meeple_poker_evaluate_ids_batch(const uint8_t* ids, size_t n, size_t cards_per_hand, int32_t threads,
                                                uint32_t* out_values) {
    return guarded([&] {
        require_array(ids, n, "ids");
        require_array(out_values, n, "out_values");
        evaluate_ids_batch(ids, n, cards_per_hand, out_values, check_threads(threads));
    });
}

meeple_status_t meeple_poker_evaluate_hand_batch(int32_t game, const uint64_t* holes, const uint64_t* boards,
                                                 size_t n, int32_t threads, uint32_t* out_values) {
    return guarded([&] {
        const Variant v = variant_from(game);
        require_array(holes, n, "holes");
        require_array(boards, n, "boards");
        require_array(out_values, n, "out_values");
        evaluate_hand_batch(v, holes, boards, n, out_values, check_threads(threads));
    });
}

meeple_status_t meeple_poker_count_boards(int32_t game, const uint64_t* hands, size_t num_hands, uint64_t board,
                                          uint64_t dead, uint64_t* out_count) {
    return guarded([&] {
        require(out_count, "out_count");
        require_array(hands, num_hands, "hands");
        EquityRequest q;
        q.variant = variant_from(game);
        q.hands.assign(hands, hands + num_hands);
        q.board = board;
        q.dead = dead;
        *out_count = count_boards(q);
    });
}

meeple_status_t meeple_poker_equity(int32_t game, const uint64_t* hands, size_t num_hands, uint64_t board,
                                    uint64_t dead, int32_t mode, uint64_t trials, uint64_t seed, int32_t threads,
                                    double* out_win, double* out_tie, double* out_equity, double* out_stderr,
                                    uint64_t* out_count, meeple_control_t* control) {
    return guarded([&] {
        require(out_win, "out_win");
        require(out_tie, "out_tie");
        require(out_equity, "out_equity");
        require(out_count, "out_count");
        require_array(hands, num_hands, "hands");
        if (mode != MEEPLE_POKER_EQUITY_EXACT && mode != MEEPLE_POKER_EQUITY_MONTE_CARLO) {
            fail(Status::invalid_argument, "unknown equity mode " + std::to_string(mode) +
                                               "; use MEEPLE_POKER_EQUITY_EXACT (0) or "
                                               "MEEPLE_POKER_EQUITY_MONTE_CARLO (1)");
        }
        EquityRequest q;
        q.variant = variant_from(game);
        q.hands.assign(hands, hands + num_hands);
        q.board = board;
        q.dead = dead;
        q.exact = mode == MEEPLE_POKER_EQUITY_EXACT;
        q.trials = trials;
        q.seed = seed;
        q.threads = check_threads(threads);
        q.control = control_of(control);
        const EquityResult r = equity(q);
        std::copy(r.win.begin(), r.win.end(), out_win);
        std::copy(r.tie.begin(), r.tie.end(), out_tie);
        std::copy(r.equity.begin(), r.equity.end(), out_equity);
        if (out_stderr) std::copy(r.stderr_.begin(), r.stderr_.end(), out_stderr);
        *out_count = r.count;
    });
}

}  // extern "C"
