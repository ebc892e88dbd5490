// Books from PGN games: the visitor that turns games into what a BookBuilder counts (their
// plies, worked out on the reading thread, and results), the way `fenkit book build` reads them.
//
// The result is the Result tag's, as Polyglot takes it; the movetext's result serves only for
// games without the tag. The reader checks every move, so games arrive legal or rejected (and
// reported) as a whole: a game with an illegal move is left out even when the move comes after
// max_ply, where Polyglot would not look. Games from a [FEN] position start there (Polyglot
// always starts from the standard position). Games of a variant are left out with a warning.
//
//   BookGames games;
//   BookGameVisitor visitor(games, 16, "games.pgn", false, filter);
//   pgn::read_pgn(text, visitor);
//   games.add_to(builder);
//
// Thread safety: a BookGameVisitor and its BookGames belong to one thread (one per chunk with
// pgn::read_archive; add_to() in input order then gives the book of one reader).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "fenkit/epd/book_builder.hpp"
#include "fenkit/pgn/selecting_visitor.hpp"
#include "fenkit/pgn/report.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

// The games of one chunk, as the builder takes them.
struct FENKIT_API BookGames {
  struct Game {
    std::size_t first_ply = 0, ply_count = 0;  // in `plies`
    GameResult result = GameResult::unknown;
    std::uint64_t ambiguous = 0;
  };
  std::vector<Game> games;
  std::vector<BookPly> plies;
  pgn::ChunkReport report;
  // Games of a variant (Crazyhouse, Atomic, ...): Polyglot books are standard chess, so they
  // are left out, each with a warning.
  std::size_t variant_games = 0;

  // Adds the games to a builder, in the order they were read.
  void add_to(BookBuilder& builder) const;
  // Empty again, keeping the buffers (for the next chunk).
  void clear() {
    games.clear();
    plies.clear();
    report.clear();
    variant_games = 0;
  }
};

// The plies of every game it is given that GameEnd::selected keeps; with a filter, wrap it in a
// pgn::SelectingVisitor (BookGameSelector).
class FENKIT_API BookGameVisitor : public pgn::Visitor {
 public:
  // `file_name` names the input in diagnostics.
  BookGameVisitor(BookGames& out, int max_ply, std::string file_name, bool warnings);

  pgn::Action begin_game(const pgn::GameStart& start) override;
  void tag(std::string_view name, std::string_view value) override;
  pgn::Action begin_movetext() override;
  pgn::Action move(const pgn::MoveEvent& event) override;
  void result(std::string_view text) override;
  void diagnostic(const pgn::Diagnostic& d) override;
  void end_game(const pgn::GameEnd& end) override;

 private:
  // The rest of the game is not needed once max-ply moves are in and the result is known
  // (skipping still has the reader check the moves, so the game is judged whole).
  bool enough() const;

  BookGames& out_;
  std::size_t max_ply_;
  std::string file_name_;
  bool warnings_;
  std::size_t first_ply_ = 0;     // where this game's plies begin in out_.plies
  std::uint64_t ambiguous_ = 0;   // plies left out (book_plies)
  std::uint64_t next_key_ = 0;    // the key of the position after the last move
  bool key_known_ = false;
  std::optional<GameResult> result_tag_;
  GameResult movetext_result_ = GameResult::unknown;
  bool stopped_ = false;
  std::uint32_t plies_ = 0;
  pgn::GameStart start_;
  std::string variant_;  // the Variant tag of a variant's game, empty for standard chess
};

// The visitor of book build: the games a filter selects (games it leaves out are counted, not
// used).
using BookGameSelector = pgn::SelectingVisitor<BookGameVisitor>;

}  // namespace fenkit::epd
