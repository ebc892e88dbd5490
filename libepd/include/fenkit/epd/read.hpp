// Reading EPD: one line into a Record, then checking it against the rules of chess.
//
// Reading is lenient with what real files hold: CRLF and trailing blanks or NULs, a missing
// final ';' or a ';' right after the fields, six-field FEN lines (the two numbers after the
// four fields are the clocks), strings with \" and \\ escapes, unquoted strings (`id BK.01`,
// `id Position 1` up to the ';'), `bm Qd1 + ;`, `bm Rc8+ dm 26` without semicolons, UCI moves
// (`bm g6g4`), moves continued after a stray ';' (`bm h3; Be1`), `opcode=operand`, and
// Latin-1 strings (turned into UTF-8).
//
// Thread safety: The functions keep no state and may run on any number of threads at once.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/epd/record.hpp"
#include "fenkit/fen/setup.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

// A reason a record was rejected, with its place in the line.
struct FENKIT_API ReadError {
  std::size_t column = 0;  // 1-based
  std::string message;
};

// Syntax only: the four fields, the clocks if present, the operations with typed operands.
// The line may still end in '\r' or blanks. `out` is written only on success.
FENKIT_API std::optional<ReadError> parse_record(std::string_view line, Record& out);

struct FENKIT_API CheckOptions {
  fen::Problems relax;    // position problems to accept (fen/setup.hpp)
  bool chess960 = false;  // read castling rights as Chess960
};

// The chess: the position must be legal (with the clocks hmvc and fmvn give it), every move
// operand legal in it (pv move by move), integer operands of standard opcodes in range, and
// no opcode given twice. Sets `record.position` and resolves the moves (writing them back
// as canonical SAN) as far as it can; returns every problem found, in line order.
FENKIT_API std::vector<ReadError> check_record(Record& record, const CheckOptions& options = {});

struct FENKIT_API ReadOptions {
  bool check = true;  // also check_record()
  CheckOptions checks;
};

// parse_record() and, unless options.check is off, check_record(). Empty when the record
// was read; `out` then holds it.
FENKIT_API std::vector<ReadError> read_record(std::string_view line, Record& out,
                                              const ReadOptions& options = {});

// Convenience for trusted input: throws std::invalid_argument with the first error.
FENKIT_API Record record_from_epd(std::string_view line, const ReadOptions& options = {});

}  // namespace fenkit::epd
