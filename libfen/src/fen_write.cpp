// Writing FEN straight into a caller's buffer.
#include <charconv>

#include "fenkit/fen/fen.hpp"

namespace fenkit::fen {

std::size_t write_fen(const Position& pos, char* out, const FenWriteOptions& options) {
  char* p = out;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Piece piece = pos.piece_on(make_square(file, rank));
      if (piece == Piece::none) {
        ++empty;
        continue;
      }
      if (empty) *p++ = char('0' + empty);
      empty = 0;
      *p++ = piece_char(piece);
    }
    if (empty) *p++ = char('0' + empty);
    if (rank) *p++ = '/';
  }
  *p++ = ' ';
  *p++ = pos.side_to_move() == Color::white ? 'w' : 'b';
  *p++ = ' ';
  const std::size_t rights = write_castling(pos, options.castling, p);
  p += rights;
  if (!rights) *p++ = '-';
  *p++ = ' ';
  const Square ep = options.ep == EpMode::standard ? pos.en_passant() : pos.legal_en_passant();
  if (ep == no_square) {
    *p++ = '-';
  } else {
    *p++ = file_char(file_of(ep));
    *p++ = rank_char(rank_of(ep));
  }
  if (options.clocks) {
    *p++ = ' ';
    p = std::to_chars(p, out + kMaxFenLength, pos.halfmove_clock()).ptr;
    *p++ = ' ';
    p = std::to_chars(p, out + kMaxFenLength, pos.fullmove_number()).ptr;
  }
  return std::size_t(p - out);
}

std::string to_fen(const Position& pos, const FenWriteOptions& options) {
  char buffer[kMaxFenLength];
  return std::string(buffer, write_fen(pos, buffer, options));
}

}  // namespace fenkit::fen
