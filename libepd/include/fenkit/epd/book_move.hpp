// Moves as Polyglot books store them, and positions a book cannot tell apart.
//
// The 16-bit book move:
//   bits  0-2   destination file      bits  6-8   origin file
//   bits  3-5   destination rank      bits  9-11  origin rank
//   bits 12-14  promotion: 0 none, 1 knight, 2 bishop, 3 rook, 4 queen
// Castling is written as the king taking its own rook (e1h1, e1a1, e8h8, e8a8), which in
// Chess960 names the castling unambiguously wherever king and rook stand (the Chess960
// extension of the format). 0 (a1a1) means "no move".
//
// Thread safety: The functions keep no state and may run on any number of threads at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

// The book code of a legal move. Castling moves become king-takes-rook.
FENKIT_API std::uint16_t encode_book_move(fen::Move move);

// The legal move of `pos` that `code` names, or fen::Move::none() if there is none (an
// entry whose key collides with another position's, or a damaged book).
FENKIT_API fen::Move decode_book_move(const fen::Position& pos, std::uint16_t code);

// The squares of a book move as written, without looking at a position: "e2e4", "e7e8q",
// "e1h1"; "a1a1" for 0. For moves that decode to nothing.
FENKIT_API std::string book_move_text(std::uint16_t code);

// The Polyglot key records one bit per castling side, not which rook holds the right, so in
// Chess960 a right held by an inner rook (another rook of the same colour stands between it
// and the corner) cannot be told from the outer rook's right. Books leave such positions out,
// as the format's description asks.
FENKIT_API bool has_ambiguous_castling_key(const fen::Position& pos);

}  // namespace fenkit::epd
