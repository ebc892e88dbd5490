// Reading Polyglot opening books (.bin): look up the moves of a position, choose one.
//
// A Book maps its file into memory and checks it once when opened: the size must be a whole
// number of 16-byte entries and the keys must be sorted, since lookups are binary searches.
// After that, every lookup reads the mapped bytes directly.
//
// Thread safety: a Book is read-only once open: any number of threads may probe it at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <span>
#include <stdexcept>
#include <string>
#include <vector>

#include "fenkit/epd/book_entry.hpp"
#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

enum class BookFault : std::uint8_t {
  unreadable,  // missing, a directory, or cannot be mapped
  size,        // not a whole number of 16-byte entries
  order,       // keys not sorted
  unwritable,  // writing failed (book_writer.hpp)
};

// A book that cannot be used: unreadable, truncated, or not sorted (or cannot be written).
// what() names the file and, where there is one, the entry and byte offset at fault.
class FENKIT_API BookError : public std::runtime_error {
 public:
  BookError(BookFault fault, std::string file, std::string message,
            std::optional<std::uint64_t> offset = {});
  BookFault fault() const { return fault_; }
  const std::string& file() const { return file_; }
  // what() without the file name: "byte 38672: the size ...".
  const std::string& detail() const { return detail_; }
  // Byte offset of the offending entry or bytes, when the problem has a place.
  std::optional<std::uint64_t> offset() const { return offset_; }

 private:
  BookFault fault_;
  std::string file_;
  std::string detail_;
  std::optional<std::uint64_t> offset_;
};

struct FENKIT_API BookOpenOptions {
  // A size that is not a multiple of 16 is an error (some books in circulation end with a
  // stray byte). With this set, the whole entries are read and the remainder is ignored;
  // Book::ignored_bytes() tells how many bytes that was, so a caller can warn.
  bool ignore_trailing_bytes = false;
};

// One move of a position as the book has it.
struct FENKIT_API BookMove {
  fen::Move move;          // fen::Move::none() if the code is not a legal move here
  std::uint16_t code = 0;  // as stored (book_move.hpp)
  std::uint16_t weight = 0;
  std::uint32_t learn = 0;
};

class FENKIT_API Book {
 public:
  // Maps and checks the file; a compressed one (gzip, bzip2, xz, zstd, told by its first bytes)
  // is read whole and decompressed. Throws BookError.
  static Book open(const std::string& path, const BookOpenOptions& options = {});
  // Checks and keeps a copy of bytes already in memory; `name` stands for the file in errors.
  static Book from_bytes(std::string name, std::vector<unsigned char> bytes,
                         const BookOpenOptions& options = {});

  Book(Book&&) noexcept;
  Book& operator=(Book&&) noexcept;
  ~Book();

  const std::string& name() const { return name_; }
  std::size_t size() const { return count_; }
  bool empty() const { return count_ == 0; }
  std::size_t ignored_bytes() const { return ignored_bytes_; }

  BookEntry entry(std::size_t index) const { return decode_entry(data_ + index * kBookEntrySize); }
  std::uint64_t key_at(std::size_t index) const {
    return decode_key(data_ + index * kBookEntrySize);
  }
  std::vector<BookEntry> entries() const;

  // The entries [first, last) whose key is `key` (first == last when there are none).
  struct Range {
    std::size_t first = 0, last = 0;
    bool empty() const { return first == last; }
    std::size_t size() const { return last - first; }
  };
  Range find(std::uint64_t key) const;
  bool contains(const fen::Position& pos) const;

  // The book's moves for `pos`, in the book's order (built books put the heaviest first).
  std::vector<BookMove> moves(const fen::Position& pos) const;

 private:
  struct Storage;
  Book(std::string name, std::unique_ptr<Storage> storage, const BookOpenOptions& options);

  std::string name_;
  std::unique_ptr<Storage> storage_;
  const unsigned char* data_ = nullptr;
  std::size_t count_ = 0;
  std::size_t ignored_bytes_ = 0;
};

// Chooses among the legal moves with probability weight / total weight, drawing from the
// caller's random generator (any UniformRandomBitGenerator). Moves that did not decode, and
// zero weights, are never chosen; nullopt when nothing can be.
template <typename Generator>
std::optional<BookMove> choose_move(std::span<const BookMove> moves, Generator& generator) {
  std::uint64_t total = 0;
  for (const BookMove& m : moves)
    if (m.move) total += m.weight;
  if (total == 0) return std::nullopt;
  std::uint64_t pick = std::uniform_int_distribution<std::uint64_t>(0, total - 1)(generator);
  for (const BookMove& m : moves) {
    if (!m.move) continue;
    if (pick < m.weight) return m;
    pick -= m.weight;
  }
  return std::nullopt;  // not reached: pick < total
}

}  // namespace fenkit::epd
