#include "core/chance_enumeration.hpp"

#include <cstring>

namespace meeple {

Successors enumerate_outcomes(const AnyGame& game, const void* rec, int player, int action) {
    Successors out;
    const std::size_t stride = out.stride(game), bytes = game.record_size();
    // The sampled step, checked like any apply: its generator is every successor's.
    std::vector<std::uint64_t> sampled(stride);
    std::memcpy(sampled.data(), rec, bytes);
    const int seat = game.resolve_player(rec, player == kActing ? kActing : player);
    game.apply(sampled.data(), player, action);
    ChanceOutcome outcomes[kMaxChanceOutcomes];
    const int k = game.action_outcomes(rec, seat, action, outcomes);
    if (k == 0) {
        out.count = 1;
        out.words = std::move(sampled);
        out.probabilities = {1.0};
        return out;
    }
    out.count = static_cast<std::size_t>(k);
    out.words.resize(out.count * stride);
    out.probabilities.resize(out.count);
    for (int i = 0; i < k; ++i) {
        void* succ = out.words.data() + static_cast<std::size_t>(i) * stride;
        std::memcpy(succ, rec, bytes);
        game.apply_outcome(succ, seat, action, outcomes[i].action);
        std::memcpy(succ, sampled.data(), sizeof(Rng));  // a record begins with its generator
        out.probabilities[i] = outcomes[i].probability;
    }
    return out;
}

}  // namespace meeple
