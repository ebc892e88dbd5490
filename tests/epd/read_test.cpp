// Reading EPD lines: the fields, the operations and their operand types, every lenient form
// that real suites use, and every syntax error with its column.
//
// Positions used here, and why the moves named are what they are:
//   kKings   "4k3/8/8/8/8/8/8/4K3 w - -": only the kings; Ke2, Kd2, Kf2, Kd1, Kf1 are legal.
//   kQueen   "3k4/8/8/8/8/8/8/K6Q w - -": the queen on h1 reaches d1 over an empty first rank
//            and then sees d8 down the empty d-file, so Qd1 gives check: Qd1+. Qh8 sees d8
//            along the empty eighth rank: Qh8+.
//   kPromote "7k/P7/8/8/8/8/8/K7 w - -": a7-a8 promotes; a queen on a8 sees h8 along the empty
//            eighth rank, so the canonical SAN is a8=Q+.
#include <gtest/gtest.h>

#include "epd_test_support.hpp"
#include "fenkit/epd/read.hpp"
#include "fenkit/epd/record.hpp"
#include "fenkit/epd/write.hpp"

namespace fenkit::epd {
namespace {

using testing::column_of;
using testing::read_errors;
using testing::read_ok;
using testing::texts;

constexpr std::string_view kKings = "4k3/8/8/8/8/8/8/4K3 w - -";
constexpr std::string_view kQueen = "3k4/8/8/8/8/8/8/K6Q w - -";
constexpr std::string_view kPromote = "7k/P7/8/8/8/8/8/K7 w - -";
constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

std::string line(std::string_view fields, std::string_view operations) {
  std::string s(fields);
  if (!operations.empty()) s.append(" ").append(operations);
  return s;
}

std::vector<std::string> opcodes(const Record& r) {
  std::vector<std::string> out;
  for (const Operation& op : r.operations) out.push_back(op.opcode);
  return out;
}

// ---------------------------------------------------------------- Fields and clocks

TEST(EpdRead, FourFieldsThenOperationsInOrder) {
  const Record r = read_ok(
      "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 bm e5; id \"x\"; c0 \"y\";");
  EXPECT_EQ(r.setup.side_to_move, fen::Color::black);
  EXPECT_EQ(std::string_view(r.setup.castling.data(), r.setup.castling_count), "KQkq");
  EXPECT_EQ(r.setup.en_passant, fen::e3);
  EXPECT_EQ(r.setup.board[fen::e4], fen::Piece::white_pawn);
  EXPECT_EQ(r.clock_fields, 0);
  EXPECT_EQ(opcodes(r), (std::vector<std::string>{"bm", "id", "c0"}));
  EXPECT_EQ(r.halfmove_clock(), 0U);
  EXPECT_EQ(r.fullmove_number(), 1U);
}

TEST(EpdRead, FourFieldsWithoutOperations) {
  const Record r = read_ok(kKings);
  EXPECT_TRUE(r.operations.empty());
  EXPECT_EQ(r.clock_fields, 0);
}

TEST(EpdRead, SixFieldLinesHoldTheClocks) {
  // Opening books are six-field FEN: the two numbers after the four fields are the clocks.
  const Record book = read_ok("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  EXPECT_EQ(book.clock_fields, 2);
  EXPECT_TRUE(book.operations.empty());

  const Record r = read_ok(line(kKings, "7 42 bm Ke2;"));
  EXPECT_EQ(r.clock_fields, 2);
  EXPECT_EQ(r.setup.halfmove_clock, 7U);
  EXPECT_EQ(r.setup.fullmove_number, 42U);
  EXPECT_EQ(r.halfmove_clock(), 7U);
  EXPECT_EQ(r.fullmove_number(), 42U);
  EXPECT_EQ(texts(r, "bm"), (std::vector<std::string>{"Ke2"}));
}

TEST(EpdRead, FiveFieldsAndDashClocks) {
  const Record five = read_ok(line(kKings, "7 bm Ke2"));
  EXPECT_EQ(five.clock_fields, 1);
  EXPECT_EQ(five.halfmove_clock(), 7U);
  EXPECT_EQ(five.fullmove_number(), 1U);
  // `- -` where the clocks would be (seen in the wild) says nothing.
  const Record dashes = read_ok(line(kKings, "- - bm Ke2"));
  EXPECT_EQ(dashes.clock_fields, 0);
  EXPECT_EQ(texts(dashes, "bm"), (std::vector<std::string>{"Ke2"}));
}

// ---------------------------------------------------------------- Lenient forms

TEST(EpdRead, LineEndingsTrailingBlanksAndNulPadding) {
  const Record clean = read_ok(line(kKings, "bm Ke2; id \"a\";"));
  EXPECT_EQ(read_ok(line(kKings, "bm Ke2; id \"a\";\r")), clean);
  EXPECT_EQ(read_ok(line(kKings, "bm Ke2; id \"a\";  \t \r")), clean);
  EXPECT_EQ(read_ok(line(kKings, "bm Ke2; id \"a\"; ") + std::string("\0\0", 2)), clean);
}

TEST(EpdRead, MissingFinalSemicolon) {
  EXPECT_EQ(read_ok(line(kKings, "bm Ke2; id \"a\"")), read_ok(line(kKings, "bm Ke2; id \"a\";")));
}

TEST(EpdRead, SemicolonsRightAfterTheFieldsAndEmptyOperations) {
  const Record clean = read_ok(line(kKings, "bm Ke2;"));
  EXPECT_EQ(read_ok(std::string(kKings) + "; bm Ke2"), clean);
  EXPECT_EQ(read_ok(line(kKings, "; bm Ke2")), clean);
  EXPECT_EQ(read_ok(line(kKings, ";; ; bm Ke2;;")), clean);
  EXPECT_EQ(read_ok(line(kKings, ";")).operations.size(), 0U);
}

TEST(EpdRead, BlanksAreSpacesOrTabs) {
  EXPECT_EQ(read_ok("4k3/8/8/8/8/8/8/4K3\tw\t-  -\tbm\tKe2 ;\tid\t\"t\";"),
            read_ok(line(kKings, "bm Ke2; id \"t\";")));
}

TEST(EpdRead, StringEscapes) {
  // \" is a quote, \\ a backslash; a ';' inside quotes is text.
  const Record r = read_ok(line(kKings, R"(a "foo\"bar";; ; b "foo\\\\"; c0 "a; b"; id "";)"));
  EXPECT_EQ(r.string_of("a"), "foo\"bar");
  EXPECT_EQ(r.string_of("b"), "foo\\\\");
  EXPECT_EQ(r.c(0), "a; b");
  EXPECT_EQ(r.id(), "");
  // Any other backslash stands for itself (Windows paths in comments).
  EXPECT_EQ(read_ok(line(kKings, R"(c1 "C:\path\x";)")).c(1), "C:\\path\\x");
}

TEST(EpdRead, UnquotedStringsRunToTheSemicolon) {
  EXPECT_EQ(read_ok(line(kKings, "bm Ke2; id Position 1")).id(), "Position 1");
  EXPECT_EQ(read_ok(line(kKings, "id BK.01;")).id(), "BK.01");
  EXPECT_EQ(read_ok(line(kKings, "id  Position 1  ; bm Ke2")).id(), "Position 1");
  EXPECT_EQ(read_ok(line(kKings, "c1 diff=10")).c(1), "diff=10");
  EXPECT_EQ(read_ok(line(kKings, "c0 eval = draw, c1 diff=9")).c(0), "eval = draw, c1 diff=9");
  EXPECT_EQ(read_ok(line(kKings, "id 1;")).id(), "1");
}

TEST(EpdRead, CheckMarksAndAssessmentsWrittenApart) {
  EXPECT_EQ(texts(read_ok(line(kQueen, "; bm Qd1 + ; id BK")), "bm"),
            (std::vector<std::string>{"Qd1+"}));
  EXPECT_EQ(texts(read_ok(line(kQueen, "am Qd1 + ? ;")), "am"), (std::vector<std::string>{"Qd1+"}));
  EXPECT_EQ(texts(read_ok(line(kQueen, "bm Qd1+!;")), "bm"), (std::vector<std::string>{"Qd1+"}));
}

TEST(EpdRead, MissingSemicolonBeforeAStandardOpcode) {
  const Record r = read_ok(line(kQueen, "bm Qd1 Qh8 dm 26"));
  EXPECT_EQ(texts(r, "bm"), (std::vector<std::string>{"Qd1+", "Qh8+"}));
  EXPECT_EQ(r.dm(), 26);
  const Record six = read_ok("3k4/8/8/8/8/8/8/K6Q w - - 0 1 bm Qd1+ dm 26");
  EXPECT_EQ(texts(six, "bm"), (std::vector<std::string>{"Qd1+"}));
  EXPECT_EQ(six.dm(), 26);
  EXPECT_EQ(opcodes(read_ok(line(kKings, "acd 3 id \"x\" bm Ke2"))),
            (std::vector<std::string>{"acd", "id", "bm"}));
}

TEST(EpdRead, UciAndLongAlgebraicMoves) {
  EXPECT_EQ(texts(read_ok(line(kStart, "bm e2e4 g1f3 Ng1-f3")), "bm"),
            (std::vector<std::string>{"e4", "Nf3", "Nf3"}));
  // The king's two-square step is castling.
  EXPECT_EQ(texts(read_ok("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - bm e1g1 e1c1"), "bm"),
            (std::vector<std::string>{"O-O", "O-O-O"}));
  EXPECT_EQ(texts(read_ok(line(kPromote, "bm a7a8q")), "bm"), (std::vector<std::string>{"a8=Q+"}));
}

TEST(EpdRead, PromotionsInEveryWritingAndApart) {
  for (const char* move : {"a8=Q", "a8Q", "a8(Q)", "a8/Q", "a8=q", "a8 = Q", "a8+ = Q", "a8# = q"})
    EXPECT_EQ(texts(read_ok(line(kPromote, std::string("bm ") + move)), "bm"),
              (std::vector<std::string>{"a8=Q+"}))
        << move;
}

TEST(EpdRead, PromotionApartOnlyWhereTheMoveCanTakeIt) {
  // Joined to the move, `= Q` would make text that is no move (`Qd2a8=Q`, `a8=Q=R`); even
  // without the chess checked, the `=` is refused where it stands.
  const ReadOptions syntax_only{.check = false};
  for (const char* operations : {"bm Qd2a8 = Q", "bm a8=Q = R", "bm O-O = Q"}) {
    const std::string text = line(kPromote, operations);
    const std::vector<ReadError> errors = read_errors(text, syntax_only);
    ASSERT_FALSE(errors.empty());
    EXPECT_EQ(errors[0].column, column_of(text, "= ")) << operations;
  }
  EXPECT_EQ(texts(read_ok(line(kPromote, "bm a8 = Q"), syntax_only), "bm"),
            (std::vector<std::string>{"a8=Q"}));
}

TEST(EpdRead, MovesContinuedAfterAStraySemicolon) {
  // `bm h3; Be1` in a real suite: a move where an opcode should be continues the list.
  const Record r = read_ok(line(kStart, "bm e4; d4; Nf3; id \"x\""));
  EXPECT_EQ(texts(r, "bm"), (std::vector<std::string>{"e4", "d4", "Nf3"}));
  EXPECT_EQ(r.id(), "x");
}

TEST(EpdRead, PawnMovesToTheCFileAreMovesNotCommentOpcodes) {
  EXPECT_EQ(texts(read_ok(line(kStart, "bm c4 c3; pv c4 e5 c5")), "bm"),
            (std::vector<std::string>{"c4", "c3"}));
  EXPECT_EQ(texts(read_ok(line(kStart, "pv c4 e5 c5")), "pv"),
            (std::vector<std::string>{"c4", "e5", "c5"}));
}

TEST(EpdRead, OpcodeEqualsOperand) {
  const Record r = read_ok(line(kKings, "id=\"33\"; v=-385"));
  EXPECT_EQ(r.id(), "33");
  EXPECT_EQ(r.integer_of("v"), -385);
  // With blanks around it, '=' is an operand of an unknown opcode.
  const Record words = read_ok(line(kKings, "eval = draw"));
  EXPECT_EQ(texts(words, "eval"), (std::vector<std::string>{"=", "draw"}));
}

TEST(EpdRead, OpcodesInAnyOrder) {
  const Record r = read_ok(line(kKings, "id \"x\"; bm Ke2; acd 3; c0 \"c\";"));
  EXPECT_EQ(opcodes(r), (std::vector<std::string>{"id", "bm", "acd", "c0"}));
  EXPECT_EQ(r.acd(), 3);
  EXPECT_EQ(r.id(), "x");
}

TEST(EpdRead, Latin1StringsBecomeUtf8) {
  EXPECT_EQ(read_ok(line(kKings, "c0 \"Rum\xE4nien\";")).c(0), "Rum\xC3\xA4nien");
  EXPECT_EQ(read_ok(line(kKings, "c0 \"Rum\xC3\xA4nien\";")).c(0), "Rum\xC3\xA4nien");
  EXPECT_EQ(read_ok(line(kKings, "id Stra\xDF" "e")).id(), "Stra\xC3\x9F" "e");
}

// A record's rules are those its own `variant` operation names: the word inside another
// operation's operand (an unquoted id running to its semicolon, a string) names none, and the
// fields are read as standard chess. Found by fuzzing: the record written back read otherwise.
TEST(EpdRead, VariantOnlyFromTheVariantOperation) {
  const std::string horde = "r3k3/8/8/8/8/PPPPPPPP/PPPPPPPP/1PPPP1P1 b - -";
  EXPECT_EQ(read_ok(horde + " id x; variant \"Horde\";").variant, fen::Variant::horde);
  for (const std::string ops : {" id PP1 variant \"Horde\";", " id \"x variant horde\";"}) {
    SCOPED_TRACE(ops);
    // Read as standard chess, where White has no king.
    const std::vector<ReadError> errors = read_errors(horde + ops);
    ASSERT_FALSE(errors.empty());
    EXPECT_NE(errors[0].message.find("white has no king"), std::string::npos) << errors[0].message;
  }
  // Nor does a string with more after it: "Crazyhous" e is no name.
  for (const std::string ops : {" id other variant crazyhouse;", " id \"variant crazyhouse\";",
                                " c0 variant Crazyhouse;", " variant \"Crazyhous\"e;"}) {
    SCOPED_TRACE(ops);
    const Record r = read_ok(std::string(kStart) + ops);
    EXPECT_EQ(r.variant, fen::Variant::standard);
    ASSERT_EQ(r.operations.size(), 1U);
    const Record again = read_ok(to_epd(r));  // written and read again: the same record
    EXPECT_EQ(again.variant, fen::Variant::standard);
    EXPECT_TRUE(again == r) << to_epd(r);
  }
}

TEST(EpdRead, UnknownAndPrivateOpcodesKeepTheirOperands) {
  const Record r =
      read_ok(line(kKings, "Xfoo e4 \"a b\" 3 -2.5e3 +1.50 word; Ae \"Stockfish 15\"; wdl 2; XYZ;"));
  const Operation* x = r.find("Xfoo");
  ASSERT_NE(x, nullptr);
  ASSERT_EQ(x->operands.size(), 6U);
  EXPECT_EQ(x->operands[0].kind, OperandKind::word);
  EXPECT_EQ(x->operands[0].text, "e4");
  EXPECT_EQ(x->operands[1].kind, OperandKind::string);
  EXPECT_EQ(x->operands[1].text, "a b");
  EXPECT_EQ(x->operands[2].kind, OperandKind::integer);
  EXPECT_EQ(x->operands[2].integer, 3);
  EXPECT_EQ(x->operands[3].kind, OperandKind::real);
  EXPECT_EQ(x->operands[3].real, -2500.0);
  EXPECT_EQ(x->operands[4].kind, OperandKind::real);
  EXPECT_EQ(x->operands[4].text, "+1.50");  // reals keep their writing
  EXPECT_EQ(x->operands[4].real, 1.5);
  EXPECT_EQ(x->operands[5].kind, OperandKind::word);
  EXPECT_EQ(r.string_of("Ae"), "Stockfish 15");
  EXPECT_EQ(r.integer_of("wdl"), 2);
  ASSERT_TRUE(r.has("XYZ"));
  EXPECT_TRUE(r.find("XYZ")->operands.empty());
}

TEST(EpdRead, OperandColumns) {
  const std::string text = line(kKings, "bm Ke2 Kd2; id \"x\"; acd 7;");
  const Record r = read_ok(text);
  EXPECT_EQ(r.find("bm")->column, column_of(text, "bm"));
  EXPECT_EQ(r.find("bm")->operands[1].column, column_of(text, "Kd2"));
  EXPECT_EQ(r.find("id")->operands[0].column, column_of(text, "\"x\""));
  EXPECT_EQ(r.find("acd")->operands[0].column, column_of(text, "7"));
}

// ---------------------------------------------------------------- Syntax errors

struct SyntaxCase {
  std::string text;
  std::string at;       // the text the error points at (its first occurrence after the fields)
  std::string message;  // what the message must contain
};

class EpdSyntaxError : public ::testing::TestWithParam<SyntaxCase> {};

TEST_P(EpdSyntaxError, IsReportedWithItsColumn) {
  const SyntaxCase& c = GetParam();
  Record untouched;
  const std::optional<ReadError> error = parse_record(c.text, untouched);
  ASSERT_TRUE(error.has_value()) << c.text;
  EXPECT_EQ(error->column, column_of(c.text, c.at, 20)) << c.text << ": " << error->message;
  EXPECT_NE(error->message.find(c.message), std::string::npos) << error->message;
  EXPECT_TRUE(untouched.operations.empty());
}

INSTANTIATE_TEST_SUITE_P(
    Cases, EpdSyntaxError,
    ::testing::Values(
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - bm 1; id 1;", "1;", "bm: expected a move, found '1'"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - bm;", ";", "bm: expected a move"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - pm ;", ";", "pm: expected a move"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - acn 10 acd ; acn 10;", "; acn", "acd: expected an integer, found ';'"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - acd x;", "x;", "acd: expected an integer, found 'x'"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - ce 1.5;", "1.5", "ce: expected an integer"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - id ;", ";", "id: expected a string"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - tcri \"a@b\";", ";", "tcri: expected a string, found ';'"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - id \"open; bm Ke2", "\"open", "string not closed"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - c0 \"ends with \\\"", "\"ends", "string not closed"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - acd 99999999999999999999;", "999", "acd: number out of range"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - bm Ke2 xyz;", "xyz", "unexpected 'xyz': expected ';' or an opcode"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - \"x\";", "\"x\"", "expected an opcode"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - 1 2 3", "3", "expected an opcode"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - - -1 2", "-1", "expected an opcode"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - -x", "x", "unexpected 'x' after the en-passant field"},
        SyntaxCase{"4k3/8/8/8/8/8/8/4K3 w - -1 12 ; bm Ke2", "1 12", "unexpected '1' after the en-passant field"}));

TEST(EpdRead, FenFieldErrorsComeFromTheFenReader) {
  Record r;
  std::optional<ReadError> error = parse_record("4k3/8/8/8/8/8/8/4K2 w - - bm Ke2", r);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->message.find("fewer than 8 squares"), std::string::npos) << error->message;
  EXPECT_GE(error->column, 1U);
  EXPECT_LE(error->column, 20U);  // within the placement field

  error = parse_record("4k3/8/8/8/8/8/8/4K3 w - bm Ke2", r);  // no en-passant field
  ASSERT_TRUE(error.has_value());
  EXPECT_EQ(error->column, column_of("4k3/8/8/8/8/8/8/4K3 w - bm Ke2", "bm"));

  error = parse_record("4k3/8/8/8/8/8/8/4K3 w", r);
  ASSERT_TRUE(error.has_value());
  EXPECT_NE(error->message.find("missing castling"), std::string::npos) << error->message;
}

TEST(EpdRead, RecordFromEpdThrowsOnErrors) {
  EXPECT_EQ(record_from_epd(line(kKings, "bm Ke2")).bm().size(), 1U);
  EXPECT_THROW(record_from_epd(line(kKings, "bm Qd4")), std::invalid_argument);
  EXPECT_THROW(record_from_epd(line(kKings, "bm")), std::invalid_argument);
}

}  // namespace
}  // namespace fenkit::epd
