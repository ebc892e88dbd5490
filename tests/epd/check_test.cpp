// Checking records: the position, every move operand, the numbers of the standard opcodes,
// and the clocks that hmvc and fmvn give the position.
//
// The positions, and the reasoning behind each expected move:
//   kKings  "4k3/8/8/8/8/8/8/4K3 w - -": only kings; no piece can reach d4.
//   kPinned "4k3/4r3/8/8/8/8/4B3/4K3 w - -": the rook on e7 pins the bishop on e2 to the king on
//           e1 (e3-e6 are empty), so Bd3 would leave the king in check.
//   kKnights "4k3/8/8/8/8/8/8/1N2KN2 w - -": knights on b1 and f1 both reach d2, so Nd2 is
//           ambiguous (Nbd2 or Nfd2).
//   kMate   "6k1/5ppp/8/8/8/8/8/R5K1 w - -": Ra8 checks along the empty eighth rank; f8 and h8
//           are on that rank and f7-h7 hold black pawns, so it is mate: Ra8#.
#include <gtest/gtest.h>

#include "epd_test_support.hpp"
#include "fenkit/epd/read.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::epd {
namespace {

using testing::column_of;
using testing::read_errors;
using testing::read_ok;
using testing::texts;

constexpr std::string_view kKings = "4k3/8/8/8/8/8/8/4K3 w - -";
constexpr std::string_view kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -";

std::string line(std::string_view fields, std::string_view operations) {
  return std::string(fields) + " " + std::string(operations);
}

// The one error a line gets; checks its column against `at` found by plain search.
void expect_one_error(const std::string& text, std::string_view at, std::string_view message,
                      std::size_t from = 20) {
  const std::vector<ReadError> errors = read_errors(text);
  ASSERT_EQ(errors.size(), 1U) << text << ": " << errors[0].message;
  EXPECT_EQ(errors[0].column, column_of(text, at, from)) << text;
  EXPECT_NE(errors[0].message.find(message), std::string::npos) << errors[0].message;
}

// ---------------------------------------------------------------- Moves

TEST(EpdCheck, MovesAreResolvedAndWrittenInCanonicalSan) {
  const Record r = read_ok(line(kStart, "bm e2e4 Ng1f3; am g1h3;"));
  ASSERT_TRUE(r.position.has_value());
  const std::vector<fen::Move> bm = r.bm();
  ASSERT_EQ(bm.size(), 2U);
  EXPECT_EQ(bm[0], fen::read_uci(*r.position, "e2e4"));
  EXPECT_EQ(bm[1], fen::read_uci(*r.position, "g1f3"));
  EXPECT_EQ(texts(r, "bm"), (std::vector<std::string>{"e4", "Nf3"}));
  EXPECT_EQ(texts(r, "am"), (std::vector<std::string>{"Nh3"}));
}

TEST(EpdCheck, PredictedVariationIsPlayedMoveByMove) {
  const Record r = read_ok(line(kStart, "pv e2e4 e7e5 g1f3 Nc6 Bb5 a6;"));
  EXPECT_EQ(texts(r, "pv"), (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}));
  ASSERT_EQ(r.pv().size(), 6U);
  // Each move in the position after the one before: a6 is Black's a7-a6.
  EXPECT_EQ(r.pv()[5].from(), fen::a7);
  EXPECT_EQ(texts(read_ok("6k1/5ppp/8/8/8/8/8/R5K1 w - - pv Ra8;"), "pv"),
            (std::vector<std::string>{"Ra8#"}));
  EXPECT_TRUE(read_ok(line(kStart, "pv;")).pv().empty());
}

TEST(EpdCheck, VariationStopsAtItsFirstBadMove) {
  // After 1.e4, Black has no pawn that can reach e4; what follows is not judged.
  const std::string text = line(kStart, "pv e4 e4 Nf3 Nc6;");
  const std::vector<ReadError> errors = read_errors(text);
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_EQ(errors[0].column, column_of(text, "e4", column_of(text, "e4", 20)));
  EXPECT_NE(errors[0].message.find("pv: illegal move e4"), std::string::npos) << errors[0].message;
}

TEST(EpdCheck, IllegalMoves) {
  expect_one_error(line(kKings, "bm Qd4;"), "Qd4", "bm: illegal move Qd4: no piece can make it");
  expect_one_error("4k3/4r3/8/8/8/8/4B3/4K3 w - - bm Bd3;", "Bd3", "leaves the king in check");
  expect_one_error("4k3/8/8/8/8/8/8/1N2KN2 w - - am Nd2;", "Nd2",
                   "am: ambiguous move Nd2: Nbd2 or Nfd2");
  expect_one_error("7k/P7/8/8/8/8/8/K7 w - - bm a8;", "a8;", "promotion piece missing");
  expect_one_error("r3k2r/8/8/8/8/8/8/R3K2R w - - bm O-O;", "O-O", "castling not allowed");
  expect_one_error(line(kKings, "sm --;"), "--", "sm: a null move is not a legal move");
}

TEST(EpdCheck, EveryBadMoveOfAListIsReported) {
  const std::string text = line(kKings, "bm Ke2 Qd4 Kf2 Ra1;");
  const std::vector<ReadError> errors = read_errors(text);
  ASSERT_EQ(errors.size(), 2U);
  EXPECT_EQ(errors[0].column, column_of(text, "Qd4"));
  EXPECT_EQ(errors[1].column, column_of(text, "Ra1"));
}

// ---------------------------------------------------------------- Numbers

struct RangeCase {
  std::string operation;
  bool ok;
  std::string message;  // for the rejected ones
};

class EpdIntegerRange : public ::testing::TestWithParam<RangeCase> {};

TEST_P(EpdIntegerRange, StandardOpcodesTakeIntegersInRange) {
  const RangeCase& c = GetParam();
  const std::string text = line(kKings, c.operation);
  if (c.ok) {
    read_ok(text);
    return;
  }
  const std::vector<ReadError> errors = read_errors(text);
  ASSERT_FALSE(errors.empty());
  // The number itself is pointed at: the first blank after the opcode, plus one.
  EXPECT_EQ(errors[0].column, column_of(text, " ", 25 + c.operation.find(' ')) + 1) << text;
  EXPECT_EQ(errors[0].message, c.message);
}

// The ranges of the PGN standard (16.2.5): ce from -32767 to 32767 (mate scores included),
// dm, fmvn and tcgs from 1, the counts and clocks from 0; the clocks up to 2^32 - 1.
INSTANTIATE_TEST_SUITE_P(
    Cases, EpdIntegerRange,
    ::testing::Values(RangeCase{"ce 32767;", true, ""}, RangeCase{"ce -32767;", true, ""},
                      RangeCase{"ce 0;", true, ""},
                      RangeCase{"ce 32768;", false, "ce 32768 out of range (from -32767 to 32767)"},
                      RangeCase{"ce -32768;", false, "ce -32768 out of range (from -32767 to 32767)"},
                      RangeCase{"dm 1;", true, ""},
                      RangeCase{"dm 0;", false, "dm 0 out of range (at least 1)"},
                      RangeCase{"dm -3;", false, "dm -3 out of range (at least 1)"},
                      RangeCase{"acd 0;", true, ""},
                      RangeCase{"acd -1;", false, "acd -1 out of range (not negative)"},
                      RangeCase{"acn 9223372036854775807;", true, ""},
                      RangeCase{"acn -1;", false, "acn -1 out of range (not negative)"},
                      RangeCase{"acs -1;", false, "acs -1 out of range (not negative)"},
                      RangeCase{"rc -1;", false, "rc -1 out of range (not negative)"},
                      RangeCase{"tcgs 0;", false, "tcgs 0 out of range (at least 1)"},
                      RangeCase{"hmvc -1;", false, "hmvc -1 out of range (not negative)"},
                      // The clocks are a FEN's clock fields: 32 bits.
                      RangeCase{"hmvc 4294967296;", false,
                                "hmvc 4294967296 out of range (at most 4294967295)"},
                      RangeCase{"fmvn 4294967296;", false,
                                "fmvn 4294967296 out of range (at most 4294967295)"},
                      RangeCase{"fmvn 7;", true, ""}));

TEST(EpdCheck, FullmoveZeroIsOutOfRangeAndMakesThePositionInvalid) {
  const std::vector<ReadError> errors = read_errors(line(kKings, "fmvn 0;"));
  ASSERT_EQ(errors.size(), 2U);
  EXPECT_EQ(errors[0].message, "illegal position: " + fen::describe(fen::Problems{fen::Problem::fullmove_zero}));
  EXPECT_EQ(errors[1].message, "fmvn 0 out of range (at least 1)");
}

TEST(EpdCheck, OpcodeGivenTwice) {
  const std::string text = line(kKings, "bm Ke2; id \"x\"; bm Kd2;");
  expect_one_error(text, "bm Kd2", "opcode bm given more than once");
}

// ---------------------------------------------------------------- The position

TEST(EpdCheck, IllegalPositions) {
  expect_one_error("4k3/8/8/8/8/8/8/8 w - - id \"x\";", "4k3", "illegal position: white has no king", 0);
  // The side that just moved left its king in check.
  const std::string checked = "4k3/4R3/8/8/8/8/8/4K3 w - - bm Kd2;";
  const std::vector<ReadError> errors = read_errors(checked);
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_EQ(errors[0].column, 1U);
  EXPECT_EQ(errors[0].message,
            "illegal position: " + fen::describe(fen::Problems{fen::Problem::opposite_side_in_check}));
  // Accepted when that problem is relaxed; moves are then checked as usual. After Kd2 the
  // rook on e7 still attacks the king on e8, so the move is written with a check mark.
  ReadOptions relaxed;
  relaxed.checks.relax.add(fen::Problem::opposite_side_in_check);
  EXPECT_EQ(texts(read_ok(checked, relaxed), "bm"), (std::vector<std::string>{"Kd2+"}));
}

TEST(EpdCheck, MovesAreNotJudgedWithoutAPosition) {
  // One error for the position; the impossible move is not reported on top of it.
  const std::vector<ReadError> errors = read_errors("4k3/8/8/8/8/8/8/8 w - - bm Qd4;");
  EXPECT_EQ(errors.size(), 1U);
}

TEST(EpdCheck, ClocksFromHmvcAndFmvn) {
  const Record r = read_ok(line(kKings, "hmvc 12; fmvn 40;"));
  EXPECT_EQ(r.fen(), "4k3/8/8/8/8/8/8/4K3 w - - 12 40");
  ASSERT_TRUE(r.position.has_value());
  EXPECT_EQ(r.position->halfmove_clock(), 12);
  EXPECT_EQ(r.position->fullmove_number(), 40);
  // The operations come before the FEN clock fields.
  EXPECT_EQ(read_ok(line(kKings, "3 17 hmvc 5;")).fen(), "4k3/8/8/8/8/8/8/4K3 w - - 5 17");
  EXPECT_EQ(read_ok(line(kKings, "3 17")).fen(), "4k3/8/8/8/8/8/8/4K3 w - - 3 17");
  EXPECT_EQ(read_ok(std::string(kKings)).fen(), "4k3/8/8/8/8/8/8/4K3 w - - 0 1");
}

TEST(EpdCheck, ChessNineSixtyPositions) {
  // A Chess960 start position (Stockfish FRC book, CC0): king on g1, rooks on f1 and h1.
  const Record r = read_ok("bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - bm g2g3;");
  ASSERT_TRUE(r.position.has_value());
  EXPECT_TRUE(r.position->is_chess960());
  EXPECT_EQ(r.fen(), "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1");
}

TEST(EpdCheck, ParseWithoutCheckKeepsMovesAsWritten) {
  ReadOptions unchecked;
  unchecked.check = false;
  const Record r = read_ok(line(kKings, "bm Qd4 e2e4;"), unchecked);
  EXPECT_EQ(texts(r, "bm"), (std::vector<std::string>{"Qd4", "e2e4"}));
  EXPECT_FALSE(r.position.has_value());
  EXPECT_TRUE(r.bm().empty());
}

}  // namespace
}  // namespace fenkit::epd
