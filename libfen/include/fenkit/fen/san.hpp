// Standard algebraic notation: read leniently, resolve against a position, write canonically.
//
// Reading accepts what real PGN files hold: O-O and 0-0, e8=Q e8Q e8(Q) e8/Q e8=q,
// over-disambiguation (Ng1f3, Nge2), abbreviated pawn captures (ed5), missing or extra + and #,
// suffixes such as !? and ??, long algebraic (e2e4, e2-e4, Ng1-f3, Ng1xf3) and the null moves
// -- and Z0; in the variants, Crazyhouse's drops (N@f3, P@e4 and @e4) and Antichess's
// promotion to king (e8=K). Writing produces canonical SAN: O-O, e8=Q, minimal disambiguation,
// + and # (# also for a move that wins by a variant's rule), drops as lichess writes them (P@e4).
//
// Thread safety: The functions keep no state and may run on any number of threads at once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

// A SAN token as written, not yet checked against a position.
struct FENKIT_API SanMove {
  enum class Form : std::uint8_t { move, castle_king_side, castle_queen_side, null_move, drop };
  Form form = Form::move;
  PieceType piece = PieceType::pawn;  // for a drop, the piece put down
  bool piece_given = false;        // a piece letter was written (LAN "e2e4" has none)
  std::int8_t from_file = -1;      // disambiguation, -1 when absent
  std::int8_t from_rank = -1;
  Square to = no_square;
  PieceType promotion = PieceType::none;
  bool capture = false;            // an 'x' was written (not required, not trusted)
};

// Parses a whole token; false on a syntax error.
FENKIT_API bool parse_san(std::string_view token, SanMove& out);

enum class SanError : std::uint8_t {
  none,
  syntax,                // not SAN at all
  no_piece,              // no piece of that kind can move there
  leaves_king_in_check,  // a piece could move there, but the move is illegal
  ambiguous,             // more than one piece fits the notation
  missing_promotion,     // a pawn reaching the last rank without a promotion piece
  bad_promotion,         // a promotion piece where none can be, or promotion to a king
  castling_not_allowed,  // no right, path blocked, or king in or through check
  variant_rule,          // the variant's rules forbid it (a drop outside Crazyhouse, a
                         // non-capture when Antichess forces a capture, a check in Racing Kings)
};

struct FENKIT_API SanResult {
  Move move;
  SanError error = SanError::none;
  Bitboard candidates = 0;  // for `ambiguous`: the squares of the pieces that fit
  explicit operator bool() const { return error == SanError::none; }
};

// Resolves a parsed token to the one legal move it names.
FENKIT_API SanResult resolve_san(const Position& pos, const SanMove& san);
// Parses and resolves.
FENKIT_API SanResult read_san(const Position& pos, std::string_view token);

// "illegal move Nf3: no knight can move to f3", "ambiguous move Nd2: Nbd2 or Nfd2".
FENKIT_API std::string describe(const Position& pos, std::string_view token,
                                const SanResult& result);

// Longest SAN write_san() produces ("Qa1xb2+" is 7; promotions with check 8), with room.
inline constexpr std::size_t kMaxSanLength = 16;

// Writes canonical SAN of a legal move into `out` and returns its length.
FENKIT_API std::size_t write_san(const Position& pos, Move m, char* out);
// The same when the position after the move is at hand (it decides + and #), saving a replay.
FENKIT_API std::size_t write_san(const Position& pos, Move m, const Position& after, char* out);
// Whether write_san_unmarked must look for other pieces of the moving kind that could reach
// the square (and so call for a file or rank), or knows there are none: the move was resolved
// from a token that names no origin square ("Nf3", "Nxf3"), which resolve_san accepts only when
// one piece of the kind can make it.
enum class Rivals : std::uint8_t { look, none };
// Canonical SAN without its + or # (as pgn-extract --nochecks writes moves).
FENKIT_API std::size_t write_san_unmarked(const Position& pos, Move m, char* out,
                                          Rivals rivals = Rivals::look);
// The mark after a move that leaves `after` in check: '+', or '#' when it is mate; nothing
// otherwise. Written at `out`; returns the end. (write_san is write_san_unmarked and this.)
// Inline: a writer calls it for every move, and in_check() is the call it needs.
FENKIT_API char* write_variant_check_mark(const Position& after, char* out);
inline char* write_check_mark(const Position& after, char* out) {
  if (after.variant() != Variant::standard) [[unlikely]] return write_variant_check_mark(after, out);
  if (after.in_check()) *out++ = after.has_legal_moves() ? '+' : '#';
  return out;
}
FENKIT_API std::string to_san(const Position& pos, Move m);

}  // namespace fenkit::fen
