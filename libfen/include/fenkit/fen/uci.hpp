// UCI (e2e4, e7e8q, 0000) and long algebraic notation (Ng1-f3, e4xd5, e7-e8=Q).
//
// Thread safety: The functions keep no state and may run on any number of threads at once.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

struct FENKIT_API UciOptions {
  // Castling as king-takes-rook (e1h1), as Chess960 engines expect; otherwise the king's
  // two-square step (e1g1), as standard UCI has it.
  bool king_takes_rook = false;
};

inline constexpr std::size_t kMaxUciLength = 8;

// A legal move of `pos` in UCI: e2e4 / e7e8q / 0000, castling as the king's two-square step
// (e1g1) in standard chess and as king-takes-rook (e1h1) in a Chess960 position, where the
// king may not move at all (a king on g1 castling short). write_uci returns the length.
FENKIT_API std::size_t write_uci(const Position& pos, Move m, char* out);
FENKIT_API std::string to_uci(const Position& pos, Move m);

// The same without the position, castling written as `options` says: a move alone does not
// tell whether its game is Chess960.
FENKIT_API std::size_t write_uci(Move m, char* out, const UciOptions& options);
FENKIT_API std::string to_uci(Move m, const UciOptions& options);

// The legal move a UCI string names, or Move::none(). Castling is recognised both as the
// king's two-square step and as king-takes-rook; "0000" is the null move. The promotion
// letter may be upper case (e7e8Q), as pgn-extract writes it.
FENKIT_API Move read_uci(const Position& pos, std::string_view text);

// Long algebraic: the piece letter (none for pawns), both squares joined by '-' or 'x',
// "=Q" for promotions, O-O for castling, then + or #.
FENKIT_API std::size_t write_lan(const Position& pos, Move m, char* out);
FENKIT_API std::string to_lan(const Position& pos, Move m);

}  // namespace fenkit::fen
