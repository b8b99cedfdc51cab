// The triangle game's hot paths in C++: the legal mask of a state just after a step,
// the legal action list, a state copy, apply, and whole random games.
// States come from random play, so the boards are the ones search and RL meet.
// Usage: bench_triangle [states]   (default 20000 sampled states)
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/registry.hpp"
#include "core/mask_bits.hpp"
#include "games/triangle/triangle.hpp"

using namespace meeple;
using Clock = std::chrono::steady_clock;
using Rules = triangle::Triangle;
using Rec = Record<Rules::State>;

namespace {

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

// Live states reached by random play, each just after a step (or the first state).
std::vector<Rec> sample_states(const AnyGame& game, std::size_t count) {
    std::vector<Rec> out;
    Rng chooser = Rng::from_seed(42);
    std::uint64_t words[8];
    for (std::uint64_t seed = 0; out.size() < count; ++seed) {
        Rec r;
        game.init(&r, seed);
        while (!game.is_terminal(&r) && out.size() < count) {
            out.push_back(r);
            game.legal_mask(&r, 0, words);
            game.apply_unchecked(&r, 0, uniform_set_bit(words, game.mask_words(), chooser));
        }
    }
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    const std::size_t n = argc > 1 ? std::strtoul(argv[1], nullptr, 10) : 20000;
    const auto game = make_game("triangle");
    const Rules& rules = static_cast<const GameModel<Rules>&>(*game).rules();
    const std::vector<Rec> states = sample_states(*game, n);
    const int reps = 50;
    std::uint64_t sink = 0, words[8];

    auto t0 = Clock::now();
    for (int k = 0; k < reps; ++k) {
        for (const Rec& r : states) {
            rules.legal_mask(r.state, 0, words);
            sink += words[0] ^ words[5];
        }
    }
    const double mask_ns = seconds_since(t0) * 1e9 / double(reps * states.size());

    t0 = Clock::now();
    for (int k = 0; k < reps; ++k) {
        for (const Rec& r : states) {
            game->legal_mask(&r, 0, words);
            sink += words[1];
        }
    }
    const double mask_erased_ns = seconds_since(t0) * 1e9 / double(reps * states.size());

    t0 = Clock::now();
    std::size_t listed = 0;
    for (int k = 0; k < 5; ++k) {
        for (const Rec& r : states) listed += game->legal_actions(&r, kActing).size();
    }
    const double list_ns = seconds_since(t0) * 1e9 / double(5 * states.size());

    // A copy is the record's bytes: what meeple_state_copy and a batch slot copy do.
    Rec dst;
    t0 = Clock::now();
    for (int k = 0; k < reps; ++k) {
        for (const Rec& r : states) {
            std::memcpy(&dst, &r, sizeof dst);
            __asm__ volatile("" : : "r"(&dst) : "memory");  // keep every copy
            sink += dst.state.occupied[0];
        }
    }
    const double copy_ns = seconds_since(t0) * 1e9 / double(reps * states.size());

    // Apply: one legal action on each sampled state (a fresh copy each time).
    std::vector<int> chosen;
    Rng chooser = Rng::from_seed(7);
    for (const Rec& r : states) {
        rules.legal_mask(r.state, 0, words);
        chosen.push_back(uniform_set_bit(words, game->mask_words(), chooser));
    }
    t0 = Clock::now();
    for (int k = 0; k < 10; ++k) {
        for (std::size_t i = 0; i < states.size(); ++i) {
            Rec r = states[i];
            rules.apply(r.state, 0, chosen[i], r.rng);
            sink += r.state.occupied[1];
        }
    }
    const double apply_ns = seconds_since(t0) * 1e9 / double(10 * states.size()) - copy_ns;

    t0 = Clock::now();
    for (int k = 0; k < 10; ++k) {
        for (std::size_t i = 0; i < states.size(); ++i) {
            Rec r = states[i];
            game->apply(&r, 0, chosen[i]);  // checked, as through the C ABI
            sink += r.state.occupied[1];
        }
    }
    const double apply_checked_ns = seconds_since(t0) * 1e9 / double(10 * states.size()) - copy_ns;

    // Whole random games: mask, pick, apply, until the end.
    long steps = 0;
    const long games = 20000;
    t0 = Clock::now();
    for (long g = 0; g < games; ++g) {
        Rec r;
        game->init(&r, static_cast<std::uint64_t>(g));
        while (!r.state.over) {
            rules.legal_mask(r.state, 0, words);
            rules.apply(r.state, 0, uniform_set_bit(words, game->mask_words(), chooser), r.rng);
            ++steps;
        }
    }
    const double playout_s = seconds_since(t0);

    std::printf("triangle (default board), %zu sampled live states, record %zu bytes\n", states.size(), sizeof(Rec));
    std::printf("  legal mask after a step      %8.1f ns  (rules directly)\n", mask_ns);
    std::printf("  legal mask, type-erased      %8.1f ns  (AnyGame virtual call)\n", mask_erased_ns);
    std::printf("  legal action list            %8.1f ns  (AnyGame::legal_actions, a std::vector; %.1f actions on average)\n",
                list_ns, double(listed) / double(5 * states.size()));
    std::printf("  state copy                   %8.1f ns  (memcpy of the record)\n", copy_ns);
    std::printf("  apply                        %8.1f ns  (rules directly, clears and refills included)\n", apply_ns);
    std::printf("  apply, checked               %8.1f ns  (AnyGame::apply: legality check first)\n", apply_checked_ns);
    std::printf("  random games                 %8.0f steps/s  (%ld games, %.1f steps a game)\n",
                double(steps) / playout_s, games, double(steps) / double(games));
    std::printf("(sink %llu)\n", static_cast<unsigned long long>(sink & 1));
    return 0;
}
