// The reader accepts what real PGN files hold: one fixture per quirk (tests/data/pgn/quirks),
// and for each the calls the visitor must get, written out by hand from the fixture's text
// (lines and columns counted in bytes from 1; positions worked out move by move).
#include <gtest/gtest.h>

#include "event_log.hpp"

namespace fenkit::pgn {
namespace {

using testing::GameLog;
using testing::kStartFen;
using testing::read_quirk;
using Strings = std::vector<std::string>;

// `event` is a diagnostic of this kind at this place ("warning 3:7") whose message holds
// every one of `words`.
::testing::AssertionResult diagnoses(const std::string& event, const std::string& kind_at,
                                     std::initializer_list<std::string_view> words) {
  if (!event.starts_with(kind_at + " "))
    return ::testing::AssertionFailure() << "'" << event << "' is not at " << kind_at;
  for (std::string_view w : words)
    if (event.find(w) == std::string::npos)
      return ::testing::AssertionFailure() << "'" << event << "' does not say '" << w << "'";
  return ::testing::AssertionSuccess();
}

std::string start(std::string_view fen = kStartFen) { return "start " + std::string(fen); }

TEST(ReaderQuirks, TagsWithAndWithoutABlankLineBeforeTheMovetext) {
  const auto games = read_quirk("tags-without-blank-line.pgn");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].number, 1U);
  EXPECT_EQ(games[0].where.line, 1U);
  EXPECT_EQ(games[0].where.column, 1U);
  EXPECT_EQ(games[0].events, (Strings{"tag Event=no blank line", "tag Result=1-0", start(),
                                      "movetext", "move e4 3:4 ply=1 depth=0",
                                      "move e5 3:7 ply=2 depth=0", "result 1-0"}));
  EXPECT_FALSE(games[0].rejected);
  EXPECT_EQ(games[0].raw, "[Event \"no blank line\"]\n[Result \"1-0\"]\n1. e4 e5 1-0");
  EXPECT_EQ(games[1].number, 2U);
  EXPECT_EQ(games[1].where.line, 5U);
  EXPECT_EQ(games[1].events, (Strings{"tag Event=blank line", "tag Result=0-1", start(),
                                      "movetext", "move d4 8:4 ply=1 depth=0",
                                      "move d5 8:7 ply=2 depth=0", "result 0-1"}));
}

TEST(ReaderQuirks, SeveralTagsOnOneLine) {
  const auto games = read_quirk("several-tags-on-one-line.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].only("tag"), (Strings{"tag Event=one line", "tag Site=here", "tag Round=3",
                                           "tag White=A", "tag Black=B"}));
  EXPECT_EQ(games[0].only("move"), Strings{"move e4 3:4 ply=1 depth=0"});
  EXPECT_TRUE(games[0].diagnostics().empty());
}

TEST(ReaderQuirks, EscapedQuotesAndBackslashesInTagValues) {
  const auto games = read_quirk("tag-escapes.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].only("tag"), (Strings{R"(tag Event=say "hi")", R"(tag Site=C:\games\pgn)",
                                           R"(tag Annotator=ends with a backslash \)",
                                           "tag White=a ] b [ c"}));
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "*"}));
  EXPECT_TRUE(games[0].diagnostics().empty());
}

TEST(ReaderQuirks, UnescapedQuotesInsideTagValues) {
  const auto games = read_quirk("tag-unescaped-quotes.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].only("tag"),
            (Strings{R"(tag Event=The "Immortal" Game)", R"(tag Site=London "UK")"}));
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "*"}));
  EXPECT_TRUE(games[0].diagnostics().empty());
}

TEST(ReaderQuirks, TagValueWithoutItsClosingQuoteIsAWarning) {
  const auto games = read_quirk("tag-unclosed-value.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_FALSE(games[0].rejected);
  const Strings diags = games[0].diagnostics();
  ASSERT_EQ(diags.size(), 1U);
  EXPECT_TRUE(diagnoses(diags[0], "warning 1:1", {"'Event'", "closing quote"}));
  // The value ends before the line's last ']'.
  EXPECT_EQ(games[0].only("tag"), (Strings{"tag Event=Unclosed", "tag Site=fine"}));
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "*"}));
}

TEST(ReaderQuirks, TagNamesTheStandardDoesNotAllow) {
  const auto games = read_quirk("tag-nonstandard-names.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].only("tag"), (Strings{"tag White-Elo=2400", "tag Greatest?=yes",
                                           "tag 1stTag=x", "tag tag.with.dots=y"}));
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "*"}));
  EXPECT_TRUE(games[0].diagnostics().empty());
}

TEST(ReaderQuirks, GamesWithoutTags) {
  const auto games = read_quirk("no-tags.pgn");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].events, (Strings{start(), "movetext", "move e4 1:4 ply=1 depth=0",
                                      "move e5 1:7 ply=2 depth=0", "move Nf3 1:13 ply=3 depth=0",
                                      "result 1-0"}));
  EXPECT_EQ(games[1].where.line, 3U);
  EXPECT_EQ(games[1].events, (Strings{start(), "movetext", "move d4 3:4 ply=1 depth=0",
                                      "move d5 3:7 ply=2 depth=0", "result *"}));
}

// Without tags or results, a blank line followed by "1." starts the next game; "2." does not.
TEST(ReaderQuirks, GamesWithoutTagsOrResults) {
  const auto games = read_quirk("no-tags-no-results.pgn");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "*"}));
  EXPECT_EQ(games[1].where.line, 3U);
  // The missing result is reported where the game's text ends: after "e5" (line 1, column 9)
  // and after "c4" (line 4, column 6), not at the start of the next game.
  ASSERT_EQ(games[0].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[0].diagnostics()[0], "warning 1:9", {"no result"}));
  // The last game, which the end of the file ends, may be cut short: rejected.
  EXPECT_TRUE(games[1].rejected);
  EXPECT_EQ(games[1].outline(), (Strings{"d4", "d5", "c4"}));
  ASSERT_EQ(games[1].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[1].diagnostics()[0], "error 4:6", {"input ends inside the game"}));
  // Read as a piece of a larger input, it is one another game follows: a warning.
  ReaderOptions piece;
  piece.place.ends_input = false;
  const auto read_as_piece = read_quirk("no-tags-no-results.pgn", piece);
  ASSERT_EQ(read_as_piece.size(), 2U);
  EXPECT_FALSE(read_as_piece[1].rejected);
  EXPECT_EQ(read_as_piece[1].outline(), (Strings{"d4", "d5", "c4", "*"}));
  ASSERT_EQ(read_as_piece[1].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(read_as_piece[1].diagnostics()[0], "warning 4:6", {"no result"}));
}

TEST(ReaderQuirks, BlankLinesInsideTheTagSection) {
  const auto games = read_quirk("blank-lines-in-tags.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].only("tag"),
            (Strings{"tag Event=blank lines", "tag Site=between", "tag Round=the tags"}));
  EXPECT_EQ(games[0].only("move"), Strings{"move e4 7:4 ply=1 depth=0"});
  EXPECT_TRUE(games[0].diagnostics().empty());
}

// Broadcast exports: tag sections only, a blank line between them. A tag name that comes
// again after a blank line starts the next game. The last one, which the end of the file ends,
// may be cut short (nothing tells a whole tag section from one cut after a tag): rejected.
TEST(ReaderQuirks, TagOnlyGamesSeparatedByBlankLines) {
  const auto games = read_quirk("tag-only-games.pgn");
  ASSERT_EQ(games.size(), 3U);
  const char* names[] = {"first", "second", "third"};
  const char* players[] = {"A", "B", "C"};
  for (std::size_t i = 0; i < 3; ++i) {
    SCOPED_TRACE(i);
    const bool last = i == 2;
    EXPECT_EQ(games[i].where.line, 1 + 3 * i);
    EXPECT_EQ(games[i].rejected, last);
    EXPECT_EQ(games[i].only("tag"), (Strings{std::string("tag Event=") + names[i],
                                             std::string("tag White=") + players[i]}));
    EXPECT_EQ(games[i].only("move"), Strings{});
    EXPECT_EQ(games[i].only("result"), last ? Strings{} : Strings{"result *"});
  }
  ASSERT_EQ(games[2].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[2].diagnostics()[0], "error 8:12", {"input ends inside the game"}));
}

TEST(ReaderQuirks, NoBlankLineBetweenGames) {
  const auto games = read_quirk("no-blank-line-between-games.pgn");
  ASSERT_EQ(games.size(), 4U);
  EXPECT_EQ(games[0].only("move"),
            (Strings{"move e4 2:4 ply=1 depth=0", "move e5 2:7 ply=2 depth=0"}));
  EXPECT_EQ(games[0].only("result"), Strings{"result 1-0"});
  EXPECT_EQ(games[1].where.line, 3U);
  EXPECT_EQ(games[1].only("move"),
            (Strings{"move d4 4:4 ply=1 depth=0", "move d5 4:7 ply=2 depth=0"}));
  EXPECT_EQ(games[1].only("result"), Strings{"result 0-1"});
  // The third game starts in the middle of line 4, right after "0-1 ".
  EXPECT_EQ(games[2].where.line, 4U);
  EXPECT_EQ(games[2].where.column, 14U);
  EXPECT_EQ(games[2].events, (Strings{"tag Event=three", start(), "movetext",
                                      "move c4 4:33 ply=1 depth=0", "result *"}));
  // The fourth has no tags: it starts after the third's result.
  EXPECT_EQ(games[3].where.line, 5U);
  EXPECT_EQ(games[3].events, (Strings{start(), "movetext", "move Nf3 5:4 ply=1 depth=0",
                                      "move Nf6 5:8 ply=2 depth=0", "result *"}));
  for (const GameLog& g : games) EXPECT_TRUE(g.diagnostics().empty());
}

TEST(ReaderQuirks, LeadingWhitespace) {
  const auto games = read_quirk("leading-whitespace.pgn");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].where.line, 1U);
  EXPECT_EQ(games[0].where.column, 4U);
  EXPECT_EQ(games[0].where.offset, 3U);
  EXPECT_EQ(games[0].only("tag"), (Strings{"tag Event=indented", "tag Site=x"}));
  EXPECT_EQ(games[0].only("move"),
            (Strings{"move e4 4:7 ply=1 depth=0", "move e5 4:10 ply=2 depth=0"}));
  // A tab and two blanks before it: column 4 in bytes.
  EXPECT_EQ(games[1].where.line, 6U);
  EXPECT_EQ(games[1].where.column, 4U);
  EXPECT_EQ(games[1].only("move"), Strings{"move d4 6:7 ply=1 depth=0"});
  for (const GameLog& g : games) EXPECT_TRUE(g.diagnostics().empty());
}

TEST(ReaderQuirks, Tabs) {
  const auto games = read_quirk("tabs.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].events,
            (Strings{"tag Event=tabs", start(), "movetext", "move e4 2:4 ply=1 depth=0",
                     "move e5 2:7 ply=2 depth=0", "move Nf3 2:13 ply=3 depth=0", "result *"}));
  EXPECT_TRUE(games[0].diagnostics().empty());
}

// A line starting with '%' is an escape: ignored before, inside and between games.
TEST(ReaderQuirks, PercentEscapeLines) {
  const auto games = read_quirk("escape-lines.pgn");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].where.line, 2U);
  EXPECT_EQ(games[0].events, (Strings{"tag Event=escape", start(), "movetext",
                                      "move e4 4:4 ply=1 depth=0", "move e5 6:1 ply=2 depth=0",
                                      "result *"}));
  EXPECT_EQ(games[1].where.line, 8U);
  EXPECT_EQ(games[1].outline(), (Strings{"d4", "*"}));
  for (const GameLog& g : games) EXPECT_TRUE(g.diagnostics().empty());
}

TEST(ReaderQuirks, Comments) {
  const auto games = read_quirk("comments.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].where.line, 1U);
  // Comments before the tags come after begin_movetext, before the first move's comment.
  EXPECT_EQ(games[0].events, (Strings{"tag Event=comments",
                                      start(),
                                      "movetext",
                                      "comment before the tags 1:1",
                                      "comment  line comment before the tags 2:1",
                                      "comment before the first move 5:1",
                                      "move e4 5:28 ply=1 depth=0",
                                      "comment one 5:31",
                                      "comment two 5:37",
                                      "comment  three 5:43",
                                      "move e5 6:1 ply=2 depth=0",
                                      "(",
                                      "comment start of a variation 6:5",
                                      "move c5 6:33 ply=2 depth=1",
                                      "comment in the variation 6:36",
                                      ")",
                                      "move Nf3 6:59 ply=3 depth=0",
                                      "comment over\ntwo lines 6:63",
                                      "result *"}));
  EXPECT_TRUE(games[0].diagnostics().empty());
}

// A line "[Event " after a blank line always begins a game, so that byte ranges starting there
// read the games a whole reading does: comments before it and a blank line are not part of it
// (a file's header comment), and it ends a tag section it follows.
TEST(ReaderQuirks, EventTagAfterABlankLineAlwaysBeginsAGame) {
  const auto games = testing::read_text(
      "{file header}\n\n[Event \"a\"]\n1. e4 *\n\n[Site \"x\"]\n\n[Event \"b\"]\n1. d4 *\n");
  ASSERT_EQ(games.size(), 3U);
  EXPECT_EQ(games[0].where.line, 3U);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "*"}));
  EXPECT_EQ(games[1].where.line, 6U);
  EXPECT_EQ(games[1].only("tag"), Strings{"tag Site=x"});
  EXPECT_EQ(games[2].where.line, 8U);
  EXPECT_EQ(games[2].only("tag"), Strings{"tag Event=b"});
  EXPECT_EQ(games[2].outline(), (Strings{"d4", "*"}));
}

// Suffix annotations arrive as NAGs 1..6 after their move, whether glued to it or apart.
TEST(ReaderQuirks, NagsAndSuffixAnnotations) {
  const auto games = read_quirk("nags-and-suffixes.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].outline(),
            (Strings{"e4", "$1", "e5", "$2", "Nf3", "$3", "Nc6", "$4", "Bb5", "$5", "a6", "$6",
                     "Ba4", "$14", "Nf6", "$0", "$255", "O-O", "$5", "Be7", "$4", "*"}));
  EXPECT_EQ(games[0].only("move").front(), "move e4 1:4 ply=1 depth=0");
  EXPECT_TRUE(games[0].diagnostics().empty());
}

TEST(ReaderQuirks, NestedVariations) {
  const auto games = read_quirk("nested-variations.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "(", "c5", "Nf3", "(", "c3", "d5", "(",
                                         "Nf6", ")", ")", "d6", ")", "(", "e6", ")", "Nf3", "*"}));
  EXPECT_EQ(games[0].only("move"),
            (Strings{"move e4 1:4 ply=1 depth=0", "move e5 1:7 ply=2 depth=0",
                     "move c5 1:16 ply=2 depth=1", "move Nf3 1:22 ply=3 depth=1",
                     "move c3 1:30 ply=3 depth=2", "move d5 1:33 ply=4 depth=2",
                     "move Nf6 1:42 ply=4 depth=3", "move d6 1:53 ply=4 depth=1",
                     "move e6 1:63 ply=2 depth=1", "move Nf3 1:70 ply=3 depth=0"}));
  EXPECT_TRUE(games[0].diagnostics().empty());
}

// With the visitor skipping variations they are checked but not seen.
TEST(ReaderQuirks, SkippedVariationsAreNotVisited) {
  testing::EventLog log;
  log.on_variation = Action::skip;
  read_pgn(*io::open_input(testing::quirk("nested-variations.pgn").string()), log);
  ASSERT_EQ(log.games.size(), 1U);
  EXPECT_EQ(log.games[0].outline(), (Strings{"e4", "e5", "Nf3", "*"}));
}

TEST(ReaderQuirks, MoveNumbersInEveryForm) {
  const auto games = read_quirk("move-numbers.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6",
                                         "O-O", "Be7", "Re1", "*"}));
  // "1.e4": the move starts right after the dot.
  EXPECT_EQ(games[0].only("move").front(), "move e4 1:3 ply=1 depth=0");
  EXPECT_TRUE(games[0].diagnostics().empty());
}

TEST(ReaderQuirks, Results) {
  const auto games = read_quirk("results.pgn");
  ASSERT_EQ(games.size(), 4U);
  const char* results[] = {"1-0", "0-1", "1/2-1/2", "*"};
  for (std::size_t i = 0; i < 4; ++i) {
    EXPECT_EQ(games[i].outline(), (Strings{"e4", results[i]}));
    EXPECT_TRUE(games[i].diagnostics().empty());
  }
}

TEST(ReaderQuirks, WrongFormsOfTheDrawAreReadAsADrawWithAWarning) {
  const auto games = read_quirk("result-wrong-forms.pgn");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "1/2-1/2"}));
  ASSERT_EQ(games[0].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[0].diagnostics()[0], "warning 2:10", {"'1/2'"}));
  EXPECT_EQ(games[1].outline(), (Strings{"d4", "d5", "1/2-1/2"}));
  ASSERT_EQ(games[1].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[1].diagnostics()[0], "warning 5:10", {"\xC2\xBD-\xC2\xBD"}));
}

// "0-0" is castling when it can be; as the last token of a game in which it cannot, it is a
// (wrong) result; anywhere else it is an illegal move.
// Files put one after the other without a final line end glue the next game's first tag to
// the last one's result: the result ends its game all the same, and the tag begins the next.
TEST(ReaderQuirks, TagGluedToTheResultBefore) {
  const auto games = testing::read_text(
      "[Event \"a\"]\n\n1. e4 e5 *[Event \"b\"]\n\n1. d4 1-0[Event \"c\"]\n\n1. c4 "
      "1/2-1/2[White \"x\"][Black \"y\"]\n\n1. Nf3 0-1");
  ASSERT_EQ(games.size(), 4U);
  const std::vector<Strings> tags = {{"tag Event=a"}, {"tag Event=b"}, {"tag Event=c"},
                                     {"tag White=x", "tag Black=y"}};
  const std::vector<Strings> moves = {{"e4", "e5", "*"}, {"d4", "1-0"}, {"c4", "1/2-1/2"},
                                      {"Nf3", "0-1"}};
  for (std::size_t i = 0; i < games.size(); ++i) {
    SCOPED_TRACE(i);
    EXPECT_FALSE(games[i].rejected);
    EXPECT_TRUE(games[i].diagnostics().empty());
    EXPECT_EQ(games[i].only("tag"), tags[i]);
    EXPECT_EQ(games[i].outline(), moves[i]);
  }
}

TEST(ReaderQuirks, ZeroZeroAsResultOnlyWhenCastlingIsImpossibleAtTheEnd) {
  testing::EventLog log;
  log.fens = true;
  read_pgn(*io::open_input(testing::quirk("result-zero-zero.pgn").string()), log);
  const auto& games = log.games;
  ASSERT_EQ(games.size(), 3U);
  // Game 1: the bishop still stands on f1.
  EXPECT_FALSE(games[0].rejected);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "Nf3", "Nc6", "*"}));
  ASSERT_EQ(games[0].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[0].diagnostics()[0], "warning 2:21", {"'0-0'"}));
  // Game 2: f1 and g1 are free, so it is White's short castling.
  EXPECT_FALSE(games[1].rejected);
  EXPECT_EQ(games[1].outline(), (Strings{"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "0-0", "*"}));
  EXPECT_TRUE(games[1].only("move").back().ends_with(
      "after=r1bqk1nr/pppp1ppp/2n5/2b1p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 5 4"));
  // Game 3: not the last token, so an illegal move.
  EXPECT_TRUE(games[2].rejected);
  ASSERT_EQ(games[2].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[2].diagnostics()[0], "error 8:10", {"0-0"}));
}

TEST(ReaderQuirks, EmptyGames) {
  const auto games = read_quirk("empty-games.pgn");
  ASSERT_EQ(games.size(), 3U);
  EXPECT_EQ(games[0].events, (Strings{"tag Event=empty", start(), "movetext", "result *"}));
  EXPECT_EQ(games[1].where.line, 5U);
  EXPECT_EQ(games[1].events, (Strings{"tag Event=empty too", start(), "movetext", "result *"}));
  EXPECT_EQ(games[2].where.line, 7U);
  EXPECT_EQ(games[2].events, (Strings{start(), "movetext", "result *"}));
  for (const GameLog& g : games) EXPECT_TRUE(g.diagnostics().empty());
}

TEST(ReaderQuirks, SetUpAndFenTags) {
  testing::EventLog log;
  log.fens = true;
  read_pgn(*io::open_input(testing::quirk("setup-fen.pgn").string()), log);
  const auto& games = log.games;
  ASSERT_EQ(games.size(), 4U);
  // A pawn endgame: e2-e4 gives e3 as en-passant square; the black king steps to d7.
  EXPECT_EQ(games[0].only("start"), Strings{start("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1")});
  EXPECT_EQ(games[0].only("move"),
            (Strings{"move e4 5:4 ply=1 depth=0 after=4k3/8/8/8/4P3/8/8/4K3 b - e3 0 1",
                     "move Kd7 5:7 ply=2 depth=0 after=8/3k4/8/8/4P3/8/8/4K3 w - - 1 2"}));
  // Fullmove 0 is read as 1; Black moves first, so its move is ply 1.
  EXPECT_EQ(games[1].only("start"), Strings{start("4k3/4p3/8/8/8/8/8/4K3 b - - 0 1")});
  EXPECT_EQ(games[1].only("move"),
            (Strings{"move e5 11:6 ply=1 depth=0 after=4k3/8/8/4p3/8/8/8/4K3 w - e6 0 2",
                     "move Ke2 11:12 ply=2 depth=0 after=4k3/8/8/4p3/8/8/4K3/8 b - - 1 2"}));
  // A FEN tag without SetUp is used; long castling puts the king on c1, the rook on d1.
  EXPECT_EQ(games[2].only("start"), Strings{start("4k3/8/8/8/8/8/8/R3K3 w Q - 0 30")});
  EXPECT_EQ(games[2].only("move"),
            (Strings{"move O-O-O 16:5 ply=1 depth=0 after=4k3/8/8/8/8/8/8/2KR4 b - - 1 30",
                     "move Kf7 16:11 ply=2 depth=0 after=8/5k2/8/8/8/8/8/2KR4 w - - 2 31"}));
  for (std::size_t i = 0; i < 3; ++i) EXPECT_TRUE(games[i].diagnostics().empty());
  // SetUp without FEN: the standard position, with a warning at the SetUp tag.
  EXPECT_EQ(games[3].only("start"), Strings{start()});
  ASSERT_EQ(games[3].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[3].diagnostics()[0], "warning 19:1", {"SetUp", "FEN"}));
}

// Chess960 by its three common names, from X-FEN and Shredder-FEN castling fields. The start
// positions are written in X-FEN (KQkq: the outermost rooks). Castling moves the king to the
// g- or c-file and the rook next to it, inside.
TEST(ReaderQuirks, Chess960) {
  testing::EventLog log;
  log.fens = true;
  read_pgn(*io::open_input(testing::quirk("chess960.pgn").string()), log);
  const auto& games = log.games;
  ASSERT_EQ(games.size(), 3U);
  const Strings rooks_b_and_g = {
      "O-O after=1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 b kq - 1 1",
      "O-O-O after=2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/1R3RK1 w - - 2 2",
      "Rbd1 after=2kr2r1/pppppppp/8/8/8/8/PPPPPPPP/3R1RK1 b - - 3 2",
      "Rgf8 after=2kr1r2/pppppppp/8/8/8/8/PPPPPPPP/3R1RK1 w - - 4 3"};
  auto moves_and_fens = [](const GameLog& g) {
    Strings out;
    for (const std::string& m : g.only("move"))
      out.push_back(m.substr(5, m.find(' ', 5) - 5) + m.substr(m.find(" after=")));
    return out;
  };
  for (std::size_t i = 0; i < 2; ++i) {
    SCOPED_TRACE(i);
    EXPECT_EQ(games[i].only("start"),
              Strings{start("1r2k1r1/pppppppp/8/8/8/8/PPPPPPPP/1R2K1R1 w KQkq - 0 1")});
    EXPECT_EQ(moves_and_fens(games[i]), rooks_b_and_g);
    EXPECT_TRUE(games[i].diagnostics().empty());
  }
  // King on b1 next to its a1 rook: long castling moves it one square only.
  EXPECT_EQ(games[2].only("start"),
            Strings{start("rk4r1/pppppppp/8/8/8/8/PPPPPPPP/RK4R1 w KQkq - 0 1")});
  EXPECT_EQ(moves_and_fens(games[2]),
            (Strings{"O-O-O after=rk4r1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 b kq - 1 1",
                     "O-O after=r4rk1/pppppppp/8/8/8/8/PPPPPPPP/2KR2R1 w - - 2 2"}));
}

// Byte order marks are not text: the one at the start and one before a second file's games
// (files concatenated). Columns still count bytes.
TEST(ReaderQuirks, Utf8WithByteOrderMark) {
  const auto games = read_quirk("utf8-bom.pgn");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].where.line, 1U);
  EXPECT_EQ(games[0].where.column, 4U);
  EXPECT_EQ(games[0].events,
            (Strings{"tag Event=Caf\xC3\xA9", start(), "movetext", "move e4 3:4 ply=1 depth=0",
                     "comment G\xC3\xA9nial \xE2\x80\x94 \xE2\x99\x9E 3:7", "result *"}));
  EXPECT_EQ(games[1].where.line, 5U);
  EXPECT_EQ(games[1].where.column, 4U);
  EXPECT_EQ(games[1].only("tag"), Strings{"tag Event=second file"});
  EXPECT_EQ(games[1].outline(), (Strings{"d4", "*"}));
}

TEST(ReaderQuirks, Utf8WithoutByteOrderMark) {
  const auto games = read_quirk("utf8-without-bom.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].only("tag"), (Strings{"tag Event=Caf\xC3\xA9", "tag White=M\xC3\xBCller"}));
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "{\xE2\x80\x9Cquoted\xE2\x80\x9D}", "*"}));
}

// Latin-1 bytes (0xE9 e-acute, 0xFC u-umlaut) arrive in UTF-8.
TEST(ReaderQuirks, Latin1IsConvertedToUtf8) {
  const auto games = read_quirk("latin1.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].only("tag"), (Strings{"tag Event=Caf\xC3\xA9", "tag White=M\xC3\xBCller"}));
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "{G\xC3\xA9nial}", "*"}));
}

// Windows-1252 adds 0x80-0x9F to Latin-1: 0x93/0x94 curly quotes U+201C/U+201D, 0x80 euro
// sign U+20AC, 0x96 en dash U+2013, 0x85 ellipsis U+2026.
TEST(ReaderQuirks, Windows1252IsConvertedToUtf8) {
  const auto games = read_quirk("cp1252.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].only("tag"), Strings{"tag Event=\xE2\x80\x9CQuotes\xE2\x80\x9D"});
  EXPECT_EQ(games[0].outline(),
            (Strings{"e4", "{\xE2\x82\xAC 5 \xE2\x80\x93 \xE2\x80\xA6}", "*"}));
}

// A visitor may hold the views of tags until the game's end (visitor.hpp), values the reader
// changed included: unescaped ones and ones converted from Latin-1, more of them than one
// buffer would keep, short and long.
TEST(ReaderQuirks, TagViewsLastToTheEndOfTheirGame) {
  struct HoldingViews : Visitor {
    std::vector<std::pair<std::string_view, std::string_view>> held;
    std::vector<Strings> games;
    Action begin_game(const GameStart&) override {
      held.clear();
      return Action::proceed;
    }
    void tag(std::string_view name, std::string_view value) override {
      held.emplace_back(name, value);
    }
    void end_game(const GameEnd&) override {
      Strings tags;
      for (const auto& [name, value] : held) tags.push_back(std::string(name) + "=" + std::string(value));
      games.push_back(tags);
    }
  };
  std::string text;
  Strings expected;
  for (int i = 0; i < 40; ++i) {
    const std::string n = std::to_string(i);
    const std::string name = "T" + n;
    if (i % 3 == 0) {  // escaped
      text += "[" + name + " \"q\\\"" + n + "\\\" a longer value past sixteen bytes\"]\n";
      expected.push_back(name + "=q\"" + n + "\" a longer value past sixteen bytes");
    } else if (i % 3 == 1) {  // Latin-1 u-umlaut
      text += "[" + name + " \"M\xFC" + n + "\"]\n";
      expected.push_back(name + "=M\xC3\xBC" + n);
    } else {
      text += "[" + name + " \"plain " + n + "\"]\n";
      expected.push_back(name + "=plain " + n);
    }
  }
  text += "\n1. e4 *\n\n[Event \"\\\"next\\\"\"]\n\n1. d4 *\n";
  HoldingViews visitor;
  read_pgn(text, visitor);
  ASSERT_EQ(visitor.games.size(), 2U);
  EXPECT_EQ(visitor.games[0], expected);
  EXPECT_EQ(visitor.games[1], Strings{"Event=\"next\""});
}

// CR LF line ends: no CR in tag values; lines and columns as with LF.
TEST(ReaderQuirks, CrLfLineEnds) {
  const auto games = read_quirk("crlf.pgn");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].events, (Strings{"tag Event=crlf", "tag Site=lines", start(), "movetext",
                                      "move e4 4:4 ply=1 depth=0", "comment two\r\nlines 4:7",
                                      "move e5 5:8 ply=2 depth=0", "move Nf3 6:4 ply=3 depth=0",
                                      "result *"}));
  EXPECT_EQ(games[1].where.line, 8U);
  EXPECT_EQ(games[1].only("move"), Strings{"move d4 10:4 ply=1 depth=0"});
  for (const GameLog& g : games) EXPECT_TRUE(g.diagnostics().empty());
}

// ^Z (0x1A), which DOS-era files end with, is neither a game nor an error.
TEST(ReaderQuirks, ControlZAtTheEnd) {
  const auto games = read_quirk("ctrl-z-at-end.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "1-0"}));
  EXPECT_TRUE(games[0].diagnostics().empty());
}

// En-passant marks, glued to the move or apart. The captured pawn leaves the board: d5 after
// exd6, f4 after gxf3.
TEST(ReaderQuirks, EnPassantMarks) {
  testing::EventLog log;
  log.fens = true;
  read_pgn(*io::open_input(testing::quirk("en-passant-marks.pgn").string()), log);
  const auto& games = log.games;
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "Nf6", "e5", "d5", "exd6ep", "cxd6", "d4", "g5",
                                         "h4", "g4", "f4", "gxf3e.p.", "*"}));
  EXPECT_EQ(games[1].outline(), (Strings{"e4", "Nf6", "e5", "d5", "exd6", "cxd6", "d4", "g5",
                                         "h4", "g4", "f4", "gxf3", "*"}));
  for (const GameLog& g : games) {
    const Strings moves = g.only("move");
    ASSERT_EQ(moves.size(), 12U);
    EXPECT_TRUE(moves[4].ends_with("after=rnbqkb1r/ppp1pppp/3P1n2/8/8/8/PPPP1PPP/RNBQKBNR b KQkq - 0 3"));
    EXPECT_TRUE(moves[11].ends_with("after=rnbqkb1r/pp2pp1p/3p1n2/8/3P3P/5p2/PPP3P1/RNBQKBNR w KQkq - 0 7"));
    EXPECT_TRUE(g.diagnostics().empty());
  }
}

TEST(ReaderQuirks, DotsAfterAMove) {
  const auto games = read_quirk("dot-after-move.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].outline(), (Strings{"f4", "e5", "f5", "d5", "*"}));
  EXPECT_TRUE(games[0].diagnostics().empty());
}

// No-break spaces between tokens (UTF-8 C2 A0, and a Latin-1 A0), as text copied from a web
// page has them, separate tokens like blanks; the result before the next game still ends it.
TEST(ReaderQuirks, NoBreakSpacesBetweenTokens) {
  const auto games = read_quirk("no-break-spaces.pgn");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#", "1-0"}));
  EXPECT_EQ(games[1].outline(), (Strings{"d4", "d5", "*"}));
  for (const GameLog& g : games) EXPECT_TRUE(g.diagnostics().empty());
}

TEST(ReaderQuirks, CheckMarksApartFromTheirMove) {
  const auto games = read_quirk("detached-check.pgn");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7", "1-0"}));
  EXPECT_EQ(games[1].outline(), (Strings{"e4", "d5", "Bb5", "c6", "*"}));
  for (const GameLog& g : games) EXPECT_TRUE(g.diagnostics().empty());
}

// A null move passes the turn: the other side moves, the halfmove clock counts it, no
// en-passant square. In the main line it is worth a warning (the record is not a game any
// more); in a variation it is the usual way to show a threat.
TEST(ReaderQuirks, NullMoves) {
  testing::EventLog log;
  log.fens = true;
  read_pgn(*io::open_input(testing::quirk("null-moves.pgn").string()), log);
  const auto& games = log.games;
  ASSERT_EQ(games.size(), 2U);
  EXPECT_FALSE(games[0].rejected);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "--", "d4", "Z0", "Nf3", "*"}));
  EXPECT_TRUE(games[0].only("move")[1].ends_with(
      "after=rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 1 2"));
  const Strings diags = games[0].diagnostics();
  ASSERT_EQ(diags.size(), 2U);
  EXPECT_TRUE(diagnoses(diags[0], "warning 2:7", {"null move", "main line"}));
  EXPECT_TRUE(diagnoses(diags[1], "warning 2:16", {"null move", "main line"}));
  EXPECT_EQ(games[1].outline(), (Strings{"e4", "e5", "(", "--", "d4", ")", "Nf3", "*"}));
  EXPECT_TRUE(games[1].diagnostics().empty());
}

TEST(ReaderQuirks, LongAlgebraicMoves) {
  testing::EventLog log;
  log.fens = true;
  read_pgn(*io::open_input(testing::quirk("long-algebraic.pgn").string()), log);
  ASSERT_EQ(log.games.size(), 1U);
  EXPECT_EQ(log.games[0].outline(), (Strings{"e2e4", "e7-e5", "Ng1-f3", "Nb8-c6", "Bf1-b5",
                                             "a7-a6", "Bb5xc6", "d7xc6", "e1g1", "*"}));
  // e1g1 is castling.
  EXPECT_TRUE(log.games[0].only("move").back().ends_with(
      "after=r1bqkbnr/1pp2ppp/p1p5/4p3/4P3/5N2/PPPP1PPP/RNBQ1RK1 b kq - 1 5"));
  EXPECT_TRUE(log.games[0].diagnostics().empty());
}

// Parsing only: moves arrive as written, without positions or start_position.
TEST(ReaderQuirks, SyntaxOnlyReadingDeliversTokens) {
  ReaderOptions options;
  options.check_moves = false;
  const auto games = read_quirk("nested-variations.pgn", options);
  ASSERT_EQ(games.size(), 1U);
  EXPECT_TRUE(games[0].only("start").empty());
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "(", "c5", "Nf3", "(", "c3", "d5", "(",
                                         "Nf6", ")", ")", "d6", ")", "(", "e6", ")", "Nf3", "*"}));
}

// Moves only counted (neither played nor shown to the visitor) reach the parser in batches,
// which must have reached it before anything that depends on them: a variation after moves
// read in a row hangs on the last of them, and one before any move is still a warning.
TEST(ReaderQuirks, CountedMovesReachTheParserBeforeWhatFollowsThem) {
  ReaderOptions options;
  options.check_moves = false;
  options.visit_moves = false;
  // Blank lines at the end: the reader's fast steps need room to look ahead.
  const std::string text = "1.e4 e5 2.Nf3 (2.Nc3 Nc6 (2...Nf6)) Nc6 3.Bb5 a6 *\n\n"
                           "( 1. d4 ) 1. e4 e5 *\n" + std::string(64, '\n');
  const auto games = testing::read_text(text, options);
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[0].outline(), (Strings{"(", "(", ")", ")", "*"}));
  EXPECT_TRUE(games[0].diagnostics().empty()) << games[0].diagnostics()[0];
  ASSERT_EQ(games[1].diagnostics().size(), 1U);
  EXPECT_NE(games[1].diagnostics()[0].find("variation before any move"), std::string::npos);
}

// A no-break space (Latin-1 A0 or UTF-8 C2 A0) in the tag section is a blank there too: the tag
// after it belongs to the same game, as the tags around it do.
TEST(ReaderText, NoBreakSpacesInTheTagSection) {
  for (const std::string nbsp : {"\xA0", "\xC2\xA0"}) {
    SCOPED_TRACE(nbsp == "\xA0" ? "Latin-1" : "UTF-8");
    const std::string text = "[Event \"a\"]" + nbsp + "\n" + nbsp + " [Site \"b\"]\n[Round \"1\"]\n\n1. e4 *\n";
    const auto games = testing::read_text(text);
    ASSERT_EQ(games.size(), 1U);
    EXPECT_EQ(games[0].only("tag"), (Strings{"tag Event=a", "tag Site=b", "tag Round=1"}));
    EXPECT_EQ(games[0].outline(), (Strings{"e4", "*"}));
    EXPECT_TRUE(games[0].diagnostics().empty());
  }
}

// A variation may follow its move without a blank: "e5(" is the move e5, then the variation.
// A parenthesised promotion piece is still a promotion.
TEST(ReaderText, VariationWrittenAgainstItsMove) {
  const auto games = testing::read_text("1. e4 e5(1... c5 2. Nf3) 2. Nf3 *\n");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "(", "c5", "Nf3", ")", "Nf3", "*"}));
  EXPECT_TRUE(games[0].diagnostics().empty());
  const auto promotion = testing::read_text(
      "[FEN \"8/4P1k1/8/8/8/8/8/4K3 w - - 0 1\"]\n\n1. e8(Q) Kf6 *\n");
  ASSERT_EQ(promotion.size(), 1U);
  EXPECT_EQ(promotion[0].outline(), (Strings{"e8(Q)", "Kf6", "*"}));
  EXPECT_FALSE(promotion[0].rejected);
}

// A tag is read within its line: one broken over two lines is malformed. Its game is rejected
// (with the rest of that line, the movetext it appears to begin), and the games after it are
// read as they stand.
TEST(ReaderText, TagBrokenOverTwoLinesIsMalformed) {
  const auto games = testing::read_text("[Event\n\"x\"]\n[Site \"y\"]\n\n1. e4 *\n\n[Event \"z\"]\n\n1. d4 *\n");
  ASSERT_EQ(games.size(), 3U);
  EXPECT_TRUE(games[0].rejected);
  EXPECT_EQ(games[0].raw, "[Event\n\"x\"]\n");
  const Strings diags = games[0].diagnostics();
  ASSERT_EQ(diags.size(), 1U);
  EXPECT_TRUE(diagnoses(diags[0], "error 1:1", {"malformed tag", "'[Event'"}));
  EXPECT_FALSE(games[1].rejected);
  EXPECT_EQ(games[1].outline(), (Strings{"e4", "*"}));
  EXPECT_EQ(games[2].outline(), (Strings{"d4", "*"}));
}

// A result ends a game only at the start of a raw token: written against a move number
// ("2.1-0") it is no token of PGN, and the game is rejected where it stands, not cut there.
TEST(ReaderText, ResultWrittenAgainstAMoveNumber) {
  const auto games = testing::read_text("1. e4 e5 2.1-0\n\n[Event \"next\"]\n\n1. d4 *\n");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_TRUE(games[0].rejected);
  EXPECT_EQ(games[0].raw, "1. e4 e5 2.1-0\n\n");
  const Strings diags = games[0].diagnostics();
  ASSERT_EQ(diags.size(), 1U);
  EXPECT_TRUE(diagnoses(diags[0], "error 1:10", {"not a move", "'2.1-0'"}));
  EXPECT_EQ(games[1].outline(), (Strings{"d4", "*"}));
}

// No-break spaces between games belong to no game, as blanks do.
TEST(ReaderText, NoBreakSpacesBetweenGames) {
  for (const std::string nbsp : {"\xA0", "\xC2\xA0"}) {
    SCOPED_TRACE(nbsp == "\xA0" ? "Latin-1" : "UTF-8");
    const auto games =
        testing::read_text("1. e4 e5 1-0" + nbsp + "\n" + nbsp + "\n[Event \"b\"]\n\n1. d4 *\n");
    ASSERT_EQ(games.size(), 2U);
    EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "1-0"}));
    EXPECT_EQ(games[1].outline(), (Strings{"d4", "*"}));
    for (const GameLog& g : games) EXPECT_TRUE(g.diagnostics().empty());
  }
}

// Comments of every length up to well past the sixteen bytes searched at a step, closed on their
// line or not, each read whole and no further (another comment follows); the text's end a little
// or far behind.
TEST(ReaderText, CommentsOfEveryLength) {
  for (std::size_t n = 0; n <= 100; ++n) {
    const std::string body(n, 'x');
    for (const std::string& padding : {std::string(), std::string(64, ' ')}) {
      for (const std::string& comment : {"{" + body + "}", "{" + body + "\nx}"}) {
        const bool one_line = comment.find('\n') == std::string::npos;
        SCOPED_TRACE(std::to_string(n) + (one_line ? " on one line" : " over two lines"));
        const std::string text = "1. e4 " + comment + " e5 {y}" + padding + " *";
        const auto games = testing::read_text(text);
        ASSERT_EQ(games.size(), 1U);
        const std::string second_at = one_line ? "1:" + std::to_string(11 + comment.size())
                                               : std::string("2:7");
        EXPECT_EQ(games[0].only("comment"),
                  (Strings{"comment " + comment.substr(1, comment.size() - 2) + " 1:7",
                           "comment y " + second_at}));
        EXPECT_EQ(games[0].outline(), (Strings{"e4", comment, "e5", "{y}", "*"}));
      }
    }
  }
}

// Comments one after another, each of another length than the one before or of the same (the
// reader looks first where the last comment's length would close the next), some of them
// broken over two lines: each is read whole and no further.
TEST(ReaderText, CommentsAfterCommentsOfOtherLengths) {
  for (std::size_t a = 0; a <= 34; ++a) {
    for (std::size_t b = 0; b <= 34; ++b) {
      for (std::size_t c : {a, b, std::size_t{3}}) {
        for (const bool broken : {false, true}) {
          std::string second(b, 'y');
          if (broken && b > 0) second[b / 2] = '\n';
          const std::string text = "1. e4 {" + std::string(a, 'x') + "} {" + second + "} {" +
                                   std::string(c, 'z') + "}" + std::string(64, ' ') + " *";
          SCOPED_TRACE(std::to_string(a) + " " + std::to_string(b) + " " + std::to_string(c) +
                       (broken ? " broken" : ""));
          const auto games = testing::read_text(text);
          ASSERT_EQ(games.size(), 1U);
          const Strings comments = games[0].only("comment");
          ASSERT_EQ(comments.size(), 3U);
          EXPECT_EQ(comments[0].substr(0, 8 + a), std::string("comment ").append(a, 'x'));
          EXPECT_EQ(comments[1].substr(0, 8 + b), std::string("comment ").append(second));
          EXPECT_EQ(comments[2].substr(0, 8 + c), std::string("comment ").append(c, 'z'));
          EXPECT_EQ(games[0].outline().back(), "*");
        }
      }
    }
  }
}

// Tags at the edges of the common shape `[Name "value"]`, which is read by a shorter way than
// the others: each reads as the PGN rules say, the short way or not.
TEST(ReaderText, TagsJustOutsideTheCommonShape) {
  const std::pair<std::string, std::string> cases[] = {
      {R"([Event "plain"])", "tag Event=plain"},
      {R"([Event ""])", "tag Event="},
      {R"([Event "spaced" ])", "tag Event=spaced"},
      {R"([Event  "two blanks"])", "tag Event=two blanks"},
      {"[Event\t\"tab\"]", "tag Event=tab"},
      {R"([ Event "blank after the bracket"])", "tag Event=blank after the bracket"},
      {R"([Event "escaped \"quote\""])", R"(tag Event=escaped "quote")"},
      {R"([Event "a" b"])", R"(tag Event=a" b)"},
      {R"([Event "back\slash"])", R"(tag Event=back\slash)"},
  };
  for (const auto& [tag, expected] : cases) {
    SCOPED_TRACE(tag);
    const auto games = testing::read_text(tag + "\n\n1. e4 *\n");
    ASSERT_EQ(games.size(), 1U);
    EXPECT_EQ(games[0].only("tag"), Strings{expected});
    EXPECT_EQ(games[0].outline(), (Strings{"e4", "*"}));
  }
  // At the text's very end, with or without its bracket.
  EXPECT_EQ(testing::read_text(R"([Event "end"])")[0].only("tag"), Strings{"tag Event=end"});
  EXPECT_EQ(testing::read_text(R"([Event "end")")[0].only("tag"), Strings{});
}

// Text that ends anywhere, in the middle of a token too, is read without looking past its end
// (each prefix is its own buffer, of its exact size, so that a sanitized build sees any read
// beyond it), and holds one game.
TEST(ReaderText, TextEndingAnywhere) {
  const std::string movetext =
      "1.e4 e5 2.Nf3 Nc6 3.Bb5 a6 4.Ba4 Nf6 5.O-O Be7 6.Re1 b5 7.Bb3 d6 8.c3 O-O 9.h3 Nb8 "
      "10.d4 Nbd7 11.c4 c6 12.cxb5 axb5 13.Nc3 Bb7 14.Bg5 b4 15.Nb1 h6 16.Bh4 c5 17.dxe5 "
      "Nxe4 18.Bxe7 Qxe7 {a comment} 19.exd6 Qf6 (19...Qxd6 20.Nbd2) 20.Nbd2 Nxd6 $1 21.Nc4 "
      "Nxc4! 22.Bxc4 Nb6?! 23.Ne5 Rae8 24.Bxf7+ Rxf7 25.Nxf7 Rxe1+ 26.Qxe1 Kxf7 27.Qe3 "
      "Qg5 28.Qxg5 hxg5 29.b3 Ke6 30.a3 Kd6 31.axb4 cxb4 32.Ra5 Nd5 33.f3 Bc8 34.Kf2 Bf5 "
      "35.Ra7 g6 36.Ra6+ Kc5 37.Ke1 Nf4 38.g3 Nxh3 39.Kd2 Kb5 40.Rd6 Kc5 41.Ra6 Nf2 42.g4 "
      "Bd3 43.Re6 1.............................e 1/2-1/2";
  for (std::size_t n = 1; n <= movetext.size(); ++n) {
    const std::string text = movetext.substr(0, n);
    const auto games = testing::read_text(text);
    ASSERT_EQ(games.size(), 1U) << "the first " << n << " bytes";
    EXPECT_EQ(games[0].raw, text);
  }
}

}  // namespace
}  // namespace fenkit::pgn
