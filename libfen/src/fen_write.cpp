// Writing FEN straight into a caller's buffer.
#include <array>
#include <bit>
#include <charconv>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string_view>

#if defined(__x86_64__) || defined(__i386__)
#include <tmmintrin.h>
#define FENKIT_SSSE3_AVAILABLE 1
#endif

#include "fenkit/fen/fen.hpp"

namespace fenkit::fen {

namespace {

// One rank of the placement field ("rnbqkbnr", "4P3", "8") packed into a word whose first byte
// in memory is the first character, so that the text is stored with one write (byte stores
// read back as a word stall the CPU). Walks the occupied squares, writing gaps as digits.
std::uint64_t rank_word(const Position& pos, int rank, std::uint8_t& length) {
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

// The placement field, rank 8 first.
char* write_placement_portable(const Position& pos, char* p) {
  for (int rank = 7; rank >= 0; --rank) {
    std::uint8_t length;
    const std::uint64_t text = rank_word(pos, rank, length);
    std::memcpy(p, &text, sizeof text);  // kMaxFenLength leaves room for the whole word
    p += length;
    *p++ = '/';
  }
  return p - 1;  // no '/' after the first rank
}

#if defined(FENKIT_SSSE3_AVAILABLE)
// Where SSSE3 is there a rank's text is made without a branch: a byte shuffle turns the eight
// piece codes into letters, and a second one, chosen by which squares are occupied, moves the
// letters into place; the digits for the gaps come from the same table. The functions carry
// their own target so that a build for the x86-64 baseline still has them, chosen at run time.
struct RankPattern {
  std::array<std::uint8_t, 16> shuffle{};  // text position -> file of its letter, or 0x80
  std::uint64_t digits = 0;                // the gap digits at their text positions
  std::uint8_t length = 0;
};

constexpr std::array<RankPattern, 256> kRankPatterns = [] {
  std::array<RankPattern, 256> table{};
  for (unsigned occupied = 0; occupied < 256; ++occupied) {
    RankPattern& r = table[occupied];
    r.shuffle.fill(0x80);
    unsigned at = 0, gap = 0;
    for (unsigned file = 0; file < 8; ++file) {
      if (!(occupied >> file & 1U)) {
        ++gap;
        continue;
      }
      if (gap) r.digits |= std::uint64_t('0' + gap) << (8 * at++);
      gap = 0;
      r.shuffle[at++] = std::uint8_t(file);
    }
    if (gap) r.digits |= std::uint64_t('0' + gap) << (8 * at++);
    r.length = std::uint8_t(at);
  }
  return table;
}();

__attribute__((target("ssse3"))) inline std::uint64_t rank_word_ssse3(const Position& pos,
                                                                      int rank,
                                                                      std::uint8_t& length) {
  // Piece code (bits 0-2 type, bit 3 colour) to FEN letter; the empty code 6 gives 0.
  const __m128i letters = _mm_setr_epi8('P', 'N', 'B', 'R', 'Q', 'K', 0, 0, 'p', 'n', 'b', 'r',
                                        'q', 'k', 0, 0);
  const unsigned occupied = unsigned(pos.occupied() >> (8 * rank)) & 0xFFU;
  const RankPattern& pattern = kRankPatterns[occupied];
  const __m128i codes =
      _mm_loadl_epi64(reinterpret_cast<const __m128i*>(pos.board().data() + 8 * rank));
  const __m128i chars = _mm_shuffle_epi8(letters, codes);
  const __m128i placed = _mm_shuffle_epi8(
      chars, _mm_loadu_si128(reinterpret_cast<const __m128i*>(pattern.shuffle.data())));
  length = pattern.length;
  return std::uint64_t(_mm_cvtsi128_si64(placed)) | pattern.digits;
}

__attribute__((target("ssse3"))) char* write_placement_ssse3(const Position& pos, char* p) {
  for (int rank = 7; rank >= 0; --rank) {
    std::uint8_t length;
    const std::uint64_t text = rank_word_ssse3(pos, rank, length);
    std::memcpy(p, &text, sizeof text);  // kMaxFenLength leaves room for the whole word
    p += length;
    *p++ = '/';
  }
  return p - 1;
}
#endif

// Whether to use the shuffle instructions: asked of the CPU once, when the library is loaded
// (a guarded static asked on every FEN written cost a percent of a replay). FENKIT_CPU=baseline
// in the environment keeps to the code every x86-64 CPU runs (to compare the two, or to rule
// the faster one out when chasing a problem).
bool detect_ssse3() {
#if defined(FENKIT_SSSE3_AVAILABLE)
  const char* cpu = std::getenv("FENKIT_CPU");
  if (cpu && std::string_view(cpu) == "baseline") return false;
  __builtin_cpu_init();  // may run before the CPU model is filled in
  return bool(__builtin_cpu_supports("ssse3"));
#else
  return false;
#endif
}
const bool kHasSsse3 = detect_ssse3();

bool has_ssse3() { return kHasSsse3; }

char* write_placement(const Position& pos, char* p) {
#if defined(FENKIT_SSSE3_AVAILABLE)
  if (has_ssse3()) return write_placement_ssse3(pos, p);
#endif
  return write_placement_portable(pos, p);
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

// Crazyhouse's placement: a '~' after each piece that was a pawn, and the pockets in brackets
// after the last rank, White's first, queens first (lichess's and python-chess's form).
char* write_crazyhouse_placement(const Position& pos, char* p) {
  const Bitboard marked = pos.promoted() & ~pos.pieces(PieceType::pawn) & ~pos.pieces(PieceType::king);
  // Without promoted pieces (nearly always) the ranks are standard chess's.
  if (!marked) p = write_placement(pos, p);
  for (int rank = 7; rank >= 0 && marked; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const Square s = make_square(file, rank);
      const Piece piece = pos.piece_on(s);
      if (piece == Piece::none) {
        ++empty;
        continue;
      }
      if (empty) *p++ = char('0' + empty);
      empty = 0;
      *p++ = piece_char(piece);
      if (marked & square_bb(s)) *p++ = '~';
    }
    if (empty) *p++ = char('0' + empty);
    if (rank) *p++ = '/';
  }
  *p++ = '[';
  for (Color c : {Color::white, Color::black})
    for (PieceType t : kPocketOrder)
      for (int n = pos.pocket(c).of(t); n > 0; --n) *p++ = piece_char(make_piece(c, t));
  *p++ = ']';
  return p;
}

// The fields after the castling rights: en passant and, with clocks, the two counters; in
// Three-check the checks each side has still to give between them ("3+3").
char* write_tail(const Position& pos, const FenWriteOptions& options, char* p, char* end) {
  *p++ = ' ';
  const Square ep = options.ep == EpMode::standard ? pos.en_passant() : pos.legal_en_passant();
  if (ep == no_square) {
    *p++ = '-';
  } else {
    *p++ = file_char(file_of(ep));
    *p++ = rank_char(rank_of(ep));
  }
  if (pos.variant() == Variant::three_check) [[unlikely]] {
    *p++ = ' ';
    *p++ = char('0' + pos.remaining_checks(Color::white));
    *p++ = '+';
    *p++ = char('0' + pos.remaining_checks(Color::black));
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
  char* p = pos.variant() == Variant::crazyhouse ? write_crazyhouse_placement(pos, out)
                                                  : write_placement(pos, out);
  p = write_side(pos, p);
  const std::size_t rights = write_castling(pos, options.castling, p);
  p += rights;
  if (!rights) *p++ = '-';
  return std::size_t(write_tail(pos, options, p, out + kMaxFenLength) - out);
}

std::size_t FenWriter::write(const Position& pos, char* out) {
  char* p;
  if (pos.variant() == Variant::crazyhouse) [[unlikely]] {
    p = write_crazyhouse_placement(pos, out);
  } else if (has_ssse3()) {
    // Each rank costs a few instructions without branches: making it afresh is cheaper than
    // asking whether it changed.
    p = write_placement(pos, out);
  } else {
    p = out;
    const Piece* board = pos.board().data();
    for (int rank = 7; rank >= 0; --rank) {
      RankText& cached = ranks_[rank];
      std::uint64_t key;
      std::memcpy(&key, board + 8 * rank, sizeof key);
      if (key != cached.key) {
        cached.key = key;
        cached.text = rank_word(pos, rank, cached.length);
      }
      std::memcpy(p, &cached.text, sizeof cached.text);  // the buffer has room for the whole word
      p += cached.length;
      *p++ = '/';
    }
    --p;  // no '/' after the first rank
  }
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
