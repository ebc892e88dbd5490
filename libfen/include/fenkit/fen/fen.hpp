// FEN: reading text into a Setup or Position, and writing a Position back.
//
// Reading has two layers. read_setup() checks the text only (six fields; four or five in
// lenient mode; X-FEN and Shredder-FEN castling) and reports the field and column of a
// syntax error. read_fen() then validates the chess (setup.hpp) and builds a Position.
//
// Thread safety: The functions keep no state and may run on any number of threads at once; a
// FenWriter keeps a cache of the last position's ranks and belongs to one thread.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fenkit/fen/castling.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/setup.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

// ---------------------------------------------------------------- Reading

enum class FenField : std::uint8_t {
  placement,
  side_to_move,
  castling,
  en_passant,
  halfmove_clock,
  fullmove_number,
};
FENKIT_API const char* field_name(FenField f);

enum class FenSyntax : std::uint8_t {
  ok,
  empty,              // nothing but blanks
  bad_character,      // a character that does not belong in the field
  rank_too_long,      // more than 8 squares in a rank
  rank_too_short,     // fewer than 8 squares in a rank
  too_many_ranks,
  too_few_ranks,
  missing_field,      // the text ends before the field
  bad_number,         // a clock that is not a number, or too large
  unexpected_text,    // text after the last field
};

struct FENKIT_API FenError {
  FenSyntax syntax = FenSyntax::ok;
  FenField field = FenField::placement;
  std::size_t column = 0;  // 1-based column of the syntax error; 0 for problems
  int rank = 0;            // 1-8, for the rank errors
  Problems problems;       // what validation found, when the syntax was fine

  explicit operator bool() const { return syntax != FenSyntax::ok || !problems.empty(); }
  // "castling field: unexpected character 'X'", "rank 3 has more than 8 squares",
  // "white has no king; black pawn on the first or last rank".
  std::string message() const;
};

struct FENKIT_API FenReadOptions {
  // Also take four fields (EPD style) or five, repeated blanks, and '-' for a clock.
  bool lenient = false;
  // Stop after the four EPD fields, leaving the rest for the caller (see `consumed`).
  bool epd_fields_only = false;
  // Read what the variant's FEN adds: Crazyhouse's pocket ("...RNBQKBNR[Qn]" or a ninth
  // '/'-separated part) and '~' after promoted pieces; Three-check's remaining checks ("3+3"
  // after the en-passant field) or checks given ("+0+0" after the clocks, lichess's older form).
  Variant variant = Variant::standard;
};

// Reads the text of a FEN into `out` without judging the position. `consumed`, when given,
// receives how many characters were read (with epd_fields_only, up to the end of the
// en-passant field).
FENKIT_API FenError read_setup(std::string_view text, Setup& out,
                               const FenReadOptions& options = {},
                               std::size_t* consumed = nullptr);

struct FENKIT_API FenOptions {
  bool lenient = false;
  Problems relax;         // validation problems to accept (setup.hpp)
  bool chess960 = false;  // read castling as Chess960 even where it looks standard
  Variant variant = Variant::standard;  // the rules of the position (variant.hpp)
};

// Reads and validates; `out` is written only on success.
FENKIT_API FenError read_fen(std::string_view text, Position& out, const FenOptions& options = {});

// Convenience for trusted input: throws std::invalid_argument with the error message.
FENKIT_API Position position_from_fen(std::string_view text, const FenOptions& options = {});

// ---------------------------------------------------------------- Writing

enum class EpMode : std::uint8_t {
  standard,  // the square after every double push (PGN standard, FEN as first defined)
  legal,     // only when an en-passant capture is legal (python-chess, lichess)
};

struct FENKIT_API FenWriteOptions {
  EpMode ep = EpMode::standard;
  CastlingNotation castling = CastlingNotation::automatic;
  bool clocks = true;  // six fields; false writes the four EPD fields
};

// Longest FEN write_fen() can produce, with room to spare: a Crazyhouse FEN is the longest,
// 62 pieces marked '~' (133 characters) and kMaxPocketPieces in the pockets.
inline constexpr std::size_t kMaxFenLength = 256;

// Writes the FEN into `out` (at least kMaxFenLength bytes, not NUL-terminated) and returns
// its length. Allocation-free, for hot loops.
FENKIT_API std::size_t write_fen(const Position& pos, char* out,
                                 const FenWriteOptions& options = {});
FENKIT_API std::string to_fen(const Position& pos, const FenWriteOptions& options = {});

// Writes the FENs of a run of related positions (the moves of games) faster than write_fen:
// the castling field's text is reused while the rights do not change, and, in builds without
// SSSE3 (where a rank is made without branches), so is the text of every unchanged rank.
// Same output as write_fen.
class FENKIT_API FenWriter {
 public:
  explicit FenWriter(const FenWriteOptions& options = {}) : options_(options) {}
  // Writes into `out` (at least kMaxFenLength bytes) and returns the length.
  std::size_t write(const Position& pos, char* out);

 private:
  struct RankText {
    std::uint64_t key = ~std::uint64_t{0};  // the rank's eight mailbox bytes
    std::uint64_t text = 0;                 // its FEN text, as the bytes of a word
    std::uint8_t length = 0;
  };
  FenWriteOptions options_;
  RankText ranks_[8];
  CastlingRights castling_key_;
  bool chess960_key_ = false;
  bool castling_valid_ = false;
  char castling_text_[8] = {};
  std::uint8_t castling_length_ = 0;
};

// Writes the castling field's letters (no '-') and returns how many.
FENKIT_API std::size_t write_castling(const Position& pos, CastlingNotation notation, char* out);

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

}  // namespace fenkit::fen
