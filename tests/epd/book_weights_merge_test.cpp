// Books from weighted moves, merging, and walking a book's positions; small cases by hand.
#include <gtest/gtest.h>

#include "book_test_support.hpp"
#include "fenkit/epd/book_builder.hpp"
#include "fenkit/epd/book_merge.hpp"
#include "fenkit/epd/book_walk.hpp"
#include "fenkit/epd/book_weights.hpp"
#include "fenkit/epd/book_writer.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "test_support.hpp"

namespace fenkit {
namespace {

using epd::BookEntry;

fen::Move uci(const fen::Position& pos, const char* text) {
  const fen::Move m = fen::read_uci(pos, text);
  EXPECT_TRUE(m) << text;
  return m;
}

// ------------------------------------------------------------ BookWeights

TEST(BookWeights, RepeatedPairsAddUp) {
  const fen::Position start;
  const std::uint64_t key = fen::polyglot_key(start);
  epd::BookWeights weights;
  weights.add(start, uci(start, "d2d4"));
  weights.add(start, uci(start, "e2e4"), 3);
  weights.add(start, uci(start, "d2d4"), 4);
  weights.add(start, uci(start, "c2c4"), 5);
  weights.add(start, uci(start, "g1f3"), 0);
  // d4 1 + 4 = 5 ties with c4 5: first seen first. e4 3 after; Nf3 weighs nothing: a move the
  // book knows and never plays (g1f3 = 6 << 6 | 21).
  const std::vector<BookEntry> expected = {
      {key, 0x2DB, 5, 0}, {key, 0x29A, 5, 0}, {key, 0x31C, 3, 0}, {key, 0x195, 0, 0}};
  EXPECT_EQ(weights.entries(), expected);
}

TEST(BookWeights, HeavyPositionsAreScaledTogether) {
  const fen::Position start;
  epd::BookWeights weights;
  // 131070 : 65535 : 1 becomes 65535 : 32768 (32767.5 rounded) : 1 (0.5, but at least 1).
  weights.add(start, uci(start, "e2e4"), 131070);
  weights.add(start, uci(start, "d2d4"), 65535);
  weights.add(start, uci(start, "c2c4"), 1);
  const auto book = weights.entries();
  ASSERT_EQ(book.size(), 3U);
  EXPECT_EQ(book[0].weight, 65535);
  EXPECT_EQ(book[1].weight, 32768);
  EXPECT_EQ(book[2].weight, 1);
}

TEST(BookWeights, ColourFilterAndUniform) {
  fen::Position pos;
  epd::BookWeights white({.only_white = true}), uniform({.uniform = true});
  for (epd::BookWeights* w : {&white, &uniform}) w->add(pos, uci(pos, "e2e4"), 7);
  pos.play(uci(pos, "e2e4"));
  for (epd::BookWeights* w : {&white, &uniform}) w->add(pos, uci(pos, "e7e5"), 9);
  ASSERT_EQ(white.entries().size(), 1U);
  EXPECT_EQ(white.entries()[0].move, 0x31C);
  for (const BookEntry& e : uniform.entries()) EXPECT_EQ(e.weight, 1);
  EXPECT_EQ(uniform.entries().size(), 2U);
}

// ------------------------------------------------------------ merge_books

// The cases below were run through `polyglot merge-book` (2.0.4) by hand, entries written as
// (key, move, weight, learn); its output is the expected value.
TEST(BookMerge, AddsWeightsLikePolyglot) {
  using epd::merge_books;
  // Shared move: weights add, learn from the first book; the second book's new moves follow.
  EXPECT_EQ(merge_books(std::vector<BookEntry>{{5, 1, 10, 0x11112222}, {5, 2, 20, 3}},
                        std::vector<BookEntry>{{5, 2, 30, 0x44445555}, {5, 3, 1, 6}}),
            (std::vector<BookEntry>{{5, 1, 10, 0x11112222}, {5, 2, 50, 3}, {5, 3, 1, 6}}));
  // The first book's order stays even when the second book weighs more.
  EXPECT_EQ(merge_books(std::vector<BookEntry>{{5, 1, 1, 0}, {5, 2, 1, 0}},
                        std::vector<BookEntry>{{5, 3, 100, 0}, {5, 2, 100, 0}, {5, 4, 50, 0}}),
            (std::vector<BookEntry>{{5, 1, 1, 0}, {5, 2, 101, 0}, {5, 3, 100, 0}, {5, 4, 50, 0}}));
  // A move twice in the first book: the second book adds to the first of them; twice in the
  // second book: both add to the first book's entry.
  EXPECT_EQ(merge_books(std::vector<BookEntry>{{5, 1, 1, 0}, {5, 1, 2, 0}},
                        std::vector<BookEntry>{{5, 1, 100, 0}}),
            (std::vector<BookEntry>{{5, 1, 101, 0}, {5, 1, 2, 0}}));
  EXPECT_EQ(merge_books(std::vector<BookEntry>{{5, 1, 1, 0}},
                        std::vector<BookEntry>{{5, 1, 100, 0}, {5, 1, 7, 0}}),
            (std::vector<BookEntry>{{5, 1, 108, 0}}));
  // Repeats of a move new to the position stay apart.
  EXPECT_EQ(merge_books(std::vector<BookEntry>{{5, 1, 1, 0}},
                        std::vector<BookEntry>{{5, 3, 1, 9}, {5, 3, 2, 8}}),
            (std::vector<BookEntry>{{5, 1, 1, 0}, {5, 3, 1, 9}, {5, 3, 2, 8}}));
  // Positions in one book only, and zero weights, pass through.
  EXPECT_EQ(merge_books(std::vector<BookEntry>{{5, 1, 1, 0}, {6, 1, 0, 0}},
                        std::vector<BookEntry>{{4, 1, 1, 0}}),
            (std::vector<BookEntry>{{4, 1, 1, 0}, {5, 1, 1, 0}, {6, 1, 0, 0}}));
}

TEST(BookMerge, SumsAreCappedWherePolyglotWraps) {
  // polyglot merge-book writes 60000 + 10000 as 4464 (70000 - 65536); a cap keeps the move
  // the heaviest it was meant to be.
  EXPECT_EQ(epd::merge_books(std::vector<BookEntry>{{5, 1, 60000, 0}},
                             std::vector<BookEntry>{{5, 1, 10000, 0}}),
            (std::vector<BookEntry>{{5, 1, 65535, 0}}));
}

TEST(BookMerge, FirstWins) {
  EXPECT_EQ(epd::merge_books(std::vector<BookEntry>{{5, 1, 1, 0}, {7, 1, 1, 0}},
                             std::vector<BookEntry>{{5, 2, 9, 0}, {5, 1, 9, 0}, {6, 1, 1, 0}},
                             epd::BookMergeMode::first_wins),
            (std::vector<BookEntry>{{5, 1, 1, 0}, {6, 1, 1, 0}, {7, 1, 1, 0}}));
}

// ------------------------------------------------------------ walk_book

epd::Book book_of(const std::vector<BookEntry>& entries) {
  return epd::Book::from_bytes("walk.bin", epd::book_bytes(entries));
}

TEST(BookWalk, FollowsTheBookAndStepsOverGaps) {
  // A White-only book of 1. e4 e5 2. Nf3 and 1. e4 c5 2. Nf3: the Black positions after e4
  // are not in it, so reaching the two positions after Black's reply takes a gap of one.
  epd::BookBuilder builder({.min_games = 1, .only_white = true});
  for (const auto* first_reply : {"e7e5", "c7c5"}) {
    fen::Position pos;
    std::vector<fen::Move> moves;
    for (const char* m : {"e2e4", first_reply, "g1f3"}) {
      moves.push_back(uci(pos, m));
      pos.play(moves.back());
    }
    builder.add_game(fen::Position(), moves, epd::GameResult::white_wins);
  }
  const epd::Book book = book_of(builder.entries());
  const fen::Position start;
  const auto walk = epd::walk_book(book, std::span(&start, 1));
  EXPECT_EQ(walk.keys, 3U);
  EXPECT_EQ(walk.unreached_keys, 0U);
  ASSERT_EQ(walk.positions.size(), 3U);
  EXPECT_EQ(walk.positions[0], start);
  // Without gaps only the start is found.
  const auto strict = epd::walk_book(book, std::span(&start, 1), {.max_gap = 0});
  EXPECT_EQ(strict.positions.size(), 1U);
  EXPECT_EQ(strict.unreached_keys, 2U);
  EXPECT_EQ(strict.unreached_entries, 2U);
}

TEST(BookWalk, LaskerTrapBookFromTheStart) {
  FENKIT_REQUIRE_CORPUS(path, "polyglot/lasker-trap.bin");
  // The book has no entry for the start position (SOURCES.md); its first position is one
  // ply in, which the walk reaches through the start position as a gap.
  const epd::Book book = epd::Book::open(path.string());
  const fen::Position start;
  EXPECT_TRUE(book.moves(start).empty());
  const auto walk = epd::walk_book(book, std::span(&start, 1));
  EXPECT_EQ(walk.keys, 7U);
  EXPECT_EQ(walk.unreached_keys, 0U);
  EXPECT_EQ(walk.positions.size(), 7U);
  for (const fen::Position& pos : walk.positions) {
    EXPECT_FALSE(book.moves(pos).empty());
    for (const auto& m : book.moves(pos)) EXPECT_TRUE(m.move) << fen::to_fen(pos);
  }
}

}  // namespace
}  // namespace fenkit
