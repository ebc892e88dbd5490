// Building Polyglot books from (position, move, weight) triples, such as EPD records' best
// moves: the weights of a pair given more than once add up.
//
// Thread safety: a BookWeights belongs to one thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <unordered_map>
#include <vector>

#include "fenkit/epd/book_entry.hpp"
#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

struct FENKIT_API BookWeightsOptions {
  bool only_white = false;  // keep only White's moves
  bool only_black = false;  // keep only Black's moves
  bool uniform = false;     // give every kept move weight 1
};

class FENKIT_API BookWeights {
 public:
  explicit BookWeights(const BookWeightsOptions& options = {});

  // Adds `weight` (0 too) to the pair (pos, move); `move` must be legal in `pos`. Returns false,
  // adding nothing, for a Chess960 position whose key is ambiguous (book_move.hpp).
  bool add(const fen::Position& pos, fen::Move move, std::uint64_t weight = 1);

  // The book, sorted (book_writer.hpp). A pair of zero weight stays, as a move the book knows
  // and never plays (Polyglot books may hold such entries). Where a position's heaviest move
  // exceeds 65535, all its weights are scaled by the same factor (rounded to nearest, at least
  // 1; a weight of zero stays zero) so that the heaviest becomes 65535.
  std::vector<BookEntry> entries() const;

  std::size_t pair_count() const { return pairs_.size(); }

 private:
  struct Pair {
    std::uint64_t key;
    std::uint16_t move;
    bool white;
    std::uint64_t weight;
  };
  BookWeightsOptions options_;
  std::vector<Pair> pairs_;  // in order of first appearance
  std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> by_position_;
};

}  // namespace fenkit::epd
