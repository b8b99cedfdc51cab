// Betting: the legal range of a seat, actions, the close of a street (uncalled bets
// returned), the run-out, and the end of the hand (pots, showdown, odd chips).
#include <algorithm>
#include <bit>

#include "core/error.hpp"
#include "games/holdem/holdem.hpp"

namespace meeple::holdem {

__extension__ typedef __int128 Wide;  // pot fractions: chips times a numerator

std::int64_t Holdem::max_bet(const State& s) const {
    std::int64_t m = 0;
    for (int p = 0; p < players_; ++p) m = std::max(m, s.bet[p]);
    return m;
}

std::int64_t Holdem::pot_total(const State& s) const {
    std::int64_t t = 0;
    for (int p = 0; p < players_; ++p) t += s.contributed[p];
    return t;
}

// The rules of the raise (after the TDA's, as PokerKit states them):
// - the smallest bet is the big blind; a raise adds at least the largest raise of the
//   street (the raise "increment": the wager reached less the wager it raised);
// - a seat that cannot cover that may still go all-in for less (a short all-in);
// - a short all-in does not reopen the betting: a seat that acted since the last full
//   raise may only call or fold, until short all-ins in a row add up to a full raise;
// - a seat facing less than a full raise's worth (its call is under the largest raise)
//   may not raise, nor may a seat whose stack does not exceed its call, nor a seat whose
//   live opponents are all all-in or covered;
// - pot-limit: the largest raise is to the wager that, after calling, adds the pot;
// - fixed-limit: a bet or raise adds the street's fixed bet (or all-in for less), and a
//   street allows `raise_cap` bets and raises (PokerKit's 4 by default; the blinds and
//   straddles do not count).
BetRange Holdem::bet_range(const State& s, int seat) const {
    BetRange r;
    const std::int64_t mb = max_bet(s);
    const std::int64_t owed = mb - s.bet[seat];
    r.call = std::min(s.stack[seat], owed);
    r.can_fold = owed > 0;
    const std::int64_t all_in_to = s.stack[seat] + s.bet[seat];
    bool can = r.call >= s.raise_amount && s.stack[seat] > owed;
    if (can && s.short_pending && ((s.acted >> seat) & 1)) can = false;
    if (can) {
        bool opponent = false;
        for (int p = 0; p < players_; ++p) {
            if (p != seat && live(s, p) && s.stack[p] + s.bet[p] > mb) opponent = true;
        }
        can = opponent;
    }
    // The engine's cap: a hand's log holds every action (see kLogCapacity); raising stops
    // while room is left for the rest of the hand without raises.
    if (can && s.log_len + 1 + 4 * players_ > kLogCapacity) can = false;
    if (can && raise_cap_ && raises_this_street(s) >= raise_cap_) can = false;
    if (!can) return r;
    r.can_raise = true;
    r.min_to = std::min(all_in_to, mb + std::max(s.raise_amount, street_bet(s.street)));
    if (betting_ == Betting::limit) {
        r.max_to = r.min_to;
    } else if (betting_ == Betting::pot_limit) {
        r.max_to = std::min(all_in_to, std::max(r.min_to, 2 * mb - s.bet[seat] + pot_total(s)));
    } else {
        r.max_to = all_in_to;
    }
    return r;
}

// The wager a raise size reaches, or 0 when the size is not legal here. Sizes that
// coincide with the minimum or the maximum are left to `min` and `max`, so that no two
// raise actions do the same thing.
std::int64_t Holdem::size_amount(const State& s, int seat, const BetRange& r, int size) const {
    if (!r.can_raise) return 0;
    const RaiseSize& z = sizes_[size];
    switch (z.kind) {
        case RaiseSize::kMin: return r.min_to;
        case RaiseSize::kMax: return r.max_to > r.min_to ? r.max_to : 0;
        case RaiseSize::kPotFraction: {
            const std::int64_t mb = max_bet(s);
            const Wide after_call = pot_total(s) + (mb - s.bet[seat]);
            const Wide to = mb + after_call * z.num / z.den;
            return to > r.min_to && to < r.max_to ? static_cast<std::int64_t>(to) : 0;
        }
    }
    return 0;
}

void Holdem::act(State& s, int seat, int kind, std::int64_t to) const {
    const std::uint16_t bit = static_cast<std::uint16_t>(1u << seat);
    std::int64_t logged = 0;
    if (kind == kLogFold) {
        s.folded |= bit;
    } else if (kind == kLogCheckCall) {
        logged = std::min(s.stack[seat], max_bet(s) - s.bet[seat]);
        s.stack[seat] -= logged;
        s.bet[seat] += logged;
        s.contributed[seat] += logged;
    } else {
        const std::int64_t increment = to - max_bet(s), delta = to - s.bet[seat];
        s.bet[seat] = to;
        s.stack[seat] -= delta;
        s.contributed[seat] += delta;
        logged = to;
        std::uint16_t owe = 0;
        for (int p = 0; p < players_; ++p) {
            if (p != seat && live(s, p) && s.stack[p] > 0) owe |= static_cast<std::uint16_t>(1u << p);
        }
        s.to_act = owe;
        if (increment >= s.raise_amount) s.acted = 0;  // a full raise reopens the betting
        s.raise_amount = std::max(s.raise_amount, increment);
        if (s.stack[seat] > 0) {
            s.short_pending = 0;
            s.short_sum = 0;
        } else {
            s.short_sum += increment;
            s.short_pending = 1;
            if (s.short_sum >= s.raise_amount) {  // short all-ins that add up to a full raise
                s.short_pending = 0;
                s.short_sum = 0;
            }
        }
        s.opener = static_cast<std::uint8_t>(seat);
    }
    s.acted |= bit;
    s.to_act &= static_cast<std::uint16_t>(~bit);
    if (s.log_len < kLogCapacity) s.log[s.log_len++] = log_entry(logged, seat, kind, s.street);
    after_action(s, seat);
}

void Holdem::after_action(State& s, int seat) const {
    if (players_ - std::popcount(unsigned(s.folded)) == 1) {
        return_uncalled(s);
        finish(s);
        return;
    }
    if (s.to_act == 0) {
        close_street(s);
        return;
    }
    int next = seat;
    do next = (next + 1) % players_;
    while (!((s.to_act >> next) & 1));
    s.actor = static_cast<std::uint8_t>(next);
}

// The largest wager of the street, where no one matched it, goes back down to the
// second largest: the uncalled part returns to its owner.
void Holdem::return_uncalled(State& s) const {
    int top = 0;
    for (int p = 1; p < players_; ++p) {
        if (s.bet[p] > s.bet[top]) top = p;
    }
    std::int64_t second = 0;
    for (int p = 0; p < players_; ++p) {
        if (p != top) second = std::max(second, s.bet[p]);
    }
    const std::int64_t back = s.bet[top] - second;
    s.bet[top] -= back;
    s.stack[top] += back;
    s.contributed[top] -= back;
}

void Holdem::close_street(State& s) const {
    return_uncalled(s);
    for (int p = 0; p < players_; ++p) s.bet[p] = 0;
    int with_chips = 0;
    for (int p = 0; p < players_; ++p) with_chips += live(s, p) && s.stack[p] > 0;
    if (s.street == kRiver) {
        finish(s);
        return;
    }
    s.phase = kDealing;
    if (with_chips <= 1) {  // no more betting: the rest of the board comes at once
        s.runout = 1;
        s.cards_owed = static_cast<std::uint8_t>(s.street == kPreflop ? 5 : s.street == kFlop ? 2 : 1);
        s.street = kRiver;
        // The streets dealt without betting still open in turn: the last one opens left
        // of the button, which is where the showdown then starts.
        s.opener = static_cast<std::uint8_t>((s.button + 1) % players_);
        s.to_act = 0;
    } else {
        s.cards_owed = s.street == kPreflop ? 3 : 1;
        ++s.street;
    }
}

void Holdem::after_deal(State& s) const {
    if (s.runout) {
        finish(s);
        return;
    }
    s.phase = kBetting;
    s.raise_amount = 0;
    s.short_sum = 0;
    s.short_pending = 0;
    s.acted = 0;
    std::uint16_t owe = 0;
    for (int p = 0; p < players_; ++p) {
        if (live(s, p) && s.stack[p] > 0) owe |= static_cast<std::uint16_t>(1u << p);
    }
    // A seat whose forced bet no live opponent can reach (all of them short of it) has
    // nothing to decide preflop, as in PokerKit; standard blinds with stacks above the
    // ante and the big blind never leave a seat so.
    for (int p = 0; p < players_; ++p) {
        if (!((owe >> p) & 1) || s.bet[p] == 0) continue;
        std::int64_t reach = 0;
        for (int q = 0; q < players_; ++q) {
            if (q != p && live(s, q)) reach = std::max(reach, s.bet[q] + s.stack[q]);
        }
        if (reach <= s.bet[p]) owe &= static_cast<std::uint16_t>(~(1u << p));
    }
    s.to_act = owe;
    if (owe == 0) {
        close_street(s);
        return;
    }
    // Preflop the seat after the big blind opens (heads-up, the button); after the flop
    // the first seat left of the button.
    const int from = s.street == kPreflop ? preflop_opener(s.button) : (s.button + 1) % players_;
    s.opener = static_cast<std::uint8_t>(from);
    int seat = from;
    while (!((owe >> seat) & 1)) seat = (seat + 1) % players_;
    s.actor = static_cast<std::uint8_t>(seat);
}

// Antes that differ from seat to seat and are not trimmed (a big-blind ante) are dead
// money: they go to the main pot, open to every live seat, and the layers count the
// chips put in besides them.
int Holdem::pots(const State& s, std::int64_t* amounts, std::uint16_t* eligible) const {
    const bool dead_antes = !ante_trimming_ && !uniform_antes_;
    std::int64_t put[kMaxSeats], dead = 0;
    for (int p = 0; p < players_; ++p) {
        const std::int64_t ante = dead_antes ? std::min(ante_of(p, s.button), s.contributed[p]) : 0;
        put[p] = s.contributed[p] - ante;
        dead += ante;
    }
    std::int64_t levels[kMaxSeats];
    int n_levels = 0;
    for (int p = 0; p < players_; ++p) levels[n_levels++] = put[p];
    std::sort(levels, levels + n_levels);
    n_levels = static_cast<int>(std::unique(levels, levels + n_levels) - levels);
    int n = 0;
    std::int64_t below = 0;
    for (int l = 0; l < n_levels; ++l) {
        const std::int64_t level = levels[l];
        std::int64_t amount = l == 0 ? dead : 0;
        std::uint16_t who = 0;
        for (int p = 0; p < players_; ++p) {
            amount += std::min(put[p], level) - std::min(put[p], below);
            if (live(s, p) && put[p] >= level) who |= static_cast<std::uint16_t>(1u << p);
        }
        below = level;
        if (amount == 0) continue;
        if (who == 0 && n > 0) who = eligible[n - 1];  // chips above every live seat's (never at a showdown)
        if (n > 0 && eligible[n - 1] == who) {
            amounts[n - 1] += amount;  // a layer with the same seats is the same pot
        } else {
            amounts[n] = amount;
            eligible[n++] = who;
        }
    }
    return n;
}

int Holdem::showdown_order(const State& s, int* seats) const {
    int n = 0;
    for (int k = 0; k < players_; ++k) {
        const int p = (s.opener + k) % players_;
        if (live(s, p)) seats[n++] = p;
    }
    return n;
}

// The end of the hand. One seat left takes everything; otherwise every live hand is
// shown and each pot goes to the best hand among the seats it is open to. A split pot's
// odd chips go one at a time to the winners in seat order from the first seat left of
// the button.
void Holdem::finish(State& s) const {
    s.phase = kOver;
    s.to_act = 0;
    for (int p = 0; p < players_; ++p) s.bet[p] = 0;
    const unsigned live_seats = ~unsigned(s.folded) & ((1u << players_) - 1);
    if (std::popcount(live_seats) == 1) {
        const int winner = std::countr_zero(live_seats);
        s.won[winner] = pot_total(s);
        s.stack[winner] += s.won[winner];
        return;
    }
    s.showdown = 1;
    s.shown = static_cast<std::uint16_t>(live_seats);
    poker::CardMask board = 0;
    for (int b = 0; b < 5; ++b) board |= poker::card_bit(s.board[b]);
    std::uint32_t value[kMaxSeats] = {};
    for (int p = 0; p < players_; ++p) {
        if (!live(s, p)) continue;
        poker::CardMask hole = 0;
        for (int c = 0; c < hole_count_; ++c) hole |= poker::card_bit(s.hole[p][c]);
        value[p] = poker::evaluate_hand(variant_, hole, board);
    }
    std::int64_t amounts[kMaxSeats];
    std::uint16_t eligible[kMaxSeats];
    const int n = pots(s, amounts, eligible);
    for (int i = 0; i < n; ++i) {
        std::uint32_t best = 0;
        for (int p = 0; p < players_; ++p) {
            if ((eligible[i] >> p) & 1) best = std::max(best, value[p]);
        }
        int winners[kMaxSeats], k = 0;
        for (int j = 1; j <= players_; ++j) {
            const int p = (s.button + j) % players_;
            if (((eligible[i] >> p) & 1) && value[p] == best) winners[k++] = p;
        }
        const std::int64_t share = amounts[i] / k, odd = amounts[i] % k;
        for (int w = 0; w < k; ++w) s.won[winners[w]] += share + (w < odd ? 1 : 0);
    }
    for (int p = 0; p < players_; ++p) s.stack[p] += s.won[p];
}

}  // namespace meeple::holdem
