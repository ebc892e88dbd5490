#include "variant_fen.hpp"

#include <vector>

namespace fenkit::fen::detail {

namespace {

bool blank(char c) { return c == ' ' || c == '\t'; }

FenError syntax_error(FenSyntax why, FenField field, std::size_t offset) {
  FenError e;
  e.syntax = why;
  e.field = field;
  e.column = offset + 1;
  return e;
}

// The pieces of a pocket's text ("QRPqn"): upper case White's, lower case Black's; at most
// kMaxPocketPieces in all (a FEN has room for no more).
bool read_pocket(std::string_view text, Setup& setup, std::size_t& bad) {
  if (text.size() > kMaxPocketPieces) {
    bad = kMaxPocketPieces;
    return false;
  }
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    const char lower = char(c | 0x20);
    int type = -1;
    switch (lower) {
      case 'p': type = 0; break;
      case 'n': type = 1; break;
      case 'b': type = 2; break;
      case 'r': type = 3; break;
      case 'q': type = 4; break;
      default: break;
    }
    if (type < 0 || !((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'))) {
      bad = i;
      return false;
    }
    ++setup.pockets[c == lower ? 1 : 0].count[type];
  }
  return true;
}

// Crazyhouse: the pocket after the placement, as "[...]" or a ninth part after a '/'; a '~'
// after each promoted piece. The placement goes on without them.
FenError take_crazyhouse(std::string_view text, Setup& setup, std::string& out,
                         std::size_t& taken_from) {
  std::size_t start = 0;
  while (start < text.size() && blank(text[start])) ++start;
  std::size_t end = start;
  while (end < text.size() && !blank(text[end])) ++end;
  std::string_view placement = text.substr(start, end - start);

  std::string_view pocket;
  std::size_t pocket_at = 0;
  if (const std::size_t open = placement.find('['); open != std::string_view::npos) {
    if (placement.back() != ']')
      return syntax_error(FenSyntax::bad_character, FenField::placement, start + placement.size());
    pocket = placement.substr(open + 1, placement.size() - open - 2);
    pocket_at = start + open + 1;
    placement = placement.substr(0, open);
  } else {
    std::size_t slashes = 0, last = 0;
    for (std::size_t i = 0; i < placement.size(); ++i)
      if (placement[i] == '/') ++slashes, last = i;
    if (slashes == 8) {
      pocket = placement.substr(last + 1);
      pocket_at = start + last + 1;
      placement = placement.substr(0, last);
    }
  }
  std::size_t bad = 0;
  if (!read_pocket(pocket, setup, bad))
    return syntax_error(FenSyntax::bad_character, FenField::placement, pocket_at + bad);

  out.assign(text.substr(0, start));
  taken_from = start;
  int rank = 7, file = 0;
  int last_piece = -1;
  for (std::size_t i = 0; i < placement.size(); ++i) {
    const char c = placement[i];
    if (c == '~') {
      if (last_piece < 0)
        return syntax_error(FenSyntax::bad_character, FenField::placement, start + i);
      setup.promoted |= square_bb(Square(last_piece));
      last_piece = -1;
      continue;
    }
    out.push_back(c);
    last_piece = -1;
    if (c == '/') {
      --rank;
      file = 0;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
    } else {
      if (rank >= 0 && rank < 8 && file < 8) last_piece = make_square(file, rank);
      ++file;
    }
  }
  out.append(text.substr(end));
  return {};
}

// Three-check: "W+B" checks still to give, after the en-passant field (python-chess's and
// lichess's form), or "+W+B" checks given, after the clocks (lichess's older form).
FenError take_three_check(std::string_view text, Setup& setup, std::string& out,
                          std::size_t& taken_from) {
  struct Token {
    std::size_t at, size;
  };
  std::vector<Token> tokens;
  for (std::size_t i = 0; i < text.size();) {
    while (i < text.size() && blank(text[i])) ++i;
    if (i == text.size()) break;
    const std::size_t at = i;
    while (i < text.size() && !blank(text[i])) ++i;
    tokens.push_back({at, i - at});
  }
  std::size_t index = tokens.size();
  bool given = false;
  if (tokens.size() > 4 && text.substr(tokens[4].at, tokens[4].size).find('+') != std::string_view::npos)
    index = 4;
  else if (tokens.size() > 6 && text[tokens[6].at] == '+')
    index = 6, given = true;
  if (index == tokens.size()) {
    out.assign(text);
    return {};
  }
  const std::string_view field = text.substr(tokens[index].at, tokens[index].size);
  const std::string_view numbers = given ? field.substr(1) : field;
  const std::size_t plus = numbers.find('+');
  const auto digit = [](std::string_view d) { return d.size() == 1 && d[0] >= '0' && d[0] <= '3'; };
  if (plus == std::string_view::npos || !digit(numbers.substr(0, plus)) ||
      !digit(numbers.substr(plus + 1)))
    return syntax_error(FenSyntax::bad_character,
                        given ? FenField::fullmove_number : FenField::en_passant, tokens[index].at);
  const int white = numbers[0] - '0', black = numbers[plus + 1] - '0';
  setup.remaining_checks[0] = std::uint8_t(given ? 3 - white : white);
  setup.remaining_checks[1] = std::uint8_t(given ? 3 - black : black);
  // The text without the field and the blank before it.
  const std::size_t cut_from = tokens[index - 1].at + tokens[index - 1].size;
  const std::size_t cut_to = tokens[index].at + tokens[index].size;
  taken_from = cut_from;
  out.assign(text.substr(0, cut_from));
  out.append(text.substr(cut_to));
  return {};
}

}  // namespace

FenError take_variant_fields(std::string_view text, Variant variant, Setup& setup,
                             std::string& storage, std::string_view& rest,
                             std::size_t& taken_from) {
  rest = text;
  taken_from = text.size();
  FenError error;
  if (variant == Variant::crazyhouse) error = take_crazyhouse(text, setup, storage, taken_from);
  else if (variant == Variant::three_check) error = take_three_check(text, setup, storage, taken_from);
  else return error;
  if (!error) rest = storage;
  return error;
}

}  // namespace fenkit::fen::detail
