// Input sources. Regular uncompressed files are memory-mapped; everything else is read in
// blocks, through Boost.Iostreams' decompressors when the first bytes say so.
#include "fenkit/pgn/input.hpp"

#include <boost/iostreams/categories.hpp>
#include <boost/iostreams/device/mapped_file.hpp>
#include <boost/iostreams/filter/bzip2.hpp>
#include <boost/iostreams/filter/gzip.hpp>
#include <boost/iostreams/filter/lzma.hpp>
#include <boost/iostreams/filtering_stream.hpp>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <stdexcept>
#include <sys/stat.h>
#include <vector>
#include <unistd.h>
#include <zstd.h>

namespace fenkit::pgn {

namespace io = boost::iostreams;
using namespace std::string_view_literals;

Compression detect_compression(std::string_view b) {
  auto starts = [&](std::string_view magic) { return b.substr(0, magic.size()) == magic; };
  if (starts("\x1f\x8b"sv)) return Compression::gzip;
  if (starts("BZh"sv)) return Compression::bzip2;
  if (starts("\xfd" "7zXZ\x00"sv)) return Compression::xz;
  if (starts("\x28\xb5\x2f\xfd"sv)) return Compression::zstd;
  return Compression::none;
}

namespace {

[[noreturn]] void fail(const std::string& name, const std::string& what) {
  throw std::runtime_error(name + ": " + what);
}

// A file descriptor we own (or standard input, which we do not close).
class Descriptor {
 public:
  Descriptor(int fd, bool owned) : fd_(fd), owned_(owned) {}
  Descriptor(const Descriptor&) = delete;
  Descriptor& operator=(const Descriptor&) = delete;
  ~Descriptor() {
    if (owned_ && fd_ >= 0) ::close(fd_);
  }
  int get() const { return fd_; }

 private:
  int fd_;
  bool owned_;
};

// read(2) that retries on EINTR and throws on errors.
std::size_t read_some(int fd, char* buffer, std::size_t size, const std::string& name) {
  for (;;) {
    const ssize_t n = ::read(fd, buffer, size);
    if (n >= 0) return std::size_t(n);
    if (errno != EINTR) fail(name, std::strerror(errno));
  }
}

// Plain bytes from a descriptor, starting with the bytes already read to sniff the format.
class DescriptorSource : public InputSource {
 public:
  DescriptorSource(std::string name, std::shared_ptr<Descriptor> fd, std::string sniffed)
      : InputSource(std::move(name)), fd_(std::move(fd)), pending_(std::move(sniffed)) {}

  std::size_t read(char* buffer, std::size_t size) override {
    if (pending_offset_ < pending_.size()) {
      const std::size_t n = std::min(size, pending_.size() - pending_offset_);
      std::memcpy(buffer, pending_.data() + pending_offset_, n);
      pending_offset_ += n;
      return n;
    }
    return read_some(fd_->get(), buffer, size, name());
  }

 private:
  std::shared_ptr<Descriptor> fd_;
  std::string pending_;
  std::size_t pending_offset_ = 0;
};

// Adapts an InputSource to a Boost.Iostreams Source device, so decompressors can pull from it.
class SourceDevice {
 public:
  using char_type = char;
  using category = io::source_tag;
  explicit SourceDevice(std::shared_ptr<InputSource> inner) : inner_(std::move(inner)) {}
  std::streamsize read(char* s, std::streamsize n) {
    const std::size_t got = inner_->read(s, std::size_t(n));
    return got ? std::streamsize(got) : -1;
  }

 private:
  std::shared_ptr<InputSource> inner_;
};

class DecompressingSource : public InputSource {
 public:
  DecompressingSource(std::shared_ptr<InputSource> raw, Compression kind)
      : InputSource(raw->name()) {
    switch (kind) {
      case Compression::gzip: stream_.push(io::gzip_decompressor()); break;
      case Compression::bzip2: stream_.push(io::bzip2_decompressor()); break;
      case Compression::xz: stream_.push(io::lzma_decompressor()); break;
      case Compression::zstd:  // read by ZstdSource
      case Compression::none: break;
    }
    stream_.push(SourceDevice(std::move(raw)));
  }

  // Reads in pieces, so that a stream cut short still delivers what came before the cut, and
  // reports the cut (the decompressor marks the stream bad) instead of a quiet end.
  std::size_t read(char* buffer, std::size_t size) override {
    std::size_t total = 0;
    while (total < size) {
      try {
        stream_.read(buffer + total, std::streamsize(std::min<std::size_t>(size - total, 1 << 16)));
      } catch (const std::exception& e) {
        fail(name(), std::string("cannot decompress: ") + e.what());
      }
      const std::size_t got = std::size_t(stream_.gcount());
      total += got;
      if (stream_.bad()) {
        if (total) return total;  // the error comes with the next read
        fail(name(), "cannot decompress: the data is corrupt or cut short");
      }
      if (got == 0 || stream_.eof()) break;
    }
    return total;
  }

 private:
  io::filtering_istream stream_;
};

// zstd through libzstd's streaming API rather than Boost's filter, which ends quietly, without
// any of the data, on a stream that is cut short.
class ZstdSource : public InputSource {
 public:
  explicit ZstdSource(std::shared_ptr<InputSource> raw)
      : InputSource(raw->name()), raw_(std::move(raw)), stream_(ZSTD_createDStream()),
        input_(ZSTD_DStreamInSize()) {
    if (!stream_) fail(name(), "cannot decompress: out of memory");
  }
  ~ZstdSource() override { ZSTD_freeDStream(stream_); }
  ZstdSource(const ZstdSource&) = delete;
  ZstdSource& operator=(const ZstdSource&) = delete;

  std::size_t read(char* buffer, std::size_t size) override {
    ZSTD_outBuffer out{buffer, size, 0};
    while (out.pos == 0) {
      if (in_.pos == in_.size) {
        if (raw_eof_) {
          // A frame still open at the end of the input means the data was cut short.
          if (frame_open_) fail(name(), "cannot decompress: the data is corrupt or cut short");
          return 0;
        }
        const std::size_t n = raw_->read(input_.data(), input_.size());
        raw_eof_ = n == 0;
        in_ = ZSTD_inBuffer{input_.data(), n, 0};
        if (raw_eof_) continue;
      }
      const std::size_t ret = ZSTD_decompressStream(stream_, &out, &in_);
      if (ZSTD_isError(ret))
        fail(name(), std::string("cannot decompress: ") + ZSTD_getErrorName(ret));
      frame_open_ = ret != 0;
    }
    return out.pos;
  }

 private:
  std::shared_ptr<InputSource> raw_;
  ZSTD_DStream* stream_;
  std::vector<char> input_;
  ZSTD_inBuffer in_{nullptr, 0, 0};
  bool raw_eof_ = false;
  bool frame_open_ = false;
};

// Input that is all in memory already: a mapped file or a caller's buffer.
class ViewSource : public InputSource {
 public:
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min(size, text_.size() - offset_);
    std::memcpy(buffer, text_.data() + offset_, n);
    offset_ += n;
    return n;
  }
  std::string_view mapped() const override { return text_; }
  std::size_t size_hint() const override { return text_.size(); }

 protected:
  ViewSource(std::string name, std::string_view text) : InputSource(std::move(name)), text_(text) {}
  void set_text(std::string_view text) { text_ = text; }

 private:
  std::string_view text_;
  std::size_t offset_ = 0;
};

class MappedSource : public ViewSource {
 public:
  MappedSource(std::string name, const std::string& path) : ViewSource(std::move(name), {}) {
    try {
      file_.open(path);
    } catch (const std::exception& e) {
      fail(this->name(), std::string("cannot map file: ") + e.what());
    }
    set_text(std::string_view(file_.data(), file_.size()));
  }

 private:
  io::mapped_file_source file_;
};

class MemorySource : public ViewSource {
 public:
  MemorySource(std::string name, std::string_view text) : ViewSource(std::move(name), text) {}
};

}  // namespace

std::unique_ptr<InputSource> open_input(const std::string& path) {
  const bool standard_input = path == "-";
  const std::string name = standard_input ? "<stdin>" : path;
  const int fd = standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(name, std::strerror(errno));
  auto descriptor = std::make_shared<Descriptor>(fd, !standard_input);

  struct stat info {};
  if (::fstat(fd, &info) != 0) fail(name, std::strerror(errno));
  if (S_ISDIR(info.st_mode)) fail(name, "is a directory");

  // Sniff the first bytes to recognise compressed input by content.
  std::string sniffed(6, '\0');
  std::size_t got = 0;
  while (got < sniffed.size()) {
    const std::size_t n = read_some(fd, sniffed.data() + got, sniffed.size() - got, name);
    if (n == 0) break;
    got += n;
  }
  sniffed.resize(got);
  const Compression kind = detect_compression(sniffed);

  if (kind == Compression::none && S_ISREG(info.st_mode) && info.st_size > 0 && !standard_input)
    return std::make_unique<MappedSource>(name, path);
  if (kind == Compression::none)
    return std::make_unique<DescriptorSource>(name, descriptor, std::move(sniffed));
  auto raw = std::make_shared<DescriptorSource>(name, descriptor, std::move(sniffed));
  if (kind == Compression::zstd) return std::make_unique<ZstdSource>(std::move(raw));
  return std::make_unique<DecompressingSource>(std::move(raw), kind);
}

std::unique_ptr<InputSource> memory_input(std::string_view text, std::string name) {
  return std::make_unique<MemorySource>(std::move(name), text);
}

}  // namespace fenkit::pgn
