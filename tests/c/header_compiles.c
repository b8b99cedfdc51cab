/* Compiled with -std=c11 -Wall -Wextra -Wpedantic -Werror: the header is plain C. */
#include "meeple/meeple.h"

int meeple_header_compiles_as_c11(void) { return MEEPLE_ABI_VERSION; }
