// Text forms of cards and card sets, and the seeded deck.
#include "poker/cards.hpp"

#include <algorithm>
#include <cctype>

#include "core/error.hpp"
#include "core/echo.hpp"

namespace meeple::poker {
namespace {

constexpr const char* kCardForm =
    "a card is a rank 2-9, T (or 10), J, Q, K, A then a suit c, d, h, s (or \u2663 \u2666 \u2665 \u2660), "
    "as in 'As', '10d' or 'A\u2660'";

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

// The suit symbols U+2660..U+2667 are E2 99 A0..A7 in UTF-8: black and white spade,
// heart, diamond and club. Their suit, or -1.
int suit_of_symbol(unsigned char last) {
    switch (last) {
        case 0xA0: case 0xA4: return 3;  // spades
        case 0xA1: case 0xA5: return 2;  // hearts
        case 0xA2: case 0xA6: return 1;  // diamonds
        case 0xA3: case 0xA7: return 0;  // clubs
        default: return -1;
    }
}

// Bytes of the UTF-8 character that starts with `lead` (1 for a stray continuation
// byte, so that a bad token never splits a character and never stalls).
std::size_t utf8_length(unsigned char lead) {
    if (lead >= 0xF0) return 4;
    if (lead >= 0xE0) return 3;
    if (lead >= 0xC0) return 2;
    return 1;
}

bool is_separator(char c) { return c == ' ' || c == ',' || c == '\t' || c == '\n' || c == '\r'; }

[[noreturn]] void bad_card(std::string_view token) {
    fail(Status::parse, "bad card '" + echo(token) + "': " + kCardForm);
}

// Reads one card from text[i..end): a rank ("10" or one character) then a suit (one
// letter or a suit symbol, which an emoji variation selector U+FE0F may follow).
// Returns its id and moves i past it; throws naming the token as written, whole
// characters only.
int read_card(std::string_view text, std::size_t& i, std::size_t end) {
    const std::size_t start = i;
    auto take = [&](std::size_t n) { i = std::min(end, i + n); };
    int rank = 0;
    if (end - i >= 2 && text[i] == '1' && text[i + 1] == '0') {
        rank = 10;
        take(2);
    } else {
        rank = rank_of(text[i]);
        take(utf8_length(static_cast<unsigned char>(text[i])));
    }
    int suit = -1;
    if (i < end) {
        const auto lead = static_cast<unsigned char>(text[i]);
        if (lead == 0xE2 && end - i >= 3 && static_cast<unsigned char>(text[i + 1]) == 0x99) {
            suit = suit_of_symbol(static_cast<unsigned char>(text[i + 2]));
        } else if (lead < 0x80) {
            suit = suit_of(text[i]);
        }
        take(utf8_length(lead));
        if (end - i >= 3 && text.substr(i, 3) == "\xEF\xB8\x8F") take(3);  // U+FE0F
    }
    if (rank == 0 || suit < 0) bad_card(text.substr(start, i - start));
    return card_id(rank, suit);
}

}  // namespace

int parse_card(std::string_view token) {
    std::size_t i = 0;
    if (token.empty()) bad_card(token);
    const int id = read_card(token, i, token.size());
    if (i != token.size()) bad_card(token);
    return id;
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
        // Cards may run together without separators ("AsKs", "10sJs", "A♠K♠"): each is
        // read as a rank then a suit, and a bad one is reported as it was written.
        std::size_t end = i;
        while (end < text.size() && !is_separator(text[end])) ++end;
        while (i < end) {
            const int id = read_card(text, i, end);
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
