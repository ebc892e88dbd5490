// The standard EPD opcodes (PGN standard, section 16.2.5) and the operands each one takes.
//
// Thread safety: Values and functions without state: use them from any number of threads at
// once.
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

// What an opcode's operands are.
enum class OperandShape : std::uint8_t {
  none,         // draw_accept draw_claim draw_offer draw_reject resign
  move,         // pm sm: one move in the record's position
  moves,        // am bm: one or more moves, each in the record's position
  variation,    // pv: zero or more moves, each in the position after the one before
  integer,      // acd acn acs ce dm fmvn hmvc rc tcgs
  string,       // c0-c9 eco id nic v0-v9
  two_strings,  // tcri tcsi: an e-mail address and a name
  any,          // noop, and every opcode the standard does not define
};

struct FENKIT_API OpcodeInfo {
  std::string_view name;
  OperandShape shape;
  std::int64_t min = 0;  // the range of an integer operand
  std::int64_t max = 0;
  std::string_view description;
};

// Every standard opcode, in ASCII order of name.
FENKIT_API std::span<const OpcodeInfo> standard_opcodes();

// The standard opcode of that name, or nullptr for unknown and private opcodes.
FENKIT_API const OpcodeInfo* find_opcode(std::string_view name);

// The shape of an opcode's operands: `any` for opcodes the standard does not define.
FENKIT_API OperandShape shape_of(std::string_view opcode);

// Opcodes of upper-case letters (and digits or '_') are reserved for private use.
FENKIT_API bool is_private_opcode(std::string_view name);

}  // namespace fenkit::epd
