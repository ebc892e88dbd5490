// A regular uncompressed file is read in blocks, not mapped: a mapping keeps every page read
// resident (the whole file, in the end), and a file cut short while it is mapped ends the
// program with SIGBUS. Reading in blocks keeps memory bounded on a file of any size and turns a
// file that changes under the reader into an error.
#include "file_source.hpp"

#include <algorithm>

#include "failure.hpp"

namespace fenkit::io::detail {

namespace {

// A file that ends before the size it had when opened has changed under the reader, and says so
// once the bytes it still had are handed out. Each read says where it reads (pread), so that
// sources that share a descriptor (the ranges of one file) do not move each other.
class FileSource : public InputSource {
 public:
  FileSource(std::string name, std::shared_ptr<const Descriptor> fd, std::uint64_t offset,
             std::uint64_t size, bool whole)
      : InputSource(std::move(name)), fd_(std::move(fd)), offset_(offset), size_(size),
        whole_(whole) {}
  std::size_t read(char* buffer, std::size_t size) override {
    // A range ends where it ends, whatever the file holds after it.
    if (!whole_) size = std::size_t(std::min<std::uint64_t>(size, size_ - read_));
    const std::size_t n =
        size ? read_some_at(fd_->get(), buffer, size, offset_ + read_, name()) : 0;
    read_ += n;
    if (n == 0 && size && read_ < size_)
      fail(name(), "the file changed while it was read (it is shorter than it was)");
    return n;
  }
  std::size_t size_hint() const override { return std::size_t(size_); }
  std::uint64_t raw_bytes_read() const override { return read_; }

 private:
  std::shared_ptr<const Descriptor> fd_;
  std::uint64_t offset_;
  std::uint64_t size_;
  bool whole_;
  std::uint64_t read_ = 0;
};

}  // namespace

std::unique_ptr<InputSource> file_source(std::string name, std::shared_ptr<const Descriptor> fd,
                                         std::uint64_t offset, std::uint64_t size, bool whole) {
  return std::make_unique<FileSource>(std::move(name), std::move(fd), offset, size, whole);
}

}  // namespace fenkit::io::detail
