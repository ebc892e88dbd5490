// Compressed input is told by its content, whatever its name, and read through each format's
// own library: every byte decoded before a fault is handed out, then one error that says the
// same for every format. A caller's bytes (decoded_input) are read as a file's are.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>

#include "fenkit/io/compression.hpp"
#include "fenkit/io/input.hpp"
#include "input_files.hpp"

namespace fenkit::io {
namespace {

using fenkit::testing::Compressor;
using fenkit::testing::Drained;
using fenkit::testing::kBroken;
using fenkit::testing::kCompressors;
using fenkit::testing::packed_with;
using fenkit::testing::random_games;
using fenkit::testing::TempFile;
using fenkit::testing::utf16;

TEST(Compression, IsRecognisedByItsMagicNumber) {
  using namespace std::string_view_literals;
  EXPECT_EQ(detect_compression("\x1f\x8b\x08"sv), Compression::gzip);
  EXPECT_EQ(detect_compression("BZh91AY"sv), Compression::bzip2);
  EXPECT_EQ(detect_compression("\xfd" "7zXZ\x00"sv), Compression::xz);
  EXPECT_EQ(detect_compression("\x28\xb5\x2f\xfd"sv), Compression::zstd);
  EXPECT_EQ(detect_compression("[Event \"x\"]"sv), Compression::none);
  EXPECT_EQ(detect_compression(""sv), Compression::none);
}

// Output is compressed as its name asks (the formats written); a file's kind is told by its
// extension with the compression suffixes looked through.
TEST(Compression, NamesAndExtensions) {
  EXPECT_EQ(compression_for("games.pgn.gz"), Compression::gzip);
  EXPECT_EQ(compression_for("games.pgn.zst"), Compression::zstd);
  EXPECT_EQ(compression_for("games.pgn.xz"), Compression::none);
  EXPECT_EQ(compression_for("games.pgn"), Compression::none);
  EXPECT_EQ(content_extension("games.PGN.zst"), ".pgn");
  EXPECT_EQ(content_extension("suite.epd.gz"), ".epd");
  EXPECT_EQ(content_extension("dir.d/games"), "");
  EXPECT_EQ(content_extension("games.xz"), "");
}

// Damaged bytes inside a compressed file are reported in the same words for every format,
// after what was decoded before them (bzip2 and zstd decode whole blocks of 100 and 128 kB:
// the damage is placed after the first).
TEST(Compression, DamagedDataIsReportedAlikeForEveryFormat) {
  const std::string text = random_games(400000, 5);
  int tried = 0;
  for (const Compressor& c : kCompressors) {
    SCOPED_TRACE(c.program);
    std::string packed = packed_with(c, text);
    if (packed.empty()) continue;
    ++tried;
    for (std::size_t k = 0; k < 16; ++k) packed[packed.size() * 4 / 5 + k] ^= char(0x5A);
    TempFile file(std::string(c.program) + "-damaged.pgn", packed);
    const Drained got = fenkit::testing::drain(file.string());
    EXPECT_EQ(got.error, file.string() + std::string(kBroken));
    EXPECT_GT(got.bytes.size(), 1000U) << "the bytes before the damage are read";
  }
  if (tried == 0) FENKIT_MISSING_ORACLE("no compressor (gzip, bzip2, xz, zstd) installed");
}

// Bytes given by the caller, read through decoded_input.
Drained drain_decoded(std::string_view bytes) {
  return fenkit::testing::drain(
      [](std::string_view b) { return decoded_input(memory_input(b, "stream")); }, bytes);
}

// A caller's bytes (a stream, not a file) are read as a file's would be: decompressed by
// content, UTF-16 converted, plain text as it is; a cut compressed stream ends in the same error.
TEST(DecodedInput, ReadsACallersBytesAsAFilesAre) {
  const std::string text = random_games(20000, 5);
  EXPECT_EQ(drain_decoded(text).bytes, text);
  EXPECT_EQ(drain_decoded("").bytes, "");
  EXPECT_EQ(drain_decoded("[").bytes, "[");
  EXPECT_EQ(drain_decoded(*utf16(text, true)).bytes, text);
  int tried = 0;
  for (const Compressor& c : kCompressors) {
    SCOPED_TRACE(c.program);
    const std::string packed = packed_with(c, text);
    if (packed.empty()) continue;
    ++tried;
    const Drained whole = drain_decoded(packed);
    EXPECT_EQ(whole.error, "");
    EXPECT_EQ(whole.bytes, text);
    const Drained cut = drain_decoded(std::string_view(packed).substr(0, packed.size() / 2));
    EXPECT_EQ(cut.error, std::string("stream") + std::string(kBroken));
    EXPECT_TRUE(text.starts_with(cut.bytes));
  }
  if (tried == 0) FENKIT_MISSING_ORACLE("no compressor installed");
}

// A gzip file padded with zero bytes after its member (gzip -t takes it) reads as the text;
// padding followed by another member reads both; a cut member is still refused.
TEST(DecodedInput, GzipZeroPaddingIsSkippedAsGzipSkipsIt) {
  const Compressor* gzip = nullptr;
  for (const Compressor& c : kCompressors)
    if (std::string_view(c.program) == "gzip") gzip = &c;
  ASSERT_NE(gzip, nullptr);
  const std::string text = random_games(20000, 7);
  const std::string packed = packed_with(*gzip, text);
  if (packed.empty()) FENKIT_MISSING_ORACLE("gzip is not installed");
  const std::string padding(70000, '\0');
  const Drained padded = drain_decoded(packed + padding);
  EXPECT_EQ(padded.error, "");
  EXPECT_EQ(padded.bytes, text);
  const Drained two = drain_decoded(packed + padding + packed);
  EXPECT_EQ(two.error, "");
  EXPECT_EQ(two.bytes, text + text);
  const Drained cut = drain_decoded(packed + padding + packed.substr(0, packed.size() / 2));
  EXPECT_EQ(cut.error, std::string("stream") + std::string(kBroken));
}

// A stream that gives `bytes`, then fails; counts its reads.
class FailingSource : public InputSource {
 public:
  FailingSource(std::string bytes, int& reads)
      : InputSource("stream"), bytes_(std::move(bytes)), reads_(reads) {}
  std::size_t read(char* buffer, std::size_t size) override {
    ++reads_;
    const std::size_t n = std::min(size, bytes_.size() - offset_);
    if (n == 0) throw std::runtime_error("stream: cannot read");
    std::memcpy(buffer, bytes_.data() + offset_, n);
    offset_ += n;
    return n;
  }

 private:
  std::string bytes_;
  std::size_t offset_ = 0;
  int& reads_;
};

// decoded_input reads nothing until it is read; a stream that fails, at once or after some
// bytes, gives those bytes and then its error.
TEST(DecodedInput, ReadsLazilyAndPassesFailuresOn) {
  for (const std::string bytes : {"", "[E", "[Event \"x\"]\n\n1. e4 *\n"}) {
    SCOPED_TRACE(bytes);
    int reads = 0;
    const auto input = decoded_input(std::make_unique<FailingSource>(bytes, reads));
    EXPECT_EQ(reads, 0);
    std::string got, error;
    try {
      char block[5];
      for (std::size_t n; (n = input->read(block, sizeof block)) > 0;) got.append(block, n);
    } catch (const std::runtime_error& e) {
      error = e.what();
    }
    EXPECT_EQ(got, bytes);
    EXPECT_EQ(error, "stream: cannot read");
  }
}

// peek_input gives the first bytes and an input that reads them again, or the same input when
// it is in memory.
TEST(PeekInput, GivesTheFirstBytesAndTheInputFromItsStart) {
  std::string head;
  auto memory = memory_input("[Event \"x\"]\n");
  const InputSource* before = memory.get();
  auto same = peek_input(std::move(memory), 6, head);
  EXPECT_EQ(head, "[Event");
  EXPECT_EQ(same.get(), before);
  int reads = 0;
  auto streamed = peek_input(std::make_unique<FailingSource>("[E", reads), 6, head);
  EXPECT_EQ(head, "[E");
  char block[8];
  EXPECT_EQ(streamed->read(block, sizeof block), 2U);
  EXPECT_THROW(streamed->read(block, sizeof block), std::runtime_error);
}

}  // namespace
}  // namespace fenkit::io
