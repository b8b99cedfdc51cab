// The catan game's options, its initial state, returns and action names.
#include "games/catan/catan.hpp"

#include <algorithm>
#include <bit>
#include <cstring>

#include "core/error.hpp"

namespace meeple::catan {
namespace {

constexpr OptionSpec kOptions[] = {
    {"players", OptionType::integer, "4", 2, 4, {}, "seats at the table"},
    {"vp_to_win", OptionType::integer, "10", 3, 20, {}, "victory points that win, reached during one's own turn"},
    {"max_turns", OptionType::integer, "2000", 1, 100000, {}, "turns after which the game ends truncated, with no winner"},
    {"board", OptionType::choice, "random", 0, 0, "random,beginner",
     "random: a seeded shuffle of terrain, numbers and harbors; beginner: the rulebook's starting map"},
    {"red_adjacent", OptionType::boolean, "false", 0, 0, {}, "random boards may put 6 and 8 on touching hexes"},
    {"trade_budget", OptionType::integer, "6", 0, 100, {},
     "domestic offer compose steps (one card added) allowed per turn; 0 disables domestic trade"},
    {"explicit_chance", OptionType::boolean, "false", 0, 0, {},
     "the chance player acts for dice, development card draws and steals"},
    {"friendly_robber", OptionType::boolean, "false", 0, 0, {},
     "the robber may not be moved to a hex touching another seat with 2 or fewer public victory points, "
     "and no such seat is robbed"},
};

constexpr const char* kResourceNames[kNumResources] = {"brick", "lumber", "wool", "grain", "ore"};
constexpr const char* kDevNames[kNumDevKinds] = {"knight", "victory_point", "road_building", "year_of_plenty",
                                                 "monopoly"};

std::string with_arg(const char* name, const std::string& arg) { return std::string(name) + "(" + arg + ")"; }

}  // namespace

const char* resource_name(int r) { return kResourceNames[r]; }
const char* dev_card_name(int k) { return kDevNames[k]; }

std::span<const OptionSpec> Catan::option_specs() { return kOptions; }

Catan::Catan(const Options& options)
    : players_(static_cast<int>(options.get_int("players"))),
      vp_to_win_(static_cast<int>(options.get_int("vp_to_win"))),
      max_turns_(static_cast<int>(options.get_int("max_turns"))),
      trade_budget_(static_cast<int>(options.get_int("trade_budget"))),
      beginner_(options.get_choice("board") == "beginner"),
      allow_adjacent_red_(options.get_bool("red_adjacent")),
      explicit_chance_(options.get_bool("explicit_chance")),
      friendly_robber_(options.get_bool("friendly_robber")) {
    if (beginner_ && allow_adjacent_red_) {
        fail(Status::invalid_argument,
             "catan(board=beginner) has a fixed map; red_adjacent=true applies only to board=random");
    }
}

void Catan::init(State& s, Rng& rng) const {
    std::memset(&s, 0, sizeof s);
    const Layout layout = beginner_ ? beginner_layout() : random_layout(rng, allow_adjacent_red_);
    for (int h = 0; h < kNumHexes; ++h) {
        s.terrain[h] = layout.terrain[h];
        s.number[h] = layout.number[h];
        if (layout.terrain[h] == kDesert) s.robber = static_cast<std::uint8_t>(h);
    }
    for (int h = 0; h < kNumHarbors; ++h) s.harbor[h] = layout.harbor[h];
    std::memcpy(s.bank, kSupply, sizeof s.bank);
    std::memcpy(s.deck, kDeckCounts, sizeof s.deck);
    s.phase = kSetupSettlement;
    s.army_holder = s.road_holder = s.winner = kNone;
    s.last_settlement = s.trade_responder = s.steal_victim = kNone;
}

void Catan::returns(const State& s, double* out) const {
    for (int p = 0; p < players_; ++p) out[p] = s.winner == kNone ? 0.0 : (p == s.winner ? 1.0 : -1.0);
}

// A seat's standing in victory points: its points (hidden ones too), plus its production
// (two-dice rolls that pay it, cities twice, the robbed hex not at all) at one point per
// 15 pips of 36, about what a settlement's production is worth before the endgame. The
// value is the standing's lead over the mean of the others, in units of the target.
void Catan::heuristic_value(const State& s, double* out) const {
    if (s.winner != kNone || players_ < 2) return returns(s, out);
    static constexpr int kPips[13] = {0, 0, 1, 2, 3, 4, 5, 0, 5, 4, 3, 2, 1};
    double standing[kMaxPlayers] = {};
    double total = 0;
    for (int p = 0; p < players_; ++p) {
        int pips = 0;
        for (int h = 0; h < kNumHexes; ++h) {
            if (h == s.robber || s.terrain[h] == kDesert) continue;
            const std::uint64_t nodes = kTopology.node_mask_of_hex[h];
            pips += kPips[s.number[h]] * (std::popcount(nodes & s.settlements[p]) + 2 * std::popcount(nodes & s.cities[p]));
        }
        total += (standing[p] = victory_points(s, p, true) + pips / 15.0);
    }
    for (int p = 0; p < players_; ++p) {
        const double others = (total - standing[p]) / (players_ - 1);
        out[p] = std::clamp((standing[p] - others) / vp_to_win_, -1.0, 1.0);
    }
}

std::string Catan::action_name(int a) const {
    if (a < kBuildSettlement) return with_arg("build_road", "edge=" + std::to_string(a - kBuildRoad));
    if (a < kBuildCity) return with_arg("build_settlement", "node=" + std::to_string(a - kBuildSettlement));
    if (a < kBuyDev) return with_arg("build_city", "node=" + std::to_string(a - kBuildCity));
    if (a == kBuyDev) return "buy_development";
    if (a == kPlayKnight) return "play_knight";
    if (a == kPlayRoadBuilding) return "play_road_building";
    if (a < kPlayMonopoly) {
        const ResourcePair p = year_of_plenty_pair(a - kPlayYearOfPlenty);
        return with_arg("play_year_of_plenty", std::string(kResourceNames[p.first]) + "," + kResourceNames[p.second]);
    }
    if (a < kRoll) return with_arg("play_monopoly", kResourceNames[a - kPlayMonopoly]);
    if (a == kRoll) return "roll";
    if (a == kEndTurn) return "end_turn";
    if (a < kSteal) return with_arg("move_robber", "hex=" + std::to_string(a - kMoveRobber));
    if (a < kDiscard) return with_arg("steal", "seat=" + std::to_string(a - kSteal));
    if (a < kMaritime) return with_arg("discard", kResourceNames[a - kDiscard]);
    if (a < kTradeGive) {
        const ResourcePair p = maritime_pair(a - kMaritime);
        return with_arg("maritime_trade", std::string("give=") + kResourceNames[p.first] + ",get=" + kResourceNames[p.second]);
    }
    if (a < kTradeWant) return with_arg("offer_give", kResourceNames[a - kTradeGive]);
    if (a < kTradeOpen) return with_arg("offer_want", kResourceNames[a - kTradeWant]);
    if (a == kTradeOpen) return "open_offer";
    if (a == kTradeCancel) return "cancel_offer";
    if (a == kTradeAccept) return "accept_offer";
    if (a == kTradeDecline) return "decline_offer";
    if (a < kChanceDice) return with_arg("confirm_offer", "seat=" + std::to_string(a - kTradeConfirm));
    if (a < kChanceDev) return with_arg("chance_dice", "sum=" + std::to_string(a - kChanceDice + 2));
    if (a < kChanceSteal) return with_arg("chance_development", kDevNames[a - kChanceDev]);
    return with_arg("chance_steal", kResourceNames[a - kChanceSteal]);
}

}  // namespace meeple::catan
