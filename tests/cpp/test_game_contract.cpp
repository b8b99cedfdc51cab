// Promises every game makes to the engine, checked over random play of every
// registered game: observe writes every float of the observation and legal_mask every
// word of the mask, whatever the buffer held before (batches and the C API do not
// clear buffers first), and the observation fields tile the vector.
#include <cmath>
#include <cstring>
#include <limits>
#include <vector>

#include "batch_specs.hpp"
#include "check.hpp"
#include "core/any_game.hpp"
#include "core/mask_bits.hpp"
#include "core/registry.hpp"

using namespace meeple;

namespace {

constexpr int kGames = 30;

// Calls f(record) on every state of kGames random games of `spec`.
template <class F>
void for_each_state(const AnyGame& g, F f) {
    std::vector<std::uint64_t> rec((g.record_size() + 7) / 8);
    std::vector<ChanceOutcome> outcomes(static_cast<std::size_t>(std::max(1, g.max_chance_outcomes())));
    std::vector<std::uint64_t> words(static_cast<std::size_t>(g.mask_words()));
    Rng chooser = Rng::from_seed(5);
    for (int game = 0; game < kGames; ++game) {
        g.init(rec.data(), static_cast<std::uint64_t>(game));
        for (;;) {
            f(rec.data());
            const int player = acting_player(g.actors(rec.data()));
            if (player == kNobody) break;
            if (player == kChance) {
                const int k = g.chance_outcomes(rec.data(), outcomes.data());
                g.apply_unchecked(rec.data(), player, outcomes[chooser.below(static_cast<std::uint32_t>(k))].action);
            } else {
                g.legal_mask(rec.data(), player, words.data());
                g.apply_unchecked(rec.data(), player, uniform_set_bit(words.data(), g.mask_words(), chooser));
            }
        }
    }
}

}  // namespace

TEST(observation_fields_tile_the_vector) {
    for (const std::string& spec : test::batch_specs()) {
        auto g = make_game(spec);
        int at = 0;
        for (const ObsField& f : g->obs_fields()) {
            CHECK_EQ(f.offset, at);
            at += f.size;
        }
        CHECK_EQ(at, g->obs_size());
    }
}

TEST(observe_writes_every_float_for_every_viewer) {
    for (const std::string& spec : test::batch_specs()) {
        auto g = make_game(spec);
        std::vector<float> obs(static_cast<std::size_t>(g->obs_size()));
        std::vector<int> viewers = {kViewPublic, kViewAll};
        for (int p = 0; p < g->num_players(); ++p) viewers.push_back(p);
        long unwritten = 0;
        for_each_state(*g, [&](const void* rec) {
            for (int viewer : viewers) {
                std::fill(obs.begin(), obs.end(), std::numeric_limits<float>::quiet_NaN());
                g->observe(rec, viewer, obs.data());
                for (float x : obs) unwritten += std::isnan(x) ? 1 : 0;
            }
        });
        CHECK_EQ(unwritten, 0L);
    }
}

TEST(legal_mask_writes_every_word) {
    for (const std::string& spec : test::batch_specs()) {
        auto g = make_game(spec);
        const auto n = static_cast<std::size_t>(g->mask_words());
        std::vector<std::uint64_t> dirty(n), clean(n);
        long differ = 0;
        for_each_state(*g, [&](const void* rec) {
            for (int p = 0; p < g->num_players(); ++p) {
                if (!g->is_active(rec, p)) continue;
                std::fill(dirty.begin(), dirty.end(), ~0ull);
                std::fill(clean.begin(), clean.end(), 0ull);
                g->legal_mask(rec, p, dirty.data());
                g->legal_mask(rec, p, clean.data());
                differ += dirty == clean ? 0 : 1;
            }
        });
        CHECK_EQ(differ, 0L);
    }
}
