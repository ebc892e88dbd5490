// Outputs named .gz or .zst are written compressed, for every command that writes files: what
// gzip -dc or zstd -dc makes of them is what the command writes uncompressed, and fenkit reads
// them back as it reads any compressed input.
#include <gtest/gtest.h>

#include <filesystem>

#include "tool_test_support.hpp"

namespace fenkit::tools {
namespace {

namespace fs = std::filesystem;
using testing::fenkit;
using testing::Outcome;
using testing::quote;
using testing::TempDir;

const std::string kSuite = testing::data("pgn/suite.pgn");
const std::string kErrors = testing::data("pgn/suite-errors.pgn");
const std::string kLichess = testing::data("pgn/lichess-style.pgn");

struct Format {
  const char* extension;
  const char* program;  // the decompressor the test reads back with
};
constexpr Format kFormats[] = {{".gz", "gzip"}, {".zst", "zstd"}};

// The format's program, or empty when it is not installed (reported as a missing oracle).
std::string decompressor(const Format& f) {
  const std::string program = fenkit::testing::find_program(f.program);
  if (program.empty())
    fenkit::testing::report_missing_oracle(std::string(f.program) + " is not installed");
  return program;
}

std::string decompressed(const std::string& program, const std::string& path) {
  return fenkit::testing::run(program + " -dc " + quote(path));
}

TEST(CompressedOutput, PgnFilesOfEveryKind) {
  TempDir dir;
  const std::string twice = dir.write("twice.pgn", fenkit::testing::read_file(kSuite) + "\n" +
                                                       fenkit::testing::read_file(kSuite));
  const std::string inputs = quote(twice) + " " + quote(kErrors);
  const std::string plain_out = dir.path("plain.pgn"), plain_dups = dir.path("plain-dups.pgn"),
                    plain_rejects = dir.path("plain-rejects.pgn");
  ASSERT_EQ(fenkit("pgn -q --unique -o " + quote(plain_out) + " --duplicates " + quote(plain_dups) +
                   " --rejects " + quote(plain_rejects) + " " + inputs)
                .status,
            1);
  for (const Format& f : kFormats) {
    SCOPED_TRACE(f.extension);
    const std::string program = decompressor(f);
    if (program.empty()) continue;
    const std::string out = dir.path(std::string("out.pgn") + f.extension);
    const std::string dups = dir.path(std::string("dups.pgn") + f.extension);
    const std::string rejects = dir.path(std::string("rejects.pgn") + f.extension);
    const Outcome r = fenkit("pgn -q --unique -o " + quote(out) + " --duplicates " + quote(dups) +
                             " --rejects " + quote(rejects) + " " + inputs);
    EXPECT_EQ(r.status, 1) << r.err;
    EXPECT_EQ(decompressed(program, out), fenkit::testing::read_file(plain_out));
    EXPECT_EQ(decompressed(program, dups), fenkit::testing::read_file(plain_dups));
    EXPECT_EQ(decompressed(program, rejects), fenkit::testing::read_file(plain_rejects));
    EXPECT_LT(fs::file_size(out), fs::file_size(plain_out));
    // fenkit reads them back as what they hold.
    EXPECT_EQ(fenkit("pgn -q " + quote(out)).out, fenkit("pgn -q " + quote(plain_out)).out);
    // Levels: the format's range.
    EXPECT_EQ(fenkit("pgn -q --compression-level 1 -o " + quote(out) + " " + quote(kSuite)).status, 0);
    EXPECT_EQ(decompressed(program, out), fenkit("pgn -q " + quote(kSuite)).out);
    const Outcome high = fenkit("pgn -q --compression-level 19 -o " + quote(out) + " " + quote(kSuite));
    EXPECT_EQ(high.status, std::string(f.extension) == ".gz" ? 2 : 0) << high.err;
  }
}

// One sequential pass turns an archive into compressed shards (a lichess month's .pgn.zst into
// parts a cluster reads in parallel): the parts, in order, hold every game once.
TEST(CompressedOutput, SplitIntoCompressedShards) {
  FENKIT_REQUIRE_PROGRAM(zstd, "zstd");
  TempDir dir;
  std::string text;
  const std::string game = fenkit::testing::read_file(kLichess);
  for (int i = 0; i < 30; ++i) text += game + "\n";
  const std::string input = dir.write("month.pgn", text);
  fenkit::testing::run(zstd + " -q " + quote(input));
  const Outcome r = fenkit("pgn -q --split 40 -o " + quote(dir.path("shard.pgn.zst")) + " " +
                           quote(input + ".zst"));
  ASSERT_EQ(r.status, 0) << r.err;
  std::string joined;
  int parts = 0;
  for (; fs::exists(dir.path("shard-000" + std::to_string(parts + 1) + ".pgn.zst")); ++parts)
    joined += decompressed(zstd, dir.path("shard-000" + std::to_string(parts + 1) + ".pgn.zst"));
  EXPECT_EQ(parts, 4);  // 150 games, 40 a part
  // No option changes the games: each is copied as the archive holds it.
  EXPECT_EQ(joined, text);
  // --reformat writes them in export format, as without --split.
  ASSERT_EQ(fenkit("pgn -q --reformat --split 40 -o " + quote(dir.path("export.pgn.zst")) + " " +
                   quote(input + ".zst")).status, 0);
  std::string exported;
  for (int i = 1; i <= parts; ++i)
    exported += decompressed(zstd, dir.path("export-000" + std::to_string(i) + ".pgn.zst"));
  EXPECT_EQ(exported, fenkit("pgn -q " + quote(input)).out);
  EXPECT_NE(exported, text);
  // The shards replay as the whole does.
  std::string shards;
  for (int i = 1; i <= parts; ++i) shards += " " + quote(dir.path("shard-000" + std::to_string(i) + ".pgn.zst"));
  EXPECT_EQ(fenkit("replay -q" + shards).out, fenkit("replay -q " + quote(input)).out);
}

TEST(CompressedOutput, Books) {
  TempDir dir;
  const std::string plain = dir.path("book.bin");
  ASSERT_EQ(fenkit("book build -q --min-games 1 -o " + quote(plain) + " " + quote(kSuite)).status, 0);
  for (const Format& f : kFormats) {
    SCOPED_TRACE(f.extension);
    const std::string program = decompressor(f);
    if (program.empty()) continue;
    const std::string packed = dir.path(std::string("book.bin") + f.extension);
    ASSERT_EQ(fenkit("book build -q --min-games 1 -o " + quote(packed) + " " + quote(kSuite)).status, 0);
    EXPECT_EQ(decompressed(program, packed), fenkit::testing::read_file(plain));
    // Read back compressed: probe, dump and merge take it as they take the plain book.
    EXPECT_EQ(fenkit("book probe " + quote(packed)).out, fenkit("book probe " + quote(plain)).out);
    EXPECT_EQ(fenkit("book dump -q " + quote(packed)).out, fenkit("book dump -q " + quote(plain)).out);
    const std::string merged = dir.path(std::string("merged.bin") + f.extension);
    const std::string merged_plain = dir.path("merged-plain.bin");
    ASSERT_EQ(fenkit("book merge -q -o " + quote(merged) + " " + quote(packed) + " " + quote(plain)).status, 0);
    ASSERT_EQ(fenkit("book merge -q -o " + quote(merged_plain) + " " + quote(plain) + " " + quote(plain)).status, 0);
    EXPECT_EQ(decompressed(program, merged), fenkit::testing::read_file(merged_plain));
  }
}

// -o of the commands that write data sets: compressed by its name, what the command writes to
// standard output, and read back by fenkit as the same.
TEST(CompressedOutput, DataSets) {
  TempDir dir;
  const std::string book = dir.path("book.bin");
  ASSERT_EQ(fenkit("book build -q --min-games 1 -o " + quote(book) + " " + quote(kSuite)).status, 0);
  const std::string epd = dir.write("suite.epd", fenkit("replay -q -f epd " + quote(kSuite)).out);
  struct Command {
    std::string line;     // the output goes after it, then `input`
    std::string input;
    std::string read_back;  // a fenkit command that writes what it reads of the output as it is
  };
  const Command commands[] = {
      {"replay -q -f jsonl --eval --clock", quote(kLichess), ""},
      {"replay -q", quote(kSuite) + " " + quote(kErrors), ""},
      // zstd on the writing thread (-j1), and on threads of its own (-j3)
      {"replay -q -j1 -f csv", quote(kSuite), ""},
      {"replay -q -j3 -f csv", quote(kSuite), ""},
      {"epd -q", quote(epd), "epd -q"},
      {"epd --from-pgn -q --ply 4:8 --unique", quote(kSuite), "epd -q"},
      {"book dump -q", quote(book), "epd -q"},
  };
  for (const Format& f : kFormats) {
    SCOPED_TRACE(f.extension);
    const std::string program = decompressor(f);
    if (program.empty()) continue;
    for (const Command& c : commands) {
      SCOPED_TRACE(c.line);
      const Outcome plain = fenkit(c.line + " " + c.input);
      ASSERT_FALSE(plain.out.empty());
      const std::string out = dir.path(std::string("out") + f.extension);
      const Outcome r = fenkit(c.line + " -o " + quote(out) + " " + c.input);
      EXPECT_EQ(r.status, plain.status) << r.err;
      EXPECT_EQ(r.out, "");
      EXPECT_EQ(decompressed(program, out), plain.out);
      if (!c.read_back.empty()) {
        const std::string written = dir.write("plain", plain.out);
        EXPECT_EQ(fenkit(c.read_back + " " + quote(out)).out,
                  fenkit(c.read_back + " " + quote(written)).out);
      }
    }
  }
}

// --compression-level goes with every command that writes files, and reaches them: gzip's header
// names the level it was written at (its XFL byte: 4 for the fastest, 2 for the smallest).
TEST(CompressedOutput, EveryCommandThatWritesFilesTakesALevel) {
  const std::string gzip = fenkit::testing::find_program("gzip");
  if (gzip.empty()) FENKIT_MISSING_ORACLE("gzip is not installed");
  TempDir dir;
  const std::string book = dir.path("book.bin");
  ASSERT_EQ(fenkit("book build -q --min-games 1 -o " + quote(book) + " " + quote(kSuite)).status, 0);
  struct Command {
    std::string name, before_output, after_output;  // the output's path goes between
    int status;
  };
  const Command commands[] = {
      {"replay", "replay -q --rejects ", " " + quote(kErrors), 1},
      {"epd --from-pgn", "epd --from-pgn -q --rejects ", " " + quote(kErrors), 1},
      {"replay -o", "replay -q -o ", " " + quote(kSuite), 0},
      {"epd -o", "epd --from-pgn -q -o ", " " + quote(kSuite), 0},
      {"book dump -o", "book dump -q -o ", " " + quote(book), 0},
      {"book build", "book build -q --min-games 1 -o ", " " + quote(kSuite), 0},
      {"book merge", "book merge -q -o ", " " + quote(book) + " " + quote(book), 0},
  };
  for (const Command& c : commands) {
    SCOPED_TRACE(c.name);
    const std::string plain = dir.path("plain"), packed = dir.path("packed.gz");
    ASSERT_EQ(fenkit(c.before_output + quote(plain) + c.after_output).status, c.status);
    for (const auto& [level, xfl] : {std::pair{1, 4}, std::pair{9, 2}}) {
      const Outcome r = fenkit(c.before_output + quote(packed) + c.after_output +
                               " --compression-level " + std::to_string(level));
      ASSERT_EQ(r.status, c.status) << r.err;
      const std::string bytes = fenkit::testing::read_file(packed);
      ASSERT_GT(bytes.size(), 8U);
      EXPECT_EQ(int(static_cast<unsigned char>(bytes[8])), xfl) << "level " << level;
      EXPECT_EQ(decompressed(gzip, packed), fenkit::testing::read_file(plain));
    }
    const Outcome high = fenkit(c.before_output + quote(packed) + c.after_output +
                                " --compression-level 12");
    EXPECT_EQ(high.status, 2);
    EXPECT_NE(high.err.find("--compression-level goes from 1 to 9"), std::string::npos) << high.err;
  }
}

}  // namespace
}  // namespace fenkit::tools
