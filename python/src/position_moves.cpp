// fenkit.Position's moves: legal moves, push and pop with the move stack, SAN, UCI and LAN, what
// a move does, and the draw rules that need the moves before (repetition, fifty moves), with
// python-chess's names and meanings.
#include <pybind11/stl.h>

#include <algorithm>

#include "common.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/printable.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "python_chess.hpp"

namespace fenkit::python {

std::string uci_of(const fen::Position& pos, fen::Move move) {
  char text[fen::kMaxUciLength];
  return std::string(text, fen::write_uci(pos, move, text));
}

namespace {

fen::Move uci_move(const fen::Position& pos, const std::string& uci) {
  const fen::Move move = has_kings(pos) ? fen::read_uci(pos, uci) : fen::Move::none();
  if (!move)
    throw py::value_error("illegal move " + fen::printable(uci) + ": not a legal move in UCI in " +
                          fen::to_fen(pos));
  return move;
}

fen::Move san_move(const fen::Position& pos, const std::string& san) {
  if (!has_kings(pos))
    throw py::value_error("illegal san: " + fen::printable(san) + " in " + fen::to_fen(pos) +
                          ": a board without one king of each side has no moves");
  const fen::SanResult result = fen::read_san(pos, san);
  if (!result) throw py::value_error(fen::describe(pos, san, result));
  return result.move;
}

// The legal move a fenkit.Move names (ValueError when it is not legal here).
fen::Move legal_move(const fen::Position& pos, const py::handle& move) {
  const fen::Move m = move_of(pos, move);
  if (!m || (m.is_null() && pos.in_check()))
    throw py::value_error("illegal move " + py::str(move.attr("uci")()).cast<std::string>() +
                          " in " + fen::to_fen(pos));
  return m;
}

void push(PyPosition& p, fen::Move move) {
  p.stack.push_back({move, p.pos});
  if (move.is_null()) p.pos.play_null();
  else p.pos.play_unchecked(move);
}

// A capture or a pawn move: the fifty-move count starts again, and no position before it can
// come back.
bool is_zeroing(const fen::Position& pos, fen::Move m) {
  // (A Crazyhouse drop: a pawn's is, as python-chess judges it.)
  if (m.is_drop()) return m.drop_piece() == fen::PieceType::pawn;
  return !m.is_null() && (pos.is_capture(m) || fen::type_of(pos.piece_on(m.from())) == fen::PieceType::pawn);
}

// Two positions are the same one for the repetition rules when the same pieces stand on the
// same squares, the same side is to move, and the same castling and en-passant captures are
// possible (FIDE 9.2).
bool same_for_repetition(const fen::Position& a, const fen::Position& b) {
  // (In a variant its state too: Crazyhouse's pockets, Three-check's checks.)
  return a.board() == b.board() && a.side_to_move() == b.side_to_move() &&
         a.castling() == b.castling() && a.legal_en_passant() == b.legal_en_passant() &&
         (a.variant() == fen::Variant::standard ||
          (a.pocket(fen::Color::white) == b.pocket(fen::Color::white) &&
           a.pocket(fen::Color::black) == b.pocket(fen::Color::black) &&
           a.remaining_checks(fen::Color::white) == b.remaining_checks(fen::Color::white) &&
           a.remaining_checks(fen::Color::black) == b.remaining_checks(fen::Color::black)));
}

// How often `pos` has stood in the game: in the stack (back to its last zeroing move) and, when
// `counts_current`, as the current position.
int occurrences(const PyPosition& p, const fen::Position& pos, bool counts_current) {
  int count = counts_current && same_for_repetition(p.pos, pos) ? 1 : 0;
  for (auto it = p.stack.rbegin(); it != p.stack.rend(); ++it) {
    if (same_for_repetition(it->before, pos)) ++count;
    if (is_zeroing(it->before, it->move)) break;
  }
  return count;
}

bool can_claim_threefold(const PyPosition& p) {
  if (occurrences(p, p.pos, true) >= 3) return true;
  if (!has_kings(p.pos)) return false;
  // A move that makes the position stand for the third time may be claimed before it is played.
  fen::MoveList moves;
  fen::generate_legal(p.pos, moves);
  for (fen::Move m : moves) {
    if (is_zeroing(p.pos, m)) continue;
    fen::Position after = p.pos;
    after.play_unchecked(m);
    if (occurrences(p, after, true) + 1 >= 3) return true;
  }
  return false;
}

bool is_halfmoves(const fen::Position& pos, int n) {
  return pos.halfmove_clock() >= n && has_kings(pos) && pos.has_legal_moves();
}

bool can_claim_fifty(const fen::Position& pos) {
  if (is_halfmoves(pos, 100)) return true;
  if (pos.halfmove_clock() < 99 || !has_kings(pos)) return false;
  fen::MoveList moves;
  fen::generate_legal(pos, moves);
  for (fen::Move m : moves) {
    if (is_zeroing(pos, m)) continue;
    fen::Position after = pos;
    after.play_unchecked(m);
    if (is_halfmoves(after, 100)) return true;
  }
  return false;
}

}  // namespace

void add_position_moves(py::class_<PyPosition>& cls) {
  cls.def(
         "_legal_move_list",
         [](const PyPosition& p) {
           fen::MoveList moves;
           if (has_kings(p.pos)) fen::generate_legal(p.pos, moves);
           py::list out;
           for (fen::Move m : moves) out.append(chess_move(p.pos, m));
           return out;
         })
      .def("_legal_move_count",
           [](const PyPosition& p) { return has_kings(p.pos) ? fen::count_legal(p.pos) : 0; })
      .def("_legal_ucis",
           [](const PyPosition& p) {
             fen::MoveList moves;
             if (has_kings(p.pos)) fen::generate_legal(p.pos, moves);
             py::list out;
             for (fen::Move m : moves) out.append(uci_of(p.pos, m));
             return out;
           })
      .def(
          "is_legal",
          [](const PyPosition& p, const py::handle& move) {
            const fen::Move m = move_of(p.pos, move);
            return bool(m) && !m.is_null();
          },
          py::arg("move"), "Whether a fenkit.Move is legal here (the null move is not).")
      // ---------------------------------------------------------------- The move stack
      .def(
          "push", [](PyPosition& p, const py::handle& move) { push(p, legal_move(p.pos, move)); },
          py::arg("move"),
          "Plays a fenkit.Move (Move.null() passes the turn) and puts it on the move stack. "
          "Unlike python-chess, an illegal move raises ValueError and changes nothing.")
      .def(
          "_push_any",
          [](PyPosition& p, int from_square, int to_square, std::optional<int> promotion) {
            // fenkit.Board's push of a move that is not legal, as python-chess pushes any move
            // it is given: the piece goes to its square, the turn passes, the clocks, castling
            // rights and en-passant square follow. pop() takes it back as any other.
            if (from_square < 0 || from_square > 63 || to_square < 0 || to_square > 63)
              throw py::value_error("push() needs squares 0-63");
            const fen::Square from = fen::Square(from_square), to = fen::Square(to_square);
            fen::Position pos = p.pos;
            const fen::Piece piece = pos.piece_on(from);
            if (piece == fen::Piece::none)
              throw py::value_error("push() needs a piece on the move's from-square (" +
                                    uci_of(pos, fen::Move(from, to)) + " in " + fen::to_fen(pos) + ")");
            // As python-chess: the piece is the mover's (whatever colour stood there), and the
            // move resets the fifty-move count when it touches the other side's pieces.
            const fen::Color us = pos.side_to_move();
            const bool zeroing = ((pos.pieces(~us) >> from) & 1) || ((pos.pieces(~us) >> to) & 1);
            const bool pawn = fen::type_of(piece) == fen::PieceType::pawn;
            const fen::PieceType promoted =
                promotion ? fen::PieceType(std::clamp(*promotion, 2, 5) - 1) : fen::PieceType::knight;
            pos.remove_piece(from);
            pos.remove_piece(to);
            pos.put_piece(fen::make_piece(us, promotion ? promoted : fen::type_of(piece)), to);
            fen::CastlingRights rights = pos.castling();
            for (fen::Color c : {fen::Color::white, fen::Color::black})
              for (fen::CastlingSide side : {fen::CastlingSide::king_side, fen::CastlingSide::queen_side})
                if (rights.has(c, side) && (rights.rook_square(c, side) == from || rights.rook_square(c, side) == to))
                  rights.clear(c, side);
            if (fen::type_of(piece) == fen::PieceType::king) rights.clear(us);
            pos.set_castling(rights);
            const int step = int(to) - int(from);
            pos.set_en_passant(pawn && (step == 16 || step == -16) ? fen::Square((int(from) + int(to)) / 2)
                                                                   : fen::no_square);
            pos.set_halfmove_clock(zeroing || pawn ? 0 : pos.halfmove_clock() + 1);
            if (pos.side_to_move() == fen::Color::black) pos.set_fullmove_number(pos.fullmove_number() + 1);
            pos.set_side_to_move(~pos.side_to_move());
            const fen::Move move = promotion ? fen::Move(from, to, fen::MoveKind::promotion, promoted)
                                             : fen::Move(from, to);
            p.stack.push_back({move, p.pos});
            p.pos = pos;
          },
          py::arg("from_square"), py::arg("to_square"), py::arg("promotion") = py::none())
      .def(
          "pop",
          [](PyPosition& p) {
            if (p.stack.empty()) throw py::index_error("pop from an empty move stack");
            const PyPosition::Played last = p.stack.back();
            p.stack.pop_back();
            p.pos = last.before;
            return chess_move(p.pos, last.move);
          },
          "Takes back the last move pushed and returns it (IndexError when there is none).")
      .def(
          "peek",
          [](const PyPosition& p) {
            if (p.stack.empty()) throw py::index_error("peek into an empty move stack");
            return chess_move(p.stack.back().before, p.stack.back().move);
          },
          "The last move pushed (IndexError when there is none).")
      .def_property_readonly(
          "move_stack",
          [](const PyPosition& p) {
            py::list out;
            for (const PyPosition::Played& played : p.stack) out.append(chess_move(played.before, played.move));
            return out;
          },
          "The moves pushed, first to last (a new list each time).")
      .def(
          "root",
          [](const PyPosition& p) { return PyPosition{p.stack.empty() ? p.pos : p.stack.front().before, {}}; },
          "The position before the first move of the stack.")
      // ---------------------------------------------------------------- Notation
      .def(
          "push_san",
          [](PyPosition& p, const std::string& san) {
            const fen::Move move = san_move(p.pos, san);
            py::object played = chess_move(p.pos, move);
            push(p, move);
            return played;
          },
          py::arg("san"),
          "Plays a move given in SAN (read leniently: O-O or 0-0, e8=Q or e8Q, Ng1f3, ...) and "
          "returns it as a fenkit.Move. Raises ValueError for an illegal, ambiguous or "
          "unreadable move.")
      .def(
          "push_uci",
          [](PyPosition& p, const std::string& uci) {
            const fen::Move move = uci_move(p.pos, uci);
            py::object played = chess_move(p.pos, move);
            push(p, move);
            return played;
          },
          py::arg("uci"),
          "Plays a move given in UCI (e2e4, e7e8q; castling as e1g1 or king takes rook; 0000 "
          "the null move) and returns it as a fenkit.Move. Raises ValueError for an illegal "
          "move.")
      .def(
          "parse_san",
          [](const PyPosition& p, const std::string& san) { return chess_move(p.pos, san_move(p.pos, san)); },
          py::arg("san"), "The fenkit.Move of a SAN (ValueError when it is not a legal move).")
      .def(
          "parse_uci",
          [](const PyPosition& p, const std::string& uci) { return chess_move(p.pos, uci_move(p.pos, uci)); },
          py::arg("uci"), "The fenkit.Move of a UCI string (ValueError when it is not legal).")
      .def(
          "san",
          [](const PyPosition& p, const py::handle& move) {
            if (py::isinstance<py::str>(move)) return fen::to_san(p.pos, uci_move(p.pos, move.cast<std::string>()));
            return fen::to_san(p.pos, legal_move(p.pos, move));
          },
          py::arg("move"),
          "The canonical SAN of a legal fenkit.Move (not played); given a str, of the move that "
          "str names in UCI.")
      .def(
          "lan",
          [](const PyPosition& p, const py::handle& move) { return fen::to_lan(p.pos, legal_move(p.pos, move)); },
          py::arg("move"), "The long algebraic notation of a legal fenkit.Move (Ng1-f3, e4xd5).")
      .def(
          "uci",
          [](const PyPosition& p, const py::handle& move) {
            if (py::isinstance<py::str>(move)) return uci_of(p.pos, san_move(p.pos, move.cast<std::string>()));
            return uci_of(p.pos, legal_move(p.pos, move));
          },
          py::arg("move"),
          "The UCI of a legal fenkit.Move, as python-chess's uci(move); given a str, of the move "
          "that str names in SAN (fenkit's own older form: uci('Nf3') == 'g1f3').")
      // ---------------------------------------------------------------- What a move does
      .def(
          "gives_check",
          [](const PyPosition& p, const py::handle& move) {
            const fen::Move m = legal_move(p.pos, move);
            return !m.is_null() && p.pos.gives_check(m);
          },
          py::arg("move"))
      .def(
          "is_capture",
          [](const PyPosition& p, const py::handle& move) { return p.pos.is_capture(legal_move(p.pos, move)); },
          py::arg("move"))
      .def(
          "is_en_passant",
          [](const PyPosition& p, const py::handle& move) { return legal_move(p.pos, move).is_en_passant(); },
          py::arg("move"))
      .def(
          "is_castling",
          [](const PyPosition& p, const py::handle& move) { return legal_move(p.pos, move).is_castling(); },
          py::arg("move"))
      .def(
          "is_kingside_castling",
          [](const PyPosition& p, const py::handle& move) {
            const fen::Move m = legal_move(p.pos, move);
            return m.is_castling() && m.to() > m.from();
          },
          py::arg("move"))
      .def(
          "is_queenside_castling",
          [](const PyPosition& p, const py::handle& move) {
            const fen::Move m = legal_move(p.pos, move);
            return m.is_castling() && m.to() < m.from();
          },
          py::arg("move"))
      .def(
          "is_zeroing",
          [](const PyPosition& p, const py::handle& move) { return is_zeroing(p.pos, legal_move(p.pos, move)); },
          py::arg("move"), "Whether a move is a capture or a pawn move (the fifty-move count restarts).")
      // ---------------------------------------------------------------- Draw rules
      .def(
          "is_repetition",
          [](const PyPosition& p, int count) { return occurrences(p, p.pos, true) >= count; },
          py::arg("count") = 3,
          "Whether the position has stood `count` times in the moves pushed (the current one "
          "counted; castling and en-passant rights as FIDE counts them).")
      .def("is_fivefold_repetition", [](const PyPosition& p) { return occurrences(p, p.pos, true) >= 5; })
      .def("can_claim_threefold_repetition", &can_claim_threefold,
           "Whether the position has stood three times, or a move makes it stand so.")
      .def("is_fifty_moves", [](const PyPosition& p) { return is_halfmoves(p.pos, 100); },
           "Fifty moves by each side without a capture or pawn move, and a move to play.")
      .def("is_seventyfive_moves", [](const PyPosition& p) { return is_halfmoves(p.pos, 150); })
      .def("can_claim_fifty_moves", [](const PyPosition& p) { return can_claim_fifty(p.pos); },
           "Whether the fifty-move rule may be claimed now, or with the next move.")
      .def("can_claim_draw",
           [](const PyPosition& p) { return can_claim_fifty(p.pos) || can_claim_threefold(p); });
}

}  // namespace fenkit::python
