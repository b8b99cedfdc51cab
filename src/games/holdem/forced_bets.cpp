// The forced bets and the betting structure from the options: antes (uniform, by
// position, the big blind's and the button's), ante trimming, blinds and straddles, and
// no-limit, pot-limit or fixed-limit betting with its bets and cap. Lists go by position
// in blind order (the small blind's seat first, then clockwise), which is PHH's order.
#include <algorithm>
#include <charconv>
#include <string>
#include <vector>

#include "core/echo.hpp"
#include "core/error.hpp"
#include "games/holdem/holdem.hpp"

namespace meeple::holdem {
namespace {

std::string option_text(const Options& o, std::string_view name) {
    const auto specs = o.specs();
    for (std::size_t i = 0; i < specs.size(); ++i) {
        if (specs[i].name == name) return o.value(i);
    }
    fail(Status::internal, "no option " + std::string(name));
}

// "1/2/4" -> {1, 2, 4}: at most `players` whole amounts of chips, the rest 0.
void amounts_by_position(std::string_view name, std::string_view text, int players, std::int64_t* out) {
    const std::string where = "holdem: ";
    std::vector<std::string_view> parts;
    for (std::string_view rest = text;;) {
        const auto at = rest.find('/');
        parts.push_back(rest.substr(0, at));
        if (at == std::string_view::npos) break;
        rest.remove_prefix(at + 1);
    }
    if (static_cast<int>(parts.size()) > players) {
        fail(Status::invalid_argument, where + std::string(name) + " '" + echo(text) + "' lists " +
                                           std::to_string(parts.size()) + " amounts for " + std::to_string(players) +
                                           " players; give at most one a seat, '/'-separated, from the small "
                                           "blind's seat on");
    }
    for (std::size_t k = 0; k < parts.size(); ++k) {
        long long v = -1;
        const auto t = parts[k];
        const auto r = std::from_chars(t.data(), t.data() + t.size(), v);
        if (t.empty() || r.ec != std::errc() || r.ptr != t.data() + t.size() || v < 0 || v > kMaxChips) {
            fail(Status::invalid_argument, where + std::string(name) + " entry '" + echo(t) + "' (position " +
                                               std::to_string(k) + ") is not a whole number of chips in 0.." +
                                               std::to_string(kMaxChips));
        }
        out[k] = v;
    }
}

}  // namespace

void Holdem::parse_forced_bets(const Options& o) {
    const std::string where = "holdem: ";
    const std::string betting = o.get_choice("betting");
    betting_ = betting == "limit"       ? Betting::limit
               : betting == "pot_limit" ? Betting::pot_limit
               : betting == "no_limit"  ? Betting::no_limit
               : variant_ == poker::Variant::plo ? Betting::pot_limit
                                                 : Betting::no_limit;
    small_bet_ = o.get_int("small_bet");
    big_bet_ = o.get_int("big_bet");
    if (betting_ != Betting::limit && (small_bet_ || big_bet_)) {
        fail(Status::invalid_argument, where + "small_bet and big_bet are the fixed bets of betting=limit; this game "
                                               "is " + (betting_ == Betting::pot_limit ? "pot-limit" : "no-limit") +
                                               " (its smallest bet is big_blind): leave them out or set betting=limit");
    }
    if (betting_ == Betting::limit) {
        if (!small_bet_) small_bet_ = big_blind_;
        if (!big_bet_) big_bet_ = 2 * small_bet_;
    }
    const long long cap = o.get_int("raise_cap");
    raise_cap_ = cap < 0 ? (betting_ == Betting::limit ? 4 : 0) : static_cast<int>(cap);

    // Blinds and straddles.
    const std::string blinds = option_text(o, "blinds");
    if (blinds == "standard") {
        forced_[0] = small_blind_;
        forced_[1] = big_blind_;
    } else {
        if (small_blind_ != 1) {
            fail(Status::invalid_argument, where + "small_blind and blinds both set the small blind; give blinds "
                                                   "alone (its first entry is the small blind)");
        }
        custom_blinds_ = true;
        amounts_by_position("blinds", blinds, players_, forced_);
    }

    // Antes: uniform or by position, then the big blind's and the button's on top.
    const std::string antes = option_text(o, "antes");
    if (antes == "equal") {
        for (int k = 0; k < players_; ++k) ante_pos_[k] = ante_;
    } else {
        if (ante_) {
            fail(Status::invalid_argument, where + "ante and antes both set the antes; give ante (every seat's) or "
                                                   "antes (by position), not both");
        }
        amounts_by_position("antes", antes, players_, ante_pos_);
    }
    ante_pos_[1] += o.get_int("big_blind_ante");
    const int button_position = players_ == 2 ? 0 : players_ - 1;
    ante_pos_[button_position] += o.get_int("button_ante");
    uniform_antes_ = std::all_of(ante_pos_, ante_pos_ + players_, [&](std::int64_t a) { return a == ante_pos_[0]; });
    if (ante_trimming_ && !uniform_antes_) {
        // Taken as wagers, the largest ante is matched only up to the second largest.
        std::int64_t top = -1, cutoff = -1;  // the largest ante and the second largest
        for (int k = 0; k < players_; ++k) {
            cutoff = std::max(cutoff, std::min(top, ante_pos_[k]));
            top = std::max(top, ante_pos_[k]);
        }
        for (int k = 0; k < players_; ++k) ante_pos_[k] = std::min(ante_pos_[k], cutoff);
        uniform_antes_ = std::all_of(ante_pos_, ante_pos_ + players_, [&](std::int64_t a) { return a == ante_pos_[0]; });
    }

    // No seat may be all-in before the first action, wherever the button is.
    std::int64_t owed = 0;
    for (int k = 0; k < players_; ++k) owed = std::max(owed, ante_pos_[k] + forced_[k]);
    const bool standard = !custom_blinds_ && antes == "equal" && uniform_antes_;
    for (int p = 0; p < players_; ++p) {
        if (stacks_[p] > owed) continue;
        fail(Status::invalid_argument,
             where + "seat " + std::to_string(p) + " starts with " + std::to_string(stacks_[p]) + " chips, which " +
                 (standard ? "do not cover the ante and the big blind ("
                           : "do not cover the largest ante and blind or straddle a seat posts (") +
                 std::to_string(owed) + "); every stack must be larger, so that no seat is all-in before the first action");
    }
}

int Holdem::preflop_opener(int button) const {
    if (!custom_blinds_) return (big_blind_seat(button) + 1) % players_;
    // After the largest blind or straddle; of equal ones, the last clockwise from the
    // seat left of the button (PokerKit's rule), so that the last straddler acts last.
    int last = button;
    std::int64_t most = -1;
    for (int k = 1; k <= players_; ++k) {
        const int seat = (button + k) % players_;
        const std::int64_t b = blind_of(seat, button);
        if (b >= most) {
            most = b;
            last = seat;
        }
    }
    return (last + 1) % players_;
}

int Holdem::raises_this_street(const State& s) const {
    int n = 0;
    for (int i = s.log_len - 1; i >= 0 && log_street(s.log[i]) == s.street; --i) n += log_kind(s.log[i]) == kLogRaise;
    return n;
}

}  // namespace meeple::holdem
