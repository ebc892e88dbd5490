#include "python_chess.hpp"

#include "fenkit/fen/uci.hpp"

namespace fenkit::python {

namespace {

// A class of fenkit._chess, looked up once (the module lives as long as the interpreter).
py::handle chess_class(const char* name) {
  return py::object(py::module_::import("fenkit._chess").attr(name)).release();
}

}  // namespace

py::object chess_piece(fen::Piece piece) {
  static const py::handle type = chess_class("Piece");
  return type(fen::index_of(fen::type_of(piece)) + 1, fen::color_of(piece) == fen::Color::white);
}

py::object chess_move(const fen::Position& pos, fen::Move move) {
  static const py::handle type = chess_class("Move");
  if (move.is_null()) return type(0, 0);
  if (move.is_drop()) {
    const int to = move.to();
    return type(to, to, py::none(), fen::index_of(move.drop_piece()) + 1);
  }
  char text[fen::kMaxUciLength];
  const std::size_t length = fen::write_uci(pos, move, text);
  auto square = [&](std::size_t at) { return (text[at] - 'a') + 8 * (text[at + 1] - '1'); };
  py::object promotion = py::none();
  if (length == 5) promotion = py::int_(fen::index_of(move.promotion_piece()) + 1);
  return type(square(0), square(2), promotion);
}

fen::Move move_of(const fen::Position& pos, const py::handle& move) {
  if (py::isinstance<py::str>(move))
    throw py::type_error("a fenkit.Move is needed (Move.from_uci(text) makes one; push_uci and "
                         "push_san take text)");
  if (!has_kings(pos)) return fen::Move::none();
  const int from = move.attr("from_square").cast<int>();
  const int to = move.attr("to_square").cast<int>();
  const py::object promotion = move.attr("promotion");
  const py::object drop = py::getattr(move, "drop", py::none());
  if (!drop.is_none()) {
    const int type = drop.cast<int>();
    if (type < 1 || type > 5 || to < 0 || to > 63) return fen::Move::none();
    const char text[4] = {"PNBRQ"[type - 1], '@', char('a' + to % 8), char('1' + to / 8)};
    return fen::read_uci(pos, std::string_view(text, 4));
  }
  if (from == 0 && to == 0 && promotion.is_none()) return fen::Move::null();
  if (from < 0 || from > 63 || to < 0 || to > 63) return fen::Move::none();
  char text[5] = {char('a' + from % 8), char('1' + from / 8), char('a' + to % 8),
                  char('1' + to / 8), 0};
  std::size_t length = 4;
  if (!promotion.is_none()) {
    const int type = promotion.cast<int>();
    if (type < 2 || type > 6) return fen::Move::none();
    text[length++] = " pnbrqk"[type];
  }
  return fen::read_uci(pos, std::string_view(text, length));
}

}  // namespace fenkit::python
