// Writing FEN straight into a caller's buffer.
#include <bit>
#include <charconv>
#include <cstring>

#include "fenkit/fen/fen.hpp"

namespace fenkit::fen {

namespace {

// One rank of the placement field ("rnbqkbnr", "4P3", "8"); returns its length.
// Walks the rank's occupied squares only, writing the gaps between them as digits.
std::size_t write_rank(const Position& pos, int rank, char* out) {
  char* p = out;
  unsigned occupied = unsigned(pos.occupied() >> (8 * rank)) & 0xFFU;
  int file = 0;
  while (occupied) {
    const int next = std::countr_zero(occupied);
    occupied &= occupied - 1;
    if (next > file) *p++ = char('0' + next - file);
    *p++ = piece_char(pos.piece_on(make_square(next, rank)));
    file = next + 1;
  }
  if (file < 8) *p++ = char('0' + 8 - file);
  return std::size_t(p - out);
}

// The same rank packed into a word whose first byte in memory is the first character, so that
// the text is stored with one write: byte-by-byte stores read back as a word stall the CPU.
std::uint64_t packed_rank(const Position& pos, int rank, std::uint8_t& length) {
  std::uint64_t text = 0;
  unsigned shift = 0;
  unsigned occupied = unsigned(pos.occupied() >> (8 * rank)) & 0xFFU;
  int file = 0;
  while (occupied) {
    const int next = std::countr_zero(occupied);
    occupied &= occupied - 1;
    if (next > file) {
      text |= std::uint64_t('0' + next - file) << shift;
      shift += 8;
    }
    text |= std::uint64_t(std::uint8_t(piece_char(pos.piece_on(make_square(next, rank))))) << shift;
    shift += 8;
    file = next + 1;
  }
  if (file < 8) {
    text |= std::uint64_t('0' + 8 - file) << shift;
    shift += 8;
  }
  length = std::uint8_t(shift / 8);
  if constexpr (std::endian::native == std::endian::big) text = __builtin_bswap64(text);
  return text;
}

// A clock: one or two digits nearly always.
char* write_number(char* p, char* end, int n) {
  if (n < 10 && n >= 0) {
    *p++ = char('0' + n);
    return p;
  }
  if (n < 100 && n >= 0) {
    *p++ = char('0' + n / 10);
    *p++ = char('0' + n % 10);
    return p;
  }
  return std::to_chars(p, end, n).ptr;
}

// The fields after the castling rights: en passant and, with clocks, the two counters.
char* write_tail(const Position& pos, const FenWriteOptions& options, char* p, char* end) {
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
    p = write_number(p, end, pos.halfmove_clock());
    *p++ = ' ';
    p = write_number(p, end, pos.fullmove_number());
  }
  return p;
}

char* write_side(const Position& pos, char* p) {
  *p++ = ' ';
  *p++ = pos.side_to_move() == Color::white ? 'w' : 'b';
  *p++ = ' ';
  return p;
}

}  // namespace

std::size_t write_fen(const Position& pos, char* out, const FenWriteOptions& options) {
  char* p = out;
  for (int rank = 7; rank >= 0; --rank) {
    p += write_rank(pos, rank, p);
    if (rank) *p++ = '/';
  }
  p = write_side(pos, p);
  const std::size_t rights = write_castling(pos, options.castling, p);
  p += rights;
  if (!rights) *p++ = '-';
  return std::size_t(write_tail(pos, options, p, out + kMaxFenLength) - out);
}

std::size_t FenWriter::write(const Position& pos, char* out) {
  char* p = out;
  const Piece* board = pos.board().data();
  for (int rank = 7; rank >= 0; --rank) {
    RankText& cached = ranks_[rank];
    std::uint64_t key;
    std::memcpy(&key, board + 8 * rank, sizeof key);
    if (key != cached.key) {
      cached.key = key;
      cached.text = packed_rank(pos, rank, cached.length);
    }
    std::memcpy(p, &cached.text, sizeof cached.text);  // the buffer has room for the whole word
    p += cached.length;
    *p++ = '/';
  }
  --p;  // no '/' after the first rank
  p = write_side(pos, p);
  // X-FEN letters of Chess960 rights depend on where the other rooks stand, so those are
  // written afresh each time.
  if (pos.is_chess960() || !castling_valid_ || !(pos.castling() == castling_key_) ||
      chess960_key_) {
    castling_key_ = pos.castling();
    chess960_key_ = pos.is_chess960();
    castling_valid_ = true;
    castling_length_ = std::uint8_t(write_castling(pos, options_.castling, castling_text_));
    if (!castling_length_) castling_text_[castling_length_++] = '-';
  }
  std::memcpy(p, castling_text_, sizeof castling_text_);
  p += castling_length_;
  return std::size_t(write_tail(pos, options_, p, out + kMaxFenLength) - out);
}

std::string to_fen(const Position& pos, const FenWriteOptions& options) {
  char buffer[kMaxFenLength];
  return std::string(buffer, write_fen(pos, buffer, options));
}

}  // namespace fenkit::fen
