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
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "fenkit/epd/book_entry.hpp"
#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/types.hpp"

namespace fenkit::epd {

enum class GameResult : std::uint8_t { white_wins, black_wins, draw, unknown };

// "1-0", "0-1", "1/2-1/2"; anything else (such as "*") is unknown.
GameResult parse_game_result(std::string_view text);

struct BookBuildOptions {
  int max_ply = 1024;       // use the first max_ply half-moves of each game
  int min_games = 3;        // keep moves played in at least this many games
  double min_score = 0.0;   // keep moves whose mover scored at least this percentage (0-100)
  bool only_white = false;  // keep only White's moves
  bool only_black = false;  // keep only Black's moves
  bool uniform = false;     // give every kept move weight 1
};

// Why add_game() refused a game.
struct GameRejection {
  std::size_t ply = 0;  // 1-based half-move of the illegal move
  std::string message;  // "illegal move e1e3 at ply 7"
};

// Whether add_game() must check the moves. The PGN reader has checked them already.
enum class MoveCheck : std::uint8_t { verify, trusted };

struct BookBuildStats {
  std::uint64_t games = 0;            // games added
  std::uint64_t rejected_games = 0;   // games refused for an illegal move
  std::uint64_t ambiguous_plies = 0;  // Chess960 positions left out (book_move.hpp)
  std::uint64_t halvings = 0;         // times a position's counts were halved
};

class BookBuilder {
 public:
  explicit BookBuilder(const BookBuildOptions& options = {});

  // Adds a game: its start position, its moves in order, and its result. An unknown result
  // counts as a draw, as in Polyglot. A game with an illegal move among its first max_ply
  // moves is refused whole (nothing of it is counted); moves after max_ply are not looked at,
  // nor are those after a null move (fen::Move::null()). With MoveCheck::trusted the moves
  // must be legal.
  std::optional<GameRejection> add_game(const fen::Position& start,
                                        std::span<const fen::Move> moves, GameResult result,
                                        MoveCheck check = MoveCheck::verify);

  // The book: filtered, weighted and sorted (book_writer.hpp). Can be called more than once.
  std::vector<BookEntry> entries() const;

  const BookBuildStats& stats() const { return stats_; }
  // Distinct (position, move) pairs seen so far, before filtering.
  std::size_t pair_count() const { return pairs_.size(); }

 private:
  struct Pair {
    std::uint64_t key;
    std::uint16_t move;
    fen::Color mover;
    std::uint32_t games;         // n: games that played the move here (halved now and then)
    std::uint32_t points;        // 2 per win, 1 per draw of the mover
    std::int32_t previous = -1;  // the same position's pair added before this one, or -1
  };
  struct PairKey {
    std::uint64_t key;
    std::uint16_t move;
    friend bool operator==(const PairKey&, const PairKey&) = default;
  };
  struct PairKeyHash {
    std::size_t operator()(const PairKey& k) const;
  };
  struct Ply {
    std::uint64_t key;
    std::uint16_t move;
    fen::Color mover;
  };

  std::size_t pair_index(const Ply& ply);
  void halve(std::uint64_t key);
  bool keep(const Pair& pair) const;

  BookBuildOptions options_;
  BookBuildStats stats_;
  std::vector<Pair> pairs_;  // in order of first appearance
  std::unordered_map<PairKey, std::uint32_t, PairKeyHash> index_;
  std::unordered_map<std::uint64_t, std::uint32_t> last_of_position_;
  std::vector<Ply> plies_;  // scratch, reused across games
};

}  // namespace fenkit::epd
