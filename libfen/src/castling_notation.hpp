// Reading the letters of a FEN castling field into rights (internal).
#pragma once

#include "fenkit/fen/castling.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/setup.hpp"

namespace fenkit::fen::detail {

// Resolves `setup.castling` against the pieces on `board`: K/Q (the outermost rook, as X-FEN
// reads them), or a rook's file letter (Shredder-FEN and X-FEN's inner rooks). Valid rights
// go into `rights`; `chess960` is set when a right needs Chess960 (king off the e-file or
// rook off the corner). Returns the problems of the rights it could not grant.
Problems read_castling(const Setup& setup, const Position& board, CastlingRights& rights,
                       bool& chess960);

}  // namespace fenkit::fen::detail
