// The evaluator against known counts and against its own five-card values taken over
// every subset: the category counts of all 2,598,960 five-card and 133,784,560
// seven-card hands are the published ones, and a 6- or 7-card value is the best of its
// five-card subsets.
#include <array>
#include <cstdint>

#include "check.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "poker/evaluator.hpp"

using namespace meeple;
using namespace meeple::poker;

namespace {

// Counts per category over all hands of `k` cards (k = 5 or 7), by nested loops that
// keep the partial masks.
std::array<std::uint64_t, kNumCategories> category_counts(int k) {
    const EvalTables& t = eval_tables();
    std::array<std::uint64_t, 7463> by_value{};
    if (k == 5) {
        for (int a = 4; a < 52; ++a)
            for (int b = 3; b < a; ++b)
                for (int c = 2; c < b; ++c)
                    for (int d = 1; d < c; ++d)
                        for (int e = 0; e < d; ++e)
                            ++by_value[evaluate_unchecked(t, card_bit(a) | card_bit(b) | card_bit(c) | card_bit(d) | card_bit(e))];
    } else {
        for (int a = 6; a < 52; ++a)
            for (int b = 5; b < a; ++b) {
                const CardMask ab = card_bit(a) | card_bit(b);
                for (int c = 4; c < b; ++c)
                    for (int d = 3; d < c; ++d) {
                        const CardMask abcd = ab | card_bit(c) | card_bit(d);
                        for (int e = 2; e < d; ++e)
                            for (int f = 1; f < e; ++f) {
                                const CardMask m = abcd | card_bit(e) | card_bit(f);
                                for (int g = 0; g < f; ++g) ++by_value[evaluate_unchecked(t, m | card_bit(g))];
                            }
                    }
            }
    }
    std::array<std::uint64_t, kNumCategories> counts{};
    CHECK_EQ(by_value[0], 0u);
    for (std::uint32_t v = 1; v <= kNumHandValues; ++v) counts[static_cast<int>(category_of(v))] += by_value[v];
    return counts;
}

CardMask random_hand(Rng& rng, int n) {
    CardMask m = 0;
    while (card_count(m) < n) m |= card_bit(static_cast<int>(rng.below(52)));
    return m;
}

// The best five-card value among the subsets of a hand.
std::uint32_t best_of_subsets(CardMask hand) {
    int ids[7], n = 0;
    for (CardMask m = hand; m; m &= m - 1) ids[n++] = __builtin_ctzll(m);
    std::uint32_t best = 0;
    for (int drop = 0; drop < (1 << n); ++drop) {
        if (n - __builtin_popcount(drop) != 5) continue;
        CardMask five = 0;
        for (int i = 0; i < n; ++i)
            if (!(drop >> i & 1)) five |= card_bit(ids[i]);
        best = std::max(best, evaluate(five));
    }
    return best;
}

}  // namespace

TEST(poker_five_card_category_counts_match_the_known_table) {
    const auto c = category_counts(5);
    const std::array<std::uint64_t, kNumCategories> known = {1302540, 1098240, 123552, 54912, 10200,
                                                            5108,    3744,    624,    40};
    for (int i = 0; i < kNumCategories; ++i) CHECK_EQ(c[i], known[i]);
}

TEST(poker_seven_card_category_counts_match_the_known_table) {
    // All 133,784,560 seven-card hands (about a second in a Release build).
    const auto c = category_counts(7);
    const std::array<std::uint64_t, kNumCategories> known = {23294460, 58627800, 31433400, 6461620, 6180020,
                                                            4047644,  3473184,  224848,   41584};
    for (int i = 0; i < kNumCategories; ++i) CHECK_EQ(c[i], known[i]);
}

TEST(poker_six_and_seven_card_values_are_the_best_five_card_subset) {
    Rng rng = Rng::from_seed(6);
    for (int i = 0; i < 20000; ++i) {
        const CardMask h = random_hand(rng, 6 + i % 2);
        CHECK_EQ(evaluate(h), best_of_subsets(h));
    }
}

TEST(poker_evaluation_from_card_ids_equals_evaluation_from_masks) {
    Rng rng = Rng::from_seed(11);
    const EvalTables& t = eval_tables();
    for (int i = 0; i < 200000; ++i) {
        int ids[7];
        const int n = 5 + i % 3;
        CardMask m = 0;
        for (int k = 0; k < n;) {
            const int id = static_cast<int>(rng.below(52));
            if (m & card_bit(id)) continue;
            m |= card_bit(id);
            ids[k++] = id;
        }
        CHECK_EQ(evaluate_cards_unchecked(t, ids, n), evaluate(m));
    }
}

TEST(poker_every_value_has_its_category_in_order) {
    // Values rise through the categories: each category is one contiguous block.
    int last = 0;
    for (std::uint32_t v = 1; v <= kNumHandValues; ++v) {
        const int c = static_cast<int>(category_of(v));
        CHECK(c == last || c == last + 1);
        last = c;
    }
    CHECK_EQ(last, 8);
}

TEST(poker_known_hands_have_known_values_and_words) {
    CHECK_EQ(evaluate(parse_mask("As Ks Qs Js Ts")), 7462u);
    CHECK_EQ(evaluate(parse_mask("7c 5d 4h 3s 2c")), 1u);
    CHECK_EQ(describe(evaluate(parse_mask("As Ks Qs Js Ts 2c 2d"))), "Straight Flush, ace high");
    CHECK_EQ(describe(evaluate(parse_mask("5c 4d 3h 2s Ac"))), "Straight, five high");
    CHECK_EQ(describe(evaluate(parse_mask("Kh Kd 5c 5s Jd 2c 3h"))), "Two Pair, kings and fives, jack kicker");
    CHECK_EQ(describe(evaluate(parse_mask("Ah Ad Ac Kd Ks Kc 3c"))), "Full House, aces full of kings");
    CHECK(tiebreak_ranks(evaluate(parse_mask("9h 9d 4c 7s Qd"))) == (std::vector<int>{9, 12, 7, 4}));
    // The wheel loses to the six-high straight; a flush beats any straight.
    CHECK(evaluate(parse_mask("Ac 2d 3h 4s 5c")) < evaluate(parse_mask("2d 3h 4s 5c 6d")));
    CHECK(evaluate(parse_mask("Ac Kd Qh Js Tc")) < evaluate(parse_mask("2c 3c 4c 5c 7c")));
}

TEST(poker_evaluate_rejects_hands_of_the_wrong_size) {
    CHECK_THROWS_STATUS(evaluate(parse_mask("As Ks Qs Js")), Status::invalid_argument);
    CHECK_THROWS_STATUS(evaluate(parse_mask("As Ks Qs Js Ts 9s 8s 7s")), Status::invalid_argument);
    CHECK_THROWS_STATUS(evaluate(CardMask{1} << 60 | 0x1F), Status::invalid_argument);
    CHECK_THROWS_STATUS(describe(0), Status::invalid_argument);
    CHECK_THROWS_STATUS(describe(7463), Status::invalid_argument);
}
