// The long run of Catan random play, off CI: games over every configuration, each a
// uniform random walk over the legal actions (chance outcomes by their probabilities),
// with the game's full invariant check (Catan::check: conservation of cards, piece
// limits, caches, awards, phases, a legal action in every live game) after every step.
// Game i plays configuration i % 48 from seed derive_seed(seed, i), so any game can be
// replayed alone. The command and the figures measured are in docs/long-runs.md.
//
// Usage: meeple_catan_long_run GAMES [THREADS=0 (one per core)] [SEED=1] [FIRST=0]
// Plays games FIRST .. FIRST+GAMES-1; exits 1 at the first broken invariant, printing
// the game's index, configuration and step (rerun with FIRST=index GAMES=1 to replay).
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/any_game.hpp"
#include "core/mask_bits.hpp"
#include "core/registry.hpp"
#include "core/rng.hpp"
#include "core/seed_derivation.hpp"

using namespace meeple;

namespace {

// Every option that changes the rules' paths: seats, chance, board, domestic trade,
// and a short game (low target, low turn cap) so that wins and truncations both occur.
std::vector<std::string> configurations() {
    std::vector<std::string> specs;
    for (int players : {2, 3, 4})
        for (const char* chance : {"false", "true"})
            for (const char* board : {"random", "beginner"})
                for (int budget : {0, 6})
                    for (const char* pace : {"vp_to_win=10,max_turns=2000", "vp_to_win=5,max_turns=300"}) {
                        specs.push_back("catan(players=" + std::to_string(players) + ",explicit_chance=" + chance +
                                        ",board=" + board + ",trade_budget=" + std::to_string(budget) +
                                        ",red_adjacent=" + (players == 3 && board[0] == 'r' ? "true" : "false") + "," + pace +
                                        ")");
                    }
    return specs;
}

struct Totals {
    std::uint64_t games = 0, steps = 0, truncated = 0, won = 0;
};

struct Failure {
    std::mutex mutex;
    std::atomic<bool> seen{false};
    std::string text;
};

// Plays game `index` to its end; returns false (after recording why) at a broken invariant.
bool play(const AnyGame& game, const std::string& spec, std::uint64_t index, std::uint64_t seed, Totals& t,
          std::vector<std::uint64_t>& record, std::vector<std::uint64_t>& words, std::vector<ChanceOutcome>& outcomes,
          Failure& failure) {
    void* rec = record.data();
    const std::uint64_t game_seed = derive_seed(seed, index);
    game.init(rec, game_seed);
    Rng chooser = Rng::from_seed(derive_seed(game_seed, 0x72616E646F6Dull));
    for (std::uint64_t step = 0;; ++step) {
        if (const std::string broken = game.check(rec); !broken.empty()) {
            std::lock_guard<std::mutex> lock(failure.mutex);
            failure.seen = true;
            failure.text += "game " + std::to_string(index) + " (" + spec + ", seed " + std::to_string(game_seed) +
                            "), step " + std::to_string(step) + ": " + broken + "\n";
            return false;
        }
        const int player = acting_player(game.actors(rec));
        if (player == kNobody) break;
        int action;
        if (player == kChance) {
            const int k = game.chance_outcomes(rec, outcomes.data());
            double u = chooser.unit();
            action = outcomes[static_cast<std::size_t>(k - 1)].action;
            for (int j = 0; j + 1 < k; ++j) {
                if ((u -= outcomes[static_cast<std::size_t>(j)].probability) < 0) {
                    action = outcomes[static_cast<std::size_t>(j)].action;
                    break;
                }
            }
        } else {
            std::fill(words.begin(), words.end(), 0);
            game.legal_mask(rec, player, words.data());
            action = uniform_set_bit(words.data(), static_cast<int>(words.size()), chooser);
        }
        game.apply_unchecked(rec, player, action);
        ++t.steps;
    }
    ++t.games;
    if (game.truncated(rec)) ++t.truncated;
    else ++t.won;
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 2) {
        std::fprintf(stderr, "usage: %s GAMES [THREADS=0] [SEED=1] [FIRST=0]\n", argv[0]);
        return 2;
    }
    const std::uint64_t games = std::strtoull(argv[1], nullptr, 10);
    int threads = argc > 2 ? std::atoi(argv[2]) : 0;
    if (threads <= 0) threads = static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
    const std::uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
    const std::uint64_t first = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 0;

    const std::vector<std::string> specs = configurations();
    std::vector<std::shared_ptr<const AnyGame>> models;
    for (const std::string& s : specs) models.push_back(make_game(s));

    std::atomic<std::uint64_t> next{0};
    constexpr std::uint64_t kBlock = 64;
    std::vector<Totals> totals(static_cast<std::size_t>(threads));
    Failure failure;
    const auto start = std::chrono::steady_clock::now();
    auto work = [&](int w) {
        Totals& t = totals[static_cast<std::size_t>(w)];
        std::vector<std::uint64_t> record((models[0]->record_size() + 7) / 8);
        std::vector<std::uint64_t> words(static_cast<std::size_t>(models[0]->mask_words()));
        std::vector<ChanceOutcome> outcomes(static_cast<std::size_t>(std::max(1, models[0]->max_chance_outcomes())));
        for (std::uint64_t b; !failure.seen && (b = next.fetch_add(kBlock)) < games;) {
            for (std::uint64_t i = first + b; i < first + std::min(games, b + kBlock) && !failure.seen; ++i) {
                const std::size_t c = static_cast<std::size_t>(i % specs.size());
                if (!play(*models[c], specs[c], i, seed, t, record, words, outcomes, failure)) return;
            }
        }
    };
    std::vector<std::thread> pool;
    for (int w = 1; w < threads; ++w) pool.emplace_back(work, w);
    std::atomic<bool> finished{false};
    std::thread reporter([&] {  // a line every 60 s on long runs
        for (int tick = 1; !finished; ++tick) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            if (tick % 600 == 0) {
                const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                std::fprintf(stderr, "  %llu games started after %.0f s\n",
                             static_cast<unsigned long long>(std::min(next.load(), games)), s);
            }
        }
    });
    work(0);
    for (std::thread& t : pool) t.join();
    const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    finished = true;
    reporter.join();

    Totals all;
    for (const Totals& t : totals) {
        all.games += t.games, all.steps += t.steps, all.truncated += t.truncated, all.won += t.won;
    }
    std::printf("catan long run: %llu games (%zu configurations, games %llu..%llu, seed %llu) on %d threads\n",
                static_cast<unsigned long long>(all.games), specs.size(), static_cast<unsigned long long>(first),
                static_cast<unsigned long long>(first + games - 1), static_cast<unsigned long long>(seed), threads);
    std::printf("  %llu steps, every one followed by the full invariant check; %llu games won, %llu truncated\n",
                static_cast<unsigned long long>(all.steps), static_cast<unsigned long long>(all.won),
                static_cast<unsigned long long>(all.truncated));
    std::printf("  %.1f s: %.0f games/s, %.0f checked steps/s\n", seconds, all.games / seconds, all.steps / seconds);
    if (failure.seen) {
        std::printf("BROKEN INVARIANT:\n%s", failure.text.c_str());
        return 1;
    }
    std::printf("no invariant broken\n");
    return 0;
}
