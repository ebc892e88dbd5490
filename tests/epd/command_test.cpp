// `fenkit epd` and `fenkit check` on EPD files, run as the built program: every format,
// --check, exit codes, standard input, several files, compressed input.
//
// The expected lines are the fixtures' records in canonical form, worked out by hand (see
// the comments of read_test.cpp and check_test.cpp for the positions and moves).
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "command_support.hpp"
#include "test_support.hpp"

namespace fenkit::epd {
namespace {

namespace fs = std::filesystem;
using fenkit::epd::testing::fenkit;
using fenkit::epd::testing::Outcome;
using fenkit::epd::testing::quoted;
using fenkit::epd::testing::scratch;
using fenkit::testing::data;
using fenkit::testing::lines_of;

const fs::path kSuite = data("epd/suite.epd");
const fs::path kMessy = data("epd/messy.epd");
const fs::path kErrors = data("epd/errors.epd");

const std::vector<std::string> kSuiteEpd = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4 d4; id \"start\";",
    "3k4/8/8/8/8/8/8/K6Q w - - bm Qd1+; id \"Queen check\";",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1 bm Ra8#; dm 1;",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - am O-O-O; bm O-O; c0 \"castle \\\"short\\\"\";",
    "7k/P7/8/8/8/8/8/K7 w - - bm a8=Q+; pv a8=Q+ Kh7; acd 12; ce 900;",
    "4k3/8/8/8/8/8/8/4K3 w - - hmvc 12; fmvn 40; draw_offer; noop 1 \"two\" three; XPRIV e4; wdl 2;",
    "rn1qkbnr/ppp1pppp/8/3p1b2/2P5/1P6/P2PPPPP/RNBQKBNR w KQkq - 0 3",
    "1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - bm f5; id \"STS(v1.0) Undermine.001\"; "
    "c0 \"f5=10, Be5+=2, Bf2=3, Bg4=2\"; c7 \"f5 Be5+ Bf2 Bg4\"; c8 \"10 2 3 2\"; "
    "c9 \"f4f5 d4e5 d4f2 f3g4\";",
    "8/8/8/8/8/8/8/K6k b - - id \"eq\"; v -385;",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 bm Nf3; id \"e6 kept\";",
};

// Clocks from hmvc and fmvn, then the FEN clock fields, then 0 1.
const std::vector<std::string> kSuiteFen = {
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "3k4/8/8/8/8/8/8/K6Q w - - 0 1",
    "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1",
    "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
    "7k/P7/8/8/8/8/8/K7 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K3 w - - 12 40",
    "rn1qkbnr/ppp1pppp/8/3p1b2/2P5/1P6/P2PPPPP/RNBQKBNR w KQkq - 0 3",
    "1kr5/3n4/q3p2p/p2n2p1/PppB1P2/5BP1/1P2Q2P/3R2K1 w - - 0 1",
    "8/8/8/8/8/8/8/K6k b - - 0 1",
    "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6 0 1",
};

const std::vector<std::string> kMessyEpd = {
    "4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; id \"crlf\";",
    "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"tabs\";",
    "4k3/8/8/8/8/8/8/4K3 w - - bm Kf2; c0 \"Rum\xC3\xA4nien\";",  // Latin-1 read, UTF-8 written
    "4k3/8/8/8/8/8/8/4K3 w - - bm Kf1; id \"no newline\";",
};

// errors.epd: lines 1 and 7 are good; each line between has one error. Columns are found by
// searching the fixture's own lines.
std::vector<std::string> expected_errors(const std::string& name) {
  const std::vector<std::string> lines = lines_of(fenkit::testing::read_file(kErrors));
  auto at = [&](int line, const std::string& what) {
    return name + ":" + std::to_string(line) + ":" + std::to_string(lines[line - 1].find(what, 20) + 1);
  };
  // The short first rank shows where the placement field ends: at the blank after it.
  const std::string short_rank = name + ":2:" + std::to_string(lines[1].find(' ') + 1);
  return {
      short_rank + ": error: rank 1 has fewer than 8 squares",
      at(3, "Qd4") + ": error: bm: illegal move Qd4: no piece can make it",
      at(4, ";") + ": error: acd: expected an integer, found ';'",
      at(5, "\"open") + ": error: string not closed",
      at(6, "99999") + ": error: ce 99999 out of range (from -32767 to 32767)",
  };
}

const std::vector<std::string> kErrorsEpd = {
    "4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; id \"good 1\";",
    "4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; id \"good 2\";",
};

std::vector<std::string> join(std::vector<std::string> a, const std::vector<std::string>& b) {
  a.insert(a.end(), b.begin(), b.end());
  return a;
}

// ---------------------------------------------------------------- Formats

TEST(EpdCommand, WritesCanonicalEpd) {
  const Outcome r = fenkit("epd " + quoted(kSuite));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "10 records, 10 used, 0 rejected\n");
  EXPECT_EQ(lines_of(r.out), kSuiteEpd);
  EXPECT_EQ(fenkit("epd -q " + quoted(kSuite)).err, "");
}

TEST(EpdCommand, WritesFen) {
  const Outcome r = fenkit("epd --format fen " + quoted(kSuite));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines_of(r.out), kSuiteFen);
}

TEST(EpdCommand, WritesJsonLines) {
  const Outcome r = fenkit("epd --format jsonl " + quoted(kSuite));
  EXPECT_EQ(r.status, 0) << r.err;
  const std::vector<std::string> lines = lines_of(r.out);
  ASSERT_EQ(lines.size(), kSuiteEpd.size());
  EXPECT_EQ(lines[0],
            R"({"fen":"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1","operations":{"bm":["e4","d4"],"id":"start"}})");
  EXPECT_EQ(lines[2], R"({"fen":"6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1","operations":{"bm":["Ra8#"],"dm":1}})");
  EXPECT_EQ(lines[3],
            R"({"fen":"r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1","operations":{"am":["O-O-O"],"bm":["O-O"],"c0":"castle \"short\""}})");
  EXPECT_EQ(lines[4],
            R"({"fen":"7k/P7/8/8/8/8/8/K7 w - - 0 1","operations":{"bm":["a8=Q+"],"pv":["a8=Q+","Kh7"],"acd":12,"ce":900}})");
  EXPECT_EQ(lines[5],
            R"({"fen":"4k3/8/8/8/8/8/8/4K3 w - - 12 40","operations":{"hmvc":12,"fmvn":40,"draw_offer":null,"noop":[1,"two","three"],"XPRIV":"e4","wdl":2}})");
  EXPECT_EQ(lines[6],
            R"({"fen":"rn1qkbnr/ppp1pppp/8/3p1b2/2P5/1P6/P2PPPPP/RNBQKBNR w KQkq - 0 3","operations":{}})");
  EXPECT_EQ(lines[8], R"({"fen":"8/8/8/8/8/8/8/K6k b - - 0 1","operations":{"id":"eq","v":-385}})");
}

TEST(EpdCommand, ClockFieldsAndSortedOperations) {
  const fs::path in = scratch().path("clocks.epd");
  std::ofstream(in) << "4k3/8/8/8/8/8/8/4K3 w - - id \"x\"; hmvc 3; bm Ke2; fmvn 9;\n"
                       "4k3/8/8/8/8/8/8/4K3 w - - 5 20 bm Kd2;\n";
  EXPECT_EQ(lines_of(fenkit("epd --fields 6 " + quoted(in)).out),
            (std::vector<std::string>{"4k3/8/8/8/8/8/8/4K3 w - - 3 9 id \"x\"; bm Ke2;",
                                      "4k3/8/8/8/8/8/8/4K3 w - - 5 20 bm Kd2;"}));
  EXPECT_EQ(lines_of(fenkit("epd --fields 4 " + quoted(in)).out),
            (std::vector<std::string>{"4k3/8/8/8/8/8/8/4K3 w - - id \"x\"; hmvc 3; bm Ke2; fmvn 9;",
                                      "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; hmvc 5; fmvn 20;"}));
  EXPECT_EQ(lines_of(fenkit("epd --sort " + quoted(in)).out),
            (std::vector<std::string>{"4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; fmvn 9; hmvc 3; id \"x\";",
                                      "4k3/8/8/8/8/8/8/4K3 w - - 5 20 bm Kd2;"}));
}

TEST(EpdCommand, ReadsMessyFiles) {
  const Outcome r = fenkit("epd " + quoted(kMessy));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(lines_of(r.out), kMessyEpd);
}

// ---------------------------------------------------------------- Errors and exit codes

TEST(EpdCommand, RejectedRecordsAreReportedAndTheOthersWritten) {
  const Outcome r = fenkit("epd " + quoted(kErrors));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines_of(r.out), kErrorsEpd);
  EXPECT_EQ(lines_of(r.err),
            join(expected_errors(kErrors.string()), {"7 records, 2 used, 5 rejected"}));
}

TEST(EpdCommand, RejectedLinesCanBeKept) {
  const fs::path rejects = scratch().path("rejects.epd");
  const Outcome r = fenkit("epd --rejects " + quoted(rejects) + " " + quoted(kErrors));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines_of(r.out), kErrorsEpd);
  // Lines 2 to 6 of the fixture, as they were.
  std::vector<std::string> lines = lines_of(fenkit::testing::read_file(kErrors));
  EXPECT_EQ(lines_of(fenkit::testing::read_file(rejects)),
            std::vector<std::string>(lines.begin() + 1, lines.begin() + 6));
}

TEST(EpdCommand, CheckOnlyValidates) {
  Outcome r = fenkit("epd --check " + quoted(kErrors));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(lines_of(r.err), join(expected_errors(kErrors.string()), {"7 records, 2 used, 5 rejected"}));

  r = fenkit("epd --check " + quoted(kSuite));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, "10 records, 10 used, 0 rejected\n");

  r = fenkit("epd --check -q " + quoted(kSuite));
  EXPECT_EQ(r.status, 0);
  EXPECT_EQ(r.err, "");
}

TEST(EpdCommand, UnreadableInputAndUsageErrorsExitWithTwo) {
  const fs::path missing = scratch().path("missing.epd");
  Outcome r = fenkit("epd " + quoted(missing) + " " + quoted(kSuite));
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err, missing.string() + ": error: No such file or directory\n"
                   "10 records, 10 used, 0 rejected\n");
  EXPECT_EQ(lines_of(r.out), kSuiteEpd);  // the other file is still read

  r = fenkit("epd --format xml " + quoted(kSuite));
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_NE(r.err.find("--format must be one of epd, fen or jsonl, not 'xml'"), std::string::npos)
      << r.err;

  r = fenkit("epd --fields 5 " + quoted(kSuite));
  EXPECT_EQ(r.status, 2);
  r = fenkit("epd --no-such-option");
  EXPECT_EQ(r.status, 2);
}

TEST(EpdCommand, RelaxAcceptsANamedPositionProblem) {
  // Black's king on e8 stands in check from the rook on e7 with White to move; after Kd2 the
  // rook still gives that check, hence Kd2+.
  const fs::path in = scratch().path("relax.epd");
  std::ofstream(in) << "4k3/4R3/8/8/8/8/8/4K3 w - - bm Kd2;\n";
  Outcome r = fenkit("epd " + quoted(in));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  r = fenkit("epd --relax opposite_side_in_check " + quoted(in));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.out, "4k3/4R3/8/8/8/8/8/4K3 w - - bm Kd2+;\n");
  r = fenkit("epd --relax no_such_problem " + quoted(in));
  EXPECT_EQ(r.status, 2);
}

// ---------------------------------------------------------------- Inputs

TEST(EpdCommand, StandardInput) {
  EXPECT_EQ(lines_of(fenkit("epd < " + quoted(kSuite)).out), kSuiteEpd);
  EXPECT_EQ(lines_of(fenkit("epd - < " + quoted(kSuite)).out), kSuiteEpd);
  const Outcome r = fenkit("epd - < " + quoted(kErrors));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines_of(r.err), join(expected_errors("<stdin>"), {"7 records, 2 used, 5 rejected"}));
}

TEST(EpdCommand, SeveralFilesInOrder) {
  const Outcome r = fenkit("epd " + quoted(kSuite) + " " + quoted(kMessy) + " " + quoted(kErrors));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(lines_of(r.out), join(join(kSuiteEpd, kMessyEpd), kErrorsEpd));
}

class CompressedInput : public ::testing::TestWithParam<const char*> {};

TEST_P(CompressedInput, IsRecognisedByContent) {
  FENKIT_REQUIRE_PROGRAM(program, GetParam());
  // A name without the usual suffix: the content decides.
  const fs::path packed = scratch().path(std::string("suite-") + GetParam() + ".data");
  int status = -1;
  fenkit::testing::run(program + " -c < " + quoted(kSuite) + " > " + quoted(packed), &status);
  ASSERT_EQ(status, 0);
  ASSERT_NE(fenkit::testing::read_file(packed), fenkit::testing::read_file(kSuite));
  EXPECT_EQ(lines_of(fenkit("epd " + quoted(packed)).out), kSuiteEpd);
  EXPECT_EQ(lines_of(fenkit("epd < " + quoted(packed)).out), kSuiteEpd);
}

INSTANTIATE_TEST_SUITE_P(Programs, CompressedInput,
                         ::testing::Values("gzip", "bzip2", "xz", "zstd"));

TEST(EpdCommand, CorruptCompressedInputIsUnreadable) {
  FENKIT_REQUIRE_PROGRAM(gzip, "gzip");
  const fs::path packed = scratch().path("suite.epd.gz");
  int status = -1;
  fenkit::testing::run(gzip + " -c < " + quoted(kSuite) + " > " + quoted(packed), &status);
  ASSERT_EQ(status, 0);
  std::string bytes = fenkit::testing::read_file(packed);
  bytes.resize(bytes.size() / 2);
  std::ofstream(packed, std::ios::binary) << bytes;
  const Outcome r = fenkit("epd " + quoted(packed));
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find(packed.string() + ": error: cannot decompress: the data is corrupt or cut short"),
            std::string::npos)
      << r.err;
}

// ---------------------------------------------------------------- fenkit check

TEST(EpdCommand, CheckCommandReadsEpdFiles) {
  Outcome r = fenkit("check " + quoted(kErrors));
  EXPECT_EQ(r.status, 1);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(lines_of(r.err), join(expected_errors(kErrors.string()), {"7 positions, 2 used, 5 rejected"}));

  r = fenkit("check " + quoted(kSuite) + " " + quoted(kMessy));
  EXPECT_EQ(r.status, 0) << r.err;
  EXPECT_EQ(r.err, "14 positions, 14 used, 0 rejected\n");

  r = fenkit("check --format epd < " + quoted(kSuite));
  EXPECT_EQ(r.status, 0) << r.err;
}

}  // namespace
}  // namespace fenkit::epd
