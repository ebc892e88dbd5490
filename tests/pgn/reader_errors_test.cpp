// Broken games: each is reported (place, game number, message) and skipped, and reading goes on
// with the next game; slips a game survives are warnings. One fixture per kind of problem
// (tests/data/pgn/quirks), each with a good game after the broken one.
#include <gtest/gtest.h>

#include <algorithm>

#include "event_log.hpp"

namespace fenkit::pgn {
namespace {

using testing::GameLog;
using testing::read_quirk;
using Strings = std::vector<std::string>;

::testing::AssertionResult diagnoses(const std::string& event, const std::string& kind_at,
                                     std::initializer_list<std::string_view> words) {
  if (!event.starts_with(kind_at + " "))
    return ::testing::AssertionFailure() << "'" << event << "' is not at " << kind_at;
  for (std::string_view w : words)
    if (event.find(w) == std::string::npos)
      return ::testing::AssertionFailure() << "'" << event << "' does not say '" << w << "'";
  return ::testing::AssertionSuccess();
}

// The fixture's first game is rejected with one error (at `at`, saying `words`), its raw text
// is the game's text, and the second game, "1. d4 ...", is read as if nothing had happened.
void expect_rejected_then_good(const std::string& fixture, const std::string& at,
                               std::initializer_list<std::string_view> words,
                               const std::string& raw) {
  SCOPED_TRACE(fixture);
  const auto games = read_quirk(fixture);
  ASSERT_EQ(games.size(), 2U);
  EXPECT_TRUE(games[0].rejected);
  EXPECT_EQ(games[0].number, 1U);
  const Strings diags = games[0].diagnostics();
  ASSERT_EQ(diags.size(), 1U);
  EXPECT_TRUE(diagnoses(diags[0], "error " + at, words));
  EXPECT_EQ(games[0].raw, raw);
  EXPECT_FALSE(games[1].rejected);
  EXPECT_EQ(games[1].number, 2U);
  EXPECT_EQ(games[1].only("tag"), Strings{"tag Event=good"});
  EXPECT_EQ(games[1].outline().front(), "d4");
  EXPECT_TRUE(games[1].diagnostics().empty());
}

TEST(ReaderErrors, IllegalMove) {
  expect_rejected_then_good("illegal-move.pgn", "2:13", {"move 2.", "illegal", "Ke3"},
                            "[Event \"illegal\"]\n1. e4 e5 2. Ke3 Nc6 *");
}

// The moves before the bad one were delivered; nothing after it.
TEST(ReaderErrors, NothingIsDeliveredAfterTheError) {
  const auto games = read_quirk("illegal-move.pgn");
  ASSERT_FALSE(games.empty());
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5"}));
  EXPECT_TRUE(games[0].events.back().starts_with("error"));
}

// Knights on c3 and g1 can both go to e2: the message names both.
TEST(ReaderErrors, AmbiguousMoveListsTheCandidates) {
  expect_rejected_then_good("ambiguous-move.pgn", "2:24", {"move 3.", "ambiguous", "Nce2", "Nge2"},
                            "[Event \"ambiguous\"]\n1. e4 e5 2. Nc3 Nc6 3. Ne2 Nf6 *");
}

TEST(ReaderErrors, UnknownMove) {
  expect_rejected_then_good("unknown-move.pgn", "2:13", {"'Xf3'"},
                            "[Event \"unknown\"]\n1. e4 e5 2. Xf3 Nc6 *");
}

// Reading without playing the moves, an unknown token is still an error; the move number is
// not known then, so the message does not give one.
TEST(ReaderErrors, UnknownMoveWhenMovesAreNotPlayed) {
  ReaderOptions options;
  options.check_moves = false;
  const auto games = read_quirk("unknown-move.pgn", options);
  ASSERT_EQ(games.size(), 2U);
  EXPECT_TRUE(games[0].rejected);
  ASSERT_EQ(games[0].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[0].diagnostics()[0], "error 2:13", {"'Xf3'"}));
  EXPECT_EQ(games[0].diagnostics()[0].find("move 1."), std::string::npos) << games[0].diagnostics()[0];
  EXPECT_FALSE(games[1].rejected);
}

TEST(ReaderErrors, BadFenTag) {
  expect_rejected_then_good("bad-fen-tag.pgn", "3:1", {"FEN", "ranks"},
                            "[Event \"bad FEN\"]\n[SetUp \"1\"]\n[FEN \"8/8/8/8 w - - 0 1\"]\n\n1. e4 *");
}

// Digits in a row in a FEN tag's placement are refused as in any FEN.
TEST(ReaderErrors, FenTagWithConsecutiveDigits) {
  const auto games = testing::read_text("[SetUp \"1\"]\n[FEN \"4k3/8/8/44/8/8/8/4K3 w - - 0 1\"]\n\n1. Kd2 *\n");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_TRUE(games[0].rejected);
  ASSERT_EQ(games[0].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[0].diagnostics()[0], "error 2:1",
                        {"bad FEN tag", "two digits in a row in the piece placement"}))
      << games[0].diagnostics()[0];
}

// Reported at the Variant tag.
TEST(ReaderErrors, UnsupportedVariant) {
  expect_rejected_then_good("unsupported-variant.pgn", "2:1", {"variant", "Losers"},
                            "[Event \"losers\"]\n[Variant \"Losers\"]\n\n1. e4 e5 2. Nf3 *");
}

TEST(ReaderErrors, MalformedTag) {
  expect_rejected_then_good("malformed-tag.pgn", "2:1", {"tag", "[Site"},
                            "[Event \"malformed\"]\n[Site no quotes]\n\n1. e4 *");
}

// An unclosed brace must not swallow the games after it: the comment, and the game, end where
// the next game's tags begin ("[Event " at the start of a line after a blank line).
TEST(ReaderErrors, UnclosedCommentEndsAtTheNextGame) {
  expect_rejected_then_good("unclosed-comment.pgn", "2:7", {"comment", "not closed"},
                            "[Event \"unclosed\"]\n1. e4 {never closed e5 *\n\n");
  const auto games = read_quirk("unclosed-comment.pgn");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_EQ(games[1].where.line, 4U);
  EXPECT_EQ(games[1].outline(), (Strings{"d4", "{closed}", "d5", "*"}));
}

// Without a next game, the unclosed comment runs to the end of the input.
TEST(ReaderErrors, UnclosedCommentAtTheEnd) {
  const auto games = testing::read_text("[Event \"x\"]\n1. e4 {open\n\n1. d4 d5 *\n");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_TRUE(games[0].rejected);
  ASSERT_EQ(games[0].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[0].diagnostics()[0], "error 2:7", {"not closed"}));
}

TEST(ReaderErrors, StrayClosingParenthesisAndBraceAreWarnings) {
  const auto games = read_quirk("stray-closers.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_FALSE(games[0].rejected);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "Nf3", "*"}));
  const Strings diags = games[0].diagnostics();
  ASSERT_EQ(diags.size(), 2U);
  EXPECT_TRUE(diagnoses(diags[0], "warning 2:7", {"')'"}));
  EXPECT_TRUE(diagnoses(diags[1], "warning 2:12", {"'}'"}));
}

// The result then comes from the Result tag when it is one, else "*"; the warning stands
// where the game's text ends. The last game of an input, which the input's end ends, may be cut
// short: it is rejected there (read as a piece of a larger input, it keeps the warning).
TEST(ReaderErrors, MissingResultIsAWarning) {
  const auto games = read_quirk("missing-result.pgn");
  ASSERT_EQ(games.size(), 2U);
  EXPECT_FALSE(games[0].rejected);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "Nf3", "1-0"}));
  ASSERT_EQ(games[0].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[0].diagnostics()[0], "warning 4:16", {"no result"}));
  EXPECT_TRUE(games[1].rejected);
  EXPECT_EQ(games[1].outline(), (Strings{"d4", "d5"}));
  ASSERT_EQ(games[1].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[1].diagnostics()[0], "error 9:9", {"input ends inside the game"}));

  ReaderOptions piece;
  piece.place.ends_input = false;
  const auto read_as_piece = read_quirk("missing-result.pgn", piece);
  ASSERT_EQ(read_as_piece.size(), 2U);
  EXPECT_FALSE(read_as_piece[1].rejected);
  EXPECT_EQ(read_as_piece[1].outline(), (Strings{"d4", "d5", "*"}));
  ASSERT_EQ(read_as_piece[1].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(read_as_piece[1].diagnostics()[0], "warning 9:9", {"no result"}));
}

TEST(ReaderErrors, VariationBeforeAnyMoveIsAWarningAndSkipped) {
  const auto games = read_quirk("variation-before-move.pgn");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_FALSE(games[0].rejected);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "*"}));
  ASSERT_EQ(games[0].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[0].diagnostics()[0], "warning 2:1", {"variation"}));
}

TEST(ReaderErrors, BadMoveInAVariationRejectsTheGameByDefault) {
  expect_rejected_then_good("bad-move-in-variation.pgn", "2:22", {"Ke3"},
                            "[Event \"bad side line\"]\n1. e4 e5 (1... c5 2. Ke3 Nc6) 2. Nf3 *");
}

// Without reject_bad_variations: a warning, the rest of that variation skipped, the game kept.
TEST(ReaderErrors, BadMoveInAVariationCanBeAWarning) {
  ReaderOptions options;
  options.reject_bad_variations = false;
  const auto games = read_quirk("bad-move-in-variation.pgn", options);
  ASSERT_EQ(games.size(), 2U);
  EXPECT_FALSE(games[0].rejected);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "(", "c5", ")", "Nf3", "*"}));
  ASSERT_EQ(games[0].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[0].diagnostics()[0], "warning 2:22", {"Ke3", "skipped"}));
  EXPECT_FALSE(games[1].rejected);
}

// A variation the visitor skips is still checked (check_variations): the game is judged the
// same whatever the visitor looks at. With check_variations off it is not looked at.
TEST(ReaderErrors, SkippedVariationsAreCheckedUnlessAskedNotTo) {
  for (const bool check : {true, false}) {
    SCOPED_TRACE(check);
    testing::EventLog log;
    log.on_variation = Action::skip;
    ReaderOptions options;
    options.check_variations = check;
    read_pgn(*io::open_input(testing::quirk("bad-move-in-variation.pgn").string()), log, options);
    ASSERT_EQ(log.games.size(), 2U);
    EXPECT_EQ(log.games[0].rejected, check);
    if (check) {
      ASSERT_EQ(log.games[0].diagnostics().size(), 1U);
      EXPECT_TRUE(diagnoses(log.games[0].diagnostics()[0], "error 2:22", {"Ke3"}));
    } else {
      EXPECT_TRUE(log.games[0].diagnostics().empty());
      EXPECT_EQ(log.games[0].outline(), (Strings{"e4", "e5", "Nf3", "*"}));
    }
  }
}

// `depth` variations, each inside the one before, after 1. e4; then 1... e5.
std::string nested_variations(int depth) {
  std::string text = "[Event \"deep\"]\n\n1. e4 ";
  for (int i = 0; i < depth; ++i) text += "(1. d4 ";
  text += std::string(std::size_t(depth), ')') + " e5 *\n\n[Event \"good\"]\n\n1. d4 *\n";
  return text;
}

// A visitor that takes variations is shown max_variation_depth levels (by default enough for
// trees); one level more rejects the game at its '(' and the next game is read as usual.
TEST(ReaderErrors, VariationsNestedTooDeep) {
  const auto deepest = testing::read_text(nested_variations(kTreeVariationDepth));
  ASSERT_EQ(deepest.size(), 2U);
  EXPECT_FALSE(deepest[0].rejected);
  EXPECT_EQ(deepest[0].only("move").size(), kTreeVariationDepth + 2U);

  const auto games = testing::read_text(nested_variations(kTreeVariationDepth + 1));
  ASSERT_EQ(games.size(), 2U);
  EXPECT_TRUE(games[0].rejected);
  const Strings diags = games[0].diagnostics();
  ASSERT_EQ(diags.size(), 1U);
  // 1. e4 takes six columns, each "(1. d4 " seven: the 257th '(' is at 7 + 256 * 7.
  EXPECT_TRUE(diagnoses(diags[0], "error 3:" + std::to_string(7 + 7 * kTreeVariationDepth),
                        {"nested more than 256 deep"}));
  EXPECT_FALSE(games[1].rejected);
  EXPECT_EQ(games[1].outline().front(), "d4");
}

// A visitor that streams may be shown deeper variations, up to what MoveEvent::depth holds.
TEST(ReaderErrors, VariationDepthIsAnOption) {
  ReaderOptions options;
  options.max_variation_depth = 1000;
  const auto deep = testing::read_text(nested_variations(1000), options);
  ASSERT_EQ(deep.size(), 2U);
  EXPECT_FALSE(deep[0].rejected);
  const auto deeper = testing::read_text(nested_variations(1001), options);
  ASSERT_EQ(deeper.size(), 2U);
  EXPECT_TRUE(deeper[0].rejected);
  ASSERT_EQ(deeper[0].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(deeper[0].diagnostics()[0], "error 3:" + std::to_string(7 + 7 * 1000),
                        {"nested more than 1000 deep"}));
}

// Variations the visitor skips are only checked, never shown: any depth is read.
TEST(ReaderErrors, SkippedVariationsNestAsDeepAsTheyLike) {
  testing::EventLog log;
  log.on_variation = Action::skip;
  read_pgn(nested_variations(100000), log);
  ASSERT_EQ(log.games.size(), 2U);
  EXPECT_FALSE(log.games[0].rejected);
  EXPECT_EQ(log.games[0].outline(), (Strings{"e4", "e5", "*"}));
}

// A visitor that passes games over on their tags (end_tags: ignore) hears nothing of a bad
// FEN or Variant tag in them: neither the error nor a rejection. A game it reads is still
// rejected for the same tag.
TEST(ReaderErrors, GamesIgnoredAfterTheirTagsAreNotJudged) {
  testing::EventLog log;
  log.on_end_tags = [](const testing::GameLog& game) {
    const std::vector<std::string> tags = game.only("tag");
    return std::find(tags.begin(), tags.end(), "tag White=X") != tags.end() ? Action::ignore
                                                                             : Action::proceed;
  };
  const std::string text =
      "[White \"A\"]\n\n1. e4 *\n\n"
      "[White \"X\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n\n"
      "[White \"X\"]\n[Variant \"crazyhouse\"]\n\n1. e4 *\n\n"
      "[White \"X\"]\n\n1. e4 e5 2. Ke3 *\n\n"
      "[White \"A\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]\n\n1. e4 *\n";
  const ReadStats stats = read_pgn(text, log);
  ASSERT_EQ(log.games.size(), 5U);
  EXPECT_EQ(stats.rejected, 1U);
  for (std::size_t i = 1; i < 4; ++i) {
    SCOPED_TRACE(i);
    EXPECT_FALSE(log.games[i].rejected);
    EXPECT_TRUE(log.games[i].diagnostics().empty());
    EXPECT_TRUE(log.games[i].only("start").empty());
    EXPECT_TRUE(log.games[i].only("move").empty());
  }
  EXPECT_FALSE(log.games[0].rejected);
  EXPECT_TRUE(log.games[4].rejected);
  ASSERT_EQ(log.games[4].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(log.games[4].diagnostics()[0], "error 20:1", {"bad FEN tag"}));
}

// Games passed over after their tags are only searched for their end, yet their lines are
// counted: an error in a later game is placed where a full read places it, and where the text
// has it. The games passed over have lines of 70-80 columns, and lines that begin otherwise
// (indented, an escape, after a blank line, inside a comment).
TEST(ReaderErrors, LinesOfGamesPassedOverAreCounted) {
  std::string text;
  for (int game = 0; game < 5; ++game) {
    text += "[White \"X\"]\n\n";
    std::string line;
    for (int move = 1; move <= 40; ++move) {
      const std::string token = std::to_string(move) + (move % 2 ? ". Nf3 Nf6" : ". Ng1 Ng8");
      if (line.size() + token.size() >= 79) {
        text += line + "\n";
        line.clear();
      }
      if (!line.empty()) line += ' ';
      line += token;
      if (move == 7 + game) line += " {a comment\nover two lines}";
      if (move == 20) {
        text += line + "\n" + (game % 2 ? "\n" : "%escape\n\n");
        line.assign(std::size_t(game % 2), ' ');  // an indent (the next token adds a blank)
      }
    }
    text += line + " *\n\n";
  }
  text += "[White \"A\"]\n\n1. e4 e5 2. Ke3 *\n";
  const std::size_t at = text.rfind("Ke3");
  const std::size_t line_start = text.rfind('\n', at) + 1;
  const auto line = std::count(text.begin(), text.begin() + std::ptrdiff_t(at), '\n') + 1;
  const std::string place = std::to_string(line) + ":" + std::to_string(at - line_start + 1);
  for (const bool pass_over : {true, false}) {
    SCOPED_TRACE(pass_over);
    testing::EventLog log;
    log.on_end_tags = [pass_over](const testing::GameLog& game) {
      const bool passed = pass_over && game.only("tag") == Strings{"tag White=X"};
      return passed ? Action::ignore : Action::proceed;
    };
    read_pgn(text, log);
    ASSERT_EQ(log.games.size(), 6U);
    for (std::size_t i = 0; i < 5; ++i) EXPECT_FALSE(log.games[i].rejected) << i;
    ASSERT_EQ(log.games[5].diagnostics().size(), 1U);
    EXPECT_TRUE(diagnoses(log.games[5].diagnostics()[0], "error " + place, {"Ke3"}));
  }
}

// A movetext result the Result tag contradicts is a warning (one of them was copied wrongly);
// the game keeps the movetext's. A tag that is no result ("?") contradicts nothing.
TEST(ReaderErrors, ResultTagThatContradictsTheMovetext) {
  const auto games = testing::read_text(
      "[Result \"1-0\"]\n\n1. e4 e5 0-1\n\n[Result \"?\"]\n\n1. d4 1-0\n\n"
      "[Result \"*\"]\n\n1. c4 1/2-1/2\n\n[Result \"0-1\"]\n\n1. Nf3 0-1\n");
  ASSERT_EQ(games.size(), 4U);
  for (const auto& g : games) EXPECT_FALSE(g.rejected);
  ASSERT_EQ(games[0].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[0].diagnostics()[0], "warning 3:10",
                        {"result 0-1 but the Result tag says 1-0"}));
  EXPECT_EQ(games[0].outline().back(), "0-1");
  EXPECT_TRUE(games[1].diagnostics().empty());
  ASSERT_EQ(games[2].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[2].diagnostics()[0], "warning 11:7", {"Result tag says *"}));
  EXPECT_TRUE(games[3].diagnostics().empty());
}

TEST(ReaderErrors, NagOutOfRangeIsAWarning) {
  const auto games = testing::read_text("1. e4 $256 e5 $3 *");
  ASSERT_EQ(games.size(), 1U);
  EXPECT_EQ(games[0].outline(), (Strings{"e4", "e5", "$3", "*"}));
  ASSERT_EQ(games[0].diagnostics().size(), 1U);
  EXPECT_TRUE(diagnoses(games[0].diagnostics()[0], "warning 1:7", {"$256"}));
}

// Every game of the input is delivered or reported with its text: over all the fixtures put
// one after the other, the games' raw texts lie in order, do not overlap, and what lies
// between them holds no tag and no move (only blanks, % lines, byte order marks and ^Z).
TEST(ReaderErrors, EveryGameIsDeliveredOrReportedWithItsText) {
  const std::string all = testing::all_quirks();
  testing::EventLog log;
  const ReadStats stats = read_pgn(all, log);
  ASSERT_EQ(stats.games, log.games.size());
  std::uint64_t rejected = 0;
  std::size_t pos = 0;
  std::string between;
  for (const GameLog& g : log.games) {
    rejected += g.rejected;
    ASSERT_FALSE(g.raw.empty());
    ASSERT_EQ(all.compare(g.where.offset, g.raw.size(), g.raw), 0)
        << "game " << g.number << ": raw text is not the input at its offset";
    ASSERT_GE(g.where.offset, pos) << "game " << g.number << " overlaps the one before";
    between += all.substr(pos, g.where.offset - pos) + "\n";
    pos = g.where.offset + g.raw.size();
  }
  between += all.substr(pos);
  EXPECT_EQ(stats.rejected, rejected);
  EXPECT_GT(rejected, 5U);
  for (std::size_t bom; (bom = between.find("\xEF\xBB\xBF")) != std::string::npos;)
    between.erase(bom, 3);
  for (const std::string& line : fenkit::testing::lines_of(between)) {
    if (!line.empty() && line[0] == '%') continue;
    for (char c : line)
      EXPECT_TRUE(c == ' ' || c == '\t' || c == '\x1a') << "text outside every game: '" << line << "'";
  }
}

}  // namespace
}  // namespace fenkit::pgn
