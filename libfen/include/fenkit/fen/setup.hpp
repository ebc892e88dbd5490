// Setup: a position as FEN wrote it, not yet checked; validation turns it into a Position.
//
// Keeping the two apart lets EPD and PGN code carry positions they have not judged, and lets
// errors say which layer failed: the text (fen.hpp) or the chess (the problems below).
//
// Thread safety: Values and functions without state: use them from any number of threads at
// once.
#pragma once

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>

#include "fenkit/fen/position.hpp"
#include "fenkit/fen/types.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

struct FENKIT_API Setup {
  std::array<Piece, 64> board = filled(Piece::none);
  Color side_to_move = Color::white;
  // The castling field's letters as written ("KQkq", "HAha", "Kq", ...), '-' not included.
  std::array<char, 8> castling{};
  std::uint8_t castling_count = 0;
  Square en_passant = no_square;
  std::uint32_t halfmove_clock = 0;
  std::uint32_t fullmove_number = 1;
  // The placement wrote two digits in a row ("44" for "8"), which FEN does not allow; read,
  // they add up (validation reports Problem::consecutive_digits).
  bool consecutive_digits = false;
  // What a variant's FEN adds (read with FenReadOptions::variant): Crazyhouse's pockets and
  // the pieces marked '~' (promoted pawns), Three-check's remaining checks.
  Pocket pockets[2];
  Bitboard promoted = 0;
  std::uint8_t remaining_checks[2] = {3, 3};

 private:
  static constexpr std::array<Piece, 64> filled(Piece p) {
    std::array<Piece, 64> a{};
    a.fill(p);
    return a;
  }
};

// ---------------------------------------------------------------- Problems

// Each thing that makes a setup impossible or unusable, by name. Callers may accept any of
// them except the missing or extra kings, without which there is no game to play, and
// opposite_side_in_check when the two kings stand side by side.
enum class Problem : std::uint8_t {
  missing_white_king,
  missing_black_king,
  too_many_white_kings,
  too_many_black_kings,
  pawn_on_back_rank,
  too_many_white_pieces,  // more than 16, or more promoted pieces than missing pawns
  too_many_black_pieces,
  too_many_white_pawns,  // more than 8
  too_many_black_pawns,
  opposite_side_in_check,  // the side that just moved left its king in check
  impossible_check,        // three checkers, or two that no single move could give
  castling_without_king,   // a right whose king is not on its first rank
  castling_without_rook,   // a right whose rook is not there
  castling_duplicate,      // two rights for the same side of the same king
  en_passant_wrong_rank,   // not on the 6th rank (White to move) or 3rd (Black to move)
  en_passant_without_pawn,  // no enemy pawn in front of the square
  en_passant_blocked,      // the square or the one behind it is occupied
  fullmove_zero,           // the fullmove number starts at 1 (relaxed: read as 1)
  halfmove_too_large,      // more than 1073741824 (2^30, the most a Position keeps)
  consecutive_digits,      // two digits in a row in a rank, "44" (relaxed: they add up)
  // The variants' own rules of set-up.
  check_in_racing_kings,   // no move may give check in Racing Kings
  pawn_in_racing_kings,    // Racing Kings is played without pawns
  king_in_horde,           // White's horde has no king
};
inline constexpr int kProblemCount = 23;

// A small set of problems.
class FENKIT_API Problems {
 public:
  constexpr Problems() = default;
  constexpr Problems(std::initializer_list<Problem> ps) {
    for (Problem p : ps) add(p);
  }
  static constexpr Problems all() { return from_bits((1U << kProblemCount) - 1); }
  static constexpr Problems from_bits(std::uint32_t bits) {
    Problems s;
    s.bits_ = bits;
    return s;
  }
  constexpr void add(Problem p) { bits_ |= bit(p); }
  constexpr bool contains(Problem p) const { return bits_ & bit(p); }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr std::uint32_t bits() const { return bits_; }
  constexpr Problems without(Problems other) const { return from_bits(bits_ & ~other.bits_); }
  constexpr Problems& operator|=(Problems other) {
    bits_ |= other.bits_;
    return *this;
  }
  friend constexpr bool operator==(Problems, Problems) = default;

  // The problems present, in the order of the enum: for (Problem p : problems) ...
  class iterator {
   public:
    using value_type = Problem;
    using difference_type = std::ptrdiff_t;
    constexpr iterator() = default;
    constexpr explicit iterator(std::uint32_t rest) : rest_(rest) {}
    constexpr Problem operator*() const { return Problem(std::countr_zero(rest_)); }
    constexpr iterator& operator++() {
      rest_ &= rest_ - 1;
      return *this;
    }
    constexpr iterator operator++(int) {
      iterator before = *this;
      ++*this;
      return before;
    }
    friend constexpr bool operator==(iterator, iterator) = default;

   private:
    std::uint32_t rest_ = 0;
  };
  constexpr iterator begin() const { return iterator(bits_); }
  constexpr iterator end() const { return iterator(0); }
  constexpr int size() const { return std::popcount(bits_); }

 private:
  static constexpr std::uint32_t bit(Problem p) { return 1U << std::uint8_t(p); }
  std::uint32_t bits_ = 0;
};

// The problems no caller can accept: without exactly one king a side there is nothing to play.
inline constexpr Problems kUnrelaxable{Problem::missing_white_king, Problem::missing_black_king,
                                       Problem::too_many_white_kings,
                                       Problem::too_many_black_kings};

// A short English description: "black has no king" and so on.
FENKIT_API const char* describe(Problem p);
// The identifier of a problem ("fullmove_zero"), for command lines and configuration.
FENKIT_API const char* problem_name(Problem p);
// The problem with that identifier; false if there is none.
FENKIT_API bool problem_from_name(std::string_view name, Problem& out);
// All problems of a set, joined by "; ".
FENKIT_API std::string describe(Problems ps);

// Everything wrong with a setup, by the rules of `variant`.
FENKIT_API Problems validate(const Setup& setup, Variant variant = Variant::standard);

struct FENKIT_API PositionOptions {
  // Problems to accept. Castling rights and en-passant squares that fail their checks are
  // dropped from the position even when accepted, since they could not be played.
  Problems relax;
  // Read as Chess960 even if the castling rights look standard (a [Variant] tag said so).
  // Rights that only make sense in Chess960 (king off the e-file, inner rooks) turn it on anyway.
  bool chess960 = false;
  // The rules the position is played by; validation follows them (a horde has no king, an
  // Antichess side may have any number, a Crazyhouse pocket counts among the pieces).
  Variant variant = Variant::standard;
};

// Builds `out` from `setup`; returns the problems found that `options.relax` does not accept.
// `out` is only written when the result is empty.
FENKIT_API Problems make_position(const Setup& setup, Position& out,
                                  const PositionOptions& options = {});

// The setup a position would write as FEN.
FENKIT_API Setup to_setup(const Position& pos);

}  // namespace fenkit::fen
