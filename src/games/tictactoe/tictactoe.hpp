// Tic-tac-toe, the reference game: small enough to solve, so search can be tested
// against exact values. Seat 0 plays X and moves first. Option `misere`: three in a
// row loses instead of wins.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>

#include "core/game.hpp"

namespace meeple::tictactoe {

// Outcome codes kept in State::outcome.
inline constexpr std::uint8_t kOngoing = 0, kXWins = 1, kOWins = 2, kDraw = 3;

// The eight lines of three, as 9-bit cell masks (cell = 3 * row + col).
inline constexpr std::array<std::uint16_t, 8> kLineMasks = {
    0007, 0070, 0700,  // rows
    0111, 0222, 0444,  // columns
    0421, 0124,        // diagonals
};

// Bit m of the table is set when the cell set m holds a line: one lookup a move.
inline constexpr auto kHasLine = [] {
    std::array<std::uint64_t, 8> bits{};
    for (unsigned m = 0; m < 512; ++m) {
        for (std::uint16_t line : kLineMasks) {
            if ((m & line) == line) bits[m >> 6] |= 1ull << (m & 63);
        }
    }
    return bits;
}();

inline bool has_line(unsigned marks) { return (kHasLine[marks >> 6] >> (marks & 63)) & 1; }

// The outcome after `mover` marked a cell: only the mover can have made a line.
inline std::uint8_t outcome_of(const std::uint16_t marks[2], int mover, bool misere) {
    if (has_line(marks[mover])) {
        const int winner = misere ? 1 - mover : mover;
        return winner == 0 ? kXWins : kOWins;
    }
    return (marks[0] | marks[1]) == 0x1FF ? kDraw : kOngoing;
}

class TicTacToe {
public:
    static constexpr std::string_view kName = "tictactoe";
    static constexpr std::uint32_t kStateVersion = 1;
    // Deterministic, perfect information, two seats, +1/0/-1: search may prove values.
    static constexpr bool kProvable = true;

    struct State {
        std::uint16_t marks[2];  // cell bitsets of seat 0 (X) and seat 1 (O)
        std::uint8_t to_move;
        std::uint8_t outcome;    // kOngoing, kXWins, kOWins or kDraw
        std::uint16_t reserved;  // zero; keeps the state free of padding
    };

    static std::span<const OptionSpec> option_specs();
    explicit TicTacToe(const Options& options);

    int num_players() const { return 2; }
    int num_actions() const { return 9; }
    std::span<const ObsField> obs_fields() const;

    void init(State& s, Rng&) const { s = State{}; }
    Actors actors(const State& s) const { return s.outcome == kOngoing ? Actors{1} << s.to_move : 0; }
    void legal_mask(const State& s, int, std::uint64_t* words) const {
        words[0] = ~std::uint64_t(s.marks[0] | s.marks[1]) & 0x1FF;
    }
    bool is_legal(const State& s, int, int action) const {
        return !(((s.marks[0] | s.marks[1]) >> action) & 1);
    }
    // Inline (as the rest of the step is) so that a search's iteration compiles into one
    // loop: a call a move was a tenth of an endgame iteration.
    void apply(State& s, int player, int action, Rng&) const {
        s.marks[player] |= std::uint16_t(1u << action);
        s.to_move = static_cast<std::uint8_t>(1 - player);
        s.outcome = outcome_of(s.marks, player, misere_);
    }
    bool is_terminal(const State& s) const { return s.outcome != kOngoing; }
    bool truncated(const State&) const { return false; }
    void returns(const State& s, double* out) const {
        out[0] = s.outcome == kXWins ? 1.0 : s.outcome == kOWins ? -1.0 : 0.0;
        out[1] = 0.0 - out[0];  // not -out[0]: a draw must give +0.0, never -0.0
    }
    // Rewards come only with the move that ends the game, so the last step's reward
    // equals the returns once the game is over.
    void step_reward(const State& s, double* out) const { returns(s, out); }
    void observe(const State& s, int viewer, float* out) const;
    void view(const State& s, int viewer, JsonWriter& json) const;
    std::string render(const State& s) const;
    std::string action_name(int action) const;
    std::string check(const State& s) const;

    bool misere() const { return misere_; }

private:
    bool misere_;
};

}  // namespace meeple::tictactoe
