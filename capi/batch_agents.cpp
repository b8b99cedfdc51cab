// meeple_batch_play_agents: the opponents' turns of a training loop over a batch,
// played by agents inside the library. Checks the caller's arrays and agents, then
// alternates agent decisions with ordinary batch steps, so rewards, episode records
// and illegal counts are kept exactly as meeple_batch_step keeps them.
#include <algorithm>
#include <atomic>
#include <bit>
#include <exception>
#include <string>
#include <vector>

#include "capi/agent_handle.hpp"
#include "capi/batch_handle.hpp"
#include "capi/handles.hpp"

using namespace meeple;
using namespace meeple::capi;

namespace {

// Whether agents[idx] already appears among the earlier seats of its own slot.
bool seen_in_slot(meeple_agent_t* const* agents, std::size_t idx, std::size_t players) {
    const std::size_t first = idx - idx % players;
    for (std::size_t k = first; k < idx; ++k) {
        if (agents[k] == agents[idx]) return true;
    }
    return false;
}

// Holds the in-use flag of every distinct agent of the call; an agent may hold several
// seats of one slot but never seats of two slots (the slots' games would share its
// generator, and a later threaded version could not run them apart).
class AgentsGuard {
public:
    AgentsGuard(meeple_agent_t* const* agents, std::size_t len, std::size_t players)
        : agents_(agents), players_(players) {
        for (std::size_t idx = 0; idx < len; ++idx) {
            if (!agents[idx] || seen_in_slot(agents, idx, players)) continue;
            if (agents[idx]->in_use.try_take()) {
                taken_ = idx + 1;
                continue;
            }
            release(idx);
            for (std::size_t k = 0; k < idx - idx % players; ++k) {
                if (agents[k] == agents[idx]) {
                    fail(Status::invalid_argument,
                         "agents[" + std::to_string(idx) + "] (slot " + std::to_string(idx / players) + ", seat " +
                             std::to_string(idx % players) + ") is the agent of agents[" + std::to_string(k) +
                             "] (slot " + std::to_string(k / players) +
                             "); an agent may play several seats of one slot, never two slots: give each slot "
                             "its own agents");
                }
            }
            fail(Status::busy, "agents[" + std::to_string(idx) +
                                   "] is in use by a call on another thread; an agent serves one thread at a time");
        }
    }
    ~AgentsGuard() { release(taken_); }
    AgentsGuard(const AgentsGuard&) = delete;
    AgentsGuard& operator=(const AgentsGuard&) = delete;

private:
    // Releases the flags taken for agents[0 .. end).
    void release(std::size_t end) noexcept {
        for (std::size_t idx = 0; idx < end; ++idx) {
            if (agents_[idx] && !seen_in_slot(agents_, idx, players_)) agents_[idx]->in_use.release();
        }
        taken_ = 0;
    }

    meeple_agent_t* const* agents_;
    std::size_t players_;
    std::size_t taken_ = 0;
};

}  // namespace

meeple_status_t meeple_batch_play_agents(meeple_batch_t* batch, meeple_agent_t* const* agents, size_t agents_len,
                                         float* out_rewards, size_t rewards_len) {
    return guarded([&] {
        meeple_batch& handle = require(batch, "batch");
        const UseGuard use(handle.in_use, "batch");
        Batch& b = handle.batch;
        const AnyGame& g = b.game();
        const std::size_t n = b.size(), players = static_cast<std::size_t>(g.num_players());
        require(agents, "agents");
        require(out_rewards, "out_rewards");
        if (agents_len != n * players) {
            fail(Status::invalid_argument, "agents_len is " + std::to_string(agents_len) + "; it must be n * num_players = " +
                                               std::to_string(n) + " * " + std::to_string(players) + " = " +
                                               std::to_string(n * players) + " (NULL for the seats the caller plays)");
        }
        if (rewards_len < n * players) {
            fail(Status::buffer_too_small, "out_rewards holds " + std::to_string(rewards_len) + " floats; " +
                                               std::to_string(n * players) + " (n * num_players) are needed");
        }
        for (std::size_t idx = 0; idx < agents_len; ++idx) {
            if (!agents[idx]) continue;
            const AnyGame& ag = agents[idx]->agent->game();
            if (&ag != &g && ag.spec() != g.spec()) {
                fail(Status::invalid_argument, "agents[" + std::to_string(idx) + "] is an agent of " + ag.spec() +
                                                   "; this batch plays " + g.spec());
            }
        }
        const AgentsGuard hold(agents, agents_len, players);

        std::vector<std::int32_t> actions(n);
        std::vector<std::uint8_t> dones(n);
        std::vector<float> rewards(n * players);
        std::fill(out_rewards, out_rewards + n * players, 0.0f);
        // Each slot's agents are its own (checked above), so slots decide on the batch's
        // threads at once; a failure is kept per thread and thrown after the run.
        std::atomic<bool> any{false}, failed{false};
        std::vector<std::exception_ptr> errors(static_cast<std::size_t>(b.threads()));
        auto decide = [&](std::size_t begin, std::size_t end, int thread) {
            bool moved = false;
            for (std::size_t i = begin; i < end; ++i) {
                actions[i] = kNoAction;
                if (failed.load(std::memory_order_relaxed)) continue;
                const void* rec = b.record(i);
                const Actors actors = g.actors(rec);
                if (actors == 0 || (actors & kChanceBit)) continue;  // over, or chance to draw
                const int seat = std::countr_zero(actors);          // the batch's acting seat
                meeple_agent_t* agent = agents[i * players + static_cast<std::size_t>(seat)];
                if (!agent) continue;  // the caller's seat
                try {
                    const int action = agent->agent->act(rec, seat);
                    if (!g.legal(rec, seat, action)) {
                        fail(Status::internal, "agent " + agent->agent->spec() + " chose the illegal action " +
                                                   std::to_string(action) + " in slot " + std::to_string(i));
                    }
                    actions[i] = action;
                    moved = true;
                } catch (...) {
                    errors[static_cast<std::size_t>(thread)] = std::current_exception();
                    failed = true;
                }
            }
            if (moved) any = true;
        };
        for (;;) {
            any = false;
            b.for_slots(1, decide);
            for (const std::exception_ptr& e : errors) {
                if (e) std::rethrow_exception(e);
            }
            if (!any) break;
            b.step(actions.data(), dones.data());
            b.write_rewards(rewards.data());
            for (std::size_t k = 0; k < n * players; ++k) out_rewards[k] += rewards[k];
        }
    });
}
