// Hold'em heuristic (also PLO): a tight-aggressive player, cheap enough to be a rollout
// policy (docs/agents.md states its rules).
//
// Preflop it reads its hand's percentile among the starting hands (by all-in equity
// against a random hand, holdem_starting_hands.hpp) and plays a chart: it opens the top
// share of hands that fits the seats left to act behind it (16% under the gun at six
// seats, 42% on the button, 65% heads-up) to about 3 big blinds, re-raises the top few
// percent about the pot, calls with a share that shrinks as the price grows, and folds
// the rest.
//
// After the flop it estimates its equity by Monte Carlo against a range for every live
// opponent, read from the hand's betting: a preflop raiser holds the top share its seat
// opens (a 3-bettor the top 7%, a caller the top 30%, a checker anything), and each bet
// or raise after the flop keeps a hand with less than a pair and no draw only a quarter
// of the time (its bluffs). Then it bets for value (1/2 to 3/4 of the pot) with equity
// above a threshold that falls with the number of opponents, semi-bluffs draws on the
// flop and turn some of the time, raises very strong hands facing a bet, calls when its
// equity beats the pot odds (draws a little below, for what they win later), and
// otherwise checks or folds. Every size is the legal raise nearest to its target.
#include <algorithm>
#include <bit>
#include <cmath>

#include "agents/heuristics.hpp"
#include "agents/holdem_starting_hands.hpp"
#include "games/holdem/holdem.hpp"
#include "poker/evaluator.hpp"

namespace meeple {
namespace {

using holdem::Holdem;
using poker::CardMask;
using poker::Variant;

constexpr int kDeals = 128;            // Monte Carlo deals a decision after the flop
constexpr double kBluffShare = 0.25;   // of a bettor's hands without a pair or a draw

// The share of hands a seat opens with `behind` seats left to act after it preflop.
double open_share(int behind, int players) {
    constexpr double kShare[] = {0.12, 0.45, 0.42, 0.27, 0.20, 0.16};
    if (behind == 1 && players == 2) return 0.65;
    return behind < 6 ? kShare[behind] : 0.13;
}

// Ranks of a mask as 14 bits: bit 0 the ace (low), bits 1..13 the ranks 2..A.
std::uint32_t straight_ranks(CardMask m) {
    std::uint32_t r = 0;
    for (int s = 0; s < 4; ++s) r |= std::uint32_t(m >> (13 * s)) & 0x1FFF;
    return r << 1 | (r >> 12 & 1);
}

// Four cards to a flush or to a straight (open or inside), the hole cards among them as
// the variant needs (PLO plays exactly two of them with three of the board).
bool drawing(Variant v, CardMask hole, CardMask board) {
    const int need = v == Variant::plo ? 2 : 1;
    for (int s = 0; s < 4; ++s) {
        const int h = std::popcount((hole >> (13 * s)) & 0x1FFF), b = std::popcount((board >> (13 * s)) & 0x1FFF);
        if (h >= need && (v == Variant::plo ? b == 2 : h + b == 4)) return true;
    }
    const std::uint32_t hr = straight_ranks(hole), br = straight_ranks(board);
    for (int low = 0; low <= 9; ++low) {
        const std::uint32_t w = 0x1Fu << low;
        const int h = std::popcount(hr & w & ~br), b = std::popcount(br & w);
        if (h + b == 4 && h >= need && (v != Variant::plo || b == 2)) return true;
    }
    return false;
}

// What the hand's betting says: raises of the street, and each seat's preflop action
// and later aggression.
struct Read {
    int street_raises = 0;
    int preflop_level[holdem::kMaxSeats] = {};  // its highest preflop raise: 1 an open, 2 a 3-bet...
    int open_behind[holdem::kMaxSeats] = {};    // seats behind it when it opened
    bool called_raise[holdem::kMaxSeats] = {}, limped[holdem::kMaxSeats] = {};
    int aggression[holdem::kMaxSeats] = {};     // bets and raises after the flop
    int limpers = 0;
};

class HoldemHeuristic final : public Agent {
public:
    HoldemHeuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed)
        : Agent(std::move(game), "heuristic"),
          rules_(dynamic_cast<const GameModel<Holdem>&>(*game_).rules()),
          hands_(starting_hands(rules_.variant())),
          tables_(poker::eval_tables()) {
        reset(seed);
    }
    void reset(std::uint64_t seed) override { rng_ = Rng::from_seed(seed); }

    int act(const void* rec, int player) override {
        const auto& s = static_cast<const Record<Holdem::State>*>(rec)->state;
        const int action = choose(s, player);
        return rules_.is_legal(s, player, action) ? action : holdem::kCheckCall;
    }

private:
    int choose(const Holdem::State& s, int seat) {
        const holdem::BetRange r = rules_.bet_range(s, seat);
        CardMask hole = 0;
        for (int c = 0; c < rules_.hole_count(); ++c) {
            if (s.hole[seat][c] == holdem::kNoCard) return holdem::kCheckCall;
            hole |= poker::card_bit(s.hole[seat][c]);
        }
        const Read read = read_hand(s);
        return s.street == holdem::kPreflop ? preflop(s, seat, r, hole, read) : postflop(s, seat, r, hole, read);
    }

    // Seats to act after `seat` preflop up to the big blind: where it sits.
    int behind(const Holdem::State& s, int seat) const {
        const int n = rules_.num_players();
        return (rules_.big_blind_seat(s.button) - seat + n) % n;
    }

    Read read_hand(const Holdem::State& s) const {
        Read read;
        int level = 0;
        for (int i = 0; i < s.log_len; ++i) {
            const std::uint64_t e = s.log[i];
            const int p = holdem::log_seat(e), kind = holdem::log_kind(e), street = holdem::log_street(e);
            if (street == s.street && kind == holdem::kLogRaise) ++read.street_raises;
            if (street != holdem::kPreflop) {
                read.aggression[p] += kind == holdem::kLogRaise;
                continue;
            }
            if (kind == holdem::kLogRaise) {
                if (++level == 1) read.open_behind[p] = behind(s, p);
                read.preflop_level[p] = level;
            } else if (kind == holdem::kLogCheckCall && holdem::log_amount(e) > 0) {
                if (level > 0) read.called_raise[p] = true;
                else read.limped[p] = true, ++read.limpers;
            }
        }
        return read;
    }

    // The share of starting hands opponent `p` holds, from its preflop betting.
    double range_share(const Read& read, int p) const {
        const bool heads_up = rules_.num_players() == 2;
        if (read.preflop_level[p] >= 3) return 0.03;
        if (read.preflop_level[p] == 2) return heads_up ? 0.12 : 0.07;
        if (read.preflop_level[p] == 1) return open_share(read.open_behind[p], rules_.num_players());
        if (read.called_raise[p]) return heads_up ? 0.5 : 0.3;
        if (read.limped[p]) return 0.6;
        return 1.0;
    }

    int preflop(const Holdem::State& s, int seat, const holdem::BetRange& r, CardMask hole, const Read& read) {
        const double p = hands_.percentile(rules_.variant(), hole);
        const double bb = double(rules_.big_blind()), call = double(r.call), pot = double(rules_.pot_total(s));
        const double price = call / (pot + call);
        const bool heads_up = rules_.num_players() == 2;
        const int level = read.street_raises;
        const double pot_raise = double(rules_.max_bet(s)) + pot + call;
        if (level == 0) {
            const int b = behind(s, seat);
            if (p <= open_share(b, rules_.num_players())) {
                return raise_to(s, seat, r, (b == 0 ? 4 : 3) * bb + read.limpers * bb);
            }
            if (call == 0) return holdem::kCheckCall;
            return read.limpers > 0 && call <= bb && p <= 0.35 ? holdem::kCheckCall : holdem::kFold;
        }
        if (level == 1) {
            if (p <= (heads_up ? 0.10 : 0.05)) return raise_to(s, seat, r, pot_raise);
            const bool big_blind = seat == rules_.big_blind_seat(s.button);
            const double share =
                std::clamp(0.65 - 2 * (price - 0.2), 0.03, 0.6) * (heads_up ? 1.5 : big_blind ? 1.05 : 0.68);
            return p <= share ? holdem::kCheckCall : holdem::kFold;
        }
        if (level == 2) {
            if (p <= 0.025) return raise_to(s, seat, r, pot_raise);
            return p <= 0.03 || (p <= (heads_up ? 0.12 : 0.06) && price <= 0.45) ? holdem::kCheckCall : holdem::kFold;
        }
        if (p <= 0.012) return raise_to(s, seat, r, pot_raise);
        return p <= 0.03 || (p <= 0.06 && price <= 0.3) ? holdem::kCheckCall : holdem::kFold;
    }

    int postflop(const Holdem::State& s, int seat, const holdem::BetRange& r, CardMask hole, const Read& read) {
        CardMask board = 0;
        for (int b = 0; b < 5; ++b) {
            if (s.board[b] != holdem::kNoCard) board |= poker::card_bit(s.board[b]);
        }
        int opponents = 0;
        for (int q = 0; q < rules_.num_players(); ++q) opponents += q != seat && rules_.live(s, q);
        const double e = equity(s, seat, hole, board, read);
        const bool draw = s.street != holdem::kRiver && drawing(rules_.variant(), hole, board);
        constexpr double kValue[] = {0.6, 0.6, 0.45, 0.36}, kRaise[] = {0.78, 0.78, 0.62, 0.5};
        const int m = std::min(opponents, 3);
        const double call = double(r.call), pot = double(rules_.pot_total(s)), mb = double(rules_.max_bet(s));
        // A bet or raise of `f` of the pot after calling.
        auto sized = [&](double f) { return raise_to(s, seat, r, mb + f * (pot + call)); };
        if (call == 0) {
            if (e >= kValue[m]) return sized(e >= kRaise[m] ? 0.75 : 0.55);
            if (draw && rng_.unit() < (s.street == holdem::kFlop ? 0.55 : 0.35)) return sized(0.6);
            if (s.street == holdem::kRiver && opponents == 1 && e < 0.12 && rng_.unit() < 0.1) return sized(0.6);
            return holdem::kCheckCall;
        }
        const double price = call / (pot + call);
        if (e >= kRaise[m] && read.street_raises < 4) return sized(0.75);
        if (draw && s.street == holdem::kFlop && read.street_raises == 1 && e >= 0.25 && rng_.unit() < 0.1) {
            return sized(0.75);
        }
        if (e >= price + 0.03 || (draw && e >= price - 0.08)) return holdem::kCheckCall;
        return holdem::kFold;
    }

    // The legal raise nearest to a wager of `to` chips (the smaller of two as near), or
    // a call when no raise is legal.
    int raise_to(const Holdem::State& s, int seat, const holdem::BetRange& r, double to) const {
        int best = holdem::kCheckCall;
        double gap = 0;
        for (int i = 0; i < rules_.num_sizes(); ++i) {
            const std::int64_t amount = rules_.size_amount(s, seat, r, i);
            if (amount == 0) continue;
            const double d = std::fabs(double(amount) - to);
            if (best == holdem::kCheckCall || d < gap ||
                (d == gap && amount < rules_.size_amount(s, seat, r, best - holdem::kFirstRaise))) {
                best = holdem::kFirstRaise + i, gap = d;
            }
        }
        return best;
    }

    // The share of the pot the seat's hand takes over deals of the opponents' hands
    // from their ranges and of the board still to come.
    double equity(const Holdem::State& s, int seat, CardMask hole, CardMask board, const Read& read) {
        const Variant v = rules_.variant();
        const int board_cards = std::popcount(board);
        int opponents[holdem::kMaxSeats], n = 0;
        std::uint32_t top[holdem::kMaxSeats];
        for (int q = 0; q < rules_.num_players(); ++q) {
            if (q == seat || !rules_.live(s, q)) continue;
            top[n] = hands_.top_count(range_share(read, q));
            opponents[n++] = q;
        }
        double won = 0;
        CardMask theirs[holdem::kMaxSeats];
        for (int deal = 0; deal < kDeals; ++deal) {
            CardMask used = hole | board;
            for (int i = 0; i < n; ++i) {
                theirs[i] = sample(top[i], read.aggression[opponents[i]], used, board, board_cards);
                used |= theirs[i];
            }
            CardMask full = board;
            for (int b = board_cards; b < 5; ++b) {
                const CardMask c = random_card(used);
                used |= c, full |= c;
            }
            const std::uint32_t mine = poker::evaluate_hand_unchecked(tables_, v, hole, full);
            int ties = 1;
            bool lost = false;
            for (int i = 0; i < n && !lost; ++i) {
                const std::uint32_t x = poker::evaluate_hand_unchecked(tables_, v, theirs[i], full);
                lost = x > mine;
                ties += x == mine;
            }
            if (!lost) won += 1.0 / ties;
        }
        return won / kDeals;
    }

    // A hand from the top `top` starting hands clear of `used`; after `aggression` bets
    // and raises on this board, one with less than a pair and no draw is kept only as
    // a bluff. Random cards when the range is used up.
    CardMask sample(std::uint32_t top, int aggression, CardMask used, CardMask board, int board_cards) {
        const Variant v = rules_.variant();
        const double keep_bluff = std::pow(kBluffShare, aggression);
        for (int t = 0; t < 48; ++t) {
            const CardMask h = hands_.strongest_first[rng_.below(top)];
            if (h & used) continue;
            if (aggression > 0 && board_cards >= 3 && t < 40) {
                const std::uint32_t value = poker::evaluate_hand_unchecked(tables_, v, h, board);
                const bool air = poker::category_of(value) == poker::Category::high_card && !drawing(v, h, board);
                if (air && rng_.unit() >= keep_bluff) continue;
            }
            return h;
        }
        CardMask h = 0;
        for (int c = 0; c < rules_.hole_count(); ++c) h |= random_card(used | h);
        return h;
    }

    CardMask random_card(CardMask used) {
        int c;
        do c = int(rng_.below(poker::kDeckSize));
        while ((used >> c) & 1);
        return poker::card_bit(c);
    }

    const Holdem& rules_;
    const StartingHands& hands_;
    const poker::EvalTables& tables_;
    Rng rng_;
};

}  // namespace

std::unique_ptr<Agent> make_holdem_heuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed) {
    return std::make_unique<HoldemHeuristic>(std::move(game), seed);
}

}  // namespace meeple
