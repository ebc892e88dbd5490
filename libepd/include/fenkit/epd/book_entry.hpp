// Polyglot book entries: the 16-byte record of a .bin opening book.
//
// A book is a sequence of entries sorted by key, each stored big-endian:
//   bytes  0-7   key     the Polyglot key of the position (fenkit/fen/polyglot.hpp)
//   bytes  8-9   move    from, to and promotion (book_move.hpp)
//   bytes 10-11  weight  how often to choose the move, relative to the position's other moves
//   bytes 12-15  learn   free for engines' learning data; 0 in built books
//
// Thread safety: Values: copy them freely; nothing is shared.
#pragma once

#include <cstddef>
#include <cstdint>
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

inline constexpr std::size_t kBookEntrySize = 16;

struct FENKIT_API BookEntry {
  std::uint64_t key = 0;
  std::uint16_t move = 0;
  std::uint16_t weight = 0;
  std::uint32_t learn = 0;

  friend constexpr bool operator==(const BookEntry&, const BookEntry&) = default;
};

// Reads the entry stored at `bytes` (kBookEntrySize bytes).
constexpr BookEntry decode_entry(const unsigned char* bytes) {
  auto read = [bytes](int offset, int size) {
    std::uint64_t value = 0;
    for (int i = 0; i < size; ++i) value = (value << 8) | bytes[offset + i];
    return value;
  };
  return BookEntry{.key = read(0, 8),
                   .move = std::uint16_t(read(8, 2)),
                   .weight = std::uint16_t(read(10, 2)),
                   .learn = std::uint32_t(read(12, 4))};
}

// The key alone, for searching without decoding whole entries.
constexpr std::uint64_t decode_key(const unsigned char* bytes) {
  std::uint64_t value = 0;
  for (int i = 0; i < 8; ++i) value = (value << 8) | bytes[i];
  return value;
}

// Writes `entry` into `bytes` (kBookEntrySize bytes).
constexpr void encode_entry(const BookEntry& entry, unsigned char* bytes) {
  auto write = [bytes](int offset, int size, std::uint64_t value) {
    for (int i = size - 1; i >= 0; --i, value >>= 8)
      bytes[offset + i] = static_cast<unsigned char>(value & 0xFF);
  };
  write(0, 8, entry.key);
  write(8, 2, entry.move);
  write(10, 2, entry.weight);
  write(12, 4, entry.learn);
}

}  // namespace fenkit::epd
