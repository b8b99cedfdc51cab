// What a seat sees: the observation vector (its field table), the JSON view and the
// text rendering. Seats are relative to the viewer (the viewer first, then clockwise);
// the public view and the omniscient one are seen from seat 0. Chip amounts are in big
// blinds.
#include <algorithm>
#include <bit>
#include <cstring>

#include "games/holdem/holdem.hpp"

namespace meeple::holdem {
namespace {

std::string card_text(int card) {
    return std::string(1, poker::kRankChars[poker::card_rank(card) - 2]) + poker::kSuitChars[poker::card_suit(card)];
}

bool sees_hole(const Holdem::State& s, int viewer, int seat) {
    return viewer == kViewAll || viewer == seat || ((s.shown >> seat) & 1);
}

}  // namespace

void Holdem::build_fields() {
    const int P = players_;
    const int row = P + 3 + 4 + 1;
    struct F {
        std::string_view name;
        int size;
        int shape[3];
        std::string_view meaning;
    };
    const F list[] = {
        {"holes", P * 52, {P, 52}, "row i: the hole cards of the seat i places after the viewer, where the viewer "
                                   "may see them (its own; all at showdown; all for the omniscient view)"},
        {"board", 52, {52}, "the board cards dealt"},
        {"street", 4, {4}, "one-hot: preflop, flop, turn, river (all zero once the hand is over)"},
        {"button", P, {P}, "one-hot: the button's seat, relative to the viewer"},
        {"acting", P, {P}, "one-hot: the seat to act, relative to the viewer (all zero while dealing or over)"},
        {"folded", P, {P}, "1 for seats that folded, relative to the viewer"},
        {"all_in", P, {P}, "1 for live seats with no chips behind, relative to the viewer"},
        {"stacks", P, {P}, "chips behind, in big blinds, relative to the viewer"},
        {"bets", P, {P}, "this street's wagers, in big blinds, relative to the viewer"},
        {"contributed", P, {P}, "chips put in this hand (antes, blinds, bets), in big blinds"},
        {"pot", 1, {1}, "every chip put in this hand, in big blinds"},
        {"to_call", 1, {1}, "what a call costs the viewer, in big blinds"},
        {"raise_range", 2, {2}, "the viewer's smallest and largest legal raise, as the wager reached, in big "
                                "blinds; 0 when the viewer is not to act or cannot raise"},
        {"history", kHistoryRows * row, {kHistoryRows, row},
         "the last 16 betting actions, most recent first: seat one-hot (relative), kind one-hot (fold, "
         "check/call, bet/raise), street one-hot, amount in big blinds (the wager reached for a raise, the "
         "chips put in for a call)"},
        {"payoffs", P, {P}, "chips won or lost once the hand is over, in big blinds, relative to the viewer"},
    };
    int at = 0;
    for (const F& f : list) {
        fields_.push_back(ObsField{f.name, at, f.size, {f.shape[0], f.shape[1], f.shape[2]}, f.meaning});
        at += f.size;
    }
}

void Holdem::observe(const State& s, int viewer, float* out) const {
    const int P = players_;
    const int me = viewer >= 0 ? viewer : 0;
    const float bb = float(big_blind_);
    auto rel = [&](int seat) { return (seat - me + P) % P; };
    float* o = out;
    std::memset(out, 0, sizeof(float) * std::size_t(fields_.back().offset + fields_.back().size));
    for (int p = 0; p < P; ++p) {
        if (!sees_hole(s, viewer, p)) continue;
        for (int c = 0; c < hole_count_; ++c) {
            if (s.hole[p][c] != kNoCard) o[rel(p) * 52 + s.hole[p][c]] = 1.0f;
        }
    }
    o += P * 52;
    for (int b = 0; b < 5; ++b) {
        if (s.board[b] != kNoCard) o[s.board[b]] = 1.0f;
    }
    o += 52;
    if (s.phase != kOver) o[s.street] = 1.0f;
    o += 4;
    o[rel(s.button)] = 1.0f;
    o += P;
    if (s.phase == kBetting) o[rel(s.actor)] = 1.0f;
    o += P;
    for (int p = 0; p < P; ++p) {
        const int r = rel(p);
        o[r] = float(!live(s, p));
        o[P + r] = float(live(s, p) && s.stack[p] == 0);
        o[2 * P + r] = float(s.stack[p]) / bb;
        o[3 * P + r] = float(s.bet[p]) / bb;
        o[4 * P + r] = float(s.contributed[p]) / bb;
    }
    o += 5 * P;
    o[0] = float(pot_total(s)) / bb;
    o[1] = float(std::min(s.stack[me], max_bet(s) - s.bet[me])) / bb;
    if (s.phase == kBetting && viewer == s.actor) {
        const BetRange r = bet_range(s, me);
        if (r.can_raise) {
            o[2] = float(r.min_to) / bb;
            o[3] = float(r.max_to) / bb;
        }
    }
    o += 4;
    const int row = P + 8;
    for (int k = 0; k < kHistoryRows && k < s.log_len; ++k) {
        const std::uint64_t e = s.log[s.log_len - 1 - k];
        float* h = o + k * row;
        h[rel(log_seat(e))] = 1.0f;
        h[P + log_kind(e)] = 1.0f;
        h[P + 3 + log_street(e)] = 1.0f;
        h[P + 7] = float(log_amount(e)) / bb;
    }
    o += kHistoryRows * row;
    if (s.phase == kOver) {
        for (int p = 0; p < P; ++p) o[rel(p)] = float(s.stack[p] - stacks_[p]) / bb + 0.0f;
    }
}

void Holdem::view(const State& s, int viewer, JsonWriter& j) const {
    j.begin_object();
    j.field("variant", variant_ == poker::Variant::plo ? "plo" : "nlhe");
    j.field("players", players_);
    j.field("button", int(s.button));
    j.field("small_blind_seat", small_blind_seat(s.button));
    j.field("big_blind_seat", big_blind_seat(s.button));
    j.field("small_blind", static_cast<long long>(small_blind_));
    j.field("big_blind", static_cast<long long>(big_blind_));
    j.field("ante", static_cast<long long>(ante_));
    j.field("betting", betting_ == Betting::limit ? "limit" : betting_ == Betting::pot_limit ? "pot_limit" : "no_limit");
    j.field("small_bet", static_cast<long long>(street_bet(kPreflop)));
    j.field("big_bet", static_cast<long long>(street_bet(kTurn)));
    j.field("raise_cap", raise_cap_);
    j.field("ante_trimming", ante_trimming_);
    j.field("phase", s.phase == kDealing ? "dealing" : s.phase == kBetting ? "betting" : "over");
    j.field("street", s.phase == kOver ? "over" : street_name(s.street));
    j.key("board").begin_array();
    for (int b = 0; b < 5; ++b) {
        if (s.board[b] != kNoCard) j.value(card_text(s.board[b]));
    }
    j.end_array();
    j.key("seats").begin_array();
    for (int p = 0; p < players_; ++p) {
        j.begin_object();
        j.field("seat", p);
        j.field("starting_stack", static_cast<long long>(stacks_[p]));
        j.field("ante", static_cast<long long>(ante_of(p, s.button)));
        j.field("blind", static_cast<long long>(blind_of(p, s.button)));
        j.field("stack", static_cast<long long>(s.stack[p]));
        j.field("bet", static_cast<long long>(s.bet[p]));
        j.field("contributed", static_cast<long long>(s.contributed[p]));
        j.field("folded", !live(s, p));
        j.field("all_in", live(s, p) && s.stack[p] == 0);
        j.key("hole");
        if (sees_hole(s, viewer, p) && s.hole[p][0] != kNoCard) {
            j.begin_array();
            for (int c = 0; c < hole_count_; ++c) {
                if (s.hole[p][c] != kNoCard) j.value(card_text(s.hole[p][c]));
            }
            j.end_array();
        } else {
            j.null();
        }
        j.end_object();
    }
    j.end_array();
    j.field("pot", static_cast<long long>(pot_total(s)));
    std::int64_t amounts[kMaxSeats];
    std::uint16_t eligible[kMaxSeats];
    const int n = pots(s, amounts, eligible);
    j.key("pots").begin_array();
    for (int i = 0; i < n; ++i) {
        j.begin_object().field("amount", static_cast<long long>(amounts[i]));
        j.key("seats").begin_array();
        for (int p = 0; p < players_; ++p) {
            if ((eligible[i] >> p) & 1) j.value(p);
        }
        j.end_array().end_object();
    }
    j.end_array();
    j.key("to_act");
    if (s.phase == kBetting) j.value(int(s.actor)); else j.null();
    j.key("legal");
    if (s.phase == kBetting) {
        const BetRange r = bet_range(s, s.actor);
        j.begin_object();
        j.field("fold", r.can_fold);
        j.field("call", static_cast<long long>(r.call));
        j.field("can_raise", r.can_raise);
        j.field("raise_min", static_cast<long long>(r.min_to));
        j.field("raise_max", static_cast<long long>(r.max_to));
        j.end_object();
    } else {
        j.null();
    }
    j.key("actions").begin_array();
    for (int i = 0; i < s.log_len; ++i) {
        const std::uint64_t e = s.log[i];
        const int kind = log_kind(e);
        const std::int64_t amount = log_amount(e);
        j.begin_object();
        j.field("seat", log_seat(e));
        j.field("street", street_name(log_street(e)));
        j.field("action", kind == kLogFold ? "fold" : kind == kLogRaise ? "raise" : amount ? "call" : "check");
        j.field("amount", static_cast<long long>(amount));
        j.end_object();
    }
    j.end_array();
    j.field("terminal", s.phase == kOver);
    j.field("showdown", s.showdown != 0);
    j.key("showdown_order").begin_array();
    if (s.showdown) {
        int order[kMaxSeats];
        const int k = showdown_order(s, order);
        for (int i = 0; i < k; ++i) j.value(order[i]);
    }
    j.end_array();
    j.key("won").begin_array();
    for (int p = 0; p < players_; ++p) j.value(static_cast<long long>(s.won[p]));
    j.end_array();
    j.key("payoffs").begin_array();
    for (int p = 0; p < players_; ++p) j.value(static_cast<long long>(s.phase == kOver ? s.stack[p] - stacks_[p] : 0));
    j.end_array();
    j.end_object();
}

std::string Holdem::render(const State& s) const {
    const bool plo = variant_ == poker::Variant::plo;
    const char* name = betting_ == Betting::limit       ? (plo ? "FLO" : "LHE")
                       : betting_ == Betting::pot_limit ? (plo ? "PLO" : "PLHE")
                                                        : (plo ? "NLO" : "NLHE");
    std::string out = std::string(name) + ", " +
                      (s.phase == kOver ? std::string("hand over") : street_name(s.street)) + ", pot " +
                      std::to_string(pot_total(s)) + ", board";
    bool any = false;
    for (int b = 0; b < 5; ++b) {
        if (s.board[b] != kNoCard) out += " " + card_text(s.board[b]), any = true;
    }
    if (!any) out += " -";
    out += "\n";
    for (int p = 0; p < players_; ++p) {
        out += (s.phase == kBetting && s.actor == p) ? "> " : "  ";
        out += "seat " + std::to_string(p) + (p == s.button ? " (button)" : "") + ":";
        for (int c = 0; c < hole_count_; ++c) out += " " + (s.hole[p][c] != kNoCard ? card_text(s.hole[p][c]) : "??");
        out += "  stack " + std::to_string(s.stack[p]) + "  bet " + std::to_string(s.bet[p]);
        if (!live(s, p)) out += "  folded";
        else if (s.stack[p] == 0) out += "  all-in";
        if (s.phase == kOver) out += "  net " + std::to_string(s.stack[p] - stacks_[p]);
        out += "\n";
    }
    return out;
}

// Invariants: chips are conserved, cards are distinct and match the deal's progress,
// the betting bookkeeping is consistent with the phase.
std::string Holdem::check(const State& s) const {
    if (s.phase > kOver) return "unknown phase";
    if (s.street > kRiver) return "unknown street";
    if (s.button >= players_) return "the button is not a seat";
    if (s.log_len > kLogCapacity) return "the action log is longer than its capacity";
    for (std::uint8_t r : s.reserved) {
        if (r) return "reserved bytes are not zero";
    }
    const std::uint16_t seats = static_cast<std::uint16_t>((1u << players_) - 1);
    if ((s.to_act | s.acted | s.folded | s.shown) & ~seats) return "a seat set names a seat beyond the table";
    std::int64_t start = 0, now = 0;
    for (int p = 0; p < kMaxSeats; ++p) {
        if (p >= players_) {
            if (s.stack[p] || s.bet[p] || s.contributed[p] || s.won[p]) return "chips at an empty seat";
            for (int c = 0; c < 4; ++c) {
                if (s.hole[p][c] != kNoCard) return "hole cards at an empty seat";
            }
            continue;
        }
        if (s.stack[p] < 0 || s.bet[p] < 0 || s.won[p] < 0 || s.contributed[p] < s.bet[p]) return "a negative amount of chips";
        // Bounded before summing, so that forged amounts cannot overflow the sums below.
        constexpr std::int64_t kTable = kMaxChips * kMaxSeats;
        if (s.stack[p] > kTable || s.contributed[p] > kTable || s.won[p] > kTable) return "more chips than the table holds";
        if (s.bet[p] && s.phase == kOver) return "a wager left on the table after the hand";
        start += stacks_[p];
        now += s.stack[p] + (s.phase == kOver ? 0 : s.contributed[p]);
    }
    if (s.phase == kOver) {
        std::int64_t won = 0;
        for (int p = 0; p < players_; ++p) won += s.won[p];
        if (won != pot_total(s)) return "the chips won differ from the pot";
    }
    if (start != now) return "chips are not conserved";
    // Cards: distinct, dealt in order, the dealt mask exactly the cards out.
    std::uint64_t seen = 0;
    int holes = 0;
    for (int p = 0; p < players_; ++p) {
        for (int c = 0; c < 4; ++c) {
            const int card = s.hole[p][c];
            if (card == kNoCard) continue;
            if (c >= hole_count_ || card >= poker::kDeckSize) return "a hole card out of place or range";
            if ((seen >> card) & 1) return "a card dealt twice";
            seen |= poker::card_bit(card);
            ++holes;
        }
    }
    if (holes != s.hole_dealt) return "the hole cards out differ from the deal's count";
    int board = 0;
    for (int b = 0; b < 5; ++b) {
        const int card = s.board[b];
        if (card == kNoCard) continue;
        if (b != board || card >= poker::kDeckSize) return "a board card out of place or range";
        if ((seen >> card) & 1) return "a card dealt twice";
        seen |= poker::card_bit(card);
        ++board;
    }
    if (seen != s.dealt) return "the dealt-card mask differs from the cards out";
    const int all_holes = players_ * hole_count_;
    if (s.hole_dealt > all_holes) return "more hole cards dealt than seats hold";
    if (board && s.hole_dealt != all_holes) return "a board card before the hole cards";
    static constexpr int kBoardAt[] = {0, 3, 4, 5};
    if (s.phase == kBetting) {
        if (s.cards_owed || s.hole_dealt != all_holes || board != kBoardAt[s.street]) return "the board does not match the street";
        if (s.actor >= players_ || !((s.to_act >> s.actor) & 1)) return "the seat to act owes no action";
        if (!live(s, s.actor) || s.stack[s.actor] == 0) return "the seat to act is folded or all-in";
        if (s.runout) return "betting during a run-out";
    }
    if (s.phase == kDealing) {
        if (s.cards_owed == 0) return "dealing with no card owed";
        const int left = all_holes - s.hole_dealt + 5 - board;
        if (s.cards_owed > left) return "more cards owed than the deal has left";
    }
    if (s.phase != kDealing && s.cards_owed) return "cards owed outside the deal";
    if (std::popcount(unsigned(s.folded)) >= players_) return "every seat folded";
    if (s.phase == kOver) {
        const bool one_left = std::popcount(unsigned(s.folded)) == players_ - 1;
        if (one_left == (s.showdown != 0)) return "a showdown does not match the seats left";
        if (s.showdown && board != 5) return "a showdown before the board is complete";
        if (s.shown != (s.showdown ? static_cast<std::uint16_t>(~s.folded & seats) : 0)) return "the hands shown are not the live ones";
    } else if (s.showdown || s.shown || std::any_of(s.won, s.won + kMaxSeats, [](std::int64_t w) { return w != 0; })) {
        return "a showdown before the end of the hand";
    }
    for (int i = 0; i < s.log_len; ++i) {
        const std::uint64_t e = s.log[i];
        if (log_seat(e) >= players_ || log_kind(e) > kLogRaise) return "a logged action names no seat or kind";
    }
    for (int i = s.log_len; i < kLogCapacity; ++i) {
        if (s.log[i]) return "log entries past its length";
    }
    if (s.raise_amount < 0 || s.short_sum < 0 || s.raise_amount > start || s.short_sum > start) {
        return "a raise larger than the chips at the table";
    }
    if (s.short_pending > 1 || s.runout > 1 || s.showdown > 1 || s.opener >= players_) return "a flag out of range";
    return {};
}

}  // namespace meeple::holdem
