// The statistics of a tournament: win rates with Wilson intervals, Elo ratings fitted
// by maximum likelihood over all pairwise results, and Wald's sequential probability
// ratio test between two agents. The formulas are written out in docs/agents.md.
#pragma once

#include <cstddef>
#include <vector>

namespace meeple {

// The Wilson score interval of a proportion `successes / n` at z (1.96: 95%).
// Returns {0, 1} for n == 0.
struct Interval {
    double low, high;
};
Interval wilson_interval(double successes, double n, double z = 1.96);

// Pairwise results among k agents: games[i][j] comparisons of i with j, score[i][j] the
// points i took from them (1 a win, 1/2 a draw). games is symmetric and
// score[i][j] + score[j][i] == games[i][j].
struct PairResults {
    explicit PairResults(std::size_t k) : games(k, std::vector<double>(k)), score(k, std::vector<double>(k)) {}
    void add(std::size_t i, std::size_t j, double score_of_i);
    std::vector<std::vector<double>> games, score;
};

// Elo ratings by maximum likelihood under the logistic model
// P(i beats j) = 1 / (1 + 10^((r_j - r_i) / 400)), draws counting half a win, with the
// mean of the finite ratings 0. An agent that won (lost) every comparison it took part in
// has no finite estimate: +infinity (-infinity), and the fit goes on without it.
// stderr: the standard error of each rating from the Fisher information (NaN where it
// does not exist: infinite ratings, agents that met nobody).
struct EloFit {
    std::vector<double> rating, stderr_;
};
EloFit fit_elo(const PairResults& results);

// The expected score of a player rated `elo` above its opponent.
double elo_expected_score(double elo);

// Wald's SPRT on the score of agent A against B as a Bernoulli variable (a draw counts
// half a win and half a loss): H0: the Elo difference is elo0, H1: it is elo1.
// LLR = (W + D/2) ln(p1/p0) + (L + D/2) ln((1-p1)/(1-p0)), p = elo_expected_score(elo).
// Accept H1 when LLR >= ln((1-beta)/alpha), H0 when LLR <= ln(beta/(1-alpha)).
struct Sprt {
    double elo0 = 0, elo1 = 0, alpha = 0.05, beta = 0.05;
    double lower() const;
    double upper() const;
    double llr(double wins, double draws, double losses) const;
    // +1: H1 accepted, -1: H0 accepted, 0: go on.
    int decide(double llr) const;
    // Throws Error naming the bad value (elo0 == elo1, alpha or beta outside (0, 0.5)).
    void check() const;
};

}  // namespace meeple
