#include "search/search_config.hpp"

#include "core/error.hpp"

namespace meeple {
namespace {

constexpr double kMinTimeMs = 1;
constexpr double kMaxTimeMs = 3600000;  // one hour

constexpr OptionSpec kSearchOptions[] = {
    {"iterations", OptionType::integer, "1000", 0, 1e12, {}, "iterations a root per run (0: only the time budget)"},
    // The default 0 stands for "no time budget" and is never written in a canonical spec;
    // a budget given is checked against kTimeOption (1 ms to an hour).
    {"time_ms", OptionType::real, "0", 0, kMaxTimeMs, {},
     "wall-clock budget of a run in milliseconds, 1 to 3600000 (leave it out for none)"},
    {"selection", OptionType::choice, "auto", 0, 0, "auto,uct,puct",
     "uct (UCB1 over visits) or puct (priors); auto: puct with an external evaluator or a policy prior, else uct"},
    {"evaluator", OptionType::choice, "rollout", 0, 0, "rollout,external",
     "leaf values from random rollouts, or from the caller (values and priors, batched)"},
    {"c_uct", OptionType::real, "1.4", 0, 100, {}, "UCT exploration constant (values normalised to [0, 1])"},
    {"c_puct", OptionType::real, "1.5", 0, 100, {}, "PUCT exploration constant (values normalised to [0, 1])"},
    {"rollout_depth", OptionType::integer, "-1", -1, 1e9, {},
     "moves a rollout plays before it stops and scores the position (-1: to the end)"},
    {"rollout", OptionType::choice, "random", 0, 0, "random,heuristic",
     "who plays the rollouts: uniformly random moves, or the game's heuristic player"},
    {"policy_prior", OptionType::real, "0", 0, 1, {},
     "with rollout=heuristic: the share of the prior that goes to the heuristic's move (puct; 0: uniform priors)"},
    {"chance", OptionType::choice, "sample", 0, 0, "sample,expand",
     "explicit chance: sample outcomes by probability, or expand every outcome and visit them in proportion"},
    {"dirichlet_alpha", OptionType::real, "0", 0, 100, {}, "root noise on the priors (0: none)"},
    {"dirichlet_fraction", OptionType::real, "0.25", 0, 1, {}, "weight of the root noise"},
    {"temperature", OptionType::real, "0", 0, 100, {}, "move choice: 0 the most visited, else visits^(1/t)"},
    {"virtual_loss", OptionType::integer, "1", 0, 1000, {}, "losses a pending leaf counts on its path"},
    {"batch", OptionType::integer, "8", 1, 65536, {}, "leaves a tree collects before asking for values"},
    {"external_depth", OptionType::integer, "0", 0, 1e9, {},
     "with evaluator=external: leaves this deep in the tree or deeper are scored by rollouts (rollout_depth, "
     "rollout, leaf), not by the caller (0: every leaf goes to the caller; 1: the caller gives the root's priors "
     "and value alone)",
     /*elide_default=*/true},
    {"trees", OptionType::integer, "1", 1, 256, {}, "independent trees a root, merged at the root"},
    {"reuse", OptionType::boolean, "true", 0, 0, {}, "keep the subtree of the moves played between searches"},
    {"seed", OptionType::integer, "0", 0, 9007199254740991.0, {}, "seed of the search's own generators"},
    {"inputs", OptionType::choice, "observation", 0, 0, "observation,features",
     "what a leaf's row holds (external evaluator): the observation, or the game's feature vector (seat variant), "
     "both from the seat to act at the leaf"},
    {"leaf", OptionType::choice, "game", 0, 0, "game,evaluation",
     "the value where a rollout stops early (rollout_depth; 0: at the leaf itself): the game's heuristic value, "
     "or the game's evaluation turned into win chances (catan)",
     /*elide_default=*/true},
    {"solver", OptionType::choice, "auto", 0, 0, "auto,true,false",
     "prove wins, draws and losses exactly in the tree (MCTS-solver); auto: in deterministic, perfect-information "
     "two-seat games (tictactoe), true: the same but refused elsewhere, false: never",
     /*elide_default=*/true},
    {"opponents", OptionType::choice, "search", 0, 0, "search,policy",
     "who moves for the other seats in the tree: the search (each seat for itself), or policy: the rollout "
     "policy (rollout=heuristic), so the tree branches on the searching seat's decisions alone",
     /*elide_default=*/true},
};

// A canonical spec names time_ms only when a budget was given, so that it parses again
// (time_ms=0 is refused).
std::string without_default_time(std::string canonical, double time_ms) {
    if (time_ms > 0) return canonical;
    const std::string_view unset = ",time_ms=0";
    const std::size_t at = canonical.find(unset);
    if (at != std::string::npos) canonical.erase(at, unset.size());
    return canonical;
}

// A time budget as given: 0 (the unset default), negatives and over an hour are refused
// with this range.
constexpr OptionSpec kTimeOption[] = {
    {"time_ms", OptionType::real, "1", kMinTimeMs, kMaxTimeMs, {}, {}},
};

}  // namespace

double given_time_budget(const std::string& owner, const ParsedSpec& parsed) {
    for (const auto& option : parsed.options) {
        if (option.first == "time_ms") return Options(owner, kTimeOption, {option}).get_real("time_ms");
    }
    return 0;
}

std::span<const OptionSpec> search_option_specs() { return kSearchOptions; }

SearchConfig parse_search_spec(std::string_view text) {
    ParsedSpec parsed = parse_spec(text);
    if (parsed.name != "mcts" && parsed.name != "ismcts") {
        fail(Status::invalid_argument, "unknown search '" + parsed.name + "'; available: mcts, ismcts");
    }
    given_time_budget(parsed.name, parsed);
    const Options options(parsed.name, kSearchOptions, parsed.options);
    SearchConfig c;
    c.spec = without_default_time(options.canonical(parsed.name), options.get_real("time_ms"));
    c.information_set = parsed.name == "ismcts";
    c.iterations = static_cast<std::uint64_t>(options.get_int("iterations"));
    c.time_ms = options.get_real("time_ms");
    if (c.iterations == 0 && c.time_ms == 0) {
        fail(Status::invalid_argument, "search '" + std::string(text) +
                                           "' has no budget: give iterations > 0 or time_ms (1 to 3600000)");
    }
    c.evaluator = options.get_choice("evaluator") == "external" ? Evaluator::external : Evaluator::rollout;
    const std::string& selection = options.get_choice("selection");
    c.selection = selection == "uct"    ? Selection::uct
                  : selection == "puct" ? Selection::puct
                  : c.evaluator == Evaluator::external || options.get_real("policy_prior") > 0 ? Selection::puct
                                                                                              : Selection::uct;
    c.c_uct = options.get_real("c_uct");
    c.c_puct = options.get_real("c_puct");
    c.rollout_depth = static_cast<int>(options.get_int("rollout_depth"));
    c.heuristic_rollout = options.get_choice("rollout") == "heuristic";
    c.policy_prior = options.get_real("policy_prior");
    if (c.policy_prior > 0 && !c.heuristic_rollout) {
        fail(Status::invalid_argument, "search '" + std::string(text) +
                                           "' sets policy_prior without a policy: add rollout=heuristic");
    }
    c.chance = options.get_choice("chance") == "expand" ? ChanceMode::expand : ChanceMode::sample;
    c.dirichlet_alpha = options.get_real("dirichlet_alpha");
    c.dirichlet_fraction = options.get_real("dirichlet_fraction");
    c.temperature = options.get_real("temperature");
    c.virtual_loss = static_cast<int>(options.get_int("virtual_loss"));
    c.batch = static_cast<int>(options.get_int("batch"));
    c.external_depth = static_cast<int>(options.get_int("external_depth"));
    if (c.external_depth > 0 && c.evaluator != Evaluator::external) {
        fail(Status::invalid_argument, "search '" + std::string(text) +
                                           "' sets external_depth, which says where the caller's evaluations stop: "
                                           "add evaluator=external or drop external_depth");
    }
    c.trees = static_cast<int>(options.get_int("trees"));
    c.reuse = options.get_bool("reuse");
    c.seed = static_cast<std::uint64_t>(options.get_int("seed"));
    c.inputs = options.get_choice("inputs") == "features" ? LeafInputs::features : LeafInputs::observation;
    const std::string& solver = options.get_choice("solver");
    c.solver = solver == "true" ? SolverMode::on : solver == "false" ? SolverMode::off : SolverMode::automatic;
    if (c.inputs == LeafInputs::features && c.evaluator != Evaluator::external) {
        fail(Status::invalid_argument, "search '" + std::string(text) +
                                           "' sets inputs=features, which only an external evaluator reads: "
                                           "add evaluator=external or drop inputs");
    }
    c.opponents = options.get_choice("opponents") == "policy" ? Opponents::policy : Opponents::search;
    if (c.opponents == Opponents::policy && !c.heuristic_rollout) {
        fail(Status::invalid_argument, "search '" + std::string(text) +
                                           "' sets opponents=policy without a policy: add rollout=heuristic");
    }
    if (c.opponents == Opponents::policy && c.solver == SolverMode::on) {
        fail(Status::invalid_argument, "search '" + std::string(text) +
                                           "' sets opponents=policy with solver=true: a proof needs every reply "
                                           "searched; drop one of them");
    }
    c.leaf = options.get_choice("leaf") == "evaluation" ? LeafValue::evaluation : LeafValue::game;
    const bool rolls_out = c.evaluator == Evaluator::rollout || c.external_depth > 0;
    if (c.leaf == LeafValue::evaluation && (!rolls_out || c.rollout_depth < 0)) {
        fail(Status::invalid_argument, "search '" + std::string(text) +
                                           "' sets leaf=evaluation, which scores rollouts that stop early: give "
                                           "rollout_depth (0 or more), and external_depth with an external evaluator");
    }
    return c;
}

}  // namespace meeple
