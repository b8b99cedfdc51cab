#include "games/tictactoe/tictactoe.hpp"

#include <bit>
#include <cstring>

namespace meeple::tictactoe {
namespace {

constexpr OptionSpec kOptions[] = {
    {"misere", OptionType::boolean, "false", 0, 0, {}, "three in a row loses instead of wins"},
};

constexpr ObsField kObsFields[] = {
    {"marks", 0, 18, {2, 3, 3}, "plane 0: the viewer's marks, plane 1: the opponent's (X, O for spectators)"},
    {"empty", 18, 9, {3, 3}, "1 where a cell is empty"},
    {"to_move", 27, 2, {2}, "one-hot: the viewer to move, the opponent to move (X, O for spectators)"},
};

// Row m holds nine floats, 1 where the cell set m has the cell: an observation plane is
// one 36-byte copy (18 KiB in all). Per-cell code costs a branch or a conversion a
// cell, and batches observe random boards, where branches mispredict.
constexpr auto kCellFloats = [] {
    std::array<std::array<float, 9>, 512> rows{};
    for (unsigned m = 0; m < 512; ++m) {
        for (int cell = 0; cell < 9; ++cell) rows[m][cell] = (m >> cell) & 1 ? 1.0f : 0.0f;
    }
    return rows;
}();

void write_cells(unsigned cells, float* out) { std::memcpy(out, kCellFloats[cells].data(), sizeof kCellFloats[0]); }

char symbol(const TicTacToe::State& s, int cell) {
    if ((s.marks[0] >> cell) & 1) return 'X';
    if ((s.marks[1] >> cell) & 1) return 'O';
    return '.';
}

}  // namespace

std::span<const OptionSpec> TicTacToe::option_specs() { return kOptions; }

TicTacToe::TicTacToe(const Options& options) : misere_(options.get_bool("misere")) {}

std::span<const ObsField> TicTacToe::obs_fields() const { return kObsFields; }

void TicTacToe::observe(const State& s, int viewer, float* out) const {
    const int me = viewer == 1 ? 1 : 0;  // spectators see from X's side
    write_cells(s.marks[me], out);
    write_cells(s.marks[1 - me], out + 9);
    write_cells(~(s.marks[0] | s.marks[1]) & 0x1FFu, out + 18);
    const bool live = s.outcome == kOngoing;
    out[27] = float(live && s.to_move == me);
    out[28] = float(live && s.to_move != me);
}

void TicTacToe::view(const State& s, int, JsonWriter& j) const {
    j.begin_object();
    j.key("board").begin_array();
    for (int r = 0; r < 3; ++r) {
        j.begin_array();
        for (int c = 0; c < 3; ++c) j.value(std::string(1, symbol(s, 3 * r + c)));
        j.end_array();
    }
    j.end_array();
    j.key("to_move");
    if (s.outcome == kOngoing) j.value(int(s.to_move)); else j.null();
    j.key("winner");
    if (s.outcome == kXWins) j.value(0);
    else if (s.outcome == kOWins) j.value(1);
    else j.null();
    j.field("draw", s.outcome == kDraw);
    j.field("terminal", s.outcome != kOngoing);
    j.field("misere", misere_);
    j.key("legal_actions").begin_array();
    if (s.outcome == kOngoing) {
        for (int cell = 0; cell < 9; ++cell) {
            if (is_legal(s, s.to_move, cell)) j.value(cell);
        }
    }
    j.end_array();
    j.end_object();
}

std::string TicTacToe::render(const State& s) const {
    std::string out;
    for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
            out += ' ';
            out += symbol(s, 3 * r + c);
            out += c < 2 ? " |" : "\n";
        }
        if (r < 2) out += "---+---+---\n";
    }
    switch (s.outcome) {
        case kOngoing: out += s.to_move == 0 ? "X to move\n" : "O to move\n"; break;
        case kXWins: out += "X wins\n"; break;
        case kOWins: out += "O wins\n"; break;
        default: out += "draw\n";
    }
    return out;
}

std::string TicTacToe::action_name(int action) const {
    return "place(" + std::to_string(action / 3) + "," + std::to_string(action % 3) + ")";
}

std::string TicTacToe::check(const State& s) const {
    if ((s.marks[0] | s.marks[1]) >> 9) return "a mark lies outside the 9 cells";
    if (s.marks[0] & s.marks[1]) return "a cell holds both X and O";
    if (s.reserved != 0) return "reserved bytes are not zero";
    const int x = std::popcount(unsigned(s.marks[0])), o = std::popcount(unsigned(s.marks[1]));
    if (x != o && x != o + 1) return "X must have as many marks as O, or one more";
    if (s.to_move != (x == o ? 0 : 1)) return "the player to move does not match the marks";
    if (s.outcome > kDraw) return "unknown outcome code";
    // A finished game stops at the move that finished it: only the last mover may hold
    // a line, and the outcome is the one the board implies.
    const int last_mover = 1 - s.to_move;
    if (has_line(s.marks[1 - last_mover])) return "play continued after a line was made";
    if (s.outcome != outcome_of(s.marks, last_mover, misere_)) return "the outcome does not match the board";
    return {};
}

}  // namespace meeple::tictactoe
