// The games of a byte range of a PGN file, read in blocks: what a worker given a piece of a file
// (a Dask or Spark split, an array job) reads, without reading the rest of the file.
//
// Thread safety: open_range may be called from any thread; the source it gives belongs to one.
#pragma once

#include <cstdint>
#include <memory>
#include <string>

#include "fenkit/fen/export.hpp"
#include "fenkit/io/input.hpp"

namespace fenkit::pgn {

// A byte range of a regular uncompressed file, to read in blocks: the bytes from the first
// synchronisation point at or after `start` to the first one at or after `end`, the edges of
// Chunker::restrict_to (so that ranges tiling a file read every game once), found without
// reading the rest of the file. `begin` is the input offset of the first byte.
struct FENKIT_API FileRange {
  std::unique_ptr<io::InputSource> input;
  std::uint64_t begin = 0, end = 0;
};
FENKIT_API FileRange open_range(const std::string& path, std::uint64_t start, std::uint64_t end);

}  // namespace fenkit::pgn
