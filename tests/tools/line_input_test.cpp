// FEN, EPD and perft-suite files come through the same input layer as PGN: compressed in any
// format, cut short (every whole line before the cut is used, the cut is reported, exit 2),
// with a UTF-8 byte-order mark, or in UTF-16.
#include <gtest/gtest.h>

#include <random>

#include "tool_test_support.hpp"

namespace fenkit::tools {
namespace {

using testing::fenkit;
using testing::lines_with;
using testing::Outcome;
using testing::quote;
using testing::TempDir;
using Lines = std::vector<std::string>;
using fenkit::testing::lines_of;

struct Compressor {
  const char* program;
  const char* flags;  // compress standard input to standard output
};
constexpr Compressor kCompressors[] = {
    {"gzip", "-c"}, {"bzip2", "-1 -c"}, {"xz", "-c"}, {"zstd", "-q -c"}};

// `file` compressed into `out` (a path in `dir`); false when the program is not installed.
bool pack(const Compressor& c, const std::string& file, const std::string& out) {
  const std::string program = fenkit::testing::find_program(c.program);
  if (program.empty()) return false;
  int status = -1;
  fenkit::testing::run(program + " " + c.flags + " < " + quote(file) + " > " + quote(out), &status);
  return status == 0;
}

// What the format's own program recovers from a damaged file.
std::string recovered_by(const Compressor& c, const std::string& file) {
  return fenkit::testing::run(fenkit::testing::find_program(c.program) + " -q -dc < " +
                              quote(file) + " 2>/dev/null");
}

// A copy of `path` cut after `share` of its bytes.
std::string cut_copy(const TempDir& dir, const std::string& path, double share) {
  const std::string bytes = fenkit::testing::read_file(path);
  return dir.write("cut-" + std::filesystem::path(path).filename().string(),
                   bytes.substr(0, std::size_t(double(bytes.size()) * share)));
}

std::string random_letters(std::mt19937& random, int n) {
  std::string s;
  for (int k = 0; k < n; ++k) s += char('a' + random() % 26);
  return s;
}

// ASCII text as UTF-16 after a byte-order mark.
std::string utf16(std::string_view ascii, bool big_endian) {
  std::string out = big_endian ? "\xFE\xFF" : "\xFF\xFE";
  for (const char c : ascii) {
    out += big_endian ? '\0' : c;
    out += big_endian ? c : '\0';
  }
  return out;
}

constexpr std::string_view kBroken = ": error: cannot decompress: the data is corrupt or cut short";
constexpr std::string_view kStartFen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// A compressed EPD file cut short: the records of the whole lines before the cut are written,
// as from the whole file, then the cut is reported once; exit 2.
TEST(LineInputs, CutEpdFilesKeepTheRecordsBeforeTheCut) {
  TempDir dir;
  std::string text;
  std::mt19937 random(3);
  for (int i = 0; text.size() < 400000; ++i)
    text += "4k3/8/8/8/8/8/8/4K3 w - - id \"" + std::to_string(i) + "\"; c0 \"" +
            random_letters(random, 60) + "\";\n";
  const std::string plain = dir.write("records.epd", text);
  const Lines whole = lines_of(fenkit("epd " + quote(plain)).out);
  ASSERT_GT(whole.size(), 3000U);
  int tried = 0;
  for (const Compressor& c : kCompressors) {
    SCOPED_TRACE(c.program);
    const std::string packed = dir.path(std::string("records-") + c.program + ".epd");
    if (!pack(c, plain, packed)) continue;
    ++tried;
    const std::string cut = cut_copy(dir, packed, 0.55);
    const Outcome r = fenkit("epd " + quote(cut));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(lines_with(r.err, cut + std::string(kBroken)).size(), 1U) << r.err;
    const Lines out = lines_of(r.out);
    ASSERT_LT(out.size(), whole.size());
    EXPECT_EQ(out, Lines(whole.begin(), whole.begin() + std::ptrdiff_t(out.size())));
    const std::string recovered = recovered_by(c, cut);
    EXPECT_GE(out.size(), std::size_t(std::count(recovered.begin(), recovered.end(), '\n')))
        << "fewer records than " << c.program << " recovers";
  }
  if (tried == 0) FENKIT_MISSING_ORACLE("no compressor (gzip, bzip2, xz, zstd) installed");
}

// A compressed FEN file cut short: every FEN of the whole lines before the cut is checked (the
// bad ones reported with their lines), then the cut is reported once; exit 2.
TEST(LineInputs, CutFenFilesAreCheckedUpToTheCut) {
  TempDir dir;
  std::string text;
  std::mt19937 random(4);
  for (int i = 1; text.size() < 400000; ++i) {
    // Line 2i is a FEN, every tenth one without a black king; odd lines are comments.
    text += "# " + random_letters(random, 60) + "\n";
    text += std::string(i % 10 ? kStartFen : "rnbq1bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ - 0 1") + "\n";
  }
  const std::string plain = dir.write("positions.fen", text);
  const Lines whole = lines_with(fenkit("check " + quote(plain)).err, ": error: ");
  ASSERT_GT(whole.size(), 300U);
  int tried = 0;
  for (const Compressor& c : kCompressors) {
    SCOPED_TRACE(c.program);
    const std::string packed = dir.path(std::string("positions-") + c.program + ".fen");
    if (!pack(c, plain, packed)) continue;
    ++tried;
    const std::string cut = cut_copy(dir, packed, 0.55);
    const Outcome r = fenkit("check " + quote(cut));
    EXPECT_EQ(r.status, 2);
    EXPECT_EQ(lines_with(r.err, cut + std::string(kBroken)).size(), 1U) << r.err;
    Lines errors = lines_with(r.err, ": error: black has no king");
    ASSERT_LT(errors.size(), whole.size());
    for (std::size_t i = 0; i < errors.size(); ++i)
      EXPECT_EQ(errors[i].substr(cut.size()), whole[i].substr(plain.size()));
    const std::string recovered = recovered_by(c, cut);
    EXPECT_GE(errors.size(), std::size_t(std::count(recovered.begin(), recovered.end(), '\n')) / 20)
        << "fewer lines than " << c.program << " recovers";
  }
  if (tried == 0) FENKIT_MISSING_ORACLE("no compressor (gzip, bzip2, xz, zstd) installed");
}

// A UTF-8 byte-order mark may begin a FEN, EPD or perft-suite file, and UTF-16 files of either
// byte order are read as their UTF-8 text, compressed too.
// A perft suite's summary counts every position line: used, or rejected (a line that cannot be
// read, a FEN that is no position), and exits 1 for the rejected ones.
TEST(LineInputs, PerftSuiteSummaryCountsEveryPosition) {
  TempDir dir;
  const std::string suite = dir.write(
      "mixed.perft",
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 20 ;D2 400\n"
      "8/8/8/8/8/8/8/8 w - - 0 1 ;D1 0\n"
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 ;D1 twenty\n");
  const Outcome r = fenkit("perft --suite " + quote(suite));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines_with(r.err, "error").size(), 2U) << r.err;
  EXPECT_EQ(lines_of(r.err).back(),
            "3 positions, 1 used, 2 rejected; 2 counts checked, 0 mismatches");
}

TEST(LineInputs, ByteOrderMarksAndUtf16) {
  TempDir dir;
  const std::string fens = std::string(kStartFen) + "\r\n4k3/8/8/8/8/8/8/4K3 b - - 3 40\r\n";
  const std::string epd = "4k3/8/8/8/8/8/8/4K3 w - - id \"kings\";\n";
  const std::string suite = std::string(kStartFen) + " ;D1 20 ;D2 400\n";
  const std::string epd_out = fenkit("epd " + quote(dir.write("plain.epd", epd))).out;
  ASSERT_EQ(epd_out, epd);
  for (const std::string& kind : {std::string("utf8-bom"), std::string("utf16le"), std::string("utf16be")}) {
    SCOPED_TRACE(kind);
    auto encode = [&](const std::string& text) {
      if (kind == "utf8-bom") return "\xEF\xBB\xBF" + text;
      return utf16(text, kind == "utf16be");
    };
    const std::string fen_file = dir.write(kind + ".fen", encode(fens));
    Outcome r = fenkit("check " + quote(fen_file));
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_TRUE(lines_with(r.err, "error").empty()) << r.err;
    EXPECT_NE(r.err.find("2 positions"), std::string::npos) << r.err;

    const std::string epd_file = dir.write(kind + ".epd", encode(epd));
    r = fenkit("epd " + quote(epd_file));
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.out, epd_out);

    const std::string suite_file = dir.write(kind + ".perft", encode(suite));
    r = fenkit("perft --suite " + quote(suite_file));
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.err, "1 positions, 1 used, 0 rejected; 2 counts checked, 0 mismatches\n");

    const std::string packed = dir.path(kind + ".perft.gz");
    if (pack(kCompressors[0], suite_file, packed)) {
      r = fenkit("perft --suite " + quote(packed));
      EXPECT_EQ(r.status, 0) << r.err;
      EXPECT_EQ(r.err, "1 positions, 1 used, 0 rejected; 2 counts checked, 0 mismatches\n");
      r = fenkit("perft --suite " + quote(cut_copy(dir, packed, 0.7)));
      EXPECT_EQ(r.status, 2);
      EXPECT_NE(r.err.find(": cannot decompress: the data is corrupt or cut short"), std::string::npos) << r.err;
    }
  }
}

}  // namespace
}  // namespace fenkit::tools
