// alphabeta: a Catan sparring bot in the spirit of the strongest public bots (a
// depth-limited alpha-beta over a hand-written value function). It decides only from
// what its seat can see: every decision searches one determinization of the state for
// its seat (the others' hands and development cards and the deck redrawn from what it
// cannot see), drawn from its own generator.
//
// - Plies are single actions of whichever seat acts (the lowest active seat when several
//   are). The searching seat maximises, every other seat minimises (paranoid).
// - Chance is exact: an action that draws (the roll, a development card, a steal) is
//   the expectation over its outcomes, each searched with a full window.
// - The value at the leaves is the seat's evaluation (catan_evaluation, without the
//   costly roads-to-the-award look-ahead) minus the best opponent's; a won game is
//   worth kWin, a lost one -kWin.
// - With time_ms the depths run 1, 2, .. up to `depth`, and a depth the budget cuts
//   short is discarded (depth 1 is always finished).
#include <algorithm>
#include <chrono>
#include <limits>
#include <vector>

#include "agents/catan_evaluation.hpp"
#include "agents/heuristics.hpp"
#include "core/error.hpp"
#include "core/options.hpp"
#include "core/seed_derivation.hpp"
#include "search/search_config.hpp"

namespace meeple {
namespace {

using namespace catan;
using State = Catan::State;
using Clock = std::chrono::steady_clock;

constexpr double kWin = 1e6;
constexpr double kInf = std::numeric_limits<double>::infinity();

constexpr OptionSpec kOptions[] = {
    {"depth", OptionType::integer, "2", 1, 8, {}, "actions searched ahead (each seat's action is one)"},
    {"time_ms", OptionType::real, "0", 0, 3600000, {},
     "wall-clock budget of a decision in milliseconds, 1 to 3600000 (leave it out for none)"},
    {"seed", OptionType::integer, "0", 0, 9007199254740991.0, {}, "seed of the agent's own generator"},
};

struct OutOfTime {};

class CatanAlphaBeta final : public Agent {
public:
    CatanAlphaBeta(std::shared_ptr<const AnyGame> game, const Options& options, double time_ms, std::uint64_t seed)
        : Agent(std::move(game), std::string()), rules_(dynamic_cast<const GameModel<Catan>&>(*game_).rules()) {
        depth_ = static_cast<int>(options.get_int("depth"));
        time_ms_ = time_ms;
        user_seed_ = static_cast<std::uint64_t>(options.get_int("seed"));
        spec_ = "alphabeta(depth=" + std::to_string(depth_) +
                (time_ms > 0 ? ",time_ms=" + options.value(1) : std::string()) + ",seed=" + std::to_string(user_seed_) + ")";
        reset(seed);
    }
    void reset(std::uint64_t seed) override { rng_ = Rng::from_seed(derive_seed(user_seed_, seed)); }
    std::uint64_t last_iterations() const override { return nodes_; }

    int act(const void* rec, int player) override {
        const LegalSet legal(*game_, rec, player);
        nodes_ = 0;
        if (legal.count == 1) return legal.nth(0);
        me_ = player;
        State root = static_cast<const Record<State>*>(rec)->state;
        Rng draw = Rng::from_seed(rng_.next());
        rules_.determinize(root, me_, draw);
        timed_ = time_ms_ > 0;
        deadline_ = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double, std::milli>(time_ms_));
        std::vector<int> actions;
        for (int k = 0; k < legal.count; ++k) actions.push_back(legal.nth(k));
        int chosen = actions.front();
        for (int depth = 1; depth <= depth_; ++depth) {
            int best = -1;
            double best_v = -kInf;
            try {
                for (const int a : actions) {
                    const double v = after(root, me_, a, depth - 1, best_v, kInf);
                    if (v > best_v) best_v = v, best = a;
                }
            } catch (const OutOfTime&) {
                if (depth == 1 && best >= 0) chosen = best;  // a partial first depth beats none
                break;
            }
            chosen = best;
        }
        return chosen;
    }

private:
    double leaf(const State& s) const {
        if (s.phase == kGameOver) {
            if (s.winner == me_) return kWin;
            return s.winner == kNone ? 0.0 : -kWin;
        }
        const int n = rules_.num_players();
        double best_other = -kInf;
        for (int p = 0; p < n; ++p) {
            if (p != me_) best_other = std::max(best_other, catan_eval::quick_value(s, p, me_, n));
        }
        return catan_eval::quick_value(s, me_, me_, n) - best_other;
    }

    void tick() {
        ++nodes_;
        if (timed_ && (nodes_ & 63) == 0 && Clock::now() >= deadline_) throw OutOfTime{};
    }

    // The value of `s` searched `depth` more actions.
    double search(const State& s, int depth, double alpha, double beta) {
        tick();
        if (depth == 0 || s.phase == kGameOver) return leaf(s);
        const Actors actors = rules_.actors(s);
        if (actors & kChanceBit) {  // explicit chance: the expectation over the outcomes
            ChanceOutcome out[16];
            const int k = rules_.chance_outcomes(s, out);
            double v = 0;
            for (int i = 0; i < k; ++i) {
                State t = s;
                rules_.apply(t, kChance, out[i].action, fixed_);
                v += out[i].probability * search(t, depth - 1, -kInf, kInf);
            }
            return v;
        }
        const int p = __builtin_ctz(actors);
        std::uint64_t words[kMaskWords] = {};
        rules_.legal_mask(s, p, words);
        const bool maximise = p == me_;
        double best = maximise ? -kInf : kInf;
        for (int w = 0; w < kMaskWords; ++w) {
            for (std::uint64_t bits = words[w]; bits; bits &= bits - 1) {
                const int a = w * 64 + __builtin_ctzll(bits);
                const double v = after(s, p, a, depth - 1, alpha, beta);
                if (maximise) {
                    best = std::max(best, v);
                    alpha = std::max(alpha, v);
                } else {
                    best = std::min(best, v);
                    beta = std::min(beta, v);
                }
                if (alpha >= beta) return best;
            }
        }
        return best;
    }

    // The value of `p` playing `a` in `s`, then `depth` more actions: the expectation
    // over the outcomes when the action draws.
    double after(const State& s, int p, int a, int depth, double alpha, double beta) {
        ChanceOutcome out[32];
        const int k = rules_.action_outcomes(s, p, a, out);
        if (k == 0) {
            State t = s;
            rules_.apply_step(t, p, a, fixed_, -1);
            return search(t, depth, alpha, beta);
        }
        double v = 0;
        for (int i = 0; i < k; ++i) {
            State t = s;
            rules_.apply_step(t, p, a, fixed_, out[i].action);
            v += out[i].probability * search(t, depth, -kInf, kInf);
        }
        return v;
    }

    static constexpr int kMaskWords = (kNumActions + 63) / 64;

    const Catan& rules_;
    int depth_ = 2;
    double time_ms_ = 0;
    std::uint64_t user_seed_ = 0;
    Rng rng_;
    Rng fixed_ = Rng::from_seed(0);  // draws are forced above; this only fills the argument
    int me_ = 0;
    bool timed_ = false;
    Clock::time_point deadline_{};
    std::uint64_t nodes_ = 0;
};

}  // namespace

std::unique_ptr<Agent> make_catan_alphabeta(std::shared_ptr<const AnyGame> game, std::string_view spec,
                                            std::uint64_t seed) {
    const ParsedSpec parsed = parse_spec(spec);
    const double time_ms = given_time_budget(parsed.name, parsed);
    const Options options(parsed.name, kOptions, parsed.options);
    return std::make_unique<CatanAlphaBeta>(std::move(game), options, time_ms, seed);
}

}  // namespace meeple
