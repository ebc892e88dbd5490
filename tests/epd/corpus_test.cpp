// Every EPD file of the shared corpus: each line is read or reported, the record counts match
// corpus/SOURCES.md and a plain count of the file's lines, the known broken lines (and only
// they) are rejected, and every record survives writing and reading back.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "fenkit/epd/reader.hpp"
#include "fenkit/epd/write.hpp"
#include "test_support.hpp"

namespace fenkit::epd {
namespace {

struct Suite {
  const char* path;      // under corpus/epd/
  std::size_t records;   // the count corpus/SOURCES.md gives
  std::size_t rejected;  // lines known to be broken (see kSuites)
  const char* first_id = nullptr;
  const char* last_id = nullptr;
};

// The rejected lines, found by reading the files:
//   GetMated.epd: 16 lines have `acn N acd ;` (acd without its number), and line 30 gives acn
//     twice.
//   pychess-pawn.epd: `bm 1` is not a move.
//   Midgames239.epd line 193: `bm Nf4`, and no knight can reach f4.
//   TCEC_CCC_TestPos.epd line 29: `w - bm Kc2`, the en-passant field is missing.
//   Zugzwang-Allgeuer.epd lines 6-7: one record whose c0 string runs over a line break, so
//     both lines are rejected (SOURCES.md counts the 38 non-blank lines).
//   fortresses.epd lines 8-10: composed fortresses with more than 16 white pieces.
//   hard-mates-blass-uri.epd line 20: `1 1 Be2 dm 21`, the bm before the move left out (an
//     opcode that reads as a move is refused).
//   kaufman.epd: four lines `- -1 12` (the blank after the en-passant '-' lost), `bm Bcx3 +`
//     (no such move), and `am Ne5` with two knights able to take on e5.
//   wac.epd lines 114, 183, 207: the pv is cut off in the middle of a move.
const Suite kSuites[] = {
    {"GetMated.epd", 3119, 17, "C.A.P. 4210", "C.A.P. 571972"},
    {"arasan-tests/arasan2024.epd", 200, 0, "arasan2024.1", "arasan2024.200"},
    {"arasan-tests/bt2630.epd", 30, 0},
    {"arasan-tests/ecmgcp.epd", 183, 0},
    {"arasan-tests/eet.epd", 100, 0},
    {"arasan-tests/iq4.epd", 183, 0},
    {"arasan-tests/lapuce2.epd", 35, 0},
    {"arasan-tests/pet.epd", 48, 0},
    {"arasan-tests/wacnew.epd", 300, 0, "WAC.001", "WAC.300"},
    {"bratko-kopec.epd", 24, 0, "BK.01", "BK.24"},
    {"edge-cases/pychess-pawn.epd", 1, 1},
    {"edge-cases/python-chess-pv.epd", 1, 0, "BT-2630.1", "BT-2630.1"},
    {"edge-cases/python-chess-string-escaping.epd", 1, 0},
    {"python-chess-endgame-wdl-dtz.epd", 200, 0},
    {"sarona-EPD-sets/256_Peter_Martan.epd", 256, 0},
    {"sarona-EPD-sets/HTC114.epd", 114, 0},
    {"sarona-EPD-sets/Midgames239.epd", 239, 1},
    {"sarona-EPD-sets/Silent_but_Deadly.epd", 134, 0},
    {"sarona-EPD-sets/TCEC_CCC_TestPos.epd", 46, 1},
    {"sarona-EPD-sets/Zugzwang-Allgeuer.epd", 38, 2},
    {"sarona-EPD-sets/bratko-kopec.epd", 24, 0, "BK.01", "BK.24"},
    {"sarona-EPD-sets/fortresses.epd", 169, 3},
    {"sarona-EPD-sets/hard-mates-blass-uri.epd", 24, 1},
    {"sarona-EPD-sets/hardtestpos-clean.epd", 389, 0},
    {"sarona-EPD-sets/inputEpdCA.epd", 326, 0},
    {"sarona-EPD-sets/kaufman.epd", 25, 6},
    {"sarona-EPD-sets/nite-odds-masterlist-1000.epd", 1000, 0},
    {"sarona-EPD-sets/nn-ab.epd", 40, 0},
    {"sarona-EPD-sets/nolot.epd", 11, 0, "Position 1", "Position 11"},
    {"sarona-EPD-sets/rybka-forum.epd", 34, 0},
    {"sarona-EPD-sets/wac-revised.epd", 200, 0},
    {"sarona-EPD-sets/wac.epd", 299, 3},
    {"stockfish-books/2moves_v1.epd", 40457, 0},
    {"stockfish-books/4mvs_+90_+99.epd", 635, 0},
    {"stockfish-books/6mvs_+90_+99.epd", 2933, 0},
    {"stockfish-books/8mvs_+90_+99.epd", 8533, 0},
    {"stockfish-books/DFRC_openings-every96th.epd", 9600, 0},
    {"stockfish-books/FRC_openings.epd", 960, 0},
    {"stockfish-books/stalemates_200d30_v1.epd", 10796, 0},
    {"sts/STS1-STS15_LAN_v3.epd", 1500, 0, "STS(v1.0) Undermine.001", "STS(v15.0) AT.100"},
    {"sts/STS1-STS15_LAN_v6.epd", 1188, 0},
    // zstd-compressed books, read through `zstd -dc`.
    {"stockfish-books/3moves_FRC.epd.zst", 126113, 0},
    {"stockfish-books/UHO_4060_v4.epd.zst", 241670, 0},
};

// Lines with anything but blanks, CR and NUL on them, not starting with '#': a plain byte
// count, independent of the reader.
std::size_t count_record_lines(const std::string& text) {
  std::size_t count = 0;
  bool content = false, at_start = true, comment = false;
  for (char c : text) {
    if (c == '\n') {
      count += content && !comment;
      content = comment = false;
      at_start = true;
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r' || c == '\0') continue;
    if (at_start && c == '#') comment = true;
    at_start = false;
    content = true;
  }
  return count + (content && !comment);
}

struct SuiteResult {
  std::size_t entries = 0, rejected = 0;
  std::vector<Record> records;
};

SuiteResult read_all(const std::string& text) {
  std::istringstream in(text);
  Reader reader(in);
  SuiteResult result;
  Entry entry;
  while (reader.next(entry)) {
    ++result.entries;
    if (entry.ok())
      result.records.push_back(entry.record);
    else
      ++result.rejected;
  }
  EXPECT_FALSE(reader.failed());
  return result;
}

class CorpusEpd : public ::testing::TestWithParam<Suite> {};

TEST_P(CorpusEpd, CountsRejectionsAndRoundTrip) {
  const Suite& suite = GetParam();
  FENKIT_REQUIRE_CORPUS(path, std::string("epd/") + suite.path);
  std::string text;
  if (path.extension() == ".zst") {
    FENKIT_REQUIRE_PROGRAM(zstd, "zstd");
    int status = -1;
    text = fenkit::testing::run(zstd + " -dc '" + path.string() + "'", &status);
    ASSERT_EQ(status, 0);
  } else {
    text = fenkit::testing::read_file(path);
  }

  const SuiteResult result = read_all(text);
  EXPECT_EQ(result.entries, count_record_lines(text));
  EXPECT_EQ(result.entries, suite.records);
  EXPECT_EQ(result.rejected, suite.rejected);
  ASSERT_EQ(result.records.size(), result.entries - result.rejected);
  if (suite.first_id) {
    EXPECT_EQ(result.records.front().id(), suite.first_id);
    EXPECT_EQ(result.records.back().id(), suite.last_id);
  }

  // Written canonically and read again, each record is the same record.
  std::size_t differ = 0;
  for (const Record& r : result.records) {
    const std::string written = to_epd(r);
    Record again;
    const std::vector<ReadError> errors = read_record(written, again);
    if (errors.empty() && again == r && to_epd(again) == written) continue;
    if (++differ <= 3) ADD_FAILURE() << "round trip differs: " << written;
  }
  EXPECT_EQ(differ, 0U);
}

INSTANTIATE_TEST_SUITE_P(Files, CorpusEpd, ::testing::ValuesIn(kSuites),
                         [](const ::testing::TestParamInfo<Suite>& info) {
                           std::string name = info.param.path;
                           std::replace_if(name.begin(), name.end(),
                                           [](char c) { return !std::isalnum(static_cast<unsigned char>(c)); }, '_');
                           return name;
                         });

// Files already in canonical form come back byte for byte (line endings and trailing blanks
// aside): the files themselves are the expected output.
class CanonicalCorpusEpd : public ::testing::TestWithParam<const char*> {};

TEST_P(CanonicalCorpusEpd, ComesBackUnchanged) {
  FENKIT_REQUIRE_CORPUS(path, std::string("epd/") + GetParam());
  const std::string text = fenkit::testing::read_file(path);
  std::vector<std::string> expected;
  for (std::string l : fenkit::testing::lines_of(text)) {
    while (!l.empty() && l.back() == ' ') l.pop_back();
    if (!l.empty()) expected.push_back(l);
  }
  std::vector<std::string> written;
  for (const Record& r : read_all(text).records) written.push_back(to_epd(r));
  ASSERT_EQ(written.size(), expected.size());
  std::size_t differ = 0;
  for (std::size_t i = 0; i < written.size(); ++i)
    if (written[i] != expected[i] && ++differ <= 3)
      ADD_FAILURE() << "line " << i + 1 << "\n  read:    " << expected[i] << "\n  written: " << written[i];
  EXPECT_EQ(differ, 0U);
}

INSTANTIATE_TEST_SUITE_P(Files, CanonicalCorpusEpd,
                         ::testing::Values("stockfish-books/2moves_v1.epd",
                                           "stockfish-books/8mvs_+90_+99.epd",
                                           "stockfish-books/DFRC_openings-every96th.epd",
                                           "stockfish-books/FRC_openings.epd",
                                           "stockfish-books/stalemates_200d30_v1.epd",
                                           "arasan-tests/arasan2024.epd", "arasan-tests/wacnew.epd",
                                           "bratko-kopec.epd", "sts/STS1-STS15_LAN_v3.epd",
                                           "sts/STS1-STS15_LAN_v6.epd",
                                           "python-chess-endgame-wdl-dtz.epd"));

// The rejected lines are the ones listed above, at the places given.
TEST(CorpusEpd, RejectedLinesAreTheBrokenOnes) {
  FENKIT_REQUIRE_CORPUS(path, "epd/sarona-EPD-sets/kaufman.epd");
  std::ifstream in(path, std::ios::binary);
  Reader reader(in);
  Entry entry;
  std::vector<std::size_t> lines;
  while (reader.next(entry))
    if (!entry.ok()) lines.push_back(entry.line);
  // Lines found with: grep -n -e '- -1 ' -e 'Bcx3' -e 'am Ne5' kaufman.epd
  EXPECT_EQ(lines, (std::vector<std::size_t>{3, 4, 6, 7, 10, 15}));
}

}  // namespace
}  // namespace fenkit::epd
