// The exact-amount bet or raise on a type-erased state record, for the C ABI
// (meeple_holdem_raise_to) and the Python binding over it.
#pragma once

#include <cstdint>

#include "core/any_game.hpp"

namespace meeple::holdem {

// Plays a bet or raise to `to` chips for `player` (a seat or kActing) on a record of
// game "holdem", counting a move as apply does. Throws Error (invalid_argument for a
// record of another game; out_of_range, not_active, wrong_state, illegal_action as
// Holdem::apply_raise_to) and leaves the record unchanged on bad input.
void raise_to(const AnyGame& game, void* rec, int player, std::int64_t to);

}  // namespace meeple::holdem
