// The games of a chunk one at a time (internal): what read_chunk reads in one go, for a reader
// that hands each game out as soon as it is read (GameReader).
#pragma once

#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/reader.hpp"
#include "game_parser.hpp"

namespace fenkit::pgn::detail {

class ChunkGames {
 public:
  // Reads `chunk` (which must outlive this) with its numbers and place, into `visitor`.
  ChunkGames(const Chunk& chunk, Visitor& visitor, const ReaderOptions& options);

  // Reads the next game; false at the end of the chunk, once the chunker has been told where
  // the chunk ends (chunks cut in order are numbered as they are read).
  bool next();
  ReadStats stats() const { return stream_.stats(); }

 private:
  const Chunk& chunk_;
  GameStream stream_;
  bool done_ = false;
};

}  // namespace fenkit::pgn::detail
