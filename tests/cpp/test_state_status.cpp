// The status view's current_player for every kind of actor set, the simultaneous one
// included, which no registered game reaches but a game may: it must be
// MEEPLE_SEVERAL_ACTIVE exactly where meeple_state_current_player refuses to answer.
#include "capi/state_status.hpp"
#include "check.hpp"

using namespace meeple;
using namespace meeple::capi;

TEST(status_player_names_one_actor_nobody_or_several) {
    CHECK_EQ(status_player(0), kNobody);
    CHECK_EQ(status_player(kChanceBit), kChance);
    CHECK_EQ(status_player(Actors{1}), 0);
    CHECK_EQ(status_player(Actors{1} << 5), 5);
    CHECK_EQ(status_player(Actors{0b101}), MEEPLE_SEVERAL_ACTIVE);
    CHECK_EQ(status_player(kChanceBit | 1u), MEEPLE_SEVERAL_ACTIVE);
}

TEST(status_of_copies_the_facts_it_is_given) {
    const meeple_state_status_t s = status_of(Actors{0b110}, false, false, 41);
    CHECK_EQ(s.is_terminal, 0);
    CHECK_EQ(s.truncated, 0);
    CHECK_EQ(s.current_player, MEEPLE_SEVERAL_ACTIVE);
    CHECK_EQ(s.active, 6u);
    CHECK_EQ(s.move_number, 41);
    const meeple_state_status_t end = status_of(0, true, true, 7);
    CHECK_EQ(end.is_terminal, 1);
    CHECK_EQ(end.truncated, 1);
    CHECK_EQ(end.current_player, kNobody);
}
