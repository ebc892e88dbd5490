// Opening names: the ECO code and name of the deepest known opening position a game reaches.
//
// The table built into the library is lichess's (chess-openings, CC0): about 3,600 named
// lines, each defined by its moves. A game gets the opening of the deepest table position its
// main line reaches, by whatever move order: positions are compared (fen/position_set.hpp),
// not move sequences, so transpositions are found.
//
//   const OpeningTable& table = OpeningTable::builtin();
//   OpeningClassifier classify(table);
//   classify.position(start); ... classify.position(after_each_move);
//   if (const Opening* o = classify.best()) use(o->eco, o->name);
//
// Thread safety: a table is read-only once built (builtin() builds it once, thread-safely);
// a classifier belongs to one thread.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/position.hpp"
#include "fenkit/fen/position_set.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::pgn {

struct FENKIT_API Opening {
  std::string eco;     // "C42"
  std::string name;    // "Russian Game: Classical Attack"
  std::uint16_t plies = 0;  // the length of the line that defines it
  // Lines read from PGN (opening_lines.hpp) may name these too; empty otherwise.
  std::string variation, sub_variation;
};

class FENKIT_API OpeningTable {
 public:
  // The lichess tables, built into the library.
  static const OpeningTable& builtin();
  // Reads "eco<TAB>name<TAB>moves" lines (a header line starting "eco" is skipped). Throws
  // std::invalid_argument naming the line when its moves cannot be played.
  static OpeningTable from_tsv(std::string_view text);

  // The opening whose line ends in this position, or null. When several lines reach the same
  // position, the first in the table keeps it.
  const Opening* find(const fen::Position& pos) const;
  std::size_t size() const { return openings_.size(); }

 private:
  fen::PositionSet positions_;
  std::vector<Opening> openings_;  // by position index
};

// Follows a main line and keeps the deepest opening it reaches.
class FENKIT_API OpeningClassifier {
 public:
  explicit OpeningClassifier(const OpeningTable& table) : table_(table) {}
  void reset() { best_ = nullptr; }
  // Every main-line position, the start position included.
  void position(const fen::Position& pos) {
    if (const Opening* o = table_.find(pos); o && (!best_ || o->plies > best_->plies)) best_ = o;
  }
  const Opening* best() const { return best_; }

 private:
  const OpeningTable& table_;
  const Opening* best_ = nullptr;
};

}  // namespace fenkit::pgn
