// What the parts of the Python module share: option words, paths, game selection from keyword
// arguments, and the functions that add each part to the module.
#pragma once

#include <pybind11/pybind11.h>

#include <bit>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/pgn/archive.hpp"
#include "fenkit/pgn/game_filter.hpp"

namespace fenkit::python {

namespace py = pybind11;

// "standard" or "legal" (ValueError otherwise).
fen::EpMode ep_mode(std::string_view word);

// A path from a str or os.PathLike.
std::string path_of(const py::handle& object);
// One path or a list of them.
std::vector<std::string> paths_of(const py::handle& object);

// fenkit.Position: a position, and the moves that led to it from where the history began
// (push, pop, move_stack and the repetition rules), each with the position before it.
struct PyPosition {
  struct Played {
    fen::Move move;
    fen::Position before;
  };
  fen::Position pos;
  std::vector<Played> stack;
};

// Whether each side has exactly one king: libfen generates moves, checks and mates only then
// (fenkit.Board, like python-chess's, lets any arrangement stand; such a board has no moves).
// Antichess, Atomic and Horde have their own rules for positions without a king.
inline bool has_kings(const fen::Position& pos) {
  const fen::Variant v = pos.variant();
  if (v == fen::Variant::antichess || v == fen::Variant::atomic || v == fen::Variant::horde)
    return true;
  return std::has_single_bit(pos.pieces(fen::Color::white, fen::PieceType::king)) &&
         std::has_single_bit(pos.pieces(fen::Color::black, fen::PieceType::king));
}

// Raises ValueError when the file at `path` cannot be read in byte ranges (compressed, UTF-16,
// not a regular file), OSError when it cannot be opened.
void require_byte_ranges(const std::string& path);

// A position from a fenkit.Position or a FEN string.
fen::Position position_of(const py::handle& object);

// The methods of fenkit.Position that play, list and judge moves (position_moves.cpp).
void add_position_moves(py::class_<PyPosition>& cls);
// The methods of fenkit.Position that loops call per position, as CPython methods
// (position_fast.cpp), and fenkit._install_board_state for fenkit.Board's settable state.
void add_position_fast(py::module_& m, py::class_<PyPosition>& cls);

// The UCI text of a legal move of `pos` (king takes rook in Chess960, as the program writes it).
std::string uci_of(const fen::Position& pos, fen::Move move);

// A str from UTF-8 bytes (invalid bytes, which the readers do not let through, as surrogates).
py::str str_of(std::string_view text);
// Raises `type` (PyExc_ValueError ...) with a message that may hold a file name that is not
// UTF-8 (its bytes as surrogates, as os.fsdecode has them).
[[noreturn]] void raise_error(PyObject* type, std::string_view message);
// The lines of a report (pgn::ChunkReport::lines), and the first error among them.
std::vector<std::string> split_lines(const std::string& lines);
std::string first_error(const std::string& lines);
// Lines of text as a list of str (as str_of).
py::list str_list(const std::vector<std::string>& lines);

// The game selection from keyword arguments named as pgn::SelectionCriteria's criteria (the
// program's options) with '_' for '-': player="Carlsen", min_elo=2500, result=["1-0", "0-1"],
// regex=True, ... A list gives a criterion several values; a bool sets a flag. Throws
// ValueError with the library's message for a value it cannot take, TypeError for a name that
// is no criterion.
pgn::GameFilter filter_from_kwargs(const py::dict& kwargs);
// The names filter_from_kwargs takes (for the docstrings and errors).
std::vector<std::string> selection_names();

void add_position(py::module_& m);
void add_games(py::module_& m);
// fenkit.pgn's reading of [%eval], [%clk] and [%emt] (comment_commands.cpp).
void add_comment_commands(py::module_& m);
void add_replay(py::module_& m);
void add_book(py::module_& m);
void add_string_packing(py::module_& m);
void add_fixed_width_text(py::module_& m);
void add_column_packing(py::module_& m);
void add_row_packing(py::module_& m);

// Inputs that could not be opened or broke off: kept, and raised as OSError at the end.
class CollectingEvents : public pgn::ArchiveEvents {
 public:
  void failed(std::string_view name, std::string_view message) override {
    if (!failures.empty()) failures += "; ";
    failures.append(name).append(": ").append(message);
  }
  std::string failures;
};

}  // namespace fenkit::python
