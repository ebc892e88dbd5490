// The Polyglot book reader on arbitrary bytes.
//
// The input is a book file. Opening it either fails with a BookError that says why (size or
// order), or gives a book whose entries are exactly the bytes, in key order, in which every
// key is found where it is, and whose moves for a few positions are legal moves that the book
// encoding gives back. Walking the book from the start position must not fail either.
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "fenkit/epd/book_move.hpp"
#include "fenkit/epd/book_reader.hpp"
#include "fenkit/epd/book_walk.hpp"
#include "fenkit/epd/book_writer.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fuzz_check.hpp"

namespace {

using namespace fenkit;
using namespace fenkit::epd;

// Positions whose moves include castling (standard and Chess960), en passant and promotions.
const fen::Position& probe_position(std::size_t i) {
  static const fen::Position positions[] = {
      fen::Position::start(),
      fen::position_from_fen(
          "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
      fen::position_from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"),
      fen::position_from_fen("1n2k3/P1P5/8/8/8/8/5p1p/4K1N1 w - - 0 1"),
      fen::position_from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9"),
  };
  return positions[i % (sizeof positions / sizeof positions[0])];
}

void check_book(const Book& book, const std::vector<unsigned char>& bytes) {
  const std::vector<BookEntry> entries = book.entries();
  FUZZ_CHECK(entries.size() == book.size() && book.size() == bytes.size() / kBookEntrySize,
             "entry count");
  FUZZ_CHECK(book.ignored_bytes() == bytes.size() % kBookEntrySize, "ignored bytes");
  FUZZ_CHECK(keys_are_sorted(entries), "an opened book is not sorted");
  std::vector<unsigned char> written = book_bytes(entries);
  written.insert(written.end(), bytes.end() - std::ptrdiff_t(book.ignored_bytes()), bytes.end());
  FUZZ_CHECK(written == bytes, "the entries do not give back the book's bytes");

  for (std::size_t i = 0; i < entries.size(); ++i) {
    const Book::Range range = book.find(entries[i].key);
    FUZZ_CHECK(range.first <= i && i < range.last,
               "entry " + std::to_string(i) + " not found by its key");
    FUZZ_CHECK(range.first == 0 || book.key_at(range.first - 1) != entries[i].key,
               "range starts late");
    FUZZ_CHECK(range.last == book.size() || book.key_at(range.last) != entries[i].key,
               "range ends early");
    // After the last entry of a key, the next key is found only if it is the next entry's.
    const bool last_of_key = i + 1 == entries.size() || entries[i + 1].key != entries[i].key;
    if (last_of_key && entries[i].key != ~std::uint64_t{0}) {
      const std::uint64_t next = entries[i].key + 1;
      if (i + 1 == entries.size() || entries[i + 1].key != next)
        FUZZ_CHECK(book.find(next).empty(), "a key the book lacks is found");
    }
    (void)book_move_text(entries[i].move);
  }

  for (std::size_t p = 0; p < 5; ++p) {
    const fen::Position& pos = probe_position(p);
    fen::MoveList legal;
    fen::generate_legal(pos, legal);
    // Every stored move code against this position, whatever key it was stored under.
    for (std::size_t i = 0; i < entries.size() && i < 64; ++i) {
      const fen::Move m = decode_book_move(pos, entries[i].move);
      if (!m) continue;
      FUZZ_CHECK(legal.contains(m), "a book code decodes to an illegal move");
      FUZZ_CHECK(decode_book_move(pos, encode_book_move(m)) == m,
                 "a decoded move does not encode back");
    }
    const std::vector<BookMove> moves = book.moves(pos);
    FUZZ_CHECK(moves.size() == book.find(fen::polyglot_key(pos)).size(), "moves of a position");
    for (const BookMove& m : moves)
      FUZZ_CHECK(!m.move || legal.contains(m.move), "illegal book move");
  }

  const fen::Position roots[] = {fen::Position::start()};
  const BookWalk walk = walk_book(book, roots, {.max_gap = 0});
  FUZZ_CHECK(walk.positions.size() + walk.unreached_keys == walk.keys, "walk counts");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::vector<unsigned char> bytes(data, data + size);
  for (const bool ignore : {false, true}) {
    try {
      const Book book = Book::from_bytes("fuzz.bin", bytes, {.ignore_trailing_bytes = ignore});
      FUZZ_CHECK(ignore || size % kBookEntrySize == 0, "a book with trailing bytes was opened");
      check_book(book, bytes);
    } catch (const BookError& e) {
      FUZZ_CHECK(e.fault() == BookFault::size || e.fault() == BookFault::order,
                 std::string("unexpected fault: ") + e.what());
      FUZZ_CHECK(e.fault() != BookFault::size || (!ignore && size % kBookEntrySize != 0), e.what());
      FUZZ_CHECK(e.offset().has_value() && *e.offset() <= size, e.what());
    }
  }
  return 0;
}
