// EPD input of `fenkit book build`: the bm and pm moves of each record become book moves.
//
// Reads only what a book needs: the four position fields (libfen's FEN reader), then the
// operations as `opcode operand...;` with double-quoted strings kept whole. bm/pm operands are
// SAN (or long algebraic); the --weight-opcode operand is an unsigned integer.
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
  std::string_view text;
  std::size_t column;  // 1-based
};

struct Operation {
  std::vector<Token> words;  // the opcode, then the operands
};

// Splits the operations after the position fields; `start` is their column offset.
std::vector<Operation> split_operations(std::string_view text, std::size_t start) {
  std::vector<Operation> operations;
  Operation current;
  std::size_t i = 0;
  auto finish = [&] {
    if (!current.words.empty()) operations.push_back(std::move(current));
    current = Operation();
  };
  while (i < text.size()) {
    const char c = text[i];
    if (c == ' ' || c == '\t') {
      ++i;
    } else if (c == ';') {
      finish();
      ++i;
    } else {
      const std::size_t begin = i;
      if (c == '"') {
        const std::size_t close = text.find('"', i + 1);
        i = close == std::string_view::npos ? text.size() : close + 1;
      } else {
        while (i < text.size() && text[i] != ' ' && text[i] != '\t' && text[i] != ';') ++i;
      }
      current.words.push_back(Token{text.substr(begin, i - begin), start + begin + 1});
    }
  }
  finish();
  return operations;
}

// One record: the moves it names and their weight, or an error with its column.
struct RecordMoves {
  std::vector<fen::Move> moves;
  std::uint64_t weight = 1;
  std::string error;
  std::size_t column = 1;
};

RecordMoves read_operations(const fen::Position& pos, std::string_view text, std::size_t start,
                            const EpdBookInput& input) {
  RecordMoves record;
  for (const Operation& op : split_operations(text, start)) {
    const std::string_view opcode = op.words.front().text;
    if (opcode == "bm" || opcode == "pm") {
      for (std::size_t i = 1; i < op.words.size(); ++i) {
        const fen::SanResult san = fen::read_san(pos, op.words[i].text);
        if (!san) {
          record.error = fen::describe(pos, op.words[i].text, san);
          record.column = op.words[i].column;
          return record;
        }
        record.moves.push_back(san.move);
      }
    } else if (!input.weight_opcode.empty() && opcode == input.weight_opcode) {
      const std::string_view operand = op.words.size() > 1 ? op.words[1].text : std::string_view();
      const auto [end, error] = std::from_chars(operand.data(), operand.data() + operand.size(), record.weight);
      if (operand.empty() || error != std::errc() || end != operand.data() + operand.size()) {
        record.error = "the " + input.weight_opcode + " operand must be a whole number of 0 or more, not '" +
                       std::string(operand) + "'";
        record.column = op.words.size() > 1 ? op.words[1].column : op.words[0].column;
        return record;
      }
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
    if (const fen::Problems problems = fen::make_position(setup, pos, {.chess960 = input.chess960}); !problems.empty()) {
      diag.error(name, number, first + 1, fen::describe(problems));
      ++totals.rejected_records;
      continue;
    }
    const RecordMoves record = read_operations(pos, std::string_view(line).substr(consumed), consumed, input);
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
