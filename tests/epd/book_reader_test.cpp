// Reading books: errors for books that cannot be used, lookups, and the corpus books read
// against an independent decoder (a few lines of big-endian arithmetic in book_test_support.hpp).
#include "fenkit/epd/book_reader.hpp"

#include <gtest/gtest.h>

#include <map>
#include <random>

#include "book_test_support.hpp"
#include "fenkit/epd/book_move.hpp"
#include "fenkit/epd/book_writer.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/san.hpp"
#include "test_support.hpp"

namespace fenkit {
namespace {

using epd::Book;
using epd::BookEntry;
using epd::BookError;
using epd::BookFault;

std::vector<unsigned char> bytes_of(const std::vector<BookEntry>& entries) {
  return epd::book_bytes(entries);
}

// Runs `open` and returns the BookError it throws (failing the test if it throws none).
template <typename Open>
BookError error_of(Open open) {
  try {
    open();
  } catch (const BookError& e) {
    return e;
  }
  ADD_FAILURE() << "no BookError";
  return BookError(BookFault::unreadable, "", "");
}

TEST(BookReader, EmptyBookHasNoMoves) {
  const Book book = Book::from_bytes("empty.bin", {});
  EXPECT_TRUE(book.empty());
  EXPECT_TRUE(book.moves(fen::Position()).empty());
}

TEST(BookReader, TruncatedBookIsRejectedWithItsPlace) {
  std::vector<unsigned char> bytes = bytes_of({{1, 2, 3, 4}, {5, 6, 7, 8}});
  bytes.resize(bytes.size() - 5);  // 27 bytes: one whole entry and 11 bytes of the second
  const BookError e = error_of([&] { Book::from_bytes("cut.bin", bytes); });
  EXPECT_EQ(e.fault(), BookFault::size);
  EXPECT_EQ(e.file(), "cut.bin");
  EXPECT_EQ(e.offset(), 16U);
  EXPECT_STREQ(e.what(),
               "cut.bin: byte 16: the size, 27 bytes, is not a whole number of 16-byte entries: "
               "11 bytes left after entry 1 (truncated or damaged book)");
  // Asked to, the reader keeps the whole entries and says how much it left.
  const Book book = Book::from_bytes("cut.bin", bytes, {.ignore_trailing_bytes = true});
  EXPECT_EQ(book.size(), 1U);
  EXPECT_EQ(book.ignored_bytes(), 11U);
  EXPECT_EQ(book.entry(0), (BookEntry{1, 2, 3, 4}));
}

TEST(BookReader, UnsortedBookIsRejectedWithTheEntry) {
  const std::vector<BookEntry> entries = {
      {0x10, 1, 1, 0}, {0x20, 1, 1, 0}, {0x20, 2, 1, 0}, {0x08, 1, 1, 0}};
  const BookError e = error_of([&] { Book::from_bytes("mixed.bin", bytes_of(entries)); });
  EXPECT_EQ(e.fault(), BookFault::order);
  EXPECT_EQ(e.offset(), 48U);  // the fourth entry
  EXPECT_STREQ(
      e.what(),
      "mixed.bin: byte 48: entries are not sorted by key: entry 4 has key 0000000000000008, "
      "smaller than the key 0000000000000020 of the entry before it");
}

TEST(BookReader, MissingFileAndDirectory) {
  EXPECT_EQ(error_of([] { Book::open("/nonexistent/book.bin"); }).fault(), BookFault::unreadable);
  const testing::TempDir dir;
  const BookError e = error_of([&] { Book::open(dir.path().string()); });
  EXPECT_EQ(e.fault(), BookFault::unreadable);
  EXPECT_EQ(e.file(), dir.path().string());
}

TEST(BookReader, EmptyFileIsAnEmptyBook) {
  const testing::TempDir dir;
  testing::write_text(dir / "empty.bin", "");
  EXPECT_TRUE(Book::open((dir / "empty.bin").string()).empty());
}

TEST(BookReader, FindsEveryEntryOfAKey) {
  // Keys 3, 5, 5, 5, 9: find(5) is entries 1-3, absent keys give empty ranges at their place.
  const Book book = Book::from_bytes(
      "b", bytes_of({{3, 1, 1, 0}, {5, 1, 1, 0}, {5, 2, 1, 0}, {5, 3, 1, 0}, {9, 1, 1, 0}}));
  EXPECT_EQ(book.find(5).first, 1U);
  EXPECT_EQ(book.find(5).last, 4U);
  EXPECT_TRUE(book.find(4).empty());
  EXPECT_TRUE(book.find(0).empty());
  EXPECT_TRUE(book.find(10).empty());
  EXPECT_EQ(book.find(9).size(), 1U);
  EXPECT_EQ(book.find(3).first, 0U);
}

TEST(BookReader, MovesOfAPositionWithIllegalOnesMarked) {
  const fen::Position start;
  const std::uint64_t key = fen::polyglot_key(start);
  // e2e4 (0x31c) weight 7 learn 9, then e2e5 (12 << 6 | 36), no legal move: kept, marked.
  const Book book =
      Book::from_bytes("b", bytes_of({{key, 0x31C, 7, 9}, {key, 12 << 6 | 36, 2, 0}}));
  const auto moves = book.moves(start);
  ASSERT_EQ(moves.size(), 2U);
  EXPECT_EQ(fen::to_san(start, moves[0].move), "e4");
  EXPECT_EQ(moves[0].weight, 7);
  EXPECT_EQ(moves[0].learn, 9U);
  EXPECT_FALSE(moves[1].move);
  EXPECT_EQ(moves[1].code, 12 << 6 | 36);
}

TEST(BookReader, ChooseFollowsTheWeights) {
  const fen::Position start;
  const std::uint64_t key = fen::polyglot_key(start);
  // Weights 3 : 1 : 0 and an illegal move of weight 100, which must never be chosen.
  const Book book = Book::from_bytes("b", bytes_of({{key, 0x31C, 3, 0},
                                                    {key, 0x2DB, 1, 0},
                                                    {key, 12 << 6 | 36, 100, 0},
                                                    {key, 0x29A, 0, 0}}));
  const auto moves = book.moves(start);
  std::mt19937_64 rng(1);
  std::map<std::uint16_t, int> counts;
  for (int i = 0; i < 40000; ++i) ++counts[epd::choose_move(moves, rng)->code];
  EXPECT_EQ(counts.size(), 2U);
  // Expected 30000 and 10000; the bounds are over 10 standard deviations (sd = 87).
  EXPECT_NEAR(counts[0x31C], 30000, 1000);
  EXPECT_NEAR(counts[0x2DB], 10000, 1000);
  // Nothing to choose from: no moves, or only illegal and weightless ones.
  EXPECT_FALSE(epd::choose_move(std::span<const epd::BookMove>(moves).subspan(2), rng));
  EXPECT_FALSE(epd::choose_move(std::span<const epd::BookMove>(), rng));
}

// ------------------------------------------------------------ The corpus books

void expect_same_as_independent_decoding(const std::filesystem::path& path, bool ignore_trailing) {
  const std::string bytes = testing::read_file(path);
  const std::vector<testing::RawEntry> raw = testing::raw_entries(bytes);
  const Book book = Book::open(path.string(), {.ignore_trailing_bytes = ignore_trailing});
  ASSERT_EQ(book.size(), raw.size());
  for (std::size_t i = 0; i < raw.size(); ++i) {
    const BookEntry e = book.entry(i);
    ASSERT_EQ((testing::RawEntry{e.key, e.move, e.weight, e.learn}), raw[i]) << "entry " << i;
  }
}

TEST(BookCorpus, EntriesMatchIndependentDecoding) {
  FENKIT_REQUIRE_CORPUS(performance, "polyglot/performance.bin");
  FENKIT_REQUIRE_CORPUS(gnuchess, "polyglot/gnuchess-book.bin");
  FENKIT_REQUIRE_CORPUS(lasker, "polyglot/lasker-trap.bin");
  FENKIT_REQUIRE_CORPUS(small, "polyglot/gnuchess-smallbook.bin");
  expect_same_as_independent_decoding(performance, false);
  expect_same_as_independent_decoding(gnuchess, false);
  expect_same_as_independent_decoding(lasker, false);
  expect_same_as_independent_decoding(small, true);
  // SOURCES.md: 92,954 and 180,358 entries, 7 in the trap book.
  EXPECT_EQ(Book::open(performance.string()).size(), 92954U);
  EXPECT_EQ(Book::open(gnuchess.string()).size(), 180358U);
  EXPECT_EQ(Book::open(lasker.string()).size(), 7U);
}

TEST(BookCorpus, SmallbookWithItsStrayByte) {
  FENKIT_REQUIRE_CORPUS(small, "polyglot/gnuchess-smallbook.bin");
  // 38,673 bytes = 2,417 entries and 1 byte: rejected by default, readable when asked.
  const BookError e = error_of([&] { Book::open(small.string()); });
  EXPECT_EQ(e.fault(), BookFault::size);
  EXPECT_EQ(e.offset(), 2417U * 16);
  EXPECT_NE(std::string(e.what()).find("1 byte left after entry 2417"), std::string::npos)
      << e.what();
  const Book book = Book::open(small.string(), {.ignore_trailing_bytes = true});
  EXPECT_EQ(book.size(), 2417U);
  EXPECT_EQ(book.ignored_bytes(), 1U);
}

// The moves of sample positions, from the book and from the raw entries with the same key.
// Each decoded move must be legal and have the code's squares.
void expect_probe_matches_raw(const std::filesystem::path& path, const fen::Position& pos) {
  const Book book = Book::open(path.string());
  const std::vector<testing::RawEntry> raw = testing::raw_entries(testing::read_file(path));
  std::vector<testing::RawEntry> expected;
  for (const auto& e : raw)
    if (e.key == fen::polyglot_key(pos)) expected.push_back(e);
  const auto moves = book.moves(pos);
  ASSERT_FALSE(moves.empty()) << fen::to_fen(pos);
  ASSERT_EQ(moves.size(), expected.size());
  for (std::size_t i = 0; i < moves.size(); ++i) {
    EXPECT_EQ(moves[i].code, expected[i].move);
    EXPECT_EQ(moves[i].weight, expected[i].weight);
    EXPECT_EQ(moves[i].learn, expected[i].learn);
    ASSERT_TRUE(moves[i].move) << "book move " << epd::book_move_text(moves[i].code) << " in "
                               << fen::to_fen(pos);
    EXPECT_EQ(int(moves[i].move.from()), int(expected[i].move >> 6 & 63));
    EXPECT_EQ(int(moves[i].move.to()), int(expected[i].move & 63));
  }
}

TEST(BookCorpus, ProbesMatchRawEntries) {
  FENKIT_REQUIRE_CORPUS(performance, "polyglot/performance.bin");
  FENKIT_REQUIRE_CORPUS(gnuchess, "polyglot/gnuchess-book.bin");
  // The start position and positions along the main lines of both books.
  for (const auto& path : {performance, gnuchess}) {
    fen::Position pos;
    for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bb5", "a6"}) {
      expect_probe_matches_raw(path, pos);
      pos.play(fen::read_san(pos, san).move);
    }
  }
}

TEST(BookCorpus, PerformanceBookStartPosition) {
  FENKIT_REQUIRE_CORPUS(performance, "polyglot/performance.bin");
  // `polyglot dump-book -color white` on this book starts its lines with 1. e4{33%}, the
  // share of e4 among the start position's moves: three moves of equal weight.
  const auto moves = Book::open(performance.string()).moves(fen::Position());
  ASSERT_EQ(moves.size(), 3U);
  const fen::Position start;
  EXPECT_EQ(fen::to_san(start, moves[0].move), "e4");
  EXPECT_EQ(moves[0].weight, moves[1].weight);
  EXPECT_EQ(moves[1].weight, moves[2].weight);
}

TEST(BookCorpus, CastlingEntriesDecodeAsCastling) {
  FENKIT_REQUIRE_CORPUS(gnuchess, "polyglot/gnuchess-book.bin");
  // 1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5: White may castle; if the book has e1h1 here it must
  // decode to castling, never to a king move.
  fen::Position pos;
  for (const char* san : {"e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"})
    pos.play(fen::read_san(pos, san).move);
  const auto moves = Book::open(gnuchess.string()).moves(pos);
  bool castles = false;
  for (const auto& m : moves)
    if (m.code == 0x107) {
      castles = true;
      EXPECT_TRUE(m.move.is_castling());
      EXPECT_EQ(fen::to_san(pos, m.move), "O-O");
    }
  EXPECT_TRUE(castles) << "the book should castle in the Italian game";
}

}  // namespace
}  // namespace fenkit
