// Tic-tac-toe heuristic: win if a line can be completed, else block the opponent's,
// else take the centre, else a corner, else a side (ties broken by the agent's
// generator). It plays the normal game: with misere=true it is not a good player.
#include "agents/heuristics.hpp"
#include "games/tictactoe/tictactoe.hpp"

namespace meeple {
namespace {

using tictactoe::kLineMasks;
using tictactoe::TicTacToe;

class TicTacToeHeuristic final : public Agent {
public:
    TicTacToeHeuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed) : Agent(std::move(game), "heuristic") {
        reset(seed);
    }
    void reset(std::uint64_t seed) override { rng_ = Rng::from_seed(seed); }
    int act(const void* rec, int player) override {
        const auto& s = static_cast<const Record<TicTacToe::State>*>(rec)->state;
        const unsigned mine = s.marks[player], theirs = s.marks[1 - player];
        const unsigned empty = ~(mine | theirs) & 0x1FF;
        if (const unsigned win = completing(mine, empty)) return pick(win);
        if (const unsigned block = completing(theirs, empty)) return pick(block);
        if (empty & 0x010) return 4;
        if (const unsigned corners = empty & 0x145) return pick(corners);
        return pick(empty);
    }

private:
    // Empty cells that complete a line of `marks`.
    static unsigned completing(unsigned marks, unsigned empty) {
        unsigned out = 0;
        for (const unsigned line : kLineMasks) {
            const unsigned have = marks & line, open = empty & line;
            if (__builtin_popcount(have) == 2 && open) out |= open;
        }
        return out;
    }
    int pick(unsigned cells) {
        int k = static_cast<int>(rng_.below(static_cast<std::uint32_t>(__builtin_popcount(cells))));
        for (; k > 0; --k) cells &= cells - 1;
        return __builtin_ctz(cells);
    }
    Rng rng_;
};

}  // namespace

std::unique_ptr<Agent> make_tictactoe_heuristic(std::shared_ptr<const AnyGame> game, std::uint64_t seed) {
    return std::make_unique<TicTacToeHeuristic>(std::move(game), seed);
}

}  // namespace meeple
