#include "core/batch.hpp"

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <cstring>
#include <string>

#include "core/memory_limit.hpp"
#include "core/seed_derivation.hpp"
#include "core/snapshot.hpp"

namespace meeple {
namespace {

// Slots a pool part gets at least: below this, waking a thread costs more than the work.
constexpr std::size_t kMinPart = 32;

// Checks n before anything is allocated: at least one slot, and no more than fit in the
// machine's memory (the record, its end-of-episode row and the per-slot counters).
void check_count(const AnyGame& game, std::size_t n) {
    if (n == 0) fail(Status::invalid_argument, "a batch needs at least one slot; n is 0");
    const std::size_t slot = (game.record_size() + 7) / 8 * 8 + SlotEnd::row_bytes(game.num_players(), game.record_size()) +
                             sizeof(std::int64_t) + sizeof(std::uint8_t);
    check_fits_in_memory("batch slots of " + game.spec(), n, slot);
}

}  // namespace

int winner_of(const AnyGame& game, const void* rec) {
    if (!game.is_terminal(rec) || game.truncated(rec)) return -1;
    double returns[kMaxPlayers];
    game.returns(rec, returns);
    return unique_best_seat(returns, game.num_players());
}

Batch::Batch(std::shared_ptr<const AnyGame> game, std::size_t n, std::uint64_t seed, int threads)
    : Batch(std::move(game), n, threads, Unstarted{}) {
    reseed(seed);
}

Batch::Batch(std::shared_ptr<const AnyGame> game, std::span<const std::uint64_t> seeds, int threads)
    : Batch(std::move(game), seeds.size(), threads, Unstarted{}) {
    reseed(seeds);
}

Batch::Batch(std::shared_ptr<const AnyGame> game, std::size_t n, int threads, Unstarted)
    : game_(std::move(game)),
      n_(n),
      stride_words_((game_->record_size() + 7) / 8),
      players_(game_->num_players()),
      pool_((check_count(*game_, n), threads)) {
    records_ = std::make_unique<std::uint64_t[]>(n_ * stride_words_);
    illegal_.resize(n_);
    last_step_.resize(n_);
    const std::size_t end_bytes = SlotEnd::row_bytes(players_, game_->record_size());
    ends_ = std::make_unique<std::byte[]>(n_ * end_bytes);
    slots_ = BatchSlots{records_.get(), stride_words_, players_,      last_step_.data(),
                        illegal_.data(),  ends_.get(),   end_bytes, SlotEnd::final_record_offset(players_)};
    const auto parts = static_cast<std::size_t>(pool_.threads());
    mask_scratch_ = std::make_unique<std::uint64_t[]>(parts * static_cast<std::size_t>(game_->mask_words()));
    chance_scratch_ = std::make_unique<ChanceOutcome[]>(
        parts * static_cast<std::size_t>(std::max(1, game_->max_chance_outcomes())));
}

std::size_t Batch::snapshot_bytes() const { return snapshot_size(*game_); }

ChanceOutcome* Batch::chance_scratch(int part) const {
    return chance_scratch_.get() + static_cast<std::size_t>(part) * std::max(1, game_->max_chance_outcomes());
}

std::uint64_t* Batch::mask_scratch(int part) const {
    return mask_scratch_.get() + static_cast<std::size_t>(part) * game_->mask_words();
}

// ---- Starting games ----

template <class SeedOf>
void Batch::start_all(SeedOf seed_of) {
    std::fill(illegal_.begin(), illegal_.end(), 0);
    std::fill(last_step_.begin(), last_step_.end(), kKept);
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) {
            SlotEnd& row = end(i);
            row.seed = seed_of(i);
            row.games_started = 0;
            row.episode[kEpisodeCount] = 0, row.episode[kEpisodeWinner] = -1;
            row.episode[kEpisodeTruncated] = 0, row.episode[kEpisodeLength] = 0;
            row.end_recorded = 0;
            row.from_state = 0;
            row.stat_games = row.stat_truncated = row.stat_length = 0;
            std::fill_n(row.return_sums(), players_, 0.0);
            std::fill_n(row.returns(players_), 2 * players_, 0.0f);
            game_->init(record(i), row.seed);
        }
    };
    pool_.run(n_, kMinPart, body);
    if (events_) {
        for (std::size_t i = 0; i < n_; ++i) log_new_game(i);
    }
}

void Batch::reseed(std::uint64_t seed) {
    start_all([seed](std::size_t i) { return derive_seed(seed, i); });
}

void Batch::reseed(std::span<const std::uint64_t> seeds) {
    if (seeds.size() != n_) {
        fail(Status::invalid_argument, std::to_string(seeds.size()) + " seeds for a batch of " + std::to_string(n_) +
                                           " slots; pass one seed a slot");
    }
    start_all([seeds](std::size_t i) { return seeds[i]; });
}

void Batch::set_record(std::size_t i, const void* rec) {
    std::memcpy(record(i), rec, game_->record_size());
    last_step_[i] = kKept;
    end(i).end_recorded = 0;
    end(i).from_state = 1;
    if (events_) log_new_game(i);
}

// ---- Steps ----

void Batch::step_and_read(const std::int32_t* actions, std::uint8_t* dones, bool autoreset, std::uint64_t* masks,
                          float* obs) {
    if (events_) ++events_->stage.tick;
    auto body = [&](std::size_t b, std::size_t e, int part) {
        game_->step_slots(slots_, b, e, actions, dones, autoreset, masks, obs, chance_scratch(part));
    };
    pool_.run(n_, kMinPart, body);
    if (events_) collect_events();
}

void Batch::step(const std::int32_t* actions, std::uint8_t* dones) {
    step_and_read(actions, dones, false, nullptr, nullptr);
}

void Batch::step_autoreset(const std::int32_t* actions, std::uint8_t* dones) {
    step_and_read(actions, dones, true, nullptr, nullptr);
}

std::size_t Batch::check_actions(const std::int64_t* actions, std::int32_t* out) const {
    // Each range stops at its first rejected slot; the smallest of those is the batch's.
    std::atomic<std::size_t> first{n_};
    auto body = [&](std::size_t b, std::size_t e, int part) {
        const std::size_t bad = game_->check_slots(slots_, b, e, actions, out, chance_scratch(part));
        if (bad == e) return;  // the whole range passes
        std::size_t seen = first.load(std::memory_order_relaxed);
        while (bad < seen && !first.compare_exchange_weak(seen, bad, std::memory_order_relaxed)) {
        }
    };
    pool_.run(n_, kMinPart, body);
    return first.load(std::memory_order_relaxed);
}

// ---- Reads ----

void Batch::write_masks(std::uint64_t* out) const {
    const std::size_t words = static_cast<std::size_t>(game_->mask_words());
    auto body = [&](std::size_t b, std::size_t e, int part) {
        game_->mask_slots(slots_, b, e, out + b * words, chance_scratch(part));
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::write_dense_masks(std::uint8_t* out) const {
    const std::size_t actions = static_cast<std::size_t>(game_->num_actions());
    auto body = [&](std::size_t b, std::size_t e, int part) {
        std::uint64_t* words = mask_scratch(part);
        ChanceOutcome* chance = chance_scratch(part);
        for (std::size_t i = b; i < e; ++i) {
            game_->mask_slots(slots_, i, i + 1, words, chance);
            std::uint8_t* row = out + i * actions;
            for (std::size_t a = 0; a < actions; ++a) row[a] = static_cast<std::uint8_t>((words[a >> 6] >> (a & 63)) & 1);
        }
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::write_actors(std::int32_t* out) const {
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) out[i] = static_cast<std::int32_t>(game_->actors(record(i)));
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::write_status(std::int32_t* out) const {
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) {
            const void* rec = record(i);
            std::int32_t* row = out + i * kStatusInts;
            row[kStatusDone] = game_->is_terminal(rec) ? 1 : 0;
            row[kStatusWinner] = winner_of(*game_, rec);
            row[kStatusTurn] = clamp32(game_->move_number(rec));
            row[kStatusCurrentPlayer] = acting_player(game_->actors(rec));
            row[kStatusTruncated] = game_->truncated(rec) ? 1 : 0;
        }
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::write_observations(float* out) const {
    const std::size_t size = static_cast<std::size_t>(game_->obs_size());
    auto body = [&](std::size_t b, std::size_t e, int) {
        game_->observe_slots(slots_, b, e, out + b * size);
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::check_viewers(const std::int32_t* viewers) const {
    // One branch-free pass (it vectorises; a read of every slot calls it), then the
    // search for the first bad viewer only when there is one.
    auto bad = [this](std::int32_t v) { return v >= players_ || v < kViewAll || v == kChance; };
    bool any_bad = false;
    for (std::size_t i = 0; i < n_; ++i) any_bad |= bad(viewers[i]);
    if (!any_bad) return;
    for (std::size_t i = 0; i < n_; ++i) {
        if (bad(viewers[i])) {
            fail(Status::out_of_range, "viewers[" + std::to_string(i) + "] is " + std::to_string(viewers[i]) +
                                           "; use a seat 0.." + std::to_string(players_ - 1) +
                                           ", MEEPLE_VIEW_PUBLIC (-2) or MEEPLE_VIEW_ALL (-3)");
        }
    }
}

void Batch::write_observations(const std::int32_t* viewers, float* out) const {
    check_viewers(viewers);
    const std::size_t size = static_cast<std::size_t>(game_->obs_size());
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) game_->observe(record(i), viewers[i], out + i * size);
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::write_observations_where(const std::uint8_t* which, const std::int32_t* viewers, float* out) const {
    check_viewers(viewers);
    const std::size_t size = static_cast<std::size_t>(game_->obs_size());
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) {
            if (which[i]) game_->observe(record(i), viewers[i], out + i * size);
        }
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::write_features(const std::int32_t* viewers, int variant, float* out) const {
    game_->check_features(0, variant);
    for (std::size_t i = 0; i < n_; ++i) {
        if (viewers[i] < 0 || viewers[i] >= players_) {
            fail(Status::out_of_range, "viewers[" + std::to_string(i) + "] is " + std::to_string(viewers[i]) +
                                           "; feature vectors take a seat 0.." + std::to_string(players_ - 1));
        }
    }
    const std::size_t size = static_cast<std::size_t>(game_->feature_size());
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) game_->features(record(i), viewers[i], variant, out + i * size);
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::write_rewards(float* out) const {
    const std::size_t players = static_cast<std::size_t>(players_);
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) {
            float* row = out + i * players;
            switch (last_step_[i]) {
                case kKept:
                    std::fill(row, row + players, 0.0f);
                    break;
                case kMoved: {
                    double reward[kMaxPlayers];
                    game_->step_reward(record(i), reward);
                    for (std::size_t p = 0; p < players; ++p) row[p] = static_cast<float>(reward[p]);
                    break;
                }
                default:
                    std::copy_n(end(i).final_reward(players_), players, row);
            }
        }
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::write_episodes(std::int32_t* ints, float* returns) const {
    const std::size_t players = static_cast<std::size_t>(players_);
    for (std::size_t i = 0; i < n_; ++i) {
        const SlotEnd& row = end(i);
        std::copy_n(row.episode, kEpisodeInts, ints + i * kEpisodeInts);
        std::copy_n(row.returns(players_), players, returns + i * players);
    }
}

void Batch::write_final_observations(const std::int32_t* viewers, float* out) const {
    if (viewers) check_viewers(viewers);
    const std::size_t size = static_cast<std::size_t>(game_->obs_size());
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) {
            float* row = out + i * size;
            if (last_step_[i] == kRestarted) {
                game_->observe(slots_.final_record(i), viewers ? viewers[i] : kViewPublic, row);
            } else {
                std::fill_n(row, size, 0.0f);
            }
        }
    };
    pool_.run(n_, kMinPart, body);
}

std::size_t Batch::write_restarted_observations(const std::int32_t* viewers, float* out, std::size_t rows) const {
    if (viewers) check_viewers(viewers);
    std::size_t count = 0;
    for (std::size_t i = 0; i < n_; ++i) count += last_step_[i] == kRestarted ? 1 : 0;
    if (count > rows) return count;
    const std::size_t size = static_cast<std::size_t>(game_->obs_size());
    float* row = out;
    for (std::size_t i = 0; i < n_; ++i) {  // a few games a step: no pool, no zeros for the others
        if (last_step_[i] != kRestarted) continue;
        game_->observe(slots_.final_record(i), viewers ? viewers[i] : kViewPublic, row);
        row += size;
    }
    return count;
}

void Batch::write_restarted_observations_in_place(const std::int32_t* viewers, float* out) const {
    if (viewers) check_viewers(viewers);
    const std::size_t size = static_cast<std::size_t>(game_->obs_size());
    for (std::size_t i = 0; i < n_; ++i) {  // a few games a step: no pool
        if (last_step_[i] != kRestarted) continue;
        game_->observe(slots_.final_record(i), viewers ? viewers[i] : kViewPublic, out + i * size);
    }
}

Batch::EpisodeStats Batch::take_episode_stats() {
    EpisodeStats stats;
    stats.return_sums.assign(static_cast<std::size_t>(players_), 0.0);
    for (std::size_t i = 0; i < n_; ++i) {  // in slot order: the same sums at any thread count
        SlotEnd& row = end(i);
        stats.games += row.stat_games;
        stats.truncated += row.stat_truncated;
        stats.length += row.stat_length;
        double* sums = row.return_sums();
        for (int p = 0; p < players_; ++p) stats.return_sums[static_cast<std::size_t>(p)] += sums[p];
        row.stat_games = row.stat_truncated = row.stat_length = 0;
        std::fill_n(sums, players_, 0.0);
    }
    return stats;
}

void Batch::reset_slots(const std::uint8_t* which, const std::uint64_t* seeds) {
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) {
            if (!which[i]) continue;
            SlotEnd& row = end(i);
            if (seeds) {
                row.seed = seeds[i];
                row.games_started = 0;
                game_->init(record(i), row.seed);
            } else {
                game_->init(record(i), derive_seed(row.seed, ++row.games_started));
            }
            row.end_recorded = 0;
            row.from_state = 0;
            last_step_[i] = kKept;
        }
    };
    pool_.run(n_, kMinPart, body);
    if (events_) {
        for (std::size_t i = 0; i < n_; ++i) {
            if (which[i]) log_new_game(i);
        }
    }
}

void Batch::write_illegal_counts(std::int64_t* out) const { std::copy(illegal_.begin(), illegal_.end(), out); }

// ---- Snapshots ----

void Batch::snapshot(std::uint8_t* out) const {
    const std::size_t bytes = snapshot_bytes();
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) write_snapshot(*game_, record(i), out + i * bytes);
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::load(const std::uint8_t* data, std::size_t len) {
    const std::size_t bytes = snapshot_bytes();
    if (len != n_ * bytes) {
        fail(Status::invalid_argument, std::to_string(len) + " bytes for a batch of " + std::to_string(n_) + " " +
                                           game_->spec() + " slots; they take " + std::to_string(n_) + " x " +
                                           std::to_string(bytes) + " = " + std::to_string(n_ * bytes));
    }
    // Every row is checked into a copy first, so bad bytes anywhere change nothing.
    auto checked = std::make_unique<std::uint64_t[]>(n_ * stride_words_);
    for (std::size_t i = 0; i < n_; ++i) {
        try {
            read_snapshot(*game_, data + i * bytes, bytes, checked.get() + i * stride_words_);
        } catch (const Error& e) {
            fail(e.status(), "row " + std::to_string(i) + ": " + e.what());
        }
    }
    records_ = std::move(checked);
    slots_.records = records_.get();
    std::fill(last_step_.begin(), last_step_.end(), kKept);
    for (std::size_t i = 0; i < n_; ++i) {
        end(i).end_recorded = 0;
        end(i).from_state = 1;
        if (events_) log_new_game(i);
    }
}

// ---- Event recording ----

void Batch::record_events(std::uint32_t mask, std::size_t capacity_rows) {
    if (mask & ~static_cast<std::uint32_t>(kRecordAll)) {
        fail(Status::invalid_argument, "event mask " + std::to_string(mask) +
                                           " has unknown bits; combine MEEPLE_RECORD_GAME_STARTS (1), "
                                           "MEEPLE_RECORD_GAME_ENDS (2), MEEPLE_RECORD_ACTIONS (4) and "
                                           "MEEPLE_RECORD_TRADES (8), or pass 0 to stop recording");
    }
    if (mask == 0) {
        slots_.events = nullptr;
        events_.reset();
        return;
    }
    if (capacity_rows == 0) {
        fail(Status::invalid_argument, "an event queue needs room for at least one row; capacity is 0");
    }
    const std::size_t width = game_->event_width();
    // At most 2^40 ints, and no more bytes than size_t counts (32 bits in WebAssembly).
    const std::uint64_t most_ints = std::min<std::uint64_t>(std::uint64_t{1} << 40, SIZE_MAX / sizeof(std::int32_t));
    if (capacity_rows > most_ints / width) {
        fail(Status::out_of_memory, "an event queue of " + std::to_string(capacity_rows) + " rows of " +
                                        std::to_string(width) + " ints is too large");
    }
    slots_.events = nullptr;
    events_.reset();
    auto rec = std::unique_ptr<EventRecorder>(new EventRecorder{{}, {}, {}, {}, {}, EventQueue(capacity_rows, width)});
    rec->rows = std::make_unique<std::int32_t[]>(n_ * kMaxEventsPerSlot * width);
    rec->counts = std::make_unique<std::uint8_t[]>(n_);
    rec->games = std::make_unique<std::uint32_t[]>(n_);
    rec->scratch = std::make_unique<std::int32_t[]>(width);
    rec->stage = EventStage{rec->rows.get(), rec->counts.get(), rec->games.get(), width, mask, 0};
    events_ = std::move(rec);
    slots_.events = &events_->stage;
    for (std::size_t i = 0; i < n_; ++i) log_start(i);
}

void Batch::log_new_game(std::size_t i) {
    ++events_->games[i];
    log_start(i);
}

void Batch::log_start(std::size_t i) {
    if (!(events_->stage.mask & kRecordGameStarts)) return;
    std::int32_t* row = events_->scratch.get();
    const SlotEnd& slot = end(i);
    const void* rec = record(i);
    row[kEvType] = kEventGameStart;
    row[kEvSlot] = static_cast<std::int32_t>(i);
    row[kEvGame] = static_cast<std::int32_t>(events_->games[i]);
    row[kEvTick] = events_->stage.tick;
    row[kEvStep] = clamp32(game_->move_number(rec));
    row[kEvActor] = kNobody;
    row[kEvAction] = kNoAction;
    row[kEvArg0] = row[kEvArg1] = row[kEvArg2] = row[kEvArg3] = 0;
    if (slot.from_state) {
        row[kEvArg2] = kStartFromState;
    } else {
        set_seed_columns(row, slot.games_started == 0 ? slot.seed : derive_seed(slot.seed, slot.games_started));
        row[kEvArg2] = kStartFromSeed;
    }
    game_->event_state(rec, row);
    events_->queue.push(row);
}

void Batch::collect_events() {
    EventRecorder& ev = *events_;
    const std::size_t width = ev.stage.width;
    for (std::size_t i = 0; i < n_; ++i) {
        const std::int32_t* rows = ev.rows.get() + i * kMaxEventsPerSlot * width;
        for (std::uint8_t k = 0; k < ev.counts[i]; ++k) ev.queue.push(rows + k * width);
    }
}

std::size_t Batch::drain_events(std::int32_t* out, std::size_t max_rows) {
    return events_ ? events_->queue.drain(out, max_rows) : 0;
}

Batch::EventCounts Batch::event_counts() const {
    EventCounts c;
    c.width = game_->event_width();
    if (!events_) return c;
    c.mask = events_->stage.mask;
    c.capacity = events_->queue.capacity();
    c.queued = events_->queue.queued();
    c.overflow = events_->queue.overflow();
    c.recorded = events_->queue.recorded();
    return c;
}

}  // namespace meeple
