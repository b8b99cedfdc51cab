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

// The whole UTF-8 character that starts at byte `pos` of `text` (its lead byte and the
// continuation bytes after it), so a message quoting one bad character never cuts it
// in half; one byte when `pos` is not a lead byte.
inline std::string char_at(std::string_view text, std::size_t pos) {
    if (pos >= text.size()) return {};
    std::size_t end = pos + 1;
    if ((static_cast<unsigned char>(text[pos]) & 0xC0) == 0xC0) {
        while (end < text.size() && end - pos < 4 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) ++end;
    }
    return std::string(text.substr(pos, end - pos));
}

}  // namespace meeple
