// Polyglot keys: the Random64 table, the nine published test vectors, and the derived keys
// of the corpus perft positions.
#include <gtest/gtest.h>

#include <cstdint>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/perft_suite.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/uci.hpp"
#include "test_support.hpp"

namespace fenkit::fen {
namespace {

using testing::lines_of;
using testing::read_file;

constexpr int kEnPassantOffset = 772;  // RandomEnPassant in the book format document
constexpr int kTurnOffset = 780;

std::vector<std::string> split(const std::string& line, char separator) {
  std::vector<std::string> fields;
  std::stringstream in(line);
  for (std::string field; std::getline(in, field, separator);) fields.push_back(field);
  if (!line.empty() && line.back() == separator) fields.emplace_back();
  return fields;
}

std::uint64_t hex(const std::string& text) { return std::stoull(text, nullptr, 16); }

// Data lines of a corpus CSV or table: not empty, not a '#' comment.
std::vector<std::string> data_lines(const std::filesystem::path& path) {
  std::vector<std::string> out;
  for (const std::string& line : lines_of(read_file(path)))
    if (!line.empty() && line[0] != '#') out.push_back(line);
  return out;
}

TEST(Polyglot, TableEqualsThePublishedRandom64) {
  FENKIT_REQUIRE_CORPUS(path, "polyglot/polyglot-random64.txt");
  const std::vector<std::string> lines = data_lines(path);
  ASSERT_EQ(lines.size(), 781U);
  const auto& table = polyglot_random64();
  for (std::size_t i = 0; i < lines.size(); ++i) EXPECT_EQ(table[i], hex(lines[i])) << "index " << i;
}

TEST(Polyglot, PublishedTestVectors) {
  FENKIT_REQUIRE_CORPUS(path, "polyglot/polyglot-key-test-vectors.csv");
  std::vector<std::string> lines = data_lines(path);
  ASSERT_FALSE(lines.empty());
  lines.erase(lines.begin());  // header
  ASSERT_EQ(lines.size(), 9U);
  for (const std::string& line : lines) {
    const std::vector<std::string> f = split(line, ',');
    ASSERT_EQ(f.size(), 3U) << line;
    const std::uint64_t key = hex(f[2]);
    EXPECT_EQ(polyglot_key(position_from_fen(f[1])), key) << f[1];

    // The same position reached by playing the moves from the start: the key and the FEN
    // (ep square after every double push, as the document writes it) agree. The document
    // writes every halfmove clock as 0, even after Ke2 and Ra3, so that field is left out;
    // clocks are not part of the key.
    Position pos;
    std::istringstream moves(f[0]);
    for (std::string text; moves >> text;) {
      const Move m = read_uci(pos, text);
      ASSERT_FALSE(m.is_none()) << text;
      pos.play(m);
    }
    EXPECT_EQ(polyglot_key(pos), key) << f[0];
    const std::string fen = f[1];
    const std::size_t clocks = fen.rfind(' ', fen.rfind(' ') - 1);
    EXPECT_EQ(to_fen(pos, {.clocks = false}), fen.substr(0, clocks)) << f[0];
    EXPECT_EQ(pos.fullmove_number(), std::stoi(fen.substr(fen.rfind(' ') + 1))) << f[0];
  }
}

TEST(Polyglot, DerivedKeysOfThePerftPositions) {
  FENKIT_REQUIRE_CORPUS(path, "polyglot/derived-polyglot-keys-perft-positions.csv");
  std::vector<std::string> lines = data_lines(path);
  ASSERT_FALSE(lines.empty());
  lines.erase(lines.begin());  // header: epd4,key,ep_hashed,from
  ASSERT_EQ(lines.size(), 177U);
  const auto& table = polyglot_random64();
  int hashed = 0;
  for (const std::string& line : lines) {
    const std::vector<std::string> f = split(line, ',');
    ASSERT_EQ(f.size(), 4U) << line;
    const Position pos = position_from_fen(f[0], {.lenient = true});
    EXPECT_EQ(polyglot_key(pos), hex(f[1])) << f[0];
    // The ep_hashed column: whether the key contains the en-passant file's number.
    Position without_ep = pos;
    without_ep.set_en_passant(no_square);
    const std::uint64_t ep_part = polyglot_key(pos) ^ polyglot_key(without_ep);
    if (f[2] == "1") {
      ++hashed;
      ASSERT_NE(pos.en_passant(), no_square) << f[0];
      EXPECT_EQ(ep_part, table[kEnPassantOffset + file_of(pos.en_passant())]) << f[0];
    } else {
      EXPECT_EQ(ep_part, 0U) << f[0];
    }
  }
  EXPECT_GT(hashed, 0);
}

// The book format hashes the en-passant file when a pawn of the side to move stands beside
// the pawn that moved two squares, whether or not the capture would be legal.
TEST(Polyglot, EnPassantFileOnlyWithAPawnBeside) {
  const auto& table = polyglot_random64();
  auto ep_part = [](std::string_view fen) {
    const Position pos = position_from_fen(fen);
    Position without = pos;
    without.set_en_passant(no_square);
    return polyglot_key(pos) ^ polyglot_key(without);
  };
  // After 1.e4 no black pawn stands on d4 or f4.
  EXPECT_EQ(ep_part("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"), 0U);
  // White pawn e5 beside the d5 pawn: hashed.
  EXPECT_EQ(ep_part("rnbqkbnr/ppp1pppp/8/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3"),
            table[kEnPassantOffset + 3]);
  // Still hashed when the capture would expose the king (exd6 opens the fifth rank).
  EXPECT_EQ(ep_part("8/8/8/K2pP2r/8/8/8/7k w - d6 0 1"), table[kEnPassantOffset + 3]);
  // A pawn of the side to move on the a-file beside an h-file pawn does not count (no wrap).
  EXPECT_EQ(ep_part("4k3/8/8/P6p/8/8/8/4K3 w - h6 0 1"), 0U);
  EXPECT_EQ(ep_part("4k3/8/8/6Pp/8/8/8/4K3 w - h6 0 1"), table[kEnPassantOffset + 7]);
  // Black to move: a black pawn beside the white pawn on the fourth rank.
  EXPECT_EQ(ep_part("4k3/8/8/8/Pp6/8/8/4K3 b - a3 0 1"), table[kEnPassantOffset + 0]);
}

TEST(Polyglot, SideToMoveAndCastling) {
  const auto& table = polyglot_random64();
  Position white = Position::start();
  Position black = white;
  black.set_side_to_move(Color::black);
  EXPECT_EQ(polyglot_key(white) ^ polyglot_key(black), table[kTurnOffset]);
  // Each right is one table entry: 768 white short, 769 white long, 770 black short, 771 black long.
  const std::uint64_t all = polyglot_key(position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
  EXPECT_EQ(all ^ polyglot_key(position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1")), table[768]);
  EXPECT_EQ(all ^ polyglot_key(position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w Kkq - 0 1")), table[769]);
  EXPECT_EQ(all ^ polyglot_key(position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQq - 0 1")), table[770]);
  EXPECT_EQ(all ^ polyglot_key(position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQk - 0 1")), table[771]);
}

TEST(Polyglot, PieceSquareLayout) {
  // kind_of_piece: black pawn 0, white pawn 1, ..., white king 11; offset 64 * kind + square.
  const auto& table = polyglot_random64();
  const Position kings = position_from_fen("4k3/8/8/8/8/8/8/4K3 b - - 0 1");
  EXPECT_EQ(polyglot_key(kings), table[64 * 11 + e1] ^ table[64 * 10 + e8]);
  const Position knight = position_from_fen("4k3/8/8/8/8/8/8/1N2K3 b - - 0 1");
  EXPECT_EQ(polyglot_key(knight) ^ polyglot_key(kings), table[64 * 3 + b1]);
  const Position pawn = position_from_fen("4k3/8/8/8/8/p7/8/4K3 b - - 0 1");
  EXPECT_EQ(polyglot_key(pawn) ^ polyglot_key(kings), table[64 * 0 + a3]);
}

// Keys along a game follow from the one before: for every move and every reply from the
// fixture's perft positions (castling of both kinds, Chess960 among them, en passant,
// promotions, captures of rooks that still had castling rights), the key worked out from the
// change is the key computed afresh.
TEST(Polyglot, KeyAfterAMoveEqualsTheKeyComputedAfresh) {
  const std::filesystem::path path = testing::data("fen/perft.epd");
  const std::vector<std::string> lines = lines_of(read_file(path));
  std::ifstream in(path);
  std::vector<PerftSuiteError> errors;
  const std::vector<PerftCase> cases = read_perft_suite(in, errors);
  ASSERT_TRUE(errors.empty());
  ASSERT_GE(cases.size(), 30U);
  std::size_t checked = 0, differ = 0;
  auto check = [&](const Position& before, Move m) {
    Position after = before;
    after.play_unchecked(m);
    const std::uint64_t key = polyglot_key(before);
    EXPECT_EQ(polyglot_key_after(before, key, after), polyglot_key(after))
        << to_fen(before) << " " << to_uci(before, m);
    EXPECT_EQ(polyglot_key_after(before, key, m, after), polyglot_key(after))
        << "from the move: " << to_fen(before) << " " << to_uci(before, m);
    ++checked;
    differ += polyglot_key(after) != key;
    return after;
  };
  for (const PerftCase& c : cases) {
    const bool chess960 = c.line >= 2 && lines[c.line - 2].find("Chess960") != std::string::npos;
    const Position root = position_from_fen(c.fen, {.lenient = true, .chess960 = chess960});
    MoveList moves;
    generate_legal(root, moves);
    for (const Move m : moves) {
      const Position next = check(root, m);
      MoveList replies;
      generate_legal(next, replies);
      for (const Move r : replies) check(next, r);
    }
  }
  EXPECT_GT(checked, 10000U);
  EXPECT_EQ(differ, checked);  // and no move leaves the key as it was

  // The null move changes the turn (and forgets an en-passant square).
  const Position before =
      position_from_fen("rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3");
  Position after = before;
  after.play_null();
  EXPECT_EQ(polyglot_key_after(before, polyglot_key(before), Move::null(), after),
            polyglot_key(after));
}

// The key worked out from the squares that differ is right for any two positions, and so is
// PolyglotKeys' when the position given as `before` is not the one keyed last (a variation's
// first move after the main line's last, or a jump to another game).
TEST(Polyglot, KeysFromAnyEarlierPositionAreTheKeysComputedAfresh) {
  const char* fens[] = {
      "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
      "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
      "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
      "4k3/8/8/8/8/8/8/4K3 b - - 0 1",
  };
  std::vector<Position> positions;
  for (const char* fen : fens) positions.push_back(position_from_fen(fen));
  PolyglotKeys keys;
  for (const Position& a : positions)
    for (const Position& b : positions) {
      EXPECT_EQ(polyglot_key_after(a, polyglot_key(a), b), polyglot_key(b))
          << to_fen(a) << " to " << to_fen(b);
      keys.key(a);
      EXPECT_EQ(keys.key(b, &a), polyglot_key(b));
      // `before` given, but not the position keyed last.
      EXPECT_EQ(keys.key(a, &positions[0]), polyglot_key(a));
    }
}

}  // namespace
}  // namespace fenkit::fen

namespace fenkit::fen {
namespace {

// The key a move leads to, worked out from the move, is the key of the position after it in
// the variants too: a drop puts a piece down from nowhere, an explosion takes several.
TEST(Polyglot, KeyAfterAVariantsMoveIsTheKeyOfThePositionAfterIt) {
  const std::pair<Variant, const char*> cases[] = {
      // (A drop's move names its piece by a square of the third rank, here where a knight is.)
      {Variant::crazyhouse, "r1bqkb1r/pppp1ppp/2n5/8/4P3/2N2N2/PPPP1PP1/R1BQKB1R[Bp] w KQkq - 2 5"},
      {Variant::atomic, "rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N2N2/PPPP1PPP/R1BQKB1R w KQkq - 4 4"},
      {Variant::antichess, "rnbqkbnr/p1pppppp/8/1p6/4P3/8/PPPP1PPP/RNBQKBNR w - - 0 2"},
  };
  for (const auto& [variant, fen] : cases) {
    const Position pos = position_from_fen(fen, {.variant = variant});
    MoveList moves;
    generate_legal(pos, moves);
    ASSERT_FALSE(moves.empty()) << fen;
    const std::uint64_t key = polyglot_key(pos);
    for (Move m : moves) {
      Position after = pos;
      after.play_unchecked(m);
      EXPECT_EQ(polyglot_key_after(pos, key, m, after), polyglot_key(after))
          << fen << " " << to_uci(pos, m);
    }
  }
}

}  // namespace
}  // namespace fenkit::fen
