// Input sources. Everything is read in blocks (regular uncompressed files may be mapped, for
// Chunker::restrict_to), decompressed through zlib, libbz2, liblzma or libzstd when the first bytes say so
// (each library's own streaming interface, so that every byte decoded before a cut or a
// corruption is handed out before the error), and converted from UTF-16 to UTF-8 (iconv)
// when the text begins with a UTF-16 byte-order mark.
#include "fenkit/pgn/input.hpp"

#include "fenkit/pgn/chunker.hpp"
#include "game_boundaries.hpp"

#include <algorithm>
#include <bzlib.h>
#include <cerrno>
#include <climits>
#include <cctype>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <iconv.h>
#include <istream>
#include <lzma.h>
#include <stdexcept>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

namespace fenkit::pgn {

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

// The words of every decompression failure, whatever the format: a stream that breaks off and
// one whose bytes are damaged cannot be told apart in general.
constexpr const char* kCorrupt = "cannot decompress: the data is corrupt or cut short";
constexpr const char* kOutOfMemory = "cannot decompress: out of memory";

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

// Plain bytes from a descriptor.
class DescriptorSource : public InputSource {
 public:
  DescriptorSource(std::string name, std::shared_ptr<Descriptor> fd)
      : InputSource(std::move(name)), fd_(std::move(fd)) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = read_some(fd_->get(), buffer, size, name());
    read_ += n;
    return n;
  }
  std::uint64_t raw_bytes_read() const override { return read_; }

 private:
  std::shared_ptr<Descriptor> fd_;
  std::uint64_t read_ = 0;
};

// Bytes already read (to recognise the format) followed by the rest of another source, and
// then, if reading them ended in an error, that error.
class PrefixSource : public InputSource {
 public:
  PrefixSource(std::string prefix, std::unique_ptr<InputSource> rest,
               std::exception_ptr failure = nullptr)
      : InputSource(rest->name()), prefix_(std::move(prefix)), rest_(std::move(rest)),
        failure_(std::move(failure)) {}

  std::size_t read(char* buffer, std::size_t size) override {
    if (offset_ < prefix_.size()) {
      const std::size_t n = std::min(size, prefix_.size() - offset_);
      std::memcpy(buffer, prefix_.data() + offset_, n);
      offset_ += n;
      return n;
    }
    if (failure_) std::rethrow_exception(failure_);
    return rest_->read(buffer, size);
  }
  // The prefix was read from the same file as the rest (or from the rest itself).
  std::uint64_t raw_bytes_read() const override { return rest_->raw_bytes_read(); }

 private:
  std::string prefix_;
  std::size_t offset_ = 0;
  std::unique_ptr<InputSource> rest_;
  std::exception_ptr failure_;
};

// Reads up to `size` bytes (fewer only at the end or at an error, which is kept in `failure`).
std::string read_head(InputSource& source, std::size_t size, std::exception_ptr& failure) {
  std::string head(size, '\0');
  std::size_t got = 0;
  try {
    while (got < size) {
      const std::size_t n = source.read(head.data() + got, size - got);
      if (n == 0) break;
      got += n;
    }
  } catch (...) {
    failure = std::current_exception();
  }
  head.resize(got);
  return head;
}

// What the decompressors have in common: compressed bytes pulled from the raw source in
// blocks, and the end of the raw bytes inside a stream reported as a cut. Each format says
// how to decode a piece and whether a stream is still open.
class DecoderSource : public InputSource {
 public:
  explicit DecoderSource(std::unique_ptr<InputSource> raw)
      : InputSource(raw->name()), raw_(std::move(raw)), input_(std::size_t(1) << 17) {}

  std::size_t read(char* buffer, std::size_t size) final {
    if (failure_) fail(name(), failure_);
    if (size == 0) return 0;
    for (;;) {
      if (next_ == end_ && !raw_eof_) {
        const std::size_t n = raw_->read(input_.data(), input_.size());
        raw_eof_ = n == 0;
        next_ = input_.data();
        end_ = next_ + n;
      }
      // With no input left, the decoder may still hold output (a buffer filled last time).
      const bool finish = raw_eof_ && next_ == end_;
      std::size_t consumed = 0;
      const std::size_t produced =
          decode(next_, std::size_t(end_ - next_), buffer, size, finish, consumed);
      next_ += consumed;
      if (produced) return produced;
      if (finish) {
        if (stream_open()) fail(name(), kCorrupt);
        return 0;
      }
      if (consumed == 0 && next_ != end_) fail(name(), kCorrupt);  // no progress
    }
  }

 protected:
  // Decodes from in[0, in_size) into out[0, out_size): returns the bytes written and sets
  // `consumed`. `finish`: no input will follow. Damaged data goes through fault().
  virtual std::size_t decode(const char* in, std::size_t in_size, char* out,
                             std::size_t out_size, bool finish, std::size_t& consumed) = 0;
  // Whether a stream (member, frame) has begun and not ended.
  virtual bool stream_open() const = 0;

 public:
  std::uint64_t raw_bytes_read() const override { return raw_->raw_bytes_read(); }

 protected:

  // For decode(): an error found by a call that also decoded bytes waits until they have been
  // handed out. Returns `produced`.
  std::size_t fault(std::size_t produced, const char* what) {
    if (produced == 0) fail(name(), what);
    failure_ = what;
    return produced;
  }

 private:
  std::unique_ptr<InputSource> raw_;
  const char* failure_ = nullptr;
  std::vector<char> input_;
  const char* next_ = nullptr;
  const char* end_ = nullptr;
  bool raw_eof_ = false;
};

// zlib's own buffers count in unsigned int.
unsigned int clamp_uint(std::size_t n) { return unsigned(std::min<std::size_t>(n, UINT_MAX)); }

// gzip through zlib's inflate; concatenated members (as `cat a.gz b.gz` makes) are read one
// after another.
class GzipSource : public DecoderSource {
 public:
  explicit GzipSource(std::unique_ptr<InputSource> raw) : DecoderSource(std::move(raw)) {
    if (inflateInit2(&stream_, 16 + MAX_WBITS) != Z_OK) fail(name(), kOutOfMemory);
  }
  ~GzipSource() override { inflateEnd(&stream_); }
  GzipSource(const GzipSource&) = delete;
  GzipSource& operator=(const GzipSource&) = delete;

 protected:
  std::size_t decode(const char* in, std::size_t in_size, char* out, std::size_t out_size, bool,
                     std::size_t& consumed) override {
    if (!open_) {
      if (in_size == 0) return 0;
      open_ = true;  // more bytes after a member: the next member
    }
    stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in));
    stream_.avail_in = clamp_uint(in_size);
    stream_.next_out = reinterpret_cast<Bytef*>(out);
    stream_.avail_out = clamp_uint(out_size);
    const int ret = inflate(&stream_, Z_NO_FLUSH);
    consumed = std::size_t(reinterpret_cast<const char*>(stream_.next_in) - in);
    const std::size_t produced = std::size_t(reinterpret_cast<char*>(stream_.next_out) - out);
    switch (ret) {
      case Z_OK:
      case Z_BUF_ERROR:  // no progress possible: more input is needed
        return produced;
      case Z_STREAM_END:
        open_ = false;
        if (inflateReset(&stream_) != Z_OK) return fault(produced, kCorrupt);
        return produced;
      case Z_MEM_ERROR: return fault(produced, kOutOfMemory);
      default: return fault(produced, kCorrupt);
    }
  }
  bool stream_open() const override { return open_; }

 private:
  z_stream stream_{};
  bool open_ = true;
};

// bzip2 through libbz2; several streams one after another (as pbzip2 writes them) are read
// as one. bzip2 decodes whole blocks: the bytes of a block cut short cannot be recovered.
class Bzip2Source : public DecoderSource {
 public:
  explicit Bzip2Source(std::unique_ptr<InputSource> raw) : DecoderSource(std::move(raw)) {
    start();
  }
  ~Bzip2Source() override { BZ2_bzDecompressEnd(&stream_); }
  Bzip2Source(const Bzip2Source&) = delete;
  Bzip2Source& operator=(const Bzip2Source&) = delete;

 protected:
  std::size_t decode(const char* in, std::size_t in_size, char* out, std::size_t out_size, bool,
                     std::size_t& consumed) override {
    if (!open_) {
      if (in_size == 0) return 0;
      BZ2_bzDecompressEnd(&stream_);
      start();  // more bytes after a stream: the next stream
    }
    stream_.next_in = const_cast<char*>(in);
    stream_.avail_in = clamp_uint(in_size);
    stream_.next_out = out;
    stream_.avail_out = clamp_uint(out_size);
    const int ret = BZ2_bzDecompress(&stream_);
    consumed = std::size_t(stream_.next_in - in);
    const std::size_t produced = std::size_t(stream_.next_out - out);
    switch (ret) {
      case BZ_OK: return produced;
      case BZ_STREAM_END:
        open_ = false;
        return produced;
      case BZ_MEM_ERROR: return fault(produced, kOutOfMemory);
      default: return fault(produced, kCorrupt);
    }
  }
  bool stream_open() const override { return open_; }

 private:
  void start() {
    stream_ = bz_stream{};
    if (BZ2_bzDecompressInit(&stream_, 0, 0) != BZ_OK) fail(name(), kOutOfMemory);
    open_ = true;
  }

  bz_stream stream_{};
  bool open_ = true;
};

// xz through liblzma's stream decoder, which reads concatenated streams (and the padding
// between them) itself, and tells at the end whether the last stream was complete.
class XzSource : public DecoderSource {
 public:
  explicit XzSource(std::unique_ptr<InputSource> raw) : DecoderSource(std::move(raw)) {
    const lzma_ret ret = lzma_stream_decoder(&stream_, UINT64_MAX, LZMA_CONCATENATED);
    if (ret != LZMA_OK) fail(name(), kOutOfMemory);
  }
  ~XzSource() override { lzma_end(&stream_); }
  XzSource(const XzSource&) = delete;
  XzSource& operator=(const XzSource&) = delete;

 protected:
  std::size_t decode(const char* in, std::size_t in_size, char* out, std::size_t out_size,
                     bool finish, std::size_t& consumed) override {
    if (!open_) return 0;
    stream_.next_in = reinterpret_cast<const std::uint8_t*>(in);
    stream_.avail_in = in_size;
    stream_.next_out = reinterpret_cast<std::uint8_t*>(out);
    stream_.avail_out = out_size;
    const lzma_ret ret = lzma_code(&stream_, finish ? LZMA_FINISH : LZMA_RUN);
    consumed = std::size_t(reinterpret_cast<const char*>(stream_.next_in) - in);
    const std::size_t produced = std::size_t(reinterpret_cast<char*>(stream_.next_out) - out);
    switch (ret) {
      case LZMA_OK: return produced;
      case LZMA_STREAM_END:
        open_ = false;
        return produced;
      case LZMA_BUF_ERROR:  // no progress: at the end, the stream was cut short
        return finish ? fault(produced, kCorrupt) : produced;
      case LZMA_MEM_ERROR: return fault(produced, kOutOfMemory);
      case LZMA_OPTIONS_ERROR: return fault(produced, "cannot decompress: unsupported xz options");
      default: return fault(produced, kCorrupt);
    }
  }
  bool stream_open() const override { return open_; }

 private:
  lzma_stream stream_ = LZMA_STREAM_INIT;
  bool open_ = true;  // until liblzma has seen the end of the input after a whole stream
};

// zstd through libzstd's streaming decoder, which reads concatenated frames itself.
class ZstdSource : public DecoderSource {
 public:
  explicit ZstdSource(std::unique_ptr<InputSource> raw)
      : DecoderSource(std::move(raw)), stream_(ZSTD_createDStream()) {
    if (!stream_) fail(name(), kOutOfMemory);
  }
  ~ZstdSource() override { ZSTD_freeDStream(stream_); }
  ZstdSource(const ZstdSource&) = delete;
  ZstdSource& operator=(const ZstdSource&) = delete;

 protected:
  std::size_t decode(const char* in, std::size_t in_size, char* out, std::size_t out_size, bool,
                     std::size_t& consumed) override {
    if (!open_ && in_size == 0) return 0;
    ZSTD_inBuffer input{in, in_size, 0};
    ZSTD_outBuffer output{out, out_size, 0};
    const std::size_t ret = ZSTD_decompressStream(stream_, &output, &input);
    consumed = input.pos;
    if (ZSTD_isError(ret))
      return fault(output.pos, ZSTD_getErrorCode(ret) == ZSTD_error_memory_allocation ? kOutOfMemory
                                                                                      : kCorrupt);
    open_ = ret != 0;  // 0: a frame ended and all of it was handed out
    return output.pos;
  }
  bool stream_open() const override { return open_; }

 private:
  ZSTD_DStream* stream_;
  bool open_ = true;
};

std::unique_ptr<InputSource> decompressor(Compression kind, std::unique_ptr<InputSource> raw) {
  switch (kind) {
    case Compression::gzip: return std::make_unique<GzipSource>(std::move(raw));
    case Compression::bzip2: return std::make_unique<Bzip2Source>(std::move(raw));
    case Compression::xz: return std::make_unique<XzSource>(std::move(raw));
    case Compression::zstd: return std::make_unique<ZstdSource>(std::move(raw));
    case Compression::none: break;
  }
  return raw;
}

// UTF-16 text (after its byte-order mark) converted to UTF-8 by iconv. A lone surrogate
// becomes U+FFFD, so that one bad character costs no more than itself; text that ends inside
// a character was cut short.
class Utf16Source : public InputSource {
 public:
  Utf16Source(std::unique_ptr<InputSource> inner, bool big_endian)
      : InputSource(inner->name()), inner_(std::move(inner)), input_(std::size_t(1) << 16),
        convert_(iconv_open("UTF-8", big_endian ? "UTF-16BE" : "UTF-16LE")) {
    if (convert_ == reinterpret_cast<iconv_t>(-1))
      fail(name(), std::string("cannot read UTF-16: ") + std::strerror(errno));
  }
  ~Utf16Source() override { iconv_close(convert_); }
  std::uint64_t raw_bytes_read() const override { return inner_->raw_bytes_read(); }
  Utf16Source(const Utf16Source&) = delete;
  Utf16Source& operator=(const Utf16Source&) = delete;

  std::size_t read(char* buffer, std::size_t size) override {
    if (size < 4) return read_small(buffer, size);  // too small for some characters
    char* out = buffer;
    std::size_t out_left = size;
    for (;;) {
      if (pending_) {
        char* in = input_.data() + start_;
        std::size_t in_left = pending_;
        const std::size_t ret = iconv(convert_, &in, &in_left, &out, &out_left);
        const int error = errno;
        start_ = std::size_t(in - input_.data());
        pending_ = in_left;
        if (ret == std::size_t(-1) && error == E2BIG) break;  // the buffer is full
        if (ret == std::size_t(-1) && error == EILSEQ) {
          if (out_left < 3) break;  // the replacement goes into the next buffer
          std::memcpy(out, "\xEF\xBF\xBD", 3);
          out += 3;
          out_left -= 3;
          const std::size_t bad = std::min<std::size_t>(pending_, 2);  // one UTF-16 unit
          start_ += bad;
          pending_ -= bad;
          continue;
        }
        // Converted, or (EINVAL) what is left is the beginning of a character.
      }
      if (out != buffer) break;  // hand out what there is before waiting for more
      if (eof_) {
        if (pending_) fail(name(), "cannot read UTF-16: the text ends inside a character");
        return 0;
      }
      std::memmove(input_.data(), input_.data() + start_, pending_);
      start_ = 0;
      const std::size_t n = inner_->read(input_.data() + pending_, input_.size() - pending_);
      eof_ = n == 0;
      pending_ += n;
    }
    return std::size_t(out - buffer);
  }

 private:
  // Reads into a buffer too small for a whole character through a larger one.
  std::size_t read_small(char* buffer, std::size_t size) {
    if (small_offset_ == small_.size()) {
      std::string block(64, '\0');
      block.resize(read(block.data(), block.size()));
      small_ = std::move(block);
      small_offset_ = 0;
    }
    const std::size_t n = std::min(size, small_.size() - small_offset_);
    std::memcpy(buffer, small_.data() + small_offset_, n);
    small_offset_ += n;
    return n;
  }

  std::unique_ptr<InputSource> inner_;
  std::vector<char> input_;
  std::size_t start_ = 0;    // first unconverted byte in input_
  std::size_t pending_ = 0;  // unconverted bytes from start_
  bool eof_ = false;
  iconv_t convert_;
  std::string small_;
  std::size_t small_offset_ = 0;
};

// The text itself, or its conversion when it begins with a UTF-16 byte-order mark. `head` is
// the first bytes of the text (at least two unless the text is shorter), `rest` the others.
std::unique_ptr<InputSource> text_source(std::string head, std::unique_ptr<InputSource> rest,
                                         std::exception_ptr failure = nullptr) {
  const bool little = head.starts_with("\xFF\xFE"sv);
  const bool big = head.starts_with("\xFE\xFF"sv);
  if (!little && !big)
    return std::make_unique<PrefixSource>(std::move(head), std::move(rest), std::move(failure));
  auto text = std::make_unique<PrefixSource>(head.substr(2), std::move(rest), std::move(failure));
  return std::make_unique<Utf16Source>(std::move(text), big);
}

// The text of raw bytes whose first ones, `sniffed` (six, or all there are), have been read
// from `rest` already: decompressed when they say so, then as text_source.
std::unique_ptr<InputSource> decoded_from(std::string sniffed, std::unique_ptr<InputSource> rest) {
  const Compression kind = detect_compression(sniffed);
  if (kind == Compression::none) return text_source(std::move(sniffed), std::move(rest));
  auto decoded =
      decompressor(kind, std::make_unique<PrefixSource>(std::move(sniffed), std::move(rest)));
  std::exception_ptr failure;
  std::string head = read_head(*decoded, 2, failure);
  return text_source(std::move(head), std::move(decoded), std::move(failure));
}

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
  std::uint64_t raw_bytes_read() const override { return offset_; }

 protected:
  ViewSource(std::string name, std::string_view text) : InputSource(std::move(name)), text_(text) {}
  void set_text(std::string_view text) { text_ = text; }

 private:
  std::string_view text_;
  std::size_t offset_ = 0;
};

class MappedSource : public ViewSource {
 public:
  MappedSource(std::string name, int fd, std::size_t size) : ViewSource(std::move(name), {}) {
    void* data = ::mmap(nullptr, size, PROT_READ, MAP_SHARED, fd, 0);
    if (data == MAP_FAILED) fail(this->name(), std::string("cannot map file: ") + std::strerror(errno));
    set_text(std::string_view(static_cast<const char*>(data), size));
  }
  ~MappedSource() override { ::munmap(const_cast<char*>(mapped().data()), mapped().size()); }
  MappedSource(const MappedSource&) = delete;
  MappedSource& operator=(const MappedSource&) = delete;
};

class MemorySource : public ViewSource {
 public:
  MemorySource(std::string name, std::string_view text) : ViewSource(std::move(name), text) {}
};

// A regular uncompressed file, read in blocks. Not mapped: a mapping keeps every page read
// resident (the whole file, in the end), and a file cut short while it is mapped ends the
// program with SIGBUS. A file that ends before the size it had when opened has changed under
// the reader, and says so once the bytes it still had are handed out.
class FileSource : public InputSource {
 public:
  // `size`: the bytes to read from where the descriptor stands (the file's, or a range's).
  FileSource(std::string name, std::shared_ptr<Descriptor> fd, std::uint64_t size,
             bool whole = true)
      : InputSource(std::move(name)), fd_(std::move(fd)), size_(size), whole_(whole) {}
  std::size_t read(char* buffer, std::size_t size) override {
    // A range ends where it ends, whatever the file holds after it.
    if (!whole_) size = std::size_t(std::min<std::uint64_t>(size, size_ - read_));
    const std::size_t n = size ? read_some(fd_->get(), buffer, size, name()) : 0;
    read_ += n;
    if (n == 0 && size && read_ < size_)
      fail(name(), "the file changed while it was read (it is shorter than it was)");
    return n;
  }
  std::size_t size_hint() const override { return std::size_t(size_); }
  std::uint64_t raw_bytes_read() const override { return read_; }

 private:
  std::shared_ptr<Descriptor> fd_;
  std::uint64_t size_;
  bool whole_;
  std::uint64_t read_ = 0;
};

}  // namespace

std::unique_ptr<InputSource> open_input(const std::string& path, Access access) {
  const bool standard_input = path == "-";
  const std::string name = standard_input ? "<stdin>" : path;
  const int fd = standard_input ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(name, std::strerror(errno));
  auto descriptor = std::make_shared<Descriptor>(fd, !standard_input);

  struct stat info {};
  if (::fstat(fd, &info) != 0) fail(name, std::strerror(errno));
  if (S_ISDIR(info.st_mode)) fail(name, "is a directory");

  // Sniff the first bytes to recognise compressed input (and UTF-16) by content.
  std::string sniffed(6, '\0');
  std::size_t got = 0;
  while (got < sniffed.size()) {
    const std::size_t n = read_some(fd, sniffed.data() + got, sniffed.size() - got, name);
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
  if (plain_file && ::lseek(fd, 0, SEEK_SET) == 0)
    return std::make_unique<FileSource>(name, descriptor, std::uint64_t(info.st_size));
  return decoded_from(std::move(sniffed), std::make_unique<DescriptorSource>(name, descriptor));
}

namespace {

// decoded_input's source: the raw bytes are first looked at when the text is first read, so
// that making it reads nothing (a caller's stream may be a pipe that has nothing yet).
class DecodedSource : public InputSource {
 public:
  explicit DecodedSource(std::unique_ptr<InputSource> raw)
      : InputSource(raw->name()), raw_(std::move(raw)) {}

  std::size_t read(char* buffer, std::size_t size) override {
    if (!text_) {
      std::exception_ptr failure;
      std::string sniffed = read_head(*raw_, 6, failure);
      text_ = failure ? std::make_unique<PrefixSource>(std::move(sniffed), std::move(raw_), failure)
                      : decoded_from(std::move(sniffed), std::move(raw_));
    }
    return text_->read(buffer, size);
  }
  std::uint64_t raw_bytes_read() const override {
    return text_ ? text_->raw_bytes_read() : raw_->raw_bytes_read();
  }

 private:
  std::unique_ptr<InputSource> raw_;   // until the first read
  std::unique_ptr<InputSource> text_;  // from then on
};

}  // namespace

std::unique_ptr<InputSource> decoded_input(std::unique_ptr<InputSource> raw) {
  return std::make_unique<DecodedSource>(std::move(raw));
}

std::unique_ptr<InputSource> peek_input(std::unique_ptr<InputSource> input, std::size_t size,
                                        std::string& head) {
  if (const std::string_view mapped = input->mapped(); !mapped.empty()) {
    head.assign(mapped.substr(0, size));
    return input;
  }
  std::exception_ptr failure;
  head = read_head(*input, size, failure);
  return std::make_unique<PrefixSource>(head, std::move(input), std::move(failure));
}

std::string content_extension(std::string_view path) {
  for (std::string_view suffix : {".gz", ".bz2", ".xz", ".zst"})
    if (path.ends_with(suffix)) path.remove_suffix(suffix.size());
  const std::size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos) return {};
  std::string extension(path.substr(dot));
  for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
  return extension;
}

std::unique_ptr<InputSource> memory_input(std::string_view text, std::string name) {
  return std::make_unique<MemorySource>(std::move(name), text);
}

namespace {

// A text the source keeps.
class OwnedTextSource : public ViewSource {
 public:
  OwnedTextSource(std::string name, std::string&& text)
      : ViewSource(std::move(name), {}), text_(std::move(text)) {
    set_text(text_);
  }

 private:
  std::string text_;
};

class StreamSource : public InputSource {
 public:
  StreamSource(std::string name, std::istream& stream) : InputSource(std::move(name)), stream_(stream) {}
  std::size_t read(char* buffer, std::size_t size) override {
    if (stream_.bad()) throw std::runtime_error(name() + ": cannot read the stream");
    stream_.read(buffer, std::streamsize(size));
    const auto n = std::size_t(stream_.gcount());
    read_ += n;
    // A stream that broke after handing out some bytes says so at the next read.
    if (n == 0 && stream_.bad()) throw std::runtime_error(name() + ": cannot read the stream");
    return n;
  }
  std::uint64_t raw_bytes_read() const override { return read_; }

 private:
  std::istream& stream_;
  std::uint64_t read_ = 0;
};

}  // namespace

std::unique_ptr<InputSource> memory_input(std::string&& text, std::string name) {
  return std::make_unique<OwnedTextSource>(std::move(name), std::move(text));
}

std::unique_ptr<InputSource> stream_input(std::istream& stream, std::string name) {
  return std::make_unique<StreamSource>(std::move(name), stream);
}

LineReader::LineReader(InputSource& input) : input_(input), mapped_(input.mapped()) {}

bool LineReader::next(std::string_view& line) {
  if (!started_) {
    started_ = true;
    if (mapped_.empty())
      while (end_ < 3 && fill()) {
      }
    const std::string_view head = mapped_.empty() ? std::string_view(buffer_.data(), end_) : mapped_;
    if (head.starts_with("\xEF\xBB\xBF"sv)) begin_ = 3;
  }
  if (!mapped_.empty()) {
    if (begin_ >= mapped_.size()) return false;
    const std::size_t nl = mapped_.find('\n', begin_);
    const std::size_t stop = nl == std::string_view::npos ? mapped_.size() : nl;
    line = mapped_.substr(begin_, stop - begin_);
    begin_ = stop == mapped_.size() ? stop : stop + 1;
    ++line_;
    return true;
  }
  for (;;) {
    const char* data = buffer_.data();
    const void* nl = std::memchr(data + begin_ + scanned_, '\n', end_ - begin_ - scanned_);
    if (nl) {
      const std::size_t at = std::size_t(static_cast<const char*>(nl) - data);
      line = std::string_view(data + begin_, at - begin_);
      begin_ = at + 1;
      scanned_ = 0;
      ++line_;
      return true;
    }
    scanned_ = end_ - begin_;
    // A line the failure cuts is not handed out: it is not the line the input holds.
    if (failure_) std::rethrow_exception(failure_);
    if (eof_) {
      if (begin_ == end_) return false;
      line = std::string_view(data + begin_, end_ - begin_);
      begin_ = end_;
      scanned_ = 0;
      ++line_;
      return true;
    }
    fill();
  }
}

// Reads a block behind the bytes not yet handed out; false at the end or at a failure, which
// is kept until the whole lines before it are handed out.
bool LineReader::fill() {
  if (eof_ || failure_) return false;
  constexpr std::size_t kBlock = std::size_t(1) << 16;
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (buffer_.size() - end_ < kBlock) buffer_.resize(std::max(2 * buffer_.size(), end_ + kBlock));
  std::size_t n = 0;
  try {
    n = input_.read(buffer_.data() + end_, buffer_.size() - end_);
  } catch (...) {
    failure_ = std::current_exception();
    return false;
  }
  if (n == 0) {
    eof_ = true;
    return false;
  }
  end_ += n;
  return true;
}

namespace {

// Reads `size` bytes at `offset` of `fd`.
void read_at(int fd, const std::string& path, char* buffer, std::size_t size, std::uint64_t offset) {
  for (std::size_t done = 0; done < size;) {
    const ssize_t n = ::pread(fd, buffer + done, size - done, off_t(offset + done));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(path, std::strerror(errno));
    if (n == 0) fail(path, "the file changed while it was read (it is shorter than it was)");
    done += std::size_t(n);
  }
}

// next_sync_point(text, offset) of the file's whole text, read through windows: from `offset`
// on, a megabyte at a time, and behind it as far as the blank bytes a point looks back over
// reach (the window's first byte would pass for the start of the text, a result cut there for
// none). No address space of the file's size is needed, nor memory: a window grows only for a
// run of blank bytes longer than it.
std::uint64_t sync_point_in_file(int fd, const std::string& path, std::uint64_t size,
                                 std::uint64_t offset) {
  if (offset == 0) return 0;
  if (offset >= size) return size;
  // Room before the blank bytes for a result token and the byte before it.
  constexpr std::size_t kResultRoom = 16;
  constexpr std::uint64_t kBehind = std::uint64_t(1) << 16, kAhead = std::uint64_t(1) << 20;
  std::vector<char> window;
  std::uint64_t from = offset;  // points are looked for at the lines begun from here on
  std::uint64_t behind = kBehind;
  for (;;) {
    const std::uint64_t first = from - std::min(from, behind);
    const std::uint64_t last = std::min(size, from + kAhead);
    window.resize(std::size_t(last - first));
    read_at(fd, path, window.data(), window.size(), first);
    const char* const base = window.data();
    const char* const end = base + window.size();
    const char* const start = base + (from - first);
    // A point looks back over the blank bytes before it, and those before `from` if it has
    // only blanks before it down to there.
    const char* blanks = start;
    while (blanks > base && detail::is_space(blanks[-1])) --blanks;
    if (first > 0 && std::size_t(blanks - base) < kResultRoom) {
      behind *= 2;
      continue;
    }
    if (const char* found = detail::find_sync_point(base, start - 1, end))
      return first + std::uint64_t(found - base);
    if (last == size) return size;
    // None begins in the window (a tag line it cuts may only seem not to be one): on from its
    // last line, or past it when no line begins in it. A line that begins at `from` and is
    // longer than the window is none either: a line's first kilobyte decides (kTagStartLook,
    // less than the window), so the window need not grow to hold it.
    const char* line = end;
    while (line > start && line[-1] != '\n') --line;
    std::uint64_t next =
        line > start || start[-1] == '\n' ? first + std::uint64_t(line - base) : last;
    static_assert(kAhead > detail::kTagStartLook);
    if (next <= from) next = last;
    from = next;
    behind = kBehind;
  }
}

}  // namespace

FileRange open_range(const std::string& path, std::uint64_t start, std::uint64_t end) {
  // The edges are found in windows read around them; the bytes between are then read in
  // blocks, as a whole file is.
  std::unique_ptr<InputSource> whole = open_input(path);
  const std::uint64_t size = std::uint64_t(whole->size_hint());
  std::error_code unknown;  // (a pipe has no size: it cannot be read in ranges either)
  if (size == 0 && std::filesystem::file_size(path, unknown) != 0)
    fail(whole->name(), "a byte range needs a regular uncompressed file (not a pipe, compressed "
                        "or UTF-16 input)");
  whole.reset();
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(path, std::strerror(errno));
  auto descriptor = std::make_shared<Descriptor>(fd, true);
  FileRange range;
  range.begin = sync_point_in_file(fd, path, size, start);
  range.end = std::max(range.begin, sync_point_in_file(fd, path, size, end));
  if (::lseek(fd, off_t(range.begin), SEEK_SET) < 0) fail(path, std::strerror(errno));
  range.input = std::make_unique<FileSource>(path, descriptor, range.end - range.begin, false);
  return range;
}

std::uint64_t count_lines_before(const std::string& path, std::uint64_t offset) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) fail(path, std::strerror(errno));
  const Descriptor owned(fd, true);
  std::vector<char> block(std::size_t(1) << 20);
  std::uint64_t lines = 0;
  for (std::uint64_t at = 0; at < offset;) {
    const std::size_t want = std::size_t(std::min<std::uint64_t>(block.size(), offset - at));
    const ssize_t n = ::pread(fd, block.data(), want, off_t(at));
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) fail(path, std::strerror(errno));
    if (n == 0) break;
    lines += std::uint64_t(std::count(block.data(), block.data() + n, '\n'));
    at += std::uint64_t(n);
  }
  return lines;
}

}  // namespace fenkit::pgn
