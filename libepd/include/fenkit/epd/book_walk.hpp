// Finding the positions of a Polyglot book.
//
// A book stores keys, not positions, so the only way to list its positions is to play
// through them: start from known positions (the standard start by default), try every legal
// move, and keep every position whose key the book holds. Books built from games also hold
// positions one step beyond a position they lack (the book keeps White's moves only, or a
// reply was too rare to pass min-games), so where a book move, or a root, leads out of the
// book, the walk searches up to `max_gap` plies further through every legal move.
//
// Thread safety: walk_book() only reads the book: it may run on several threads at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <span>
#include <vector>

#include "fenkit/epd/book_reader.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

struct FENKIT_API BookWalkOptions {
  // Consecutive positions outside the book the walk may pass through after a book move or
  // at a root. Each step up multiplies that search by about the number of legal moves.
  int max_gap = 1;
};

struct FENKIT_API BookWalk {
  // Each position of the book that was reached, once per key, in the order found
  // (breadth first from the roots, book moves before other moves).
  std::vector<fen::Position> positions;
  std::size_t keys = 0;            // distinct keys in the book
  std::size_t unreached_keys = 0;  // keys whose position was not found
  std::size_t unreached_entries = 0;
};

FENKIT_API BookWalk walk_book(const Book& book, std::span<const fen::Position> roots,
                              const BookWalkOptions& options = {});

}  // namespace fenkit::epd
