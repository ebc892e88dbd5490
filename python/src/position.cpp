// fenkit.Position: a chess position (libfen) with python-chess's names and meanings: the board,
// the state, FEN and EPD, attacks and checks. Moves and the history are in position_moves.cpp.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include "common.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/printable.hpp"
#include "python_chess.hpp"
#include "fenkit/fen/game_end.hpp"

namespace fenkit::python {

fen::Position position_of(const py::handle& object) {
  if (py::isinstance<PyPosition>(object)) return object.cast<const PyPosition&>().pos;
  if (py::isinstance<py::str>(object)) return read_position(object.cast<std::string>(), false);
  throw py::type_error("a fenkit.Position or a FEN string is needed");
}

fen::Position read_position(const std::string& text, bool chess960, fen::Variant variant) {
  fen::Position pos;
  if (const fen::FenError e =
          fen::read_fen(text, pos, {.lenient = true, .chess960 = chess960, .variant = variant}))
    throw py::value_error("invalid FEN '" + fen::printable(text, 120) + "': " + e.message());
  return pos;
}

namespace {

// The variant a name gives (any name fenkit knows: "crazyhouse", "3check", "King of the Hill").
fen::VariantName variant_named(const std::string& name) {
  const std::optional<fen::VariantName> found = fen::find_variant(name);
  if (!found) throw py::value_error("unsupported variant: " + name);
  return *found;
}

// A list indexed by colour as python-chess's are (list[WHITE] is list[1]).
template <typename F>
py::list by_color(F of) {
  py::list out;
  out.append(of(fen::Color::black));
  out.append(of(fen::Color::white));
  return out;
}

// What the variant's own end gives: "1-0", "0-1", "1/2-1/2", or "" while it has not come.
std::string_view variant_result(const fen::Position& pos) {
  if (!pos.is_variant_end() && !(pos.variant() == fen::Variant::antichess && !pos.has_legal_moves()))
    return "";
  return fen::result_text(fen::outcome_on_board(pos));
}

// The default of Position(fen=...): an object of its own, so that None can be told from it.
const py::handle kNoFen = py::str("<start position>").release();

fen::Square square_of(int square) {
  if (square < 0 || square > 63) throw py::index_error("no square " + std::to_string(square));
  return fen::Square(square);
}

fen::Color color_of(bool white) { return white ? fen::Color::white : fen::Color::black; }

fen::PieceType piece_type_of(int type) {
  if (type < 1 || type > 6) throw py::value_error("no piece type " + std::to_string(type));
  return fen::PieceType(type - 1);
}

// The position seen from the other side: ranks reversed, colours swapped (python-chess's
// mirror()); the clocks stay.
fen::Position mirrored(const fen::Position& pos) {
  fen::Position out = fen::Position::empty();
  for (int s = 0; s < 64; ++s) {
    const fen::Piece p = pos.piece_on(fen::Square(s));
    if (p != fen::Piece::none)
      out.put_piece(fen::make_piece(~fen::color_of(p), fen::type_of(p)), fen::Square(s ^ 56));
  }
  out.set_side_to_move(~pos.side_to_move());
  fen::CastlingRights rights;
  for (fen::Color c : {fen::Color::white, fen::Color::black})
    for (fen::CastlingSide side : {fen::CastlingSide::king_side, fen::CastlingSide::queen_side})
      if (pos.castling().has(c, side))
        rights.set(~c, side, fen::Square(pos.castling().rook_square(c, side) ^ 56));
  out.set_castling(rights);
  if (pos.en_passant() != fen::no_square) out.set_en_passant(fen::Square(pos.en_passant() ^ 56));
  out.set_halfmove_clock(pos.halfmove_clock());
  out.set_fullmove_number(pos.fullmove_number());
  out.set_chess960(pos.is_chess960());
  return out;
}

// python-chess's castling_rights mask (the rooks that keep a right) as libfen's rights: a rook
// of the mask on its side's back rank, with its king on that rank, castles on the king's side
// it stands on; the outermost rook counts where two stand on one side. In standard chess only
// the corner rooks with the king on the e-file (as python-chess cleans its rights).
fen::CastlingRights castling_of(const fen::Position& pos, std::uint64_t rooks) {
  fen::CastlingRights rights;
  for (fen::Color c : {fen::Color::white, fen::Color::black}) {
    const int rank = c == fen::Color::white ? 0 : 7;
    const fen::Square king = pos.king_square(c);
    if (king == fen::no_square || int(king) / 8 != rank) continue;
    const int king_file = int(king) % 8;
    if (!pos.is_chess960() && king_file != 4) continue;
    const std::uint64_t own = rooks & pos.pieces(c, fen::PieceType::rook) & (0xFFull << (8 * rank));
    for (int file = 0; file < 8; ++file) {
      if (!(own >> (8 * rank + file) & 1)) continue;
      if (!pos.is_chess960() && file != 0 && file != 7) continue;
      const fen::Square rook = fen::Square(8 * rank + file);
      if (file < king_file) {
        if (!rights.has(c, fen::CastlingSide::queen_side)) rights.set(c, fen::CastlingSide::queen_side, rook);
      } else if (file > king_file) {
        rights.set(c, fen::CastlingSide::king_side, rook);  // the last, outermost, stays
      }
    }
  }
  return rights;
}

// python-chess's str(board): eight rows of letters and dots, a8 first.
std::string diagram(const fen::Position& pos) {
  std::string out;
  for (int rank = 7; rank >= 0; --rank) {
    for (int file = 0; file < 8; ++file) {
      const fen::Piece p = pos.piece_on(fen::Square(rank * 8 + file));
      out += p == fen::Piece::none ? '.' : fen::piece_char(p);
      out += file == 7 ? '\n' : ' ';
    }
  }
  out.pop_back();
  return out;
}

std::string board_fen(const fen::Position& pos) {
  const std::string text = fen::to_fen(pos);
  return text.substr(0, text.find(' '));
}

}  // namespace

void add_position(py::module_& m) {
  py::class_<PyPosition> cls(m, "Position", R"doc(
A chess position: board, side to move, castling rights, en-passant square and clocks, and the
moves pushed onto it (move_stack), with python-chess's Board's names and meanings.

Position() is the standard starting position; Position(fen) reads a FEN (six fields, or four
or five as in EPD; castling as KQkq, X-FEN or Shredder-FEN). An invalid FEN raises ValueError
naming the problem ("white has no king", "rank 3 has more than 8 squares", ...), so a Position
is always valid. Moves are checked: an illegal or ambiguous move raises ValueError with the
library's message and leaves the position as it was.

Squares are 0-63 from a1 (fenkit.A1 .. fenkit.H8), colours fenkit.WHITE and fenkit.BLACK,
piece types fenkit.PAWN .. fenkit.KING, pieces fenkit.Piece, moves fenkit.Move, sets of squares
fenkit.SquareSet (a 64-bit mask), as in python-chess.

Chess960: a FEN whose castling rights need it (a king off the e-file, inner rooks, Shredder
letters) is read as Chess960; chess960=True reads any FEN so (the standard array is one of
the 960), as python-chess's Board(fen, chess960=True).

Positions are values: copy() (or copy.copy) makes an independent one, with its move stack;
== compares them as python-chess compares boards (an en-passant square counts only where the
capture is legal; the move stacks do not count); the hash is the Polyglot key, so a position
changed after it went into a set or dict is not found there again; they pickle with their
move stack. fenkit.Board is python-chess's Board over this class (editable, its defaults).)doc");
  cls.def(py::init([](const py::object& text, bool chess960, const std::string& variant_text) {
            const fen::VariantName variant = variant_named(variant_text);
            chess960 = chess960 || variant.chess960;
            // Position() is the start position; Position(None) is refused rather than taken
            // for it, since python-chess's Board(None) is an empty board (fenkit.Board(None)).
            if (text.is(kNoFen)) {
              PyPosition p;
              if (variant.variant != fen::Variant::standard)
                p.pos = read_position(std::string(fen::variant_start_fen(variant.variant)), false,
                                      variant.variant);
              p.pos.set_chess960(chess960);
              return p;
            }
            if (text.is_none())
              throw py::value_error("Position(None): a Position needs a FEN (Position() is the start "
                                    "position; fenkit.Board(None) is python-chess's empty board)");
            return PyPosition{read_position(text.cast<std::string>(), chess960, variant.variant), {}};
          }),
          py::arg("fen") = kNoFen, py::arg("chess960") = false, py::arg("variant") = "standard",
          "The position of a FEN, or the starting position when none is given; chess960=True "
          "reads castling as Chess960; variant names the rules (crazyhouse, threecheck, atomic, "
          "antichess, kingofthehill, racingkings, horde, or any name python-chess or lichess "
          "gives them), whose FEN forms are read (a crazyhouse pocket, three-check's checks).")
      // ---------------------------------------------------------------- FEN and EPD
      .def(
          "fen",
          [](const PyPosition& p, const std::string& ep) {
            return fen::to_fen(p.pos, {.ep = ep_mode(ep)});
          },
          py::arg("ep") = "standard",
          "The FEN. ep='standard' writes the en-passant square after every double pawn push "
          "(the PGN standard; python-chess's en_passant='fen'); ep='legal' only when an "
          "en-passant capture is legal (python-chess's default, lichess).")
      .def(
          "epd",
          [](const PyPosition& p, const std::string& ep) {
            const std::string text = fen::to_fen(p.pos, {.ep = ep_mode(ep)});
            std::size_t end = text.size();
            for (int i = 0; i < 2; ++i) end = text.rfind(' ', end - 1);
            return text.substr(0, end);
          },
          py::arg("ep") = "standard", "The four fields of the FEN (an EPD record without operations).")
      .def("board_fen", [](const PyPosition& p) { return board_fen(p.pos); },
           "The FEN's first field: the pieces.")
      .def(
          "set_fen",
          [](PyPosition& p, const std::string& text) {
            p.pos = read_position(text, p.pos.is_chess960(), p.pos.variant());
            p.stack.clear();
          },
          py::arg("fen"), "Sets the position from a FEN and clears the move stack.")
      .def(
          "reset",
          [](PyPosition& p) {
            const bool chess960 = p.pos.is_chess960();
            const fen::Variant variant = p.pos.variant();
            p = PyPosition{};
            if (variant != fen::Variant::standard)
              p.pos = read_position(std::string(fen::variant_start_fen(variant)), false, variant);
            p.pos.set_chess960(chess960);
          },
          "The starting position (of the position's variant) again, with an empty move stack.")
      // ---------------------------------------------------------------- State
      // (turn, the clocks, occupied, occupied_co, pieces_mask, piece_type_at, color_at and
      // is_check are in position_fast.cpp: CPython methods, for loops that call them per move.)
      .def_property_readonly("chess960", [](const PyPosition& p) { return p.pos.is_chess960(); },
                             "Whether the position is a Chess960 one (castling in X-FEN).")
      // ---------------------------------------------------------------- Variant
      .def_property_readonly(
          "variant", [](const PyPosition& p) { return std::string(fen::variant_key(p.pos.variant())); },
          "The rules: 'standard', 'crazyhouse', 'threecheck', 'atomic', 'antichess', "
          "'kingofthehill', 'racingkings' or 'horde'.")
      .def_property_readonly(
          "_pocket_counts",
          [](const PyPosition& p) {
            return by_color([&](fen::Color c) {
              const fen::Pocket& pocket = p.pos.pocket(c);
              return py::make_tuple(pocket.count[0], pocket.count[1], pocket.count[2],
                                    pocket.count[3], pocket.count[4]);
            });
          },
          "Crazyhouse: the pieces in hand, [black, white] (indexed by colour), each as counts "
          "of pawns, knights, bishops, rooks and queens.")
      .def("_set_pocket",
           [](PyPosition& p, bool white, const std::vector<int>& counts) {
             fen::Pocket pocket;
             for (std::size_t i = 0; i < 5 && i < counts.size(); ++i)
               pocket.count[i] = std::uint8_t(std::clamp(counts[i], 0, 255));
             const std::size_t total =
                 std::size_t(pocket.size()) + std::size_t(p.pos.pocket(color_of(!white)).size());
             if (total > fen::kMaxPocketPieces)
               throw py::value_error("the pockets hold at most " +
                                     std::to_string(fen::kMaxPocketPieces) + " pieces together");
             p.pos.set_pocket(color_of(white), pocket);
           })
      .def_property_readonly(
          "remaining_checks",
          [](const PyPosition& p) {
            return by_color([&](fen::Color c) { return p.pos.remaining_checks(c); });
          },
          "Three-check: the checks each side has still to give, [black, white] (indexed by "
          "colour: remaining_checks[WHITE]).")
      .def("_set_remaining_checks",
           [](PyPosition& p, bool white, int n) {
             p.pos.set_remaining_checks(color_of(white), std::clamp(n, 0, 3));
           })
      .def_property_readonly("_promoted_mask", [](const PyPosition& p) { return p.pos.promoted(); })
      .def("_insufficient_material",
           [](const PyPosition& p, bool white) {
             return fen::has_insufficient_material(p.pos, color_of(white));
           })
      .def("_set_variant",
           [](PyPosition& p, const std::string& name) { p.pos.set_variant(variant_named(name).variant); })
      .def("is_variant_end", [](const PyPosition& p) { return p.pos.is_variant_end(); },
           "Whether the variant's own end has come (a king on the hill, the third check, an "
           "exploded king, a side without pieces, a race won); no move follows.")
      .def("is_variant_win",
           [](const PyPosition& p) {
             const std::string_view r = variant_result(p.pos);
             return r == (p.pos.side_to_move() == fen::Color::white ? "1-0" : "0-1");
           },
           "Whether the side to move has won by the variant's rules.")
      .def("is_variant_loss",
           [](const PyPosition& p) {
             const std::string_view r = variant_result(p.pos);
             return r == (p.pos.side_to_move() == fen::Color::white ? "0-1" : "1-0");
           },
           "Whether the side to move has lost by the variant's rules (not by checkmate).")
      .def("is_variant_draw",
           [](const PyPosition& p) { return variant_result(p.pos) == "1/2-1/2"; },
           "Whether the variant's rules have drawn the game.")
      .def_property_readonly(
          "ep_square",
          [](const PyPosition& p) -> std::optional<int> {
            if (p.pos.en_passant() == fen::no_square) return std::nullopt;
            return int(p.pos.en_passant());
          },
          "The square behind a pawn that has just made a double step, or None (whether or not "
          "a capture there is possible, as python-chess's ep_square).")
      .def("has_legal_en_passant",
           [](const PyPosition& p) { return p.pos.legal_en_passant() != fen::no_square; },
           "Whether an en-passant capture is legal now.")
      .def_property_readonly(
          "castling_rights", [](const PyPosition& p) { return p.pos.castling().rook_squares(); },
          "The mask of the rooks with a castling right (BB_A1 | BB_H1 | BB_A8 | BB_H8 at the "
          "start), as python-chess's castling_rights.")
      .def(
          "has_castling_rights",
          [](const PyPosition& p, bool color) { return p.pos.castling().has_any(color_of(color)); },
          py::arg("color"))
      .def(
          "has_kingside_castling_rights",
          [](const PyPosition& p, bool color) {
            return p.pos.castling().has(color_of(color), fen::CastlingSide::king_side);
          },
          py::arg("color"))
      .def(
          "has_queenside_castling_rights",
          [](const PyPosition& p, bool color) {
            return p.pos.castling().has(color_of(color), fen::CastlingSide::queen_side);
          },
          py::arg("color"))
      // ---------------------------------------------------------------- Board
      .def(
          "piece_at",
          [](const PyPosition& p, int square) -> py::object {
            const fen::Piece piece = p.pos.piece_on(square_of(square));
            if (piece == fen::Piece::none) return py::none();
            return chess_piece(piece);
          },
          py::arg("square"), "The fenkit.Piece on a square, or None.")
      .def(
          "piece_map",
          [](const PyPosition& p) {
            py::dict out;
            for (int s = 0; s < 64; ++s)
              if (const fen::Piece piece = p.pos.piece_on(fen::Square(s)); piece != fen::Piece::none)
                out[py::int_(s)] = chess_piece(piece);
            return out;
          },
          "A dict of the pieces by square, a1 first.")
      .def(
          "planes",
          [](const PyPosition& p) {
            py::array_t<std::uint64_t> out(12);
            std::uint64_t* data = out.mutable_data();
            for (fen::Color color : {fen::Color::white, fen::Color::black})
              for (int type = 0; type < 6; ++type) *data++ = p.pos.pieces(color, fen::PieceType(type));
            return out;
          },
          "The board as twelve 64-bit masks (NumPy uint64): White's pawns, knights, bishops, "
          "rooks, queens and king, then Black's; bit n for square n (pieces_mask's order; "
          "replay(planes=True) gives them per position).")
      .def(
          "king",
          [](const PyPosition& p, bool color) -> std::optional<int> {
            const fen::Square s = p.pos.king_square(color_of(color));
            if (s == fen::no_square) return std::nullopt;
            return int(s);
          },
          py::arg("color"), "The square of a colour's king.")
      // ---------------------------------------------------------------- Attacks and checks
      .def("checkers_mask", [](const PyPosition& p) { return has_kings(p.pos) ? p.pos.checkers() : 0; },
           "The pieces that give check, as a 64-bit mask (checkers() as a SquareSet).")
      .def(
          "attackers_mask",
          [](const PyPosition& p, bool color, int square) {
            return p.pos.attackers_to(square_of(square)) & p.pos.pieces(color_of(color));
          },
          py::arg("color"), py::arg("square"),
          "The pieces of a colour that attack a square, as a 64-bit mask (attackers() as a "
          "SquareSet).")
      .def(
          "is_attacked_by",
          [](const PyPosition& p, bool color, int square) {
            return p.pos.attacked_by(color_of(color), square_of(square));
          },
          py::arg("color"), py::arg("square"))
      .def("is_checkmate", [](const PyPosition& p) { return has_kings(p.pos) && p.pos.is_checkmate(); },
           "Whether the side to move is mated.")
      .def("is_stalemate", [](const PyPosition& p) { return has_kings(p.pos) && p.pos.is_stalemate(); },
           "Whether the side to move has no legal move and is not in check.")
      .def("is_insufficient_material",
           [](const PyPosition& p) { return p.pos.has_insufficient_material(); },
           "Whether neither side can ever mate (K v K, K+minor v K, bishops on one colour).")
      .def("is_valid", [](const PyPosition&) { return true; },
           "Always True: a Position is validated when its FEN is read (an invalid one raises "
           "ValueError), and checked moves keep it valid.")
      .def("status", [](const PyPosition&) { return 0; },
           "0 (python-chess's STATUS_VALID): see is_valid().")
      // ---------------------------------------------------------------- Edits
      // fenkit.Board's setters (python-chess's set_piece_at, turn = ..., ...): plain edits,
      // not validated, as python-chess's board lets any arrangement stand (status() judges it).
      .def(
          "_assign",
          [](PyPosition& p, const PyPosition& other, bool stack) {
            p.pos = other.pos;
            if (stack) p.stack = other.stack;
            else p.stack.clear();
          },
          py::arg("other"), py::arg("stack") = true)
      .def(
          "_set_piece",
          [](PyPosition& p, int square, int piece_type, bool color) {
            const fen::Square s = square_of(square);
            p.pos.remove_piece(s);
            if (piece_type != 0) p.pos.put_piece(fen::make_piece(color_of(color), piece_type_of(piece_type)), s);
          },
          py::arg("square"), py::arg("piece_type"), py::arg("color"))
      .def("_set_turn", [](PyPosition& p, bool white) { p.pos.set_side_to_move(color_of(white)); })
      .def("_set_castling_mask", [](PyPosition& p, std::uint64_t rooks) { p.pos.set_castling(castling_of(p.pos, rooks)); })
      .def("_set_ep_square",
           [](PyPosition& p, std::optional<int> square) {
             p.pos.set_en_passant(square ? square_of(*square) : fen::no_square);
           })
      .def("_set_halfmove_clock", [](PyPosition& p, int n) { p.pos.set_halfmove_clock(std::max(n, 0)); })
      .def("_set_fullmove_number", [](PyPosition& p, int n) { p.pos.set_fullmove_number(std::max(n, 1)); })
      .def("_set_chess960", [](PyPosition& p, bool on) { p.pos.set_chess960(on); })
      .def("_clear_stack", [](PyPosition& p) { p.stack.clear(); })
      .def(
          "_attacks_mask",
          [](const PyPosition& p, int square) {
            // The squares whose attackers include the piece: libfen answers "who attacks
            // here", so the question is asked of every square.
            const fen::Square from = square_of(square);
            std::uint64_t out = 0;
            if (p.pos.piece_on(from) == fen::Piece::none) return out;
            for (int to = 0; to < 64; ++to)
              if (to != square && (p.pos.attackers_to(fen::Square(to)) >> square & 1)) out |= std::uint64_t{1} << to;
            return out;
          },
          py::arg("square"))
      .def("_has_kings",
           [](const PyPosition& p) { return has_kings(p.pos); },
           "Whether each side has exactly one king (moves are generated only then).")
      // ---------------------------------------------------------------- Values
      .def(
          "polyglot_key", [](const PyPosition& p) { return fen::polyglot_key(p.pos); },
          "The 64-bit Polyglot key (the key of .bin opening books).")
      .def("mirror", [](const PyPosition& p) { return PyPosition{mirrored(p.pos), {}}; },
           "The position seen from the other side: the board turned upside down, the colours "
           "of the pieces, the side to move, the castling rights and the en-passant square "
           "swapped (as python-chess's mirror(); no move stack).")
      .def(
          "copy",
          [](const PyPosition& p, bool stack) { return stack ? p : PyPosition{p.pos, {}}; },
          py::arg("stack") = true, "An independent copy (with the move stack unless stack=False).")
      .def("__copy__", [](const PyPosition& p) { return p; })
      .def("__deepcopy__", [](const PyPosition& p, const py::dict&) { return p; }, py::arg("memo"))
      .def(
          "__eq__",
          [](const PyPosition& a, const py::object& other) -> py::object {
            if (!py::isinstance<PyPosition>(other))
              return py::reinterpret_borrow<py::object>(Py_NotImplemented);
            // An en-passant square counts only where a capture is legal there, as in
            // python-chess and the Polyglot key (the hash): a position reached by e4 equals
            // the one of a FEN that leaves the square out.
            const fen::Position& b = other.cast<const PyPosition&>().pos;
            const fen::FenWriteOptions legal{.ep = fen::EpMode::legal};
            return py::bool_(a.pos.is_chess960() == b.is_chess960() &&
                             a.pos.variant() == b.variant() &&
                             fen::to_fen(a.pos, legal) == fen::to_fen(b, legal));
          },
          py::arg("other"))
      .def("__hash__",
           [](const PyPosition& p) { return py::hash(py::int_(fen::polyglot_key(p.pos))); })
      .def("__str__", [](const PyPosition& p) { return diagram(p.pos); },
           "python-chess's diagram: eight rows of piece letters and dots, a8 first (fen() for "
           "the FEN).")
      .def("__repr__",
           [](const PyPosition& p) { return "Position('" + fen::to_fen(p.pos) + "')"; })
      .def(py::pickle(
          [](const PyPosition& p) -> py::object {
            // The position, and the moves of its stack from where the stack starts, so that a
            // loaded position can pop() and judge repetitions as the pickled one.
            py::list moves;
            for (const PyPosition::Played& played : p.stack) moves.append(played.move.bits());
            const fen::Position& root = p.stack.empty() ? p.pos : p.stack.front().before;
            return py::make_tuple(fen::to_fen(p.pos), p.pos.is_chess960(), fen::to_fen(root), moves,
                                  std::string(fen::variant_key(p.pos.variant())));
          },
          [](const py::object& state) {
            // Before the flag was kept, a position pickled as its FEN alone.
            if (py::isinstance<py::str>(state)) return PyPosition{position_of(state), {}};
            const auto fields = state.cast<py::tuple>();
            const bool chess960 = fields[1].cast<bool>();
            const fen::Variant variant =
                fields.size() > 4 ? variant_named(fields[4].cast<std::string>()).variant
                                  : fen::Variant::standard;
            PyPosition p{read_position(fields[0].cast<std::string>(), chess960, variant), {}};
            if (fields.size() < 4 || py::len(fields[3]) == 0) return p;
            // The stack is played again from its start; a move that does not play (a stack
            // of moves pushed on an edited board) leaves the position without its stack.
            PyPosition replayed{read_position(fields[2].cast<std::string>(), chess960, variant), {}};
            for (const py::handle bits : fields[3]) {
              const fen::Move move = fen::Move::from_bits(bits.cast<std::uint16_t>());
              if (!move.is_null() && !replayed.pos.is_legal_move(move)) return p;
              replayed.stack.push_back({move, replayed.pos});
              if (move.is_null()) replayed.pos.play_null();
              else replayed.pos.play_unchecked(move);
            }
            if (!(replayed.pos == p.pos)) return p;
            return replayed;
          }));
  add_position_moves(cls);
  add_position_fast(m, cls);  // the methods loops call per move
}

}  // namespace fenkit::python
