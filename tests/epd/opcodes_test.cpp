// The standard opcodes: the table, typed access to each one, and editing records.
//
// Position: "4k3/8/8/8/8/8/8/4K3 w - -", only the kings; Ke2, Kd2, Kf2, Kd1 and Kf1 are legal.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>

#include "epd_test_support.hpp"
#include "fenkit/epd/opcodes.hpp"
#include "fenkit/epd/write.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::epd {
namespace {

using testing::read_ok;
using testing::texts;

constexpr std::string_view kKings = "4k3/8/8/8/8/8/8/4K3 w - -";

Record kings(std::string_view operations) {
  return read_ok(std::string(kKings) + " " + std::string(operations));
}

fen::Move uci(const Record& r, std::string_view move) { return fen::read_uci(*r.position, move); }

// ---------------------------------------------------------------- The table

TEST(EpdOpcodes, TheStandardSet) {
  // The PGN standard's opcodes (16.2.5), listed by hand.
  const std::set<std::string> expected = {
      "acd", "acn", "acs", "am", "bm", "c0", "c1", "c2", "c3", "c4", "c5", "c6", "c7", "c8",
      "c9", "ce", "dm", "draw_accept", "draw_claim", "draw_offer", "draw_reject", "eco", "fmvn",
      "hmvc", "id", "nic", "noop", "pm", "pv", "rc", "resign", "sm", "tcgs", "tcri", "tcsi",
      "v0", "v1", "v2", "v3", "v4", "v5", "v6", "v7", "v8", "v9"};
  std::set<std::string> names;
  for (const OpcodeInfo& info : standard_opcodes()) {
    names.emplace(info.name);
    EXPECT_EQ(find_opcode(info.name), &info);
    EXPECT_FALSE(info.description.empty());
  }
  EXPECT_EQ(names, expected);
  EXPECT_EQ(find_opcode("bmx"), nullptr);
  EXPECT_EQ(find_opcode("BM"), nullptr);
  EXPECT_EQ(find_opcode(""), nullptr);
  EXPECT_EQ(shape_of("pv"), OperandShape::variation);
  EXPECT_EQ(shape_of("bm"), OperandShape::moves);
  EXPECT_EQ(shape_of("sm"), OperandShape::move);
  EXPECT_EQ(shape_of("tcsi"), OperandShape::two_strings);
  EXPECT_EQ(shape_of("resign"), OperandShape::none);
  EXPECT_EQ(shape_of("wdl"), OperandShape::any);
}

TEST(EpdOpcodes, PrivateOpcodesAreUpperCase) {
  EXPECT_TRUE(is_private_opcode("XPRIV"));
  EXPECT_TRUE(is_private_opcode("MY_OP2"));
  EXPECT_FALSE(is_private_opcode("Ae"));
  EXPECT_FALSE(is_private_opcode("acd"));
  EXPECT_FALSE(is_private_opcode("2X"));
  EXPECT_FALSE(is_private_opcode(""));
}

// ---------------------------------------------------------------- Typed access, one by one

TEST(EpdOpcodes, AnalysisCounts) {
  const Record r = kings("acd 12; acn 123456789012; acs 30;");
  EXPECT_EQ(r.acd(), 12);
  EXPECT_EQ(r.acn(), 123456789012);
  EXPECT_EQ(r.acs(), 30);
}

TEST(EpdOpcodes, MoveLists) {
  const Record r = kings("am Kd1 Kf1; bm Ke2 Kd2;");
  EXPECT_EQ(r.am(), (std::vector<fen::Move>{uci(r, "e1d1"), uci(r, "e1f1")}));
  EXPECT_EQ(r.bm(), (std::vector<fen::Move>{uci(r, "e1e2"), uci(r, "e1d2")}));
}

TEST(EpdOpcodes, Comments) {
  const Record r = kings("c0 \"zero\"; c1 \"one\"; c2 \"2\"; c3 \"3\"; c4 \"4\"; c5 \"5\"; "
                         "c6 \"6\"; c7 \"7\"; c8 \"8\"; c9 \"nine\";");
  EXPECT_EQ(r.c(0), "zero");
  EXPECT_EQ(r.c(1), "one");
  for (int n = 2; n <= 8; ++n) EXPECT_EQ(r.c(n), std::to_string(n));
  EXPECT_EQ(r.c(9), "nine");
  EXPECT_THROW(r.c(10), std::out_of_range);
}

TEST(EpdOpcodes, EvaluationAndMate) {
  const Record r = kings("ce -45; dm 3;");
  EXPECT_EQ(r.ce(), -45);
  EXPECT_EQ(r.dm(), 3);
}

TEST(EpdOpcodes, DrawsAndResignation) {
  const Record r = kings("draw_accept; draw_claim; draw_offer; draw_reject; resign;");
  EXPECT_TRUE(r.draw_accept());
  EXPECT_TRUE(r.draw_claim());
  EXPECT_TRUE(r.draw_offer());
  EXPECT_TRUE(r.draw_reject());
  EXPECT_TRUE(r.resign());
  const Record none = kings("id \"x\";");
  EXPECT_FALSE(none.draw_accept() || none.draw_claim() || none.draw_offer() ||
               none.draw_reject() || none.resign() || none.noop());
}

TEST(EpdOpcodes, OpeningCodes) {
  const Record r = kings("eco \"C20\"; nic \"VO 17.3\";");
  EXPECT_EQ(r.eco(), "C20");
  EXPECT_EQ(r.nic(), "VO 17.3");
}

TEST(EpdOpcodes, Clocks) {
  const Record r = kings("fmvn 31; hmvc 4;");
  EXPECT_EQ(r.fmvn(), 31);
  EXPECT_EQ(r.hmvc(), 4);
}

TEST(EpdOpcodes, Identification) { EXPECT_EQ(kings("id \"WAC.001\";").id(), "WAC.001"); }

TEST(EpdOpcodes, NoopTakesAnything) {
  const Record r = kings("noop 1 two \"three\" 4.5;");
  EXPECT_TRUE(r.noop());
  ASSERT_EQ(r.find("noop")->operands.size(), 4U);
  EXPECT_EQ(r.find("noop")->operands[1].kind, OperandKind::word);
}

TEST(EpdOpcodes, SingleMoves) {
  const Record r = kings("pm Ke2; sm Kf1;");
  EXPECT_EQ(r.pm(), uci(r, "e1e2"));
  EXPECT_EQ(r.sm(), uci(r, "e1f1"));
}

TEST(EpdOpcodes, PredictedVariation) {
  const Record r = kings("pv Ke2 Kd7 Ke3;");
  ASSERT_EQ(r.pv().size(), 3U);
  EXPECT_EQ(r.pv()[1].from(), fen::e8);  // Black's move, in the position after Ke2
  EXPECT_EQ(r.pv()[2].to(), fen::e3);
}

TEST(EpdOpcodes, RepetitionCountAndGameSelector) {
  const Record r = kings("rc 2; tcgs 7;");
  EXPECT_EQ(r.rc(), 2);
  EXPECT_EQ(r.tcgs(), 7);
}

TEST(EpdOpcodes, TelecommunicationIdentifiers) {
  const Record r = kings("tcri \"black@example.org\" \"B. Player\"; tcsi white@example.org W. Player;");
  ASSERT_TRUE(r.tcri().has_value());
  EXPECT_EQ(r.tcri()->first, "black@example.org");
  EXPECT_EQ(r.tcri()->second, "B. Player");
  ASSERT_TRUE(r.tcsi().has_value());
  EXPECT_EQ(r.tcsi()->first, "white@example.org");
  EXPECT_EQ(r.tcsi()->second, "W. Player");
}

TEST(EpdOpcodes, VariationNames) {
  const Record r = kings("v0 \"Main\"; v5 \"Five\"; v9 \"Last\";");
  EXPECT_EQ(r.v(0), "Main");
  EXPECT_EQ(r.v(5), "Five");
  EXPECT_EQ(r.v(9), "Last");
  EXPECT_FALSE(r.v(1).has_value());
}

TEST(EpdOpcodes, AbsentOpcodes) {
  const Record r = kings("");
  EXPECT_FALSE(r.acd() || r.acn() || r.acs() || r.ce() || r.dm() || r.fmvn() || r.hmvc() ||
               r.rc() || r.tcgs());
  EXPECT_TRUE(r.am().empty() && r.bm().empty() && r.pv().empty());
  EXPECT_FALSE(r.pm() || r.sm() || r.id() || r.eco() || r.nic() || r.c(0) || r.v(0) || r.tcri() ||
               r.tcsi());
}

// ---------------------------------------------------------------- Editing

TEST(EpdOpcodes, SettersReplaceInPlaceOrAppend) {
  Record r = kings("id \"a\"; ce 10; bm Ke2;");
  r.set_integer("ce", -20);
  r.set_string("id", "say \"hi\"");
  r.set_integer("acd", 5);
  EXPECT_EQ(to_epd(r), "4k3/8/8/8/8/8/8/4K3 w - - id \"say \\\"hi\\\"\"; ce -20; bm Ke2; acd 5;");
  EXPECT_EQ(r.erase("ce"), 1U);
  EXPECT_EQ(r.erase("ce"), 0U);
  r.set("draw_offer");
  EXPECT_EQ(to_epd(r), "4k3/8/8/8/8/8/8/4K3 w - - id \"say \\\"hi\\\"\"; bm Ke2; acd 5; draw_offer;");
}

TEST(EpdOpcodes, SetMovesWritesSanInTheRecordsPosition) {
  Record r = kings("");
  const fen::Move e2 = uci(r, "e1e2");
  fen::Position after = *r.position;
  after.play(e2);
  const fen::Move d7 = fen::read_uci(after, "e8d7");
  const std::vector<fen::Move> pv = {e2, d7};
  r.set_moves("pv", pv);
  r.set_moves("bm", std::vector<fen::Move>{e2});
  EXPECT_EQ(to_epd(r), "4k3/8/8/8/8/8/8/4K3 w - - pv Ke2 Kd7; bm Ke2;");
  EXPECT_EQ(r.pv(), pv);

  Record unchecked;
  EXPECT_THROW(unchecked.set_moves("bm", pv), std::logic_error);
}

}  // namespace
}  // namespace fenkit::epd
