/* Runs the C tests of the ABI. Each test file exports its cases through a table
 * declared here; the tests include only meeple.h. */
#include <string.h>

#include "check.h"
#include "meeple/meeple.h"

int meeple_test_failures = 0;

extern const meeple_test_case meeple_library_tests[];
extern const meeple_test_case meeple_game_tests[];
extern const meeple_test_case meeple_state_tests[];
extern const meeple_test_case meeple_batch_tests[];
extern const meeple_test_case meeple_poker_tests[];
extern const meeple_test_case meeple_position_tests[];
extern const meeple_test_case meeple_catan_tests[];
extern const meeple_test_case meeple_search_tests[];
extern const meeple_test_case meeple_seat_tests[];
extern const meeple_test_case meeple_agent_tests[];
extern const meeple_test_case meeple_holdem_tests[];
extern const meeple_test_case meeple_event_tests[];
extern const meeple_test_case meeple_batch_agent_tests[];
extern const meeple_test_case meeple_range_tests[];
extern const meeple_test_case meeple_state_status_tests[];
extern const meeple_test_case meeple_state_mask_tests[];
extern const meeple_test_case meeple_catan_trace_tests[];

static const meeple_test_case *const kSuites[] = {meeple_library_tests, meeple_game_tests,
                                                  meeple_state_tests, meeple_batch_tests,
                                                  meeple_poker_tests, meeple_position_tests,
                                                  meeple_catan_tests, meeple_search_tests,
                                                  meeple_seat_tests, meeple_agent_tests,
                                                  meeple_holdem_tests, meeple_event_tests,
                                                  meeple_batch_agent_tests, meeple_range_tests,
                                                  meeple_state_status_tests, meeple_state_mask_tests,
                                                  meeple_catan_trace_tests};

int main(int argc, char **argv) {
    int passed = 0, failed = 0;
    size_t s;
    for (s = 0; s < sizeof kSuites / sizeof kSuites[0]; ++s) {
        const meeple_test_case *t;
        for (t = kSuites[s]; t->name; ++t) {
            int before = meeple_test_failures;
            if (argc > 1 && !strstr(t->name, argv[1])) continue;
            t->body();
            if (meeple_test_failures == before) {
                ++passed;
            } else {
                ++failed;
                fprintf(stderr, "FAILED %s\n", t->name);
            }
        }
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
