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
    std::int32_t reserved;
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

// Records the end of slot i's finished game (once) and, with autoreset, starts its
// next one (seed: derive_seed(slot seed, games started)). s.last_step[i] says whether
// the step that found the game over moved.
template <class Model>
void finish_slot(const Model& game, const BatchSlots& s, std::size_t i, bool autoreset) {
    void* rec = s.record(i);
    SlotEnd& slot_end = s.end(i);
    if (!slot_end.end_recorded) record_episode_end(game, s, i);
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
    game.init(rec, derive_seed(slot_end.seed, ++slot_end.games_started));
    slot_end.end_recorded = 0;
    s.last_step[i] = kRestarted;
}

// Steps slots [begin, end): actions[i] for the acting player of slot i (kNoAction:
// leave it; an illegal action leaves the slot as it was and counts). dones[i] is 1
// when slot i's game is over after the step; then finish_slot records it and, with
// autoreset, restarts it. Unless null, masks and obs then get the slot's packed mask
// and observation (rows of the whole batch, as mask_slot_range and observe_slot_range
// write them), read while the record is still in cache. `chance` is scratch space for
// the model's max_chance_outcomes entries.
template <class Model>
void step_slot_range(const Model& game, const BatchSlots& s, std::size_t begin, std::size_t end,
                     const std::int32_t* actions, std::uint8_t* dones, bool autoreset, std::uint64_t* masks,
                     float* obs, ChanceOutcome* chance) {
    const std::size_t words = static_cast<std::size_t>(game.mask_words());
    const std::size_t obs_size = static_cast<std::size_t>(game.obs_size());
    for (std::size_t i = begin; i < end; ++i) {
        void* rec = s.record(i);
        const std::int32_t action = actions[i];
        LastStep last = kKept;
        bool over;
        if (action == kNoAction) {
            over = game.is_terminal(rec);
        } else {
            const int result = game.step_acting(rec, action, chance);
            if (result == kStepRejected) {
                ++s.illegal[i];
                over = game.is_terminal(rec);
            } else {
                last = kMoved;
                over = result == kStepEnded;
            }
        }
        s.last_step[i] = last;
        dones[i] = over ? 1 : 0;
        if (over) [[unlikely]] finish_slot(game, s, i, autoreset);
        if (masks) game.mask_acting(rec, masks + i * words, chance);
        if (obs) game.observe_acting(rec, obs + i * obs_size);
    }
}

// Packed legal masks of the acting player of slots [begin, end), row by row from
// out[0] (all zeros where nobody acts; the chance outcomes where chance acts).
template <class Model>
void mask_slot_range(const Model& game, const BatchSlots& s, std::size_t begin, std::size_t end, std::uint64_t* out,
                     ChanceOutcome* chance) {
    const std::size_t words = static_cast<std::size_t>(game.mask_words());
    for (std::size_t i = begin; i < end; ++i, out += words) game.mask_acting(s.record(i), out, chance);
}

// Observations from the acting seat of slots [begin, end) (the public view where no
// seat acts), row by row from out[0].
template <class Model>
void observe_slot_range(const Model& game, const BatchSlots& s, std::size_t begin, std::size_t end, float* out) {
    const std::size_t size = static_cast<std::size_t>(game.obs_size());
    for (std::size_t i = begin; i < end; ++i, out += size) game.observe_acting(s.record(i), out);
}

}  // namespace meeple
