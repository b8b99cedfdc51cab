// The slot loops of a batch: stepping a range of slots, and reading their masks and
// observations. They are templates over the game model so that each model runs them
// with its own final type (AnyGame::step_slots and friends): the rules then inline
// into the loop, one virtual call a range instead of several a slot, which on a fast
// game is most of what the batch would otherwise add to the bare step.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <new>

#include "core/event_log.hpp"
#include "core/game.hpp"
#include "core/seed_derivation.hpp"

namespace meeple {

inline constexpr int kNoAction = -1;  // MEEPLE_NO_ACTION

// What a model's step_acting did.
enum StepResult : int { kStepRejected, kStepMoved, kStepEnded };

// What the last batch step did to a slot, for the reward read that follows it.
enum LastStep : std::uint8_t { kKept, kMoved, kRestarted };

// Columns of an episode row (MEEPLE_BATCH_EPISODE_*): the last finished game of a slot.
enum EpisodeColumn : int { kEpisodeCount, kEpisodeWinner, kEpisodeTruncated, kEpisodeLength, kEpisodeInts };

// What a batch keeps of a slot for the ends of its games, in one row a slot so that a
// game end touches a cache line or two rather than one a field. The row goes on with
// `players` doubles of the returns summed over the games finished since the last
// statistics read, `players` floats of the last finished game's returns, `players`
// floats of the last reward of a restarted game, and then the record of the game an
// autoreset replaced (for its final observation): everything a game end writes sits
// in one place.
struct SlotEnd {
    std::uint64_t seed;           // seed of the slot's current seed line (first game, or a reset's seed)
    std::uint64_t games_started;  // games after the first of that line, for restart seeds
    std::int32_t episode[kEpisodeInts];
    std::int32_t end_recorded;  // the current game's end is in `episode`
    std::int32_t from_state;    // the current game was put in the slot (set_state, load), not started from a seed
    // Running statistics since the last read (Batch::take_episode_stats).
    std::uint64_t stat_games;
    std::uint64_t stat_truncated;
    std::uint64_t stat_length;

    double* return_sums() { return reinterpret_cast<double*>(this + 1); }
    const double* return_sums() const { return reinterpret_cast<const double*>(this + 1); }
    float* returns(int players) { return reinterpret_cast<float*>(return_sums() + players); }
    const float* returns(int players) const { return reinterpret_cast<const float*>(return_sums() + players); }
    float* final_reward(int players) { return returns(players) + players; }
    const float* final_reward(int players) const { return returns(players) + players; }

    // Where the replaced game's record starts in a row, 8-byte aligned.
    static std::size_t final_record_offset(int players) {
        const auto p = static_cast<std::size_t>(players);
        return (sizeof(SlotEnd) + sizeof(double) * p + 2 * sizeof(float) * p + 7) / 8 * 8;
    }
    // Bytes of a row, a multiple of 8 so that every row's header stays aligned.
    static std::size_t row_bytes(int players, std::size_t record_bytes) {
        return final_record_offset(players) + (record_bytes + 7) / 8 * 8;
    }
};
static_assert(sizeof(SlotEnd) % 8 == 0, "the doubles after the header must stay aligned");

// A batch's per-slot data, as its slot loops see it.
struct BatchSlots {
    std::uint64_t* records = nullptr;
    std::size_t stride_words = 0;  // a record rounded up to whole uint64 words
    int players = 0;
    std::uint8_t* last_step = nullptr;  // LastStep, [n]
    std::int64_t* illegal = nullptr;    // [n]
    std::byte* ends = nullptr;          // [n] rows of SlotEnd::row_bytes(players, record size)
    std::size_t end_bytes = 0;
    std::size_t final_offset = 0;  // SlotEnd::final_record_offset(players)
    EventStage* events = nullptr;  // null unless the batch records events

    void* record(std::size_t i) const { return records + i * stride_words; }
    // The record of the game an autoreset replaced in slot i, inside its end row.
    void* final_record(std::size_t i) const { return ends + i * end_bytes + final_offset; }
    // The rows live in a std::byte array, which creates them implicitly (C++20).
    SlotEnd& end(std::size_t i) const { return *std::launder(reinterpret_cast<SlotEnd*>(ends + i * end_bytes)); }
};

// The seat with the strictly highest return, or -1 when the best is shared. Written
// with selects rather than branches: who wins a random game is a coin toss to the
// branch predictor, and batches record a game end every few steps.
inline int unique_best_seat(const double* returns, int players) {
    int best = 0;
    bool tied = false;
    for (int p = 1; p < players; ++p) {
        const bool above = returns[p] > returns[best], level = returns[p] == returns[best];
        tied = !above && (tied || level);
        best = above ? p : best;
    }
    return tied ? -1 : best;
}

inline std::int32_t clamp32(std::uint64_t v) { return static_cast<std::int32_t>(std::min<std::uint64_t>(v, INT32_MAX)); }

// Writes slot i's episode row from its finished game.
template <class Model>
void record_episode_end(const Model& game, const BatchSlots& s, std::size_t i) {
    const void* rec = s.record(i);
    const bool truncated = game.truncated(rec);
    double returns[kMaxPlayers];
    std::fill_n(returns, s.players, 0.0);  // only the seats: zeroing all kMaxPlayers costs more than the rest
    game.returns(rec, returns);
    SlotEnd& end = s.end(i);
    end.episode[kEpisodeCount] += 1;
    end.episode[kEpisodeWinner] = truncated ? -1 : unique_best_seat(returns, s.players);
    end.episode[kEpisodeTruncated] = truncated ? 1 : 0;
    const std::uint64_t length = game.move_number(rec);
    end.episode[kEpisodeLength] = clamp32(length);
    float* ret = end.returns(s.players);
    double* sums = end.return_sums();
    for (int p = 0; p < s.players; ++p) {
        ret[p] = static_cast<float>(returns[p]);
        sums[p] += returns[p];
    }
    end.stat_games += 1;
    end.stat_truncated += truncated ? 1 : 0;
    end.stat_length += length;
    end.end_recorded = 1;
}

// Stages an event row of slot i for a game's start or end (no action): the header
// and the game's columns from the record as it is.
template <class Model>
std::int32_t* stage_event(const Model& game, const EventStage& ev, std::size_t i, const void* rec,
                          std::int32_t type) {
    std::int32_t* row = ev.next_row(i);
    row[kEvType] = type;
    row[kEvSlot] = static_cast<std::int32_t>(i);
    row[kEvGame] = static_cast<std::int32_t>(ev.games[i]);
    row[kEvTick] = ev.tick;
    row[kEvStep] = clamp32(game.move_number(rec));
    row[kEvActor] = kNobody;
    row[kEvAction] = kNoAction;
    row[kEvArg0] = row[kEvArg1] = row[kEvArg2] = row[kEvArg3] = 0;
    row[kEvTurn] = game.event_turn(rec);
    game.event_before(rec, row + kEventHeaderInts);
    game.event_after(rec, row + kEventHeaderInts);
    ++ev.counts[i];
    return row;
}

inline void set_seed_columns(std::int32_t* row, std::uint64_t seed) {
    row[kEvArg0] = static_cast<std::int32_t>(static_cast<std::uint32_t>(seed));
    row[kEvArg1] = static_cast<std::int32_t>(static_cast<std::uint32_t>(seed >> 32));
}

// Records the end of slot i's finished game (once) and, with autoreset, starts its
// next one (seed: derive_seed(slot seed, games started)). s.last_step[i] says whether
// the step that found the game over moved. kLog: also stages the end and start rows.
template <bool kLog, class Model>
void finish_slot(const Model& game, const BatchSlots& s, std::size_t i, bool autoreset) {
    void* rec = s.record(i);
    SlotEnd& slot_end = s.end(i);
    if (!slot_end.end_recorded) {
        record_episode_end(game, s, i);
        if constexpr (kLog) {
            if (s.events->mask & kRecordGameEnds) {
                std::int32_t* row = stage_event(game, *s.events, i, rec, kEventGameEnd);
                row[kEvArg0] = slot_end.episode[kEpisodeWinner];
                row[kEvArg1] = slot_end.episode[kEpisodeTruncated];
            }
        }
    }
    if (!autoreset) return;
    // The reward row of this step belongs to the game that just ended.
    double reward[kMaxPlayers];
    std::fill_n(reward, s.players, 0.0);
    if (s.last_step[i] == kMoved) game.step_reward(rec, reward);
    float* final_reward = slot_end.final_reward(s.players);
    for (int p = 0; p < s.players; ++p) final_reward[p] = static_cast<float>(reward[p]);
    // Kept for the final observation and state of the game that ended (Gymnasium's
    // final_observation): a copy only when a game ends.
    std::memcpy(s.final_record(i), rec, Model::kRecordBytes);
    const std::uint64_t seed = derive_seed(slot_end.seed, ++slot_end.games_started);
    game.init(rec, seed);
    slot_end.end_recorded = 0;
    slot_end.from_state = 0;
    s.last_step[i] = kRestarted;
    if constexpr (kLog) {
        ++s.events->games[i];
        if (s.events->mask & kRecordGameStarts) {
            std::int32_t* row = stage_event(game, *s.events, i, rec, kEventGameStart);
            set_seed_columns(row, seed);
            row[kEvArg2] = kStartFromSeed;
        }
    }
}

// Asks the cache for slot i + kPrefetchAhead's record (every line of it) while slot i
// is worked on: a batch's records are more than the first-level cache holds, and a
// record's fields that a step reads lie on several lines, which a constant-stride
// hardware prefetcher does not all bring in.
inline constexpr std::size_t kPrefetchAhead = 2;
template <class Model>
void prefetch_record(const BatchSlots& s, std::size_t i, std::size_t end) {
    if (i + kPrefetchAhead >= end) return;
    const char* rec = static_cast<const char*>(s.record(i + kPrefetchAhead));
    for (std::size_t offset = 0; offset < Model::kRecordBytes; offset += 64) __builtin_prefetch(rec + offset);
}

// The slot loop of step_slot_range; kLog stages the event rows of each slot.
template <bool kLog, class Model>
void step_slots_with(const Model& game, const BatchSlots& s, std::size_t begin, std::size_t end,
                     const std::int32_t* actions, std::uint8_t* dones, bool autoreset, std::uint64_t* masks,
                     float* obs, ChanceOutcome* chance) {
    const std::size_t words = static_cast<std::size_t>(game.mask_words());
    const std::size_t obs_size = static_cast<std::size_t>(game.obs_size());
    for (std::size_t i = begin; i < end; ++i) {
        prefetch_record<Model>(s, i, end);
        void* rec = s.record(i);
        const std::int32_t action = actions[i];
        LastStep last = kKept;
        bool over;
        if (action == kNoAction) {
            if constexpr (kLog) s.events->counts[i] = 0;
            over = game.is_terminal(rec);
        } else {
            // The action's row is begun before the step (who acts, the position before
            // it) and kept only when the step moved.
            std::int32_t* row = nullptr;
            if constexpr (kLog) {
                const EventStage& ev = *s.events;
                ev.counts[i] = 0;
                const std::int32_t type = game.event_type(action);
                if (event_wanted(ev.mask, type)) {
                    row = ev.next_row(i);
                    row[kEvType] = type;
                    row[kEvSlot] = static_cast<std::int32_t>(i);
                    row[kEvGame] = static_cast<std::int32_t>(ev.games[i]);
                    row[kEvTick] = ev.tick;
                    row[kEvStep] = clamp32(game.move_number(rec));
                    row[kEvActor] = game.acting(rec);
                    row[kEvAction] = action;
                    row[kEvArg0] = row[kEvArg1] = row[kEvArg2] = row[kEvArg3] = 0;
                    game.event_before(rec, row + kEventHeaderInts);
                }
            }
            const int result = game.step_acting(rec, action, chance);
            if (result == kStepRejected) {
                ++s.illegal[i];
                over = game.is_terminal(rec);
            } else {
                last = kMoved;
                over = result == kStepEnded;
                if constexpr (kLog) {
                    if (row) {
                        row[kEvTurn] = game.event_turn(rec);
                        game.event_after(rec, row + kEventHeaderInts);
                        ++s.events->counts[i];
                    }
                }
            }
        }
        s.last_step[i] = last;
        dones[i] = over ? 1 : 0;
        if (over) [[unlikely]] finish_slot<kLog>(game, s, i, autoreset);
        if (masks) game.mask_acting(rec, masks + i * words, chance);
        if (obs) game.observe_acting(rec, obs + i * obs_size);
    }
}

// Steps slots [begin, end): actions[i] for the acting player of slot i (kNoAction:
// leave it; an illegal action leaves the slot as it was and counts). dones[i] is 1
// when slot i's game is over after the step; then finish_slot records it and, with
// autoreset, restarts it. Unless null, masks and obs then get the slot's packed mask
// and observation (rows of the whole batch, as mask_slot_range and observe_slot_range
// write them), read while the record is still in cache. `chance` is scratch space for
// the model's max_chance_outcomes entries. With event recording on, the same loop
// compiled a second time stages each slot's rows: the choice is one branch a range.
template <class Model>
void step_slot_range(const Model& game, const BatchSlots& s, std::size_t begin, std::size_t end,
                     const std::int32_t* actions, std::uint8_t* dones, bool autoreset, std::uint64_t* masks,
                     float* obs, ChanceOutcome* chance) {
    if (s.events) [[unlikely]] {
        step_slots_with<true>(game, s, begin, end, actions, dones, autoreset, masks, obs, chance);
    } else {
        step_slots_with<false>(game, s, begin, end, actions, dones, autoreset, masks, obs, chance);
    }
}

// Packed legal masks of the acting player of slots [begin, end), row by row from
// out[0] (all zeros where nobody acts; the chance outcomes where chance acts).
template <class Model>
void mask_slot_range(const Model& game, const BatchSlots& s, std::size_t begin, std::size_t end, std::uint64_t* out,
                     ChanceOutcome* chance) {
    const std::size_t words = static_cast<std::size_t>(game.mask_words());
    for (std::size_t i = begin; i < end; ++i, out += words) {
        prefetch_record<Model>(s, i, end);
        game.mask_acting(s.record(i), out, chance);
    }
}

// A step's actions checked as the step would check them, before it is played: the
// first slot of [begin, end) whose actions[i] it would reject (end when none), with
// out[i] = actions[i] as int32 for the slots before it. int64 in, because that is what
// callers hold (NumPy's default integers); out of int32's range is out of every game's.
template <class Model>
std::size_t check_slot_range(const Model& game, const BatchSlots& s, std::size_t begin, std::size_t end,
                             const std::int64_t* actions, std::int32_t* out, ChanceOutcome* chance) {
    const std::int64_t num_actions = game.num_actions();
    for (std::size_t i = begin; i < end; ++i) {
        const std::int64_t a = actions[i];
        if (a < 0 || a >= num_actions) return i;
        if (game.legal_actor(s.record(i), static_cast<int>(a), chance) == kNobody) return i;
        out[i] = static_cast<std::int32_t>(a);
    }
    return end;
}

// Observations from the acting seat of slots [begin, end) (the public view where no
// seat acts), row by row from out[0].
template <class Model>
void observe_slot_range(const Model& game, const BatchSlots& s, std::size_t begin, std::size_t end, float* out) {
    const std::size_t size = static_cast<std::size_t>(game.obs_size());
    for (std::size_t i = begin; i < end; ++i, out += size) game.observe_acting(s.record(i), out);
}

}  // namespace meeple
