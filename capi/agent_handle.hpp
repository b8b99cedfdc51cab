// What a meeple_agent_t holds, for the C files that take agents (agents.cpp,
// batch_agents.cpp).
#pragma once

#include <memory>

#include "agents/agent.hpp"
#include "capi/in_use.hpp"

struct meeple_agent {
    std::unique_ptr<meeple::Agent> agent;
    // One call at a time: an agent's generator and search change as it acts.
    mutable meeple::capi::InUse in_use;
};
