#include "fenkit/pgn/material_balance.hpp"

#include <algorithm>
#include <bit>
#include <boost/spirit/home/x3.hpp>
#include <stdexcept>
#include <string>
#include <vector>

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

// A comparison with the other side: [d]>=, [d]<=, [d]>, [d]<, =, # (a digit before = or # means
// nothing, as in pgn-extract).
const auto set_n = [](auto& ctx) { x3::_val(ctx).n = x3::_attr(ctx); };
const auto set_kind = [](Kind k) { return [k](auto& ctx) { x3::_val(ctx).condition = k; }; };
const auto one = [](auto& ctx) { x3::_val(ctx).n = 1; };

const auto comparison = x3::rule<struct comparison_tag, Term>{"comparison"} =
    (digit[set_n] | x3::eps[one]) >>
        (x3::lit(">=")[set_kind(Kind::exactly_more)] | x3::lit("<=")[set_kind(Kind::exactly_fewer)] |
         x3::lit('>')[set_kind(Kind::more)] | x3::lit('<')[set_kind(Kind::fewer)]) |
    -digit >> (x3::lit('=')[set_kind(Kind::same)] | x3::lit('#')[set_kind(Kind::different)]);

// A count: *, +, - and ? (at most one), d+, d-, d.
const auto count = x3::rule<struct count_tag, Term>{"count"} =
    x3::lit('*')[set_kind(Kind::any)] | (x3::lit('+')[set_kind(Kind::at_least)] >> x3::eps[one]) |
    ((x3::lit('-') | x3::lit('?'))[set_kind(Kind::at_most)] >> x3::eps[one]) |
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
    side[std::size_t(term.kind)] = PieceCountCondition{term.condition, term.n};
  }
  // With L, only the sum of bishops and knights counts; without it, only each on its own.
  PieceCountCondition& minor = side[std::size_t(MaterialKind::minor)];
  if (minor.kind == Kind::none) {
    minor.kind = Kind::free;
  } else {
    side[std::size_t(MaterialKind::bishop)].kind = Kind::free;
    side[std::size_t(MaterialKind::knight)].kind = Kind::free;
  }
  return side;
}

// The words of a line: [depth] first [second [comment...]].
std::vector<std::string_view> words_of(std::string_view text) {
  const std::string_view blanks = " \t\r";
  std::vector<std::string_view> words;
  for (std::size_t from = 0;;) {
    from = text.find_first_not_of(blanks, from);
    if (from == std::string_view::npos) break;
    const std::size_t to = std::min(text.find_first_of(blanks, from), text.size());
    words.push_back(text.substr(from, to - from));
    from = to;
  }
  return words;
}

// Counting the pieces is most of what a material balance costs, for every position of every
// game it is looked for in: with the POPCNT instruction where an x86 processor has it (the
// version chosen when the library is loaded, where glibc can choose), with the compiler's
// routine otherwise. (A function of this file: the versions and their chooser stay out of the
// library's exported symbols. libfen's setup.cpp has the same condition.)
#if (defined(__x86_64__) || defined(__i386__)) && defined(__ELF__) && defined(__GLIBC__) && \
    !defined(__POPCNT__)
[[gnu::target_clones("popcnt", "default")]]
#endif
Material count_material(const fen::Position& pos, fen::Color side) {
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

}  // namespace

Material Material::of(const fen::Position& pos, fen::Color side) {
  return count_material(pos, side);
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
  std::vector<std::string_view> words = words_of(text);
  MaterialBalance balance;
  std::size_t next = 0;
  if (!words.empty() && std::all_of(words[0].begin(), words[0].end(),
                                    [](char c) { return c >= '0' && c <= '9'; })) {
    if (words[0].size() > 4)
      throw std::invalid_argument("the depth " + std::string(words[0]) + " is too large");
    balance.depth_ = unsigned(std::stoul(std::string(words[0])));
    next = 1;
  }
  if (next == words.size())
    throw std::invalid_argument("a material balance is one or two lists of pieces ('rp nb'), "
                                "not '" + fen::printable(text) + "'");
  balance.sides_[0] = read_side(words[next], "the first side");
  if (next + 1 < words.size()) {
    balance.sides_[1] = read_side(words[next + 1], "the second side");
  } else {
    for (PieceCountCondition& c : balance.sides_[1]) c.kind = Kind::any;  // anything at all
  }
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

void MaterialBalances::append(const MaterialBalances& other) {
  balances_.insert(balances_.end(), other.balances_.begin(), other.balances_.end());
}

MaterialMatcher::MaterialMatcher(const MaterialBalances& balances)
    : balances_(&balances), held_(balances.size()), met_(balances.size()) {}

void MaterialMatcher::reset() {
  std::fill(held_.begin(), held_.end(), std::array<unsigned, 2>{});
  std::fill(met_.begin(), met_.end(), std::nullopt);
  any_met_ = first_here_ = false;
}

void MaterialMatcher::position(const fen::Position& pos, std::uint32_t ply) {
  first_here_ = false;
  const Material white = Material::of(pos, fen::Color::white);
  const Material black = Material::of(pos, fen::Color::black);
  for (std::size_t i = 0; i < held_.size(); ++i) {
    if (met_[i]) continue;
    const MaterialBalance& balance = (*balances_)[i];
    // The first list as White's, then (either side) as Black's; White's first where both are.
    for (const fen::Color first : {fen::Color::white, fen::Color::black}) {
      if (first == fen::Color::black && !balances_->either_side()) break;
      unsigned& held = held_[i][std::size_t(first)];
      const bool has = first == fen::Color::white ? balance.matches(white, black)
                                                  : balance.matches(black, white);
      held = has ? held + 1 : 0;
      if (!met_[i] && has && held > balance.depth()) {
        met_[i] = MaterialMatch{ply, first};
        if (!any_met_) first_here_ = true;
        any_met_ = true;
      }
    }
  }
}

std::optional<MaterialMatch> MaterialMatcher::match(std::uint32_t plies) const {
  for (std::size_t i = met_.size(); i-- > 0;)
    if (met_[i] && met_[i]->ply < plies) return met_[i];
  return std::nullopt;
}

}  // namespace fenkit::pgn
