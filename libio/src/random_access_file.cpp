// Byte ranges of a file are read without reading what lies before them: their edges are found
// in windows read at any offset, and their bytes then read in blocks, as a whole file is. Only
// a regular uncompressed file has offsets that mean the same before and after reading.
#include "fenkit/io/random_access_file.hpp"

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <system_error>
#include <unistd.h>
#include <vector>

#include "descriptor.hpp"
#include "failure.hpp"
#include "file_source.hpp"

namespace fenkit::io {

RandomAccessFile::RandomAccessFile(const std::string& path) : name_(path) {
  // Opened as any input is, to tell by content what it holds. (A pipe has no size: it cannot be
  // read in ranges either.)
  std::unique_ptr<InputSource> whole = open_input(path);
  size_ = std::uint64_t(whole->size_hint());
  std::error_code unknown;
  if (size_ == 0 && std::filesystem::file_size(path, unknown) != 0)
    detail::fail(whole->name(), "a byte range needs a regular uncompressed file (not a pipe, "
                                "compressed or UTF-16 input)");
  whole.reset();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) detail::fail(path, std::strerror(errno));
  fd_ = std::make_shared<const detail::Descriptor>(fd, true);
}

void RandomAccessFile::read_at(char* buffer, std::size_t size, std::uint64_t offset) const {
  for (std::size_t done = 0; done < size;) {
    const std::size_t n =
        detail::read_some_at(fd_->get(), buffer + done, size - done, offset + done, name_);
    if (n == 0)
      detail::fail(name_, "the file changed while it was read (it is shorter than it was)");
    done += n;
  }
}

std::unique_ptr<InputSource> RandomAccessFile::range(std::uint64_t begin, std::uint64_t end) const {
  return detail::file_source(name_, fd_, begin, std::max(begin, end) - begin, false);
}

std::uint64_t count_lines_before(const std::string& path, std::uint64_t offset) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) detail::fail(path, std::strerror(errno));
  const detail::Descriptor owned(fd, true);
  std::vector<char> block(std::size_t(1) << 20);
  std::uint64_t lines = 0;
  for (std::uint64_t at = 0; at < offset;) {
    const std::size_t want = std::size_t(std::min<std::uint64_t>(block.size(), offset - at));
    const std::size_t n = detail::read_some_at(fd, block.data(), want, at, path);
    if (n == 0) break;
    lines += std::uint64_t(std::count(block.data(), block.data() + n, '\n'));
    at += std::uint64_t(n);
  }
  return lines;
}

}  // namespace fenkit::io
