// Regular files read at any offset: what reading a byte range of a file needs (its edges are
// looked for in windows read around them, pgn::open_range), and the lines before an offset,
// which the places of a range's messages count from.
//
// Thread safety: a RandomAccessFile may be read from several threads (read_at); a source it
// gives belongs to one thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "fenkit/io/export.hpp"
#include "fenkit/io/input.hpp"

namespace fenkit::io {

namespace detail {
class Descriptor;
}

// A regular uncompressed file, opened once for reading at any offset.
class FENKIT_API RandomAccessFile {
 public:
  // Throws std::runtime_error naming the file when it cannot be opened, or when it is not a
  // regular uncompressed file (a pipe, compressed or UTF-16 input cannot be read in ranges).
  explicit RandomAccessFile(const std::string& path);

  const std::string& name() const { return name_; }
  // The size the file had when it was opened.
  std::uint64_t size() const { return size_; }

  // Reads `size` bytes at `offset`. Throws std::runtime_error naming the file when it cannot,
  // or when the file ends before them ("the file changed while it was read").
  void read_at(char* buffer, std::size_t size, std::uint64_t offset) const;

  // The bytes [begin, end) of the file, read in blocks as open_input reads a whole file: the
  // source ends at `end`, whatever the file holds after it, and says so when the file turns
  // out shorter. The source shares the file's descriptor and may outlive this object.
  std::unique_ptr<InputSource> range(std::uint64_t begin, std::uint64_t end) const;

 private:
  std::string name_;
  std::shared_ptr<const detail::Descriptor> fd_;
  std::uint64_t size_ = 0;
};

// The line ends in the first `offset` bytes of a file (read in blocks): what a range that
// begins there needs for the places of its messages when nothing counted them before.
FENKIT_API std::uint64_t count_lines_before(const std::string& path, std::uint64_t offset);

}  // namespace fenkit::io
