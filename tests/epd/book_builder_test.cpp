// The builder on games small enough to count by hand.
#include "fenkit/epd/book_builder.hpp"

#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <stdexcept>
#include <string>

#include "book_test_support.hpp"
#include "fenkit/epd/book_move.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit {
namespace {

using epd::BookBuilder;
using epd::BookEntry;
using epd::GameResult;

std::vector<fen::Move> line(const fen::Position& start, std::initializer_list<const char*> sans) {
  std::vector<fen::Move> moves;
  fen::Position pos = start;
  for (const char* san : sans) {
    const fen::Move m = fen::read_san(pos, san).move;
    EXPECT_TRUE(m) << san;
    moves.push_back(m);
    pos.play(m);
  }
  return moves;
}

std::vector<fen::Move> line(std::initializer_list<const char*> sans) {
  return line(fen::Position(), sans);
}

// The weight the book gives `san` after the moves `before`, or -1 if it has no such entry.
int weight_of(const std::vector<BookEntry>& book, std::initializer_list<const char*> before,
              const char* san) {
  fen::Position pos;
  for (const fen::Move m : line(before)) pos.play(m);
  const std::uint16_t code = epd::encode_book_move(fen::read_san(pos, san).move);
  for (const BookEntry& e : book)
    if (e.key == fen::polyglot_key(pos) && e.move == code) return e.weight;
  return -1;
}

// Four games, counted by hand (wins 2, draws 1, losses 0 for the side that moved):
//   1. e4 e5 2. Nf3 Nc6 1-0      1. e4 e5 2. Nf3 Nf6 1/2-1/2
//   1. e4 c5 2. Nf3 d6  0-1      1. e4 e5 2. Nf3 Nc6 *   (unknown: a draw)
// e4: 4 games, 2+1+0+1 = 4. e5: 3 games, 0+1+1 = 2. c5: 1 game, 2. Nf3 after e5: 3 games, 2+1+1
// = 4. Nf3 after c5: 1 game, 0. Nc6: 2 games, 0+1 = 1. Nf6: 1. d6: 2.
void add_four_games(BookBuilder& builder) {
  builder.add_game(fen::Position(), line({"e4", "e5", "Nf3", "Nc6"}), GameResult::white_wins);
  builder.add_game(fen::Position(), line({"e4", "e5", "Nf3", "Nf6"}), GameResult::draw);
  builder.add_game(fen::Position(), line({"e4", "c5", "Nf3", "d6"}), GameResult::black_wins);
  builder.add_game(fen::Position(), line({"e4", "e5", "Nf3", "Nc6"}), GameResult::unknown);
}

TEST(BookBuilder, WeightsAreTwiceWinsPlusDraws) {
  BookBuilder builder({.min_games = 1});
  add_four_games(builder);
  const auto book = builder.entries();
  EXPECT_EQ(weight_of(book, {}, "e4"), 4);
  EXPECT_EQ(weight_of(book, {"e4"}, "e5"), 2);
  EXPECT_EQ(weight_of(book, {"e4"}, "c5"), 2);
  EXPECT_EQ(weight_of(book, {"e4", "e5"}, "Nf3"), 4);
  EXPECT_EQ(weight_of(book, {"e4", "c5"}, "Nf3"), -1);  // scored nothing: left out
  EXPECT_EQ(weight_of(book, {"e4", "e5", "Nf3"}, "Nc6"), 1);
  EXPECT_EQ(weight_of(book, {"e4", "e5", "Nf3"}, "Nf6"), 1);
  EXPECT_EQ(weight_of(book, {"e4", "c5", "Nf3"}, "d6"), 2);
  EXPECT_EQ(book.size(), 7U);
  // e5 and c5 tie at 2: the one seen first comes first.
  EXPECT_EQ(builder.pair_count(), 8U);
}

TEST(BookBuilder, MinGames) {
  BookBuilder builder;  // 3 by default: e4 (4 games), e5 (3), Nf3 after e5 (3)
  add_four_games(builder);
  const auto book = builder.entries();
  EXPECT_EQ(book.size(), 3U);
  EXPECT_EQ(weight_of(book, {}, "e4"), 4);
  EXPECT_EQ(weight_of(book, {"e4"}, "e5"), 2);
  EXPECT_EQ(weight_of(book, {"e4", "e5"}, "Nf3"), 4);
}

TEST(BookBuilder, MinScoreIsThePercentageOfTheMover) {
  // Scores: e4 4/(2*4) = 50%, e5 2/6 = 33.3%, c5 100%, Nf3 (after e5) 4/6 = 66.7%, Nc6 25%,
  // Nf6 50%, d6 100%.
  BookBuilder builder({.min_games = 1, .min_score = 50});
  add_four_games(builder);
  const auto book = builder.entries();
  EXPECT_EQ(weight_of(book, {}, "e4"), 4);  // exactly 50 passes
  EXPECT_EQ(weight_of(book, {"e4"}, "e5"), -1);
  EXPECT_EQ(weight_of(book, {"e4", "e5", "Nf3"}, "Nc6"), -1);
  EXPECT_EQ(weight_of(book, {"e4", "e5", "Nf3"}, "Nf6"), 1);
  EXPECT_EQ(book.size(), 5U);
}

TEST(BookBuilder, OnlyOneColourAndUniform) {
  BookBuilder white({.min_games = 1, .only_white = true}),
      black({.min_games = 1, .only_black = true}), uniform({.min_games = 1, .uniform = true});
  add_four_games(white);
  add_four_games(black);
  add_four_games(uniform);
  EXPECT_EQ(white.entries().size(), 2U);  // e4, Nf3 after e5
  EXPECT_EQ(black.entries().size(), 5U);  // e5, c5, Nc6, Nf6, d6
  const auto book = uniform.entries();
  EXPECT_EQ(book.size(), 7U);  // still without the move that scored nothing
  for (const BookEntry& e : book) EXPECT_EQ(e.weight, 1);
}

TEST(BookBuilder, MaxPly) {
  BookBuilder builder({.max_ply = 2, .min_games = 1});
  add_four_games(builder);
  EXPECT_EQ(builder.entries().size(), 3U);  // e4, e5, c5
}

TEST(BookBuilder, IllegalGameLeavesNoTrace) {
  BookBuilder builder({.min_games = 1});
  std::vector<fen::Move> moves = line({"e4", "e5", "Nf3"});
  moves.push_back(fen::read_uci(fen::Position(), "e2e4"));  // not legal for Black at ply 4
  const auto rejection = builder.add_game(fen::Position(), moves, GameResult::white_wins);
  ASSERT_TRUE(rejection);
  EXPECT_EQ(rejection->ply, 4U);
  EXPECT_EQ(rejection->message, "illegal move e2e4 at ply 4");
  EXPECT_TRUE(builder.entries().empty());
  EXPECT_EQ(builder.stats().rejected_games, 1U);
  EXPECT_EQ(builder.stats().games, 0U);
  // Beyond max-ply the moves are not looked at, as in Polyglot.
  BookBuilder short_builder({.max_ply = 3, .min_games = 1});
  EXPECT_FALSE(short_builder.add_game(fen::Position(), moves, GameResult::white_wins));
  EXPECT_EQ(short_builder.entries().size(), 2U);  // e4 and Nf3 (e5 lost)
}

TEST(BookBuilder, NullMoveEndsTheUsefulPart) {
  BookBuilder builder({.min_games = 1});
  std::vector<fen::Move> moves = line({"e4"});
  moves.push_back(fen::Move::null());
  moves.push_back(fen::read_uci(fen::Position(), "d2d4"));
  EXPECT_FALSE(builder.add_game(fen::Position(), moves, GameResult::white_wins));
  EXPECT_EQ(builder.entries().size(), 1U);
}

TEST(BookBuilder, GamesFromAnotherStart) {
  const fen::Position start = fen::position_from_fen("4k3/8/8/8/8/8/4P3/4K3 w - - 0 1");
  BookBuilder builder({.min_games = 1});
  EXPECT_FALSE(builder.add_game(start, line(start, {"e4", "Kd7"}), GameResult::white_wins));
  const auto book = builder.entries();
  ASSERT_EQ(book.size(), 1U);  // Kd7 lost
  EXPECT_EQ(book[0].key, fen::polyglot_key(start));
  EXPECT_EQ(book[0].move, 0x31C);
  EXPECT_EQ(book[0].weight, 2);
}

TEST(BookBuilder, HalvingAt16384Games) {
  // 16383 draws with 1. e4, 1 win with 1. d4, then one more e4 draw: e4 reaches 16384 games
  // and the start position's counts are halved, rounding up: e4 n 8192, points (16384+1)/2
  // = 8192; d4 n 1, points (2+1)/2 = 1.
  BookBuilder builder({.min_games = 1});
  const auto e4 = line({"e4"}), d4 = line({"d4"});
  for (int i = 0; i < 16383; ++i) builder.add_game(fen::Position(), e4, GameResult::draw);
  builder.add_game(fen::Position(), d4, GameResult::white_wins);
  EXPECT_EQ(weight_of(builder.entries(), {}, "e4"), 16383);
  EXPECT_EQ(builder.stats().halvings, 0U);  // counted as the book is made
  builder.add_game(fen::Position(), e4, GameResult::draw);
  const auto book = builder.entries();
  EXPECT_EQ(builder.stats().halvings, 1U);
  EXPECT_EQ(weight_of(book, {}, "e4"), 8192);
  EXPECT_EQ(weight_of(book, {}, "d4"), 1);
}

// A memory limit of a few plies: every game goes to its own sorted run on disk, and the runs
// merge to the same book as the plies kept in memory.
TEST(BookBuilder, RunsOnDiskMergeToTheSameBook) {
  BookBuilder in_memory({.min_games = 1}), on_disk({.min_games = 1, .memory_limit = 64});
  for (BookBuilder* builder : {&in_memory, &on_disk}) {
    add_four_games(*builder);
    for (int i = 0; i < 20; ++i)
      builder->add_game(fen::Position(), line({"d4", "d5", "c4"}), GameResult(i % 4));
  }
  EXPECT_EQ(in_memory.stats().spilled_runs, 0U);
  EXPECT_GT(on_disk.stats().spilled_runs, 10U);
  const auto book = in_memory.entries();
  EXPECT_EQ(on_disk.entries(), book);
  EXPECT_EQ(on_disk.entries(), book);  // and again: the runs are read anew
  EXPECT_EQ(on_disk.pair_count(), in_memory.pair_count());
  EXPECT_EQ(in_memory.pair_count(), 11U);
}

// Runs go where TMPDIR says (a book of a month of games spills gigabytes): a TMPDIR that cannot
// hold them fails the build with the folder named, and one that can gets no file left behind.
TEST(BookBuilder, RunsGoWhereTmpdirSays) {
  const char* before = std::getenv("TMPDIR");
  const std::string saved = before ? before : "";
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / "fenkit-book-tmpdir-test";
  ::setenv("TMPDIR", "/nonexistent-fenkit-tmpdir", 1);
  BookBuilder builder({.min_games = 1, .memory_limit = 64});
  try {
    for (int i = 0; i < 20; ++i)
      builder.add_game(fen::Position(), line({"d4", "d5", "c4"}), GameResult(i % 4));
    (void)builder.entries();
    ADD_FAILURE() << "the spill went somewhere TMPDIR does not name";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("/nonexistent-fenkit-tmpdir"), std::string::npos) << e.what();
  }
  std::filesystem::create_directories(dir);
  ::setenv("TMPDIR", dir.c_str(), 1);
  BookBuilder spilling({.min_games = 1, .memory_limit = 64});
  for (int i = 0; i < 20; ++i)
    spilling.add_game(fen::Position(), line({"d4", "d5", "c4"}), GameResult(i % 4));
  EXPECT_GT(spilling.stats().spilled_runs, 10U);
  EXPECT_FALSE(spilling.entries().empty());
  EXPECT_TRUE(std::filesystem::is_empty(dir));  // unlinked as soon as made
  if (saved.empty()) ::unsetenv("TMPDIR");
  else ::setenv("TMPDIR", saved.c_str(), 1);
  std::filesystem::remove_all(dir);
}

TEST(BookBuilder, Chess960CastlingAsKingTakesRook) {
  // King b1, rooks a1 and h1; O-O-O is b1a1 = 1 << 6 | 0 = 0x40.
  const fen::Position start =
      fen::position_from_fen("rk5r/8/8/8/8/8/8/RK5R w KQkq - 0 1", {.chess960 = true});
  BookBuilder builder({.min_games = 1});
  EXPECT_FALSE(builder.add_game(start, line(start, {"O-O-O"}), GameResult::white_wins));
  const auto book = builder.entries();
  ASSERT_EQ(book.size(), 1U);
  EXPECT_EQ(book[0].move, 0x40);
}

TEST(BookBuilder, AmbiguousChess960PositionsAreLeftOut) {
  // White's queen-side right belongs to the inner rook b1 (a1 is nearer the corner): every
  // position is left out while that right lasts.
  const fen::Position start =
      fen::position_from_fen("4k3/8/8/8/8/8/7P/RR2K3 w B - 0 1", {.chess960 = true});
  BookBuilder builder({.min_games = 1});
  EXPECT_FALSE(builder.add_game(start, line(start, {"h3", "Kd7", "Rb2", "Kc7"}), GameResult::draw));
  // h3, Kd7 and Rb2 are played from positions with the right; Rb2 gives it up, so Kc7 is kept.
  EXPECT_EQ(builder.stats().ambiguous_plies, 3U);
  EXPECT_EQ(builder.entries().size(), 1U);
}

TEST(BookBuilder, ResultText) {
  EXPECT_EQ(epd::parse_game_result("1-0"), GameResult::white_wins);
  EXPECT_EQ(epd::parse_game_result("0-1"), GameResult::black_wins);
  EXPECT_EQ(epd::parse_game_result("1/2-1/2"), GameResult::draw);
  EXPECT_EQ(epd::parse_game_result("*"), GameResult::unknown);
  EXPECT_EQ(epd::parse_game_result("1/2"), GameResult::unknown);
}

}  // namespace
}  // namespace fenkit
