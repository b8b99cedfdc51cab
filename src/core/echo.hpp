// Caller text quoted back in an error message, cut to a readable length: a message
// says what was wrong, and a 4 MiB option value echoed whole would bury it.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace meeple {

inline constexpr std::size_t kEchoBytes = 64;

// `text` itself when short; else its first kEchoBytes bytes (never cutting a UTF-8
// character) followed by "... (N bytes)".
inline std::string echo(std::string_view text) {
    if (text.size() <= kEchoBytes) return std::string(text);
    std::size_t cut = kEchoBytes;
    while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
    return std::string(text.substr(0, cut)) + "... (" + std::to_string(text.size()) + " bytes)";
}

}  // namespace meeple
