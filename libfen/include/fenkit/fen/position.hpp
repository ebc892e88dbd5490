// Position: the board, side to move, castling rights, en-passant square and clocks, and the
// variant it is played by (variant.hpp) with what that variant keeps: Crazyhouse's pockets and
// promoted pieces, Three-check's remaining checks.
//
// A value type without heap storage: copy it to keep a position, play() moves on it.
// Positions are made from FEN (fen.hpp), from a Setup (setup.hpp), or start().
//
// Thread safety: a Position is a value with no shared state: const member functions may be
// called from many threads at once on one position; one that changes it (play, the edits) needs
// the position to itself.
#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "fenkit/fen/castling.hpp"
#include "fenkit/fen/move.hpp"
#include "fenkit/fen/types.hpp"
#include "fenkit/fen/variant.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

class FENKIT_API Position {
 public:
  // The standard starting position.
  Position();
  static Position start() { return Position(); }
  // An empty board, White to move, no rights: for building positions piece by piece.
  static Position empty();
  // The given mailbox (a1..h8), White to move, no rights.
  static Position from_board(const std::array<Piece, 64>& board);

  // ------------------------------------------------------------ Board
  Piece piece_on(Square s) const { return board_[s]; }
  // The mailbox, a1..h8: rank r is board()[8r .. 8r+7].
  const std::array<Piece, 64>& board() const { return board_; }
  Bitboard occupied() const { return by_color_[0] | by_color_[1]; }
  Bitboard pieces(Color c) const { return by_color_[slot(c)]; }
  Bitboard pieces(PieceType t) const { return by_type_[slot(t)]; }
  Bitboard pieces(Color c, PieceType t) const { return pieces(c) & pieces(t); }
  Square king_square(Color c) const {
    const Bitboard k = pieces(c, PieceType::king);
    return k ? Square(std::countr_zero(k)) : no_square;
  }

  // ------------------------------------------------------------ State
  Color side_to_move() const { return side_; }
  const CastlingRights& castling() const { return castling_; }
  // The en-passant square as FEN and the PGN standard record it: set after every double
  // pawn push, whether or not a capture is possible. no_square otherwise.
  Square en_passant() const { return ep_; }
  // The en-passant square if an en-passant capture is legal now, else no_square
  // (the convention of python-chess, lichess and `--ep legal`).
  Square legal_en_passant() const;
  int halfmove_clock() const { return int(halfmove_); }
  int fullmove_number() const { return int(fullmove_); }
  // Chess960 positions write castling in X-FEN and castle by king-takes-rook in UCI.
  bool is_chess960() const { return chess960_; }

  // ------------------------------------------------------------ Variant
  Variant variant() const { return variant_; }
  // Crazyhouse: the pieces in `c`'s hand, and the pieces that were pawns (a captured one goes
  // to the captor's hand as a pawn).
  const Pocket& pocket(Color c) const { return pockets_[slot(c)]; }
  Bitboard promoted() const { return promoted_; }
  // Three-check: the checks `c` has still to give to win (3 at the start).
  int remaining_checks(Color c) const { return remaining_checks_[slot(c)]; }
  // Whether the variant's own end has come (a king on the hill, the third check, a king
  // exploded, a side without pieces, a race won): then no move follows. Checkmate and
  // stalemate are not counted here. Always false in standard chess.
  bool is_variant_end() const;

  // ------------------------------------------------------------ Attacks and checks
  // Pieces of either colour that attack `s` when the board holds `occupied`.
  Bitboard attackers_to(Square s, Bitboard occupied) const;
  Bitboard attackers_to(Square s) const { return attackers_to(s, occupied()); }
  Bitboard checkers() const;
  // Cheaper than checkers() != 0: it stops at the first attacker found.
  bool in_check() const;
  // Whether a piece of colour `by` (but those on `exclude`) attacks `s` with the board holding
  // `occupied` (the board as it stands when not given).
  bool attacked_by(Color by, Square s, Bitboard occupied, Bitboard exclude = 0) const;
  bool attacked_by(Color by, Square s) const { return attacked_by(by, s, occupied()); }
  // Whether a pseudo-legal move is legal: in standard chess, whether it leaves the mover's
  // king safe; in a variant, whether it is among generate_legal()'s. Moves from
  // generate_legal() are always legal; this is for moves built by hand or read from notation.
  bool is_legal(Move m) const {
    if (variant_ != Variant::standard) [[unlikely]] return is_legal_in_variant(m);
    return leaves_king_safe(m);
  }
  // The king-safety test of standard chess for a pseudo-legal move, whatever the variant.
  bool leaves_king_safe(Move m) const;
  // Whether the legal move `m` leaves the other side in check (the move played on a copy).
  bool gives_check(Move m) const;
  // Whether a move takes a piece: onto an occupied square (castling, the king onto its own rook
  // in Chess960 terms, does not), or en passant.
  bool is_capture(Move m) const {
    return m.is_en_passant() || (!m.is_castling() && !m.is_null() && piece_on(m.to()) != Piece::none);
  }

  // ------------------------------------------------------------ Moves
  // Plays a move after checking that it is legal here; Move::null() only passes the turn.
  // Throws std::invalid_argument (and leaves the position as it was) for Move::none() or a move
  // that is not legal in the position, such as a failed read_san()'s.
  void play(Move m);
  // The same without the check, for moves known to be legal (from generate_legal(), or resolved
  // by read_san() against this position): the fast path of readers and perft. An illegal move
  // here corrupts the position (debug builds assert on the worst cases).
  void play_unchecked(Move m);
  void play_null();
  // Whether `m` is a legal move here (it is among generate_legal()'s).
  bool is_legal_move(Move m) const;

  // ------------------------------------------------------------ Game end
  bool is_checkmate() const;
  bool is_stalemate() const;
  bool has_legal_moves() const;
  // Neither side can ever mate: K v K, K+minor v K, or bishops all on one colour; in a variant,
  // neither side can win by its rules (fen::has_insufficient_material, game_end.hpp).
  bool has_insufficient_material() const;

  // ------------------------------------------------------------ Editing
  // Low-level edits; the result is not validated (see setup.hpp for checked building).
  void put_piece(Piece p, Square s) {
    const Bitboard b = Bitboard{1} << s;
    board_[s] = p;
    by_type_[slot(type_of(p))] |= b;
    by_color_[slot(color_of(p))] |= b;
  }
  void remove_piece(Square s) {
    const Piece p = board_[s];
    if (p == Piece::none) return;
    const Bitboard b = Bitboard{1} << s;
    by_type_[slot(type_of(p))] ^= b;
    by_color_[slot(color_of(p))] ^= b;
    board_[s] = Piece::none;
  }
  void set_side_to_move(Color c) { side_ = c; }
  void set_castling(const CastlingRights& rights) { castling_ = rights; }
  void set_en_passant(Square s) { ep_ = s; }
  void set_halfmove_clock(int n) { halfmove_ = std::uint32_t(n); }
  void set_fullmove_number(int n) { fullmove_ = std::uint32_t(n); }
  void set_chess960(bool on) { chess960_ = on; }
  // The rules to play by. The state a variant keeps is left as it is: set it with the setters
  // below (a FEN read with the variant sets all of it).
  void set_variant(Variant v) { variant_ = v; }
  void set_pocket(Color c, const Pocket& p) { pockets_[slot(c)] = p; }
  void set_promoted(Bitboard squares) { promoted_ = squares; }
  void set_remaining_checks(Color c, int n) { remaining_checks_[slot(c)] = std::uint8_t(n); }

  friend FENKIT_API bool operator==(const Position& a, const Position& b);

 private:
  // Indexes of the per-colour and per-type arrays (index_of gives an int).
  static constexpr std::size_t slot(Color c) { return std::size_t(c); }
  static constexpr std::size_t slot(PieceType t) { return std::size_t(t); }
  struct EmptyTag {};
  explicit Position(EmptyTag);
  void move_piece(Square from, Square to) {
    const Piece p = board_[from];
    const Bitboard change = (Bitboard{1} << from) | (Bitboard{1} << to);
    by_type_[slot(type_of(p))] ^= change;
    by_color_[slot(color_of(p))] ^= change;
    board_[from] = Piece::none;
    board_[to] = p;
  }
  void update_castling_rights(Square from, Square to);
  // play_unchecked in standard chess, and the part of a variant's move that is played as in
  // standard chess.
  void play_standard(Move m);
  // play_unchecked for positions of a variant (variant_play.cpp).
  void play_variant(Move m);
  // Atomic: the capture on `to` blows up the capturer and every piece but pawns around it.
  void explode(Square to);
  bool in_check_variant() const;
  bool is_legal_in_variant(Move m) const;
  // Atomic: whether an en-passant capture makes the square worth writing in a FEN's legal
  // form. lichess and python-chess ask only whether it leaves the mover's king unattacked (or
  // gone), not the whole of the move's legality.
  bool atomic_capture_counts_for_fen(Move m) const;
  // update_castling_rights when a move from `from` to `to` touches a back rank.
  void forget_castling_through(Square from, Square to);
  // play_unchecked's rare moves: castling, en passant, promotion, the null move.
  void play_special(Move m, Color us);
  // The pieces of `candidates` that attack `s` when the board holds `occupied`.
  Bitboard attackers_among(Square s, Bitboard occupied, Bitboard candidates) const;

  std::array<Bitboard, 6> by_type_{};
  std::array<Bitboard, 2> by_color_{};
  std::array<Piece, 64> board_{};
  CastlingRights castling_;
  Color side_ = Color::white;
  Square ep_ = no_square;
  // 32 bits each: a record of a few hundred thousand plies keeps its counts.
  std::uint32_t halfmove_ = 0;
  std::uint32_t fullmove_ = 1;
  bool chess960_ = false;
  Variant variant_ = Variant::standard;
  std::uint8_t remaining_checks_[2] = {3, 3};
  Pocket pockets_[2];
  Bitboard promoted_ = 0;
};

}  // namespace fenkit::fen
