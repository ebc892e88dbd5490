// fenkit check for PGN: every move replayed (variations too); every problem reported with its
// place; a game is good when nothing rejected it. Chunks of games are checked on -j threads
// and reported in input order.
#include "check.hpp"

namespace fenkit::tools {

namespace {

class CheckVisitor : public pgn::Visitor {
 public:
  CheckVisitor(const std::string& name, bool warnings, ChunkReport& report)
      : name_(name), warnings_(warnings), report_(report) {}

  pgn::Action begin_variation() override { return pgn::Action::proceed; }
  void diagnostic(const pgn::Diagnostic& d) override { report_.diagnostic(name_, d, warnings_); }
  void end_game(const pgn::GameEnd& end) override { report_.end_game(end, false); }

 private:
  const std::string& name_;
  bool warnings_;
  ChunkReport& report_;
};

}  // namespace

void check_pgn_input(CommandRun& run, io::InputSource& input, std::uint64_t size,
                     const CheckOptions& options, CheckTotals& totals) {
  pgn::ReaderOptions reader;
  reader.check_moves = !options.syntax_only;
  reader.move_locations = false;  // only diagnostics need places, and they always have them
  reader.comments = false;
  reader.visit_moves = false;  // the visitor wants diagnostics and game ends only
  reader.max_variation_depth = pgn::kMaxVariationDepth;  // no tree is built
  pgn::ArchiveOptions archive;
  // The report is numbered later: chunks need no counting pass before they are read, which for
  // the syntax alone would cost as much as the reading.
  archive.jobs = options.jobs;
  archive.numbered_later = true;
  archive.first_game = totals.games + 1;
  const bool warnings = run.diagnostics().show_warnings();
  run.read_games<ChunkReport>(
      input, size, archive,
      pgn::visit_chunks<ChunkReport>(reader,
                                     [&](const io::InputSource& in, ChunkReport& report) {
                                       return CheckVisitor(in.name(), warnings, report);
                                     }),
      [&](ChunkReport& report) {
        run.take(report);
        totals.games += report.games;
        totals.good_games += report.games - report.rejected;
      });
}

}  // namespace fenkit::tools
