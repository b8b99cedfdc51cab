// The suit isomorphism functions of meeple.h (see src/poker/isomorphism.hpp).
#include <vector>

#include "capi/handles.hpp"
#include "poker/isomorphism.hpp"

using namespace meeple;
using namespace meeple::capi;
using namespace meeple::poker;

extern "C" {

meeple_status_t meeple_poker_canonical_board(uint64_t board, uint64_t* out_board) {
    return guarded([&] {
        require(out_board, "out_board");
        *out_board = canonical_board(board);
    });
}

meeple_status_t meeple_poker_canonical_hand(uint64_t hole, uint64_t board, uint64_t* out_hole, uint64_t* out_board) {
    return guarded([&] {
        require(out_hole, "out_hole");
        require(out_board, "out_board");
        CardMask h = 0, b = 0;
        canonical_hand(hole, board, &h, &b);
        *out_hole = h;
        *out_board = b;
    });
}

meeple_status_t meeple_poker_canonical_boards(int32_t cards, uint64_t* out_boards, uint32_t* out_counts,
                                              size_t capacity, size_t* out_len) {
    return guarded([&] {
        check_buffer(out_boards, capacity, out_len);
        const std::vector<BoardClass> classes = canonical_boards(cards);
        std::vector<uint64_t> boards;
        std::vector<uint32_t> counts;
        for (const BoardClass& c : classes) {
            boards.push_back(c.board);
            counts.push_back(c.count);
        }
        fill(boards.data(), boards.size(), out_boards, capacity, out_len);
        if (out_boards && out_counts) fill(counts.data(), counts.size(), out_counts, capacity, out_len);
    });
}

}  // extern "C"
