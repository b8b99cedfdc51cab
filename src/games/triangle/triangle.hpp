// The triangle puzzle (docs/triangle.md, rules in specs/triangle.md): one player puts
// shapes from three preview slots onto a grid of triangles; full lines clear; three
// new shapes come when all slots are empty; the game ends when nothing fits.
//
// The state is a 128-bit bitboard plus the slots and integer counters, 72 bytes, so a
// copy is a memcpy. The game holds the tables: board topology, line masks and each
// template's placement geometry, computed once in the constructor.
#pragma once

#include <array>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "core/game.hpp"
#include "games/triangle/board.hpp"
#include "games/triangle/cells.hpp"
#include "games/triangle/shapes.hpp"

namespace meeple::triangle {

inline constexpr int kMaxSlots = 4;
// Values of State::slot_template besides a template index.
inline constexpr std::uint8_t kEmptySlot = 255, kCustomShape = 254;

class Triangle {
public:
    static constexpr std::string_view kName = "triangle";
    static constexpr std::uint32_t kStateVersion = 1;

    struct State {
        std::uint64_t occupied[2];                // Cells: bit r * cols + c
        std::uint32_t slot_cells[kMaxSlots];      // ShapeCode::cells, 0 when the slot is empty
        std::uint32_t placed;                     // triangles placed so far
        std::uint32_t cleared;                    // triangles cleared so far
        std::uint32_t steps;                      // placements so far
        std::uint32_t alive_steps;                // placements after which the game went on
        std::uint16_t last_placed;                // triangles placed by the last step
        std::uint16_t last_cleared;               // triangles cleared by the last step
        std::uint8_t slot_template[kMaxSlots];    // template index, kCustomShape or kEmptySlot
        std::uint8_t slot_color[kMaxSlots];       // colour id, 0 for an empty slot
        std::uint8_t slot_anchor_up[kMaxSlots];   // ShapeCode::anchor_up
        std::uint8_t last_alive;                  // the last step left the game going
        std::uint8_t over;                        // no slot's shape fits anywhere
        std::uint8_t reserved[6];                 // zero; keeps the state free of padding
    };

    static std::span<const OptionSpec> option_specs();
    explicit Triangle(const Options& options);

    int num_players() const { return 1; }
    int num_actions() const { return slots_ * board_.cells(); }
    std::span<const ObsField> obs_fields() const { return obs_fields_; }

    void init(State& s, Rng& rng) const;
    Actors actors(const State& s) const { return s.over ? 0 : 1; }
    void legal_mask(const State& s, int player, std::uint64_t* words) const;
    bool is_legal(const State& s, int player, int action) const;
    void apply(State& s, int player, int action, Rng& rng) const;
    bool is_terminal(const State& s) const { return s.over != 0; }
    bool truncated(const State&) const { return false; }
    // The score so far: the sum of every step reward (see step_reward).
    void returns(const State& s, double* out) const { out[0] = score(s); }
    // placed * reward_placed + cleared * reward_cleared, plus reward_alive when the
    // game goes on after the step.
    void step_reward(const State& s, double* out) const;
    void observe(const State& s, int viewer, float* out) const;
    // Event rows (docs/recording.md): triangles placed and cleared, in total and by
    // the last step, after the event.
    std::span<const EventField> event_fields() const;
    std::int32_t event_type(int) const { return kEventAction; }
    std::int32_t event_turn(const State& s) const { return static_cast<std::int32_t>(s.steps); }
    void event_before(const State&, std::int32_t*) const {}
    void event_after(const State& s, std::int32_t* out) const {
        out[0] = static_cast<std::int32_t>(s.placed);
        out[1] = static_cast<std::int32_t>(s.cleared);
        out[2] = s.last_placed;
        out[3] = s.last_cleared;
    }
    void view(const State& s, int viewer, JsonWriter& json) const;
    std::string render(const State& s) const;
    std::string action_name(int action) const;
    std::string check(const State& s) const;
    void from_position(const JsonValue& position, State& s, Rng& rng) const;

    // Facts and helpers for tests, benchmarks and the other files of this game.
    const Board& board() const { return board_; }
    int slots() const { return slots_; }
    int colors() const { return colors_; }
    double score(const State& s) const;
    static Cells occupied(const State& s) { return {s.occupied[0], s.occupied[1]}; }
    static ShapeCode shape_in(const State& s, int slot) {
        return {s.slot_cells[slot], s.slot_anchor_up[slot] != 0};
    }
    // The anchors where the shape of `slot` fits now (empty for an empty slot).
    Cells fitting_anchors(const State& s, int slot) const;
    bool any_fits(const State& s) const;

private:
    // The placement table of a slot's shape; custom shapes are computed into `scratch`.
    const Placement& placement_of(const State& s, int slot, Placement& scratch) const;
    void refill(State& s, Rng& rng) const;
    void build_obs_fields();

    Board board_;
    int slots_, colors_;
    double reward_placed_, reward_cleared_, reward_alive_;
    std::array<Placement, kNumTemplates> template_placements_;
    std::vector<ObsField> obs_fields_;
};

}  // namespace meeple::triangle
