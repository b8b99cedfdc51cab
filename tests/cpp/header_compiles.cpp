// Compiled with -Wall -Wextra -Wpedantic -Werror: the header is valid C++ too.
#include "meeple/meeple.h"

int meeple_header_compiles_as_cxx() { return MEEPLE_ABI_VERSION; }
