// Perft suites: positions with expected leaf counts, in the two formats in common use.
//
//   EPD style:   <FEN with 4 or 6 fields> ;D1 20 ;D2 400 ...
//   Block style: id <name> / epd <FEN> / perft <depth> <nodes> ... (blank line between),
//                and optionally "variant <name>" (variant.hpp's names) for the block's rules
// Lines starting with '#' are comments in both.
//
// Thread safety: a PerftSuiteReader belongs to one thread; the functions keep no state.
#pragma once

#include <cstdint>
#include <istream>
#include <string>
#include <string_view>
#include <vector>
#include "fenkit/fen/export.hpp"

namespace fenkit::fen {

struct FENKIT_API PerftCase {
  std::string fen;
  std::string id;          // block style only
  std::string variant;     // block style: its "variant" line, as written; empty when none
  std::size_t line = 0;    // 1-based line of the FEN
  std::vector<std::pair<int, std::uint64_t>> expected;  // (depth, nodes)
};

struct FENKIT_API PerftSuiteError {
  std::size_t line = 0;
  std::string message;
};

// Reads a suite line by line, for callers that have the lines from elsewhere.
class FENKIT_API PerftSuiteReader {
 public:
  // The next line of the suite, with or without its line end.
  void add_line(std::string_view line);

  std::vector<PerftCase> cases;
  std::vector<PerftSuiteError> errors;  // lines it cannot understand

 private:
  static constexpr std::size_t kNone = std::size_t(-1);
  std::size_t number_ = 0;
  std::size_t block_ = kNone;  // index of the block-style case being filled
  std::string pending_id_;
  std::string pending_variant_;
};

// Reads a whole suite; lines it cannot understand are returned in `errors`.
FENKIT_API std::vector<PerftCase> read_perft_suite(std::istream& in,
                                                   std::vector<PerftSuiteError>& errors);

}  // namespace fenkit::fen
