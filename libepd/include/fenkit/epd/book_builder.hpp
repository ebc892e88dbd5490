// Building Polyglot books from games, the way `polyglot make-book` does.
//
// Every (position, move) pair of every game, up to max_ply half-moves, collects two counts:
// the games that played it (n) and the points the mover scored with it (2 for a win, 1 for a
// draw, 0 for a loss). The book keeps the pairs played in at least min_games games that scored
// something, and writes the points as the weight. When one move of a position reaches 16384
// games, the counts of all the position's moves are halved (rounding up), which keeps weights
// within 16 bits and lets recent games count more, as in Polyglot. Games are taken in the
// order they are added; the same games in the same order with the same options give the same
// bytes as `polyglot make-book`.
//
// How: every ply of every game becomes a 16-byte record (position key, move, mover, points),
// put in one of 256 bins by the key's first byte as it comes. The book is made by sorting each
// bin by position (keeping the order of the plies within a position) and replaying each
// position's plies, halvings included, as Polyglot counts them. Most (position, move) pairs of an archive are seen once, so the array
// costs less than a table of pairs; when it grows past the memory limit, it is sorted and
// written to a temporary file, and the files are merged at the end (an external sort), so
// memory stays bounded whatever the number of games.
//
// Thread safety: a BookBuilder belongs to one thread; book_plies() may run on any number of
// threads at once (to work out the plies of games in parallel and add them in order).
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <memory>
#include <vector>

#include "fenkit/epd/book_entry.hpp"
#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/types.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

enum class GameResult : std::uint8_t { white_wins, black_wins, draw, unknown };

// "1-0", "0-1", "1/2-1/2"; anything else (such as "*") is unknown.
FENKIT_API GameResult parse_game_result(std::string_view text);

struct FENKIT_API BookBuildOptions {
  int max_ply = 1024;       // use the first max_ply half-moves of each game
  int min_games = 3;        // keep moves played in at least this many games
  double min_score = 0.0;   // keep moves whose mover scored at least this percentage (0-100)
  bool only_white = false;  // keep only White's moves
  bool only_black = false;  // keep only Black's moves
  bool uniform = false;     // give every kept move weight 1
  // The plies kept in memory before they are sorted and written to a temporary file.
  std::size_t memory_limit = std::size_t(512) << 20;
};

// Why add_game() refused a game.
struct FENKIT_API GameRejection {
  std::size_t ply = 0;  // 1-based half-move of the illegal move
  std::string message;  // "illegal move e1e3 at ply 7"
};

// Whether add_game() must check the moves. The PGN reader has checked them already.
enum class MoveCheck : std::uint8_t { verify, trusted };

struct FENKIT_API BookBuildStats {
  std::uint64_t games = 0;            // games added
  std::uint64_t rejected_games = 0;   // games refused for an illegal move
  std::uint64_t ambiguous_plies = 0;  // Chess960 positions left out (book_move.hpp)
  std::uint64_t halvings = 0;         // times a position's counts were halved (in entries())
  std::uint64_t spilled_runs = 0;     // sorted runs written to temporary files
};

// A position of a game (its Polyglot key) and the move played from it, in book encoding.
struct FENKIT_API BookPly {
  std::uint64_t key = 0;
  std::uint16_t move = 0;
  fen::Color mover = fen::Color::white;
};

// The plies a book counts of a game: the first max_ply half-moves, up to a null move, leaving
// out the Chess960 positions whose key cannot tell their castling rights apart (counted in
// `ambiguous`). Appends them to `out`. With MoveCheck::verify an illegal move refuses the game
// (and `out` is left as it was).
FENKIT_API std::optional<GameRejection> book_plies(const fen::Position& start,
                                                   std::span<const fen::Move> moves, int max_ply,
                                                   MoveCheck check, std::vector<BookPly>& out,
                                                   std::uint64_t& ambiguous);

class FENKIT_API BookBuilder {
 public:
  explicit BookBuilder(const BookBuildOptions& options = {});
  ~BookBuilder();
  BookBuilder(const BookBuilder&) = delete;
  BookBuilder& operator=(const BookBuilder&) = delete;

  // Adds a game: its start position, its moves in order, and its result. An unknown result
  // counts as a draw, as in Polyglot. A game with an illegal move among its first max_ply
  // moves is refused whole (nothing of it is counted); moves after max_ply are not looked at,
  // nor are those after a null move (fen::Move::null()). With MoveCheck::trusted the moves
  // must be legal. Throws std::runtime_error when a run cannot be written to a temporary file.
  std::optional<GameRejection> add_game(const fen::Position& start,
                                        std::span<const fen::Move> moves, GameResult result,
                                        MoveCheck check = MoveCheck::verify);
  // Adds a game whose plies book_plies() worked out (the ambiguous ones are counted here).
  void add_plies(std::span<const BookPly> plies, GameResult result, std::uint64_t ambiguous = 0);

  // The book: filtered, weighted and sorted (book_writer.hpp). Can be called more than once.
  std::vector<BookEntry> entries();

  const BookBuildStats& stats() const { return stats_; }
  // Distinct (position, move) pairs seen so far, before filtering (reads every run).
  std::size_t pair_count();

 private:
  // One ply as counted: 16 bytes. `order` keeps the plies of a run in the order they came.
  struct Record {
    std::uint64_t key;
    std::uint32_t order;
    std::uint16_t move;
    std::uint8_t mover;   // 0 White, 1 Black
    std::uint8_t points;  // the mover's: 2 win, 1 draw or unknown, 0 loss
  };
  struct RunFile;
  struct Pair;
  class Bins;

  void spill();
  // Calls group(plies) for each position, in key order, with its plies in the order added.
  template <typename Group>
  void for_each_position(Group group);
  bool keep(const Pair& pair) const;

  BookBuildOptions options_;
  BookBuildStats stats_;
  std::unique_ptr<Bins> bins_;   // the current run
  std::vector<std::unique_ptr<RunFile>> runs_;  // earlier runs, sorted, on disk
  std::vector<BookPly> plies_;   // scratch, reused across games
};

}  // namespace fenkit::epd
