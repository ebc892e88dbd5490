// Bitboard helpers and attack tables (internal to libfen).
//
// Leaper attacks, lines and between-masks are constexpr tables built by the compiler.
// Sliding attacks come from one table indexed either by BMI2 `pext` or by magic
// multiplication; which one is fixed when libfen is compiled (this header is private, so a
// program that links libfen never sees the difference).
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "fenkit/fen/types.hpp"

namespace fenkit::fen::detail {

constexpr Bitboard kFileA = 0x0101010101010101ULL;
constexpr Bitboard kRank1 = 0xFFULL;
constexpr Bitboard file_bb(int file) { return kFileA << file; }
constexpr Bitboard rank_bb(int rank) { return kRank1 << (8 * rank); }

// Without the POPCNT instruction (the x86-64 baseline that distributions build for)
// std::popcount is a call into the compiler's runtime library; counting in the register
// (bit-parallel sums) is several times faster than that call.
inline int popcount(Bitboard b) {
#if defined(__POPCNT__) || !(defined(__x86_64__) || defined(__i386__))
  return std::popcount(b);
#else
  b = b - ((b >> 1) & 0x5555555555555555ULL);
  b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
  b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return int((b * 0x0101010101010101ULL) >> 56);
#endif
}
inline Square lsb(Bitboard b) { return Square(std::countr_zero(b)); }
inline Square msb(Bitboard b) { return Square(63 - std::countl_zero(b)); }
inline Square pop_lsb(Bitboard& b) {
  Square s = lsb(b);
  b &= b - 1;
  return s;
}
constexpr bool more_than_one(Bitboard b) { return (b & (b - 1)) != 0; }

// Shift every square one step in a direction, dropping what falls off the board.
constexpr Bitboard shift_north(Bitboard b) { return b << 8; }
constexpr Bitboard shift_south(Bitboard b) { return b >> 8; }
constexpr Bitboard shift_east(Bitboard b) { return (b & ~file_bb(7)) << 1; }
constexpr Bitboard shift_west(Bitboard b) { return (b & ~file_bb(0)) >> 1; }

// ---------------------------------------------------------------- Ray walking (tables only)

struct Step {
  int df, dr;
};
inline constexpr Step kRookSteps[4] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};
inline constexpr Step kBishopSteps[4] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};

// Squares a slider on `s` attacks along `steps`, stopping at the first occupied square.
constexpr Bitboard walk_rays(Square s, Bitboard occupied, const Step (&steps)[4]) {
  Bitboard attacks = 0;
  for (const Step& st : steps) {
    int f = file_of(s) + st.df, r = rank_of(s) + st.dr;
    for (; f >= 0 && f < 8 && r >= 0 && r < 8; f += st.df, r += st.dr) {
      Bitboard b = square_bb(make_square(f, r));
      attacks |= b;
      if (occupied & b) break;
    }
  }
  return attacks;
}

// ---------------------------------------------------------------- Leapers and lines

// Tables built by the compiler in bitboard.cpp (constexpr, so there is no set-up to call).
extern const std::array<Bitboard, 64> kKnightAttacks;
extern const std::array<Bitboard, 65> kKingAttacks;  // [no_square] is empty
extern const std::array<std::array<Bitboard, 64>, 2> kPawnAttacks;  // [colour][square]

// [a][b]: the squares strictly between a and b when they share a line, else empty.
extern const std::array<std::array<Bitboard, 64>, 64> kBetween;
// What a rook or a bishop on a square attacks on an empty board.
extern const std::array<Bitboard, 64> kRookRays;
extern const std::array<Bitboard, 64> kBishopRays;

inline Bitboard knight_attacks(Square s) { return kKnightAttacks[s]; }
inline Bitboard king_attacks(Square s) { return kKingAttacks[s]; }
inline Bitboard pawn_attacks(Color c, Square s) { return kPawnAttacks[index_of(c)][s]; }
inline Bitboard between_bb(Square a, Square b) { return kBetween[a][b]; }

// ---------------------------------------------------------------- Sliders

struct SliderEntry {
  Bitboard mask;     // relevant occupancy: the rays without their last square
  Bitboard magic;    // multiplier, used only without BMI2
  std::uint32_t offset;
  std::uint8_t shift;
};

extern const std::array<SliderEntry, 64> kRookEntries;
extern const std::array<SliderEntry, 64> kBishopEntries;
extern const Bitboard* const kRookAttacks;
extern const Bitboard* const kBishopAttacks;

inline std::uint32_t slider_index(const SliderEntry& e, Bitboard occupied) {
#if defined(__BMI2__)
  return std::uint32_t(_pext_u64(occupied, e.mask));
#else
  return std::uint32_t(((occupied & e.mask) * e.magic) >> e.shift);
#endif
}

inline Bitboard rook_attacks(Square s, Bitboard occupied) {
  const SliderEntry& e = kRookEntries[s];
  return kRookAttacks[e.offset + slider_index(e, occupied)];
}
inline Bitboard bishop_attacks(Square s, Bitboard occupied) {
  const SliderEntry& e = kBishopEntries[s];
  return kBishopAttacks[e.offset + slider_index(e, occupied)];
}
inline Bitboard queen_attacks(Square s, Bitboard occupied) {
  return rook_attacks(s, occupied) | bishop_attacks(s, occupied);
}

// Those of `sliders` (each on a line through `s` that it moves along) with nothing of
// `occupied` between them and `s`: the ones that attack `s`. For the few sliders a position
// has, testing the squares between reads far less memory than the sliding attack tables,
// whose lookups miss the cache when moves are read one at a time from games.
inline Bitboard sliders_reaching(Square s, Bitboard sliders, Bitboard occupied) {
  Bitboard found = 0;
  for (Bitboard b = sliders; b;) {
    const Square from = pop_lsb(b);
    if (!(between_bb(from, s) & occupied)) found |= square_bb(from);
  }
  return found;
}

// The pieces of `pieces` (of one type other than the pawn) that attack `s`, with the board
// holding `occupied`.
inline Bitboard attackers_of_type(PieceType t, Square s, Bitboard pieces, Bitboard occupied) {
  switch (t) {
    case PieceType::knight: return knight_attacks(s) & pieces;
    case PieceType::king: return king_attacks(s) & pieces;
    case PieceType::bishop: return sliders_reaching(s, pieces & kBishopRays[s], occupied);
    case PieceType::rook: return sliders_reaching(s, pieces & kRookRays[s], occupied);
    case PieceType::queen:
      return sliders_reaching(s, pieces & (kBishopRays[s] | kRookRays[s]), occupied);
    default: return 0;
  }
}

// Attacks of a piece type other than the pawn.
inline Bitboard attacks_of(PieceType t, Square s, Bitboard occupied) {
  switch (t) {
    case PieceType::knight: return knight_attacks(s);
    case PieceType::bishop: return bishop_attacks(s, occupied);
    case PieceType::rook: return rook_attacks(s, occupied);
    case PieceType::queen: return queen_attacks(s, occupied);
    case PieceType::king: return king_attacks(s);
    default: return 0;
  }
}

}  // namespace fenkit::fen::detail
