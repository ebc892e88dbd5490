// Variants: the rules a position is played by, their names, and how their games end.
//
// Standard chess (with Chess960, a flag of the position) and the seven variants lichess plays.
// A Position knows its variant (position.hpp); move generation, play, FEN, SAN and UCI follow
// its rules. Standard positions take none of the variants' paths.
//
// Thread safety: Values and functions without state: use them from any number of threads at
// once.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "fenkit/fen/types.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

enum class Variant : std::uint8_t {
  standard,
  crazyhouse,        // captured pieces go to the captor's pocket and may be dropped
  three_check,       // the third check given wins
  atomic,            // captures explode the 3x3 square around them, pawns excepted
  antichess,         // captures are compulsory; losing every piece, or being stalemated, wins
  king_of_the_hill,  // a king on d4, e4, d5 or e5 wins
  racing_kings,      // no checks; the first king on the eighth rank wins
  horde,             // White's 36 pawns and no king against Black's army
};
inline constexpr int kVariantCount = 8;

// The name lichess writes in the PGN Variant tag: "Standard", "Crazyhouse", "Three-check",
// "Atomic", "Antichess", "King of the Hill", "Racing Kings", "Horde".
FENKIT_API std::string_view variant_name(Variant v);
// A one-word name for command lines, file names and columns: "standard", "crazyhouse",
// "threecheck", "atomic", "antichess", "kingofthehill", "racingkings", "horde".
FENKIT_API std::string_view variant_key(Variant v);

// What a Variant tag (or a --variant option) names: the rules and whether the game is
// Chess960. Case does not matter; lichess's names, python-chess's (its uci_variant names and
// aliases) and other programs' ("3check", "giveaway", "koth", "zh", "fischerandom", ...) are
// known. An empty text is standard chess; nullopt is a variant fenkit does not play.
struct FENKIT_API VariantName {
  Variant variant = Variant::standard;
  bool chess960 = false;
};
FENKIT_API std::optional<VariantName> find_variant(std::string_view name);

// Whether the variant keeps standard chess's king safety (a move is legal when it leaves the
// mover's king unattacked), adding only its own ends, drops or a ban on checks: Crazyhouse,
// Three-check, King of the Hill, Racing Kings (and standard chess).
constexpr bool keeps_standard_king_safety(Variant v) {
  return v == Variant::standard || v == Variant::crazyhouse || v == Variant::three_check ||
         v == Variant::king_of_the_hill || v == Variant::racing_kings;
}

// The variant's starting position, as FEN (crazyhouse with its empty pocket, three-check with
// its remaining checks).
FENKIT_API std::string_view variant_start_fen(Variant v);

// ---------------------------------------------------------------- Pockets (Crazyhouse)

// The most pieces both pockets hold together: twice a game's 30 capturable pieces, and more
// than a FEN is read with (fen.hpp's kMaxFenLength has room for them).
inline constexpr std::size_t kMaxPocketPieces = 64;

// The order a FEN writes a pocket's pieces in (lichess's and python-chess's): queens first.
inline constexpr PieceType kPocketOrder[5] = {PieceType::queen, PieceType::rook, PieceType::bishop,
                                              PieceType::knight, PieceType::pawn};

// The pieces a side holds in hand, by type: pawn, knight, bishop, rook, queen.
struct FENKIT_API Pocket {
  std::uint8_t count[5] = {};
  constexpr int of(PieceType t) const { return count[index_of(t)]; }
  constexpr bool empty() const {
    return (count[0] | count[1] | count[2] | count[3] | count[4]) == 0;
  }
  constexpr int size() const { return count[0] + count[1] + count[2] + count[3] + count[4]; }
  friend constexpr bool operator==(const Pocket&, const Pocket&) = default;
};

}  // namespace fenkit::fen
