// Variant names, starting positions, and the results their ends give.
#include <algorithm>
#include <array>
#include <string>

#include "bitboard.hpp"
#include "fenkit/fen/game_end.hpp"
#include "fenkit/fen/variant.hpp"

namespace fenkit::fen {

using namespace detail;

namespace {

struct VariantInfo {
  std::string_view name;       // lichess's Variant tag
  std::string_view key;        // one word
  std::string_view start_fen;
};

constexpr std::array<VariantInfo, kVariantCount> kVariants = {{
    {"Standard", "standard", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"Crazyhouse", "crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"},
    {"Three-check", "threecheck", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"},
    {"Atomic", "atomic", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"Antichess", "antichess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"},
    {"King of the Hill", "kingofthehill", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
    {"Racing Kings", "racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"},
    {"Horde", "horde", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"},
}};

// Other names in use, lower case without blanks, dashes or underscores: lichess's keys
// (kingOfTheHill), python-chess's uci_variant names and aliases, and other programs'.
struct Alias {
  std::string_view name;
  Variant variant;
  bool chess960;
};
constexpr Alias kAliases[] = {
    {"standard", Variant::standard, false},     {"chess", Variant::standard, false},
    {"normal", Variant::standard, false},       {"classical", Variant::standard, false},
    {"orthodox", Variant::standard, false},     {"fromposition", Variant::standard, false},
    {"", Variant::standard, false},
    {"chess960", Variant::standard, true},      {"960", Variant::standard, true},
    {"fischerandom", Variant::standard, true},  {"fischerrandom", Variant::standard, true},
    {"frc", Variant::standard, true},
    {"crazyhouse", Variant::crazyhouse, false}, {"zh", Variant::crazyhouse, false},
    {"house", Variant::crazyhouse, false},
    {"threecheck", Variant::three_check, false}, {"3check", Variant::three_check, false},
    {"threecheckchess", Variant::three_check, false},
    {"atomic", Variant::atomic, false},         {"atom", Variant::atomic, false},
    {"atomicchess", Variant::atomic, false},
    {"antichess", Variant::antichess, false},   {"anti", Variant::antichess, false},
    {"giveaway", Variant::antichess, false},    {"giveawaychess", Variant::antichess, false},
    {"kingofthehill", Variant::king_of_the_hill, false}, {"koth", Variant::king_of_the_hill, false},
    {"racingkings", Variant::racing_kings, false}, {"racing", Variant::racing_kings, false},
    {"race", Variant::racing_kings, false},
    {"horde", Variant::horde, false},           {"hordechess", Variant::horde, false},
};

const VariantInfo& info(Variant v) { return kVariants[std::size_t(v)]; }

}  // namespace

std::string_view variant_name(Variant v) { return info(v).name; }
std::string_view variant_key(Variant v) { return info(v).key; }
std::string_view variant_start_fen(Variant v) { return info(v).start_fen; }

std::optional<VariantName> find_variant(std::string_view name) {
  // "King of the Hill", "kingOfTheHill", "three-check" and "3 check" all come to one form.
  std::string folded;
  for (char c : name) {
    if (c == ' ' || c == '-' || c == '_' || c == '\t') continue;
    folded.push_back(c >= 'A' && c <= 'Z' ? char(c + 32) : c);
  }
  for (const Alias& alias : kAliases)
    if (alias.name == folded) return VariantName{alias.variant, alias.chess960};
  return std::nullopt;
}

// ---------------------------------------------------------------- Game end

namespace {

Outcome win_for(Color c) { return c == Color::white ? Outcome::white_wins : Outcome::black_wins; }

// The variant's own end, when it has come.
Outcome variant_outcome(const Position& pos) {
  const Color us = pos.side_to_move(), them = ~us;
  switch (pos.variant()) {
    case Variant::standard:
    case Variant::crazyhouse: return Outcome::none;
    case Variant::three_check: {
      const bool ours_done = pos.remaining_checks(us) == 0, theirs_done = pos.remaining_checks(them) == 0;
      if (ours_done && theirs_done) return Outcome::draw;
      return ours_done ? win_for(us) : theirs_done ? win_for(them) : Outcome::none;
    }
    case Variant::atomic:
      if (!pos.pieces(us, PieceType::king)) return win_for(them);
      return pos.pieces(them, PieceType::king) ? Outcome::none : win_for(us);
    case Variant::antichess:
      if (!pos.pieces(us)) return win_for(us);
      return pos.pieces(them) ? Outcome::none : win_for(them);
    case Variant::king_of_the_hill: {
      constexpr Bitboard center = square_bb(d4) | square_bb(e4) | square_bb(d5) | square_bb(e5);
      if (pos.pieces(them, PieceType::king) & center) return win_for(them);
      return pos.pieces(us, PieceType::king) & center ? win_for(us) : Outcome::none;
    }
    case Variant::racing_kings: {
      if (!pos.is_variant_end()) return Outcome::none;
      const Bitboard in_goal = pos.pieces(PieceType::king) & rank_bb(7);
      const bool white = in_goal & pos.pieces(Color::white), black = in_goal & pos.pieces(Color::black);
      return white && black ? Outcome::draw : white ? Outcome::white_wins : Outcome::black_wins;
    }
    case Variant::horde:
      if (!pos.occupied()) return Outcome::draw;
      if (!pos.pieces(us)) return win_for(them);
      return pos.pieces(them) ? Outcome::none : win_for(us);
  }
  return Outcome::none;
}

}  // namespace

Outcome outcome_on_board(const Position& pos) {
  if (pos.variant() != Variant::standard) {
    const Outcome own = variant_outcome(pos);
    if (own != Outcome::none) return own;
  }
  if (pos.has_legal_moves()) return Outcome::none;
  if (pos.variant() == Variant::antichess) return win_for(pos.side_to_move());
  return pos.in_check() ? win_for(~pos.side_to_move()) : Outcome::draw;
}

namespace {

constexpr Bitboard kLightSquares = 0x55AA55AA55AA55AAULL;
constexpr Bitboard kDarkSquares = ~kLightSquares;

bool standard_insufficient(const Position& pos, Color c) {
  const Bitboard own = pos.pieces(c), other = pos.pieces(~c);
  const Bitboard kings = pos.pieces(PieceType::king), knights = pos.pieces(PieceType::knight);
  const Bitboard bishops = pos.pieces(PieceType::bishop);
  if (own & (pos.pieces(PieceType::pawn) | pos.pieces(PieceType::rook) | pos.pieces(PieceType::queen)))
    return false;
  if (own & knights)
    return popcount(own) <= 2 && !(other & ~kings & ~pos.pieces(PieceType::queen));
  if (own & bishops) {
    const bool one_colour = !(bishops & kDarkSquares) || !(bishops & kLightSquares);
    return one_colour && !pos.pieces(PieceType::pawn) && !knights;
  }
  return true;
}

bool atomic_insufficient(const Position& pos, Color c) {
  const Bitboard kings = pos.pieces(PieceType::king), own = pos.pieces(c), other = pos.pieces(~c);
  const Bitboard bishops = pos.pieces(PieceType::bishop), knights = pos.pieces(PieceType::knight);
  if (!(other & kings)) return false;  // the other king has gone already
  if (!(own & ~kings)) return true;    // a bare king cannot mate
  if (other & ~kings) {
    // Its own pieces may explode next to the other king, unless only bishops that cannot
    // reach each other are left.
    if (pos.occupied() == (bishops | kings)) {
      const Bitboard white = pos.pieces(Color::white), black = pos.pieces(Color::black);
      if (!(bishops & white & kDarkSquares)) return !(bishops & black & kLightSquares);
      if (!(bishops & white & kLightSquares)) return !(bishops & black & kDarkSquares);
    }
    return false;
  }
  if (pos.pieces(PieceType::queen) | pos.pieces(PieceType::pawn)) return false;
  if (popcount(knights | bishops | pos.pieces(PieceType::rook)) == 1) return true;
  if (pos.occupied() == (knights | kings)) return popcount(knights) <= 2;
  return false;
}

bool antichess_insufficient(const Position& pos, Color c) {
  const Bitboard own = pos.pieces(c), other = pos.pieces(~c);
  if (!own) return false;
  if (!other) return true;
  const Bitboard bishops = pos.pieces(PieceType::bishop), knights = pos.pieces(PieceType::knight);
  if (pos.occupied() == bishops) {
    // Only bishops: ours can all be taken when some stand on the colour all of theirs hold.
    const bool we_light = own & kLightSquares, we_dark = own & kDarkSquares;
    const bool they_dark = !(other & kLightSquares), they_light = !(other & kDarkSquares);
    return (we_light && they_dark) || (we_dark && they_light);
  }
  if (pos.occupied() == knights && popcount(knights) == 2) {
    const bool parity = (c == Color::white) ^ bool(pos.pieces(Color::white) & kLightSquares) ^
                        bool(pos.pieces(Color::black) & kDarkSquares);
    return (pos.side_to_move() == Color::white) == parity;
  }
  return false;
}

bool crazyhouse_insufficient(const Position& pos) {
  const Pocket& white = pos.pocket(Color::white);
  const Pocket& black = pos.pocket(Color::black);
  const Bitboard promoted = pos.promoted() & ~pos.pieces(PieceType::king) & ~pos.pieces(PieceType::pawn);
  return popcount(pos.occupied()) + white.size() + black.size() <= 3 && !promoted &&
         !pos.pieces(PieceType::pawn) && !pos.pieces(PieceType::rook) && !pos.pieces(PieceType::queen) &&
         !(white.of(PieceType::pawn) | black.of(PieceType::pawn) | white.of(PieceType::rook) |
           black.of(PieceType::rook) | white.of(PieceType::queen) | black.of(PieceType::queen));
}

}  // namespace

bool has_insufficient_material(const Position& pos, Color c) {
  switch (pos.variant()) {
    case Variant::standard: return standard_insufficient(pos, c);
    case Variant::crazyhouse: return crazyhouse_insufficient(pos);
    case Variant::three_check: return !(pos.pieces(c) & ~pos.pieces(PieceType::king));
    case Variant::atomic: return atomic_insufficient(pos, c);
    case Variant::antichess: return antichess_insufficient(pos, c);
    case Variant::king_of_the_hill:
    case Variant::racing_kings:
    case Variant::horde: return false;
  }
  return false;
}

std::string_view result_text(Outcome o) {
  switch (o) {
    case Outcome::none: return "";
    case Outcome::white_wins: return "1-0";
    case Outcome::black_wins: return "0-1";
    case Outcome::draw: return "1/2-1/2";
  }
  return "";
}

}  // namespace fenkit::fen
