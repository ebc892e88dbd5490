// Decompressing sources: gzip, bzip2, xz and zstd through each format's own library (internal).
#pragma once

#include <memory>

#include "fenkit/io/compression.hpp"
#include "fenkit/io/input.hpp"

namespace fenkit::io::detail {

// The words of every decompression failure, whatever the format: a stream that breaks off and
// one whose bytes are damaged cannot be told apart in general.
inline constexpr const char* kCorrupt = "cannot decompress: the data is corrupt or cut short";
inline constexpr const char* kOutOfMemory = "cannot decompress: out of memory";

// The decompressed bytes of `raw` (all of them, from its first byte) in format `kind`; `raw`
// itself for Compression::none. Several streams one after another read as one.
std::unique_ptr<InputSource> decompressor(Compression kind, std::unique_ptr<InputSource> raw);

}  // namespace fenkit::io::detail
