// Writing: the canonical form, the clock-field modes, sorting, and round trips.
//
// Expected lines are written by hand from the canonical form: the four fields, then each
// operation as `opcode operands;` separated by single spaces, strings quoted with \" and \\.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <sstream>

#include "epd_test_support.hpp"
#include "fenkit/epd/reader.hpp"
#include "fenkit/epd/write.hpp"
#include "test_support.hpp"

namespace fenkit::epd {
namespace {

using testing::read_ok;

TEST(EpdWrite, CanonicalForm) {
  EXPECT_EQ(to_epd(read_ok("  4k3/8/8/8/8/8/8/4K3   w  -  -  ;bm   Ke2 ;id  Pos 1 ;")),
            "4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; id \"Pos 1\";");
  EXPECT_EQ(to_epd(read_ok("4k3/8/8/8/8/8/8/4K3 w - -")), "4k3/8/8/8/8/8/8/4K3 w - -");
  // Numbers: integers normalised, reals as written; unknown words kept unquoted.
  EXPECT_EQ(to_epd(read_ok("4k3/8/8/8/8/8/8/4K3 w - - ce +5; pes +1.50; eval = draw")),
            "4k3/8/8/8/8/8/8/4K3 w - - ce 5; pes +1.50; eval = draw;");
  // The placement is rewritten from the board; castling and en passant stay as written.
  EXPECT_EQ(to_epd(read_ok("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1")),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1");
  // As FEN, a checked record is written as every FEN is: X-FEN for the Chess960 position (its
  // rooks are the outermost, so KQkq), KQkq for Shredder letters in standard chess.
  EXPECT_EQ(read_ok("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1").fen(),
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
  EXPECT_EQ(read_ok("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 3 9").fen(),
            "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 3 9");
  EXPECT_EQ(to_epd(read_ok("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6")),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq e6");
}

TEST(EpdWrite, StringsAreQuotedAndEscaped) {
  Record r = read_ok("4k3/8/8/8/8/8/8/4K3 w - -");
  r.set_string("c0", "a\"b\\c; d");
  EXPECT_EQ(to_epd(r), "4k3/8/8/8/8/8/8/4K3 w - - c0 \"a\\\"b\\\\c; d\";");
  // A lone backslash read from a file comes back escaped, and reads back the same.
  const Record path = read_ok(R"(4k3/8/8/8/8/8/8/4K3 w - - c1 "C:\x";)");
  EXPECT_EQ(to_epd(path), R"(4k3/8/8/8/8/8/8/4K3 w - - c1 "C:\\x";)");
  EXPECT_EQ(read_ok(to_epd(path)), path);
}

TEST(EpdWrite, MovesInCanonicalSanOnceChecked) {
  const std::string text = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm g1f3 e2-e4;";
  EXPECT_EQ(to_epd(read_ok(text)),
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm Nf3 e4;");
  Record parsed;
  ASSERT_FALSE(parse_record(text, parsed).has_value());
  EXPECT_EQ(to_epd(parsed), "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm g1f3 e2-e4;");
}

TEST(EpdWrite, ClockFieldModes) {
  const Record six = read_ok("4k3/8/8/8/8/8/8/4K3 w - - 3 17 bm Ke2;");
  EXPECT_EQ(to_epd(six), "4k3/8/8/8/8/8/8/4K3 w - - 3 17 bm Ke2;");
  EXPECT_EQ(to_epd(six, {.clocks = ClockFields::four}),
            "4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; hmvc 3; fmvn 17;");
  EXPECT_EQ(to_epd(six, {.clocks = ClockFields::six}), "4k3/8/8/8/8/8/8/4K3 w - - 3 17 bm Ke2;");

  const Record ops = read_ok("4k3/8/8/8/8/8/8/4K3 w - - hmvc 3; bm Ke2; fmvn 17;");
  EXPECT_EQ(to_epd(ops), "4k3/8/8/8/8/8/8/4K3 w - - hmvc 3; bm Ke2; fmvn 17;");
  EXPECT_EQ(to_epd(ops, {.clocks = ClockFields::four}),
            "4k3/8/8/8/8/8/8/4K3 w - - hmvc 3; bm Ke2; fmvn 17;");
  EXPECT_EQ(to_epd(ops, {.clocks = ClockFields::six}), "4k3/8/8/8/8/8/8/4K3 w - - 3 17 bm Ke2;");

  const Record none = read_ok("4k3/8/8/8/8/8/8/4K3 w - - bm Ke2;");
  EXPECT_EQ(to_epd(none, {.clocks = ClockFields::six}), "4k3/8/8/8/8/8/8/4K3 w - - 0 1 bm Ke2;");
  EXPECT_EQ(to_epd(none, {.clocks = ClockFields::four}), "4k3/8/8/8/8/8/8/4K3 w - - bm Ke2;");

  const Record five = read_ok("4k3/8/8/8/8/8/8/4K3 w - - 9 bm Ke2;");
  EXPECT_EQ(to_epd(five), "4k3/8/8/8/8/8/8/4K3 w - - 9 bm Ke2;");
  EXPECT_EQ(to_epd(five, {.clocks = ClockFields::four}), "4k3/8/8/8/8/8/8/4K3 w - - bm Ke2; hmvc 9;");
}

// An hmvc or fmvn operation that gives no clock (beyond 32 bits, negative) leaves
// the clock to the FEN field; four fields carry that clock in an operation read before it.
TEST(EpdWrite, ClockFieldBesideAnOperationThatGivesNoClock) {
  const ReadOptions syntax_only{.check = false};
  const std::pair<const char*, const char*> cases[] = {
      {"999 hmvc 9999999999;", "hmvc 999; hmvc 9999999999;"},
      {"999 hmvc -5;", "hmvc 999; hmvc -5;"},
      {"7 30 bm Ke2; fmvn -2; hmvc 8;", "bm Ke2; fmvn 30; fmvn -2; hmvc 8;"},
  };
  for (const auto& [operations, four] : cases) {
    const std::string text = std::string("4k3/8/8/8/8/8/8/4K3 w - - ") + operations;
    const Record record = read_ok(text, syntax_only);
    const std::string written = to_epd(record, {.clocks = ClockFields::four});
    EXPECT_EQ(written, std::string("4k3/8/8/8/8/8/8/4K3 w - - ") + four);
    EXPECT_EQ(read_ok(written, syntax_only).fen(), record.fen()) << text;
  }
  // Six fields carry the clock; the operation that gives none is kept, not dropped.
  const Record beyond = read_ok("4k3/8/8/8/8/8/8/4K3 w - - 7 9 hmvc 5000000000;", syntax_only);
  EXPECT_EQ(to_epd(beyond, {.clocks = ClockFields::six}),
            "4k3/8/8/8/8/8/8/4K3 w - - 7 9 hmvc 5000000000;");
}

TEST(EpdWrite, SortedOperations) {
  const Record r = read_ok("4k3/8/8/8/8/8/8/4K3 w - - id \"x\"; bm Ke2; acd 3; XPRIV 1; c0 \"c\";");
  EXPECT_EQ(to_epd(r, {.sort_operations = true}),
            "4k3/8/8/8/8/8/8/4K3 w - - XPRIV 1; acd 3; bm Ke2; c0 \"c\"; id \"x\";");
  EXPECT_EQ(to_epd(r), "4k3/8/8/8/8/8/8/4K3 w - - id \"x\"; bm Ke2; acd 3; XPRIV 1; c0 \"c\";");
}

// Every record of a file: reading what was written gives the same record, and in the
// other clock modes the same position, clocks and output.
void expect_round_trip(const std::filesystem::path& path) {
  std::ifstream in(path, std::ios::binary);
  ASSERT_TRUE(in) << path;
  Reader reader(in);
  Entry entry;
  std::size_t records = 0;
  while (reader.next(entry)) {
    if (!entry.ok()) continue;
    ++records;
    const Record& r = entry.record;
    const std::string written = to_epd(r);
    Record again;
    ASSERT_TRUE(read_record(written, again).empty()) << path << ":" << entry.line << ": " << written;
    EXPECT_EQ(again, r) << path << ":" << entry.line << ": " << written;
    for (ClockFields mode : {ClockFields::four, ClockFields::six}) {
      const std::string text = to_epd(r, {.clocks = mode});
      Record other;
      ASSERT_TRUE(read_record(text, other).empty()) << text;
      EXPECT_EQ(other.fen(), r.fen()) << text;
      EXPECT_EQ(to_epd(other, {.clocks = mode}), text);
    }
  }
  EXPECT_GT(records, 0U) << path;
}

// A line of blanks and CRs, then NUL bytes, is binary data: the error's column points at the
// first NUL, within the text the entry keeps, however far along the line it stands.
TEST(EpdRead, BinaryDataIsReportedAtItsFirstNul) {
  for (const std::size_t before : {std::size_t(0), std::size_t(3), std::size_t(65), std::size_t(200)}) {
    const std::string line = std::string(before, '\r') + std::string(11, '\0') + "\r";
    std::istringstream in(line + "\n4k3/8/8/8/8/8/8/4K3 w - -\n");
    Reader reader(in);
    Entry entry;
    ASSERT_TRUE(reader.next(entry)) << before;
    ASSERT_EQ(entry.errors.size(), 1U) << before;
    EXPECT_EQ(entry.errors[0].column, before + 1) << before;
    EXPECT_LE(entry.errors[0].column, entry.text.size()) << before;
    EXPECT_EQ(entry.text[entry.errors[0].column - 1], '\0') << before;
    ASSERT_TRUE(reader.next(entry)) << before;  // the next line is still read
    EXPECT_TRUE(entry.ok()) << before;
  }
}

// ---------------------------------------------------------------- Lines that did not read back

// What the writer writes for `line`, in the record's order and sorted, read as a file of
// that one line is read (a line break inside would make two), gives the same record.
void expect_written_reads_back(const std::string& line) {
  const Record record = read_ok(line);
  for (const bool sorted : {false, true}) {
    const std::string written = to_epd(record, {.sort_operations = sorted});
    std::istringstream in(written + "\n");
    Reader reader(in);
    Entry entry;
    ASSERT_TRUE(reader.next(entry)) << written;
    ASSERT_TRUE(entry.ok()) << written << "\n  column " << entry.errors[0].column << ": "
                            << entry.errors[0].message;
    Record expected = record;
    if (sorted) std::ranges::stable_sort(expected.operations, {}, &Operation::opcode);
    EXPECT_EQ(entry.record, expected) << line << "\n  written as " << written;
    EXPECT_FALSE(reader.next(entry)) << "more than one line: " << written;
  }
}

// `Q 7""` once read as the word 7 and an empty string, and was written `Q 7 ""`, which reads
// as the integer 7: a quote now ends a number as it ends a word, so both read alike.
TEST(EpdRoundTrip, NumberRightBeforeAQuotedString) {
  const Record r = read_ok("4k3/8/8/8/8/8/8/4K3 w - - Q 7\"\";");
  const Operation* q = r.find("Q");
  ASSERT_NE(q, nullptr);
  ASSERT_EQ(q->operands.size(), 2U);
  EXPECT_EQ(q->operands[0].kind, OperandKind::integer);
  EXPECT_EQ(q->operands[0].integer, 7);
  EXPECT_EQ(q->operands[1].kind, OperandKind::string);
  EXPECT_EQ(to_epd(r), "4k3/8/8/8/8/8/8/4K3 w - - Q 7 \"\";");
  expect_written_reads_back("4k3/8/8/8/8/8/8/4K3 w - - Q 7\"\";");
  expect_written_reads_back("4k3/8/8/8/8/8/8/4K3 w - - noop 1\" two\" three; X -2.5\"x\"");
  // Words stay words: only whole numbers and reals end at a quote.
  expect_written_reads_back("4k3/8/8/8/8/8/8/4K3 w - - Q 7a\"b\" 1e5\"\"");
}

// `bm Kd2;h4=` read as bm and an opcode h4 without operands, written `bm Kd2; h4;`, which
// reads as the moves Kd2 and h4 (a move after a move list continues it, as real suites need).
// Sorting the operations brings such an opcode after a move list too (`bm Kd2; id "x"; ce7;`
// sorted is `bm Kd2; ce7; id "x";`). An opcode that reads as a move cannot be written back
// safely, so it is refused where it stands.
TEST(EpdRoundTrip, OpcodeThatReadsAsAMoveIsRefused) {
  const std::string fields = "4k3/8/8/8/8/8/8/4K3 w - - ";
  // Each line, and the opcode the error points at.
  const std::pair<std::string, std::string> cases[] = {
      {"bm Kd2;h4=", "h4"},     {"bm Kd2; id \"x\"; ce7;", "ce7"}, {"h4 \"x\"; bm Kd2", "h4"},
      {"Nf3; bm Kd2", "Nf3"},   {"e2e4=1", "e2e4"},                {"id \"y\"; exd5", "exd5"},
      {"Z0", "Z0"}};
  for (const auto& [operations, opcode] : cases) {
    const std::string line = fields + operations;
    Record r;
    const std::vector<ReadError> errors = read_record(line, r);
    ASSERT_EQ(errors.size(), 1U) << line;
    EXPECT_EQ(errors[0].column, fields.size() + operations.find(opcode) + 1) << line;
    EXPECT_EQ(errors[0].message, "opcode '" + opcode + "' reads as a move") << line;
  }
  // Opcodes that only look a little like moves are kept, wherever sorting puts them.
  expect_written_reads_back(
      "4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; id \"x\"; ce 7; D1 5; d9; i4; Kd; e4x;");
  // A move after a move list still continues the list.
  EXPECT_EQ(testing::texts(read_ok("4k3/8/8/8/8/8/8/4K3 w - - bm Kd2; Kf2;"), "bm"),
            (std::vector<std::string>{"Kd2", "Kf2"}));
}

// A NUL or other control character inside an operand was kept and written as it was; a line
// break made the written record two lines. Control characters other than tab are refused
// where they stand; the NUL padding and CR at the end of a line are still cut off.
TEST(EpdRoundTrip, ControlCharactersInOperationsAreRefused) {
  using namespace std::string_literals;
  const std::string fields = "4k3/8/8/8/8/8/8/4K3 w - - ";
  // Each line's operations, and the control character the error points at.
  const std::pair<std::string, char> cases[] = {
      {"Q a\nb;", '\n'},          {"Q a\0b;"s, '\0'},          {"Q \0;"s, '\0'},
      {"id a\x01" "b;", '\x01'},  {"id \"a\rb\";", '\r'},     {"c0 \"\x1b[1m\";", '\x1b'},
      {"bm Kd2 \x7f;", '\x7f'},   {"Q a\rb", '\r'},           {"bm Kd2;\x0c id \"x\"", '\x0c'},
      {"id \"a\0b\";"s, '\0'}};
  for (const auto& [operations, control] : cases) {
    const std::string line = fields + operations;
    Record r;
    const std::vector<ReadError> errors = read_record(line, r);
    ASSERT_EQ(errors.size(), 1U) << operations;
    EXPECT_EQ(errors[0].column, line.find(control) + 1) << operations;
    EXPECT_NE(errors[0].message.find("control character \\x"), std::string::npos)
        << errors[0].message;
  }
  // Tabs are blanks; padding and line ends are not part of the record.
  expect_written_reads_back(fields + "id \"a\tb\";\tc0 x\ty;");
  expect_written_reads_back(fields + "bm Kd2; id \"x\";\0\0\r"s);
  expect_written_reads_back(fields + "Q abc\r"s);
}

TEST(EpdWrite, RoundTripOfTheFixtures) {
  expect_round_trip(fenkit::testing::data("epd/suite.epd"));
  expect_round_trip(fenkit::testing::data("epd/messy.epd"));
  expect_round_trip(fenkit::testing::data("epd/errors.epd"));
}

}  // namespace
}  // namespace fenkit::epd
