// PgnWriter: export format from streams of visitor calls and from stored games.
//
// Expected texts are worked out by hand from the PGN standard's export format (the reasoning
// is beside each), or come from pgn-extract, which writes export format too. Where fenkit
// legitimately differs from pgn-extract the tests compare what both agree on:
// - pgn-extract breaks lines between "(" and the move after it, before a lone "}" or ")",
//   and between "{" and the first word of a comment; fenkit keeps those together. The token
//   sequence is the same, so the tests compare movetext with line breaks taken out
//   (joined_movetext).
// - pgn-extract writes a comment that comes before the first move as a paragraph of its
//   own, followed by a blank line; fenkit writes it inline, as the standard's grammar allows
//   and other writers do. Joining the lines makes the two the same.
// - pgn-extract orders the tags it knows (ECO, Opening, WhiteElo, SetUp before FEN, ...) by
//   its own list; fenkit keeps tags outside the seven-tag roster in input order, so that a
//   written game reads back with its tags as they were. The roster is the same.
// - pgn-extract drops empty comments ("{}"); fenkit writes "{ }" so that nothing read is lost.
#include "fenkit/pgn/writer.hpp"

#include <gtest/gtest.h>

#include <random>
#include <sstream>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/pgn/game_builder.hpp"
#include "pgn_text.hpp"
#include "visitor_driver.hpp"

namespace fenkit::pgn {
namespace {

using testing::Driver;
using testing::expect_good_layout;
using testing::joined_movetext;
using testing::play_pgn;
using testing::split_games;

const std::string kRoster =
    "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
    "[White \"?\"]\n[Black \"?\"]\n";

std::string write_stream(std::string_view pgn, const WriterOptions& options = {},
                         bool checked = true) {
  std::string out;
  PgnWriter writer(out, options);
  play_pgn(writer, pgn, checked);
  return out;
}

std::string write_tree(std::string_view pgn, const WriterOptions& options = {}) {
  GameBuilder builder;
  play_pgn(builder, pgn);
  std::string out;
  for (const Game& g : builder.games()) out += to_pgn(g, options);
  return out;
}

// Only the movetext lines of the only game of `text`, joined with '\n'.
std::string movetext_of(const std::string& text) {
  const auto games = split_games(text);
  EXPECT_EQ(games.size(), 1U);
  std::string out;
  for (const std::string& l : games.at(0).movetext) out += (out.empty() ? "" : "\n") + l;
  return out;
}

// ---------------------------------------------------------------- Tags

TEST(PgnWriter, WritesTheRosterFirstThenOtherTagsInInputOrder) {
  const std::string pgn =
      "[ECO \"B00\"]\n[White \"Tal, M.\"]\n[Annotator \"A\"]\n[Date \"1960.??.??\"]\n"
      "[Event \"Match\"]\n[Event \"Second event tag\"]\n[Opening \"Odd\"]\n\n1. e4 *\n";
  // Roster in its order, missing Site/Round/Black as "?", Result from the movetext; then
  // ECO, Annotator, the repeated Event and Opening in the order they came.
  const std::string expected =
      "[Event \"Match\"]\n[Site \"?\"]\n[Date \"1960.??.??\"]\n[Round \"?\"]\n"
      "[White \"Tal, M.\"]\n[Black \"?\"]\n[Result \"*\"]\n"
      "[ECO \"B00\"]\n[Annotator \"A\"]\n[Event \"Second event tag\"]\n[Opening \"Odd\"]\n"
      "\n1. e4 *\n\n";
  EXPECT_EQ(write_stream(pgn), expected);
  EXPECT_EQ(write_tree(pgn), expected);
}

TEST(PgnWriter, EscapesQuotesAndBackslashesInTagValues) {
  std::string out;
  PgnWriter writer(out);
  Driver d(writer);
  d.begin_game();
  d.tag("Event", R"(The "Big" one \ two)");
  d.tag("Annotator", R"(\")");
  d.begin_movetext();
  d.result("*");
  d.end_game();
  // Each '"' and '\' gets a backslash in front (PGN standard 7: "\"" and "\\").
  const std::string expected = R"([Event "The \"Big\" one \\ two"])"
                               "\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
                               "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"
                               R"([Annotator "\\\""])"
                               "\n\n*\n\n";
  EXPECT_EQ(out, expected);
}

TEST(PgnWriter, EditsTagsUntilTheGameEnds) {
  std::string out;
  PgnWriter writer(out);
  Driver d(writer);
  d.begin_game();
  d.tag("Opening", "Old");
  d.tag("Site", "Here");
  d.tag("Opening", "Repeated");
  d.tag("Annotator", "A");
  d.tag("Annotator", "B");
  d.begin_movetext();
  // A value set is the first tag's, its repetitions go; a tag not there is added last; a
  // roster tag set moves to its place in the roster; removing drops every tag of the name.
  writer.set_tag("Opening", std::string(40, 'n'));  // longer than what the buffers held
  writer.set_tag("PlyCount", "0");
  writer.set_tag("White", "W \"x\"");
  writer.remove_tag("Annotator");
  writer.remove_tag("Nothing");
  d.result("*");
  d.end_game();
  const std::string expected =
      "[Event \"?\"]\n[Site \"Here\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n"
      "[White \"W \\\"x\\\"\"]\n[Black \"?\"]\n[Result \"*\"]\n[Opening \"" +
      std::string(40, 'n') + "\"]\n[PlyCount \"0\"]\n\n*\n\n";
  EXPECT_EQ(out, expected);
}

TEST(PgnWriter, TakesOnlyTheRosterNamesThemselvesForTheRoster) {
  // Names of the roster's lengths and first letters, and its names in other cases, are tags
  // like any other, written after the roster in input order.
  const std::string pgn =
      "[Rounds \"1\"]\n[Evens \"2\"]\n[Dates \"3\"]\n[Resul \"4\"]\n[white \"5\"]\n"
      "[Blacks \"6\"]\n[Sit \"7\"]\n[Round \"8\"]\n\n1. e4 *\n";
  const std::string expected =
      "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"8\"]\n"
      "[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"
      "[Rounds \"1\"]\n[Evens \"2\"]\n[Dates \"3\"]\n[Resul \"4\"]\n[white \"5\"]\n"
      "[Blacks \"6\"]\n[Sit \"7\"]\n\n1. e4 *\n\n";
  EXPECT_EQ(write_stream(pgn), expected);
  EXPECT_EQ(write_tree(pgn), expected);
}

TEST(PgnWriter, AgreesWithPgnExtractOnEscapes) {
  FENKIT_REQUIRE_PROGRAM(pgn_extract, "pgn-extract");
  const std::string pgn = R"([Event "The \"Big\" one \\ two"])"
                          "\n\n1. e4 *\n";
  const auto ours = split_games(write_stream(pgn));
  const auto theirs = split_games(testing::run_pgn_extract(pgn_extract, pgn));
  ASSERT_EQ(ours.size(), 1U);
  ASSERT_EQ(theirs.size(), 1U);
  EXPECT_EQ(ours[0].tags, theirs[0].tags);
}

TEST(PgnWriter, FillsTheResultTagFromTheMovetextAndTheMovetextFromTheTag) {
  // No Result tag: the movetext's result. No movetext result: a valid Result tag's.
  EXPECT_EQ(write_stream("1. e4 0-1\n"), kRoster + "[Result \"0-1\"]\n\n1. e4 0-1\n\n");

  auto without_result = [](std::string_view result_tag) {
    std::string out;
    PgnWriter writer(out);
    Driver d(writer);
    d.begin_game();
    d.tag("Result", result_tag);
    d.begin_movetext();
    d.move("e4");
    d.end_game();
    return out;
  };
  EXPECT_EQ(without_result("1/2-1/2"), kRoster + "[Result \"1/2-1/2\"]\n\n1. e4 1/2-1/2\n\n");
  // "1/2" is no result the movetext may end with: "*" (unknown).
  EXPECT_EQ(without_result("1/2"), kRoster + "[Result \"1/2\"]\n\n1. e4 *\n\n");
}

TEST(PgnWriter, CanDropTagsOutsideTheRosterButKeepsSetupTags) {
  const std::string pgn =
      "[Event \"E\"]\n[ECO \"B00\"]\n[Variant \"Standard\"]\n[SetUp \"1\"]\n"
      "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n[WhiteElo \"2700\"]\n\n1. e4 *\n";
  const auto games = split_games(write_stream(pgn, {.other_tags = false}));
  ASSERT_EQ(games.size(), 1U);
  const std::vector<std::string> expected = {
      "[Event \"E\"]",         "[Site \"?\"]",
      "[Date \"????.??.??\"]", "[Round \"?\"]",
      "[White \"?\"]",         "[Black \"?\"]",
      "[Result \"*\"]",        "[Variant \"Standard\"]",
      "[SetUp \"1\"]",         "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]"};
  EXPECT_EQ(games[0].tags, expected);
}

// A SetUp tag without a FEN tag (read as the standard start, with a warning) is left out: other
// readers refuse a game that has one.
TEST(PgnWriter, LeavesOutASetUpTagWithoutAFenTag) {
  const std::string pgn = "[Event \"E\"]\n[SetUp \"1\"]\n[Opening \"O\"]\n\n1. e4 *\n";
  const std::string expected = "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n"
                               "[Round \"?\"]\n[White \"?\"]\n[Black \"?\"]\n[Result \"*\"]\n"
                               "[Opening \"O\"]\n\n1. e4 *\n\n";
  EXPECT_EQ(write_stream(pgn), expected);
  EXPECT_EQ(write_tree(pgn), expected);
}

// ---------------------------------------------------------------- Movetext

TEST(PgnWriter, WritesCanonicalSanNotTheToken) {
  // Over-disambiguated, long algebraic, a promotion without '=' and a missing check sign,
  // all resolved by libfen; written as canonical SAN.
  std::string out;
  PgnWriter writer(out);
  Driver d(writer);
  d.begin_game();
  d.begin_movetext(fen::position_from_fen("4k3/1P6/8/8/8/8/8/R3K1N1 w Q - 0 1"));
  d.move("Ng1f3");
  d.move("Ke8-e7");
  d.move("b8Q");
  d.move("Ke6");
  d.move("Qb3");  // the queen on b8 gives check on the diagonal? No: b3-e6 is a diagonal: check.
  d.move("Kf6");
  d.move("0-0-0");
  d.result("*");
  d.end_game();
  // b8=Q does not check e7 (b8-e7 is neither line nor diagonal); Qb3 checks e6 along the
  // b3-c4-d5-e6 diagonal; O-O-O puts the rook on d1, no check on f6.
  EXPECT_EQ(movetext_of(out), "1. Nf3 Ke7 2. b8=Q Ke6 3. Qb3+ Kf6 4. O-O-O *");
}

// The writer trusts a token without an origin square ("Nb3") to need none; the others it
// writes with the file or rank the position calls for, whatever the token gave (checked
// against pgn-extract).
TEST(PgnWriter, DisambiguatesAsThePositionNeedsWhateverTheToken) {
  const std::string text = write_stream(
      "[Event \"t\"]\n\n1. Nf3 Nf6 2. d4 d5 3. N1d2 Nbd7 4. Nb3 Nb6 5. Nfd2 Nfd7 6. Nd2f3 *\n");
  EXPECT_EQ(movetext_of(text),
            "1. Nf3 Nf6 2. d4 d5 3. Nbd2 Nbd7 4. Nb3 Nb6 5. Nfd2 Nfd7 6. Nf3 *");
}

TEST(PgnWriter, NumbersMovesAsTheStandardWants) {
  const std::string pgn =
      "1. e4 $1 e5 2. Nf3 {c} Nc6 3. Bb5 (3. Bc4 Bc5 (3... Nf6 4. d3) 4. c3) a6 *";
  // "N." before every White move. A Black move gets "N..." only where the pair is broken:
  // after the comment (2... Nc6), at the start of a variation (3... Nf6), and after a
  // variation (3... a6). Not after a NAG (e5), nor inside a pair (Bc5).
  const std::string expected =
      "1. e4 $1 e5 2. Nf3 { c } 2... Nc6 3. Bb5 (3. Bc4 Bc5 (3... Nf6 4. d3) 4. c3)\n3... a6 *";
  EXPECT_EQ(movetext_of(write_stream(pgn)), expected);
  EXPECT_EQ(movetext_of(write_tree(pgn)), expected);
}

TEST(PgnWriter, NumbersAGameThatStartsWithBlack) {
  const std::string pgn =
      "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n[SetUp \"1\"]\n\n40... Kd7 41. e4 (41. Kd2 Ke6) "
      "Ke6 *\n";
  // The first move is Black's: "40...". After the variation Black's move needs its number.
  EXPECT_EQ(movetext_of(write_stream(pgn)), "40... Kd7 41. e4 (41. Kd2 Ke6) 41... Ke6 *");
}

TEST(PgnWriter, NumbersNestedVariations) {
  const std::string pgn =
      "1. d4 d5 2. c4 (2. Nf3 Nf6 (2... c5 3. e3 (3. dxc5)) 3. e3) (2. e3) e6 *";
  // Every variation opens with a number; 2... c5 starts with Black; 3. e3 (White) after a
  // nested variation needs none extra; e6 after two variations gets "2...".
  EXPECT_EQ(movetext_of(write_stream(pgn)),
            "1. d4 d5 2. c4 (2. Nf3 Nf6 (2... c5 3. e3 (3. dxc5)) 3. e3) (2. e3) 2... e6 *");
}

TEST(PgnWriter, WritesNagsThenCommentsWhateverTheOrderTheyCameIn) {
  // The stream had the comment before the NAG; the tree keeps NAGs first. Both write
  // "$1 { B }", and Black's move after the comment is numbered.
  const std::string pgn = "1. e4 {B} $1 e5 *";
  EXPECT_EQ(movetext_of(write_stream(pgn)), "1. e4 $1 { B } 1... e5 *");
  EXPECT_EQ(movetext_of(write_tree(pgn)), "1. e4 $1 { B } 1... e5 *");
}

TEST(PgnWriter, WritesJustTheResultForAnEmptyMovetext) {
  EXPECT_EQ(write_stream("[Result \"1-0\"]\n\n1-0\n"), kRoster + "[Result \"1-0\"]\n\n1-0\n\n");
  EXPECT_EQ(write_tree("*\n"), kRoster + "[Result \"*\"]\n\n*\n\n");
  // Only a comment: it comes before the result.
  EXPECT_EQ(movetext_of(write_stream("{only a comment} *")), "{ only a comment } *");
}

TEST(PgnWriter, WritesACommentWithABraceToTheEndOfTheLine) {
  std::string out;
  PgnWriter writer(out);
  Driver d(writer);
  d.begin_game();
  d.begin_movetext();
  d.move("e4");
  d.comment("a } b");
  d.move("e5");
  d.result("*");
  d.end_game();
  // Braces cannot hold '}': a ';' comment, and the next token on the next line; Black's
  // move follows a comment, so "1...".
  EXPECT_EQ(movetext_of(out), "1. e4 ; a } b\n1... e5 *");
}

TEST(PgnWriter, WritesEmptyCommentsAndVariations) {
  std::string out;
  PgnWriter writer(out);
  Driver d(writer);
  d.begin_game();
  d.begin_movetext();
  d.move("e4");
  d.comment("");
  d.begin_variation();
  d.end_variation();
  d.result("*");
  d.end_game();
  EXPECT_EQ(movetext_of(out), "1. e4 { } () *");
}

// ---------------------------------------------------------------- Options

const char* const kFull =
    "[Event \"E\"]\n[ECO \"C60\"]\n\n{Intro} 1. e4 $1 {Best} e5 (1... c5 $2 {Sicilian} 2. Nf3) "
    "{Back} 2. Nf3 Nc6 $14 3. Bb5 1-0\n";

TEST(PgnWriter, CanDropComments) {
  // Without the comments nothing interrupts the pairs: no "1..." before e5, but "1..."
  // still starts the variation and "2." is White's anyway.
  EXPECT_EQ(movetext_of(write_stream(kFull, {.comments = false})),
            "1. e4 $1 e5 (1... c5 $2 2. Nf3) 2. Nf3 Nc6 $14 3. Bb5 1-0");
}

TEST(PgnWriter, CanDropNags) {
  EXPECT_EQ(movetext_of(write_stream(kFull, {.nags = false})),
            "{ Intro } 1. e4 { Best } 1... e5 (1... c5 { Sicilian } 2. Nf3) { Back } 2. Nf3\n"
            "Nc6 3. Bb5 1-0");
}

TEST(PgnWriter, CanDropVariations) {
  // The comment after the variation stays; it is about the main line (pgn-extract -V keeps
  // it too).
  EXPECT_EQ(movetext_of(write_stream(kFull, {.variations = false})),
            "{ Intro } 1. e4 $1 { Best } 1... e5 { Back } 2. Nf3 Nc6 $14 3. Bb5 1-0");
  EXPECT_EQ(movetext_of(write_tree(kFull, {.variations = false})),
            "{ Intro } 1. e4 $1 { Best } 1... e5 { Back } 2. Nf3 Nc6 $14 3. Bb5 1-0");
}

TEST(PgnWriter, KeepsCommentsAfterVariationsWhereTheyStand) {
  // Comments after ")" stay there, and stay in the movetext without the variations: what
  // pgn-extract writes for this game with and without -V.
  const std::string pgn = "1. e4 e5 (1... c5) {E} (1... e6) {G} 2. Nf3 (2. f4) {End} *";
  EXPECT_EQ(movetext_of(write_stream(pgn)),
            "1. e4 e5 (1... c5) { E } (1... e6) { G } 2. Nf3 (2. f4) { End } *");
  EXPECT_EQ(movetext_of(write_tree(pgn)),
            "1. e4 e5 (1... c5) { E } (1... e6) { G } 2. Nf3 (2. f4) { End } *");
  EXPECT_EQ(movetext_of(write_stream(pgn, {.variations = false})),
            "1. e4 e5 { E } { G } 2. Nf3 { End } *");
  EXPECT_EQ(movetext_of(write_tree(pgn, {.variations = false})),
            "1. e4 e5 { E } { G } 2. Nf3 { End } *");
}

TEST(PgnWriter, CanDropEverythingButTheMoves) {
  const WriterOptions bare{
      .comments = false, .nags = false, .variations = false, .other_tags = false};
  EXPECT_EQ(write_stream(kFull, bare),
            "[Event \"E\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
            "[Black \"?\"]\n[Result \"1-0\"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 1-0\n\n");
}

TEST(PgnWriter, AgreesWithPgnExtractOnEachOption) {
  FENKIT_REQUIRE_PROGRAM(pgn_extract, "pgn-extract");
  const std::pair<WriterOptions, const char*> cases[] = {
      {{}, "-s -w79"},
      {{.comments = false}, "-s -w79 -C"},
      {{.nags = false}, "-s -w79 -N"},
      {{.variations = false}, "-s -w79 -V"},
  };
  for (const auto& [options, flags] : cases) {
    SCOPED_TRACE(flags);
    const auto ours = split_games(write_stream(kFull, options));
    const auto theirs = split_games(testing::run_pgn_extract(pgn_extract, kFull, flags));
    ASSERT_EQ(ours.size(), 1U);
    ASSERT_EQ(theirs.size(), 1U);
    EXPECT_EQ(ours[0].tags, theirs[0].tags);
    EXPECT_EQ(joined_movetext(ours[0].movetext), joined_movetext(theirs[0].movetext));
  }
}

TEST(PgnWriter, LeavesOutRejectedGamesUnlessAsked) {
  auto write = [](const WriterOptions& options) {
    std::string out;
    PgnWriter writer(out, options);
    Driver d(writer);
    d.begin_game();
    d.begin_movetext();
    d.move("e4");
    d.end_game(/*rejected=*/true, "1. e4 Ke3");
    EXPECT_EQ(writer.games_written(), out.empty() ? 0U : 1U);
    return out;
  };
  EXPECT_EQ(write({}), "");
  EXPECT_EQ(movetext_of(write({.rejected_games = true})), "1. e4 *");
}

// ---------------------------------------------------------------- Streams and trees

TEST(PgnWriter, WritesTheSameFromAStreamAndFromATree) {
  const std::string pgn =
      "[Event \"Stream\"]\n[Black \"B\"]\n\n{A} 1. e4 {B} $1 {C} e5 (1... c5 {D} 2. Nf3 (2. c3 d5 "
      "(2... Nf6 {deep})) 2... d6) {E} 2. Nf3 ({F} 2. f4 exf4) ({H} 2. d4) Nc6 3. Bb5 a6 4. Ba4 "
      "Nf6 5. O-O Be7 0-1\n\n[Event \"Second\"]\n\n1. d4 *\n";
  const std::string stream = write_stream(pgn);
  EXPECT_EQ(write_tree(pgn), stream);
  std::ostringstream os;
  PgnWriter writer(os);
  play_pgn(writer, pgn);
  EXPECT_EQ(os.str(), stream);
  EXPECT_EQ(writer.games_written(), 2U);
}

TEST(PgnWriter, WritesTokensAndNumbersWhenMovesAreNotChecked) {
  // No positions: the tokens as read, numbered from the [FEN] tag's side and move number.
  const std::string pgn =
      "[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 40\"]\n\n40... Ke8d7 41. e4 (41. Kd2 Ke6) Ke6 *\n";
  EXPECT_EQ(movetext_of(write_stream(pgn, {}, /*checked=*/false)),
            "40... Ke8d7 41. e4 (41. Kd2 Ke6) 41... Ke6 *");
}

// ---------------------------------------------------------------- Line layout

// A long game of random legal moves (the same every run), with NAGs on some of them.
Game random_game(std::uint32_t seed, int plies, bool with_nags) {
  GameBuilder b;
  Driver d(b);
  d.begin_game();
  d.tag("Event", "Random " + std::to_string(seed));
  d.begin_movetext();
  std::mt19937 rng(seed);
  fen::Position pos;
  for (int i = 0; i < plies; ++i) {
    fen::MoveList moves;
    fen::generate_legal(pos, moves);
    if (moves.empty()) break;
    // Avoid ending the game early by mate or stalemate while there is another move.
    fen::Move m = moves[rng() % moves.size()];
    for (int tries = 0; tries < 8; ++tries) {
      fen::Position next = pos;
      next.play(m);
      if (next.has_legal_moves()) break;
      m = moves[rng() % moves.size()];
    }
    d.move(fen::to_san(pos, m));
    if (with_nags && rng() % 5 == 0) d.nag(std::uint8_t(1 + rng() % 140));
    pos.play(m);
  }
  d.result("*");
  d.end_game();
  return b.games().at(0);
}

TEST(PgnWriter, WrapsLongGamesExactlyAsPgnExtractDoes) {
  FENKIT_REQUIRE_PROGRAM(pgn_extract, "pgn-extract");
  // Moves, numbers and NAGs only: both writers fill lines greedily up to 79 columns, so
  // pgn-extract, reading what fenkit wrote, must give it back byte for byte.
  for (std::uint32_t seed : {1U, 2U, 3U}) {
    const std::string ours = to_pgn(random_game(seed, 600, seed != 1));
    SCOPED_TRACE(ours);
    expect_good_layout(ours);
    EXPECT_GT(split_games(ours).at(0).movetext.size(), 30U);
    EXPECT_EQ(testing::run_pgn_extract(pgn_extract, ours), ours);
  }
}

TEST(PgnWriter, WrapsAtTheWidthAsked) {
  const Game g = random_game(4, 300, true);
  for (std::size_t width : {20U, 40U, 79U, 120U}) {
    SCOPED_TRACE(width);
    const std::string text = to_pgn(g, {.line_width = width});
    expect_good_layout(text, width);
    // The same tokens whatever the width.
    EXPECT_EQ(joined_movetext(split_games(text).at(0).movetext),
              joined_movetext(split_games(to_pgn(g)).at(0).movetext));
  }
}

std::string words(int count, const std::string& stem = "word") {
  std::string s;
  for (int i = 0; i < count; ++i) s += (i ? " " : "") + stem + std::to_string(i);
  return s;
}

TEST(PgnWriter, BreaksLongCommentsBetweenWords) {
  const std::string comment = words(80);
  const std::string text = write_stream("1. e4 {" + comment + "} e5 *");
  expect_good_layout(text);
  // Every word kept, in order, one space apart once the lines are joined.
  EXPECT_EQ(joined_movetext(split_games(text).at(0).movetext),
            "1. e4 { " + comment + " } 1... e5 *");
  EXPECT_GE(split_games(text).at(0).movetext.size(), 8U);
}

TEST(PgnWriter, PutsAWordLongerThanALineOnALineOfItsOwn) {
  const std::string long_word(100, 'x');
  const std::string text = write_stream("1. e4 {see " + long_word + " here} e5 *");
  // The word cannot be broken: it makes the one long line, with nothing else on it.
  EXPECT_EQ(movetext_of(text), "1. e4 { see\n" + long_word + "\nhere } 1... e5 *");
}

TEST(PgnWriter, NeverStartsALineWithPercentOrBracket) {
  // Slide a "[%clk ...]" command and a "%"-word across the line end.
  for (int filler = 0; filler < 60; ++filler) {
    const std::string pgn = "1. e4 {" + std::string(std::size_t(filler), 'a') +
                            " [%clk 0:01:00] [%eval 0.3] 50%} e5 {x " +
                            std::string(std::size_t(filler % 20), 'b') + " %escape} *";
    SCOPED_TRACE(filler);
    const std::string text = write_stream(pgn);
    expect_good_layout(text);
  }
}

TEST(PgnWriter, LetsABracketStartALineRatherThanMakeItTooLong) {
  // "{ " and a 72-letter word fill 74 columns: "[%clk" after them would make 80.
  const std::string word(72, 'a');
  EXPECT_EQ(movetext_of(write_stream("{" + word + " [%clk 0:01:00]} *")),
            "{ " + word + "\n[%clk 0:01:00] } *");
  // A '%' word has no such choice: a line starting with it would be skipped by readers.
  EXPECT_EQ(movetext_of(write_stream("{" + word + " %x} *")), "{ " + word + " %x }\n*");
}

// A comment written as it came (its words one space apart) is placed in one piece when it fits
// on the line: the same layout as word by word, which the same comment with its words two
// spaces apart gets, wherever the line ends and whatever ')' follows it.
TEST(PgnWriter, PlacesACommentInOnePieceAsWordByWord) {
  for (const std::string comment : {"with the threat of 8.d5.", "a [%clk 0:01:00] b [%eval 0.3]",
                                    "[%eval 0.17] [%clk 0:03:00]", "50 %x y"}) {
    std::string spaced;
    for (const char c : comment) spaced += c == ' ' ? std::string("  ") : std::string(1, c);
    for (int filler = 1; filler < 90; ++filler) {
      SCOPED_TRACE(comment + " after " + std::to_string(filler));
      auto game = [&](const std::string& text) {
        return "1. e4 {" + std::string(std::size_t(filler), 'a') + "} e5 (1... c5 {" + text +
               "}) 2. Nf3 {" + text + "} (2. Nc3 {" + text + "} (2. d4 {" + text + "})) *";
      };
      const std::string text = write_stream(game(comment));
      EXPECT_EQ(text, write_stream(game(spaced)));
      expect_good_layout(text);
    }
  }
}

// A comment of words none of which starts with '%' or '[' is broken as the greedy rule says:
// each word on the line if it fits there after a space, else on the next, "{ " with the first
// word and " }" with the last; here from the start of the movetext, at many widths, its words
// one space apart or several blanks apart.
TEST(PgnWriter, BreaksACommentOfPlainWordsGreedily) {
  std::mt19937 random(20261129);
  for (int round = 0; round < 300; ++round) {
    const std::size_t width = 16 + random() % 70;
    std::vector<std::string> words(1 + random() % 12);
    for (std::string& w : words) w = std::string(1 + random() % 18, char('a' + random() % 26));
    const bool spaced_out = random() % 3 == 0;
    std::string comment;
    for (const std::string& w : words) comment += (comment.empty() ? "" : spaced_out ? " \n\t " : " ") + w;
    // The lines the rule makes, the result "*" a token like the others.
    std::vector<std::string> units;
    for (const std::string& w : words) units.push_back(w);
    units.front() = "{ " + units.front();
    units.back() += " }";
    units.push_back("*");
    std::string expected, line;
    for (const std::string& u : units) {
      if (line.empty()) {
        line = u;
      } else if (line.size() + 1 + u.size() <= width) {
        line += " " + u;
      } else {
        expected += line + "\n";
        line = u;
      }
    }
    expected += line;
    SCOPED_TRACE("width " + std::to_string(width) + ": " + comment);
    EXPECT_EQ(movetext_of(write_stream("{" + comment + "} *", {.line_width = width})), expected);
  }
}

TEST(PgnWriter, KeepsParenthesesWithTheirMoves) {
  // Slide variations across the line end so that "(" and ")" fall on every column.
  for (int filler = 1; filler < 90; ++filler) {
    const std::string pgn = "1. e4 {" + std::string(std::size_t(filler), 'a') +
                            "} e5 (1... c5 (1... c6 2. d4 (2. Nc3))) (1... e6 {" +
                            std::string(std::size_t(filler), 'b') + "}) 2. Nf3 *";
    SCOPED_TRACE(filler);
    const std::string text = write_stream(pgn);
    expect_good_layout(text);
    EXPECT_EQ(joined_movetext(split_games(text).at(0).movetext),
              "1. e4 { " + std::string(std::size_t(filler), 'a') +
                  " } 1... e5 (1... c5 (1... c6 2. d4 (2. Nc3))) (1... e6 { " +
                  std::string(std::size_t(filler), 'b') + " }) 2. Nf3 *");
  }
}

// ---------------------------------------------------------------- The oracle on fixtures

TEST(PgnWriter, AgreesWithPgnExtractOnAnnotatedGames) {
  FENKIT_REQUIRE_PROGRAM(pgn_extract, "pgn-extract");
  const std::string pgn = fenkit::testing::read_file(fenkit::testing::data("pgn/annotated.pgn"));
  ASSERT_FALSE(pgn.empty());
  const std::string text = write_stream(pgn);
  expect_good_layout(text);
  EXPECT_EQ(write_tree(pgn), text);
  const auto ours = split_games(text);
  const auto theirs = split_games(testing::run_pgn_extract(pgn_extract, pgn));
  ASSERT_EQ(ours.size(), theirs.size());
  ASSERT_GE(ours.size(), 4U);
  for (std::size_t i = 0; i < ours.size(); ++i) {
    SCOPED_TRACE("game " + std::to_string(i + 1));
    // The roster alike; the other tags alike as a set (pgn-extract has its own order).
    ASSERT_GE(ours[i].tags.size(), 7U);
    ASSERT_EQ(ours[i].tags.size(), theirs[i].tags.size());
    EXPECT_TRUE(std::equal(ours[i].tags.begin(), ours[i].tags.begin() + 7, theirs[i].tags.begin()));
    auto our_rest = std::vector<std::string>(ours[i].tags.begin() + 7, ours[i].tags.end());
    auto their_rest = std::vector<std::string>(theirs[i].tags.begin() + 7, theirs[i].tags.end());
    std::sort(our_rest.begin(), our_rest.end());
    std::sort(their_rest.begin(), their_rest.end());
    EXPECT_EQ(our_rest, their_rest);
    EXPECT_EQ(joined_movetext(ours[i].movetext), joined_movetext(theirs[i].movetext));
  }
}

}  // namespace
}  // namespace fenkit::pgn
