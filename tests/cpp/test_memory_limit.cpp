// Counts that size an allocation are checked against the machine's memory first.
#include <cstdint>
#include <string>

#include "check.hpp"
#include "core/error.hpp"
#include "core/memory_limit.hpp"

using namespace meeple;

TEST(batch_count_beyond_memory_is_refused_before_allocating) {
    CHECK_EQ(format_bytes(999), "999 bytes");
    CHECK_EQ(format_bytes(23.7e9), "23.7 GB");
    const std::uint64_t memory = physical_memory_bytes();
    CHECK(memory > 0);
    check_fits_in_memory("things", 1, 1);  // fits: no throw
    CHECK_THROWS_STATUS(check_fits_in_memory("things", static_cast<std::size_t>(memory), 2), Status::out_of_memory);
    try {
        check_fits_in_memory("things", std::size_t{1} << 50, 1000);
        CHECK(false);
    } catch (const Error& e) {
        const std::string m = e.what();
        CHECK(m.find("1125899906842624 things need about 1.1 EB (1000 bytes each), more than this machine's") == 0);
        CHECK(m.find("of memory; at most about") != std::string::npos);
    }
}
