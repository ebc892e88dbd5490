// EPD input of `fenkit book build`: the bm and pm moves of each record become book moves.
//
// Reads only what a book needs: the four position fields (libfen's FEN reader), then the
// operations as `opcode operand...;` with double-quoted strings kept whole. bm/pm operands are
// SAN (or long algebraic, or UCI); the --weight-opcode operand is an unsigned integer.
#include <cctype>
#include <charconv>
#include <fstream>
#include <iostream>

#include "book.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/setup.hpp"

namespace fenkit::tools {

namespace {

struct Token {
  std::string_view text;  // a word, a double-quoted string, or ";"
  std::size_t column;     // 1-based
};

// Spaces, tabs, and the stray control characters (NUL, form feed) some files carry.
bool is_blank(char c) { return static_cast<unsigned char>(c) <= ' '; }

// The words of the operations after the position fields; `start` is their column offset.
std::vector<Token> tokenize(std::string_view text, std::size_t start) {
  std::vector<Token> tokens;
  std::size_t i = 0;
  while (i < text.size()) {
    const char c = text[i];
    const std::size_t begin = i;
    if (is_blank(c)) {
      ++i;
      continue;
    }
    if (c == ';') {
      ++i;
    } else if (c == '"') {
      const std::size_t close = text.find('"', i + 1);
      i = close == std::string_view::npos ? text.size() : close + 1;
    } else {
      while (i < text.size() && !is_blank(text[i]) && text[i] != ';') ++i;
    }
    tokens.push_back(Token{text.substr(begin, i - begin), start + begin + 1});
  }
  return tokens;
}

bool is_number(std::string_view s) {
  return !s.empty() && s.find_first_not_of("0123456789") == std::string_view::npos;
}

// An opcode: a letter, then letters, digits and underscores; and not a move's notation.
bool looks_like_opcode(std::string_view s) {
  if (s.empty() || !std::isalpha(static_cast<unsigned char>(s[0]))) return false;
  for (const char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
  fen::SanMove ignored;
  return !fen::parse_san(s, ignored);
}

// One record: the moves it names and their weight, or an error with its column.
struct RecordMoves {
  std::vector<fen::Move> moves;
  std::uint64_t weight = 1;
  std::string error;
  std::size_t column = 1;
};

// Real files bend the syntax: six-field FENs, "bm Rc8+ dm 26" without semicolons, "bm Qd1 +"
// with the check mark apart. So two numbers after the four fields are taken for the clocks,
// a lone + # ! ? is ignored, and a word that follows a bm or pm move and looks like an opcode
// starts the next operation.
RecordMoves read_operations(const fen::Position& pos, std::string_view text, std::size_t start,
                            const EpdBookInput& input) {
  RecordMoves record;
  const std::vector<Token> tokens = tokenize(text, start);
  std::size_t i = 0;
  auto skip_operands = [&] {
    while (i < tokens.size() && tokens[i].text != ";") ++i;
  };
  if (tokens.size() >= 2 && is_number(tokens[0].text) && is_number(tokens[1].text)) i = 2;
  while (i < tokens.size()) {
    const Token opcode = tokens[i++];
    if (opcode.text == ";") continue;
    if (opcode.text == "bm" || opcode.text == "pm") {
      bool any = false;
      for (; i < tokens.size() && tokens[i].text != ";"; ++i) {
        const Token& word = tokens[i];
        if (word.text.find_first_not_of("+#!?") == std::string_view::npos) continue;
        const fen::SanResult san = fen::read_san(pos, word.text);
        if (san) {
          record.moves.push_back(san.move);
          any = true;
          continue;
        }
        if (any && looks_like_opcode(word.text)) break;
        record.error = fen::describe(pos, word.text, san);
        record.column = word.column;
        return record;
      }
    } else if (!input.weight_opcode.empty() && opcode.text == input.weight_opcode) {
      const bool given = i < tokens.size() && tokens[i].text != ";";
      const std::string_view operand = given ? tokens[i].text : std::string_view();
      const auto [end, error] =
          std::from_chars(operand.data(), operand.data() + operand.size(), record.weight);
      if (!given || error != std::errc() || end != operand.data() + operand.size()) {
        record.error = "the " + input.weight_opcode +
                       " operand must be a whole number of 0 or more, not '" +
                       std::string(operand) + "'";
        record.column = given ? tokens[i].column : opcode.column;
        return record;
      }
      skip_operands();
    } else {
      skip_operands();
    }
  }
  return record;
}

}  // namespace

void add_epd_records(const std::string& path, epd::BookWeights& weights, const EpdBookInput& input,
                     Diagnostics& diag, BookInputTotals& totals) {
  std::ifstream file;
  std::istream* in = &std::cin;
  if (path != "-") {
    file.open(path, std::ios::binary);
    if (!file) {
      diag.file_error(path, "cannot open file");
      ++totals.unreadable_files;
      return;
    }
    in = &file;
  }
  const std::string name = display_name(path);
  std::string line;
  for (std::size_t number = 1; std::getline(*in, line); ++number) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const std::size_t first = line.find_first_not_of(" \t");
    if (first == std::string::npos || line[first] == '#') continue;
    ++totals.records;
    fen::Setup setup;
    std::size_t consumed = 0;
    const fen::FenError syntax =
        fen::read_setup(line, setup, {.lenient = true, .epd_fields_only = true}, &consumed);
    if (syntax) {
      diag.error(name, number, syntax.column ? syntax.column : first + 1, syntax.message());
      ++totals.rejected_records;
      continue;
    }
    fen::Position pos;
    if (const fen::Problems problems = fen::make_position(setup, pos, {.chess960 = input.chess960});
        !problems.empty()) {
      diag.error(name, number, first + 1, fen::describe(problems));
      ++totals.rejected_records;
      continue;
    }
    const RecordMoves record =
        read_operations(pos, std::string_view(line).substr(consumed), consumed, input);
    if (!record.error.empty()) {
      diag.error(name, number, record.column, record.error);
      ++totals.rejected_records;
      continue;
    }
    if (record.moves.empty()) {
      ++totals.records_without_moves;
      continue;
    }
    for (const fen::Move m : record.moves)
      if (!weights.add(pos, m, record.weight)) {
        ++totals.ambiguous;
        break;
      }
  }
}

}  // namespace fenkit::tools
