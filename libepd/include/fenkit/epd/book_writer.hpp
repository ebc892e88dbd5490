// Writing Polyglot opening books.
//
// Thread safety: The functions keep no state and may run on any number of threads at once.
#pragma once

#include <span>
#include <string>
#include <vector>

#include "fenkit/epd/book_entry.hpp"
#include "fenkit/epd/book_reader.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

// The order books are written in: keys ascending (lookups are binary searches), the moves of
// a position heaviest first, and entries that tie keep the order they came in (this is the
// order `polyglot make-book` produces, so books built from the same games come out identical).
FENKIT_API void sort_book_entries(std::vector<BookEntry>& entries);

// Whether `entries` are in ascending key order, as a book must be.
FENKIT_API bool keys_are_sorted(std::span<const BookEntry> entries);

// The bytes of a book holding `entries` in the order given.
FENKIT_API std::vector<unsigned char> book_bytes(std::span<const BookEntry> entries);

// Writes `entries` (in the order given) to `path`. Throws BookError (book_reader.hpp) if the
// file cannot be written, and std::invalid_argument if the keys are not sorted.
FENKIT_API void write_book(const std::string& path, std::span<const BookEntry> entries);

}  // namespace fenkit::epd
