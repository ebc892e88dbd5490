// Compressed input is read through each format's own streaming interface (zlib, libbz2, liblzma,
// libzstd) rather than a general layer over them, so that every byte decoded before a cut or a
// corruption is handed out before the error, and the error says the same for every format.
#include "decompression.hpp"

#include <algorithm>
#include <bzlib.h>
#include <climits>
#include <cstdint>
#include <lzma.h>
#include <vector>
#include <zlib.h>
#include <zstd.h>
#include <zstd_errors.h>

#include "failure.hpp"

namespace fenkit::io::detail {

namespace {

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
      // Zero bytes after a member are padding (tape blocks, writers that round files up):
      // gzip(1) reads past them, and so does this.
      std::size_t zeros = 0;
      while (zeros < in_size && in[zeros] == 0) ++zeros;
      if (zeros > 0) {
        consumed = zeros;
        return 0;
      }
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

}  // namespace

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

}  // namespace fenkit::io::detail
