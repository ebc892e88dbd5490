// What a program reading games reports: diagnostics as lines in the form editors and CI
// understand, and the games a reader rejected, gathered while a chunk is read on a worker thread
// and handed on with its results, so that they come out in input order.
//
//   FILE:LINE:COLUMN: error: game N: MESSAGE
//
// Thread safety: a ChunkReport belongs to the thread that fills it.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::pgn {

// Appends "FILE:LINE:COLUMN: KIND: MESSAGE\n"; the message is made printable (control bytes and
// invalid UTF-8 as \xNN, fen/printable.hpp), whatever put it together.
FENKIT_API void append_diagnostic_line(std::string& out, std::string_view file, std::size_t line,
                                       std::size_t column, std::string_view kind,
                                       std::string_view message);

// What the reader said of one chunk's games.
struct FENKIT_API ChunkReport {
  std::string lines;    // formatted diagnostics
  std::string rejects;  // the text of rejected games, each followed by a blank line
  std::uint64_t games = 0, rejected = 0;
  std::size_t errors = 0, warnings = 0;  // warnings counted whether their lines are kept or not

  // Empty again, keeping the buffers.
  void clear() {
    lines.clear();
    rejects.clear();
    games = rejected = 0;
    errors = warnings = 0;
    numbered_later_ = false;
    held_.clear();
  }

  // What a visitor's diagnostic() and end_game() do with what the reader says.
  void diagnostic(std::string_view file, const Diagnostic& d, bool keep_warnings,
                  std::int64_t game_offset = 0);
  void end_game(const GameEnd& end, bool keep_rejects);

  // For a chunk numbered later (Chunker::Cut::numbered_later, archive.hpp): diagnostics are held
  // until renumber() gives the chunk's place, then formatted into `lines` with their true
  // places and game numbers.
  void number_later() { numbered_later_ = true; }
  void renumber(const ChunkStart& start);

 private:
  struct Held {
    std::string file;
    Diagnostic diagnostic;
    std::int64_t game_offset;
  };
  bool numbered_later_ = false;
  std::vector<Held> held_;
};

// The reports of a run's chunks added up, in input order.
struct FENKIT_API ReportTotals {
  std::uint64_t games = 0, rejected = 0;
  std::size_t errors = 0, warnings = 0;

  void add(const ChunkReport& report) {
    games += report.games;
    rejected += report.rejected;
    errors += report.errors;
    warnings += report.warnings;
  }
};

}  // namespace fenkit::pgn
