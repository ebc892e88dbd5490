#include "fenkit/pgn/report.hpp"

#include "fenkit/fen/printable.hpp"

namespace fenkit::pgn {

void append_diagnostic_line(std::string& out, std::string_view file, std::size_t line,
                            std::size_t column, std::string_view kind, std::string_view message) {
  out.append(file).append(":").append(std::to_string(line)).append(":");
  out.append(std::to_string(column)).append(": ").append(kind).append(": ");
  // Messages quote input; whatever a library let through is made printable here, uncut.
  fen::append_printable(out, message, message.size());
  out.push_back('\n');
}

void append_diagnostic(std::string& out, std::string_view file, const Diagnostic& d,
                       std::int64_t game_offset) {
  const std::string game = "game " + std::to_string(std::int64_t(d.game) + game_offset) + ": ";
  append_diagnostic_line(out, file, d.where.line, d.where.column,
                         d.severity == Severity::error ? "error" : "warning", game + d.message);
}

void ChunkReport::diagnostic(std::string_view file, const Diagnostic& d, bool keep_warnings,
                             std::int64_t game_offset) {
  const bool error = d.severity == Severity::error;
  (error ? errors : warnings) += 1;
  if (!error && !keep_warnings) return;
  if (numbered_later_)
    held_.push_back({std::string(file), d, game_offset});
  else
    append_diagnostic(lines, file, d, game_offset);
}

void ChunkReport::renumber(const ChunkStart& start) {
  for (Held& held : held_) {
    Diagnostic& d = held.diagnostic;
    d.game = start.game(d.game);
    d.where.column = start.column_of(d.where.line, d.where.column);
    d.where.line = start.line_of(d.where.line);
    append_diagnostic(lines, held.file, d, held.game_offset);
  }
  held_.clear();
  numbered_later_ = false;
}

void ChunkReport::end_game(const GameEnd& end, bool keep_rejects) {
  ++games;
  if (!end.rejected) return;
  ++rejected;
  // (A game past its size limit has no text kept: ReaderOptions::max_game_bytes.)
  if (keep_rejects && !end.raw.empty()) {
    rejects.append(end.raw);
    rejects.append("\n\n");
  }
}

}  // namespace fenkit::pgn
