// Material balances, as pgn-extract's -y and -z files write them: two lists of piece letters,
// the first side's and the second's.
//
//   rp nb                       a rook and a pawn against a knight and a bishop, nothing else
//   q*r+n*b*p+ q=r1<=n1>=b1>=p+  queens or not, as many each; one rook less for one minor piece more
//
// Letters are Q R B N P (any case; K is allowed and means nothing: each side has its king) and L,
// a minor piece (bishop or knight). A letter not listed means none of that piece, except that
// with L listed the bishops and knights not listed are free (only their sum counts), and with
// L not listed their sum is free. After a letter, at most one of:
//   *      any number            +     one or more
//   d      exactly d             d+    d or more           d-    d or fewer
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
  // Two lists separated by blanks. Throws std::invalid_argument saying what is wrong and where.
  static MaterialBalance parse(std::string_view text);

  // Whether `first` has the first list's material and `second` the second's.
  bool matches(const Material& first, const Material& second) const;
  // As written, for messages.
  const std::string& text() const { return text_; }

 private:
  using Side = std::array<PieceCountCondition, kMaterialKinds>;
  static bool side_holds(const Side& side, const Material& mine, const Material& theirs);
  std::array<Side, 2> sides_{};
  std::string text_;
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
  bool either_side() const { return either_side_; }
  // The colour whose material is the first list's in a balance this position has: White when
  // one matches so, else Black (only when either side may be first); nothing without a match.
  std::optional<fen::Color> match(const fen::Position& pos) const;

 private:
  std::vector<MaterialBalance> balances_;
  bool either_side_ = true;
};

}  // namespace fenkit::pgn
