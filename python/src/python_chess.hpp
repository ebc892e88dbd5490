// The values fenkit.Position shares with python-chess's names (fenkit/_chess.py): pieces and
// moves made from libfen's, and moves read back.
#pragma once

#include <string>

#include "common.hpp"

namespace fenkit::python {

// The position of a FEN (ValueError naming the problem).
fen::Position read_position(const std::string& text, bool chess960,
                            fen::Variant variant = fen::Variant::standard);

// A fenkit.Piece.
py::object chess_piece(fen::Piece piece);
// A fenkit.Move of a move of `pos` (castling as UCI writes it: e1g1, or e1h1 in Chess960).
py::object chess_move(const fen::Position& pos, fen::Move move);
// The legal move of `pos` a fenkit.Move (or an object with its from_square, to_square and
// promotion) names: Move::none() when it is not legal there, Move::null() for the null move.
fen::Move move_of(const fen::Position& pos, const py::handle& move);

}  // namespace fenkit::python
