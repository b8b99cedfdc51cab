// The incremental hand form (hand_key.hpp) against the mask evaluator: every 7-card hand
// built card by card has the published category counts, and random hands of 5 to 7
// cards get the same value however their HandKey was built (and from byte card ids).
#include <array>

#include "check.hpp"
#include "core/rng.hpp"
#include "poker/evaluator.hpp"
#include "poker/hand_key.hpp"

using namespace meeple;
using namespace meeple::poker;

TEST(poker_hand_keys_summed_card_by_card_give_the_seven_card_category_counts) {
    const EvalTables& t = eval_tables();
    CardKey c[52];
    for (int i = 0; i < 52; ++i) c[i] = card_key(t, i);
    // by_value7: the same hands through the seven-card table (evaluate7_unchecked).
    std::array<std::uint64_t, kNumHandValues + 1> by_value{}, by_value7{};
    for (int a = 0; a < 52; ++a) {
        const HandKey h1 = HandKey{} + c[a];
        for (int b = a + 1; b < 52; ++b) {
            const HandKey h2 = h1 + c[b];
            for (int d = b + 1; d < 52; ++d) {
                const HandKey h3 = h2 + c[d];
                for (int e = d + 1; e < 52; ++e) {
                    const HandKey h4 = h3 + c[e];
                    for (int f = e + 1; f < 52; ++f) {
                        const HandKey h5 = h4 + c[f];
                        for (int g = f + 1; g < 52; ++g) {
                            const HandKey h6 = h5 + c[g];
                            for (int k = g + 1; k < 52; ++k) {
                                ++by_value[evaluate_unchecked(t, h6 + c[k])];
                                ++by_value7[evaluate7_unchecked(t, h6 + c[k])];
                            }
                        }
                    }
                }
            }
        }
    }
    std::array<std::uint64_t, kNumCategories> counts{};
    CHECK_EQ(by_value[0], 0u);
    for (std::uint32_t v = 1; v <= kNumHandValues; ++v) counts[static_cast<int>(category_of(v))] += by_value[v];
    const std::array<std::uint64_t, kNumCategories> known = {23294460, 58627800, 31433400, 6461620, 6180020,
                                                            4047644,  3473184,  224848,   41584};
    for (int i = 0; i < kNumCategories; ++i) CHECK_EQ(counts[i], known[i]);
    for (std::uint32_t v = 0; v <= kNumHandValues; ++v) CHECK_EQ(by_value7[v], by_value[v]);
}

TEST(poker_every_seven_card_rank_multiset_has_its_value_in_the_seven_card_table) {
    // Each of the 49,205 multisets of seven ranks (at most four of a rank) as a hand with
    // no flush: the cards in rank order take suits c, d, h, s in turn, so the cards of a
    // rank differ in suit and no suit holds more than two. The seven-card paths (from
    // ids, from a HandKey) must give what the general table gives for the mask.
    const EvalTables& t = eval_tables();
    int multisets = 0;
    std::array<int, 13> count{};
    const auto check_hand = [&] {
        int ids[7];
        std::uint8_t bytes[7];
        CardMask m = 0;
        int k = 0;
        for (int r = 0; r < 13; ++r)
            for (int j = 0; j < count[r]; ++j, ++k) {
                ids[k] = card_id(r + 2, k % 4);
                bytes[k] = static_cast<std::uint8_t>(ids[k]);
                m |= card_bit(ids[k]);
            }
        const std::uint32_t v = evaluate(m);
        CHECK(category_of(v) != Category::flush && category_of(v) != Category::straight_flush);
        CHECK_EQ(evaluate_cards_unchecked(t, ids, 7), v);
        CHECK_EQ(evaluate_cards_unchecked(t, bytes, 7), v);
        CHECK_EQ(evaluate7_unchecked(t, hand_key(t, m)), v);
        ++multisets;
    };
    const auto walk = [&](auto&& self, int r, int left) -> void {
        if (r == 13) {
            if (left == 0) check_hand();
            return;
        }
        for (int n = 0; n <= 4 && n <= left; ++n) {
            count[r] = n;
            self(self, r + 1, left - n);
        }
        count[r] = 0;
    };
    walk(walk, 0, 7);
    CHECK_EQ(multisets, 49205);
}

TEST(poker_hand_keys_from_masks_sums_and_hole_plus_board_agree_with_masks) {
    const EvalTables& t = eval_tables();
    Rng rng = Rng::from_seed(3);
    int flushes = 0;
    for (int i = 0; i < 100000; ++i) {
        const int n = 5 + i % 3;
        CardMask m = 0, hole = 0;
        HandKey summed;
        std::uint8_t bytes[7];
        // Every fourth hand from two suits only, so flushes of every suit are common.
        const unsigned suits = i % 4 == 0 ? (3u << (i / 4 % 3)) : 15u;
        for (int k = 0; k < n;) {
            const int id = static_cast<int>(rng.below(52));
            if ((m & card_bit(id)) || !(suits >> card_suit(id) & 1)) continue;
            m |= card_bit(id);
            if (k < 2) hole |= card_bit(id);
            summed += card_key(t, id);
            bytes[k] = static_cast<std::uint8_t>(id);
            ++k;
        }
        const std::uint32_t v = evaluate(m);
        CHECK_EQ(evaluate_unchecked(t, hand_key(t, m)), v);
        CHECK_EQ(evaluate_unchecked(t, summed), v);
        CHECK(summed.mask == m);
        CHECK_EQ(evaluate_cards_unchecked(t, bytes, n), v);
        CHECK_EQ(evaluate_unchecked(t, hand_key(t, m & ~hole) + cards_key(t, hole)), v);
        flushes += category_of(v) == Category::flush || category_of(v) == Category::straight_flush;
    }
    CHECK(flushes > 5000);
}

TEST(poker_flush_possible_adding_agrees_with_trying_every_card) {
    // flush_possible_adding(h, more) must say whether some `more` cards from the rest of
    // the deck give h a flush: checked against evaluating every such completion.
    const EvalTables& t = eval_tables();
    Rng rng = Rng::from_seed(11);
    const auto is_flush = [](std::uint32_t v) {
        return category_of(v) == Category::flush || category_of(v) == Category::straight_flush;
    };
    int possible[2] = {0, 0};
    for (int i = 0; i < 3000; ++i) {
        const int more = 1 + i % 2, n = 7 - more;
        // Half the hands from two suits, so hands with three or four of a suit are common.
        const unsigned suits = i % 4 < 2 ? (3u << (i / 4 % 3)) : 15u;
        CardMask m = 0;
        for (int k = 0; k < n;) {
            const int id = static_cast<int>(rng.below(52));
            if ((m & card_bit(id)) || !(suits >> card_suit(id) & 1)) continue;
            m |= card_bit(id);
            ++k;
        }
        bool any = false;
        for (int a = 0; a < 52 && !any; ++a) {
            if (m & card_bit(a)) continue;
            if (more == 1) {
                any = is_flush(evaluate(m | card_bit(a)));
                continue;
            }
            for (int b = a + 1; b < 52 && !any; ++b)
                if (!(m & card_bit(b))) any = is_flush(evaluate(m | card_bit(a) | card_bit(b)));
        }
        CHECK_EQ(flush_possible_adding(hand_key(t, m), more), any);
        possible[more - 1] += any;
    }
    CHECK(possible[0] > 100 && possible[0] < 1400);
    CHECK(possible[1] > 100 && possible[1] < 1400);
}
