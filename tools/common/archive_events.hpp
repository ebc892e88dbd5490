// Reading archives as every command reports it: inputs that cannot be read or break off are
// errors of their own (FILE: error: ...), progress goes to the progress line, and a terminal
// on standard input is told how to end the input.
#pragma once

#include <string_view>

#include "cli.hpp"
#include "fenkit/pgn/archive.hpp"
#include "progress.hpp"

namespace fenkit::tools {

// Says once, on standard error, "reading KIND from standard input; end with Ctrl-D" when
// standard input is a terminal and `name` is standard input.
void announce_terminal_input(std::string_view name, std::string_view kind);

class ReportedEvents : public pgn::ArchiveEvents {
 public:
  ReportedEvents(Diagnostics& diagnostics, Progress& progress)
      : diagnostics_(diagnostics), progress_(progress) {}

  void opened(const pgn::InputSource& input) override { announce_terminal_input(input.name(), "PGN"); }
  void failed(std::string_view name, std::string_view message) override {
    diagnostics_.file_error(name, message);
  }
  void progress(const pgn::ArchiveProgress& p) override {
    progress_.update(p.bytes, p.total_bytes, p.games);
  }

 private:
  Diagnostics& diagnostics_;
  Progress& progress_;
};

}  // namespace fenkit::tools
