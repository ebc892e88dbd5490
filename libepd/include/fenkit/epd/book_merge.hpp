// Merging Polyglot books.
//
// Thread safety: The functions keep no state and may run on any number of threads at once.
#pragma once

#include <span>
#include <vector>

#include "fenkit/epd/book_entry.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

enum class BookMergeMode {
  // As `polyglot merge-book` (2.0.4) does: a position in both books gets the first book's
  // moves, in its order, with the second book's weight added to the move they share (the
  // first entry of that move), then the second book's other moves in its order. The learn
  // field comes from the first book. Sums above 65535 are capped (Polyglot lets them wrap).
  add_weights,
  // As Polyglot 1.4's merge-book: a position in both books gets the first book's moves only.
  first_wins,
};

// Both inputs sorted by key; so is the result.
FENKIT_API std::vector<BookEntry> merge_books(std::span<const BookEntry> first,
                                              std::span<const BookEntry> second,
                                              BookMergeMode mode = BookMergeMode::add_weights);

}  // namespace fenkit::epd
