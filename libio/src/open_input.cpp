// open_input: the one way a path becomes an input. A regular uncompressed file is read in blocks
// (or mapped, when asked); standard input, pipes, compressed and UTF-16 files are read as their
// bytes come, through the decoding their first bytes call for.
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <string_view>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "decoded.hpp"
#include "descriptor.hpp"
#include "failure.hpp"
#include "file_source.hpp"
#include "fenkit/io/compression.hpp"
#include "fenkit/io/input.hpp"
#include "view_source.hpp"

namespace fenkit::io {

using namespace std::string_view_literals;

namespace {

// A regular uncompressed file mapped into memory whole: what a byte range of a file read in
// memory needs (pgn::Chunker::restrict_to), and the fastest way to read a file once.
class MappedSource : public detail::ViewSource {
 public:
  MappedSource(std::string name, int fd, std::size_t size) : ViewSource(std::move(name), {}) {
    void* data = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
    if (data == MAP_FAILED)
      detail::fail(this->name(), std::string("cannot map file: ") + std::strerror(errno));
    set_text(std::string_view(static_cast<const char*>(data), size));
  }
  ~MappedSource() override { ::munmap(const_cast<char*>(mapped().data()), mapped().size()); }
  MappedSource(const MappedSource&) = delete;
  MappedSource& operator=(const MappedSource&) = delete;
};

}  // namespace

std::unique_ptr<InputSource> open_input(const std::string& path, Access access) {
  const bool standard_input = path == "-";
  const std::string name = standard_input ? "<stdin>" : path;
  const int fd = standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) detail::fail(name, std::strerror(errno));
  auto descriptor = std::make_shared<const detail::Descriptor>(fd, !standard_input);

  struct stat info {};
  if (::fstat(fd, &info) != 0) detail::fail(name, std::strerror(errno));
  if (S_ISDIR(info.st_mode)) detail::fail(name, "is a directory");

  // Sniff the first bytes to recognise compressed input (and UTF-16) by content.
  std::string sniffed(detail::kSniffedBytes, '\0');
  std::size_t got = 0;
  while (got < sniffed.size()) {
    const std::size_t n = detail::read_some(fd, sniffed.data() + got, sniffed.size() - got, name);
    if (n == 0) break;
    got += n;
  }
  sniffed.resize(got);
  const Compression kind = detect_compression(sniffed);
  const bool utf16 = sniffed.starts_with("\xFF\xFE"sv) || sniffed.starts_with("\xFE\xFF"sv);

  const bool plain_file = kind == Compression::none && !utf16 && S_ISREG(info.st_mode) &&
                          info.st_size > 0 && !standard_input;
  if (plain_file && access == Access::mapped)
    return std::make_unique<MappedSource>(name, fd, std::size_t(info.st_size));
  if (plain_file)
    return detail::file_source(name, descriptor, 0, std::uint64_t(info.st_size), true);
  return detail::decoded_from(std::move(sniffed), detail::descriptor_source(name, descriptor));
}

}  // namespace fenkit::io
