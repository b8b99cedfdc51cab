// Catan's evaluation as a search's leaf value (search option leaf=evaluation): every
// seat's evaluation, each seen by that seat, turned into chances to win by a softmax
// whose temperature was fitted to the winners of heuristic games
// (benchmarks/bench_catan_leaf_calibration.cpp, docs/catan-strength.md).
#pragma once

#include "games/catan/catan.hpp"

namespace meeple::catan_eval {

// Evaluation units (a victory point is 10) per factor e of the odds between two seats.
inline constexpr double kLeafTemperature = 17.0;

// Each seat's chance to win from `s` (a live position): softmax over the seats of
// quick_value(s, p, p, players) / temperature; they sum to 1.
void win_chances(const catan::Catan::State& s, int players, double temperature, double* out);

}  // namespace meeple::catan_eval
