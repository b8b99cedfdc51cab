// Determinize: redraw what seat `pov` cannot see, consistently with what it can.
// Hidden from pov: the opponents' resource cards (their counts are public), their
// development cards (counts public, and which of them were bought this turn), the
// deck's content, and an opponent's unopened offer draft. Publicly committed cards
// stay: the author of an open offer holds what it gives, and each seat that accepted
// holds what the offer wants.
#include <cstring>

#include "games/catan/catan.hpp"

namespace meeple::catan {
namespace {

// Deals `need` cards from a pool of counts, uniformly among the pool's cards.
void deal(std::uint8_t* pool, int kinds, int need, std::uint8_t* into, Rng& rng) {
    int left = 0;
    for (int k = 0; k < kinds; ++k) left += pool[k];
    for (; need > 0; --need, --left) {
        std::uint32_t pick = rng.below(static_cast<std::uint32_t>(left));
        int k = 0;
        while (pick >= pool[k]) pick -= pool[k++];
        --pool[k];
        ++into[k];
    }
}

}  // namespace

void Catan::determinize(State& s, int pov, Rng& rng) const {
    const bool offer_public = s.phase == kTradeAnswer || s.phase == kConfirmingTrade;
    // Resources: gather every opponent's cards, keep what each has committed, deal the
    // rest back to the same hand sizes.
    std::uint8_t pool[kNumResources] = {};
    int sizes[kMaxSeats] = {};
    for (int p = 0; p < players_; ++p) {
        if (p == pov) continue;
        sizes[p] = hand_size(s, p);
        std::uint8_t committed[kNumResources] = {};
        if (offer_public && p == s.current) for (int r = 0; r < kNumResources; ++r) committed[r] = s.trade_give[r];
        if ((s.trade_accepts >> p) & 1) for (int r = 0; r < kNumResources; ++r) committed[r] = s.trade_want[r];
        for (int r = 0; r < kNumResources; ++r) {
            pool[r] = static_cast<std::uint8_t>(pool[r] + s.hand[p][r] - committed[r]);
            sizes[p] -= committed[r];
            s.hand[p][r] = committed[r];
        }
    }
    for (int p = 0; p < players_; ++p) {
        if (p != pov) deal(pool, kNumResources, sizes[p], s.hand[p], rng);
    }
    // An unopened draft of an opponent: its content is unseen; keep only what the
    // redrawn hand can give.
    if (s.phase == kTradeDraft && s.current != pov) {
        for (int r = 0; r < kNumResources; ++r) {
            if (s.trade_give[r] > s.hand[s.current][r]) s.trade_give[r] = s.hand[s.current][r];
        }
    }
    // Development cards: the deck and the opponents' unplayed cards are one pool. A
    // seat whose points reach the target in its own turn wins at once, so a live game
    // tells pov that each opponent's victory point cards stay below the target minus
    // its public points: deals that break this are drawn again (the true cards always
    // satisfy it unless a seat reached the target in another's turn; after 64 tries
    // the cards stay as they were).
    const State before = s;
    std::uint8_t unseen[kNumDevKinds];
    int held[kMaxSeats] = {}, fresh[kMaxSeats] = {};
    for (int k = 0; k < kNumDevKinds; ++k) unseen[k] = s.deck[k];
    for (int p = 0; p < players_; ++p) {
        if (p == pov) continue;
        for (int k = 0; k < kNumDevKinds; ++k) {
            unseen[k] = static_cast<std::uint8_t>(unseen[k] + s.dev[p][k] + s.dev_new[p][k]);
            held[p] += s.dev[p][k];
            fresh[p] += s.dev_new[p][k];
        }
    }
    for (int attempt = 0; attempt < 64; ++attempt) {
        std::uint8_t cards[kNumDevKinds];
        for (int k = 0; k < kNumDevKinds; ++k) cards[k] = unseen[k];
        bool plausible = true;
        for (int p = 0; p < players_; ++p) {
            if (p == pov) continue;
            for (int k = 0; k < kNumDevKinds; ++k) s.dev[p][k] = s.dev_new[p][k] = 0;
            deal(cards, kNumDevKinds, held[p], s.dev[p], rng);
            deal(cards, kNumDevKinds, fresh[p], s.dev_new[p], rng);
            plausible = plausible && victory_points(s, p, true) < vp_to_win_;
        }
        for (int k = 0; k < kNumDevKinds; ++k) s.deck[k] = cards[k];
        if (plausible) return;
    }
    std::memcpy(s.dev, before.dev, sizeof s.dev);
    std::memcpy(s.dev_new, before.dev_new, sizeof s.dev_new);
    std::memcpy(s.deck, before.deck, sizeof s.deck);
}

}  // namespace meeple::catan
