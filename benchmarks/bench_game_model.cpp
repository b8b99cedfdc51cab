// The cost of the generic game model in C++: a random tic-tac-toe game step by step
// through the type-erased AnyGame (checked apply, mask per step), the same through the
// game's own rules directly, and a state copy (a memcpy of the record).
// Usage: bench_game_model [games]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "core/mask_bits.hpp"
#include "core/registry.hpp"
#include "games/tictactoe/tictactoe.hpp"

using namespace meeple;
using Clock = std::chrono::steady_clock;

namespace {

double seconds_since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

}  // namespace

int main(int argc, char** argv) {
    const long games = argc > 1 ? std::atol(argv[1]) : 2'000'000;
    auto game = make_game("tictactoe");
    std::vector<std::uint64_t> rec((game->record_size() + 7) / 8);
    Rng rng = Rng::from_seed(1);

    long steps = 0;
    auto t0 = Clock::now();
    for (long g = 0; g < games; ++g) {
        game->init(rec.data(), static_cast<std::uint64_t>(g));
        while (!game->is_terminal(rec.data())) {
            std::uint64_t mask;
            game->legal_mask(rec.data(), __builtin_ctz(game->actors(rec.data())), &mask);
            game->apply(rec.data(), kActing, uniform_set_bit(&mask, 1, rng));
            ++steps;
        }
    }
    const double generic = seconds_since(t0);

    const tictactoe::TicTacToe rules(Options("tictactoe", tictactoe::TicTacToe::option_specs(), {}));
    long direct_steps = 0;
    t0 = Clock::now();
    for (long g = 0; g < games; ++g) {
        tictactoe::TicTacToe::State s{};
        Rng r = Rng::from_seed(static_cast<std::uint64_t>(g));
        rules.init(s, r);
        while (!rules.is_terminal(s)) {
            std::uint64_t mask;
            rules.legal_mask(s, s.to_move, &mask);
            rules.apply(s, s.to_move, uniform_set_bit(&mask, 1, rng), r);
            ++direct_steps;
        }
    }
    const double direct = seconds_since(t0);

    std::vector<std::uint64_t> copy(rec.size());
    const long copies = 50'000'000;
    t0 = Clock::now();
    for (long i = 0; i < copies; ++i) {
        std::memcpy(copy.data(), rec.data(), game->record_size());
        asm volatile("" : : "r"(copy.data()) : "memory");  // keep every copy
    }
    const double copying = seconds_since(t0);

    std::printf("tictactoe, %ld random games\n", games);
    std::printf("  checked step through AnyGame (mask + apply): %6.1f ns/step\n", 1e9 * generic / steps);
    std::printf("  unchecked step on the rules directly:        %6.1f ns/step\n", 1e9 * direct / direct_steps);
    std::printf("  overhead of the generic checked path:        %6.2fx\n", (generic / steps) / (direct / direct_steps));
    std::printf("  state copy (%zu-byte record):                 %6.1f ns\n", game->record_size(), 1e9 * copying / copies);
    return 0;
}
