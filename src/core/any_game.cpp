#include "core/any_game.hpp"
#include "core/snapshot.hpp"

#include <algorithm>

namespace meeple {

void write_field_table(JsonWriter& j, std::string_view key, std::span<const ObsField> fields) {
    j.key(key).begin_array();
    for (const auto& f : fields) {
        j.begin_object();
        j.field("name", f.name).field("offset", f.offset).field("size", f.size);
        j.key("shape").begin_array();
        for (int d : f.shape) {
            if (d) j.value(d);
        }
        j.end_array();
        j.field("meaning", f.meaning);
        j.end_object();
    }
    j.end_array();
}

namespace {

std::string list_ints(const std::vector<int>& v, std::size_t limit = 16) {
    std::string out = "[";
    for (std::size_t i = 0; i < v.size() && i < limit; ++i) {
        if (i) out += ", ";
        out += std::to_string(v[i]);
    }
    if (v.size() > limit) out += ", ... (" + std::to_string(v.size()) + " in all)";
    return out + "]";
}

std::vector<int> seats_of(Actors a) {
    std::vector<int> out;
    if (a & kChanceBit) out.push_back(kChance);
    for (int i = 0; i < kMaxPlayers; ++i) {
        if (a & (1u << i)) out.push_back(i);
    }
    return out;
}

}  // namespace

void AnyGame::check_seat(int player, bool chance_allowed) const {
    if ((player >= 0 && player < num_players_) || (chance_allowed && player == kChance)) return;
    fail(Status::out_of_range, "player " + std::to_string(player) + " is not a seat of " + spec_ +
                                   ": seats are 0.." + std::to_string(num_players_ - 1) +
                                   (chance_allowed ? ", MEEPLE_CHANCE (-1) or MEEPLE_ACTING_PLAYER (-4)" : ""));
}

int AnyGame::resolve_player(const void* rec, int player) const {
    if (player != kActing) {
        check_seat(player, true);  // kNobody included: it is an answer, never a question
        return player;
    }
    const Actors a = actors(rec);
    if (a == 0) return kNobody;
    if (a & (a - 1)) {
        fail(Status::wrong_state, "several players are active at once: " + list_ints(seats_of(a)) +
                                      "; name the player instead of MEEPLE_ACTING_PLAYER");
    }
    return a == kChanceBit ? kChance : __builtin_ctz(a);
}

void AnyGame::check_viewer(int viewer) const {
    if ((viewer >= 0 && viewer < num_players_) || viewer == kViewPublic || viewer == kViewAll) return;
    fail(Status::out_of_range, "viewer " + std::to_string(viewer) + " is not valid for " + spec_ +
                                   ": use a seat 0.." + std::to_string(num_players_ - 1) +
                                   ", MEEPLE_VIEW_PUBLIC (-2) or MEEPLE_VIEW_ALL (-3)");
}

bool AnyGame::is_active(const void* rec, int player) const {
    if (player == kNobody) return false;
    const Actors a = actors(rec);
    return player == kChance ? (a & kChanceBit) != 0 : (a >> player) & 1u;
}

void AnyGame::require_active(const void* rec, int player) const {
    if (actors(rec) == 0) {
        fail(Status::not_active, "player " + std::to_string(player) + " is not active: the game is over");
    }
    if (!is_active(rec, player)) {
        fail(Status::not_active, "player " + std::to_string(player) + " is not active; active players: " +
                                     list_ints(seats_of(actors(rec))));
    }
}

std::size_t AnyGame::write_legal_actions(const void* rec, int player, std::int32_t* out,
                                         std::size_t capacity) const {
    player = resolve_player(rec, player);
    if (player == kNobody) return 0;
    check_seat(player, true);
    require_active(rec, player);
    return write_listing(rec, player, out, capacity);
}

std::size_t AnyGame::write_listing(const void* rec, int player, std::int32_t* out, std::size_t capacity) const {
    if (player == kNobody) return 0;
    if (player == kChance) {
        ChanceOutcome outcomes[kMaxChanceOutcomes];
        const auto n = static_cast<std::size_t>(chance_outcomes(rec, outcomes));
        if (capacity < n) return n;
        for (std::size_t i = 0; i < n; ++i) out[i] = outcomes[i].action;
        std::sort(out, out + n);
        return n;
    }
    std::uint64_t words[kMaxActions / 64];
    legal_mask(rec, player, words);
    const int word_count = mask_words();  // a local: the writes to out could alias a member
    if (capacity < static_cast<std::size_t>(num_actions_)) {  // a buffer that may be short: count first
        std::size_t n = 0;
        for (int w = 0; w < word_count; ++w) n += static_cast<std::size_t>(__builtin_popcountll(words[w]));
        if (capacity < n) return n;
    }
    std::size_t i = 0;
    for (int w = 0; w < word_count; ++w) {
        for (std::uint64_t bits = words[w]; bits; bits &= bits - 1) {
            out[i++] = w * 64 + __builtin_ctzll(bits);
        }
    }
    return i;
}

std::vector<int> AnyGame::legal_actions(const void* rec, int player) const {
    std::vector<std::int32_t> out(static_cast<std::size_t>(std::max(num_actions_, max_chance_outcomes())));
    out.resize(write_legal_actions(rec, player, out.data(), out.size()));
    return {out.begin(), out.end()};
}

void AnyGame::apply(void* rec, int player, int action) const {
    if (player != kActing) check_seat(player, true);
    if (is_terminal(rec)) {
        fail(Status::wrong_state, "the game is over; no action can be applied (start a new state)");
    }
    player = resolve_player(rec, player);
    if (!is_active(rec, player)) {
        fail(Status::not_active, "player " + std::to_string(player) + " is not active; active players: " +
                                     list_ints(seats_of(actors(rec))));
    }
    if (action < 0 || action >= num_actions_) {
        fail(Status::out_of_range, "action " + std::to_string(action) + " is outside the action space 0.." +
                                       std::to_string(num_actions_ - 1) + " of " + spec_);
    }
    bool ok;
    if (player == kChance) {
        ChanceOutcome outcomes[kMaxChanceOutcomes];
        const int n = chance_outcomes(rec, outcomes);
        ok = std::any_of(outcomes, outcomes + n, [&](const ChanceOutcome& o) { return o.action == action; });
    } else {
        ok = legal(rec, player, action);
    }
    if (!ok) {
        fail(Status::illegal_action, "action " + std::to_string(action) + " (" + action_name(action) +
                                         ") is not legal for player " + std::to_string(player) +
                                         "; legal actions: " + list_ints(legal_actions(rec, player)));
    }
    apply_unchecked(rec, player, action);
}

std::string AnyGame::describe_json() const {
    JsonWriter j;
    j.begin_object();
    j.field("describe_version", static_cast<long long>(kDescribeVersion));
    j.field("name", name_);
    j.field("spec", spec_);
    j.field("num_players", num_players_);
    j.field("num_actions", num_actions_);
    j.field("mask_words", mask_words());
    j.field("obs_size", obs_size_);
    j.field("max_chance_outcomes", max_chance_outcomes());
    j.field("state_version", static_cast<long long>(state_version_));
    j.field("snapshot_size", static_cast<long long>(kSnapshotHeaderSize + record_size_));
    write_field_table(j, "obs_fields", obs_fields_);
    j.key("options").begin_array();
    const auto specs = options_.specs();
    for (std::size_t i = 0; i < specs.size(); ++i) {
        const auto& s = specs[i];
        j.begin_object();
        j.field("name", s.name);
        static constexpr const char* kTypes[] = {"bool", "int", "float", "choice", "text"};
        j.field("type", kTypes[static_cast<int>(s.type)]);
        j.field("default", s.default_value);
        j.field("value", options_.value(i));
        if (s.type == OptionType::integer || s.type == OptionType::real) {
            j.field("min", s.min).field("max", s.max);
        }
        if (s.type == OptionType::choice) {
            j.key("choices").begin_array();
            std::string_view rest = s.choices;
            while (!rest.empty()) {
                auto comma = rest.find(',');
                j.value(rest.substr(0, comma));
                if (comma == std::string_view::npos) break;
                rest.remove_prefix(comma + 1);
            }
            j.end_array();
        }
        j.field("meaning", s.meaning);
        j.end_object();
    }
    j.end_array();
    j.end_object();
    return j.take();
}

}  // namespace meeple
