// Validation: from a Setup (what the FEN said) to a Position (what can be played).
#include "fenkit/fen/setup.hpp"

#include <algorithm>
#include <bit>

#include "bitboard.hpp"
#include "castling_notation.hpp"
#include "fenkit/fen/fen.hpp"

namespace fenkit::fen {

using namespace detail;

// The largest clock a Position keeps: far beyond any game (a clock in 32 bits, with room left
// to count on from it), so that what a record says is kept as it says it.
constexpr std::uint32_t kMostClock = 1U << 30;

const char* describe(Problem p) {
  switch (p) {
    case Problem::missing_white_king: return "white has no king";
    case Problem::missing_black_king: return "black has no king";
    case Problem::too_many_white_kings: return "white has more than one king";
    case Problem::too_many_black_kings: return "black has more than one king";
    case Problem::pawn_on_back_rank: return "pawn on the first or last rank";
    case Problem::too_many_white_pieces: return "white has too many pieces";
    case Problem::too_many_black_pieces: return "black has too many pieces";
    case Problem::too_many_white_pawns: return "white has more than 8 pawns";
    case Problem::too_many_black_pawns: return "black has more than 8 pawns";
    case Problem::opposite_side_in_check: return "the side not to move is in check";
    case Problem::impossible_check: return "impossible check (no move could give it)";
    case Problem::castling_without_king: return "castling right without the king on its first rank";
    case Problem::castling_without_rook: return "castling right without its rook";
    case Problem::castling_duplicate: return "castling right given twice";
    case Problem::en_passant_wrong_rank: return "en-passant square on the wrong rank for the side to move";
    case Problem::en_passant_without_pawn: return "en-passant square without a pawn that just moved two squares";
    case Problem::en_passant_blocked: return "en-passant square or the square behind it is occupied";
    case Problem::fullmove_zero: return "fullmove number is 0 (it starts at 1)";
    case Problem::halfmove_too_large: return "halfmove clock is larger than 1073741824";
    case Problem::consecutive_digits: return "two digits in a row in the piece placement";
    case Problem::check_in_racing_kings: return "a king in check, which no move may give in Racing Kings";
    case Problem::pawn_in_racing_kings: return "pawns on the board, which Racing Kings is played without";
    case Problem::king_in_horde: return "white has a king, which the horde of Horde has not";
  }
  return "unknown problem";
}

const char* problem_name(Problem p) {
  switch (p) {
    case Problem::missing_white_king: return "missing_white_king";
    case Problem::missing_black_king: return "missing_black_king";
    case Problem::too_many_white_kings: return "too_many_white_kings";
    case Problem::too_many_black_kings: return "too_many_black_kings";
    case Problem::pawn_on_back_rank: return "pawn_on_back_rank";
    case Problem::too_many_white_pieces: return "too_many_white_pieces";
    case Problem::too_many_black_pieces: return "too_many_black_pieces";
    case Problem::too_many_white_pawns: return "too_many_white_pawns";
    case Problem::too_many_black_pawns: return "too_many_black_pawns";
    case Problem::opposite_side_in_check: return "opposite_side_in_check";
    case Problem::impossible_check: return "impossible_check";
    case Problem::castling_without_king: return "castling_without_king";
    case Problem::castling_without_rook: return "castling_without_rook";
    case Problem::castling_duplicate: return "castling_duplicate";
    case Problem::en_passant_wrong_rank: return "en_passant_wrong_rank";
    case Problem::en_passant_without_pawn: return "en_passant_without_pawn";
    case Problem::en_passant_blocked: return "en_passant_blocked";
    case Problem::fullmove_zero: return "fullmove_zero";
    case Problem::halfmove_too_large: return "halfmove_too_large";
    case Problem::consecutive_digits: return "consecutive_digits";
    case Problem::check_in_racing_kings: return "check_in_racing_kings";
    case Problem::pawn_in_racing_kings: return "pawn_in_racing_kings";
    case Problem::king_in_horde: return "king_in_horde";
  }
  return "unknown";
}

bool problem_from_name(std::string_view name, Problem& out) {
  for (int i = 0; i < kProblemCount; ++i) {
    if (name == problem_name(Problem(i))) {
      out = Problem(i);
      return true;
    }
  }
  return false;
}

std::string describe(Problems ps) {
  std::string text;
  for (int i = 0; i < kProblemCount; ++i) {
    if (!ps.contains(Problem(i))) continue;
    if (!text.empty()) text += "; ";
    text += describe(Problem(i));
  }
  return text;
}

namespace {

// The board alone, as a Position, to ask attack questions of.
Position board_of(const Setup& setup) {
  Position pos = Position::from_board(setup.board);
  pos.set_side_to_move(setup.side_to_move);
  return pos;
}

// Counting bits is most of this check's work: with the POPCNT instruction where an x86 processor
// has it (the version is chosen when the library is loaded, where glibc can choose: musl has
// no ifunc), with the compiler's routine otherwise. (libpgn's material_balance.cpp has the same
// condition for its own count.)
#if (defined(__x86_64__) || defined(__i386__)) && defined(__ELF__) && defined(__GLIBC__) && \
    !defined(__POPCNT__)
#define FENKIT_POPCNT_VERSIONS [[gnu::target_clones("popcnt", "default")]]
#else
#define FENKIT_POPCNT_VERSIONS
#endif
FENKIT_POPCNT_VERSIONS void check_material(const Position& pos, Problems& problems) {
  const auto count = [](Bitboard b) { return std::popcount(b); };
  for (Color c : {Color::white, Color::black}) {
    const bool white = c == Color::white;
    const int kings = count(pos.pieces(c, PieceType::king));
    if (kings == 0) problems.add(white ? Problem::missing_white_king : Problem::missing_black_king);
    if (kings > 1)
      problems.add(white ? Problem::too_many_white_kings : Problem::too_many_black_kings);

    const int pawns = count(pos.pieces(c, PieceType::pawn));
    if (pawns > 8)
      problems.add(white ? Problem::too_many_white_pawns : Problem::too_many_black_pawns);
    auto extra = [&](PieceType t, int normal) {
      const int n = count(pos.pieces(c, t));
      return n > normal ? n - normal : 0;
    };
    const int promoted = extra(PieceType::queen, 1) + extra(PieceType::rook, 2) +
                         extra(PieceType::bishop, 2) + extra(PieceType::knight, 2);
    if (count(pos.pieces(c)) > 16 || promoted > 8 - std::min(pawns, 8))
      problems.add(white ? Problem::too_many_white_pieces : Problem::too_many_black_pieces);
  }
  if (pos.pieces(PieceType::pawn) & (rank_bb(0) | rank_bb(7))) problems.add(Problem::pawn_on_back_rank);
}

void check_checks(const Position& pos, Problems& problems) {
  const Color us = pos.side_to_move();
  const Square their_king = pos.king_square(~us);
  if (their_king != no_square && pos.attacked_by(us, their_king))
    problems.add(Problem::opposite_side_in_check);
  const Square our_king = pos.king_square(us);
  if (our_king == no_square || !pos.attacked_by(~us, our_king)) return;  // nearly always
  const Bitboard checkers = pos.checkers();
  const Bitboard sliders =
      pos.pieces(PieceType::bishop) | pos.pieces(PieceType::rook) | pos.pieces(PieceType::queen);
  // A discovered double check always involves a slider; no move gives three checks.
  if (popcount(checkers) > 2 || (popcount(checkers) == 2 && !(checkers & sliders)))
    problems.add(Problem::impossible_check);
}

Problems check_en_passant(const Setup& setup, const Position& pos) {
  Problems problems;
  const Square ep = setup.en_passant;
  if (ep == no_square) return problems;
  const Color us = setup.side_to_move;
  if (relative_rank(us, rank_of(ep)) != 5) {
    problems.add(Problem::en_passant_wrong_rank);
    return problems;
  }
  const Square pushed_pawn = Square(ep - pawn_push(us));
  const Square origin = Square(ep + pawn_push(us));
  if (pos.piece_on(pushed_pawn) != make_piece(~us, PieceType::pawn))
    problems.add(Problem::en_passant_without_pawn);
  if (pos.piece_on(ep) != Piece::none || pos.piece_on(origin) != Piece::none)
    problems.add(Problem::en_passant_blocked);
  return problems;
}

// What the text had wrong that reading could still make sense of: the clocks, and digits in a
// row in the placement.
void check_clocks(const Setup& setup, Problems& problems) {
  if (setup.fullmove_number == 0) problems.add(Problem::fullmove_zero);
  if (setup.halfmove_clock > kMostClock) problems.add(Problem::halfmove_too_large);
  if (setup.consecutive_digits) problems.add(Problem::consecutive_digits);
}

// What a variant's rules change in the problems found by standard chess's.
Problems variant_problems(const Setup& setup, const Position& pos, Variant variant,
                          Problems found) {
  const auto without = [&](std::initializer_list<Problem> ps) { found = found.without(Problems(ps)); };
  switch (variant) {
    case Variant::standard:
    case Variant::three_check:
    case Variant::king_of_the_hill: break;
    case Variant::crazyhouse: {
      // The pockets hold pieces of the game: the counts are the board's and the pockets' together.
      without({Problem::too_many_white_pieces, Problem::too_many_black_pieces,
               Problem::too_many_white_pawns, Problem::too_many_black_pawns});
      const int pawns = popcount(pos.pieces(PieceType::pawn)) + setup.pockets[0].of(PieceType::pawn) +
                        setup.pockets[1].of(PieceType::pawn);
      const int pieces = popcount(pos.occupied()) + setup.pockets[0].size() + setup.pockets[1].size();
      if (pawns > 16 || pieces > 32)
        found.add(pieces > 32 ? Problem::too_many_white_pieces : Problem::too_many_white_pawns);
      break;
    }
    case Variant::atomic: {
      // A king attacked by the side to move is one it may blow up (python-chess and lichess
      // take such a position), kings side by side do not check each other, and the side to
      // move may have lost its king (the game is over).
      without({Problem::opposite_side_in_check, Problem::impossible_check,
               setup.side_to_move == Color::white ? Problem::missing_white_king
                                                  : Problem::missing_black_king});
      break;
    }
    case Variant::antichess:
      without({Problem::missing_white_king, Problem::missing_black_king,
               Problem::too_many_white_kings, Problem::too_many_black_kings,
               Problem::opposite_side_in_check, Problem::impossible_check});
      break;
    case Variant::racing_kings: {
      if (pos.pieces(PieceType::pawn)) found.add(Problem::pawn_in_racing_kings);
      Position turned = pos;
      turned.set_side_to_move(~setup.side_to_move);
      if (pos.in_check() || turned.in_check()) found.add(Problem::check_in_racing_kings);
      break;
    }
    case Variant::horde: {
      without({Problem::missing_white_king, Problem::too_many_white_pieces,
               Problem::too_many_white_pawns});
      if (popcount(pos.pieces(Color::white)) > 36) found.add(Problem::too_many_white_pieces);
      if (pos.pieces(Color::white, PieceType::king)) found.add(Problem::king_in_horde);
      // White's pawns may stand on the first rank.
      const Bitboard pawns = pos.pieces(PieceType::pawn);
      if (!(pawns & rank_bb(7)) && !(pos.pieces(Color::black, PieceType::pawn) & rank_bb(0)))
        without({Problem::pawn_on_back_rank});
      break;
    }
  }
  return found;
}

}  // namespace

Problems validate(const Setup& setup, Variant variant) {
  const Position board = board_of(setup);
  Problems problems;
  check_material(board, problems);
  check_checks(board, problems);
  CastlingRights rights;
  bool chess960 = false;
  problems |= detail::read_castling(setup, board, rights, chess960);
  problems |= check_en_passant(setup, board);
  check_clocks(setup, problems);
  if (variant != Variant::standard) problems = variant_problems(setup, board, variant, problems);
  return problems;
}

Problems make_position(const Setup& setup, Position& out, const PositionOptions& options) {
  Position pos = board_of(setup);
  Problems found;
  check_material(pos, found);
  check_checks(pos, found);
  check_clocks(setup, found);

  CastlingRights rights;
  bool chess960 = options.chess960;
  const Problems castling_problems = detail::read_castling(setup, pos, rights, chess960);
  const Problems ep_problems = check_en_passant(setup, pos);

  found |= castling_problems;
  found |= ep_problems;
  if (options.variant != Variant::standard) found = variant_problems(setup, pos, options.variant, found);
  Problems refused = found.without(options.relax);
  // Without exactly one king a side there is nothing to play, whatever the caller accepts.
  refused |= Problems::from_bits(found.bits() & kUnrelaxable.bits());
  // Nor with the kings side by side: whoever moves could take the other king, and move
  // generation does not count a king among the checkers.
  // (In Atomic kings may touch; in Antichess and Horde a king is no royal piece.)
  if (found.contains(Problem::opposite_side_in_check) && refused.empty() &&
      options.variant != Variant::atomic &&
      (king_attacks(pos.king_square(Color::white)) & pos.pieces(Color::black, PieceType::king)))
    refused.add(Problem::opposite_side_in_check);
  if (!refused.empty()) return refused;

  pos.set_castling(rights);
  pos.set_en_passant(ep_problems.empty() ? setup.en_passant : no_square);
  pos.set_halfmove_clock(int(std::min<std::uint32_t>(setup.halfmove_clock, kMostClock)));
  // A fullmove number of 0 (accepted only when relaxed) is read as 1, where counting starts.
  pos.set_fullmove_number(int(std::clamp<std::uint32_t>(setup.fullmove_number, 1, kMostClock)));
  pos.set_chess960(chess960);
  if (options.variant != Variant::standard) {
    pos.set_variant(options.variant);
    if (options.variant == Variant::crazyhouse) {
      pos.set_pocket(Color::white, setup.pockets[0]);
      pos.set_pocket(Color::black, setup.pockets[1]);
      // ('~' marks only the pieces a pawn became: not a pawn, not a king.)
      pos.set_promoted(setup.promoted & pos.occupied() & ~pos.pieces(PieceType::pawn) &
                       ~pos.pieces(PieceType::king));
    }
    if (options.variant == Variant::three_check) {
      pos.set_remaining_checks(Color::white, setup.remaining_checks[0]);
      pos.set_remaining_checks(Color::black, setup.remaining_checks[1]);
    }
  }
  out = pos;
  return refused;
}

Setup to_setup(const Position& pos) {
  Setup setup;
  for (int s = 0; s < 64; ++s) setup.board[s] = pos.piece_on(Square(s));
  setup.side_to_move = pos.side_to_move();
  setup.castling_count =
      std::uint8_t(write_castling(pos, CastlingNotation::automatic, setup.castling.data()));
  setup.en_passant = pos.en_passant();
  setup.halfmove_clock = std::uint32_t(pos.halfmove_clock());
  setup.fullmove_number = std::uint32_t(pos.fullmove_number());
  setup.pockets[0] = pos.pocket(Color::white);
  setup.pockets[1] = pos.pocket(Color::black);
  setup.promoted = pos.promoted();
  setup.remaining_checks[0] = std::uint8_t(pos.remaining_checks(Color::white));
  setup.remaining_checks[1] = std::uint8_t(pos.remaining_checks(Color::black));
  return setup;
}

}  // namespace fenkit::fen
