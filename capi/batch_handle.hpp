// What a meeple_batch_t holds, for the C files that take batches (batch.cpp, search.cpp).
#pragma once

#include "core/batch.hpp"

struct meeple_batch {
    meeple::Batch batch;
};
