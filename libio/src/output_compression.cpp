// Output is compressed through each format's own library, as input is decompressed: zlib writes
// the gzip that every tool reads, libzstd the zstd that archives of games come in, on threads of
// its own when asked.
#include "fenkit/io/output_compression.hpp"

#include <algorithm>
#include <array>
#include <memory>
#include <mutex>
#include <utility>
#include <stdexcept>

#include <pthread.h>
#include <zlib.h>
#include <zstd.h>

namespace fenkit::io {

namespace {

// Each call compresses into this much room of its own, and what it made is appended to the
// output: growing the output by the room instead would clear it first, every call.
constexpr std::size_t kRoom = std::size_t(1) << 16;
using Room = std::array<char, kRoom>;

class GzipCompressor : public Compressor {
 public:
  explicit GzipCompressor(int level) {
    // windowBits 15 + 16: a gzip header and trailer, as gzip(1) writes them.
    if (deflateInit2(&stream_, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY) != Z_OK)
      throw std::runtime_error("cannot start gzip compression");
  }
  ~GzipCompressor() override { deflateEnd(&stream_); }

  void compress(std::string_view in, std::string& out) override { run(in, out, Z_NO_FLUSH); }
  void finish(std::string& out) override { run({}, out, Z_FINISH); }

 private:
  void run(std::string_view in, std::string& out, int flush) {
    stream_.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(in.data()));
    stream_.avail_in = uInt(in.size());
    for (;;) {
      stream_.next_out = reinterpret_cast<Bytef*>(room_->data());
      stream_.avail_out = uInt(kRoom);
      const int status = deflate(&stream_, flush);
      out.append(room_->data(), kRoom - stream_.avail_out);
      if (status == Z_STREAM_ERROR) throw std::runtime_error("gzip compression failed");
      if (flush == Z_FINISH ? status == Z_STREAM_END
                            : stream_.avail_in == 0 && stream_.avail_out != 0)
        return;
    }
  }

  z_stream stream_{};
  std::unique_ptr<Room> room_ = std::make_unique<Room>();
};

// A zstd context with threads holds tens of megabytes of buffers, which a new one faults in
// afresh: a third of the time of --split's parts went to that. The last context released is kept
// for the next compressor of the same settings (the next part), its session reset.
//
// The spare is never destroyed (a compressor may be released while static objects are being
// destroyed), and a child that fork() makes forgets it without freeing it: the child has none of
// the context's threads, which freeing would wait for.
class SpareZstdContext {
 public:
  static SpareZstdContext& instance() {
    static SpareZstdContext* const spare = [] {
      auto* made = new SpareZstdContext;
      ::pthread_atfork([] { instance().mutex_.lock(); }, [] { instance().mutex_.unlock(); },
                       [] {
                         SpareZstdContext& forked = instance();
                         forked.context_ = nullptr;
                         forked.mutex_.unlock();
                       });
      return made;
    }();
    return *spare;
  }

  ZSTD_CCtx* take(int level, unsigned threads) {
    const std::lock_guard lock(mutex_);
    if (!context_ || level_ != level || threads_ != threads) return nullptr;
    ZSTD_CCtx_reset(context_, ZSTD_reset_session_only);
    return std::exchange(context_, nullptr);
  }
  void give(ZSTD_CCtx* context, int level, unsigned threads) {
    const std::lock_guard lock(mutex_);
    ZSTD_freeCCtx(std::exchange(context_, context));
    level_ = level;
    threads_ = threads;
  }

 private:
  SpareZstdContext() = default;

  std::mutex mutex_;
  ZSTD_CCtx* context_ = nullptr;
  int level_ = 0;
  unsigned threads_ = 0;
};

class ZstdCompressor : public Compressor {
 public:
  ZstdCompressor(int level, unsigned threads)
      : level_(level), threads_(threads), context_(SpareZstdContext::instance().take(level, threads)) {
    if (context_) return;
    context_ = ZSTD_createCCtx();
    if (!context_ || ZSTD_isError(ZSTD_CCtx_setParameter(context_, ZSTD_c_compressionLevel, level)) ||
        ZSTD_isError(ZSTD_CCtx_setParameter(context_, ZSTD_c_checksumFlag, 1))) {
      ZSTD_freeCCtx(context_);
      throw std::runtime_error("cannot start zstd compression");
    }
    // Threads of its own where the library has them (a build without them refuses, and the
    // writing thread compresses).
    if (threads >= 2)
      ZSTD_CCtx_setParameter(context_, ZSTD_c_nbWorkers,
                             int(std::min(threads, kMaxCompressionThreads)));
  }
  ~ZstdCompressor() override { SpareZstdContext::instance().give(context_, level_, threads_); }

  void compress(std::string_view in, std::string& out) override { run(in, out, ZSTD_e_continue); }
  void finish(std::string& out) override { run({}, out, ZSTD_e_end); }

 private:
  void run(std::string_view in, std::string& out, ZSTD_EndDirective mode) {
    ZSTD_inBuffer input{in.data(), in.size(), 0};
    for (;;) {
      ZSTD_outBuffer output{room_->data(), kRoom, 0};
      const std::size_t left = ZSTD_compressStream2(context_, &output, &input, mode);
      out.append(room_->data(), output.pos);
      if (ZSTD_isError(left))
        throw std::runtime_error(std::string("zstd compression failed: ") + ZSTD_getErrorName(left));
      if (mode == ZSTD_e_end ? left == 0 : input.pos == input.size) return;
    }
  }

  int level_;
  unsigned threads_;
  ZSTD_CCtx* context_;
  std::unique_ptr<Room> room_ = std::make_unique<Room>();
};

}  // namespace

int max_level(Compression compression) { return compression == Compression::gzip ? 9 : 19; }
int default_level(Compression compression) { return compression == Compression::gzip ? 6 : 1; }

std::unique_ptr<Compressor> make_compressor(Compression compression, CompressionSettings settings) {
  const int level = settings.level ? settings.level : default_level(compression);
  switch (compression) {
    case Compression::gzip: return std::make_unique<GzipCompressor>(level);
    case Compression::zstd: return std::make_unique<ZstdCompressor>(level, settings.threads);
    case Compression::bzip2: throw std::invalid_argument("bzip2 output is not written");
    case Compression::xz: throw std::invalid_argument("xz output is not written");
    case Compression::none: break;
  }
  return nullptr;
}

}  // namespace fenkit::io
