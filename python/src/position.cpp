// fenkit.Position: a chess position (libfen), close to python-chess's Board where that helps.
#include <pybind11/operators.h>
#include <pybind11/stl.h>

#include "common.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/printable.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::python {

std::string uci_of(const fen::Position& pos, fen::Move move) {
  char text[fen::kMaxUciLength];
  return std::string(text,
                     fen::write_uci(pos, move, text));
}

namespace {
fen::Position position_of_fen(const std::string& text, bool chess960);
}  // namespace

fen::Position position_of(const py::handle& object) {
  if (py::isinstance<fen::Position>(object)) return object.cast<fen::Position>();
  if (py::isinstance<py::str>(object)) return position_of_fen(object.cast<std::string>(), false);
  throw py::type_error("a fenkit.Position or a FEN string is needed");
}

namespace {

fen::Position position_of_fen(const std::string& text, bool chess960) {
  fen::Position pos;
  if (const fen::FenError e = fen::read_fen(text, pos, {.lenient = true, .chess960 = chess960}))
    throw py::value_error("invalid FEN '" + fen::printable(text, 120) + "': " + e.message());
  return pos;
}

fen::Move uci_move(const fen::Position& pos, const std::string& uci) {
  const fen::Move move = fen::read_uci(pos, uci);
  if (!move)
    throw py::value_error("illegal move " + fen::printable(uci) + ": not a legal move in UCI in " +
                          fen::to_fen(pos));
  return move;
}

fen::Move san_move(const fen::Position& pos, const std::string& san) {
  const fen::SanResult result = fen::read_san(pos, san);
  if (!result) throw py::value_error(fen::describe(pos, san, result));
  return result.move;
}

}  // namespace

void add_position(py::module_& m) {
  py::class_<fen::Position>(m, "Position", R"doc(
A chess position: board, side to move, castling rights, en-passant square and clocks.

Position() is the standard starting position; Position(fen) reads a FEN (six fields, or four
or five as in EPD; castling as KQkq, X-FEN or Shredder-FEN). An invalid FEN raises ValueError
naming the problem ("white has no king", "rank 3 has more than 8 squares", ...). Moves are
played with the checked Position::play of libfen: an illegal or ambiguous move raises
ValueError with the library's message and leaves the position as it was.

Chess960: a FEN whose castling rights need it (a king off the e-file, inner rooks, Shredder
letters) is read as Chess960; chess960=True reads any FEN so (the standard array is one of
the 960), as python-chess's Board(fen, chess960=True).

Positions are values: copy() (or copy.copy) makes an independent one; == compares them as
python-chess compares boards (an en-passant square counts only where the capture is legal);
the hash is the Polyglot key, so a position changed after it went into a set or dict is not
found there again; they pickle as their FEN and whether they are Chess960.)doc")
      .def(py::init([](const std::optional<std::string>& text, bool chess960) {
             if (!text && !chess960) return fen::Position();
             return position_of_fen(text ? *text : fen::to_fen(fen::Position()), chess960);
           }),
           py::arg("fen") = py::none(), py::arg("chess960") = false,
           "The position of a FEN, or the standard starting position when none is given; "
           "chess960=True reads castling as Chess960.")
      .def(
          "fen",
          [](const fen::Position& pos, const std::string& ep) {
            return fen::to_fen(pos, {.ep = ep_mode(ep)});
          },
          py::arg("ep") = "standard",
          "The FEN. ep='standard' writes the en-passant square after every double pawn push "
          "(the PGN standard); ep='legal' only when an en-passant capture is legal "
          "(python-chess, lichess).")
      .def(
          "push_san",
          [](fen::Position& pos, const std::string& san) {
            const fen::Move move = san_move(pos, san);
            std::string uci = uci_of(pos, move);
            pos.play(move);
            return uci;
          },
          py::arg("san"),
          "Plays a move given in SAN (read leniently: O-O or 0-0, e8=Q or e8Q, Ng1f3, ...) and "
          "returns it in UCI. Raises ValueError for an illegal, ambiguous or unreadable move.")
      .def(
          "push_uci",
          [](fen::Position& pos, const std::string& uci) {
            const fen::Move move = uci_move(pos, uci);
            std::string san = fen::to_san(pos, move);
            pos.play(move);
            return san;
          },
          py::arg("uci"),
          "Plays a move given in UCI (e2e4, e7e8q; castling as e1g1 or king takes rook; 0000 "
          "the null move) and returns it in SAN. Raises ValueError for an illegal move.")
      .def(
          "san", [](const fen::Position& pos, const std::string& uci) {
            return fen::to_san(pos, uci_move(pos, uci));
          },
          py::arg("uci"), "The canonical SAN of a legal move given in UCI (not played).")
      .def(
          "uci", [](const fen::Position& pos, const std::string& san) {
            return uci_of(pos, san_move(pos, san));
          },
          py::arg("san"), "The UCI of a legal move given in SAN (not played).")
      .def(
          "legal_moves",
          [](const fen::Position& pos) {
            fen::MoveList moves;
            fen::generate_legal(pos, moves);
            py::list out;
            for (fen::Move move : moves) out.append(uci_of(pos, move));
            return out;
          },
          "The legal moves, in UCI (castling as e1g1; king takes rook in Chess960).")
      .def("is_check", &fen::Position::in_check, "Whether the side to move is in check.")
      .def("is_checkmate", &fen::Position::is_checkmate, "Whether the side to move is mated.")
      .def("is_stalemate", &fen::Position::is_stalemate,
           "Whether the side to move has no legal move and is not in check.")
      .def("is_insufficient_material", &fen::Position::has_insufficient_material,
           "Whether neither side can ever mate (K v K, K+minor v K, bishops on one colour).")
      .def(
          "polyglot_key", [](const fen::Position& pos) { return fen::polyglot_key(pos); },
          "The 64-bit Polyglot key (the key of .bin opening books).")
      .def(
          "copy", [](const fen::Position& pos) { return pos; }, "An independent copy.")
      .def("__copy__", [](const fen::Position& pos) { return pos; })
      .def("__deepcopy__", [](const fen::Position& pos, const py::dict&) { return pos; },
           py::arg("memo"))
      .def_property_readonly(
          "turn", [](const fen::Position& pos) { return pos.side_to_move() == fen::Color::white; },
          "True when White is to move (as python-chess's Board.turn).")
      .def_property_readonly("halfmove_clock", &fen::Position::halfmove_clock,
                             "Half-moves since the last capture or pawn move.")
      .def_property_readonly("fullmove_number", &fen::Position::fullmove_number,
                             "The number of the move, from 1, counted up after Black's move.")
      .def_property_readonly("chess960", &fen::Position::is_chess960,
                             "Whether the position is a Chess960 one (castling in X-FEN).")
      .def(
          "__eq__",
          [](const fen::Position& a, const py::object& other) -> py::object {
            if (!py::isinstance<fen::Position>(other))
              return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            // An en-passant square counts only where a capture is legal there, as in
            // python-chess and the Polyglot key (the hash): a position reached by e4 equals
            // the one of a FEN that leaves the square out.
            const auto& b = other.cast<const fen::Position&>();
            const fen::FenWriteOptions legal{.ep = fen::EpMode::legal};
            return py::bool_(a.is_chess960() == b.is_chess960() &&
                             fen::to_fen(a, legal) == fen::to_fen(b, legal));
          },
          py::arg("other"))
      .def("__hash__", [](const fen::Position& pos) { return py::hash(py::int_(fen::polyglot_key(pos))); })
      .def("__str__", [](const fen::Position& pos) { return fen::to_fen(pos); })
      .def("__repr__",
           [](const fen::Position& pos) { return "Position('" + fen::to_fen(pos) + "')"; })
      .def(py::pickle(
          [](const fen::Position& pos) -> py::object {
            return py::make_tuple(fen::to_fen(pos), pos.is_chess960());
          },
          [](const py::object& state) {
            // Before the flag was kept, a position pickled as its FEN alone.
            if (py::isinstance<py::str>(state)) return position_of(state);
            const auto pair = state.cast<py::tuple>();
            return position_of_fen(pair[0].cast<std::string>(), pair[1].cast<bool>());
          }));
}

}  // namespace fenkit::python
