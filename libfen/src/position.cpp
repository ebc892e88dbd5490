#include "fenkit/fen/position.hpp"

#include <cassert>
#include <stdexcept>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "bitboard.hpp"
#include "position_play.hpp"
#include "fenkit/fen/game_end.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::fen {

using namespace detail;

namespace {

constexpr std::array<Piece, 64> board_of_rows(const char* rows) {
  std::array<Piece, 64> board{};
  for (int s = 0; s < 64; ++s) {
    switch (rows[s]) {
      case 'P': board[s] = Piece::white_pawn; break;
      case 'N': board[s] = Piece::white_knight; break;
      case 'B': board[s] = Piece::white_bishop; break;
      case 'R': board[s] = Piece::white_rook; break;
      case 'Q': board[s] = Piece::white_queen; break;
      case 'K': board[s] = Piece::white_king; break;
      case 'p': board[s] = Piece::black_pawn; break;
      case 'n': board[s] = Piece::black_knight; break;
      case 'b': board[s] = Piece::black_bishop; break;
      case 'r': board[s] = Piece::black_rook; break;
      case 'q': board[s] = Piece::black_queen; break;
      case 'k': board[s] = Piece::black_king; break;
      default: board[s] = Piece::none; break;
    }
  }
  return board;
}

// a1..h8, rank by rank from White's side.
constexpr std::array<Piece, 64> kStartBoard = board_of_rows(
    "RNBQKBNR" "PPPPPPPP" "........" "........" "........" "........" "pppppppp" "rnbqkbnr");
constexpr std::array<Piece, 64> kEmptyBoard = board_of_rows(
    "........" "........" "........" "........" "........" "........" "........" "........");

}  // namespace

Position::Position(EmptyTag) : board_(kEmptyBoard) {}

Position Position::empty() { return Position(EmptyTag{}); }

namespace {

// The bitboards of a mailbox: per sixteen squares, one comparison per piece type and one for
// the colour, where SSE2 is there (a square-by-square loop mispredicts on every other square).
// A byte that is no piece code counts as empty.
void bitboards_of(const std::array<Piece, 64>& board, std::array<Bitboard, 6>& by_type,
                  std::array<Bitboard, 2>& by_color) {
#if defined(__SSE2__)
  const __m128i eight = _mm_set1_epi8(8), not_colour = _mm_set1_epi8(char(0xF7));
  for (int i = 0; i < 4; ++i) {
    const __m128i codes = _mm_loadu_si128(reinterpret_cast<const __m128i*>(board.data() + 16 * i));
    // The code without its colour bit: the type, or (a byte that is no piece code) none.
    const __m128i types = _mm_and_si128(codes, not_colour);
    std::uint32_t occupied = 0;  // squares of the six types (no other code is a piece)
    for (int t = 0; t < 6; ++t) {
      const auto mask =
          std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(types, _mm_set1_epi8(char(t)))));
      by_type[std::size_t(t)] |= Bitboard{mask} << (16 * i);
      occupied |= mask;
    }
    const auto black =
        std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(_mm_and_si128(codes, eight), eight)));
    by_color[0] |= Bitboard{occupied & ~black} << (16 * i);
    by_color[1] |= Bitboard{occupied & black} << (16 * i);
  }
#else
  for (int s = 0; s < 64; ++s) {
    const Piece p = board[std::size_t(s)];
    if (std::uint8_t(p) > 15 || index_of(type_of(p)) >= 6) continue;  // not a piece
    by_type[std::size_t(index_of(type_of(p)))] |= Bitboard{1} << s;
    by_color[std::size_t(index_of(color_of(p)))] |= Bitboard{1} << s;
  }
#endif
}

}  // namespace

Position Position::from_board(const std::array<Piece, 64>& board) {
  Position pos(EmptyTag{});
  bitboards_of(board, pos.by_type_, pos.by_color_);
  pos.board_ = board;
  return pos;
}

// The start position is written out rather than built piece by piece: positions are
// default-constructed in hot loops (a FEN is read into one).
Position::Position()
    : by_type_{0x00FF00000000FF00ULL, 0x4200000000000042ULL, 0x2400000000000024ULL,
               0x8100000000000081ULL, 0x0800000000000008ULL, 0x1000000000000010ULL},
      by_color_{0x000000000000FFFFULL, 0xFFFF000000000000ULL},
      board_(kStartBoard) {
  castling_.set(Color::white, CastlingSide::king_side, h1);
  castling_.set(Color::white, CastlingSide::queen_side, a1);
  castling_.set(Color::black, CastlingSide::king_side, h8);
  castling_.set(Color::black, CastlingSide::queen_side, a8);
}

Bitboard Position::attackers_among(Square s, Bitboard occ, Bitboard candidates) const {
  const Bitboard leapers = (pawn_attacks(Color::white, s) & pieces(Color::black, PieceType::pawn)) |
                           (pawn_attacks(Color::black, s) & pieces(Color::white, PieceType::pawn)) |
                           (knight_attacks(s) & pieces(PieceType::knight)) |
                           (king_attacks(s) & pieces(PieceType::king));
  // The sliders are narrowed before their rays are followed, the costly part.
  const Bitboard queens = pieces(PieceType::queen);
  const Bitboard sliders = (((pieces(PieceType::bishop) | queens) & kBishopRays[s]) |
                            ((pieces(PieceType::rook) | queens) & kRookRays[s])) &
                           candidates;
  return (leapers & candidates) | sliders_reaching(s, sliders, occ);
}

Bitboard Position::attackers_to(Square s, Bitboard occ) const {
  return attackers_among(s, occ, ~Bitboard{0});
}

bool Position::attacked_by(Color by, Square s, Bitboard occupied, Bitboard exclude) const {
  const Bitboard theirs = pieces(by) & ~exclude;
  // The leapers at once.
  if (((knight_attacks(s) & pieces(PieceType::knight)) |
       (king_attacks(s) & pieces(PieceType::king)) |
       (pawn_attacks(~by, s) & pieces(PieceType::pawn))) & theirs)
    return true;
  const Bitboard queens = pieces(PieceType::queen);
  const Bitboard sliders = (((pieces(PieceType::bishop) | queens) & kBishopRays[s]) |
                            ((pieces(PieceType::rook) | queens) & kRookRays[s])) &
                           theirs;
  return sliders_reaching(s, sliders, occupied) != 0;
}

Bitboard Position::checkers() const {
  if (variant_ != Variant::standard && !in_check_variant()) [[unlikely]] return 0;
  const Square k = king_square(side_);
  return k == no_square ? 0 : attackers_among(k, occupied(), pieces(~side_));
}

bool Position::in_check() const {
  if (variant_ != Variant::standard) [[unlikely]] return in_check_variant();
  const Square k = king_square(side_);
  return k != no_square && attacked_by(~side_, k);
}

// Castling leaves the king on the g- or c-file and the rook on the f- or d-file, in Chess960
// as in standard chess.
static Square castling_king_destination(Color c, Square king, Square rook) {
  return relative_square(c, rook > king ? g1 : c1);
}
static Square castling_rook_destination(Color c, Square king, Square rook) {
  return relative_square(c, rook > king ? f1 : d1);
}

bool Position::leaves_king_safe(Move m) const {
  const Color us = side_;
  const Square from = m.from(), to = m.to(), king = king_square(us);
  const Bitboard them = pieces(~us);
  const Bitboard occ = occupied();
  // As in move generation: the enemy king is never taken (see movegen.cpp).
  if (type_of(board_[to]) == PieceType::king) return false;

  if (m.is_castling()) {
    if (in_check()) return false;
    const Square kdest = castling_king_destination(us, from, to);
    const Square rdest = castling_rook_destination(us, from, to);
    const Bitboard movers = square_bb(from) | square_bb(to);
    const Bitboard path = between_bb(from, kdest) | square_bb(kdest) | between_bb(to, rdest) |
                          square_bb(rdest);
    if (path & occ & ~movers) return false;
    Bitboard king_path = between_bb(from, kdest) | square_bb(kdest);
    for (Bitboard b = king_path; b;)
      if (attackers_to(pop_lsb(b), occ ^ square_bb(to)) & them) return false;
    return true;
  }
  if (m.is_en_passant()) {
    const Square captured = Square(to - pawn_push(us));
    const Bitboard after = (occ ^ square_bb(from) ^ square_bb(captured)) | square_bb(to);
    return !(attackers_to(king, after) & them & ~square_bb(captured));
  }
  if (from == king) return !attacked_by(~us, to, occ ^ square_bb(from));
  // Another piece: the king must be safe once it has moved (a capture removes its victim).
  return !attacked_by(~us, king, (occ ^ square_bb(from)) | square_bb(to), square_bb(to));
}

bool Position::gives_check(Move m) const {
  Position next = *this;
  next.play_unchecked(m);
  return next.in_check();
}

void Position::update_castling_rights(Square from, Square to) {
  for (Color c : {Color::white, Color::black}) {
    for (CastlingSide side : {CastlingSide::king_side, CastlingSide::queen_side}) {
      if (!castling_.has(c, side)) continue;
      Square rook = castling_.rook_square(c, side);
      if (rook == from || rook == to) castling_.clear(c, side);
    }
  }
}

void Position::play(Move m) {
  if (!m.is_null() && !is_legal_move(m))
    throw std::invalid_argument(m.is_none() ? "no move to play (Move::none())"
                                            : "not a legal move here: " + to_uci(m, {.king_takes_rook = true}));
  play_unchecked(m);
}

bool Position::is_legal_move(Move m) const {
  if (m.is_none() || m.is_null()) return false;
  MoveList legal;
  generate_legal(*this, legal);
  return legal.contains(m);
}

void Position::play_unchecked(Move m) {
  if (variant_ != Variant::standard) [[unlikely]] {
    play_variant(m);
    return;
  }
  play_standard(m);
}

void Position::play_special(Move m, Color us) {
  if (m.is_null()) return;  // it only passes the turn; not a capture or a pawn move
  const Square from = m.from(), to = m.to();
  switch (m.kind()) {
    case MoveKind::castling: {
      const Piece king = board_[from], rook = board_[to];
      remove_piece(from);
      remove_piece(to);
      put_piece(king, castling_king_destination(us, from, to));
      put_piece(rook, castling_rook_destination(us, from, to));
      castling_.clear(us);
      break;
    }
    case MoveKind::en_passant:
      remove_piece(Square(to - pawn_push(us)));
      move_piece(from, to);
      halfmove_ = 0;
      break;
    case MoveKind::promotion:
      remove_piece(to);
      remove_piece(from);
      put_piece(make_piece(us, m.promotion()), to);
      halfmove_ = 0;
      break;
    case MoveKind::normal: break;
  }
  forget_castling_through(from, to);
}

void Position::play_null() { play_unchecked(Move::null()); }

Square Position::legal_en_passant() const {
  if (ep_ == no_square) return no_square;
  const Color us = side_;
  // A square an edited board may hold that no double step left: not on the sixth rank (the
  // third for Black), or without the pawn that passed it.
  const int ep_rank = us == Color::white ? 5 : 2;
  const Square passed = Square(us == Color::white ? int(ep_) - 8 : int(ep_) + 8);
  if (int(ep_) / 8 != ep_rank || piece_on(passed) != make_piece(~us, PieceType::pawn)) return no_square;
  Bitboard candidates = pawn_attacks(~us, ep_) & pieces(us, PieceType::pawn);
  while (candidates) {
    Move m(pop_lsb(candidates), ep_, MoveKind::en_passant);
    if (variant_ == Variant::atomic ? atomic_capture_counts_for_fen(m) : is_legal(m)) return ep_;
  }
  return no_square;
}

bool Position::has_legal_moves() const {
  // A king move first: one of them is nearly always safe, which settles it without generating
  // every move (by standard chess's rules only).
  const Color us = side_;
  const Square king = king_square(us);
  if (king != no_square && variant_ == Variant::standard) {
    const Bitboard occ = occupied() ^ square_bb(king);
    for (Bitboard b = king_attacks(king) & ~pieces(us) & ~pieces(~us, PieceType::king); b;)
      if (!attacked_by(~us, pop_lsb(b), occ)) return true;
  }
  MoveList moves;
  generate_legal(*this, moves);
  return !moves.empty();
}

bool Position::is_checkmate() const { return in_check() && !has_legal_moves(); }
bool Position::is_stalemate() const {
  return !in_check() && !is_variant_end() && !has_legal_moves();
}

bool Position::has_insufficient_material() const {
  // A variant's own rules, for each side (game_end.hpp).
  if (variant_ != Variant::standard) [[unlikely]]
    return fen::has_insufficient_material(*this, Color::white) &&
           fen::has_insufficient_material(*this, Color::black);
  if (pieces(PieceType::pawn) | pieces(PieceType::rook) | pieces(PieceType::queen)) return false;
  const Bitboard knights = pieces(PieceType::knight), bishops = pieces(PieceType::bishop);
  if (popcount(knights | bishops) <= 1) return true;
  if (knights) return false;
  constexpr Bitboard kDarkSquares = 0xAA55AA55AA55AA55ULL;
  return !(bishops & kDarkSquares) || !(bishops & ~kDarkSquares);
}

bool operator==(const Position& a, const Position& b) {
  // The bitboards say what stands on every square, as the board does, in 64 bytes compared a
  // word at a time (the board's 64 squares were compared one by one: 400 instructions).
  return a.by_type_ == b.by_type_ && a.by_color_ == b.by_color_ && a.side_ == b.side_ &&
         a.castling_ == b.castling_ &&
         a.ep_ == b.ep_ && a.halfmove_ == b.halfmove_ && a.fullmove_ == b.fullmove_ &&
         a.chess960_ == b.chess960_ && a.variant_ == b.variant_ &&
         (a.variant_ == Variant::standard ||
          (a.remaining_checks_[0] == b.remaining_checks_[0] &&
           a.remaining_checks_[1] == b.remaining_checks_[1] && a.pockets_[0] == b.pockets_[0] &&
           a.pockets_[1] == b.pockets_[1] && a.promoted_ == b.promoted_));
}

}  // namespace fenkit::fen
