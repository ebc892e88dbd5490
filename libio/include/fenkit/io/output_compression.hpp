// Compressed outputs: a file whose name ends in .gz or .zst is written compressed (gzip through
// zlib, zstd through libzstd; compression_for in compression.hpp tells which), so that one pass
// turns an archive into compressed shards and what a command writes takes the room it would
// take on the lichess database's server.
//
// Thread safety: a Compressor belongs to one thread.
#pragma once

#include <memory>
#include <string>
#include <string_view>

#include "fenkit/io/compression.hpp"
#include "fenkit/io/export.hpp"

namespace fenkit::io {

// The levels each format written takes, and its default (gzip 1-9, default 6; zstd 1-19,
// default 1: on the data sets and archives written here, as small as zstd's own default of 3
// within 1%, or smaller, with three fifths of its compressing time).
FENKIT_API int max_level(Compression compression);
FENKIT_API int default_level(Compression compression);

class FENKIT_API Compressor {
 public:
  virtual ~Compressor() = default;
  // Appends to `out` what `in` compresses to so far (the format may hold some back).
  virtual void compress(std::string_view in, std::string& out) = 0;
  // Appends the rest and the end of the stream.
  virtual void finish(std::string& out) = 0;
};

struct FENKIT_API CompressionSettings {
  int level = 0;         // 0: the format's default
  // zstd compresses on this many threads of its own when it is 2 or more (at most
  // kMaxCompressionThreads), so that a file written by a run on N threads is not made at one
  // core's speed; gzip always takes the writing thread.
  unsigned threads = 1;
};

// zstd on more threads buffers more (a few MB each), and eight already compress faster than a
// disk takes the bytes.
inline constexpr unsigned kMaxCompressionThreads = 8;

// A compressor for gzip or zstd; null for Compression::none. Throws std::runtime_error when the
// library refuses, std::invalid_argument for a format that is read but not written (bzip2, xz).
FENKIT_API std::unique_ptr<Compressor> make_compressor(Compression compression,
                                                       CompressionSettings settings);

}  // namespace fenkit::io
