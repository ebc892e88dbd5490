// Input text quoted in messages, made safe to print.
//
// Diagnostics quote what they read ("not a move: 'Nf9'"). Input can hold anything: a NUL would
// cut a C string short, an ESC would drive the terminal, a stray Latin-1 byte would make the
// message invalid UTF-8, and a 10 MB token would bury everything else. printable() is what
// every message of the libraries uses to quote input.
//
// Thread safety: The functions keep no state and may run on any number of threads at once.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

// `text` with every control byte (below 0x20, and 0x7f) and every byte that is not part of a
// well-formed UTF-8 sequence written as \xNN, and cut after `max_bytes` bytes of input (on a
// character boundary) with "..." appended. Valid UTF-8 and printable ASCII pass unchanged.
FENKIT_API std::string printable(std::string_view text, std::size_t max_bytes = 40);

// Appends printable(text, max_bytes) to `out`.
FENKIT_API void append_printable(std::string& out, std::string_view text,
                                 std::size_t max_bytes = 40);

// The length of the well-formed UTF-8 sequence starting at `text[0]`, or 0 if it is not one
// (overlong forms, surrogates and values above U+10FFFF are not well formed).
FENKIT_API std::size_t utf8_sequence_length(std::string_view text);

// Whether all of `text` is well-formed UTF-8.
FENKIT_API bool is_utf8(std::string_view text);

}  // namespace fenkit::fen
