#include "fenkit/pgn/material_balance.hpp"

#include <bit>
#include <boost/spirit/home/x3.hpp>
#include <stdexcept>

#include "fenkit/fen/printable.hpp"

namespace fenkit::pgn {

namespace {

namespace x3 = boost::spirit::x3;
using Kind = PieceCountCondition::Kind;

// One letter with what follows it, as read.
struct Term {
  MaterialKind kind = MaterialKind::queen;
  Kind condition = Kind::exactly;
  std::uint8_t n = 1;
};

// The grammar of one side's list: letters, each with at most one count or comparison.
// A digit before > or < belongs to the comparison ("p1>=": exactly one pawn more), so the
// comparisons are tried first.
namespace grammar {

const auto letter = x3::rule<struct letter_tag, MaterialKind>{"piece letter"} =
    x3::no_case[x3::lit('q') >> x3::attr(MaterialKind::queen) |
                x3::lit('r') >> x3::attr(MaterialKind::rook) |
                x3::lit('b') >> x3::attr(MaterialKind::bishop) |
                x3::lit('n') >> x3::attr(MaterialKind::knight) |
                x3::lit('p') >> x3::attr(MaterialKind::pawn) |
                x3::lit('l') >> x3::attr(MaterialKind::minor)];

const auto digit = x3::uint_parser<std::uint8_t, 10, 1, 1>{};

// A comparison with the other side: [d]>=, [d]<=, [d]>, [d]<, =, #.
const auto set_n = [](auto& ctx) { x3::_val(ctx).n = x3::_attr(ctx); };
const auto set_kind = [](Kind k) { return [k](auto& ctx) { x3::_val(ctx).condition = k; }; };
const auto one = [](auto& ctx) { x3::_val(ctx).n = 1; };

const auto comparison = x3::rule<struct comparison_tag, Term>{"comparison"} =
    (digit[set_n] | x3::eps[one]) >>
        (x3::lit(">=")[set_kind(Kind::exactly_more)] | x3::lit("<=")[set_kind(Kind::exactly_fewer)] |
         x3::lit('>')[set_kind(Kind::more)] | x3::lit('<')[set_kind(Kind::fewer)]) |
    x3::lit('=')[set_kind(Kind::same)] | x3::lit('#')[set_kind(Kind::different)];

// A count: *, +, d+, d-, d.
const auto count = x3::rule<struct count_tag, Term>{"count"} =
    x3::lit('*')[set_kind(Kind::any)] | (x3::lit('+')[set_kind(Kind::at_least)] >> x3::eps[one]) |
    digit[set_n] >> (x3::lit('+')[set_kind(Kind::at_least)] | x3::lit('-')[set_kind(Kind::at_most)] |
                     x3::eps[set_kind(Kind::exactly)]);

const auto set_letter = [](auto& ctx) { x3::_val(ctx).kind = x3::_attr(ctx); };
const auto copy_term = [](auto& ctx) {
  x3::_val(ctx).condition = x3::_attr(ctx).condition;
  x3::_val(ctx).n = x3::_attr(ctx).n;
};

const auto term = x3::rule<struct term_tag, Term>{"term"} =
    letter[set_letter] >> -(comparison[copy_term] | count[copy_term]);

}  // namespace grammar

// Reads one side's list; `what` names it in messages.
std::array<PieceCountCondition, kMaterialKinds> read_side(std::string_view text, const char* what) {
  std::array<PieceCountCondition, kMaterialKinds> side{};
  std::array<bool, kMaterialKinds> listed{};
  const char* it = text.data();
  const char* const end = it + text.size();
  while (it != end) {
    if (*it == 'k' || *it == 'K') {  // each side has its king
      ++it;
      continue;
    }
    const char* const at = it;
    Term term;
    if (!x3::parse(it, end, grammar::term, term))
      throw std::invalid_argument(std::string(what) + " has '" +
                                  fen::printable(std::string_view(at, std::size_t(end - at))) +
                                  "' where a piece letter (QRBNPL) and its count are expected");
    const auto k = std::size_t(term.kind);
    if (listed[k])
      throw std::invalid_argument(std::string(what) + " lists '" +
                                  std::string(1, *at) + "' twice");
    listed[k] = true;
    side[k] = PieceCountCondition{term.condition, term.n};
  }
  // An L frees the bishops and knights not listed beside it; without one, their sum is free.
  const auto minor = std::size_t(MaterialKind::minor);
  if (listed[minor]) {
    for (const MaterialKind k : {MaterialKind::bishop, MaterialKind::knight})
      if (!listed[std::size_t(k)]) side[std::size_t(k)].kind = Kind::free;
  } else {
    side[minor].kind = Kind::free;
  }
  return side;
}

}  // namespace

Material Material::of(const fen::Position& pos, fen::Color side) {
  Material m;
  const auto count = [&](fen::PieceType t) {
    return std::uint8_t(std::popcount(pos.pieces(side, t)));
  };
  m.count[std::size_t(MaterialKind::queen)] = count(fen::PieceType::queen);
  m.count[std::size_t(MaterialKind::rook)] = count(fen::PieceType::rook);
  m.count[std::size_t(MaterialKind::bishop)] = count(fen::PieceType::bishop);
  m.count[std::size_t(MaterialKind::knight)] = count(fen::PieceType::knight);
  m.count[std::size_t(MaterialKind::pawn)] = count(fen::PieceType::pawn);
  m.count[std::size_t(MaterialKind::minor)] =
      std::uint8_t(m[MaterialKind::bishop] + m[MaterialKind::knight]);
  return m;
}

bool PieceCountCondition::holds(unsigned mine, unsigned theirs) const {
  switch (kind) {
    case Kind::free:
    case Kind::any: return true;
    case Kind::none: return mine == 0;
    case Kind::at_least: return mine >= n;
    case Kind::at_most: return mine <= n;
    case Kind::exactly: return mine == n;
    case Kind::same: return mine == theirs;
    case Kind::different: return mine != theirs;
    case Kind::more: return mine >= theirs + n;
    case Kind::fewer: return mine + n <= theirs;
    case Kind::exactly_more: return mine == theirs + n;
    case Kind::exactly_fewer: return mine + n == theirs;
  }
  return false;
}

MaterialBalance MaterialBalance::parse(std::string_view text) {
  const std::string_view blanks = " \t\r";
  std::array<std::string_view, 2> lists;
  std::size_t from = 0, found = 0;
  while (true) {
    from = text.find_first_not_of(blanks, from);
    if (from == std::string_view::npos) break;
    const std::size_t to = std::min(text.find_first_of(blanks, from), text.size());
    if (found == 2)
      throw std::invalid_argument("more than two lists of pieces in '" + fen::printable(text) + "'");
    lists[found++] = text.substr(from, to - from);
    from = to;
  }
  if (found != 2)
    throw std::invalid_argument("a material balance is two lists of pieces, one a side ('rp nb'), "
                                "not '" + fen::printable(text) + "'");
  MaterialBalance balance;
  balance.sides_[0] = read_side(lists[0], "the first side");
  balance.sides_[1] = read_side(lists[1], "the second side");
  balance.text_ = std::string(lists[0]) + " " + std::string(lists[1]);
  return balance;
}

bool MaterialBalance::side_holds(const Side& side, const Material& mine, const Material& theirs) {
  for (std::size_t k = 0; k < kMaterialKinds; ++k)
    if (!side[k].holds(mine.count[k], theirs.count[k])) return false;
  return true;
}

bool MaterialBalance::matches(const Material& first, const Material& second) const {
  return side_holds(sides_[0], first, second) && side_holds(sides_[1], second, first);
}

MaterialBalances MaterialBalances::from_text(std::string_view text, bool either_side) {
  std::vector<MaterialBalance> balances;
  std::size_t line = 0;
  for (std::size_t from = 0; from < text.size();) {
    std::size_t end = text.find('\n', from);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view content = text.substr(from, end - from);
    from = end + 1;
    ++line;
    const std::size_t first = content.find_first_not_of(" \t\r");
    if (first == std::string_view::npos || content[first] == '%') continue;
    try {
      balances.push_back(MaterialBalance::parse(content));
    } catch (const std::invalid_argument& e) {
      throw std::invalid_argument(std::to_string(line) + ": " + e.what());
    }
  }
  return MaterialBalances(std::move(balances), either_side);
}

std::optional<fen::Color> MaterialBalances::match(const fen::Position& pos) const {
  const Material white = Material::of(pos, fen::Color::white);
  const Material black = Material::of(pos, fen::Color::black);
  for (const MaterialBalance& b : balances_)
    if (b.matches(white, black)) return fen::Color::white;
  if (either_side_)
    for (const MaterialBalance& b : balances_)
      if (b.matches(black, white)) return fen::Color::black;
  return std::nullopt;
}

}  // namespace fenkit::pgn
