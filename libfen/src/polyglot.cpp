#include "fenkit/fen/polyglot.hpp"

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <bit>

#include "bitboard.hpp"
#include "polyglot_random64.hpp"

namespace fenkit::fen {

using namespace detail;

const std::array<std::uint64_t, 781>& polyglot_random64() { return kPolyglotRandom64; }

namespace {

// The key of the castling rights in `mask` (castling.hpp keeps the bits in Polyglot's order).
std::uint64_t castling_key(unsigned mask) {
  std::uint64_t key = 0;
  for (; mask; mask &= mask - 1) key ^= kPolyglotRandom64[std::size_t(kCastleOffset + std::countr_zero(mask))];
  return key;
}

// The en-passant part: the file counts only when a pawn of the side to move stands beside the
// pawn that moved two squares.
std::uint64_t en_passant_key(const Position& pos) {
  const Square ep = pos.en_passant();
  if (ep == no_square) return 0;
  const Color us = pos.side_to_move();
  const Square pushed = Square(ep - pawn_push(us));
  const Bitboard beside = (shift_east(square_bb(pushed)) | shift_west(square_bb(pushed)));
  return beside & pos.pieces(us, PieceType::pawn) ? kPolyglotRandom64[kEnPassantOffset + file_of(ep)] : 0;
}

// The castling, en-passant and turn part of the key.
std::uint64_t state_key(const Position& pos) {
  return castling_key(pos.castling().mask()) ^ en_passant_key(pos) ^
         (pos.side_to_move() == Color::white ? kPolyglotRandom64[kTurnOffset] : 0);
}

// state_key(a) ^ state_key(b), from what differs: the rights rarely change, and most positions
// have no en-passant square.
std::uint64_t state_change(const Position& a, const Position& b) {
  std::uint64_t key = castling_key(a.castling().mask() ^ b.castling().mask());
  if (a.side_to_move() != b.side_to_move()) key ^= kPolyglotRandom64[kTurnOffset];
  if (a.en_passant() != no_square) key ^= en_passant_key(a);
  if (b.en_passant() != no_square) key ^= en_passant_key(b);
  return key;
}

// Polyglot's piece kinds: black pawn 0, white pawn 1, black knight 2, ... white king 11.
int piece_kind(PieceType type, Color color) {
  return 2 * index_of(type) + (color == Color::white ? 1 : 0);
}

}  // namespace

std::uint64_t polyglot_key(const Position& pos) {
  std::uint64_t key = 0;
  for (Bitboard b = pos.occupied(); b;) {
    const Square s = pop_lsb(b);
    const Piece p = pos.piece_on(s);
    key ^= kPolyglotRandom64[64 * piece_kind(type_of(p), color_of(p)) + s];
  }
  return key ^ state_key(pos);
}

namespace {

// The first of Polyglot's 64 numbers for the piece with this code (types in bits 0-2, colour in
// bit 3), or -1 for an empty square.
constexpr std::array<int, 16> kPieceKeyOffsets = [] {
  std::array<int, 16> t{};
  t.fill(-1);
  for (int type = 0; type < 6; ++type) {
    t[std::size_t(type)] = 64 * (2 * type + 1);  // white
    t[std::size_t(8 + type)] = 64 * (2 * type);  // black
  }
  return t;
}();

// The squares whose piece differs between two boards: sixteen squares per comparison where
// SSE2 is there.
Bitboard changed_squares(const std::array<Piece, 64>& a, const std::array<Piece, 64>& b) {
#if defined(__SSE2__)
  Bitboard changed = 0;
  for (int i = 0; i < 4; ++i) {
    const __m128i x = _mm_loadu_si128(reinterpret_cast<const __m128i*>(a.data() + 16 * i));
    const __m128i y = _mm_loadu_si128(reinterpret_cast<const __m128i*>(b.data() + 16 * i));
    const auto same = std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(x, y)));
    changed |= Bitboard(~same & 0xFFFFU) << (16 * i);
  }
  return changed;
#else
  Bitboard changed = 0;
  for (int s = 0; s < 64; ++s)
    if (a[std::size_t(s)] != b[std::size_t(s)]) changed |= Bitboard{1} << s;
  return changed;
#endif
}

std::uint64_t piece_key(Piece p, Square s) {
  const int offset = kPieceKeyOffsets[std::uint8_t(p) & 15U];
  return offset < 0 ? 0 : kPolyglotRandom64[std::size_t(offset + s)];
}

}  // namespace

std::uint64_t polyglot_key_after(const Position& before, std::uint64_t before_key,
                                 const Position& after) {
  // The squares whose piece changed: a move changes two to four of them, whatever kind of move
  // it is, so this needs no knowledge of moves at all.
  std::uint64_t key = before_key ^ state_change(before, after);
  for (Bitboard b = changed_squares(before.board(), after.board()); b;) {
    const Square s = pop_lsb(b);
    key ^= piece_key(before.piece_on(s), s) ^ piece_key(after.piece_on(s), s);
  }
  return key;
}

std::uint64_t polyglot_key_after(const Position& before, std::uint64_t before_key, Move move,
                                 const Position& after) {
  // Castling moves two pieces (and in Chess960 may leave one where it was), a variant's move
  // may drop a piece or blow up several: the squares tell.
  if (move.is_castling() || before.variant() != Variant::standard)
    return polyglot_key_after(before, before_key, after);
  std::uint64_t key = before_key ^ state_change(before, after);
  if (move.is_null()) return key;
  const Square from = move.from(), to = move.to();
  // The piece leaves `from` and what stands on `to` (the piece, or what it promoted to)
  // replaces what stood there; en passant takes a pawn from another square.
  key ^= piece_key(before.piece_on(from), from) ^ piece_key(before.piece_on(to), to) ^
         piece_key(after.piece_on(to), to);
  if (move.is_en_passant()) {
    const Square taken = Square(to - pawn_push(before.side_to_move()));
    key ^= piece_key(before.piece_on(taken), taken);
  }
  return key;
}

}  // namespace fenkit::fen
