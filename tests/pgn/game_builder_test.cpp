// GameBuilder: trees built from visitor calls made by hand, and Game::accept replaying them.
#include "fenkit/pgn/game_builder.hpp"

#include <gtest/gtest.h>

#include <algorithm>

#include "fenkit/fen/fen.hpp"
#include "recorder.hpp"
#include "visitor_driver.hpp"

namespace fenkit::pgn {
namespace {

using fen::Move;
using fen::MoveKind;
using namespace fen;  // squares
using testing::Driver;
using testing::Recorder;

using Strings = std::vector<std::string>;

// What the tree holds of a move, as plain values to compare: the comments written after it
// before its first variation, or after its variation k; its NAGs; its variations.
Strings comments_of(const Game& g, const Node& n, std::size_t after_variation = SIZE_MAX) {
  Strings out;
  std::size_t variations = 0;
  for (const Note& note : g.notes(n)) {
    if (note.kind == Note::Kind::variation) ++variations;
    const bool wanted = after_variation == SIZE_MAX ? variations == 0 : variations == after_variation + 1;
    if (note.kind == Note::Kind::comment && wanted) out.emplace_back(g.comment(note));
  }
  return out;
}
std::vector<std::uint8_t> nags_of(const Game& g, const Node& n) {
  std::vector<std::uint8_t> out;
  for (std::uint8_t nag : g.nags(n)) out.push_back(nag);
  return out;
}
std::vector<const Line*> variations_of(const Game& g, const Node& n) {
  std::vector<const Line*> out;
  for (const Line& line : g.variations(n)) out.push_back(&line);
  return out;
}
Strings starting_of(const Game& g, const Line& line) {
  Strings out;
  for (std::string_view c : g.comments(line.starting)) out.emplace_back(c);
  return out;
}

Game only_game(GameBuilder& builder) {
  EXPECT_EQ(builder.games().size(), 1U);
  return builder.games().empty() ? Game{} : builder.games().front();
}

TEST(GameBuilder, KeepsTagsInInputOrderWithDuplicates) {
  GameBuilder b;
  Driver d(b);
  d.begin_game(7);
  d.tag("White", "Kasparov, G.");
  d.tag("Event", "Linares");
  d.tag("Annotator", "one");
  d.tag("Annotator", "two");
  d.begin_movetext();
  d.result("*");
  d.end_game();
  const Game g = only_game(b);
  EXPECT_EQ(g.number, 7U);
  const std::vector<Tag> expected = {
      {"White", "Kasparov, G."}, {"Event", "Linares"}, {"Annotator", "one"}, {"Annotator", "two"}};
  EXPECT_EQ(g.tags, expected);
  ASSERT_NE(g.find_tag("Annotator"), nullptr);
  EXPECT_EQ(*g.find_tag("Annotator"), "one");
  EXPECT_EQ(g.find_tag("Site"), nullptr);
  EXPECT_EQ(g.result, "*");
  EXPECT_TRUE(g.mainline().nodes.empty());
}

TEST(GameBuilder, StoresMovesOfTheMainLine) {
  GameBuilder b;
  Driver d(b);
  d.begin_game();
  d.begin_movetext();
  for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"}) d.move(san);
  d.result("1-0");
  d.end_game();
  const Game g = only_game(b);
  // The moves written out by hand: from, to, and for O-O king-takes-rook (e1 takes h1).
  const std::vector<Move> expected = {Move(e2, e4),
                                      Move(e7, e5),
                                      Move(g1, f3),
                                      Move(b8, c6),
                                      Move(f1, c4),
                                      Move(g8, f6),
                                      Move(e1, h1, MoveKind::castling)};
  ASSERT_EQ(g.mainline().nodes.size(), expected.size());
  for (std::size_t i = 0; i < expected.size(); ++i) {
    EXPECT_EQ(g.mainline().nodes[i].move, expected[i]) << i;
    EXPECT_EQ(g.written(g.mainline().nodes[i]), std::vector<std::string>(
                  {"e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O"})[i]) << "the move as written";
    EXPECT_TRUE(variations_of(g, g.mainline().nodes[i]).empty());
  }
  EXPECT_EQ(g.result, "1-0");
  EXPECT_TRUE(g.moves_checked);
  EXPECT_EQ(g.start, fen::Position::start());
}

TEST(GameBuilder, KeepsTheStartPositionGiven) {
  GameBuilder b;
  Driver d(b);
  const auto start = fen::position_from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40");
  d.begin_game();
  d.tag("FEN", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40");
  d.begin_movetext(start);
  d.move("Kd7");
  d.result("*");
  d.end_game();
  const Game g = only_game(b);
  EXPECT_EQ(g.start, start);
  ASSERT_EQ(g.mainline().nodes.size(), 1U);
  EXPECT_EQ(g.mainline().nodes[0].move, Move(e8, d7));
}

// 1. e4 e5 (1... c5 2. Nf3 (2. c3) 2... d6) (1... e6) 2. Nf3
TEST(GameBuilder, HangsVariationsOnTheMoveTheyReplace) {
  GameBuilder b;
  Driver d(b);
  d.begin_game();
  d.begin_movetext();
  d.move("e4");
  d.move("e5");
  d.begin_variation();
  d.move("c5");
  d.move("Nf3");
  d.begin_variation();
  d.move("c3");
  d.end_variation();
  d.move("d6");
  d.end_variation();
  d.begin_variation();
  d.move("e6");
  d.end_variation();
  d.move("Nf3");
  d.result("*");
  d.end_game();
  const Game g = only_game(b);

  const auto& main = g.mainline().nodes;
  ASSERT_EQ(main.size(), 3U);
  EXPECT_EQ(main[0].move, Move(e2, e4));
  EXPECT_EQ(main[1].move, Move(e7, e5));
  EXPECT_EQ(main[2].move, Move(g1, f3));
  EXPECT_TRUE(variations_of(g, main[0]).empty());
  ASSERT_EQ(variations_of(g, main[1]).size(), 2U);  // c5 first, e6 second, as read

  const auto& sicilian = variations_of(g, main[1])[0]->nodes;
  ASSERT_EQ(sicilian.size(), 3U);
  EXPECT_EQ(sicilian[0].move, Move(c7, c5));
  EXPECT_EQ(sicilian[1].move, Move(g1, f3));
  EXPECT_EQ(sicilian[2].move, Move(d7, d6));
  ASSERT_EQ(variations_of(g, sicilian[1]).size(), 1U);
  ASSERT_EQ(variations_of(g, sicilian[1])[0]->nodes.size(), 1U);
  EXPECT_EQ(variations_of(g, sicilian[1])[0]->nodes[0].move, Move(c2, c3));

  const auto& french = variations_of(g, main[1])[1]->nodes;
  ASSERT_EQ(french.size(), 1U);
  EXPECT_EQ(french[0].move, Move(e7, e6));
}

// {A} 1. e4 {B} $1 {C} e5 (1... c5 {D}) {E} 2. Nf3 ({F} 2. f4) {G} ({H} 2. d4) {I} *
TEST(GameBuilder, PlacesCommentsWhereTheyStand) {
  GameBuilder b;
  Driver d(b);
  d.begin_game();
  d.begin_movetext();
  d.comment("A");
  d.move("e4");
  d.comment("B");
  d.nag(1);
  d.comment("C");
  d.move("e5");
  d.begin_variation();
  d.move("c5");
  d.comment("D");
  d.end_variation();
  d.comment("E");
  d.move("Nf3");
  d.begin_variation();
  d.comment("F");
  d.move("f4");
  d.end_variation();
  d.comment("G");
  d.begin_variation();
  d.comment("H");
  d.move("d4");
  d.end_variation();
  d.comment("I");
  d.result("*");
  d.end_game();
  const Game g = only_game(b);

  const auto& main = g.mainline().nodes;
  ASSERT_EQ(main.size(), 3U);
  // A comes before the first move: the main line's starting comment.
  EXPECT_EQ(starting_of(g, g.mainline()), Strings{"A"});
  // B and C both follow e4 (with its NAG between them).
  EXPECT_EQ(comments_of(g, main[0]), (Strings{"B", "C"}));
  EXPECT_EQ(nags_of(g, main[0]), std::vector<std::uint8_t>{1});
  // D follows c5 inside the variation; E stands after its ")".
  ASSERT_EQ(variations_of(g, main[1]).size(), 1U);
  EXPECT_EQ(comments_of(g, variations_of(g, main[1])[0]->nodes[0]), Strings{"D"});
  EXPECT_EQ(comments_of(g, main[1], 0), Strings{"E"});
  EXPECT_TRUE(comments_of(g, main[1]).empty());
  EXPECT_TRUE(comments_of(g, main[2]).empty());
  // F and H start their variations; G stands between the two, I after the second.
  ASSERT_EQ(variations_of(g, main[2]).size(), 2U);
  EXPECT_EQ(starting_of(g, *variations_of(g, main[2])[0]), Strings{"F"});
  EXPECT_EQ(comments_of(g, main[2], 0), Strings{"G"});
  EXPECT_EQ(starting_of(g, *variations_of(g, main[2])[1]), Strings{"H"});
  EXPECT_EQ(comments_of(g, main[2], 1), Strings{"I"});
  // All of them in the record's order.
  Strings in_order;
  for (std::string_view c : g.comments(main[2])) in_order.emplace_back(c);
  EXPECT_EQ(in_order, (Strings{"G", "I"}));
}

TEST(GameBuilder, NormalisesCommentBlanks) {
  EXPECT_EQ(normalize_comment("  two\n  lines\r\n\tand  tabs "), "two lines and tabs");
  EXPECT_EQ(normalize_comment(""), "");
  EXPECT_EQ(normalize_comment(" \n "), "");
  EXPECT_EQ(normalize_comment("[%clk 0:01:00]"), "[%clk 0:01:00]");

  GameBuilder b;
  Driver d(b);
  d.begin_game();
  d.begin_movetext();
  d.move("d4");
  d.comment(" a\n b ");
  d.result("*");
  d.end_game();
  const Game g = only_game(b);
  EXPECT_EQ(comments_of(g, g.mainline().nodes[0]), Strings{"a b"});
}

// The quick way (one mask of a short ASCII text's spaces) and the plain loop give the same text,
// on random texts around the lengths where the quick way stops (16, 64) and with every kind of
// byte that decides it: spaces alone and in runs, tabs and line breaks, other control bytes,
// bytes beyond ASCII.
TEST(GameBuilder, NormalisesLikeThePlainLoop) {
  const auto plain_loop = [](std::string_view text) {
    const auto blank = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };
    std::string out;
    bool pending = false;
    for (const char c : text) {
      if (blank(c)) {
        pending = true;
      } else {
        if (pending && !out.empty()) out += ' ';
        pending = false;
        out += c;
      }
    }
    return out;
  };
  const std::string alphabet[] = {"a", "b", " ", " ", "  ", "\t", "\n", "\x01", "\xC3\xA9"};
  std::uint64_t seed = 12345;
  const auto next = [&seed] {
    seed = seed * 6364136223846793005ULL + 1442695040888963407ULL;
    return std::size_t(seed >> 33);
  };
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    const std::size_t length = next() % 72;
    while (text.size() < length) text += alphabet[next() % std::size(alphabet)];
    // (Whole pieces: the text is UTF-8, which the builder keeps as it is.)
    ASSERT_EQ(normalize_comment(text), plain_loop(text)) << "[" << text << "]";
  }
}

TEST(GameBuilder, KeepsNagsInOrder) {
  GameBuilder b;
  Driver d(b);
  d.begin_game();
  d.begin_movetext();
  d.move("e4");
  d.nag(3);
  d.nag(18);
  d.move("e5");
  d.begin_variation();
  d.move("c5");
  d.nag(6);
  d.end_variation();
  d.nag(2);  // after the variation: still about e5, the last move of the line
  d.result("*");
  d.end_game();
  const Game g = only_game(b);
  EXPECT_EQ(nags_of(g, g.mainline().nodes[0]), (std::vector<std::uint8_t>{3, 18}));
  EXPECT_EQ(nags_of(g, g.mainline().nodes[1]), std::vector<std::uint8_t>{2});
  EXPECT_EQ(nags_of(g, variations_of(g, g.mainline().nodes[1])[0]->nodes[0]),
            std::vector<std::uint8_t>{6});
}

TEST(GameBuilder, ReportsANagWithoutAMove) {
  GameBuilder b;
  Driver d(b);
  d.begin_game(3);
  d.begin_movetext();
  d.nag(1);
  d.move("e4");
  d.result("*");
  d.end_game();
  const Game g = only_game(b);
  ASSERT_EQ(g.diagnostics.size(), 1U);
  EXPECT_EQ(g.diagnostics[0].severity, Severity::warning);
  EXPECT_EQ(g.diagnostics[0].game, 3U);
  EXPECT_NE(g.diagnostics[0].message.find("NAG $1"), std::string::npos);
  EXPECT_TRUE(nags_of(g, g.mainline().nodes[0]).empty());
}

TEST(GameBuilder, ReportsAVariationWithoutAMove) {
  GameBuilder b;
  Driver d(b);
  d.begin_game();
  d.begin_movetext();
  EXPECT_EQ(d.begin_variation(), Action::skip);
  d.move("e4");
  d.result("*");
  d.end_game();
  const Game g = only_game(b);
  ASSERT_EQ(g.diagnostics.size(), 1U);
  EXPECT_EQ(g.diagnostics[0].severity, Severity::warning);
  ASSERT_EQ(g.mainline().nodes.size(), 1U);
  EXPECT_TRUE(variations_of(g, g.mainline().nodes[0]).empty());
}

TEST(GameBuilder, KeepsDiagnosticsAndRejectedGames) {
  GameBuilder b;
  Driver d(b);
  d.diagnostic(Diagnostic{.message = "garbage before the first game"});
  d.begin_game(1);
  d.begin_movetext();
  d.move("e4");
  d.diagnostic(Diagnostic{.game = 1, .message = "illegal move Ke3"});
  d.end_game(true, "1. e4 Ke3 *");
  d.begin_game(2);
  d.begin_movetext();
  d.result("*");
  d.end_game();

  ASSERT_EQ(b.games().size(), 2U);
  const Game& bad = b.games()[0];
  EXPECT_TRUE(bad.rejected);
  EXPECT_EQ(bad.raw, "1. e4 Ke3 *");
  ASSERT_EQ(bad.diagnostics.size(), 1U);
  EXPECT_EQ(bad.diagnostics[0].message, "illegal move Ke3");
  const Game& good = b.games()[1];
  EXPECT_FALSE(good.rejected);
  EXPECT_TRUE(good.raw.empty()) << "raw text is kept for rejected games only";
  EXPECT_TRUE(good.diagnostics.empty());
  ASSERT_EQ(b.stray_diagnostics().size(), 1U);
  EXPECT_EQ(b.stray_diagnostics()[0].message, "garbage before the first game");
}

TEST(GameBuilder, KeepsTokensWhenMovesAreNotChecked) {
  GameBuilder b;
  Driver d(b);
  d.begin_game();
  d.tag("FEN", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40");
  d.begin_movetext(fen::Position(), /*checked=*/false);
  d.move("Kd7");
  d.move("e4");
  d.result("*");
  d.end_game();
  const Game g = only_game(b);
  EXPECT_FALSE(g.moves_checked);
  ASSERT_EQ(g.mainline().nodes.size(), 2U);
  EXPECT_TRUE(g.mainline().nodes[0].move.is_none());
  EXPECT_EQ(g.written(g.mainline().nodes[0]), "Kd7");
  EXPECT_EQ(g.written(g.mainline().nodes[1]), "e4");
  // With no start_position call the [FEN] tag says where the game starts.
  EXPECT_EQ(g.start, fen::position_from_fen("4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"));
}

TEST(GameBuilder, WarnsOfAnUnreadableFenTagWhenMovesAreNotChecked) {
  GameBuilder b;
  Driver d(b);
  d.begin_game();
  d.tag("FEN", "not a fen");
  d.begin_movetext(fen::Position(), false);
  d.result("*");
  d.end_game();
  const Game g = only_game(b);
  ASSERT_EQ(g.diagnostics.size(), 1U);
  EXPECT_EQ(g.diagnostics[0].severity, Severity::warning);
  EXPECT_EQ(g.start, fen::Position::start());
}

TEST(GameBuilder, HandsGamesToAFunction) {
  std::vector<std::uint64_t> seen;
  GameBuilder b([&](Game&& g) { seen.push_back(g.number); });
  Driver d(b);
  for (std::uint64_t n : {1, 2, 3}) {
    d.begin_game(n);
    d.begin_movetext();
    d.result("*");
    d.end_game();
  }
  EXPECT_EQ(seen, (std::vector<std::uint64_t>{1, 2, 3}));
  EXPECT_TRUE(b.games().empty());
}

// ---------------------------------------------------------------- accept()

const char* const kAnnotated = R"([Event "Replay"]
[White "W"]
[Black "B"]

{start} 1. e4 $1 {B} e5 (1... c5 {D} 2. Nf3 (2. c3 d5 (2... Nf6)) 2... d6) {E}
2. Nf3 ({F} 2. f4 exf4) ({H} 2. d4) Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 1-0

[Event "Second"]
[FEN "4k3/8/8/8/8/8/4P3/4K3 b - - 0 40"]

40... Kd7 41. e4 (41. Kd2 Ke6) Ke6 *
)";

// The tree replays into a visitor exactly the calls the driver made to build it: the same
// moves with the same positions, ply and depth, comments, NAGs and variations.
TEST(GameAccept, ReplaysWhatBuiltIt) {
  Recorder direct;
  testing::play_pgn(direct, kAnnotated);
  GameBuilder b;
  testing::play_pgn(b, kAnnotated);
  ASSERT_EQ(b.games().size(), 2U);
  Recorder replayed;
  for (const Game& g : b.games()) g.accept(replayed);
  EXPECT_EQ(replayed.calls, direct.calls);
  // Make sure the comparison is about something.
  EXPECT_GT(direct.calls.size(), 50U);
}

// The tree keeps a move's NAGs apart from its comments, so it replays NAGs first.
TEST(GameAccept, ReplaysNagsBeforeComments) {
  GameBuilder b;
  testing::play_pgn(b, "1. e4 {a} $1 {b} $2 *");
  Recorder r;
  b.games().at(0).accept(r);
  const Strings tail(r.calls.end() - 6, r.calls.end());
  EXPECT_EQ(tail, (Strings{"nag 1", "nag 2", "comment a", "comment b", "result *", "end_game"}));
}

TEST(GameAccept, SkipsAVariationWhenAsked) {
  GameBuilder b;
  testing::play_pgn(b, kAnnotated);
  // The 2nd variation is (2. c3 d5 (2... Nf6)), with one nested in it; the 1st is
  // (1... c5 ...), followed by {E}, which stands outside it and still comes.
  for (int skipped : {1, 2}) {
    SCOPED_TRACE(skipped);
    Recorder direct;
    direct.skip_variation = skipped;
    testing::play_pgn(direct, kAnnotated);
    Recorder replayed;
    replayed.skip_variation = skipped;
    b.games()[0].accept(replayed);
    b.games()[1].accept(replayed);
    EXPECT_EQ(replayed.calls, direct.calls);
    for (const std::string& call : replayed.calls)
      EXPECT_EQ(call.find("move c3"), std::string::npos);
    EXPECT_NE(std::find(replayed.calls.begin(), replayed.calls.end(), "comment E"),
              replayed.calls.end());
  }
}

TEST(GameAccept, SkipsTheRestOfTheGameWhenAMoveSaysSo) {
  GameBuilder b;
  testing::play_pgn(b, kAnnotated);
  Recorder replayed;
  replayed.skip_move = 4;  // 2. Nf3 in the variation 1... c5
  b.games()[0].accept(replayed);
  // After the skipped move: no more callbacks until end_game.
  ASSERT_GE(replayed.calls.size(), 2U);
  EXPECT_EQ(replayed.calls.back(), "end_game");
  EXPECT_EQ(replayed.calls[replayed.calls.size() - 2].rfind("move Nf3", 0), 0U);
}

TEST(GameAccept, SkipsTheWholeGameWhenAsked) {
  GameBuilder b;
  testing::play_pgn(b, kAnnotated);
  Recorder replayed;
  replayed.skip_game = true;
  b.games()[0].accept(replayed);
  EXPECT_EQ(replayed.calls, (Strings{"begin_game 1", "end_game"}));
}

TEST(GameAccept, ReplaysDiagnosticsAndRejection) {
  Game g;
  g.number = 5;
  g.rejected = true;
  g.raw = "1. e4 Ke3";
  g.diagnostics.push_back(Diagnostic{.message = "illegal move Ke3"});
  Recorder r;
  g.accept(r);
  EXPECT_EQ(r.calls, (Strings{"begin_game 5", "start_position " + std::string(fen::kStartFen),
                              "begin_movetext", "diagnostic illegal move Ke3",
                              "end_game rejected 1. e4 Ke3"}));
}

// A game passed over after its tags is not judged, as the reader has it: its tags, then
// end_game, not rejected, without its diagnostics.
TEST(GameAccept, AGameIgnoredAfterItsTagsIsNotJudged) {
  Game g;
  g.number = 5;
  g.tags.push_back(Tag{"White", "X"});
  g.rejected = true;
  g.raw = "[White \"X\"]\n[FEN \"8/8/8/8/8/8/8/8 w - - 0 1\"]";
  g.diagnostics.push_back(Diagnostic{.message = "bad FEN tag"});
  Recorder r;
  r.ignore_after_tags = true;
  g.accept(r);
  EXPECT_EQ(r.calls, (Strings{"begin_game 5", "tag White=X", "end_game"}));
}

TEST(GameAccept, ReplaysTokensWhenMovesWereNotChecked) {
  GameBuilder b;
  testing::play_pgn(b, "1. e4 e5 (1... c5) *", /*checked=*/false);
  Recorder r;
  b.games()[0].accept(r);
  EXPECT_EQ(r.calls,
            (Strings{"begin_game 1", "begin_movetext", "move e4 ply=1 depth=0 bits=0",
                     "move e5 ply=2 depth=0 bits=0", "begin_variation",
                     "move c5 ply=2 depth=1 bits=0", "end_variation", "result *", "end_game"}));
}

// ---------------------------------------------------------------- operator==

TEST(GameEquality, ComparesTheRecordNotWhereItWasRead) {
  GameBuilder b;
  testing::play_pgn(b, kAnnotated);
  testing::play_pgn(b, kAnnotated);
  ASSERT_EQ(b.games().size(), 4U);
  Game a = b.games()[0];
  Game c = b.games()[2];
  c.number = 99;
  c.where.line = 99;
  c.diagnostics.push_back(Diagnostic{.message = "x"});
  EXPECT_EQ(a, c);

  auto differs = [&](auto change) {
    Game d = a;
    change(d);
    return !(d == a);
  };
  EXPECT_TRUE(differs([](Game& g) { g.tags[0].value = "Other"; }));
  EXPECT_TRUE(differs([](Game& g) { g.result = "0-1"; }));
  EXPECT_TRUE(
      differs([](Game& g) { g.start = fen::position_from_fen("4k3/8/8/8/8/8/8/4K3 w - - 0 1"); }));
  EXPECT_TRUE(differs([](Game& g) { g.append_comment(kMainLine, Game::kBeforeFirstMove, "x"); }));
  EXPECT_TRUE(differs([](Game& g) { g.append_nag(kMainLine, 0, 2); }));
  EXPECT_TRUE(differs([](Game& g) { g.append_variation(1, 1); }));  // inside 1... c5 (...)
  EXPECT_TRUE(differs([](Game& g) { g.append_comment(kMainLine, 1, "x"); }));  // after (1... c5)
  EXPECT_TRUE(differs([](Game& g) { g.append_move(kMainLine, Move(g1, f3), "Nf3"); }));

  // The same shape with another move, or another comment text.
  auto read = [](std::string text) {
    GameBuilder builder;
    testing::play_pgn(builder, text);
    return builder.games().front();
  };
  const std::string annotated = kAnnotated;
  EXPECT_EQ(read(annotated), a);
  std::string other_comment = annotated;
  other_comment.replace(other_comment.find("{B}"), 3, "{b}");
  EXPECT_NE(read(other_comment), a);
  std::string other_move = annotated;
  other_move.replace(other_move.find("2... d6"), 7, "2... e6");
  EXPECT_NE(read(other_move), a);
}

}  // namespace
}  // namespace fenkit::pgn
