// The game model as a C++20 concept. A game is a configured match (options live on the
// game object); its State is plain data: trivially copyable, with no padding, so a copy
// is a memcpy and a snapshot is the bytes themselves.
#pragma once

#include <concepts>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>

#include "core/event_log.hpp"
#include "core/json.hpp"
#include "core/json_read.hpp"
#include "core/options.hpp"
#include "core/rng.hpp"

namespace meeple {

inline constexpr int kChance = -1;      // MEEPLE_CHANCE
inline constexpr int kViewPublic = -2;  // MEEPLE_VIEW_PUBLIC
inline constexpr int kViewAll = -3;     // MEEPLE_VIEW_ALL
inline constexpr int kActing = -4;      // MEEPLE_ACTING_PLAYER
inline constexpr int kNobody = -5;      // what kActing resolves to when no one is active
inline constexpr int kMaxPlayers = 31;
inline constexpr int kMaxActions = 64 * 64;       // masks fit 64 words on the stack
inline constexpr int kMaxChanceOutcomes = 1024;  // outcomes fit a stack array

// Who owes a decision: bit i for seat i, kChanceBit for the chance player.
using Actors = std::uint32_t;
inline constexpr Actors kChanceBit = 1u << 31;

// One named block of the observation vector.
struct ObsField {
    std::string_view name;
    int offset;
    int size;
    int shape[3];  // trailing zeros mean fewer dimensions
    std::string_view meaning;
};

// One pending chance outcome: an action of the chance player and its probability.
struct ChanceOutcome {
    int action;
    double probability;
};

template <class G>
concept GameRules =
    std::is_trivially_copyable_v<typename G::State> &&
    std::has_unique_object_representations_v<typename G::State> &&
    std::constructible_from<G, const Options&> &&
    requires(const G& g, typename G::State& s, const typename G::State& cs, Rng& rng,
             int player, int action, std::uint64_t* words, float* obs, double* out,
             JsonWriter& json) {
        { G::kName } -> std::convertible_to<std::string_view>;
        { G::kStateVersion } -> std::convertible_to<std::uint32_t>;
        { G::option_specs() } -> std::convertible_to<std::span<const OptionSpec>>;
        { g.num_players() } -> std::same_as<int>;
        { g.num_actions() } -> std::same_as<int>;
        { g.obs_fields() } -> std::convertible_to<std::span<const ObsField>>;
        { g.init(s, rng) } -> std::same_as<void>;
        { g.actors(cs) } -> std::same_as<Actors>;
        // Fills all mask_words words (zeros included); called only for an active player.
        { g.legal_mask(cs, player, words) } -> std::same_as<void>;
        // Called only with a legal action of an active player.
        { g.apply(s, player, action, rng) } -> std::same_as<void>;
        { g.is_terminal(cs) } -> std::same_as<bool>;
        { g.truncated(cs) } -> std::same_as<bool>;
        // Returns and step rewards write +0.0 for a zero, never -0.0 (a test plays every game).
        { g.returns(cs, out) } -> std::same_as<void>;
        { g.step_reward(cs, out) } -> std::same_as<void>;
        // Writes every one of the observation's floats (zeros included): callers, batches
        // among them, do not clear the buffer first.
        { g.observe(cs, player, obs) } -> std::same_as<void>;
        { g.view(cs, player, json) } -> std::same_as<void>;
        { g.render(cs) } -> std::same_as<std::string>;
        { g.action_name(action) } -> std::same_as<std::string>;
        // Empty when the state keeps every invariant, else the first broken one.
        { g.check(cs) } -> std::same_as<std::string>;
    };

// Games with explicit chance also provide these; games without chance leave them out.
template <class G>
concept HasChance = requires(const G& g, const typename G::State& cs, ChanceOutcome* out) {
    { g.max_chance_outcomes() } -> std::same_as<int>;
    { g.chance_outcomes(cs, out) } -> std::same_as<int>;
};

// Games with hidden information redraw what `pov` cannot see.
template <class G>
concept HasDeterminize = requires(const G& g, typename G::State& s, int pov, Rng& rng) {
    { g.determinize(s, pov, rng) } -> std::same_as<void>;
};

// Games whose values a search may prove exactly (the MCTS solver, docs/search.md)
// declare `static constexpr bool kProvable = true`: a promise that apply never draws
// from the generator (no chance, implicit or explicit), every seat sees everything,
// there are two seats, and the returns of a finished game are +1, 0 or -1 for seat 0
// and the opposite for seat 1. A proof in any other game could be wrong, so the
// solver is never on there.
template <class G>
concept Provable = G::kProvable == true;

// Games with a faster legality test than building the mask.
template <class G>
concept HasIsLegal = requires(const G& g, const typename G::State& cs, int player, int action) {
    { g.is_legal(cs, player, action) } -> std::same_as<bool>;
};

// Games whose actions may draw a chance outcome inside apply (implicit chance) say
// which outcomes (chance action ids with probabilities; 0 when the action draws none)
// and can take a step with that outcome forced (outcome -1 draws from rng as apply does).
template <class G>
concept HasActionOutcomes = requires(const G& g, const typename G::State& cs, typename G::State& s, Rng& rng,
                                     int player, int action, int outcome, ChanceOutcome* out) {
    { g.action_outcomes(cs, player, action, out) } -> std::same_as<int>;
    { g.apply_step(s, player, action, rng, outcome) } -> std::same_as<void>;
};

// Games that can score an unfinished position for every seat, in the scale of their
// returns: search uses it where a rollout stops early (rollout_depth).
template <class G>
concept HasHeuristic = requires(const G& g, const typename G::State& cs, double* out) {
    { g.heuristic_value(cs, out) } -> std::same_as<void>;
};

// Games that publish constant data (a board's topology) as JSON under a few keys,
// listed in G::kDataKeys; data() returns false for another key.
template <class G>
concept HasGameData = requires(const G& g, std::string_view key, JsonWriter& json) {
    { G::kDataKeys } -> std::convertible_to<std::string_view>;
    { g.data(key, json) } -> std::same_as<bool>;
};

// Games with feature vectors for value networks: a fixed layout (a field table like the
// observation's, with its own version), written from a seat's point of view in one of
// the variants kFeaturesSeat (only what that seat may know) or kFeaturesOmniscient
// (everything, hidden cards included). features() writes every float (zeros included)
// and is called only with a seat 0..num_players-1 and one of those variants.
inline constexpr int kFeaturesSeat = 0;        // MEEPLE_FEATURES_SEAT
inline constexpr int kFeaturesOmniscient = 1;  // MEEPLE_FEATURES_OMNISCIENT
template <class G>
concept HasFeatures = requires(const G& g, const typename G::State& cs, int viewer, int variant, float* out) {
    { G::kFeatureVersion } -> std::convertible_to<std::uint32_t>;
    { g.feature_fields() } -> std::convertible_to<std::span<const ObsField>>;
    { g.features(cs, viewer, variant, out) } -> std::same_as<void>;
};

// Games that can build a state from a described position (puzzles, tests, analysis).
// from_position fills `s` from `position` (the game's own JSON layout), drawing any
// randomness from `rng`; it throws Error(invalid_argument) naming the first thing
// that breaks the rules, and the state it leaves must pass check().
template <class G>
concept HasPosition = requires(const G& g, const JsonValue& position, typename G::State& s, Rng& rng) {
    { g.from_position(position, s, rng) } -> std::same_as<void>;
};

// Games with their own columns in batch event rows (core/event_log.hpp): a table of
// fields, the event type of an action (trade steps), the game's turn counter, and the
// fields themselves: event_before writes what the position held before an action
// (Catan: the offer on the table), event_after what it holds after; each writes only
// its own columns of the game's part of the row (out[0] is the first game column).
template <class G>
concept HasEvents = requires(const G& g, const typename G::State& cs, int action, std::int32_t* out) {
    { g.event_fields() } -> std::convertible_to<std::span<const EventField>>;
    { g.event_type(action) } -> std::same_as<std::int32_t>;
    { g.event_turn(cs) } -> std::same_as<std::int32_t>;
    { g.event_before(cs, out) } -> std::same_as<void>;
    { g.event_after(cs, out) } -> std::same_as<void>;
};

}  // namespace meeple
