// A batch: n independent states of one game in one contiguous array of records,
// stepped and read by whole-batch calls that split the slots over a thread pool.
// Every slot's work depends only on that slot, so results are the same bytes at any
// thread count, and equal to stepping each game alone. Steps and reads allocate
// nothing; the rules are in docs/batch.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <vector>

#include "core/any_game.hpp"
#include "core/event_log.hpp"
#include "core/thread_pool.hpp"

namespace meeple {

// Columns of a status row (MEEPLE_BATCH_STATUS_*).
enum StatusColumn : int { kStatusDone, kStatusWinner, kStatusTurn, kStatusCurrentPlayer, kStatusTruncated, kStatusInts };

// The seat with the strictly highest return in a game that ended without truncation;
// -1 for a draw (tied best), a truncated game or one still going on.
int winner_of(const AnyGame& game, const void* rec);

class Batch {
public:
    // Slot i starts from derive_seed(seed, i).
    Batch(std::shared_ptr<const AnyGame> game, std::size_t n, std::uint64_t seed, int threads);
    // Slot i starts from seeds[i].
    Batch(std::shared_ptr<const AnyGame> game, std::span<const std::uint64_t> seeds, int threads);

    const AnyGame& game() const { return *game_; }
    const std::shared_ptr<const AnyGame>& game_ptr() const { return game_; }
    std::size_t size() const { return n_; }
    int threads() const { return pool_.threads(); }
    std::size_t snapshot_bytes() const;  // per slot

    void* record(std::size_t i) { return records_.get() + i * stride_words_; }
    const void* record(std::size_t i) const { return records_.get() + i * stride_words_; }

    // Plays actions[i] for the acting player of slot i (kNoAction: leave it); an illegal
    // action leaves the slot as it was and adds one to its illegal count. dones[i] is
    // 1 when slot i's game is over after the step. step_autoreset then restarts every
    // finished slot, recording how its game ended.
    void step(const std::int32_t* actions, std::uint8_t* dones);
    void step_autoreset(const std::int32_t* actions, std::uint8_t* dones);
    // A step (with autoreset or not), then, in the same pass over the slots, the packed
    // masks and observations the step leaves (as write_masks and write_observations
    // would write them; either may be null to skip it): one pass and one wake-up of the
    // threads instead of three.
    void step_and_read(const std::int32_t* actions, std::uint8_t* dones, bool autoreset, std::uint64_t* masks,
                       float* obs);

    // Checks a step's actions as step() would, changing nothing: returns the first slot
    // whose actions[i] the step would reject (n when none) and writes out[i] =
    // actions[i] for every slot before it.
    std::size_t check_actions(const std::int64_t* actions, std::int32_t* out) const;

    // Reads; each fills n rows of the caller's array.
    void write_masks(std::uint64_t* out) const;          // [n, mask_words]
    void write_dense_masks(std::uint8_t* out) const;     // [n, num_actions], 0 or 1
    void write_actors(std::int32_t* out) const;          // [n], Actors bits
    void write_status(std::int32_t* out) const;          // [n, kStatusInts]
    void write_observations(float* out) const;           // [n, obs_size], acting seat
    // viewers[i] is a seat, kViewPublic or kViewAll; all are checked before any write.
    void write_observations(const std::int32_t* viewers, float* out) const;
    // The same for the slots with which[i] != 0 only, into their rows of out; the other
    // rows are left as they are (the few games of many that ended cost a few rows).
    void write_observations_where(const std::uint8_t* which, const std::int32_t* viewers, float* out) const;
    // Feature vectors of viewers[i] (seats) in `variant`, [n, feature_size]; the game,
    // the variant and every viewer are checked before any write.
    void write_features(const std::int32_t* viewers, int variant, float* out) const;
    void write_rewards(float* out) const;                // [n, num_players]
    void write_episodes(std::int32_t* ints, float* returns) const;  // [n, kEpisodeInts], [n, num_players]
    // Observations of the games the last step's autoreset replaced: viewers[i] (or the
    // public view when viewers is null) of slot i's finished game, for slots the last
    // step restarted; zeros for the others. [n, obs_size]
    void write_final_observations(const std::int32_t* viewers, float* out) const;
    // The same for the restarted slots only, one row each in slot order, when `rows`
    // holds them all (else nothing is written). Returns how many slots restarted.
    std::size_t write_restarted_observations(const std::int32_t* viewers, float* out, std::size_t rows) const;
    // The same into the restarted slots' own rows of out ([n, obs_size]); the other rows
    // are left as they are.
    void write_restarted_observations_in_place(const std::int32_t* viewers, float* out) const;
    // Whether the last step restarted slot i, and the finished game it replaced.
    bool restarted(std::size_t i) const { return last_step_[i] == kRestarted; }
    const void* final_record(std::size_t i) const { return slots_.final_record(i); }
    void write_illegal_counts(std::int64_t* out) const;  // [n]

    // Whole-batch snapshots: n rows of snapshot_bytes(), each a state snapshot.
    void snapshot(std::uint8_t* out) const;
    // Checks every row before changing anything; throws Error on bad bytes.
    void load(const std::uint8_t* data, std::size_t len);
    // Restarts every slot as a new batch would, clearing counts and episode records.
    void reseed(std::uint64_t seed);
    void reseed(std::span<const std::uint64_t> seeds);
    // Replaces slot i's state with a copy of `rec` (a record of this game).
    void set_record(std::size_t i, const void* rec);
    // Starts a new game in every slot with which[i] != 0: from seeds[i] when seeds is
    // given (it becomes the slot's seed for later restarts), else from the slot's next
    // restart seed, as autoreset would. The abandoned game is not recorded.
    void reset_slots(const std::uint8_t* which, const std::uint64_t* seeds);

    // Running statistics of the games finished since the last call (or the start or a
    // reseed), summed over the slots in slot order; the call clears them.
    struct EpisodeStats {
        std::uint64_t games = 0, truncated = 0, length = 0;
        std::vector<double> return_sums;  // per seat
    };
    EpisodeStats take_episode_stats();

    // Event recording (core/event_log.hpp, docs/recording.md). A mask other than 0
    // starts it afresh with a queue of capacity_rows rows, and stages a start row for
    // every slot's current game (when the mask records starts); mask 0 stops it and
    // drops the queue. Throws Error(invalid_argument) for unknown mask bits or a zero
    // capacity, Error(out_of_memory) when the queue does not fit.
    void record_events(std::uint32_t mask, std::size_t capacity_rows);
    // Moves up to max_rows of the oldest queued rows to out (rows of event_width ints)
    // and returns how many; the others stay queued. 0 when not recording.
    std::size_t drain_events(std::int32_t* out, std::size_t max_rows);
    struct EventCounts {
        std::uint32_t mask = 0;
        std::size_t width = 0, capacity = 0, queued = 0;
        std::uint64_t overflow = 0, recorded = 0;
    };
    EventCounts event_counts() const;
    // Calls body(begin, end, thread) over the slots, split over the batch's threads as
    // ThreadPool::run splits them (chunks of at least min_part slots), for callers whose
    // work on a slot touches that slot alone (the agents of meeple_batch_play_agents).
    // `body` must not throw.
    template <class Body>
    void for_slots(std::size_t min_part, Body& body) {
        pool_.run(n_, min_part, body);
    }

private:
    struct Unstarted {};
    // Allocates everything; the slots hold no game until reseed.
    Batch(std::shared_ptr<const AnyGame> game, std::size_t n, int threads, Unstarted);

    SlotEnd& end(std::size_t i) const { return slots_.end(i); }
    // Starts every slot's first game, slot i from seed_of(i), clearing counts and records.
    template <class SeedOf>
    void start_all(SeedOf seed_of);
    ChanceOutcome* chance_scratch(int part) const;
    // Throws Error(out_of_range) naming the first viewer that is not a seat,
    // kViewPublic or kViewAll.
    void check_viewers(const std::int32_t* viewers) const;
    std::uint64_t* mask_scratch(int part) const;

    std::shared_ptr<const AnyGame> game_;
    std::size_t n_;
    std::size_t stride_words_;  // a record rounded up to whole uint64 words
    int players_;
    std::unique_ptr<std::uint64_t[]> records_;
    // Per slot: what every step touches, and a row for the ends of games (SlotEnd).
    std::vector<std::int64_t> illegal_;
    std::vector<std::uint8_t> last_step_;
    std::unique_ptr<std::byte[]> ends_;
    BatchSlots slots_;  // all of the above, for the game's slot loops
    // Per pool part, so threads never share scratch space.
    mutable ThreadPool pool_;
    std::unique_ptr<std::uint64_t[]> mask_scratch_;
    std::unique_ptr<ChanceOutcome[]> chance_scratch_;

    // Event recording, when on: the slots' staging rows, their game counters, the queue.
    struct EventRecorder {
        EventStage stage;
        std::unique_ptr<std::int32_t[]> rows;
        std::unique_ptr<std::uint8_t[]> counts;
        std::unique_ptr<std::uint32_t[]> games;
        std::unique_ptr<std::int32_t[]> scratch;  // one row, for starts outside a step
        EventQueue queue;
    };
    std::unique_ptr<EventRecorder> events_;
    // Appends the rows the slots staged in the last step to the queue, in slot order.
    void collect_events();
    // A new game in slot i outside a step: counts it and queues its start row.
    void log_new_game(std::size_t i);
    void log_start(std::size_t i);
};

}  // namespace meeple
