// Options, the deal (chance) and the hand's frame: init, actors, masks, returns,
// determinize.
#include "games/holdem/holdem.hpp"

#include <bit>
#include <charconv>
#include <cstring>

#include "core/echo.hpp"
#include "core/error.hpp"

namespace meeple::holdem {
namespace {

constexpr OptionSpec kOptions[] = {
    {"players", OptionType::integer, "2", 2, kMaxSeats, {}, "seats at the table"},
    {"variant", OptionType::choice, "nlhe", 0, 0, "nlhe,plo",
     "nlhe: no-limit Texas Hold'em (2 hole cards); plo: Pot-Limit Omaha (4 hole cards, exactly two used)"},
    {"stack", OptionType::integer, "200", 1, double(kMaxChips), {}, "starting chips of every seat"},
    {"stacks", OptionType::text, "equal", 0, 0, {},
     "starting chips seat by seat, '/'-separated (100/250/80), or 'equal' for `stack` at every seat"},
    {"small_blind", OptionType::integer, "1", 0, double(kMaxChips), {}, "the small blind in chips"},
    {"big_blind", OptionType::integer, "2", 1, double(kMaxChips), {}, "the big blind in chips (also the smallest bet)"},
    {"ante", OptionType::integer, "0", 0, double(kMaxChips), {}, "every seat's ante in chips (dead money)"},
    {"button", OptionType::integer, "-1", -1, kMaxSeats - 1, {},
     "the dealer button's seat; -1 draws it from the state's seed"},
    {"bet_sizes", OptionType::text, "min/0.5/1/2/max", 0, 0, {},
     "the raise actions, '/'-separated: min (the minimum raise), max (all-in; the pot in pot-limit; "
     "also 'allin') and pot fractions such as 0.5 (raise by half the pot after calling)"},
    {"explicit_chance", OptionType::boolean, "false", 0, 0, {},
     "the deal is played by the chance player, one card a step"},
    {"unit", OptionType::choice, "big_blinds", 0, 0, "big_blinds,chips", "the unit of returns and rewards"},
    // Options added later are left out of the canonical spec at their defaults, so the
    // games that do not use them keep their specs and snapshots.
    {"betting", OptionType::choice, "auto", 0, 0, "auto,no_limit,pot_limit,limit",
     "auto: no-limit for nlhe, pot-limit for plo; limit: fixed-limit (small bet preflop and on the flop, big bet "
     "on the turn and river)", true},
    {"small_bet", OptionType::integer, "0", 0, double(kMaxChips), {},
     "betting=limit: the fixed bet preflop and on the flop; 0 for the big blind", true},
    {"big_bet", OptionType::integer, "0", 0, double(kMaxChips), {},
     "betting=limit: the fixed bet on the turn and river; 0 for twice the small bet", true},
    {"raise_cap", OptionType::integer, "-1", -1, 255, {},
     "the most bets and raises a street allows (the blinds do not count): -1 for 4 in limit and none otherwise, "
     "0 for none", true},
    {"blinds", OptionType::text, "standard", 0, 0, {},
     "the forced bets (blinds and straddles) by position, '/'-separated, from the small blind's seat on "
     "(PHH's blinds_or_straddles: 1/2/4 is a straddle); standard: small_blind and big_blind", true},
    {"antes", OptionType::text, "equal", 0, 0, {},
     "the antes by position, '/'-separated, from the small blind's seat on (PHH's antes: 0/3 is a big-blind "
     "ante); equal: `ante` from every seat", true},
    {"big_blind_ante", OptionType::integer, "0", 0, double(kMaxChips), {},
     "an ante the big blind's seat pays on top of its own", true},
    {"button_ante", OptionType::integer, "0", 0, double(kMaxChips), {},
     "an ante the button's seat pays on top of its own", true},
    {"ante_trimming", OptionType::boolean, "false", 0, 0, {},
     "antes are taken as wagers: the part of the largest ante above the second largest returns to its payer and "
     "antes count in the side pots (PHH's ante_trimming_status); false: antes are dead money in the main pot",
     true},
};

std::string text_option(const Options& o, std::string_view name) {
    const auto specs = o.specs();
    for (std::size_t i = 0; i < specs.size(); ++i) {
        if (specs[i].name == name) return o.value(i);
    }
    fail(Status::internal, "no option " + std::string(name));
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> out;
    for (;;) {
        const auto at = s.find(sep);
        out.push_back(s.substr(0, at));
        if (at == std::string_view::npos) return out;
        s.remove_prefix(at + 1);
    }
}

// "0.5" -> 5/10, "2" -> 2/1, "1.25" -> 125/100: exact pot fractions.
bool parse_fraction(std::string_view t, std::int64_t& num, std::int64_t& den) {
    if (t.empty() || t.size() > 9) return false;
    num = 0;
    den = 1;
    bool point = false, digit = false;
    for (char c : t) {
        if (c == '.' && !point) {
            point = true;
        } else if (c >= '0' && c <= '9') {
            num = num * 10 + (c - '0');
            if (point) den *= 10;
            digit = true;
        } else {
            return false;
        }
    }
    return digit && num > 0;
}

std::string fraction_text(std::int64_t num, std::int64_t den) {
    std::string s = std::to_string(num / den);
    std::int64_t rest = num % den;
    if (rest) {
        s += '.';
        std::string frac;
        for (std::int64_t d = den / 10; d >= 1; d /= 10) {
            frac += char('0' + rest / d);
            rest %= d;
        }
        while (!frac.empty() && frac.back() == '0') frac.pop_back();
        s += frac;
    }
    return s;
}

}  // namespace

std::span<const OptionSpec> Holdem::option_specs() { return kOptions; }

const char* street_name(int street) {
    static constexpr const char* kNames[] = {"preflop", "flop", "turn", "river"};
    return street >= 0 && street < 4 ? kNames[street] : "over";
}

Holdem::Holdem(const Options& o)
    : players_(static_cast<int>(o.get_int("players"))),
      variant_(o.get_choice("variant") == "plo" ? poker::Variant::plo : poker::Variant::holdem),
      hole_count_(variant_ == poker::Variant::plo ? 4 : 2),
      small_blind_(o.get_int("small_blind")),
      big_blind_(o.get_int("big_blind")),
      ante_(o.get_int("ante")),
      ante_trimming_(o.get_bool("ante_trimming")),
      button_option_(static_cast<int>(o.get_int("button"))),
      explicit_chance_(o.get_bool("explicit_chance")),
      unit_chips_(o.get_choice("unit") == "chips") {
    const std::string where = "holdem: ";
    if (small_blind_ > big_blind_) {
        fail(Status::invalid_argument, where + "small_blind " + std::to_string(small_blind_) +
                                           " is larger than big_blind " + std::to_string(big_blind_) +
                                           "; the small blind is at most the big blind");
    }
    if (button_option_ >= players_) {
        fail(Status::invalid_argument, where + "button " + std::to_string(button_option_) + " is not a seat of " +
                                           std::to_string(players_) + " players; use 0.." +
                                           std::to_string(players_ - 1) + " or -1 (drawn from the seed)");
    }
    if (players_ * hole_count_ + 5 > poker::kDeckSize) fail(Status::internal, "too many players for the deck");
    const std::string stacks = text_option(o, "stacks");
    if (stacks == "equal") {
        for (int p = 0; p < players_; ++p) stacks_[p] = o.get_int("stack");
    } else {
        const auto parts = split(stacks, '/');
        if (static_cast<int>(parts.size()) != players_) {
            fail(Status::invalid_argument, where + "stacks '" + echo(stacks) + "' lists " +
                                               std::to_string(parts.size()) + " stacks for " +
                                               std::to_string(players_) + " players; give one a seat, '/'-separated");
        }
        for (int p = 0; p < players_; ++p) {
            long long v = 0;
            const auto t = parts[static_cast<std::size_t>(p)];
            const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
            if (t.empty() || r.ec != std::errc() || r.ptr != t.data() + t.size() || v < 1 || v > kMaxChips) {
                fail(Status::invalid_argument, where + "stack '" + echo(t) + "' of seat " + std::to_string(p) +
                                                   " is not a whole number of chips in 1.." +
                                                   std::to_string(kMaxChips));
            }
            stacks_[p] = v;
        }
    }
    parse_forced_bets(o);
    const std::string sizes = text_option(o, "bet_sizes");
    for (std::string_view t : split(sizes, '/')) {
        if (num_sizes_ == kMaxSizes) {
            fail(Status::invalid_argument, where + "bet_sizes lists more than " + std::to_string(kMaxSizes) + " sizes");
        }
        RaiseSize z{RaiseSize::kPotFraction, 0, 1};
        std::string name;
        if (t == "min") {
            z.kind = RaiseSize::kMin;
            name = "min";
        } else if (t == "max" || t == "allin") {
            z.kind = RaiseSize::kMax;
            name = "max";
        } else if (parse_fraction(t, z.num, z.den)) {
            name = fraction_text(z.num, z.den) + "pot";
        } else {
            fail(Status::invalid_argument, where + "bet size '" + echo(t) + "' in '" + echo(sizes) +
                                               "' is not min, max, allin or a positive pot fraction such as 0.5; "
                                               "separate sizes with '/'");
        }
        for (int i = 0; i < num_sizes_; ++i) {
            if (size_names_[i] == name) {
                fail(Status::invalid_argument, where + "bet size '" + echo(t) + "' appears twice in bet_sizes");
            }
        }
        sizes_[num_sizes_] = z;
        size_names_[num_sizes_++] = name;
    }
    if (betting_ == Betting::limit) {
        // One raise action: the fixed bet or raise, raise(min).
        if (sizes == "min/0.5/1/2/max") {
            for (int i = 0; i < num_sizes_; ++i) {
                sizes_[i] = RaiseSize{RaiseSize::kMin, 0, 1};
                size_names_[i].clear();
            }
            num_sizes_ = 1;
            size_names_[0] = "min";
        } else if (num_sizes_ != 1 || sizes_[0].kind != RaiseSize::kMin) {
            fail(Status::invalid_argument, where + "bet_sizes '" + echo(sizes) +
                                               "' lists sizes that betting=limit never allows: a limit bet or raise "
                                               "adds the street's fixed bet, so bet_sizes is min (or left out)");
        }
    }
    build_fields();
}

void Holdem::init(State& s, Rng& rng) const {
    std::memset(&s, 0, sizeof s);
    std::memset(s.hole, kNoCard, sizeof s.hole);
    std::memset(s.board, kNoCard, sizeof s.board);
    s.button = static_cast<std::uint8_t>(button_option_ >= 0 ? button_option_ : int(rng.below(std::uint32_t(players_))));
    for (int p = 0; p < players_; ++p) s.stack[p] = stacks_[p];
    post_and_open(s);
    s.phase = kDealing;
    s.cards_owed = static_cast<std::uint8_t>(players_ * hole_count_);
    if (!explicit_chance_) deal_owed(s, rng, -1);
}

// Antes and blinds go in before the deal; the preflop round is set up to open once the
// hole cards are out.
void Holdem::post_and_open(State& s) const {
    for (int p = 0; p < players_; ++p) {
        const std::int64_t ante = ante_of(p, s.button), blind = blind_of(p, s.button);
        s.stack[p] -= ante + blind;
        s.contributed[p] += ante + blind;
        s.bet[p] = blind;
    }
    s.street = kPreflop;
}

Actors Holdem::actors(const State& s) const {
    switch (s.phase) {
        case kDealing: return kChanceBit;
        case kBetting: return Actors{1} << s.actor;
        default: return 0;
    }
}

int Holdem::chance_outcomes(const State& s, ChanceOutcome* out) const {
    if (s.phase != kDealing) return 0;
    const std::uint64_t left = poker::kDeckMask & ~s.dealt;
    const double p = 1.0 / std::popcount(left);
    int n = 0;
    for (std::uint64_t m = left; m; m &= m - 1) out[n++] = {deal_action(std::countr_zero(m)), p};
    return n;
}

int Holdem::draw_card(const State& s, Rng& rng) const {
    const std::uint64_t left = poker::kDeckMask & ~s.dealt;
    std::uint64_t m = left;
    for (std::uint32_t k = rng.below(std::uint32_t(std::popcount(left))); k > 0; --k) m &= m - 1;
    return std::countr_zero(m);
}

// The next card of the deal: hole cards round the table from the seat left of the
// button (each seat's first card, then each seat's second, ...), then the board.
void Holdem::deal_card(State& s, int card) const {
    s.dealt |= poker::card_bit(card);
    if (s.hole_dealt < players_ * hole_count_) {
        const int k = s.hole_dealt++;
        const int seat = (s.button + 1 + k % players_) % players_;
        s.hole[seat][k / players_] = static_cast<std::uint8_t>(card);
    } else {
        int b = 0;
        while (s.board[b] != kNoCard) ++b;
        s.board[b] = static_cast<std::uint8_t>(card);
    }
    --s.cards_owed;
}

void Holdem::deal_owed(State& s, Rng& rng, int forced) const {
    while (s.cards_owed) deal_card(s, forced >= 0 ? forced : draw_card(s, rng));
    after_deal(s);
}

void Holdem::legal_mask(const State& s, int player, std::uint64_t* words) const {
    const int n_words = (num_actions() + 63) / 64;
    for (int w = 0; w < n_words; ++w) words[w] = 0;
    if (player == kChance) {
        if (s.phase != kDealing) return;
        const std::uint64_t left = poker::kDeckMask & ~s.dealt;
        for (std::uint64_t m = left; m; m &= m - 1) {
            const int a = deal_action(std::countr_zero(m));
            words[a >> 6] |= 1ull << (a & 63);
        }
        return;
    }
    if (s.phase != kBetting || player != s.actor) return;
    const BetRange r = bet_range(s, player);
    std::uint64_t bits = (r.can_fold ? 1ull : 0ull) | 2ull;
    if (r.can_raise) {
        for (int i = 0; i < num_sizes_; ++i) {
            if (size_amount(s, player, r, i) > 0) bits |= 1ull << (kFirstRaise + i);
        }
    }
    words[0] = bits;  // kFirstRaise + kMaxSizes < 64
}

bool Holdem::is_legal(const State& s, int player, int action) const {
    if (action < 0 || action >= num_actions()) return false;
    if (player == kChance) {
        const int card = action - deal_action(0);
        return s.phase == kDealing && card >= 0 && !((s.dealt >> card) & 1);
    }
    if (s.phase != kBetting || player != s.actor) return false;
    if (action == kCheckCall) return true;
    const BetRange r = bet_range(s, player);
    if (action == kFold) return r.can_fold;
    const int size = action - kFirstRaise;
    return size < num_sizes_ && r.can_raise && size_amount(s, player, r, size) > 0;
}

void Holdem::apply_step(State& s, int player, int action, Rng& rng, int outcome) const {
    if (player == kChance) {
        deal_card(s, action - deal_action(0));
        if (s.cards_owed == 0) after_deal(s);
        return;
    }
    if (action == kFold) {
        act(s, player, kLogFold, 0);
    } else if (action == kCheckCall) {
        act(s, player, kLogCheckCall, 0);
    } else {
        const BetRange r = bet_range(s, player);
        act(s, player, kLogRaise, size_amount(s, player, r, action - kFirstRaise));
    }
    if (s.phase == kDealing && !explicit_chance_) deal_owed(s, rng, outcome >= 0 ? outcome - deal_action(0) : -1);
}

int Holdem::action_outcomes(const State& s, int player, int action, ChanceOutcome* out) const {
    if (explicit_chance_ || player == kChance) return 0;
    State after = s;
    if (action == kFold) act(after, player, kLogFold, 0);
    else if (action == kCheckCall) act(after, player, kLogCheckCall, 0);
    else act(after, player, kLogRaise, size_amount(s, player, bet_range(s, player), action - kFirstRaise));
    if (after.phase != kDealing) return 0;
    if (after.cards_owed > 1) {
        fail(Status::invalid_argument,
             "this action deals " + std::to_string(after.cards_owed) +
                 " cards at once, too many outcomes to list; holdem(explicit_chance=true) deals one card a "
                 "chance step, each with its outcomes");
    }
    return chance_outcomes(after, out);
}

void Holdem::apply_raise_to(State& s, int player, std::int64_t to) const {
    if (s.phase == kOver) fail(Status::wrong_state, "the hand is over; no seat can bet");
    if (s.phase != kBetting || player != s.actor) {
        fail(Status::not_active, "seat " + std::to_string(player) + " is not to act; " +
                                     (s.phase == kBetting ? "seat " + std::to_string(s.actor) + " is"
                                                          : std::string("the deal (chance) is")));
    }
    const BetRange r = bet_range(s, player);
    if (!r.can_raise) {
        fail(Status::illegal_action, "seat " + std::to_string(player) +
                                         " cannot bet or raise now (it may only " +
                                         (r.can_fold ? "fold or call" : "check") + ")");
    }
    if (to < r.min_to || to > r.max_to) {
        fail(Status::illegal_action, "a raise to " + std::to_string(to) + " is outside the legal range: seat " +
                                         std::to_string(player) + " may bet or raise to " +
                                         std::to_string(r.min_to) + ".." + std::to_string(r.max_to) + " chips");
    }
    act(s, player, kLogRaise, to);
}

void Holdem::returns(const State& s, double* out) const {
    for (int p = 0; p < players_; ++p) {
        if (s.phase != kOver) {
            out[p] = 0.0;
            continue;
        }
        const std::int64_t net = s.stack[p] - stacks_[p];
        const double v = unit_chips_ ? double(net) : double(net) / double(big_blind_);
        out[p] = v + 0.0;  // never -0.0
    }
}

// Redraws every hole card `pov` cannot see (all but its own and those shown at
// showdown) from the cards it has not seen; the board stays.
void Holdem::determinize(State& s, int pov, Rng& rng) const {
    if (pov == kViewAll) return;
    std::uint64_t seen = 0;
    for (int b = 0; b < 5; ++b) {
        if (s.board[b] != kNoCard) seen |= poker::card_bit(s.board[b]);
    }
    bool hidden[kMaxSeats] = {};
    for (int p = 0; p < players_; ++p) {
        hidden[p] = p != pov && !((s.shown >> p) & 1);
        for (int c = 0; c < hole_count_; ++c) {
            if (s.hole[p][c] != kNoCard && !hidden[p]) seen |= poker::card_bit(s.hole[p][c]);
        }
    }
    s.dealt = seen;
    for (int p = 0; p < players_; ++p) {
        for (int c = 0; c < hole_count_; ++c) {
            if (s.hole[p][c] == kNoCard || !hidden[p]) continue;
            const int card = draw_card(s, rng);
            s.hole[p][c] = static_cast<std::uint8_t>(card);
            s.dealt |= poker::card_bit(card);
        }
    }
}

std::string Holdem::action_name(int action) const {
    if (action == kFold) return "fold";
    if (action == kCheckCall) return "check_call";
    if (action >= kFirstRaise && action < kFirstRaise + num_sizes_) return "raise(" + size_names_[action - kFirstRaise] + ")";
    const int card = action - deal_action(0);
    if (card >= 0 && card < poker::kDeckSize) {
        return std::string("deal(") + poker::kRankChars[poker::card_rank(card) - 2] + poker::kSuitChars[poker::card_suit(card)] + ")";
    }
    return "action(" + std::to_string(action) + ")";
}

}  // namespace meeple::holdem
