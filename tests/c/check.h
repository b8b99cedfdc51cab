/* A minimal C test harness: tests register in a table, CHECK records failures.
 * The closing line is "N passed, N failed". */
#ifndef MEEPLE_TEST_CHECK_H
#define MEEPLE_TEST_CHECK_H

#include <stdio.h>

extern int meeple_test_failures;

#define CHECK(cond)                                                              \
    do {                                                                         \
        if (!(cond)) {                                                           \
            fprintf(stderr, "%s:%d: CHECK failed: %s\n", __FILE__, __LINE__, #cond); \
            ++meeple_test_failures;                                              \
        }                                                                        \
    } while (0)

#define CHECK_STATUS(expr, want)                                                           \
    do {                                                                                   \
        meeple_status_t got_ = (expr);                                                     \
        if (got_ != (want)) {                                                              \
            fprintf(stderr, "%s:%d: %s returned %s, expected %s (%s)\n", __FILE__, __LINE__, \
                    #expr, meeple_status_name(got_), meeple_status_name(want),             \
                    meeple_last_error_message());                                          \
            ++meeple_test_failures;                                                        \
        }                                                                                  \
    } while (0)

#define CHECK_OK(expr) CHECK_STATUS(expr, MEEPLE_OK)

typedef struct {
    const char *name;
    void (*body)(void);
} meeple_test_case;

#endif
