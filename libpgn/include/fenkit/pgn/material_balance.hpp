// Material balances, as pgn-extract's -y and -z files write them: two lists of piece letters,
// the first side's and the second's, held for some plies.
//
//   rp nb                  a rook and a pawn against a knight and a bishop, nothing else
//   q*r+l*p+ q=r1<=l2>=p+  queens or not, as many each; one rook less for two minor pieces more
//   6 r+p* r=p*            rook endings, held for six plies
//
// A balance is held for `depth` plies (a number before the lists; 2 without one): it stands in
// depth + 1 positions in a row. Without a second list the other side may have anything; what
// follows the second list is a comment. Letters are Q R B N P (any case; K is allowed and means
// nothing: each side has its king) and L, a minor piece (bishop or knight). A letter not listed
// means none of that piece, except that with L listed only the sum of bishops and knights
// counts, and without it only each on its own. A letter listed twice counts as its last. After
// a letter, at most one of:
//   *      any number            +     one or more         - or ?  at most one
//   d      exactly d             d+    d or more           d-      d or fewer
//   =      as many as the other side's                    #     not as many
//   d>     at least d more than the other side's          d<    at least d fewer (d: 1 if left out)
//   d>=    exactly d more                                 d<=   exactly d fewer
//
//   MaterialBalance balance = MaterialBalance::parse("rp nb");
//   balance.matches(Material::of(pos, fen::Color::white), Material::of(pos, fen::Color::black));
//
// Thread safety: immutable once made.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/export.hpp"
#include "fenkit/fen/position.hpp"

namespace fenkit::pgn {

// The kinds of piece a balance counts, the king aside; minor is a bishop or a knight.
enum class MaterialKind : std::uint8_t { queen, rook, bishop, knight, pawn, minor };
inline constexpr std::size_t kMaterialKinds = 6;

// How many pieces of each kind one side has.
struct FENKIT_API Material {
  std::array<std::uint8_t, kMaterialKinds> count{};

  static Material of(const fen::Position& pos, fen::Color side);
  std::uint8_t operator[](MaterialKind kind) const { return count[std::size_t(kind)]; }
};

// What one letter of a side's list asks of that kind of piece.
struct FENKIT_API PieceCountCondition {
  enum class Kind : std::uint8_t {
    free,           // not asked (a bishop or knight beside an L, or the sum of minors without)
    none,           // the letter is not listed
    any,            // *
    at_least,       // +, d+
    at_most,        // d-
    exactly,        // d, or the letter alone (1)
    same,           // =
    different,      // #
    more,           // d>
    fewer,          // d<
    exactly_more,   // d>=
    exactly_fewer,  // d<=
  };
  Kind kind = Kind::none;
  std::uint8_t n = 0;

  // Whether a side with `mine` of the kind meets it, its opponent having `theirs`.
  bool holds(unsigned mine, unsigned theirs) const;
};

class FENKIT_API MaterialBalance {
 public:
  // As above. Throws std::invalid_argument saying what is wrong.
  static MaterialBalance parse(std::string_view text);

  // Whether `first` has the first list's material and `second` the second's.
  bool matches(const Material& first, const Material& second) const;
  // The plies the balance must be held for.
  unsigned depth() const { return depth_; }

 private:
  using Side = std::array<PieceCountCondition, kMaterialKinds>;
  static bool side_holds(const Side& side, const Material& mine, const Material& theirs);
  std::array<Side, 2> sides_{};
  unsigned depth_ = 2;
};

// The balances of a file, any of which makes a match. `either_side`: the first list may be
// either colour's (pgn-extract -z); otherwise it is White's (-y).
class FENKIT_API MaterialBalances {
 public:
  MaterialBalances() = default;
  MaterialBalances(std::vector<MaterialBalance> balances, bool either_side)
      : balances_(std::move(balances)), either_side_(either_side) {}
  // One balance a line; blank lines and lines starting with % are left out. Throws
  // std::invalid_argument naming the line ("3: ...") of a line it cannot read.
  static MaterialBalances from_text(std::string_view text, bool either_side);

  bool empty() const { return balances_.empty(); }
  std::size_t size() const { return balances_.size(); }
  const MaterialBalance& operator[](std::size_t i) const { return balances_[i]; }
  bool either_side() const { return either_side_; }
  // Adds the balances of `other` after these (the either-side setting stays this one's).
  void append(const MaterialBalances& other);

 private:
  std::vector<MaterialBalance> balances_;
  bool either_side_ = true;
};

// Where a game's main line holds a balance: the position that completes it (how many plies
// into the game), and the colour whose material is the balance's first list.
struct FENKIT_API MaterialMatch {
  std::uint32_t ply = 0;
  fen::Color first = fen::Color::white;
};

// Follows a game's main line, position by position, through a set of balances, as pgn-extract
// -y and -z do: a balance is met where it has stood in depth + 1 positions in a row, with its
// first list as White's or (either side) as Black's, provided a move follows that position
// (pgn-extract never looks at a game's last position). One matcher per thread; reset() for
// each game.
class FENKIT_API MaterialMatcher {
 public:
  explicit MaterialMatcher(const MaterialBalances& balances);

  void reset();
  // Every main-line position in order, the start position first (ply 0).
  void position(const fen::Position& pos, std::uint32_t ply);
  // Where a balance stood long enough at `pos`, the last position given, and none had before:
  // the first match of the game, if a move follows (the caller knows).
  bool first_met_here() const { return first_here_; }
  // The match, for a main line of `plies` moves: of the balances met before the last position,
  // the one written last in the file, where it was met (White's first list when both colours
  // meet it there), as pgn-extract reports it.
  std::optional<MaterialMatch> match(std::uint32_t plies) const;
  // Whether more positions can change match(): the balance written last is not met yet.
  bool wants_positions() const { return !met_.empty() && !met_.back(); }

 private:
  const MaterialBalances* balances_;
  // For each balance and colour of its first list: the positions in a row that had it.
  std::vector<std::array<unsigned, 2>> held_;
  std::vector<std::optional<MaterialMatch>> met_;
  bool any_met_ = false;
  bool first_here_ = false;
};

}  // namespace fenkit::pgn
