// fenkit check for PGN: every move replayed (variations too); every problem reported with its
// place; a game is good when nothing rejected it.
#include <cstdio>

#include "check.hpp"
#include "fenkit/pgn/reader.hpp"

namespace fenkit::tools {

namespace {

class CheckVisitor : public pgn::Visitor {
 public:
  CheckVisitor(std::string name, Diagnostics& diag) : name_(std::move(name)), diag_(diag) {}

  pgn::Action begin_variation() override { return pgn::Action::proceed; }
  void diagnostic(const pgn::Diagnostic& d) override {
    const std::string message = "game " + std::to_string(d.game) + ": " + d.message;
    if (d.severity == pgn::Severity::error)
      diag_.error(name_, d.where.line, d.where.column, message);
    else
      diag_.warning(name_, d.where.line, d.where.column, message);
  }

 private:
  std::string name_;
  Diagnostics& diag_;
};

}  // namespace

void check_pgn_file(const std::string& path, const CheckOptions&, Diagnostics& diag,
                    CheckTotals& totals) {
  const std::string name = display_name(path);
  CheckVisitor visitor(name, diag);
  try {
    pgn::ReaderOptions options;
    options.file_name = name;
    const pgn::ReadStats stats = pgn::read_pgn_file(path, visitor, options);
    totals.games += stats.games;
    totals.good_games += stats.games - stats.rejected;
  } catch (const std::exception& e) {
    diag.file_error(name, e.what());
    ++totals.unreadable;
  }
}

}  // namespace fenkit::tools
