// The fast exact path (rank multisets and flush corrections) against visiting every
// board, on many random spots: Hold'em and PLO, 2 to 6 players, boards of 0, 3, 4 and 5
// cards, dead cards. Both count the same integers, so the results must be equal to the
// last bit, not merely close.
#include <cmath>

#include "check.hpp"
#include "core/rng.hpp"
#include "poker/equity.hpp"
#include "poker/exact.hpp"

using namespace meeple;
using namespace meeple::poker;

namespace {

// Deals n hands, a board of `board_cards` and `dead_cards` dead cards from a seeded deck.
EquityRequest random_spot(Rng& rng, Variant v, int n, int board_cards, int dead_cards) {
    CardMask used = 0;
    auto deal = [&](int k) {
        CardMask m = 0;
        while (k > 0) {
            const int id = static_cast<int>(rng.below(kDeckSize));
            if (used & card_bit(id)) continue;
            used |= card_bit(id);
            m |= card_bit(id);
            --k;
        }
        return m;
    };
    EquityRequest q;
    q.variant = v;
    for (int i = 0; i < n; ++i) q.hands.push_back(deal(hole_cards(v)));
    q.board = deal(board_cards);
    q.dead = deal(dead_cards);
    return q;
}

// Deals hands that share suits a lot (flush draws on both sides): all from two suits.
EquityRequest suited_spot(Rng& rng, Variant v, int n, int board_cards) {
    EquityRequest q;
    q.variant = v;
    CardMask used = 0;
    auto deal = [&](int k, unsigned suits) {
        CardMask m = 0;
        while (k > 0) {
            const int id = static_cast<int>(rng.below(kDeckSize));
            if ((used & card_bit(id)) || !(suits >> card_suit(id) & 1)) continue;
            used |= card_bit(id);
            m |= card_bit(id);
            --k;
        }
        return m;
    };
    for (int i = 0; i < n; ++i) q.hands.push_back(deal(hole_cards(v), 0b0011));
    q.board = deal(board_cards, 0b0111);
    return q;
}

bool same_bits(const EquityResult& a, const EquityResult& b) {
    return a.win == b.win && a.tie == b.tie && a.equity == b.equity && a.count == b.count;
}

}  // namespace

TEST(poker_fast_exact_equals_every_board_on_random_flops_turns_and_rivers) {
    Rng rng = Rng::from_seed(2024);
    int spots = 0;
    for (int round = 0; round < 40; ++round) {
        for (Variant v : {Variant::holdem, Variant::plo}) {
            const int n = 2 + static_cast<int>(rng.below(v == Variant::holdem ? 5 : 3));
            const int board = 3 + static_cast<int>(rng.below(3));
            const int dead = static_cast<int>(rng.below(4));
            const EquityRequest q = random_spot(rng, v, n, board, dead);
            const EquityResult fast = equity(q), plain = equity_by_visiting_every_board(q);
            CHECK(same_bits(fast, plain));
            ++spots;
        }
    }
    CHECK_EQ(spots, 80);
}

TEST(poker_fast_exact_equals_every_board_on_suited_hands) {
    // Two suits for every hand: flush draws everywhere, where the corrections do the work.
    Rng rng = Rng::from_seed(77);
    for (int round = 0; round < 20; ++round) {
        for (Variant v : {Variant::holdem, Variant::plo}) {
            const EquityRequest q = suited_spot(rng, v, 2 + static_cast<int>(rng.below(3)), 3 + static_cast<int>(rng.below(2)));
            CHECK(same_bits(equity(q), equity_by_visiting_every_board(q)));
        }
    }
}

TEST(poker_fast_exact_equals_every_board_preflop) {
    // Preflop visits 1.5 million boards or so per spot: a few spots, with dead cards.
    Rng rng = Rng::from_seed(5);
    const EquityRequest spots[] = {random_spot(rng, Variant::holdem, 2, 0, 0), random_spot(rng, Variant::holdem, 3, 0, 2),
                                   random_spot(rng, Variant::holdem, 6, 0, 1), suited_spot(rng, Variant::holdem, 3, 0)};
    for (const EquityRequest& q : spots) CHECK(same_bits(equity(q), equity_by_visiting_every_board(q)));
    EquityRequest q;
    for (const char* h : {"As Ks", "Qd Qc", "7h 6h"}) q.hands.push_back(parse_mask(h));
    CHECK(same_bits(equity(q), equity_by_visiting_every_board(q)));
}

TEST(poker_fast_exact_equals_every_board_for_plo_from_the_flop) {
    Rng rng = Rng::from_seed(11);
    for (int round = 0; round < 6; ++round) {
        const EquityRequest q = random_spot(rng, Variant::plo, 2 + round % 4, 3, round % 3);
        CHECK(same_bits(equity(q), equity_by_visiting_every_board(q)));
    }
}

TEST(poker_fast_exact_is_the_same_at_every_thread_count) {
    EquityRequest q;
    for (const char* h : {"Ah Kh", "Qd Qc", "7h 6h", "2s 2d"}) q.hands.push_back(parse_mask(h));
    q.board = parse_mask("Th 4h");
    q.threads = 1;
    const EquityResult one = equity(q);
    for (int threads : {2, 3, 8}) {
        q.threads = threads;
        CHECK(same_bits(equity(q), one));
    }
}

TEST(poker_exact_plan_tallies_known_showdowns) {
    // A royal flush on the board: both hands play it; the one board is split.
    const CardMask hands[2] = {parse_mask("2c 3d"), parse_mask("4c 5d")};
    ExactTally t[2];
    CHECK_EQ(exact_tallies(Variant::holdem, hands, 2, parse_mask("As Ks Qs Js Ts"), 0, t), 1u);
    CHECK(t[0].ties == 1 && t[1].ties == 1 && t[0].wins == 0 && t[0].units == kPotUnits / 2);
    // Quad aces against kings full on the turn: 44 rivers, and even Ks (quad kings)
    // loses to the aces.
    const CardMask quads[2] = {parse_mask("Ah Ad"), parse_mask("Kh 7s")};
    ExactTally u[2];
    CHECK_EQ(exact_tallies(Variant::holdem, quads, 2, parse_mask("As Ac Kd Kc"), 0, u), 44u);
    CHECK(u[0].wins == 44 && u[1].wins == 0 && u[1].ties == 0 && u[0].units == 44 * kPotUnits);
    // A made heart flush against trip kings on Qh 7h 3s Kh: the kings win on Ks (quads)
    // and on the nine rivers that pair the board (Q, 7 or 3 of the other suits, and 3h,
    // which fills them up even though it is a heart): 10 of 44.
    const CardMask flush[2] = {parse_mask("Ah 2h"), parse_mask("Kc Kd")};
    ExactTally w[2];
    CHECK_EQ(exact_tallies(Variant::holdem, flush, 2, parse_mask("Qh 7h 3s Kh"), 0, w), 44u);
    CHECK(w[0].wins == 34 && w[1].wins == 10 && w[0].ties == 0);
}

TEST(poker_fast_exact_equals_every_board_at_the_edges) {
    Rng rng = Rng::from_seed(99);
    // A nearly empty deck: ten Hold'em hands and 20 dead cards leave 12 cards (792 boards);
    // eleven PLO hands leave 8 (56 boards); a full board leaves one.
    const EquityRequest spots[] = {random_spot(rng, Variant::holdem, 10, 0, 20), random_spot(rng, Variant::plo, 11, 0, 0),
                                   random_spot(rng, Variant::holdem, 9, 5, 3), random_spot(rng, Variant::plo, 5, 5, 0),
                                   random_spot(rng, Variant::holdem, 10, 4, 10)};
    for (const EquityRequest& q : spots) CHECK(same_bits(equity(q), equity_by_visiting_every_board(q)));
    // A board already holding four hearts and both players one heart: every river counts.
    EquityRequest q;
    q.hands = {parse_mask("Ah 2c"), parse_mask("Kh Kd")};
    q.board = parse_mask("9h 7h 4h 3h");
    CHECK(same_bits(equity(q), equity_by_visiting_every_board(q)));
    q.board = parse_mask("9h 7h 4h");  // and from the flop, with a dead heart
    q.dead = parse_mask("Th");
    CHECK(same_bits(equity(q), equity_by_visiting_every_board(q)));
}
