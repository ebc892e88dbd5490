// Input sources: the bytes of a file, standard input, a pipe, a caller's std::istream or a
// buffer, decompressed on the fly and converted from UTF-16 when their first bytes say so. What
// the PGN and EPD readers read through; lines come from line_reader.hpp.
//
// Thread safety: an InputSource belongs to one thread; open_input() may be called from any
// thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <memory>
#include <string>
#include <string_view>

#include "fenkit/io/export.hpp"

namespace fenkit::io {

class FENKIT_API InputSource {
 public:
  virtual ~InputSource() = default;
  // Reads up to `size` bytes; returns 0 only at the end. Throws std::runtime_error on errors
  // (naming the input), once every byte that could be read before the error has been handed
  // out.
  virtual std::size_t read(char* buffer, std::size_t size) = 0;
  // The whole input as one view, when it is an uncompressed file mapped into memory or an
  // in-memory buffer (zero-copy reading); empty otherwise.
  virtual std::string_view mapped() const { return {}; }
  // Total size when known (regular files, buffers), else 0.
  virtual std::size_t size_hint() const { return 0; }
  // The bytes taken from the file (or pipe) so far: for compressed input the compressed bytes,
  // so that it can be set against the file's size to tell how far reading has come. 0 when a
  // source cannot tell.
  virtual std::uint64_t raw_bytes_read() const { return 0; }
  const std::string& name() const { return name_; }

 protected:
  explicit InputSource(std::string name) : name_(std::move(name)) {}

 private:
  std::string name_;
};

// How open_input reads a regular uncompressed file: in blocks, so that what has been read does
// not stay in memory (streamed), or mapped into memory whole (mapped(): zero-copy, and what a
// byte range of the file needs, pgn::Chunker::restrict_to). Other input is always streamed.
enum class Access { streamed, mapped };

// Opens a file, or standard input for "-". Compressed input (gzip, bzip2, xz, zstd; several
// streams one after another too) is decompressed; text that begins with a UTF-16 byte-order
// mark (FF FE or FE FF) is converted to UTF-8. Throws std::runtime_error naming the file when
// it cannot be opened. Compressed data that is cut short or damaged gives every byte decoded
// before the fault, then the error "FILE: cannot decompress: the data is corrupt or cut
// short", whatever the format; a regular file that turns out shorter than it was when opened
// (cut while it is read), every byte there was, then "FILE: the file changed while it was
// read". A regular file may be mapped (Access::mapped); reading it then keeps what was read
// in memory, and cutting it while it is read is fatal, as with any mapping.
FENKIT_API std::unique_ptr<InputSource> open_input(const std::string& path,
                                                   Access access = Access::streamed);

// What open_input makes of a file's bytes, for bytes that come from elsewhere (a stream of the
// caller's): compressed input decompressed, UTF-16 with a byte-order mark converted to UTF-8,
// anything else as it is. Nothing is read before the first read(); errors come as open_input's
// do, after the bytes before them.
FENKIT_API std::unique_ptr<InputSource> decoded_input(std::unique_ptr<InputSource> raw);

// The first `size` bytes of an input (fewer if it is shorter), to tell what it holds, and the
// input to read from its start: the same one when it is in memory, otherwise one that gives
// those bytes again. An error met while reading them comes after them.
FENKIT_API std::unique_ptr<InputSource> peek_input(std::unique_ptr<InputSource> input,
                                                   std::size_t size,
                                                   std::string& head);

// An in-memory text. A view is not copied: the text must outlive the source. A string given
// as an rvalue is kept by the source, so that `memory_input(a + b)` cannot dangle.
FENKIT_API std::unique_ptr<InputSource> memory_input(std::string_view text,
                                                     std::string name = "<memory>");
FENKIT_API std::unique_ptr<InputSource> memory_input(std::string&& text,
                                                     std::string name = "<memory>");
inline std::unique_ptr<InputSource> memory_input(const char* text, std::string name = "<memory>") {
  return memory_input(std::string_view(text), std::move(name));
}

// The bytes of a std::istream as they come (a socket's, a pipe's; the stream must outlive the
// source). A stream that fails (goes bad, or its streambuf throws, whether or not its
// exceptions() let that through) gives every byte it gave before the failure, then throws
// std::runtime_error "NAME: cannot read the stream at byte N" (with the streambuf's reason
// after it when the stream lets it through), at this read and every one after. Wrap the
// source in decoded_input to read compressed or UTF-16 bytes.
FENKIT_API std::unique_ptr<InputSource> stream_input(std::istream& stream,
                                                     std::string name = "<stream>");

}  // namespace fenkit::io
