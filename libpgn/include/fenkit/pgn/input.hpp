// Input sources: the bytes of a file, standard input or a buffer, decompressed on the fly.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace fenkit::pgn {

enum class Compression { none, gzip, bzip2, xz, zstd };

// Recognises a compressed stream by its first bytes (magic numbers), whatever its name.
Compression detect_compression(std::string_view first_bytes);

class InputSource {
 public:
  virtual ~InputSource() = default;
  // Reads up to `size` bytes; returns 0 only at the end. Throws std::runtime_error on errors
  // (naming the input), once every byte that could be read before the error has been handed
  // out.
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
  // The whole input as one view, when it is an uncompressed file mapped into memory or an
  // in-memory buffer (zero-copy reading); empty otherwise.
  virtual std::string_view mapped() const { return {}; }
  // Total size when known (mapped files, buffers), else 0.
  virtual std::size_t size_hint() const { return 0; }
  const std::string& name() const { return name_; }

 protected:
  explicit InputSource(std::string name) : name_(std::move(name)) {}

 private:
  std::string name_;
};

// Opens a file, or standard input for "-". Compressed input (gzip, bzip2, xz, zstd; several
// streams one after another too) is decompressed; text that begins with a UTF-16 byte-order
// mark (FF FE or FE FF) is converted to UTF-8; any other regular file is memory-mapped.
// Throws std::runtime_error naming the file when it cannot be opened. Compressed data that is
// cut short or damaged gives every byte decoded before the fault, then the error
// "FILE: cannot decompress: the data is corrupt or cut short", whatever the format.
std::unique_ptr<InputSource> open_input(const std::string& path);

// An in-memory text (not copied: it must outlive the source).
std::unique_ptr<InputSource> memory_input(std::string_view text, std::string name = "<memory>");

}  // namespace fenkit::pgn
