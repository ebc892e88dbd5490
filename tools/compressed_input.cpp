#include "compressed_input.hpp"

#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <boost/iostreams/filter/zstd.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#include <fstream>
#include <iostream>
#include <string_view>

namespace fenkit::tools {

namespace {

namespace io = boost::iostreams;

enum class Compression { none, gzip, bzip2, xz, zstd };

Compression compression_of(std::string_view head) {
  using namespace std::string_view_literals;
  if (head.starts_with("\x1F\x8B"sv)) return Compression::gzip;
  if (head.starts_with("BZh"sv)) return Compression::bzip2;
  if (head.starts_with("\xFD" "7zXZ\0"sv)) return Compression::xz;
  if (head.starts_with("\x28\xB5\x2F\xFD"sv)) return Compression::zstd;
  return Compression::none;
}

// The bytes read to recognise the format, then the rest of the stream: standard input cannot
// be rewound.
class PrefixedSource {
 public:
  using char_type = char;
  using category = io::source_tag;

  PrefixedSource(std::string prefix, std::istream& rest)
      : prefix_(std::move(prefix)), rest_(&rest) {}

  std::streamsize read(char* s, std::streamsize n) {
    if (used_ < prefix_.size()) {
      const std::size_t k = std::min(prefix_.size() - used_, std::size_t(n));
      prefix_.copy(s, k, used_);
      used_ += k;
      return std::streamsize(k);
    }
    rest_->read(s, n);
    const std::streamsize got = rest_->gcount();
    return got > 0 ? got : -1;
  }

 private:
  std::string prefix_;
  std::size_t used_ = 0;
  std::istream* rest_;
};

// Owns the file under the filter chain; as the first base it is destroyed after the chain.
struct FileHolder {
  std::unique_ptr<std::istream> file;
};

class DecompressingStream : private FileHolder, public io::filtering_istream {
 public:
  explicit DecompressingStream(std::unique_ptr<std::istream> file) : FileHolder{std::move(file)} {}
  std::istream& source() { return FileHolder::file ? *FileHolder::file : std::cin; }
};

constexpr std::streamsize kBufferSize = 1 << 16;

}  // namespace

std::unique_ptr<std::istream> open_input(const std::string& path) {
  std::unique_ptr<std::istream> file;
  if (path != "-") {
    auto f = std::make_unique<std::ifstream>(path, std::ios::binary);
    if (!*f) return nullptr;
    file = std::move(f);
  }
  auto stream = std::make_unique<DecompressingStream>(std::move(file));
  std::istream& in = stream->source();
  char head[6];
  in.read(head, sizeof head);
  const std::string prefix(head, std::size_t(in.gcount()));
  switch (compression_of(prefix)) {
    case Compression::none: break;
    case Compression::gzip: stream->push(io::gzip_decompressor(), kBufferSize); break;
    case Compression::bzip2: stream->push(io::bzip2_decompressor(), kBufferSize); break;
    case Compression::xz: stream->push(io::lzma_decompressor(), kBufferSize); break;
    case Compression::zstd: stream->push(io::zstd_decompressor(), kBufferSize); break;
  }
  stream->push(PrefixedSource(prefix, in), kBufferSize);
  return stream;
}

}  // namespace fenkit::tools
