// What a meeple_batch_t holds, for the C files that take batches (batch.cpp, search.cpp).
#pragma once

#include "capi/in_use.hpp"
#include "core/batch.hpp"

struct meeple_batch {
    meeple::Batch batch;
    // Every call but info and game takes it alone: calls share the pool and scratch.
    mutable meeple::capi::InUse in_use;
};
