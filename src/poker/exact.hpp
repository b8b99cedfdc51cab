// Exact showdown tallies over every completion of a board, without visiting every board.
//
// A hand's value without a flush depends only on the ranks of its cards, and a flush is
// possible only on a board holding three or more cards of one suit (Hold'em needs five
// of a suit among two hole and five board cards; PLO two of the hand and three of the
// board), which at most one suit can do. So the boards are counted in two parts:
//
// 1. Rank part. Every multiset of ranks the missing board cards can take, weighted by
//    the number of boards with those ranks (the product over ranks of C(cards of the
//    rank still in the deck, times it is taken)), scored as if no one had a flush:
//    6,175 multisets stand for the 1,712,304 boards of a heads-up preflop spot.
// 2. Flush correction. For each suit in which someone can still make a flush: every
//    set of cards of that suit the board can add (enough for the most suited player's
//    flush), times every rank multiset of the other board cards (weighted as above:
//    their suits no longer matter, as no other suit can reach three on the board). Each
//    such board adds its real outcome and takes back the rank-only outcome that part 1
//    counted for it, so boards on which no one holds a flush cancel out.
//
// Tallies are integers (a win counts kPotUnits, a k-way split kPotUnits / k), so the
// result is exactly what visiting every board gives, bit for bit; corrections subtract,
// which in unsigned arithmetic wraps and unwraps exactly (the totals are never negative).
//
// The plan for a set of known hands is cheap to build, and its work is cut into tasks
// that can run on any threads in any order: the way for range equity to run it once
// per combination of hands.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "core/control.hpp"
#include "poker/cards.hpp"
#include "poker/hand.hpp"

namespace meeple::poker {

inline constexpr std::uint64_t kPotUnits = 27720;  // lcm(1..12): every split is whole units
inline constexpr int kMaxExactPlayers = 12;

struct ExactTally {
    std::uint64_t wins = 0;   // boards won outright
    std::uint64_t ties = 0;   // boards split with others
    std::uint64_t units = 0;  // pot units won: kPotUnits a win, kPotUnits / k a k-way split
};

class ExactPlan {
public:
    // hands[0..n) are the players' hole cards (2 for Hold'em, 4 for PLO), board 0..5
    // cards, dead the cards out of play. Unchecked: the caller (equity()) has checked
    // that the cards are distinct, counts right, 2 <= n <= 12, and the deck can fill the board.
    ExactPlan(Variant variant, const CardMask* hands, int n, CardMask board, CardMask dead);

    std::size_t num_tasks() const { return tasks_.size(); }
    // The number of boards the tallies count: C(cards left, board cards missing).
    std::uint64_t boards() const { return boards_; }

    // Adds task `task`'s share into tally[0..n). Every few hundred boards it checks
    // `control` and throws Status::cancelled when the caller asked to stop; at its end
    // it advances the control's progress by the task's share of boards() (a flush
    // correction: the boards it covers; the rank part: the rest, split evenly), so the
    // progress of all tasks adds up to boards().
    void run(std::size_t task, ExactTally* tally, const Control& control = Control()) const;

    // Every task on this thread: the whole tally.
    void run_all(ExactTally* tally) const {
        for (std::size_t i = 0; i < tasks_.size(); ++i) run(i, tally);
    }

private:
    struct Task {
        int suit;   // -1: the rank part; else the flush correction of this suit
        int first;  // rank part: the highest rank used; correction: number of new suited cards
        std::uint64_t progress;  // boards reported when the task is done
    };
    struct Player {
        std::uint64_t rank_key;  // hole ranks + fixed board ranks, 3 bits a rank
        unsigned suit_ranks[4];  // hole ranks of each suit (13 bits)
        int suit_count[4];
        std::uint64_t pair_keys[6];  // PLO: rank keys of the six hole pairs
        unsigned pair_ranks[6][4];   // PLO: each pair's ranks per suit (for flushes)
    };

    Variant variant_;
    int n_;
    int missing_;
    std::uint64_t boards_ = 0;
    std::vector<Player> players_;
    std::uint64_t board_key_ = 0;   // fixed board ranks
    int board_ranks_[5] = {};       // fixed board ranks (0..12), board_n_ of them
    int board_n_ = 0;
    unsigned board_suit_ranks_[4] = {};
    int avail_[13] = {};            // cards of each rank still in the deck
    unsigned deck_suit_ranks_[4] = {};  // ranks of each suit still in the deck
    std::vector<Task> tasks_;

    friend struct ExactKernel;
};

// The tallies of every board completing `board` for the known hands, on this thread.
// Returns the number of boards. Unchecked (see ExactPlan).
std::uint64_t exact_tallies(Variant variant, const CardMask* hands, int n, CardMask board, CardMask dead,
                            ExactTally* tally);

}  // namespace meeple::poker
