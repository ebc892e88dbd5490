// What a text input holds, told from its first bytes: PGN games, EPD records or FEN lines.
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace fenkit::tools {

enum class InputFormat { fen, epd, pgn };

// The format of a text from its first lines (a UTF-8 byte-order mark, blank lines, '#'
// comment lines and '%' escape lines are passed over): a tag, a comment or movetext is PGN; a
// piece placement followed by side, castling and en-passant fields is FEN when two clock
// numbers end the line, EPD otherwise. Nothing when the text says nothing (empty, or unlike
// any of them).
std::optional<InputFormat> detect_format(std::string_view head);

// What an input holds: by its first bytes, else (an input that says nothing, such as an empty
// one) by its name's extension, else PGN.
InputFormat input_format(std::string_view head, const std::string& path);

}  // namespace fenkit::tools
