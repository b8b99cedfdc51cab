#include "games/holdem/raise_to.hpp"

#include "core/error.hpp"
#include "games/holdem/holdem.hpp"

namespace meeple::holdem {

void raise_to(const AnyGame& game, void* rec, int player, std::int64_t to) {
    const auto* model = dynamic_cast<const GameModel<Holdem>*>(&game);
    if (!model) {
        fail(Status::invalid_argument, "an exact-amount raise needs a state of game holdem; this state is of " +
                                           game.spec());
    }
    const int seat = game.resolve_player(rec, player);
    if (seat == kNobody) fail(Status::wrong_state, "the hand is over; no seat can bet");
    if (seat == kChance) fail(Status::not_active, "the chance player deals cards; it does not bet");
    game.check_seat(seat, false);
    auto& r = *static_cast<Record<Holdem::State>*>(rec);
    Holdem::State next = r.state;
    model->rules().apply_raise_to(next, seat, to);
    r.state = next;
    ++r.move_number;
}

}  // namespace meeple::holdem
