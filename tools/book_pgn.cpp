// PGN input of `fenkit book build`: a visitor that hands each accepted game to the builder.
//
// The result is the Result tag's, as Polyglot takes it; the movetext's result serves only for
// games without the tag. The reader checks every move, so games arrive legal or rejected (and
// reported) as a whole: a game with an illegal move is left out even when the move comes after
// --max-ply, where Polyglot would not look. Games from a [FEN] position start there (Polyglot
// always starts from the standard position).
#include <cstdio>
#include <optional>
#include <stdexcept>

#include "book.hpp"
#include "pgn_diagnostics.hpp"
#include "fenkit/pgn/reader.hpp"
#include "fenkit/pgn/visitor.hpp"

namespace fenkit::tools {

namespace {

class BookGameVisitor : public pgn::Visitor {
 public:
  BookGameVisitor(epd::BookBuilder& builder, int max_ply, Diagnostics& diag, std::string name)
      : builder_(builder), max_ply_(std::size_t(max_ply)), diag_(diag), name_(std::move(name)) {}

  pgn::Action begin_game(const pgn::GameStart&) override {
    moves_.clear();
    start_ = fen::Position();
    result_tag_.reset();
    movetext_result_.assign(1, '*');
    stopped_ = false;
    return pgn::Action::proceed;
  }

  void tag(std::string_view name, std::string_view value) override {
    if (name == "Result" && !result_tag_) result_tag_ = std::string(value);
  }

  void start_position(const fen::Position& pos) override { start_ = pos; }

  pgn::Action begin_movetext() override {
    return enough() ? pgn::Action::skip : pgn::Action::proceed;
  }

  pgn::Action move(const pgn::MoveEvent& event) override {
    if (event.depth != 0) return pgn::Action::proceed;
    // A null move leaves legal play; the book can use the moves before it only.
    if (event.move.is_null()) {
      stopped_ = true;
      return result_tag_ ? pgn::Action::skip : pgn::Action::proceed;
    }
    if (!stopped_) moves_.push_back(event.move);
    return enough() ? pgn::Action::skip : pgn::Action::proceed;
  }

  void result(std::string_view text) override { movetext_result_ = std::string(text); }

  void diagnostic(const pgn::Diagnostic& d) override {
    std::string line;
    append_diagnostic(line, name_, d);
    std::fputs(line.c_str(), stderr);
    const bool error = d.severity == pgn::Severity::error;
    diag_.count(error ? 1 : 0, error ? 0 : 1);
  }

  void end_game(const pgn::GameEnd& end) override {
    ++games_;
    if (end.rejected) ++rejected_;
    if (!end.rejected)
      builder_.add_game(start_, moves_,
                        epd::parse_game_result(result_tag_ ? *result_tag_ : movetext_result_),
                        epd::MoveCheck::trusted);
  }

 private:
  // The rest of the game is not needed once max-ply moves are in and the result is known
  // (skipping still has the reader check the moves, so the game is judged whole).
  bool enough() const { return result_tag_ && (stopped_ || moves_.size() >= max_ply_); }

  epd::BookBuilder& builder_;
  std::size_t max_ply_;
  Diagnostics& diag_;
  std::string name_;
  fen::Position start_;
  std::vector<fen::Move> moves_;
  std::optional<std::string> result_tag_;
  std::string movetext_result_;
  bool stopped_ = false;

 public:
  // Counted here rather than taken from the reader's totals, so that the games read before a
  // broken input stops count too.
  std::uint64_t games_ = 0, rejected_ = 0;
};

}  // namespace


void add_pgn_games(const std::string& path, epd::BookBuilder& builder, int max_ply,
                   Diagnostics& diag, BookInputTotals& totals) {
  const std::string name = display_name(path);
  BookGameVisitor visitor(builder, max_ply, diag, name);
  pgn::ReaderOptions options;
  options.file_name = name;
  try {
    pgn::read_pgn_file(path, visitor, options);
  } catch (const std::runtime_error& e) {
    diag.file_error(name, e.what());
    ++totals.unreadable_files;
  }
  totals.games += visitor.games_;
  totals.rejected_games += visitor.rejected_;
}

}  // namespace fenkit::tools
