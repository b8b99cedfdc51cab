// Equity against brute force over showdowns, Monte Carlo against exact, and the
// promise that a seed gives the same bits at every thread count.
#include <cmath>

#include "check.hpp"
#include "core/error.hpp"
#include "poker/equity.hpp"

using namespace meeple;
using namespace meeple::poker;

namespace {

EquityRequest request(std::vector<const char*> hands, const char* board = "", const char* dead = "") {
    EquityRequest q;
    for (const char* h : hands) q.hands.push_back(parse_mask(h));
    q.board = parse_mask(board);
    q.dead = parse_mask(dead);
    return q;
}

// The equity of each hand by playing every river through showdown().
std::vector<double> brute_force_river(const EquityRequest& q) {
    std::vector<double> eq(q.hands.size(), 0.0);
    CardMask used = q.board | q.dead;
    for (CardMask h : q.hands) used |= h;
    int boards = 0;
    for (int id = 0; id < kDeckSize; ++id) {
        if (used & card_bit(id)) continue;
        const std::vector<int> w = showdown(q.variant, q.hands.data(), q.hands.size(), q.board | card_bit(id), nullptr);
        for (int seat : w) eq[static_cast<std::size_t>(seat)] += 1.0 / static_cast<double>(w.size());
        ++boards;
    }
    for (double& e : eq) e /= boards;
    return eq;
}

}  // namespace

TEST(poker_exact_equity_on_the_turn_equals_brute_force_showdowns) {
    for (auto q : {request({"As Ks", "Qd Qc"}, "Qs Js 2h 3c"), request({"Ah 5h", "Kc Kd", "7c 8c"}, "6h 9h 2c 3d", "Tc"),
                   request({"Ah Kh 5c 5d", "Qs Js Ts 9c"}, "2h 7h 8s Kd")}) {
        if (card_count(q.hands[0]) == 4) q.variant = Variant::plo;
        const EquityResult r = equity(q);
        const std::vector<double> bf = brute_force_river(q);
        for (std::size_t i = 0; i < bf.size(); ++i) CHECK(std::fabs(r.equity[i] - bf[i]) < 1e-12);
        double sum = 0;
        for (double e : r.equity) sum += e;
        CHECK(std::fabs(sum - 1.0) < 1e-12);
    }
}

TEST(poker_exact_equity_counts_every_board) {
    EquityRequest q = request({"As Ks", "Qd Qc"});
    CHECK_EQ(count_boards(q), 1712304u);
    q.board = parse_mask("2c 7d 9h");
    q.dead = parse_mask("3s");
    CHECK_EQ(count_boards(q), 946u);  // C(44, 2)
    CHECK_EQ(equity(q).count, 946u);
}

TEST(poker_monte_carlo_lies_within_its_standard_error_of_exact) {
    EquityRequest q = request({"Ah Kd", "7c 7s", "Jh Th"}, "2h 8h");
    const EquityResult exact = equity(q);
    q.exact = false;
    q.trials = 200000;
    q.seed = 42;
    const EquityResult mc = equity(q);
    CHECK_EQ(mc.count, 200000u);
    for (std::size_t i = 0; i < 3; ++i) {
        CHECK(mc.stderr_[i] > 0);
        CHECK(std::fabs(mc.equity[i] - exact.equity[i]) < 4 * mc.stderr_[i]);
    }
}

TEST(poker_monte_carlo_is_bit_identical_at_every_thread_count) {
    EquityRequest q = request({"As Ad", "Kh Kc", "9s 8s"});
    q.exact = false;
    q.trials = 100003;  // not a whole number of chunks
    q.seed = 7;
    q.threads = 1;
    const EquityResult one = equity(q);
    for (int threads : {2, 3, 8}) {
        q.threads = threads;
        const EquityResult r = equity(q);
        CHECK(r.win == one.win && r.tie == one.tie && r.equity == one.equity && r.stderr_ == one.stderr_);
    }
    q.seed = 8;
    CHECK(equity(q).equity != one.equity);
}

TEST(poker_equity_rejects_bad_requests) {
    CHECK_THROWS_STATUS(equity(request({"As Ks"})), Status::invalid_argument);
    CHECK_THROWS_STATUS(equity(request({"As Ks", "As Qd"})), Status::invalid_argument);
    CHECK_THROWS_STATUS(equity(request({"As Ks", "Qd"})), Status::invalid_argument);
    CHECK_THROWS_STATUS(equity(request({"As Ks", "Qd Qc"}, "Qd 2c 3c")), Status::invalid_argument);
    CHECK_THROWS_STATUS(equity(request({"As Ks", "Qd Qc"}, "", "Ks")), Status::invalid_argument);
    EquityRequest q = request({"As Ks", "Qd Qc"});
    q.exact = false;
    q.trials = 0;
    CHECK_THROWS_STATUS(equity(q), Status::invalid_argument);
}
