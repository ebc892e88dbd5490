// Legal move generation with check and pin masks.
//
// Instead of generating pseudo-legal moves and testing each, the generator restricts every
// piece's targets up front: a check mask (squares that capture or block a single checker),
// two pin masks (orthogonal and diagonal rays from the king through exactly one of our pieces
// to an enemy slider) and a danger map (squares the enemy attacks with our king lifted off the
// board). Only en passant, where two pieces leave one rank at once, is checked by playing it
// out on the occupancy.
#include "fenkit/fen/movegen.hpp"

#include "bitboard.hpp"
#include "movegen_variants.hpp"

namespace fenkit::fen {

using namespace detail;

namespace {

template <Color Us>
constexpr Bitboard forward(Bitboard b) {
  return Us == Color::white ? shift_north(b) : shift_south(b);
}
// Captures towards the a-file and towards the h-file, from Us's point of view on the board.
template <Color Us>
constexpr Bitboard forward_west(Bitboard b) {
  return forward<Us>(shift_west(b));
}
template <Color Us>
constexpr Bitboard forward_east(Bitboard b) {
  return forward<Us>(shift_east(b));
}

struct Masks {
  Bitboard checkers;
  Bitboard check_mask;  // where a non-king piece may move: capture or block the checker
  Bitboard pin_hv;      // rays of orthogonal pins, pinner included
  Bitboard pin_diag;    // rays of diagonal pins, pinner included
  Bitboard danger;      // squares our king may not step on
};

template <Color Us>
Masks compute_masks(const Position& pos) {
  constexpr Color Them = ~Us;
  const Bitboard us = pos.pieces(Us), them = pos.pieces(Them), occ = us | them;
  const Square king = pos.king_square(Us);
  const Bitboard their_rq = pos.pieces(Them, PieceType::rook) | pos.pieces(Them, PieceType::queen);
  const Bitboard their_bq =
      pos.pieces(Them, PieceType::bishop) | pos.pieces(Them, PieceType::queen);

  Masks m{};
  m.checkers = (pawn_attacks(Us, king) & pos.pieces(Them, PieceType::pawn)) |
               (knight_attacks(king) & pos.pieces(Them, PieceType::knight)) |
               (bishop_attacks(king, occ) & their_bq) | (rook_attacks(king, occ) & their_rq);

  if (!m.checkers)
    m.check_mask = ~Bitboard{0};
  else if (!more_than_one(m.checkers))
    m.check_mask = between_bb(king, lsb(m.checkers)) | m.checkers;
  else
    m.check_mask = 0;

  // Sliders that would see the king if our pieces were transparent pin exactly one of ours.
  for (Bitboard snipers = rook_attacks(king, them) & their_rq; snipers;) {
    Square s = pop_lsb(snipers);
    Bitboard ray = between_bb(king, s);
    Bitboard blockers = ray & us;
    if (blockers && !more_than_one(blockers)) m.pin_hv |= ray | square_bb(s);
  }
  for (Bitboard snipers = bishop_attacks(king, them) & their_bq; snipers;) {
    Square s = pop_lsb(snipers);
    Bitboard ray = between_bb(king, s);
    Bitboard blockers = ray & us;
    if (blockers && !more_than_one(blockers)) m.pin_diag |= ray | square_bb(s);
  }

  // Enemy attacks with our king removed, so it cannot hide behind itself from a slider.
  const Bitboard occ_without_king = occ ^ square_bb(king);
  const Bitboard their_pawns = pos.pieces(Them, PieceType::pawn);
  Bitboard danger = forward_west<Them>(their_pawns) | forward_east<Them>(their_pawns);
  for (Bitboard b = pos.pieces(Them, PieceType::knight); b;) danger |= knight_attacks(pop_lsb(b));
  for (Bitboard b = their_bq; b;) danger |= bishop_attacks(pop_lsb(b), occ_without_king);
  for (Bitboard b = their_rq; b;) danger |= rook_attacks(pop_lsb(b), occ_without_king);
  danger |= king_attacks(pos.king_square(Them));
  m.danger = danger;
  return m;
}

// Where generated moves go: into a list, or only counted (perft counts its last ply this way,
// with a popcount per piece instead of a store per move).
struct ListSink {
  Move* out;
  void add(Move m) { *out++ = m; }
  void add_targets(Square from, Bitboard targets) {
    while (targets) *out++ = Move(from, pop_lsb(targets));
  }
  void add_pawn_moves(Bitboard targets, int offset) {
    while (targets) {
      const Square to = pop_lsb(targets);
      *out++ = Move(Square(to - offset), to);
    }
  }
  void add_promotions(Bitboard targets, int offset) {
    while (targets) {
      const Square to = pop_lsb(targets);
      const Square from = Square(to - offset);
      *out++ = Move(from, to, MoveKind::promotion, PieceType::queen);
      *out++ = Move(from, to, MoveKind::promotion, PieceType::rook);
      *out++ = Move(from, to, MoveKind::promotion, PieceType::bishop);
      *out++ = Move(from, to, MoveKind::promotion, PieceType::knight);
    }
  }
};

struct CountSink {
  std::size_t count = 0;
  void add(Move) { ++count; }
  void add_targets(Square, Bitboard targets) { count += std::size_t(popcount(targets)); }
  void add_pawn_moves(Bitboard targets, int) { count += std::size_t(popcount(targets)); }
  void add_promotions(Bitboard targets, int) { count += 4 * std::size_t(popcount(targets)); }
};

template <Color Us, typename Sink>
void generate_pawn_moves(const Position& pos, const Masks& m, Sink& sink) {
  constexpr Color Them = ~Us;
  constexpr int up = pawn_push(Us);
  constexpr int up_west = up - 1, up_east = up + 1;
  constexpr Bitboard last_rank = rank_bb(Us == Color::white ? 7 : 0);
  constexpr Bitboard third_rank = rank_bb(Us == Color::white ? 2 : 5);
  const Bitboard occ = pos.occupied();
  const Bitboard empty = ~occ;
  const Bitboard them = pos.pieces(Them);
  const Bitboard pawns = pos.pieces(Us, PieceType::pawn);

  // Pushes: a diagonally pinned pawn cannot push; an orthogonally pinned one only along its file.
  const Bitboard pushers = pawns & ~m.pin_diag;
  Bitboard single = (forward<Us>(pushers & ~m.pin_hv) & empty) |
                    (forward<Us>(pushers & m.pin_hv) & empty & m.pin_hv);
  Bitboard twice = forward<Us>(single & third_rank) & empty & m.check_mask;
  single &= m.check_mask;

  // Captures: an orthogonally pinned pawn cannot capture; a diagonally pinned one only along
  // the pin ray.
  const Bitboard capturers = pawns & ~m.pin_hv;
  const Bitboard free = capturers & ~m.pin_diag, pinned = capturers & m.pin_diag;
  const Bitboard targets = them & ~pos.pieces(Them, PieceType::king) & m.check_mask;
  Bitboard west = (forward_west<Us>(free) | (forward_west<Us>(pinned) & m.pin_diag)) & targets;
  Bitboard east = (forward_east<Us>(free) | (forward_east<Us>(pinned) & m.pin_diag)) & targets;

  sink.add_promotions(single & last_rank, up);
  sink.add_promotions(west & last_rank, up_west);
  sink.add_promotions(east & last_rank, up_east);
  sink.add_pawn_moves(single & ~last_rank, up);
  sink.add_pawn_moves(twice, 2 * up);
  sink.add_pawn_moves(west & ~last_rank, up_west);
  sink.add_pawn_moves(east & ~last_rank, up_east);

  const Square ep = pos.en_passant();
  // (On the sixth rank, the third for Black: a board edited by hand may hold another square.)
  if (ep != no_square && int(ep) / 8 == (Us == Color::white ? 5 : 2)) {
    for (Bitboard b = pawn_attacks(Them, ep) & pawns; b;) {
      Move move(pop_lsb(b), ep, MoveKind::en_passant);
      if (pos.leaves_king_safe(move)) sink.add(move);
    }
  }
}

template <Color Us, typename Sink>
void generate_castling(const Position& pos, const Masks& m, Sink& sink) {
  const CastlingRights& rights = pos.castling();
  if (!rights.has_any(Us) || m.checkers) return;
  constexpr Color Them = ~Us;
  const Square king = pos.king_square(Us);
  const Bitboard occ = pos.occupied();
  for (CastlingSide side : {CastlingSide::king_side, CastlingSide::queen_side}) {
    if (!rights.has(Us, side)) continue;
    const Square rook = rights.rook_square(Us, side);
    const bool king_side = side == CastlingSide::king_side;
    const Square kdest = relative_square(Us, king_side ? g1 : c1);
    const Square rdest = relative_square(Us, king_side ? f1 : d1);
    const Bitboard movers = square_bb(king) | square_bb(rook);
    const Bitboard king_path = between_bb(king, kdest) | square_bb(kdest);
    const Bitboard path = king_path | between_bb(rook, rdest) | square_bb(rdest);
    if (path & occ & ~movers) continue;
    if (king_path & m.danger) continue;
    // The castling rook may be what shields the king's destination (Chess960: rook on b1,
    // king to c1, enemy rook on a1).
    const Bitboard their_rq =
        pos.pieces(Them, PieceType::rook) | pos.pieces(Them, PieceType::queen);
    if (rook_attacks(kdest, occ ^ movers) & their_rq & rank_bb(rank_of(kdest))) continue;
    sink.add(Move(king, rook, MoveKind::castling));
  }
}

template <Color Us, typename Sink>
void generate(const Position& pos, Sink& sink) {
  const Masks m = compute_masks<Us>(pos);
  const Bitboard us = pos.pieces(Us);
  const Bitboard occ = pos.occupied();
  const Square king = pos.king_square(Us);
  // The enemy king is never taken. It can only stand attacked in a set-up whose
  // opposite_side_in_check problem the caller accepted, and taking it would leave a side
  // without a king, which no other function expects.
  const Bitboard their_king = pos.pieces(~Us, PieceType::king);

  sink.add_targets(king, king_attacks(king) & ~us & ~their_king & ~m.danger);
  if (more_than_one(m.checkers)) return;  // double check: only the king moves

  const Bitboard targets = ~us & ~their_king & m.check_mask;
  const Bitboard pinned = m.pin_hv | m.pin_diag;

  generate_pawn_moves<Us>(pos, m, sink);

  for (Bitboard b = pos.pieces(Us, PieceType::knight) & ~pinned; b;) {
    Square s = pop_lsb(b);
    sink.add_targets(s, knight_attacks(s) & targets);
  }
  const Bitboard diagonal_movers =
      (pos.pieces(Us, PieceType::bishop) | pos.pieces(Us, PieceType::queen)) & ~m.pin_hv;
  for (Bitboard b = diagonal_movers; b;) {
    Square s = pop_lsb(b);
    Bitboard t = bishop_attacks(s, occ) & targets;
    if (square_bb(s) & m.pin_diag) t &= m.pin_diag;
    sink.add_targets(s, t);
  }
  const Bitboard straight_movers =
      (pos.pieces(Us, PieceType::rook) | pos.pieces(Us, PieceType::queen)) & ~m.pin_diag;
  for (Bitboard b = straight_movers; b;) {
    Square s = pop_lsb(b);
    Bitboard t = rook_attacks(s, occ) & targets;
    if (square_bb(s) & m.pin_hv) t &= m.pin_hv;
    sink.add_targets(s, t);
  }
  generate_castling<Us>(pos, m, sink);
}

}  // namespace

void detail::generate_standard_legal(const Position& pos, MoveList& moves) {
  moves.clear();
  ListSink sink{moves.end_pointer()};
  if (pos.side_to_move() == Color::white)
    generate<Color::white>(pos, sink);
  else
    generate<Color::black>(pos, sink);
  moves.set_end(sink.out);
}

void generate_legal(const Position& pos, MoveList& moves) {
  if (pos.variant() != Variant::standard) [[unlikely]] {
    generate_variant_legal(pos, moves);
    return;
  }
  generate_standard_legal(pos, moves);
}

std::size_t count_legal(const Position& pos) {
  if (pos.variant() != Variant::standard) [[unlikely]] {
    MoveList moves;
    generate_variant_legal(pos, moves);
    return moves.size();
  }
  CountSink sink;
  if (pos.side_to_move() == Color::white)
    generate<Color::white>(pos, sink);
  else
    generate<Color::black>(pos, sink);
  return sink.count;
}

}  // namespace fenkit::fen
