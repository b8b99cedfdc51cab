// Type erasure over GameRules: every game behind one interface that works on untyped
// state records. A record is {generator, move number, game state}, plain bytes of a
// fixed size per game, so batches can lay records side by side and copy them whole.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "core/batch_slots.hpp"
#include "core/error.hpp"
#include "core/echo.hpp"
#include "core/game.hpp"
#include "core/hash.hpp"

namespace meeple {

class RolloutPolicy;
class LeafEvaluator;
class SearchTree;
struct SearchConfig;

template <class State>
struct Record {
    Rng rng;
    std::uint64_t move_number;
    State state;
};

// The player a batch acts for in a record: the chance player while a chance outcome is
// pending, else the lowest active seat, else kNobody (the game is over).
inline int acting_player(Actors a) {
    if (a & kChanceBit) return kChance;
    return a ? __builtin_ctz(a) : kNobody;
}

// Writes `fields` as the array `key` of an open JSON object: each field's name, offset,
// size, shape and meaning (the observation and feature tables share this layout).
void write_field_table(JsonWriter& j, std::string_view key, std::span<const ObsField> fields);

class AnyGame {
public:
    virtual ~AnyGame() = default;

    // Facts, fixed at construction.
    const std::string& name() const { return name_; }
    const std::string& spec() const { return spec_; }
    const Options& options() const { return options_; }
    int num_players() const { return num_players_; }
    int num_actions() const { return num_actions_; }
    int mask_words() const { return (num_actions_ + 63) / 64; }
    int obs_size() const { return obs_size_; }
    std::span<const ObsField> obs_fields() const { return obs_fields_; }
    std::size_t record_size() const { return record_size_; }
    std::uint32_t state_version() const { return state_version_; }
    // Whether a search may prove this game's values exactly (core/game.hpp, Provable).
    bool provable() const { return provable_; }
    virtual int max_chance_outcomes() const = 0;
    // The game's own columns of event rows, after the header (core/event_log.hpp).
    std::span<const EventField> event_fields() const { return event_fields_; }
    std::size_t event_width() const { return kEventHeaderInts + event_fields_.size(); }
    // Fills the turn column and the game's columns of an event row from a record
    // (for a game's start or end, which has no action).
    virtual void event_state(const void* rec, std::int32_t* row) const = 0;

    // Unchecked operations on records (callers have validated their arguments).
    virtual void init(void* rec, std::uint64_t seed) const = 0;
    virtual Actors actors(const void* rec) const = 0;
    virtual void legal_mask(const void* rec, int player, std::uint64_t* words) const = 0;
    virtual bool legal(const void* rec, int player, int action) const = 0;
    virtual void apply_unchecked(void* rec, int player, int action) const = 0;
    // apply() (checked, the same errors), then the facts a state's status view holds:
    // one virtual call where apply and the status would make about ten.
    struct Facts {
        Actors actors;
        bool terminal, truncated;
        std::uint64_t move_number;
    };
    virtual Facts apply_for_facts(void* rec, int player, int action) const = 0;
    virtual bool is_terminal(const void* rec) const = 0;
    virtual bool truncated(const void* rec) const = 0;
    virtual void returns(const void* rec, double* out) const = 0;
    virtual void step_reward(const void* rec, double* out) const = 0;
    virtual int chance_outcomes(const void* rec, ChanceOutcome* out) const = 0;
    virtual void observe(const void* rec, int viewer, float* out) const = 0;
    virtual std::string view_json(const void* rec, int viewer) const = 0;
    virtual std::string render(const void* rec) const = 0;
    virtual std::string action_name(int action) const = 0;
    virtual std::string check(const void* rec) const = 0;
    virtual void determinize(void* rec, int pov, std::uint64_t seed) const = 0;
    // Builds a record from a described position (JSON in the game's own layout), its
    // generator seeded from `seed`. Throws Error: parse for malformed JSON,
    // invalid_argument for a position that breaks the rules or a game without
    // positions. `rec` is written only on success.
    virtual void from_position(void* rec, std::string_view json, std::uint64_t seed) const = 0;

    // Exact chance of one step (see chance_enumeration.hpp): the chance outcomes that
    // `action` of `player` draws here (0 when it draws none), and the step with its
    // outcome forced to one of them (a chance action id), the generator left alone.
    virtual int action_outcomes(const void* rec, int player, int action, ChanceOutcome* out) const = 0;
    virtual void apply_outcome(void* rec, int player, int action, int outcome) const = 0;
    // A game's constant data named `key`, as JSON; throws Error(invalid_argument) for a
    // key the game does not publish.
    virtual std::string data_json(std::string_view key) const = 0;

    // Feature vectors (HasFeatures): feature_size() is 0 for a game without them.
    int feature_size() const { return feature_size_; }
    std::span<const ObsField> feature_fields() const { return feature_fields_; }
    std::uint32_t feature_version() const { return feature_version_; }
    // Unchecked: `viewer` a seat, `variant` kFeaturesSeat or kFeaturesOmniscient.
    virtual void features(const void* rec, int viewer, int variant, float* out) const = 0;
    // Throws Error: invalid_argument for a game without features or an unknown variant,
    // out_of_range for a viewer that is not a seat.
    void check_features(int viewer, int variant) const;
    // The field table, size, version and variants as JSON (meeple_game_features_json).
    std::string features_json() const;

    // A batch's slot loops (batch_slots.hpp) over slots [begin, end), with the rules
    // inlined: one virtual call a range.
    virtual void step_slots(const BatchSlots& s, std::size_t begin, std::size_t end, const std::int32_t* actions,
                            std::uint8_t* dones, bool autoreset, std::uint64_t* masks, float* obs,
                            ChanceOutcome* chance) const = 0;
    virtual void mask_slots(const BatchSlots& s, std::size_t begin, std::size_t end, std::uint64_t* out,
                            ChanceOutcome* chance) const = 0;
    virtual void observe_slots(const BatchSlots& s, std::size_t begin, std::size_t end, float* out) const = 0;
    // The first slot of [begin, end) whose actions[i] a step would reject (end when
    // none), writing out[i] = actions[i] for the slots before it.
    virtual std::size_t check_slots(const BatchSlots& s, std::size_t begin, std::size_t end,
                                    const std::int64_t* actions, std::int32_t* out, ChanceOutcome* chance) const = 0;

    // A search tree over this game (search/mcts_tree.hpp), compiled for the game's type.
    // `config` must outlive the tree.
    // A tree of this game; `policy` (may be null: uniformly random) plays its rollouts,
    // `leaf` (may be null: the game's heuristic_value) scores those that stop early.
    virtual std::unique_ptr<SearchTree> make_search_tree(const SearchConfig& config, std::uint64_t seed,
                                                         std::unique_ptr<RolloutPolicy> policy,
                                                         std::unique_ptr<LeafEvaluator> leaf) const = 0;

    // Checked operations: they throw Error and leave the record untouched on bad input.
    void check_seat(int player, bool chance_allowed) const;
    // Turns kActing into the one active player (kNobody when the game is over);
    // throws when several are active. A seat or kChance passes through unchanged;
    // anything else (kNobody, other negatives) throws out_of_range.
    int resolve_player(const void* rec, int player) const;
    void check_viewer(int viewer) const;
    void apply(void* rec, int player, int action) const;
    std::vector<int> legal_actions(const void* rec, int player) const;
    // The same without allocating: returns how many legal actions there are and writes
    // them to out only when capacity holds them all.
    std::size_t write_legal_actions(const void* rec, int player, std::int32_t* out, std::size_t capacity) const;
    // write_legal_actions after its checks, for a player known to be active (a seat,
    // kChance) or kNobody (no actions): the same rule on capacity, no checks.
    std::size_t write_listing(const void* rec, int player, std::int32_t* out, std::size_t capacity) const;
    bool is_active(const void* rec, int player) const;
    // Throws Error(not_active), listing the active players, when `player` is not active.
    void require_active(const void* rec, int player) const;

    // The position of a record: its game state alone, without the generator and the
    // move number, which the rules never read. Two records with equal position bytes
    // are the same position for search (a transposition table), whatever their
    // generators; the hash reads only those bytes.
    std::uint64_t position_hash(const void* rec) const {
        return position_hash64(static_cast<const unsigned char*>(rec) + position_offset_, position_size_);
    }
    bool same_position(const void* a, const void* b) const {
        return std::memcmp(static_cast<const unsigned char*>(a) + position_offset_,
                           static_cast<const unsigned char*>(b) + position_offset_, position_size_) == 0;
    }

    std::uint64_t move_number(const void* rec) const {
        std::uint64_t m;
        std::memcpy(&m, static_cast<const unsigned char*>(rec) + sizeof(Rng), sizeof m);
        return m;
    }

    std::string describe_json() const;

protected:
    std::string name_, spec_;
    Options options_;
    int num_players_ = 0, num_actions_ = 0, obs_size_ = 0;
    std::span<const ObsField> obs_fields_;
    std::span<const EventField> event_fields_;
    std::size_t record_size_ = 0;
    std::size_t position_offset_ = 0, position_size_ = 0;  // the game state within a record
    std::uint32_t state_version_ = 0;
    bool provable_ = false;
    int feature_size_ = 0;
    std::span<const ObsField> feature_fields_;
    std::uint32_t feature_version_ = 0;
};

template <GameRules G>
class GameModel final : public AnyGame {
    using State = typename G::State;
    using Rec = Record<State>;
    static_assert(std::has_unique_object_representations_v<Rec>,
                  "pad the State to a multiple of 8 bytes with explicit fields");

public:
    explicit GameModel(const Options& options) : game_(options) {
        name_ = std::string(G::kName);
        options_ = options;
        spec_ = options.canonical(name_);
        num_players_ = game_.num_players();
        num_actions_ = game_.num_actions();
        obs_fields_ = game_.obs_fields();
        if constexpr (HasEvents<G>) event_fields_ = game_.event_fields();
        for (const auto& f : obs_fields_) obs_size_ = std::max(obs_size_, f.offset + f.size);
        record_size_ = sizeof(Rec);
        position_offset_ = offsetof(Rec, state);
        position_size_ = sizeof(State);
        state_version_ = G::kStateVersion;
        provable_ = Provable<G>;
        if constexpr (HasFeatures<G>) {
            feature_fields_ = game_.feature_fields();
            for (const auto& f : feature_fields_) feature_size_ = std::max(feature_size_, f.offset + f.size);
            feature_version_ = G::kFeatureVersion;
        }
        // Limits that let every call work in fixed stack buffers.
        if (num_players_ < 1 || num_players_ > kMaxPlayers || num_actions_ < 1 || num_actions_ > kMaxActions ||
            max_chance_outcomes() > kMaxChanceOutcomes) {
            fail(Status::internal, spec_ + " exceeds the engine's limits on players, actions or chance outcomes");
        }
    }

    const G& rules() const { return game_; }
    // The record's size as a constant, so that the slot loops copy it inline.
    static constexpr std::size_t kRecordBytes = sizeof(Rec);
    // Whether the game can ever show a chance outcome as an action (the search compiles
    // its chance branches out of games that cannot).
    static constexpr bool kHasChance = HasChance<G>;
    static constexpr bool kProvable = Provable<G>;

    int max_chance_outcomes() const override {
        if constexpr (HasChance<G>) return game_.max_chance_outcomes();
        else return 0;
    }

    void init(void* rec, std::uint64_t seed) const override {
        Rec& r = *static_cast<Rec*>(rec);
        std::memset(&r, 0, sizeof r);
        r.rng = Rng::from_seed(seed);
        game_.init(r.state, r.rng);
    }
    Actors actors(const void* rec) const override { return game_.actors(st(rec)); }
    void legal_mask(const void* rec, int player, std::uint64_t* words) const override {
        game_.legal_mask(st(rec), player, words);
    }
    bool legal(const void* rec, int player, int action) const override {
        if constexpr (HasIsLegal<G>) {
            return game_.is_legal(st(rec), player, action);
        } else {
            std::uint64_t words[64];
            game_.legal_mask(st(rec), player, words);
            return (words[action >> 6] >> (action & 63)) & 1;
        }
    }
    void apply_unchecked(void* rec, int player, int action) const override {
        Rec& r = *static_cast<Rec*>(rec);
        game_.apply(r.state, player, action, r.rng);
        ++r.move_number;
    }
    Facts apply_for_facts(void* rec, int player, int action) const override {
        Rec& r = *static_cast<Rec*>(rec);
        const Actors a = game_.actors(r.state);
        const int seat = acting_player(a);
        // The loop's case inline: the acting seat, alone, playing a legal action of a game
        // that goes on; anything else takes apply()'s path and meets its errors.
        if (player == kActing && seat >= 0 && !(a & (a - 1)) && action >= 0 && action < num_actions_ &&
            !game_.is_terminal(r.state) && GameModel::legal(rec, seat, action)) {
            game_.apply(r.state, seat, action, r.rng);
            ++r.move_number;
        } else {
            AnyGame::apply(rec, player, action);
        }
        return {game_.actors(r.state), game_.is_terminal(r.state), game_.truncated(r.state), r.move_number};
    }
    bool is_terminal(const void* rec) const override { return game_.is_terminal(st(rec)); }
    bool truncated(const void* rec) const override { return game_.truncated(st(rec)); }
    void returns(const void* rec, double* out) const override { game_.returns(st(rec), out); }
    void step_reward(const void* rec, double* out) const override { game_.step_reward(st(rec), out); }
    int chance_outcomes(const void* rec, ChanceOutcome* out) const override {
        if constexpr (HasChance<G>) return game_.chance_outcomes(st(rec), out);
        else return 0;
    }
    void observe(const void* rec, int viewer, float* out) const override {
        game_.observe(st(rec), viewer, out);
    }
    std::string view_json(const void* rec, int viewer) const override {
        JsonWriter json;
        game_.view(st(rec), viewer, json);
        return json.take();
    }
    std::string render(const void* rec) const override { return game_.render(st(rec)); }
    std::string action_name(int action) const override { return game_.action_name(action); }
    std::string check(const void* rec) const override {
        const Rec& r = *static_cast<const Rec*>(rec);
        if (!r.rng.valid()) return "the generator state is all zeros";
        return game_.check(r.state);
    }
    void from_position(void* rec, std::string_view json, std::uint64_t seed) const override {
        if constexpr (HasPosition<G>) {
            const JsonValue position = parse_json(json);
            Rec r;
            std::memset(&r, 0, sizeof r);
            r.rng = Rng::from_seed(seed);
            game_.from_position(position, r.state, r.rng);
            if (std::string broken = check(&r); !broken.empty()) {
                fail(Status::invalid_argument, "the position breaks a rule of " + spec_ + ": " + broken);
            }
            std::memcpy(rec, &r, sizeof r);
        } else {
            (void)rec, (void)json, (void)seed;
            fail(Status::invalid_argument, "game " + name_ + " does not support positions");
        }
    }
    void step_slots(const BatchSlots& s, std::size_t begin, std::size_t end, const std::int32_t* actions,
                    std::uint8_t* dones, bool autoreset, std::uint64_t* masks, float* obs,
                    ChanceOutcome* chance) const override {
        step_slot_range(*this, s, begin, end, actions, dones, autoreset, masks, obs, chance);
    }
    void mask_slots(const BatchSlots& s, std::size_t begin, std::size_t end, std::uint64_t* out,
                    ChanceOutcome* chance) const override {
        mask_slot_range(*this, s, begin, end, out, chance);
    }
    void observe_slots(const BatchSlots& s, std::size_t begin, std::size_t end, float* out) const override {
        observe_slot_range(*this, s, begin, end, out);
    }
    std::size_t check_slots(const BatchSlots& s, std::size_t begin, std::size_t end, const std::int64_t* actions,
                            std::int32_t* out, ChanceOutcome* chance) const override {
        return check_slot_range(*this, s, begin, end, actions, out, chance);
    }
    std::unique_ptr<SearchTree> make_search_tree(const SearchConfig& config, std::uint64_t seed,
                                                 std::unique_ptr<RolloutPolicy> policy,
                                                 std::unique_ptr<LeafEvaluator> leaf) const override;
    // The slot loops' steps, for the acting player. step_acting plays `action` when it
    // is legal and reports kStepRejected (nothing changed), kStepMoved or kStepEnded
    // (moved, and the game is over); `chance` is scratch space for max_chance_outcomes
    // entries, as in mask_acting, which writes mask_words words (all zeros when nobody
    // acts). observe_acting writes obs_size floats from the acting seat, or the public
    // view when no seat acts.
    int step_acting(void* rec, int action, ChanceOutcome* chance) const {
        const int player = legal_actor(rec, action, chance);
        if (player == kNobody) return kStepRejected;
        Rec& r = *static_cast<Rec*>(rec);
        game_.apply(r.state, player, action, r.rng);
        ++r.move_number;
        return game_.is_terminal(r.state) ? kStepEnded : kStepMoved;
    }
    // Who step_acting would play `action` for: the acting seat when it is legal for it,
    // kChance when chance acts and it is one of the outcomes, else kNobody (rejected).
    int legal_actor(const void* rec, int action, ChanceOutcome* chance) const {
        const int player = acting_player(game_.actors(st(rec)));
        if (player == kNobody || action < 0 || action >= num_actions_) return kNobody;
        const bool legal = player == kChance ? is_chance_outcome(rec, action, chance)
                                             : GameModel::legal(rec, player, action);
        return legal ? player : kNobody;
    }
    void mask_acting(const void* rec, std::uint64_t* words, ChanceOutcome* chance) const {
        const int player = acting_player(game_.actors(st(rec)));
        if (player >= 0) {
            game_.legal_mask(st(rec), player, words);  // fills every word
            return;
        }
        for (int w = 0, n = mask_words(); w < n; ++w) words[w] = 0;  // a word or two: no memset call
        if (player == kChance) {
            const int k = GameModel::chance_outcomes(rec, chance);
            for (int j = 0; j < k; ++j) words[chance[j].action >> 6] |= 1ull << (chance[j].action & 63);
        }
    }
    // The player the slot loops act for (acting_player).
    int acting(const void* rec) const { return acting_player(game_.actors(st(rec))); }
    // Event rows (HasEvents; a game without them has no columns of its own and its
    // move number for a turn).
    std::int32_t event_type(int action) const {
        if constexpr (HasEvents<G>) return game_.event_type(action);
        else return (void)action, kEventAction;
    }
    std::int32_t event_turn(const void* rec) const {
        if constexpr (HasEvents<G>) return game_.event_turn(st(rec));
        else return clamp32(move_number(rec));
    }
    void event_before(const void* rec, std::int32_t* out) const {
        if constexpr (HasEvents<G>) game_.event_before(st(rec), out);
        else (void)rec, (void)out;
    }
    void event_after(const void* rec, std::int32_t* out) const {
        if constexpr (HasEvents<G>) game_.event_after(st(rec), out);
        else (void)rec, (void)out;
    }
    void event_state(const void* rec, std::int32_t* row) const override {
        row[kEvTurn] = event_turn(rec);
        event_before(rec, row + kEventHeaderInts);
        event_after(rec, row + kEventHeaderInts);
    }
    // The game's heuristic value of a position (HasHeuristic), else its returns.
    void heuristic_value(const void* rec, double* out) const {
        if constexpr (HasHeuristic<G>) game_.heuristic_value(st(rec), out);
        else game_.returns(st(rec), out);
    }
    void observe_acting(const void* rec, float* out) const {
        const int player = acting_player(game_.actors(st(rec)));
        game_.observe(st(rec), player >= 0 ? player : kViewPublic, out);
    }
    int action_outcomes(const void* rec, int player, int action, ChanceOutcome* out) const override {
        if constexpr (HasActionOutcomes<G>) return game_.action_outcomes(st(rec), player, action, out);
        else return (void)rec, (void)player, (void)action, (void)out, 0;
    }
    void apply_outcome(void* rec, int player, int action, int outcome) const override {
        if constexpr (HasActionOutcomes<G>) {
            Rec& r = *static_cast<Rec*>(rec);
            Rng untouched = r.rng;
            game_.apply_step(r.state, player, action, untouched, outcome);
            ++r.move_number;
        } else {
            (void)outcome;
            apply_unchecked(rec, player, action);
        }
    }
    std::string data_json(std::string_view key) const override {
        if constexpr (HasGameData<G>) {
            JsonWriter json;
            if (game_.data(key, json)) return json.take();
            fail(Status::invalid_argument, "game " + name_ + " has no data named '" + echo(key) +
                                               "'; it has: " + std::string(G::kDataKeys));
        } else {
            fail(Status::invalid_argument, "game " + name_ + " publishes no data (asked for '" + echo(key) + "')");
        }
    }
    void features(const void* rec, int viewer, int variant, float* out) const override {
        if constexpr (HasFeatures<G>) game_.features(st(rec), viewer, variant, out);
        else (void)rec, (void)viewer, (void)variant, (void)out;
    }
    void determinize(void* rec, int pov, std::uint64_t seed) const override {
        Rec& r = *static_cast<Rec*>(rec);
        Rng redraw = Rng::from_seed(seed);
        if constexpr (HasDeterminize<G>) game_.determinize(r.state, pov, redraw);
        // The copy's future chance must be unknown to the pov as well.
        r.rng = Rng::from_seed(redraw.next());
    }

private:
    static const State& st(const void* rec) { return static_cast<const Rec*>(rec)->state; }
    bool is_chance_outcome(const void* rec, int action, ChanceOutcome* chance) const {
        const int k = GameModel::chance_outcomes(rec, chance);
        for (int j = 0; j < k; ++j) {
            if (chance[j].action == action) return true;
        }
        return false;
    }
    G game_;
};

}  // namespace meeple

// The search tree template defines GameModel::make_search_tree.
#include "search/mcts_tree.hpp"
