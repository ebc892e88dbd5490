// PGN input of `fenkit book build`: chunks of games read on -j threads, each accepted game's
// start position, moves and result handed to the builder in input order.
//
// The result is the Result tag's, as Polyglot takes it; the movetext's result serves only for
// games without the tag. The reader checks every move, so games arrive legal or rejected (and
// reported) as a whole: a game with an illegal move is left out even when the move comes after
// --max-ply, where Polyglot would not look. Games from a [FEN] position start there (Polyglot
// always starts from the standard position).
#include <optional>
#include <span>

#include "archive_events.hpp"
#include "book.hpp"
#include "fenkit/pgn/archive.hpp"
#include "fenkit/pgn/game_filter.hpp"
#include "fenkit/pgn/visitor.hpp"

namespace fenkit::tools {

namespace {

// The games of one chunk, as the builder takes them: their plies (position keys and moves,
// worked out on the worker thread) and results.
struct BookChunk {
  struct Game {
    std::size_t first_ply = 0, ply_count = 0;  // in `plies`
    epd::GameResult result = epd::GameResult::unknown;
    std::uint64_t ambiguous = 0;
  };
  std::vector<Game> games;
  std::vector<epd::BookPly> plies;
  ChunkReport report;
};

class BookGameVisitor : public pgn::Visitor {
 public:
  BookGameVisitor(BookChunk& chunk, std::size_t max_ply, const std::string& name, bool warnings,
                  const pgn::GameFilter& filter)
      : chunk_(chunk), max_ply_(max_ply), name_(name), warnings_(warnings) {
    if (!filter.empty()) selector_.emplace(filter);
  }

  pgn::Action begin_game(const pgn::GameStart& start) override {
    start_ = fen::Position();
    moves_.clear();
    result_tag_.reset();
    movetext_result_ = epd::GameResult::unknown;
    stopped_ = false;
    verdict_.reset();
    plies_ = 0;
    if (selector_) selector_->begin_game(start.number);
    return pgn::Action::proceed;
  }

  void tag(std::string_view name, std::string_view value) override {
    if (name == "Result" && !result_tag_) result_tag_ = epd::parse_game_result(value);
    if (selector_) selector_->tag(name, value);
  }

  void start_position(const fen::Position& pos) override {
    start_ = pos;
    if (selector_) selector_->position(pos);
  }

  pgn::Action begin_movetext() override {
    if (selector_) verdict_ = selector_->verdict_after_tags();
    // A game its tags exclude is not read on: it is neither used nor rejected, only counted.
    if (verdict_ == false) return pgn::Action::ignore;
    return enough() ? pgn::Action::skip : pgn::Action::proceed;
  }

  pgn::Action move(const pgn::MoveEvent& event) override {
    if (event.depth != 0) return pgn::Action::proceed;
    plies_ = event.ply;
    if (selector_) selector_->position(*event.after);
    // A null move leaves legal play; the book can use the moves before it only.
    if (event.move.is_null()) {
      stopped_ = true;
      return result_tag_ ? pgn::Action::skip : pgn::Action::proceed;
    }
    if (!stopped_) moves_.push_back(event.move);
    return enough() ? pgn::Action::skip : pgn::Action::proceed;
  }

  void result(std::string_view text) override {
    movetext_result_ = epd::parse_game_result(text);
    if (selector_) selector_->result(text);
  }

  void diagnostic(const pgn::Diagnostic& d) override { chunk_.report.diagnostic(name_, d, warnings_); }

  void end_game(const pgn::GameEnd& end) override {
    chunk_.report.end_game(end, false);
    if (end.rejected || (selector_ && !selector_->selected(plies_))) return;
    BookChunk::Game game;
    game.first_ply = chunk_.plies.size();
    game.result = result_tag_.value_or(movetext_result_);
    epd::book_plies(start_, moves_, int(max_ply_), epd::MoveCheck::trusted, chunk_.plies,
                    game.ambiguous);
    game.ply_count = chunk_.plies.size() - game.first_ply;
    chunk_.games.push_back(game);
  }

 private:
  // The rest of the game is not needed once max-ply moves are in and the result is known
  // (skipping still has the reader check the moves, so the game is judged whole).
  bool enough() const {
    const bool filter_waits = selector_ && !verdict_.has_value();
    return result_tag_ && !filter_waits && (stopped_ || moves_.size() >= max_ply_);
  }

  BookChunk& chunk_;
  std::size_t max_ply_;
  const std::string& name_;
  bool warnings_;
  fen::Position start_;
  std::vector<fen::Move> moves_;  // of the main line, up to --max-ply
  std::optional<epd::GameResult> result_tag_;
  epd::GameResult movetext_result_ = epd::GameResult::unknown;
  bool stopped_ = false;
  std::optional<pgn::GameSelector> selector_;
  std::optional<bool> verdict_;
  std::uint32_t plies_ = 0;

 public:
  std::uint64_t selected_ = 0;
};

}  // namespace

void add_pgn_games(const std::vector<std::string>& paths, epd::BookBuilder& builder, int max_ply,
                   const pgn::GameFilter& filter, unsigned jobs, Diagnostics& diag,
                   Progress& progress, BookInputTotals& totals) {
  pgn::ReaderOptions reader;
  reader.move_locations = false;
  reader.comments = false;
  pgn::ArchiveOptions archive;
  archive.jobs = jobs;
  ReportedEvents events(diag, progress);
  pgn::read_archive<BookChunk>(
      paths, archive, events,
      [&](const pgn::Chunk& chunk, const pgn::InputSource& input, BookChunk& result) {
        BookGameVisitor visitor(result, std::size_t(max_ply), input.name(), diag.show_warnings(),
                                filter);
        pgn::ReaderOptions options = reader;
        options.file_name = input.name();
        pgn::read_chunk(chunk, visitor, options);
      },
      [&](BookChunk& result) {
        diag.print(result.report.lines, result.report.errors, result.report.warnings);
        for (const BookChunk::Game& game : result.games)
          builder.add_plies(std::span(result.plies).subspan(game.first_ply, game.ply_count),
                            game.result, game.ambiguous);
        totals.games += result.report.games;
        totals.rejected_games += result.report.rejected;
        totals.selected_games += result.games.size();
      });
}

}  // namespace fenkit::tools
