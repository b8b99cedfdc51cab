// The array loops of 7-card evaluation (eval_rows.hpp) and the checked batches built on
// them give exactly the per-hand values: on random hands, on arrays dense with flushes
// (so a block's flush list fills), across the loops' block ends, and on every 7-card
// hand of a few suits' worth of cards; the batches' checks find the first bad hand
// whatever the row, block and reason.
#include <cstdint>
#include <vector>

#include "check.hpp"
#include "core/error.hpp"
#include "core/rng.hpp"
#include "poker/eval_rows.hpp"
#include "poker/hand.hpp"

using namespace meeple;
using namespace meeple::poker;

namespace {

// Hands of `cards` distinct random ids; every `flush_every`-th hand (0: none) takes all
// its cards from one suit, so that it is a flush.
std::vector<std::uint8_t> random_rows(std::size_t n, int cards, std::uint64_t seed, std::size_t flush_every = 0) {
    Rng rng = Rng::from_seed(seed);
    std::vector<std::uint8_t> ids;
    for (std::size_t i = 0; i < n; ++i) {
        const bool flush = flush_every && i % flush_every == 0;
        const int suit = static_cast<int>(rng.below(4));
        CardMask m = 0;
        for (int k = 0; k < cards;) {
            const int id = flush ? card_id(2 + static_cast<int>(rng.below(13)), suit) : static_cast<int>(rng.below(52));
            if (m & card_bit(id)) continue;
            m |= card_bit(id);
            ids.push_back(static_cast<std::uint8_t>(id));
            ++k;
        }
    }
    return ids;
}

CardMask mask_of(const std::uint8_t* ids, int cards) {
    CardMask m = 0;
    for (int k = 0; k < cards; ++k) m |= card_bit(ids[k]);
    return m;
}

// The per-hand values of rows of byte ids, from their masks.
std::vector<std::uint32_t> per_hand_values(const std::vector<std::uint8_t>& ids, int cards) {
    const EvalTables& t = eval_tables();
    std::vector<std::uint32_t> v(ids.size() / cards);
    for (std::size_t i = 0; i < v.size(); ++i) v[i] = evaluate_unchecked(t, mask_of(&ids[i * cards], cards));
    return v;
}

void check_id_rows7(const std::vector<std::uint8_t>& ids) {
    const std::vector<std::uint32_t> want = per_hand_values(ids, 7);
    std::vector<std::uint32_t> got(want.size(), 0);
    evaluate_id_rows7_unchecked(eval_tables(), ids.data(), want.size(), got.data());
    CHECK(got == want);
}

}  // namespace

TEST(poker_id_rows7_equal_the_per_hand_values_of_random_hands) {
    // 3,000 hands and a part block: about 3% flushes, at every place in a block.
    check_id_rows7(random_rows(3 * kFlushBlock + 77, 7, 21));
}

TEST(poker_id_rows7_equal_the_per_hand_values_when_most_hands_are_flushes) {
    check_id_rows7(random_rows(2 * kFlushBlock + 5, 7, 22, 1));  // every hand a flush
    check_id_rows7(random_rows(2 * kFlushBlock + 5, 7, 23, 2));  // every other hand
    for (std::size_t n : {std::size_t{1}, std::size_t{2}, kFlushBlock - 1, kFlushBlock, kFlushBlock + 1})
        check_id_rows7(random_rows(n, 7, 24 + n, 3));
}

TEST(poker_id_rows7_equal_the_per_hand_values_of_every_hand_of_26_cards) {
    // All 657,800 seven-card hands of clubs and diamonds: every flush of those suits,
    // straight flushes included, and every rank pattern they allow.
    std::vector<std::uint8_t> ids;
    int c[7];
    for (c[0] = 0; c[0] < 26; ++c[0])
        for (c[1] = c[0] + 1; c[1] < 26; ++c[1])
            for (c[2] = c[1] + 1; c[2] < 26; ++c[2])
                for (c[3] = c[2] + 1; c[3] < 26; ++c[3])
                    for (c[4] = c[3] + 1; c[4] < 26; ++c[4])
                        for (c[5] = c[4] + 1; c[5] < 26; ++c[5])
                            for (c[6] = c[5] + 1; c[6] < 26; ++c[6])
                                for (int k = 0; k < 7; ++k) ids.push_back(static_cast<std::uint8_t>(c[(k * 3) % 7]));
    CHECK_EQ(ids.size(), 7u * 657800u);
    check_id_rows7(ids);
}

TEST(poker_seven_card_mask_values_equal_evaluate_unchecked) {
    const EvalTables& t = eval_tables();
    for (std::size_t every : {std::size_t{0}, std::size_t{1}, std::size_t{4}}) {
        const std::vector<std::uint8_t> ids = random_rows(20000, 7, 31 + every, every);
        for (std::size_t i = 0; i < ids.size() / 7; ++i) {
            const CardMask m = mask_of(&ids[7 * i], 7);
            CHECK_EQ(evaluate7_mask_unchecked(t, m), evaluate_unchecked(t, m));
        }
    }
}

TEST(poker_checked_batches_equal_the_per_hand_values_for_every_size) {
    // More than one batch chunk (16,384 hands), so chunks of 7-card masks take the
    // seven-card loop and a chunk of mixed sizes does not.
    for (int cards = 5; cards <= 7; ++cards) {
        const std::vector<std::uint8_t> ids = random_rows(40000, cards, 40 + cards, 9);
        const std::vector<std::uint32_t> want = per_hand_values(ids, cards);
        std::vector<std::uint32_t> got(want.size(), 0);
        evaluate_ids_batch(ids.data(), want.size(), static_cast<std::size_t>(cards), got.data(), 2);
        CHECK(got == want);
        std::vector<CardMask> masks(want.size());
        for (std::size_t i = 0; i < masks.size(); ++i) masks[i] = mask_of(&ids[i * cards], cards);
        std::fill(got.begin(), got.end(), 0);
        evaluate_batch(masks.data(), masks.size(), got.data(), 1);
        CHECK(got == want);
    }
    // Sizes mixed within one chunk, a 7-card chunk after it.
    Rng rng = Rng::from_seed(50);
    std::vector<CardMask> masks;
    std::vector<std::uint32_t> want;
    for (int i = 0; i < 20000; ++i) {
        const int cards = i < 16384 ? 5 + i % 3 : 7;
        CardMask m = 0;
        while (card_count(m) < cards) m |= card_bit(static_cast<int>(rng.below(52)));
        masks.push_back(m);
        want.push_back(evaluate(m));
    }
    std::vector<std::uint32_t> got(want.size(), 0);
    evaluate_batch(masks.data(), masks.size(), got.data(), 1);
    CHECK(got == want);
}

TEST(poker_ids_batch_finds_the_first_bad_hand_wherever_it_is) {
    // Every row position in and around the check's blocks of rows, each reason, and a
    // repeat anywhere in a row: the error names that hand and nothing is written.
    for (int cards = 5; cards <= 7; ++cards) {
        const std::size_t n = 300;
        const std::vector<std::uint8_t> good = random_rows(n, cards, 60 + cards);
        for (std::size_t bad = 0; bad < n; bad += 7) {
            for (int reason = 0; reason < 3; ++reason) {
                std::vector<std::uint8_t> ids = good;
                std::uint8_t* row = &ids[bad * cards];
                const int k = static_cast<int>(bad % cards);
                if (reason == 0) row[k] = 52;
                if (reason == 1) row[k] = 255;
                if (reason == 2) row[k] = row[(k + 1 + bad % (cards - 1)) % cards];
                std::vector<std::uint32_t> out(n, 9);
                bool threw = false;
                try {
                    evaluate_ids_batch(ids.data(), n, static_cast<std::size_t>(cards), out.data(), 1);
                } catch (const Error& e) {
                    threw = true;
                    CHECK(std::string(e.what()).find("hand " + std::to_string(bad) + " ") != std::string::npos);
                }
                CHECK(threw);
                CHECK(out == std::vector<std::uint32_t>(n, 9));
            }
        }
    }
}
