// best: the strongest configuration of each game's agents within about one second of one
// core a decision, chosen by arena runs (docs/agents.md, "The best agent", and
// docs/catan-strength.md). `best` resolves to a spec of an agent that exists, and the agent
// it makes is that agent: its spec() names the real configuration, so arena results and
// records do too.
#include <string>

#include "agents/agent.hpp"
#include "core/error.hpp"
#include "core/options.hpp"
#include "core/seed_derivation.hpp"

namespace meeple {
namespace {

// How a choice takes the budget: a search by iterations (mcts, ismcts: iterations=N
// replaces the time budget), or an agent that decides at once (heuristic: the budget
// does not apply; the seed goes into its generator's).
enum class Budget { iterations, none };

struct BestChoice {
    const char* game;
    const char* agent;
    const char* options;  // fixed options, each followed by a comma ("" for none)
    Budget budget;
};

// tictactoe keeps a fixed iteration count (reached in milliseconds, and it never loses
// to a perfect player), time_ms only caps it; catan and triangle search for the whole
// budget; holdem's heuristic wins chips against information-set MCTS, with random
// rollouts or with its own (docs/benchmarks.md, "Hold'em heuristic"). Catan uses ismcts,
// not mcts: it must not read the other seats' cards.
constexpr BestChoice kChoices[] = {
    {"catan", "ismcts", "rollout=heuristic,policy_prior=0.5,rollout_depth=60,", Budget::iterations},
    {"holdem", "heuristic", "", Budget::none},
    {"tictactoe", "mcts", "iterations=20000,", Budget::iterations},
    {"triangle", "mcts", "", Budget::iterations},
};
// A game that is not in the table: information-set MCTS (it never reads hidden state).
constexpr BestChoice kFallback = {"", "ismcts", "", Budget::iterations};

constexpr double kDefaultTimeMs = 1000;

constexpr OptionSpec kBestOptions[] = {
    {"time_ms", OptionType::real, "1000", 1, 3600000, {},
     "wall-clock budget of a decision in milliseconds, 1 to 3600000 (default 1000)"},
    {"iterations", OptionType::integer, "0", 0, 1e12, {},
     "a fixed iteration count instead of the time budget, for play that repeats exactly (0: the time budget)"},
    {"seed", OptionType::integer, "0", 0, 9007199254740991.0, {}, "seed of the agent's own generator"},
};

const BestChoice& choice_for(const AnyGame& game) {
    for (const BestChoice& c : kChoices) {
        if (game.name() == c.game) return c;
    }
    return kFallback;
}

std::string number(double v) {
    const long long whole = static_cast<long long>(v);
    if (static_cast<double>(whole) == v) return std::to_string(whole);
    std::string s = std::to_string(v);
    while (s.back() == '0') s.pop_back();
    return s;
}

}  // namespace

std::string resolve_best(const AnyGame& game, std::string_view spec) {
    const ParsedSpec parsed = parse_spec(spec);
    bool time_given = false;
    for (const auto& option : parsed.options) time_given |= option.first == "time_ms";
    const Options options("best", kBestOptions, parsed.options);  // names the valid options
    const double time_ms = time_given ? options.get_real("time_ms") : kDefaultTimeMs;
    const long long iterations = options.get_int("iterations");
    const long long seed = options.get_int("seed");
    if (iterations > 0 && time_given) {
        fail(Status::invalid_argument, "best takes time_ms or iterations, not both (got time_ms=" + number(time_ms) +
                                           " and iterations=" + std::to_string(iterations) + ")");
    }
    const BestChoice& c = choice_for(game);
    if (c.budget == Budget::none) return c.agent;
    std::string out = std::string(c.agent) + "(";
    std::string fixed = c.options;
    if (iterations > 0) {
        if (fixed.rfind("iterations=", 0) == 0) fixed.erase(0, fixed.find(',') + 1);
        out += "iterations=" + std::to_string(iterations) + "," + fixed;
    } else {
        out += (fixed.rfind("iterations=", 0) == 0 ? "" : "iterations=0,") + fixed + "time_ms=" + number(time_ms) + ",";
    }
    out += "seed=" + std::to_string(seed) + ")";
    return out;
}

std::unique_ptr<Agent> make_best_agent(std::shared_ptr<const AnyGame> game, std::string_view spec,
                                       std::uint64_t seed) {
    const std::string resolved = resolve_best(*game, spec);
    if (choice_for(*game).budget == Budget::none) {
        // An agent without options: best's seed goes into the agent's own.
        const Options options("best", kBestOptions, parse_spec(spec).options);
        seed = derive_seed(static_cast<std::uint64_t>(options.get_int("seed")), seed);
    }
    return make_agent(std::move(game), resolved, seed);
}

}  // namespace meeple
