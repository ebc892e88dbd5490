// Writing EPD in canonical form: the four fields, then each operation as `opcode operands;`
// separated by single spaces, strings quoted and escaped, moves as they stand in the record
// (canonical SAN once checked). Reading what this writes gives the same record.
//
// Thread safety: The functions keep no state and may run on any number of threads at once.
#pragma once

#include <cstdint>
#include <string>

#include "fenkit/epd/record.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

enum class ClockFields : std::uint8_t {
  as_read,  // the FEN clock fields when the record had them, nothing else changed
  four,     // four fields only: clocks from the FEN fields become hmvc and fmvn operations
  six,      // six-field FEN (opening books): the record's clocks as fields, hmvc/fmvn dropped
};

struct FENKIT_API WriteOptions {
  ClockFields clocks = ClockFields::as_read;
  // Operations in ASCII order of opcode rather than in the order of the record.
  bool sort_operations = false;
};

// Appends the record as one EPD line (without a line ending) to `out`.
FENKIT_API void write_epd(const Record& record, std::string& out, const WriteOptions& options = {});
FENKIT_API std::string to_epd(const Record& record, const WriteOptions& options = {});

// Appends the four EPD fields of a setup: placement, side, castling as written, en passant;
// in a variant, what its FEN adds (a crazyhouse pocket and '~' marks, three-check's checks).
FENKIT_API void write_fields(const fen::Setup& setup, std::string& out,
                             fen::Variant variant = fen::Variant::standard);

// Appends a string operand: quoted, with '"' and '\' escaped, and a blank for a control
// character other than tab (EPD has no escape for one).
FENKIT_API void write_quoted(std::string_view text, std::string& out);

}  // namespace fenkit::epd
