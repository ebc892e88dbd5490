// Writing records in canonical EPD form.
#include <algorithm>
#include <charconv>
#include <cstdint>
#include <optional>
#include <vector>

#include "fenkit/epd/write.hpp"

namespace fenkit::epd {

namespace {

void append_number(std::int64_t n, std::string& out) {
  char buffer[24];
  out.append(buffer, std::to_chars(buffer, buffer + sizeof buffer, n).ptr);
}

void write_operand(const Operand& operand, std::string& out) {
  switch (operand.kind) {
    case OperandKind::integer: append_number(operand.integer, out); break;
    case OperandKind::string: write_quoted(operand.text, out); break;
    case OperandKind::move:
    case OperandKind::real:
    case OperandKind::word: out += operand.text; break;
  }
}

void write_operation(const Operation& op, std::string& out) {
  out += ' ';
  out += op.opcode;
  for (const Operand& operand : op.operands) {
    out += ' ';
    write_operand(operand, out);
  }
  out += ';';
}

// Whether an hmvc or fmvn operation's operand is a clock a FEN can hold (what
// Record::halfmove_clock and fullmove_number take in preference to the clock fields).
bool gives_clock(std::optional<std::int64_t> n) { return n && *n >= 0 && *n <= UINT32_MAX; }

// A clock operation that six-field output carries in the FEN fields instead. One that gives no
// clock (beyond 32 bits) is no field's and stays an operation.
bool is_clock(const Operation& op) {
  return (op.opcode == "hmvc" || op.opcode == "fmvn") && gives_clock(op.integer());
}

// A clock operation made from a FEN field goes last, or before the record's own operation of
// that opcode where one gives no clock (`hmvc -1`, beyond 32 bits): the first is the one read back.
void add_clock(std::vector<const Operation*>& ops, const Operation& clock) {
  const auto own = std::ranges::find_if(
      ops, [&](const Operation* op) { return op->opcode == clock.opcode; });
  ops.insert(own, &clock);
}

}  // namespace

void write_fields(const fen::Setup& setup, std::string& out, fen::Variant variant) {
  const bool crazyhouse = variant == fen::Variant::crazyhouse;
  for (int rank = 7; rank >= 0; --rank) {
    int empty = 0;
    for (int file = 0; file < 8; ++file) {
      const fen::Square square = fen::make_square(file, rank);
      const fen::Piece piece = setup.board[square];
      if (piece == fen::Piece::none) {
        ++empty;
        continue;
      }
      if (empty) out += char('0' + empty);
      empty = 0;
      out += fen::piece_char(piece);
      const fen::PieceType type = fen::type_of(piece);
      if (crazyhouse && (setup.promoted & fen::square_bb(square)) && type != fen::PieceType::pawn &&
          type != fen::PieceType::king)
        out += '~';
    }
    if (empty) out += char('0' + empty);
    if (rank) out += '/';
  }
  if (crazyhouse) {
    out += '[';
    for (fen::Color c : {fen::Color::white, fen::Color::black})
      for (fen::PieceType t : fen::kPocketOrder)
        out.append(std::size_t(setup.pockets[fen::index_of(c)].of(t)), fen::piece_char(fen::make_piece(c, t)));
    out += ']';
  }
  out += setup.side_to_move == fen::Color::white ? " w " : " b ";
  if (setup.castling_count)
    out.append(setup.castling.data(), setup.castling_count);
  else
    out += '-';
  out += ' ';
  if (setup.en_passant == fen::no_square) {
    out += '-';
  } else {
    out += fen::file_char(fen::file_of(setup.en_passant));
    out += fen::rank_char(fen::rank_of(setup.en_passant));
  }
  if (variant == fen::Variant::three_check) {
    out += ' ';
    out += char('0' + setup.remaining_checks[0]);
    out += '+';
    out += char('0' + setup.remaining_checks[1]);
  }
}

void write_quoted(std::string_view text, std::string& out) {
  out += '"';
  for (char c : text) {
    if (c == '"' || c == '\\') out += '\\';
    // EPD has no escape for a control character but the tab (epd_read.cpp): text from
    // elsewhere (a PGN tag) gets a blank for it, so that the record stays one readable line.
    const auto u = static_cast<unsigned char>(c);
    out += (u < 0x20 && c != '\t') || u == 0x7F ? ' ' : c;
  }
  out += '"';
}

void write_epd(const Record& record, std::string& out, const WriteOptions& options) {
  write_fields(record.setup, out, record.variant);

  std::vector<const Operation*> ops;
  ops.reserve(record.operations.size() + 2);
  for (const Operation& op : record.operations)
    if (options.clocks != ClockFields::six || !is_clock(op)) ops.push_back(&op);

  // Clock fields the record read but four-field output cannot hold become operations.
  Operation halfmove, fullmove;
  switch (options.clocks) {
    case ClockFields::as_read:
      if (record.clock_fields >= 1) {
        out += ' ';
        append_number(record.setup.halfmove_clock, out);
      }
      if (record.clock_fields >= 2) {
        out += ' ';
        append_number(record.setup.fullmove_number, out);
      }
      break;
    case ClockFields::six:
      out += ' ';
      append_number(record.halfmove_clock(), out);
      out += ' ';
      append_number(record.fullmove_number(), out);
      break;
    case ClockFields::four:
      if (record.clock_fields >= 1 && !gives_clock(record.hmvc())) {
        halfmove = Operation{"hmvc", {Operand::of_integer(record.setup.halfmove_clock)}, 0};
        add_clock(ops, halfmove);
      }
      if (record.clock_fields >= 2 && !gives_clock(record.fmvn())) {
        fullmove = Operation{"fmvn", {Operand::of_integer(record.setup.fullmove_number)}, 0};
        add_clock(ops, fullmove);
      }
      break;
  }

  if (options.sort_operations)
    std::ranges::stable_sort(ops, {}, [](const Operation* op) -> std::string_view {
      return op->opcode;
    });
  for (const Operation* op : ops) write_operation(*op, out);
}

std::string to_epd(const Record& record, const WriteOptions& options) {
  std::string out;
  write_epd(record, out, options);
  return out;
}

}  // namespace fenkit::epd
