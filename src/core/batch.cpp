#include "core/batch.hpp"

#include <algorithm>
#include <climits>
#include <cstring>
#include <string>

#include "core/seed_derivation.hpp"
#include "core/snapshot.hpp"

namespace meeple {
namespace {

// Slots a pool part gets at least: below this, waking a thread costs more than the work.
constexpr std::size_t kMinPart = 32;

std::int32_t clamp32(std::uint64_t v) { return static_cast<std::int32_t>(std::min<std::uint64_t>(v, INT32_MAX)); }

void check_count(std::size_t n) {
    if (n == 0) fail(Status::invalid_argument, "a batch needs at least one slot; n is 0");
}

}  // namespace

namespace {

// The seat with the strictly highest return, or -1 when the best is shared.
int unique_best_seat(const double* returns, int players) {
    int best = 0;
    bool tied = false;
    for (int p = 1; p < players; ++p) {
        if (returns[p] > returns[best]) best = p, tied = false;
        else if (returns[p] == returns[best]) tied = true;
    }
    return tied ? -1 : best;
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
      pool_((check_count(n), threads)) {
    records_ = std::make_unique<std::uint64_t[]>(n_ * stride_words_);
    slot_seed_.resize(n_);
    games_started_.resize(n_);
    illegal_.resize(n_);
    last_step_.resize(n_);
    end_recorded_.resize(n_);
    episode_ints_.resize(n_ * kEpisodeInts);
    episode_returns_.resize(n_ * static_cast<std::size_t>(players_));
    final_reward_.resize(n_ * static_cast<std::size_t>(players_));
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

void Batch::restart(std::size_t i, std::uint64_t seed) {
    game_->init(record(i), seed);
    end_recorded_[i] = 0;
}

void Batch::reseed(std::uint64_t seed) {
    for (std::size_t i = 0; i < n_; ++i) slot_seed_[i] = derive_seed(seed, i);
    reseed(std::span<const std::uint64_t>(slot_seed_));
}

void Batch::reseed(std::span<const std::uint64_t> seeds) {
    if (seeds.size() != n_) {
        fail(Status::invalid_argument, std::to_string(seeds.size()) + " seeds for a batch of " + std::to_string(n_) +
                                           " slots; pass one seed a slot");
    }
    if (seeds.data() != slot_seed_.data()) std::copy(seeds.begin(), seeds.end(), slot_seed_.begin());
    std::fill(games_started_.begin(), games_started_.end(), 0);
    std::fill(illegal_.begin(), illegal_.end(), 0);
    std::fill(last_step_.begin(), last_step_.end(), kKept);
    for (std::size_t i = 0; i < n_; ++i) {
        std::int32_t* row = &episode_ints_[i * kEpisodeInts];
        row[kEpisodeCount] = 0, row[kEpisodeWinner] = -1, row[kEpisodeTruncated] = 0, row[kEpisodeLength] = 0;
    }
    std::fill(episode_returns_.begin(), episode_returns_.end(), 0.0f);
    std::fill(final_reward_.begin(), final_reward_.end(), 0.0f);
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) restart(i, slot_seed_[i]);
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::set_record(std::size_t i, const void* rec) {
    std::memcpy(record(i), rec, game_->record_size());
    last_step_[i] = kKept;
    end_recorded_[i] = 0;
}

// ---- Steps ----

void Batch::record_episode_end(std::size_t i) {
    // Called only for a finished game: winner_of's checks reduce to `truncated`.
    const void* rec = record(i);
    const bool truncated = game_->truncated(rec);
    double returns[kMaxPlayers];
    game_->returns(rec, returns);
    std::int32_t* row = &episode_ints_[i * kEpisodeInts];
    row[kEpisodeCount] += 1;
    row[kEpisodeWinner] = truncated ? -1 : unique_best_seat(returns, players_);
    row[kEpisodeTruncated] = truncated ? 1 : 0;
    row[kEpisodeLength] = clamp32(game_->move_number(rec));
    for (int p = 0; p < players_; ++p) episode_returns_[i * players_ + p] = static_cast<float>(returns[p]);
    end_recorded_[i] = 1;
}

void Batch::step_slot(std::size_t i, std::int32_t action, bool autoreset, ChanceOutcome* chance,
                      std::uint8_t& done) {
    void* rec = record(i);
    LastStep last = kKept;
    bool over;
    if (action == kNoAction) {
        over = game_->is_terminal(rec);
    } else {
        const int result = game_->step_acting(rec, action, chance);
        if (result == kStepRejected) ++illegal_[i];
        else last = kMoved;
        over = result == kStepRejected ? game_->is_terminal(rec) : result == kStepEnded;
    }
    if (over && !end_recorded_[i]) record_episode_end(i);
    if (over && autoreset) {
        // The reward row of this step belongs to the game that just ended.
        double reward[kMaxPlayers] = {};
        if (last == kMoved) game_->step_reward(rec, reward);
        for (int p = 0; p < players_; ++p) final_reward_[i * players_ + p] = static_cast<float>(reward[p]);
        restart(i, derive_seed(slot_seed_[i], ++games_started_[i]));
        last = kRestarted;
    }
    last_step_[i] = last;
    done = over ? 1 : 0;
}

void Batch::step_all(const std::int32_t* actions, std::uint8_t* dones, bool autoreset) {
    auto body = [&](std::size_t b, std::size_t e, int part) {
        ChanceOutcome* chance = chance_scratch(part);
        for (std::size_t i = b; i < e; ++i) step_slot(i, actions[i], autoreset, chance, dones[i]);
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::step(const std::int32_t* actions, std::uint8_t* dones) { step_all(actions, dones, false); }

void Batch::step_autoreset(const std::int32_t* actions, std::uint8_t* dones) { step_all(actions, dones, true); }

// ---- Reads ----

void Batch::write_masks(std::uint64_t* out) const {
    const std::size_t words = static_cast<std::size_t>(game_->mask_words());
    auto body = [&](std::size_t b, std::size_t e, int part) {
        ChanceOutcome* chance = chance_scratch(part);
        for (std::size_t i = b; i < e; ++i) game_->mask_acting(record(i), out + i * words, chance);
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::write_dense_masks(std::uint8_t* out) const {
    const std::size_t actions = static_cast<std::size_t>(game_->num_actions());
    auto body = [&](std::size_t b, std::size_t e, int part) {
        std::uint64_t* words = mask_scratch(part);
        ChanceOutcome* chance = chance_scratch(part);
        for (std::size_t i = b; i < e; ++i) {
            game_->mask_acting(record(i), words, chance);
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
        for (std::size_t i = b; i < e; ++i) game_->observe_acting(record(i), out + i * size);
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::write_observations(const std::int32_t* viewers, float* out) const {
    for (std::size_t i = 0; i < n_; ++i) {
        if (viewers[i] >= players_ || viewers[i] < kViewAll || viewers[i] == kChance) {
            fail(Status::out_of_range, "viewers[" + std::to_string(i) + "] is " + std::to_string(viewers[i]) +
                                           "; use a seat 0.." + std::to_string(players_ - 1) +
                                           ", MEEPLE_VIEW_PUBLIC (-2) or MEEPLE_VIEW_ALL (-3)");
        }
    }
    const std::size_t size = static_cast<std::size_t>(game_->obs_size());
    auto body = [&](std::size_t b, std::size_t e, int) {
        for (std::size_t i = b; i < e; ++i) {
            float* row = out + i * size;
            // Games may leave parts of a row untouched; zeroing first matches State.
            std::memset(row, 0, size * sizeof *row);
            game_->observe(record(i), viewers[i], row);
        }
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
                    std::copy_n(&final_reward_[i * players], players, row);
            }
        }
    };
    pool_.run(n_, kMinPart, body);
}

void Batch::write_episodes(std::int32_t* ints, float* returns) const {
    std::copy(episode_ints_.begin(), episode_ints_.end(), ints);
    std::copy(episode_returns_.begin(), episode_returns_.end(), returns);
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
    std::fill(last_step_.begin(), last_step_.end(), kKept);
    std::fill(end_recorded_.begin(), end_recorded_.end(), 0);
}

}  // namespace meeple
