// Text forms of cards and card sets, and the seeded deck.
#include "poker/cards.hpp"

#include <cctype>

#include "core/error.hpp"
#include "core/echo.hpp"

namespace meeple::poker {
namespace {

constexpr const char* kCardForm =
    "a card is a rank 2-9,T,J,Q,K,A then a suit c,d,h,s, as in 'As' or 'Td'";

int rank_of(char c) {
    const char u = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    for (int i = 0; i < 13; ++i)
        if (kRankChars[i] == u) return i + 2;
    return 0;
}

int suit_of(char c) {
    const char l = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    for (int i = 0; i < 4; ++i)
        if (kSuitChars[i] == l) return i;
    return -1;
}

bool is_separator(char c) { return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r'; }

[[noreturn]] void bad_card(std::string_view token) {
    fail(Status::parse, "bad card '" + echo(token) + "': " + kCardForm);
}

}  // namespace

int parse_card(std::string_view token) {
    if (token.size() != 2) bad_card(token);
    const int rank = rank_of(token[0]);
    const int suit = suit_of(token[1]);
    if (rank == 0 || suit < 0) bad_card(token);
    return card_id(rank, suit);
}

std::vector<int> parse_cards(std::string_view text) {
    std::vector<int> ids;
    CardMask seen = 0;
    std::size_t i = 0;
    while (i < text.size()) {
        if (is_separator(text[i])) {
            ++i;
            continue;
        }
        // A card is two characters; a longer run without separators is read two by two,
        // so "AsKs" works, and an odd leftover is reported as it was written.
        std::size_t end = i;
        while (end < text.size() && !is_separator(text[end])) ++end;
        for (; i < end; i += 2) {
            const std::string_view token = text.substr(i, std::min<std::size_t>(2, end - i));
            const int id = parse_card(token);
            if (seen & card_bit(id)) {
                fail(Status::invalid_argument,
                     "card '" + format_card(id) + "' appears twice in '" + echo(text) +
                         "'; each card may appear once");
            }
            seen |= card_bit(id);
            ids.push_back(id);
        }
    }
    return ids;
}

CardMask parse_mask(std::string_view text) {
    CardMask mask = 0;
    for (int id : parse_cards(text)) mask |= card_bit(id);
    return mask;
}

std::string format_card(int id) {
    if (id < 0 || id >= kDeckSize)
        fail(Status::out_of_range, "card id " + std::to_string(id) + " is outside 0..51");
    return {kRankChars[card_rank(id) - 2], kSuitChars[card_suit(id)]};
}

std::string format_mask(CardMask mask) {
    check_mask(mask, "mask");
    std::string out;
    for (int rank = 14; rank >= 2; --rank) {
        for (int suit = 3; suit >= 0; --suit) {
            const int id = card_id(rank, suit);
            if (!(mask & card_bit(id))) continue;
            if (!out.empty()) out += ' ';
            out += format_card(id);
        }
    }
    return out;
}

void check_mask(CardMask mask, const char* what) {
    if (mask & ~kDeckMask) {
        fail(Status::invalid_argument,
             std::string(what) + " has bits above bit 51 set; a card set uses bits 0..51 "
                                 "(bit suit*13 + rank-2)");
    }
}

Deck::Deck(std::uint64_t seed, CardMask removed) : rng_(Rng::from_seed(seed)), dealt_(removed) {
    check_mask(removed, "removed");
}

int Deck::deal() {
    const int left = size();
    if (left == 0) fail(Status::wrong_state, "the deck is empty; all 52 cards are dealt");
    // The k-th card still in the deck, k uniform: rejection-free selection by rank.
    std::uint32_t k = rng_.below(static_cast<std::uint32_t>(left));
    CardMask rest = remaining();
    while (k--) rest &= rest - 1;
    const int id = __builtin_ctzll(rest);
    dealt_ |= card_bit(id);
    return id;
}

}  // namespace meeple::poker
