// Record: one EPD line, the four FEN fields and its operations (`opcode operand ...;`).
//
// A record is first what the text said (read.hpp: parse_record) and then, once checked
// (check_record), also a legal position with every move operand resolved to a Move and
// written back in canonical SAN. Operations keep the order of the line; unknown and private
// opcodes are kept with their operands as read.
//
// Thread safety: a Record is a value: const access from many threads at once is safe; changing
// it needs it to itself.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fenkit/epd/opcodes.hpp"
#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/setup.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

// ---------------------------------------------------------------- Operands

enum class OperandKind : std::uint8_t {
  move,     // a SAN move (or long algebraic / UCI as read; canonical SAN once checked)
  integer,  // an optionally signed whole number
  real,     // a number with a decimal point or an exponent
  string,   // a quoted string, or the unquoted text of an opcode that takes a string
  word,     // any other unquoted token of an opcode the standard does not define
};

struct FENKIT_API Operand {
  OperandKind kind = OperandKind::word;
  // move: the move as written, replaced by canonical SAN when the record is checked;
  // real and word: the token as written; string: the value, without quotes or escapes.
  std::string text;
  std::int64_t integer = 0;
  double real = 0;
  fen::Move move;            // the resolved move, once checked (Move::none() before)
  std::uint32_t column = 0;  // 1-based column in the line it was read from; 0 if not read

  static Operand of_integer(std::int64_t value);
  static Operand of_string(std::string value);
  static Operand of_word(std::string token);
  static Operand of_move(std::string san, fen::Move move = fen::Move::none());

  // Same kind and value; columns are ignored.
  friend FENKIT_API bool operator==(const Operand& a, const Operand& b);
};

struct FENKIT_API Operation {
  std::string opcode;
  std::vector<Operand> operands;
  std::uint32_t column = 0;  // 1-based column of the opcode; 0 if not read

  OperandShape shape() const { return shape_of(opcode); }
  // The one integer operand, if that is what the operation has.
  std::optional<std::int64_t> integer() const;
  // The one string operand (or the text of the one operand of an unknown opcode).
  std::optional<std::string_view> string() const;

  friend FENKIT_API bool operator==(const Operation& a, const Operation& b);
};

// ---------------------------------------------------------------- Records

struct FENKIT_API Record {
  // The four EPD fields. The clocks hold the fifth and sixth FEN fields when the line had
  // them (opening books are six-field FEN), as `clock_fields` tells; otherwise 0 and 1.
  fen::Setup setup;
  std::uint8_t clock_fields = 0;  // 0, 1 (halfmove clock only) or 2
  // The rules of the position: a `variant` operation names them (`variant "crazyhouse";`, any
  // name fen/variant.hpp knows), and the fields are then read and written in the variant's
  // FEN (a crazyhouse pocket, three-check's checks); standard chess without one.
  fen::Variant variant = fen::Variant::standard;
  std::vector<Operation> operations;
  // The validated position with the record's clocks: set by check_record() when the setup
  // is a legal position, and required by the Move accessors and set_moves().
  std::optional<fen::Position> position;

  // ------------------------------------------------------------ Lookup
  // The first operation with that opcode, or nullptr.
  const Operation* find(std::string_view opcode) const;
  Operation* find(std::string_view opcode);
  bool has(std::string_view opcode) const { return find(opcode) != nullptr; }

  // ------------------------------------------------------------ Clocks
  // What a FEN of the record holds: hmvc and fmvn first, then the FEN clock fields, then 0
  // and 1.
  std::uint32_t halfmove_clock() const;
  std::uint32_t fullmove_number() const;
  // The position as six-field FEN with those clocks: as FEN is written (castling in KQkq, X-FEN
  // in Chess960) once the record is checked, else the four fields as the record has them.
  std::string fen() const;

  // ------------------------------------------------------------ Standard opcodes, typed
  // Integers; nullopt when absent or not a single integer.
  std::optional<std::int64_t> acd() const { return integer_of("acd"); }   // analysis depth
  std::optional<std::int64_t> acn() const { return integer_of("acn"); }   // nodes analysed
  std::optional<std::int64_t> acs() const { return integer_of("acs"); }   // seconds of analysis
  std::optional<std::int64_t> ce() const { return integer_of("ce"); }     // centipawn evaluation
  std::optional<std::int64_t> dm() const { return integer_of("dm"); }     // direct mate in n
  std::optional<std::int64_t> fmvn() const { return integer_of("fmvn"); }  // fullmove number
  std::optional<std::int64_t> hmvc() const { return integer_of("hmvc"); }  // halfmove clock
  std::optional<std::int64_t> rc() const { return integer_of("rc"); }     // repetition count
  std::optional<std::int64_t> tcgs() const { return integer_of("tcgs"); }  // game selector
  // Moves, resolved by check_record(); empty (or nullopt) when absent or not checked.
  std::vector<fen::Move> am() const { return moves_of("am"); }  // avoid moves
  std::vector<fen::Move> bm() const { return moves_of("bm"); }  // best moves
  std::vector<fen::Move> pv() const { return moves_of("pv"); }  // predicted variation
  std::optional<fen::Move> pm() const { return move_of("pm"); }  // predicted move
  std::optional<fen::Move> sm() const { return move_of("sm"); }  // supplied move
  // Strings.
  std::optional<std::string_view> id() const { return string_of("id"); }
  std::optional<std::string_view> eco() const { return string_of("eco"); }
  std::optional<std::string_view> nic() const { return string_of("nic"); }
  std::optional<std::string_view> c(int n) const;  // comments c0 to c9
  std::optional<std::string_view> v(int n) const;  // variation names v0 to v9
  // Telecommunication receiver and sender: e-mail address and name.
  std::optional<std::pair<std::string_view, std::string_view>> tcri() const;
  std::optional<std::pair<std::string_view, std::string_view>> tcsi() const;
  // Opcodes without operands.
  bool draw_accept() const { return has("draw_accept"); }
  bool draw_claim() const { return has("draw_claim"); }
  bool draw_offer() const { return has("draw_offer"); }
  bool draw_reject() const { return has("draw_reject"); }
  bool resign() const { return has("resign"); }
  bool noop() const { return has("noop"); }

  std::optional<std::int64_t> integer_of(std::string_view opcode) const;
  std::optional<std::string_view> string_of(std::string_view opcode) const;
  std::vector<fen::Move> moves_of(std::string_view opcode) const;
  std::optional<fen::Move> move_of(std::string_view opcode) const;

  // ------------------------------------------------------------ Editing
  // Each setter replaces the operands of the first operation with that opcode, where it
  // stands, or appends a new operation.
  Operation& set(std::string_view opcode, std::vector<Operand> operands = {});
  Operation& set_integer(std::string_view opcode, std::int64_t value);
  Operation& set_string(std::string_view opcode, std::string value);
  // Moves legal in `position` (checked), written in SAN; for pv each move is played before
  // the next is written. Throws std::logic_error without a position.
  Operation& set_moves(std::string_view opcode, std::span<const fen::Move> moves);
  // Removes every operation with that opcode; returns how many.
  std::size_t erase(std::string_view opcode);

  // Same fields, clocks and operations; positions and columns are ignored.
  friend FENKIT_API bool operator==(const Record& a, const Record& b);
};

}  // namespace fenkit::epd
