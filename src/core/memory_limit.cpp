#include "core/memory_limit.hpp"

#include <cstdio>
#include <limits>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

namespace meeple {

std::uint64_t physical_memory_bytes() {
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) return static_cast<std::uint64_t>(pages) * static_cast<std::uint64_t>(page);
#endif
    return 0;
}

std::string format_bytes(double bytes) {
    const char* units[] = {"bytes", "kB", "MB", "GB", "TB", "PB", "EB"};
    int u = 0;
    while (bytes >= 1000.0 && u < 6) {
        bytes /= 1000.0;
        ++u;
    }
    char text[32];
    std::snprintf(text, sizeof text, u == 0 ? "%.0f %s" : "%.1f %s", bytes, units[u]);
    return text;
}

void check_fits_in_memory(std::string_view what, std::size_t count, std::size_t bytes_each) {
    const std::uint64_t limit = physical_memory_bytes();
    if (limit == 0) return;
    const double need = static_cast<double>(count) * static_cast<double>(bytes_each);
    if (need <= static_cast<double>(limit)) return;
    const double most = static_cast<double>(limit) / static_cast<double>(bytes_each);
    fail(Status::out_of_memory,
         std::to_string(count) + " " + std::string(what) + " need about " + format_bytes(need) + " (" +
             std::to_string(bytes_each) + " bytes each), more than this machine's " +
             format_bytes(static_cast<double>(limit)) + " of memory; at most about " +
             std::to_string(static_cast<unsigned long long>(most)) + " fit");
}

}  // namespace meeple
