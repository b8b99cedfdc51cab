// meeple_search_*: checks the caller's arguments and arrays, then calls the core search.
#include <algorithm>
#include <vector>

#include "capi/batch_handle.hpp"
#include "capi/handles.hpp"
#include "capi/in_use.hpp"
#include "search/search.hpp"

struct meeple_search {
    meeple::Search search;
    int32_t threads;
    // Every call takes it alone: runs release the GIL and share the pool and trees.
    mutable meeple::capi::InUse in_use;
};

using namespace meeple;
using namespace meeple::capi;

static_assert(MEEPLE_NO_ACTION == kNoAction);

namespace {

Search& search_of(meeple_search_t* s) { return require(s, "search").search; }
const Search& search_of(const meeple_search_t* s) { return require(s, "search").search; }

std::size_t root_index(const Search& s, uint64_t root) {
    if (root >= s.roots()) {
        fail(Status::out_of_range, "root " + std::to_string(root) + " is outside this search: roots are 0.." +
                                       std::to_string(s.roots() - 1));
    }
    return static_cast<std::size_t>(root);
}

void same_game(const AnyGame& a, const AnyGame& b, const char* what) {
    if (&a != &b && a.spec() != b.spec()) {
        fail(Status::invalid_argument, std::string("cannot search ") + what + " of " + a.spec() + " in a search of " +
                                           b.spec() + "; both must be of the same game");
    }
}

}  // namespace

meeple_status_t meeple_search_new(const meeple_game_t* game, const char* spec, uint64_t num_roots, int32_t threads,
                                  meeple_search_t** out_search) {
    return guarded([&] {
        const meeple_game& g = require(game, "game");
        require(spec, "spec");
        require(out_search, "out_search");
        if (threads < 0 || threads > ThreadPool::kMaxThreads) {
            fail(Status::invalid_argument, "threads is " + std::to_string(threads) + "; use 0 (one per core) to 256");
        }
        auto s = std::unique_ptr<meeple_search>(
            new meeple_search{Search(g.game, spec, static_cast<std::size_t>(num_roots), threads), threads, {}});
        *out_search = s.release();
    });
}

void meeple_search_free(meeple_search_t* search) { delete search; }

meeple_status_t meeple_search_spec(const meeple_search_t* search, char* out, size_t capacity, size_t* out_len) {
    return guarded([&] {
        const Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        fill_string(s.config().spec, out, capacity, out_len);
    });
}

meeple_status_t meeple_search_info(const meeple_search_t* search, meeple_search_info_t* out_info) {
    return guarded([&] {
        const Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        const AnyGame& g = s.game();
        meeple_search_info_t full{};
        full.threads = search->threads == 0 ? ThreadPool::hardware_threads() : search->threads;
        full.num_roots = s.roots();
        full.num_players = g.num_players();
        full.num_actions = g.num_actions();
        full.mask_words = g.mask_words();
        full.obs_size = g.obs_size();
        full.external = s.config().evaluator == Evaluator::external ? 1 : 0;
        full.trees = s.config().trees;
        full.pending = s.pending();
        full.leaf_size = s.leaf_size();
        fill_sized(out_info, full, "meeple_search_info_t");
    });
}

meeple_status_t meeple_search_set_root(meeple_search_t* search, uint64_t root, const meeple_state_t* state,
                                       int32_t player) {
    return guarded([&] {
        Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        const meeple_state& st = require(state, "state");
        same_game(*st.game, s.game(), "a state");
        s.set_root(root_index(s, root), st.rec(), player);
    });
}

meeple_status_t meeple_search_set_roots_from_batch(meeple_search_t* search, const meeple_batch_t* batch) {
    return guarded([&] {
        Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        const meeple_batch& handle = require(batch, "batch");
        const UseGuard batch_use(handle.in_use, "batch");
        const Batch& b = handle.batch;
        same_game(b.game(), s.game(), "a batch");
        if (b.size() > s.roots()) {
            fail(Status::invalid_argument, "the batch has " + std::to_string(b.size()) + " slots but the search only " +
                                               std::to_string(s.roots()) + " roots");
        }
        if (s.in_round()) fail(Status::wrong_state, "a search round is open: run it to its end before setting roots");
        for (std::size_t i = 0; i < b.size(); ++i) {
            const int acting = acting_player(s.game().actors(b.record(i)));
            if (acting >= 0) s.set_root(i, b.record(i), kActing);
            else s.clear_root(i);
        }
    });
}

meeple_status_t meeple_search_clear_root(meeple_search_t* search, uint64_t root) {
    return guarded([&] {
        Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        s.clear_root(root_index(s, root));
    });
}

meeple_status_t meeple_search_advance(meeple_search_t* search, uint64_t root, int32_t player, int32_t action) {
    return guarded([&] {
        Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        s.advance(root_index(s, root), player, action);
    });
}

meeple_status_t meeple_search_run(meeple_search_t* search, meeple_control_t* control, int32_t* out_result) {
    return guarded([&] {
        Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        require(out_result, "out_result");
        if (control && control->struct_size < sizeof(meeple_control_t)) {
            fail(Status::invalid_argument, "control->struct_size is " + std::to_string(control->struct_size) +
                                               "; set it to sizeof(meeple_control_t)");
        }
        const bool done = s.run(Control(control));
        *out_result = done ? MEEPLE_SEARCH_DONE : MEEPLE_SEARCH_NEEDS_VALUES;
    });
}

meeple_status_t meeple_search_write_leaves(const meeple_search_t* search, float* obs, uint64_t* masks, int32_t* roots,
                                           int32_t* players, size_t capacity, size_t* out_count) {
    return guarded([&] {
        const Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        require(out_count, "out_count");
        const std::size_t n = s.pending();
        *out_count = n;
        if (capacity == 0 && !obs && !masks && !roots && !players) return;  // the size query
        if (capacity < n) {
            fail(Status::buffer_too_small, "the arrays hold " + std::to_string(capacity) + " rows; " + std::to_string(n) +
                                               " leaves are waiting");
        }
        s.write_leaves(obs, masks, roots, players);
    });
}

meeple_status_t meeple_search_provide(meeple_search_t* search, const float* values, const float* priors, size_t count) {
    return guarded([&] {
        Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        require(values, "values");
        if (count != s.pending()) {
            fail(Status::invalid_argument, "count is " + std::to_string(count) + " but " + std::to_string(s.pending()) +
                                               " leaves are waiting; give values for each of them");
        }
        s.provide(values, priors);
    });
}

meeple_status_t meeple_search_stats(const meeple_search_t* search, uint64_t root, meeple_search_stats_t* out_stats) {
    return guarded([&] {
        const Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        const std::size_t r = root_index(s, root);
        meeple_search_stats_t full{};
        full.chosen_action = s.chosen_action(r);
        const SearchRootStats st = s.stats(r);
        full.iterations = st.iterations;
        full.nodes = st.nodes;
        full.max_depth = st.max_depth;
        full.seconds = st.seconds;
        if (out_stats && out_stats->struct_size < 8) {
            fail(Status::invalid_argument, "out_stats->struct_size is " + std::to_string(out_stats->struct_size) +
                                               "; set it to sizeof(meeple_search_stats_t)");
        }
        fill_sized(out_stats, full, "meeple_search_stats_t");
    });
}

meeple_status_t meeple_search_chosen_actions(const meeple_search_t* search, int32_t* out, size_t capacity) {
    return guarded([&] {
        const Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        require(out, "out");
        if (capacity < s.roots()) {
            fail(Status::buffer_too_small, "out holds " + std::to_string(capacity) + " entries; the search has " +
                                               std::to_string(s.roots()) + " roots");
        }
        std::vector<int32_t> chosen(s.roots());
        for (std::size_t r = 0; r < s.roots(); ++r) chosen[r] = s.chosen_action(r);
        std::copy(chosen.begin(), chosen.end(), out);
    });
}

meeple_status_t meeple_search_root_actions(const meeple_search_t* search, uint64_t root, int32_t* actions,
                                           uint64_t* visits, double* values, size_t capacity, size_t* out_len) {
    return guarded([&] {
        const Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        const std::size_t r = root_index(s, root);
        require(out_len, "out_len");
        if (!actions && !visits && !values && capacity) {
            fail(Status::invalid_argument, "actions, visits and values are NULL but capacity is " + std::to_string(capacity));
        }
        if (s.active(r)) s.chosen_action(r);  // an active root needs a finished round
        const std::vector<RootChild> children = s.root_children(r);  // an idle one has none
        const std::size_t n = children.size();
        *out_len = n;
        if (!actions && !visits && !values) return;  // the size query
        if (capacity < n) {
            fail(Status::buffer_too_small, "the arrays hold " + std::to_string(capacity) + " actions; " +
                                               std::to_string(n) + " were searched");
        }
        const std::size_t players = static_cast<std::size_t>(s.game().num_players());
        for (std::size_t i = 0; i < n; ++i) {
            if (actions) actions[i] = children[i].action;
            if (visits) visits[i] = children[i].visits;
            if (values) {
                for (std::size_t p = 0; p < players; ++p) {
                    values[i * players + p] =
                        children[i].visits ? children[i].value_sum[p] / static_cast<double>(children[i].visits) : 0.0;
                }
            }
        }
    });
}

meeple_status_t meeple_search_root_value(const meeple_search_t* search, uint64_t root, double* out, size_t capacity) {
    return guarded([&] {
        const Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        const std::size_t r = root_index(s, root);
        require(out, "out");
        const std::size_t players = static_cast<std::size_t>(s.game().num_players());
        if (capacity < players) {
            fail(Status::buffer_too_small, "out holds " + std::to_string(capacity) + " values; the game has " +
                                               std::to_string(players) + " seats");
        }
        std::vector<double> v(players);
        s.root_value(r, v.data());
        std::copy(v.begin(), v.end(), out);
    });
}

meeple_status_t meeple_search_policy(const meeple_search_t* search, uint64_t root, double temperature, float* out,
                                     size_t capacity) {
    return guarded([&] {
        const Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        const std::size_t r = root_index(s, root);
        require(out, "out");
        const std::size_t actions = static_cast<std::size_t>(s.game().num_actions());
        if (capacity < actions) {
            fail(Status::buffer_too_small, "out holds " + std::to_string(capacity) + " entries; the game has " +
                                               std::to_string(actions) + " actions");
        }
        std::vector<float> p(actions);
        s.policy(r, temperature, p.data());
        std::copy(p.begin(), p.end(), out);
    });
}

meeple_status_t meeple_search_principal_variation(const meeple_search_t* search, uint64_t root, int32_t* out,
                                                  size_t capacity, size_t* out_len) {
    return guarded([&] {
        const Search& s = search_of(search);
        const UseGuard use(search->in_use, "search");
        const std::size_t r = root_index(s, root);
        check_buffer(out, capacity, out_len);
        const std::vector<int> line = s.principal_variation(r);
        std::vector<int32_t> line32(line.begin(), line.end());
        fill(line32.data(), line32.size(), out, capacity, out_len);
    });
}
