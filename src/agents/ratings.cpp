#include "agents/ratings.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <string>

#include "core/error.hpp"

namespace meeple {

Interval wilson_interval(double successes, double n, double z) {
    if (n <= 0) return {0, 1};
    const double p = successes / n, z2 = z * z;
    const double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    const double half = z * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n);
    return {std::max(0.0, centre - half), std::min(1.0, centre + half)};
}

void PairResults::add(std::size_t i, std::size_t j, double score_of_i) {
    games[i][j] += 1, games[j][i] += 1;
    score[i][j] += score_of_i, score[j][i] += 1 - score_of_i;
}

double elo_expected_score(double elo) { return 1.0 / (1.0 + std::pow(10.0, -elo / 400.0)); }

namespace {

constexpr double kLog10Over400 = 2.302585092994046 / 400.0;  // d/dr of the logistic in Elo

// Inverts a small symmetric positive definite matrix in place (Gauss-Jordan); false when singular.
bool invert(std::vector<std::vector<double>>& a) {
    const std::size_t n = a.size();
    std::vector<std::vector<double>> inv(n, std::vector<double>(n));
    for (std::size_t i = 0; i < n; ++i) inv[i][i] = 1;
    for (std::size_t c = 0; c < n; ++c) {
        std::size_t pivot = c;
        for (std::size_t r = c + 1; r < n; ++r) {
            if (std::fabs(a[r][c]) > std::fabs(a[pivot][c])) pivot = r;
        }
        if (std::fabs(a[pivot][c]) < 1e-300) return false;
        std::swap(a[c], a[pivot]), std::swap(inv[c], inv[pivot]);
        const double d = a[c][c];
        for (std::size_t k = 0; k < n; ++k) a[c][k] /= d, inv[c][k] /= d;
        for (std::size_t r = 0; r < n; ++r) {
            if (r == c || a[r][c] == 0) continue;
            const double f = a[r][c];
            for (std::size_t k = 0; k < n; ++k) a[r][k] -= f * a[c][k], inv[r][k] -= f * inv[c][k];
        }
    }
    a = std::move(inv);
    return true;
}

// The Fisher information of the log-likelihood in Elo units over the agents `idx` at
// ratings r (a graph Laplacian), and, when `grad` is given, its gradient.
void information(const PairResults& results, const std::vector<std::size_t>& idx, const std::vector<double>& r,
                 std::vector<std::vector<double>>& info, std::vector<double>* grad) {
    const std::size_t m = idx.size();
    info.assign(m, std::vector<double>(m, 0.0));
    for (std::size_t a = 0; a < m; ++a) {
        for (std::size_t b = 0; b < m; ++b) {
            const double n = results.games[idx[a]][idx[b]];
            if (a == b || n == 0) continue;
            const double p = elo_expected_score(r[a] - r[b]);
            if (grad) (*grad)[a] += kLog10Over400 * (results.score[idx[a]][idx[b]] - n * p);
            const double w = kLog10Over400 * kLog10Over400 * n * p * (1 - p);
            info[a][a] += w, info[a][b] -= w;
        }
    }
}

}  // namespace

EloFit fit_elo(const PairResults& results) {
    const std::size_t k = results.games.size();
    const double inf = std::numeric_limits<double>::infinity(), nan = std::numeric_limits<double>::quiet_NaN();
    EloFit fit{std::vector<double>(k, 0.0), std::vector<double>(k, nan)};
    // Agents that won or lost everything against the agents still in the fit leave it
    // with an infinite rating; repeat until none is left.
    std::vector<char> in(k, 0);
    for (std::size_t i = 0; i < k; ++i) {
        for (std::size_t j = 0; j < k; ++j) in[i] |= results.games[i][j] > 0;
    }
    for (bool changed = true; changed;) {
        changed = false;
        std::vector<char> out(k, 0);  // decided on this pass's set, then removed together
        for (std::size_t i = 0; i < k; ++i) {
            if (!in[i]) continue;
            double n = 0, w = 0;
            for (std::size_t j = 0; j < k; ++j) {
                if (in[j] && j != i) n += results.games[i][j], w += results.score[i][j];
            }
            if (n > 0 && (w == 0 || w == n)) {
                fit.rating[i] = w == 0 ? -inf : inf;
                out[i] = 1, changed = true;
            }
        }
        for (std::size_t i = 0; i < k; ++i) {
            if (out[i]) in[i] = 0;
        }
    }
    std::vector<std::size_t> idx;
    for (std::size_t i = 0; i < k; ++i) {
        if (in[i]) idx.push_back(i);
    }
    const std::size_t m = idx.size();
    if (m == 0) return fit;
    // Newton's method on the log-likelihood in Elo units, the first agent pinned at 0
    // while iterating (the Hessian is singular along a common shift), centred after.
    std::vector<double> r(m, 0.0);
    for (int iter = 0; iter < 200; ++iter) {
        std::vector<double> grad(m, 0.0);
        std::vector<std::vector<double>> info;
        information(results, idx, r, info, &grad);
        if (m == 1) break;
        // Solve on agents 1..m-1 with agent 0 fixed.
        std::vector<std::vector<double>> sub(m - 1, std::vector<double>(m - 1));
        for (std::size_t a = 1; a < m; ++a) {
            for (std::size_t b = 1; b < m; ++b) sub[a - 1][b - 1] = info[a][b];
        }
        if (!invert(sub)) break;
        double biggest = 0;
        for (std::size_t a = 1; a < m; ++a) {
            double step = 0;
            for (std::size_t b = 1; b < m; ++b) step += sub[a - 1][b - 1] * grad[b];
            step = std::clamp(step, -400.0, 400.0);
            r[a] += step;
            biggest = std::max(biggest, std::fabs(step));
        }
        if (biggest < 1e-10) break;
    }
    double mean = 0;
    for (const double x : r) mean += x;
    mean /= static_cast<double>(m);
    for (std::size_t a = 0; a < m; ++a) fit.rating[idx[a]] = r[a] - mean;
    // Covariance with the ratings summing to zero: the pseudo-inverse of the information
    // (a graph Laplacian), (I + J/m)^-1 - J/m for a connected set of agents.
    std::vector<std::vector<double>> info;
    information(results, idx, r, info, nullptr);
    for (auto& row : info) {
        for (double& x : row) x += 1.0 / static_cast<double>(m);
    }
    if (m > 1 && invert(info)) {
        for (std::size_t a = 0; a < m; ++a) {
            const double var = info[a][a] - 1.0 / static_cast<double>(m);
            fit.stderr_[idx[a]] = var > 0 ? std::sqrt(var) : nan;
        }
    }
    return fit;
}

double Sprt::lower() const { return std::log(beta / (1 - alpha)); }
double Sprt::upper() const { return std::log((1 - beta) / alpha); }

double Sprt::llr(double wins, double draws, double losses) const {
    const double p0 = elo_expected_score(elo0), p1 = elo_expected_score(elo1);
    return (wins + draws / 2) * std::log(p1 / p0) + (losses + draws / 2) * std::log((1 - p1) / (1 - p0));
}

int Sprt::decide(double llr) const {
    if (llr >= upper()) return 1;
    if (llr <= lower()) return -1;
    return 0;
}

void Sprt::check() const {
    auto bad = [](const std::string& what) { fail(Status::invalid_argument, "sprt: " + what); };
    if (!std::isfinite(elo0) || !std::isfinite(elo1) || elo0 >= elo1) {
        bad("elo0 must be below elo1 (both finite), got elo0=" + std::to_string(elo0) + ", elo1=" + std::to_string(elo1));
    }
    if (!(alpha > 0 && alpha < 0.5)) bad("alpha must be in (0, 0.5), got " + std::to_string(alpha));
    if (!(beta > 0 && beta < 0.5)) bad("beta must be in (0, 0.5), got " + std::to_string(beta));
}

}  // namespace meeple
