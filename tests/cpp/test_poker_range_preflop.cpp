// Heads-up preflop deal counts by classes of deals (range_preflop.hpp) against each
// deal's own exact count, and the closed-form count of suit classes against counting
// the canonical sets one by one.
#include <algorithm>
#include <vector>

#include "check.hpp"
#include "core/rng.hpp"
#include "poker/cards.hpp"
#include "poker/exact.hpp"
#include "poker/isomorphism.hpp"
#include "poker/range_preflop.hpp"

using namespace meeple;
using namespace meeple::poker;

namespace {

// Counts the sets of k cards of the ranks 0..ranks-1 (every suit) that are their class's
// representative (suit rank masks non-increasing), by visiting every set.
std::uint64_t count_representatives(int ranks, int k) {
    std::vector<int> deck;
    for (int s = 0; s < 4; ++s)
        for (int r = 0; r < ranks; ++r) deck.push_back(13 * s + r);
    const int n = static_cast<int>(deck.size());
    std::uint64_t count = 0;
    for (std::uint64_t bits = 0; bits < (std::uint64_t{1} << n); ++bits) {
        if (__builtin_popcountll(bits) != k) continue;
        CardMask m = 0;
        for (int i = 0; i < n; ++i)
            if (bits >> i & 1) m |= card_bit(deck[static_cast<std::size_t>(i)]);
        unsigned suit[4];
        for (int s = 0; s < 4; ++s) suit[s] = static_cast<unsigned>(m >> (13 * s)) & 0x1FFF;
        count += suit[0] >= suit[1] && suit[1] >= suit[2] && suit[2] >= suit[3];
    }
    return count;
}

CardMask draw(Rng& rng, int k, CardMask& used) {
    CardMask m = 0;
    while (k > 0) {
        const int id = static_cast<int>(rng.below(kDeckSize));
        if (used & card_bit(id)) continue;
        used |= card_bit(id);
        m |= card_bit(id);
        --k;
    }
    return m;
}

}  // namespace

TEST(poker_suit_classes_of_sets_match_counting_representatives) {
    // Small decks visited set by set: 4 suits of 1 to 4 ranks, every size.
    for (int ranks = 1; ranks <= 4; ++ranks)
        for (int k = 0; k <= 4 * ranks; ++k) CHECK_EQ(suit_classes_of_sets(ranks, k), count_representatives(ranks, k));
    // The full deck: the board classes canonical_boards lists.
    CHECK_EQ(suit_classes_of_sets(13, 3), std::uint64_t{1755});
    CHECK_EQ(suit_classes_of_sets(13, 4), std::uint64_t{16432});
    CHECK_EQ(suit_classes_of_sets(13, 5), std::uint64_t{134459});
    CHECK_EQ(suit_classes_of_sets(13, 5), static_cast<std::uint64_t>(canonical_boards(5).size()));
    CHECK_EQ(suit_classes_of_sets(13, 0), std::uint64_t{1});
    CHECK_EQ(suit_classes_of_sets(13, 53), std::uint64_t{0});
}

TEST(poker_preflop_deal_counts_equal_each_deals_exact_count) {
    Rng rng = Rng::from_seed(24);
    for (int round = 0; round < 3; ++round) {
        // Two ranges closed under some renamings (whole pairs and suited hands) and some
        // lone combos, so classes hold one deal or several; dead cards in two rounds.
        CardMask used = 0;
        const CardMask dead = round == 0 ? 0 : draw(rng, round, used);
        std::vector<CardMask> a, b;
        const auto add_all_suits = [&](std::vector<CardMask>& out, int r1, int r2) {
            for (int s1 = 0; s1 < 4; ++s1)
                for (int s2 = 0; s2 < 4; ++s2) {
                    const CardMask m = card_bit(13 * s1 + r1) | card_bit(13 * s2 + r2);
                    if (card_count(m) == 2 && !(m & dead) && std::find(out.begin(), out.end(), m) == out.end())
                        out.push_back(m);
                }
        };
        add_all_suits(a, 12, 12);  // AA
        add_all_suits(a, 12, 11);  // AK
        add_all_suits(b, 11, 11);  // KK
        add_all_suits(b, 8, 7);    // T9
        for (int i = 0; i < 3; ++i) {
            CardMask u = used;
            b.push_back(draw(rng, 2, u));
        }
        std::vector<std::uint32_t> pa, pb;
        for (std::uint32_t i = 0; i < a.size(); ++i)
            for (std::uint32_t j = 0; j < b.size(); ++j)
                if (!(a[i] & b[j]) && !((a[i] | b[j]) & dead)) {
                    pa.push_back(i);
                    pb.push_back(j);
                }
        std::vector<std::uint64_t> wins, ties, wins2, ties2;
        preflop_deal_counts(a, b, pa, pb, dead, 1, Control(), 0, wins, ties);
        preflop_deal_counts(a, b, pa, pb, dead, 3, Control(), 0, wins2, ties2);
        CHECK(wins == wins2 && ties == ties2);
        CHECK_EQ(wins.size(), pa.size());
        // Every tenth deal checked against its own plan (a deal per class is the plan
        // itself; the others test that renamed deals share counts).
        for (std::size_t p = 0; p < pa.size(); p += 10) {
            const CardMask hands[2] = {a[pa[p]], b[pb[p]]};
            ExactTally t[2];
            exact_tallies(Variant::holdem, hands, 2, 0, dead, t);
            CHECK_EQ(wins[p], t[0].wins);
            CHECK_EQ(ties[p], t[0].ties);
        }
    }
}

TEST(poker_preflop_deal_counts_report_progress_and_honour_cancel) {
    const std::vector<CardMask> a = {parse_mask("As Ah"), parse_mask("As Kd"), parse_mask("Kc Kh")};
    const std::vector<CardMask> b = {parse_mask("Qs Qh"), parse_mask("Jd Tc")};
    const std::vector<std::uint32_t> pa = {0, 0, 1, 1, 2, 2}, pb = {0, 1, 0, 1, 0, 1};
    std::vector<std::uint64_t> wins, ties;
    meeple_control_t block{sizeof(meeple_control_t), 0, 0, 0};
    const Control control(&block);
    control.set_total(1712304);
    preflop_deal_counts(a, b, pa, pb, 0, 2, control, 1712304, wins, ties);
    CHECK_EQ(block.progress, std::uint64_t{1712304});
    block.cancel = 1;
    CHECK_THROWS_STATUS(preflop_deal_counts(a, b, pa, pb, 0, 2, control, 1712304, wins, ties), Status::cancelled);
}
