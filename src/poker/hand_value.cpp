// Checked evaluation and what a value means: its category, tie-break ranks and words.
#include <string>

#include "core/error.hpp"
#include "poker/evaluator.hpp"

namespace meeple::poker {
namespace {

constexpr const char* kRankWords[] = {"two",  "three", "four",  "five", "six",  "seven", "eight",
                                      "nine", "ten",   "jack",  "queen", "king", "ace"};
constexpr const char* kRankPlurals[] = {"twos",  "threes", "fours", "fives",  "sixes", "sevens", "eights",
                                        "nines", "tens",   "jacks", "queens", "kings", "aces"};

std::string word(int rank) { return kRankWords[rank - 2]; }
std::string plural(int rank) { return kRankPlurals[rank - 2]; }

std::string joined(const std::vector<int>& ranks, std::size_t from) {
    std::string out;
    for (std::size_t i = from; i < ranks.size(); ++i) out += (i > from ? "-" : "") + word(ranks[i]);
    return out;
}

}  // namespace

std::uint32_t evaluate(CardMask mask) {
    check_mask(mask, "mask");
    const int n = card_count(mask);
    if (n < 5 || n > 7) {
        fail(Status::invalid_argument, "a hand to evaluate has 5, 6 or 7 cards; this one has " +
                                           std::to_string(n) + (n ? " (" + format_mask(mask) + ")" : ""));
    }
    return evaluate_unchecked(eval_tables(), mask);
}

void check_value(std::uint32_t value) {
    if (value < 1 || value > kNumHandValues) {
        fail(Status::invalid_argument,
             "hand value " + std::to_string(value) + " is outside 1..7462; values come from evaluation");
    }
}

Category category_of(std::uint32_t value) {
    check_value(value);
    return static_cast<Category>(eval_tables().natural[value] >> 20);
}

std::vector<int> tiebreak_ranks(std::uint32_t value) {
    check_value(value);
    const std::uint32_t nat = eval_tables().natural[value];
    std::vector<int> ranks;
    for (int shift = 16; shift >= 0; shift -= 4) {
        const int r = static_cast<int>((nat >> shift) & 0xF);
        if (r) ranks.push_back(r);
    }
    return ranks;
}

const char* category_name(Category category) {
    switch (category) {
        case Category::high_card: return "High Card";
        case Category::one_pair: return "One Pair";
        case Category::two_pair: return "Two Pair";
        case Category::three_of_a_kind: return "Three of a Kind";
        case Category::straight: return "Straight";
        case Category::flush: return "Flush";
        case Category::full_house: return "Full House";
        case Category::four_of_a_kind: return "Four of a Kind";
        case Category::straight_flush: return "Straight Flush";
    }
    return "Unknown";
}

std::string describe(std::uint32_t value) {
    const Category c = category_of(value);
    const std::vector<int> r = tiebreak_ranks(value);
    const std::string head = std::string(category_name(c)) + ", ";
    switch (c) {
        case Category::straight_flush:
        case Category::straight: return head + word(r[0]) + " high";
        case Category::four_of_a_kind: return head + plural(r[0]) + ", " + word(r[1]) + " kicker";
        case Category::full_house: return head + plural(r[0]) + " full of " + plural(r[1]);
        case Category::flush:
        case Category::high_card: return head + word(r[0]) + " high, " + joined(r, 1) + " kickers";
        case Category::three_of_a_kind: return head + plural(r[0]) + ", " + joined(r, 1) + " kickers";
        case Category::two_pair: return head + plural(r[0]) + " and " + plural(r[1]) + ", " + word(r[2]) + " kicker";
        case Category::one_pair: return head + plural(r[0]) + ", " + joined(r, 1) + " kickers";
    }
    return head;
}

}  // namespace meeple::poker
