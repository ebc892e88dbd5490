// The distinct positions of a suite in the order they were first seen, each with the number
// of games it was seen in and where it was seen first.
//
// Built for millions of games: a position is found by its 64-bit key through an open-addressing
// table of 8-byte slots, and its text is stored once, in large blocks. Keys are only an index:
// two positions are the same when their four EPD fields are, so a collision of keys can never
// merge different positions.
//
// Thread safety: one thread at a time.
#pragma once

#include <cstdint>
#include <deque>
#include <memory>
#include <string_view>
#include <vector>
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

// Append-only text storage whose views stay valid: large blocks, never moved.
class FENKIT_API TextStore {
 public:
  std::string_view add(std::string_view text);
  std::size_t bytes() const { return bytes_; }

 private:
  static constexpr std::size_t kBlockSize = std::size_t(1) << 20;
  std::vector<std::unique_ptr<char[]>> blocks_;
  char* current_ = nullptr;  // the free part of the current block
  std::size_t left_ = 0;
  std::size_t bytes_ = 0;
};

// A position seen in a game, as the table is given it.
struct FENKIT_API PositionSeen {
  std::uint64_t key = 0;
  std::string_view fen;        // six fields
  std::size_t epd_length = 0;  // the four EPD fields: fen.substr(0, epd_length)
  std::uint32_t file = 0;      // index of the input it came from
  std::uint64_t game = 0;
  std::uint32_t ply = 0;
  std::string_view note;       // the game's note, kept for the first sighting only
};

class FENKIT_API PositionTable {
 public:
  struct Entry {
    std::uint64_t key = 0;
    const char* fen = nullptr;  // six fields, clocks of the first sighting
    const char* note = nullptr;
    std::uint64_t game = 0;     // first sighting
    std::uint32_t games = 0;    // sightings, that is games (callers give one per game)
    std::uint32_t ply = 0;
    std::uint32_t file = 0;
    std::uint32_t note_length = 0;
    std::uint8_t fen_length = 0;
    std::uint8_t epd_length = 0;

    std::string_view fen_text() const { return {fen, fen_length}; }
    std::string_view epd_text() const { return {fen, epd_length}; }
    std::string_view note_text() const { return {note, note_length}; }
  };

  // Counts one more game for the position, adding it first if it is new.
  void add(const PositionSeen& seen);

  // In the order first seen.
  const std::deque<Entry>& entries() const { return entries_; }
  std::size_t size() const { return entries_.size(); }

 private:
  void grow();

  std::deque<Entry> entries_;  // grows without copying
  // Open addressing by the key's low bits. A slot holds the key's high half, which settles
  // most probes without reading the entry, and the entry's index + 1 (0: empty).
  struct Slot {
    std::uint32_t tag = 0;
    std::uint32_t entry = 0;
  };
  std::vector<Slot> slots_;
  TextStore text_;
};

}  // namespace fenkit::epd
