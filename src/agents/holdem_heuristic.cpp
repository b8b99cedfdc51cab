// Hold'em heuristic: plays by hand strength against the pot odds. It estimates its
// equity by Monte Carlo (its hole cards against random hands for every live opponent,
// the board completed at random, 200 deals from the agent's generator), then: with at
// least twice its fair share of the pot (1 / live seats) it raises about the pot (the
// raise size nearest to it), with equity worth the price of a call it calls or checks,
// else it checks when free or folds.
#include <bit>
#include <cmath>

#include "agents/heuristics.hpp"
#include "core/error.hpp"
#include "games/holdem/holdem.hpp"

namespace meeple {
namespace {

using holdem::Holdem;

constexpr int kDeals = 200;

class HoldemHeuristic final : public Agent {
public:
    HoldemHeuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed)
        : Agent(std::move(game), "heuristic"), rules_(dynamic_cast<const GameModel<Holdem>&>(*game_).rules()) {
        reset(seed);
    }
    void reset(std::uint64_t seed) override { rng_ = Rng::from_seed(seed); }

    int act(const void* rec, int player) override {
        const auto& s = static_cast<const Record<Holdem::State>*>(rec)->state;
        const holdem::BetRange r = rules_.bet_range(s, player);
        const double e = equity(s, player);
        const int live = rules_.num_players() - std::popcount(unsigned(s.folded));
        const double pot = double(rules_.pot_total(s)), call = double(r.call);
        if (r.can_raise && e >= 2.0 / live) {
            // The legal raise size nearest to a pot-sized raise.
            const double target = double(rules_.max_bet(s)) + pot + call;
            int best = -1;
            double gap = 0;
            for (int i = 0; i < rules_.num_sizes(); ++i) {
                const std::int64_t to = rules_.size_amount(s, player, r, i);
                if (to == 0) continue;
                const double d = std::fabs(double(to) - target);
                if (best < 0 || d < gap) best = i, gap = d;
            }
            if (best >= 0) return holdem::kFirstRaise + best;
        }
        if (!r.can_fold || e * (pot + call) >= call) return holdem::kCheckCall;
        return holdem::kFold;
    }

private:
    // The share of the pot the seat's hand would take, over random deals of what it
    // cannot see.
    double equity(const Holdem::State& s, int seat) {
        const int n = rules_.num_players(), h = rules_.hole_count();
        poker::CardMask mine = 0, board = 0;
        for (int c = 0; c < h; ++c) mine |= poker::card_bit(s.hole[seat][c]);
        int board_cards = 0;
        for (int b = 0; b < 5; ++b) {
            if (s.board[b] != holdem::kNoCard) board |= poker::card_bit(s.board[b]), ++board_cards;
        }
        double won = 0;
        for (int deal = 0; deal < kDeals; ++deal) {
            poker::CardMask used = mine | board, full = board;
            for (int b = board_cards; b < 5; ++b) full |= draw(used);
            const std::uint32_t my_value = poker::evaluate_hand(rules_.variant(), mine, full);
            int ties = 1;
            bool lost = false;
            for (int p = 0; p < n && !lost; ++p) {
                if (p == seat || ((s.folded >> p) & 1)) continue;
                poker::CardMask other = 0;
                for (int c = 0; c < h; ++c) other |= draw(used);
                const std::uint32_t v = poker::evaluate_hand(rules_.variant(), other, full);
                if (v > my_value) lost = true;
                else if (v == my_value) ++ties;
            }
            if (!lost) won += 1.0 / ties;
        }
        return won / kDeals;
    }
    poker::CardMask draw(poker::CardMask& used) {
        const poker::CardMask left = poker::kDeckMask & ~used;
        poker::CardMask m = left;
        for (std::uint32_t k = rng_.below(std::uint32_t(std::popcount(left))); k > 0; --k) m &= m - 1;
        const poker::CardMask card = m & (~m + 1);
        used |= card;
        return card;
    }

    const Holdem& rules_;
    Rng rng_;
};

}  // namespace

std::unique_ptr<Agent> make_holdem_heuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed) {
    return std::make_unique<HoldemHeuristic>(std::move(game), seed);
}

}  // namespace meeple
