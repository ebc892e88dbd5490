// Opening names from a PGN file of opening lines, as pgn-extract's -e classifies games with its
// eco.pgn: each game of the file is a line, named by its ECO, Opening, Variation and
// SubVariation tags. A game is classified at each main-line ply by the lines whose last
// position has the same pieces on the same squares (side to move and rights aside): a line of
// the same moves, if there is one, else the first line of the file that ends at most six plies
// before that ply. The last ply with a match names the game. (openings.hpp has the built-in
// lichess table, matched by the deepest position reached.)
//
//   const OpeningLines lines = OpeningLines::from_pgn(text);
//   OpeningLineClassifier classify(lines);
//   classify.start(start);  ... classify.move(move, after);
//   if (const Opening* o = classify.best()) use(o->eco, o->name, o->variation);
//
// Thread safety: lines are read-only once read; a classifier belongs to one thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "fenkit/fen/export.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/pgn/game_hash.hpp"
#include "fenkit/pgn/openings.hpp"

namespace fenkit::pgn {

class FENKIT_API OpeningLines {
 public:
  // Reads the lines; throws std::invalid_argument naming a game that cannot be read or played.
  static OpeningLines from_pgn(std::string_view text);
  std::size_t size() const { return lines_.size(); }

 private:
  friend class OpeningLineClassifier;
  struct Line {
    Opening opening;
    GameHash moves;  // its start and moves (MainlineHash)
  };
  std::vector<Line> lines_;
  // By the pieces of their last position, in file order.
  std::unordered_map<GameHash, std::vector<std::uint32_t>, GameHashHasher> by_board_;
  std::uint32_t longest_ = 0;  // plies
};

class FENKIT_API OpeningLineClassifier {
 public:
  explicit OpeningLineClassifier(const OpeningLines& lines) : lines_(lines) {}
  void start(const fen::Position& pos);
  // Each main-line move, and the position it leads to.
  void move(fen::Move m, const fen::Position& after);
  const Opening* best() const { return best_; }

 private:
  void look_up(const fen::Position& pos);

  const OpeningLines& lines_;
  MainlineHash moves_;
  std::uint32_t ply_ = 0;
  const Opening* best_ = nullptr;
};

}  // namespace fenkit::pgn
