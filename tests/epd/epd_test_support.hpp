// Helpers shared by the EPD tests.
#pragma once

#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "fenkit/epd/read.hpp"
#include "fenkit/epd/record.hpp"

namespace fenkit::epd::testing {

// Reads and checks a line that must be accepted.
inline Record read_ok(std::string_view line, const ReadOptions& options = {}) {
  Record record;
  const std::vector<ReadError> errors = read_record(line, record, options);
  EXPECT_TRUE(errors.empty()) << line << "\n  column " << (errors.empty() ? 0 : errors[0].column)
                              << ": " << (errors.empty() ? "" : errors[0].message);
  return record;
}

// Reads a line that must be rejected; returns why.
inline std::vector<ReadError> read_errors(std::string_view line, const ReadOptions& options = {}) {
  Record record;
  const std::vector<ReadError> errors = read_record(line, record, options);
  EXPECT_FALSE(errors.empty()) << line << " was accepted";
  return errors;
}

// The 1-based column of the first occurrence of `needle` in `line` (found by plain search,
// independently of the reader).
inline std::size_t column_of(std::string_view line, std::string_view needle, std::size_t from = 0) {
  const std::size_t at = line.find(needle, from);
  EXPECT_NE(at, std::string_view::npos) << needle << " not in " << line;
  return at + 1;
}

// The text of every operand of an operation, or an empty list if it is absent.
inline std::vector<std::string> texts(const Record& record, std::string_view opcode) {
  std::vector<std::string> out;
  if (const Operation* op = record.find(opcode))
    for (const Operand& o : op->operands) out.push_back(o.text);
  return out;
}

}  // namespace fenkit::epd::testing
