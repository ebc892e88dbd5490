// fenkit check for PGN: every move replayed (variations too); every problem reported with its
// place; a game is good when nothing rejected it. Chunks of games are checked on -j threads
// and reported in input order.
#include <cstdio>

#include "check.hpp"
#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/input.hpp"
#include "ordered_chunks.hpp"
#include "pgn_diagnostics.hpp"

namespace fenkit::tools {

namespace {

struct CheckResult {
  std::string diagnostics;
  std::size_t errors = 0, warnings = 0;
  std::uint64_t games = 0, rejected = 0;
};

class CheckVisitor : public pgn::Visitor {
 public:
  CheckVisitor(const std::string& name, CheckResult& result) : name_(name), result_(result) {}

  pgn::Action begin_variation() override { return pgn::Action::proceed; }
  void diagnostic(const pgn::Diagnostic& d) override {
    (d.severity == pgn::Severity::error ? result_.errors : result_.warnings) += 1;
    append_diagnostic(result_.diagnostics, name_, d);
  }
  void end_game(const pgn::GameEnd& end) override {
    ++result_.games;
    if (end.rejected) ++result_.rejected;
  }

 private:
  const std::string& name_;
  CheckResult& result_;
};

}  // namespace

void check_pgn_file(const std::string& path, const CheckOptions& options, Diagnostics& diag,
                    CheckTotals& totals) {
  const std::string name = display_name(path);
  try {
    const std::unique_ptr<pgn::InputSource> input = pgn::open_input(path);
    pgn::Chunker chunker(*input, std::size_t(1) << 20, totals.games + 1);
    pgn::ReaderOptions reader;
    reader.file_name = name;
    reader.check_moves = !options.syntax_only;
    reader.move_locations = false;  // only diagnostics need places, and they always have them
    process_in_order<CheckResult>(
        chunker, options.jobs,
        [&](const pgn::Chunk& chunk, CheckResult& result) {
          CheckVisitor visitor(name, result);
          pgn::read_chunk(chunk, visitor, reader);
        },
        [&](CheckResult& result) {
          std::fputs(result.diagnostics.c_str(), stderr);
          diag.count(result.errors, result.warnings);
          totals.games += result.games;
          totals.good_games += result.games - result.rejected;
        });
  } catch (const std::exception& e) {
    diag.file_error(name, e.what());
    ++totals.unreadable;
  }
}

}  // namespace fenkit::tools
