// The methods of fenkit.Position that Python loops call once per position or more (a script's
// material count calls pieces_mask ten times a position), as CPython methods instead of
// pybind11 functions: pybind11's dispatch (overloads, argument casters) costs some 150 ns a
// call, several times the work, and python-chess, plain Python, was cheaper than that. The
// answers are those of the pybind11 methods they replace (position.cpp documents them).
#include <pybind11/pybind11.h>

#include <structmember.h>

#include <bit>

#include "common.hpp"
#include "python_chess.hpp"

namespace fenkit::python {

namespace {

// The PyPosition of a fenkit.Position (or of a Python subclass's instance, fenkit.Board), or
// nullptr with TypeError set when its __init__ has not run.
PyPosition* position_of_self(PyObject* self) {
  auto* inst = reinterpret_cast<py::detail::instance*>(self);
  void* value = inst->simple_layout ? inst->simple_value_holder[0]
                                    : inst->get_value_and_holder().value_ptr();
  if (value == nullptr) PyErr_SetString(PyExc_TypeError, "fenkit.Position.__init__() was not called");
  return static_cast<PyPosition*>(value);
}

bool read_color(PyObject* object, fen::Color& color) {
  const int white = PyObject_IsTrue(object);
  if (white < 0) return false;
  color = white ? fen::Color::white : fen::Color::black;
  return true;
}

bool read_square(PyObject* object, fen::Square& square) {
  const long value = PyLong_AsLong(object);
  if (value == -1 && PyErr_Occurred()) return false;
  if (value < 0 || value > 63) {
    PyErr_Format(PyExc_IndexError, "no square %ld", value);
    return false;
  }
  square = fen::Square(value);
  return true;
}

bool arity(Py_ssize_t given, Py_ssize_t wanted, const char* name) {
  if (given == wanted) return true;
  PyErr_Format(PyExc_TypeError, "%s() takes %zd arguments (%zd given)", name, wanted, given);
  return false;
}

PyObject* pieces_mask(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
  if (!arity(nargs, 2, "pieces_mask")) return nullptr;
  PyPosition* p = position_of_self(self);
  if (p == nullptr) return nullptr;
  const long type = PyLong_AsLong(args[0]);
  if (type == -1 && PyErr_Occurred()) return nullptr;
  if (type < 1 || type > 6) {
    PyErr_Format(PyExc_ValueError, "no piece type %ld", type);
    return nullptr;
  }
  fen::Color color;
  if (!read_color(args[1], color)) return nullptr;
  return PyLong_FromUnsignedLongLong(p->pos.pieces(color, fen::PieceType(type - 1)));
}

PyObject* occupied_co(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
  if (!arity(nargs, 1, "occupied_co")) return nullptr;
  PyPosition* p = position_of_self(self);
  fen::Color color;
  if (p == nullptr || !read_color(args[0], color)) return nullptr;
  return PyLong_FromUnsignedLongLong(p->pos.pieces(color));
}

PyObject* is_check(PyObject* self, PyObject* const*, Py_ssize_t nargs) {
  if (!arity(nargs, 0, "is_check")) return nullptr;
  PyPosition* p = position_of_self(self);
  if (p == nullptr) return nullptr;
  return PyBool_FromLong(has_kings(p->pos) && p->pos.in_check());
}

PyObject* piece_type_at(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
  if (!arity(nargs, 1, "piece_type_at")) return nullptr;
  PyPosition* p = position_of_self(self);
  fen::Square square;
  if (p == nullptr || !read_square(args[0], square)) return nullptr;
  const fen::Piece piece = p->pos.piece_on(square);
  if (piece == fen::Piece::none) Py_RETURN_NONE;
  return PyLong_FromLong(fen::index_of(fen::type_of(piece)) + 1);
}

PyObject* color_at(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
  if (!arity(nargs, 1, "color_at")) return nullptr;
  PyPosition* p = position_of_self(self);
  fen::Square square;
  if (p == nullptr || !read_square(args[0], square)) return nullptr;
  const fen::Piece piece = p->pos.piece_on(square);
  if (piece == fen::Piece::none) Py_RETURN_NONE;
  return PyBool_FromLong(fen::color_of(piece) == fen::Color::white);
}

PyObject* turn(PyObject* self, void*) {
  PyPosition* p = position_of_self(self);
  if (p == nullptr) return nullptr;
  return PyBool_FromLong(p->pos.side_to_move() == fen::Color::white);
}

PyObject* occupied(PyObject* self, void*) {
  PyPosition* p = position_of_self(self);
  if (p == nullptr) return nullptr;
  return PyLong_FromUnsignedLongLong(p->pos.occupied());
}

PyObject* halfmove_clock(PyObject* self, void*) {
  PyPosition* p = position_of_self(self);
  if (p == nullptr) return nullptr;
  return PyLong_FromLong(p->pos.halfmove_clock());
}

PyObject* fullmove_number(PyObject* self, void*) {
  PyPosition* p = position_of_self(self);
  if (p == nullptr) return nullptr;
  return PyLong_FromLong(p->pos.fullmove_number());
}

// Setters of the state fenkit.Board lets a program change (python-chess's attributes).
int set_turn(PyObject* self, PyObject* value, void*) {
  PyPosition* p = position_of_self(self);
  fen::Color color;
  if (p == nullptr || value == nullptr || !read_color(value, color)) {
    if (value == nullptr) PyErr_SetString(PyExc_AttributeError, "turn cannot be deleted");
    return -1;
  }
  p->pos.set_side_to_move(color);
  return 0;
}

int set_counter(PyObject* self, PyObject* value, bool fullmove) {
  PyPosition* p = position_of_self(self);
  if (p == nullptr) return -1;
  if (value == nullptr) {
    PyErr_SetString(PyExc_AttributeError, "a move counter cannot be deleted");
    return -1;
  }
  const long n = PyLong_AsLong(value);
  if (n == -1 && PyErr_Occurred()) return -1;
  if (fullmove) p->pos.set_fullmove_number(int(std::max(n, 1L)));
  else p->pos.set_halfmove_clock(int(std::max(n, 0L)));
  return 0;
}

int set_halfmove_clock(PyObject* self, PyObject* value, void*) { return set_counter(self, value, false); }
int set_fullmove_number(PyObject* self, PyObject* value, void*) { return set_counter(self, value, true); }

// fenkit.SquareSet, and where its one slot (`mask`) lies in an instance: Board.pieces makes
// them without running SquareSet.__init__ (a material count makes ten a position).
PyTypeObject* square_set_type = nullptr;
Py_ssize_t square_set_mask_offset = 0;

PyObject* pieces(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
  PyObject* mask = pieces_mask(self, args, nargs);
  if (mask == nullptr) return nullptr;
  PyObject* squares = square_set_type->tp_alloc(square_set_type, 0);
  if (squares == nullptr) {
    Py_DECREF(mask);
    return nullptr;
  }
  *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(squares) + square_set_mask_offset) = mask;
  return squares;
}

// SquareSet.__len__: the mask's bits, counted without a Python frame.
PyObject* square_set_len(PyObject* self, PyObject* const*, Py_ssize_t nargs) {
  if (!arity(nargs, 0, "__len__")) return nullptr;
  PyObject* mask = *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(self) + square_set_mask_offset);
  if (mask == nullptr || !PyLong_Check(mask)) {
    PyErr_SetString(PyExc_TypeError, "SquareSet.mask must be an int");
    return nullptr;
  }
  const unsigned long long bits = PyLong_AsUnsignedLongLongMask(mask);
  return PyLong_FromLong(std::popcount(bits));
}

PyMethodDef kSquareSetMethods[] = {
    {"__len__", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(square_set_len)), METH_FASTCALL,
     "The number of squares in the set."},
};

// Board.push: a legal move (or the null move out of check) is played here; any other goes to
// Board._push_any, which plays it as python-chess would.
PyObject* board_push(PyObject* self, PyObject* const* args, Py_ssize_t nargs) {
  if (!arity(nargs, 1, "push")) return nullptr;
  PyPosition* p = position_of_self(self);
  if (p == nullptr) return nullptr;
  fen::Move move;
  try {
    move = move_of(p->pos, args[0]);
  } catch (py::error_already_set& e) {
    e.restore();
    return nullptr;
  } catch (const std::exception& e) {
    PyErr_SetString(PyExc_ValueError, e.what());
    return nullptr;
  }
  if (!move || (move.is_null() && p->pos.in_check())) {
    if (PyObject_Not(args[0]) == 1) {  // the null move in check
      PyErr_SetString(PyExc_ValueError, "illegal move: the null move in check");
      return nullptr;
    }
    PyObject* from = PyObject_GetAttrString(args[0], "from_square");
    PyObject* to = PyObject_GetAttrString(args[0], "to_square");
    PyObject* promotion = PyObject_GetAttrString(args[0], "promotion");
    PyObject* result = from && to && promotion
                           ? PyObject_CallMethod(self, "_push_any", "OOO", from, to, promotion)
                           : nullptr;
    Py_XDECREF(from);
    Py_XDECREF(to);
    Py_XDECREF(promotion);
    return result;
  }
  p->stack.push_back({move, p->pos});
  if (move.is_null()) p->pos.play_null();
  else p->pos.play_unchecked(move);
  Py_RETURN_NONE;
}

PyMethodDef kBoardMethods[] = {
    {"push", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(board_push)), METH_FASTCALL,
     "Plays a move and puts it on the move stack; as python-chess's, a move that is not legal "
     "is played as it says (check with is_legal() first)."},
    {"pieces", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(pieces)), METH_FASTCALL,
     "The squares of the pieces of a type and colour, as a SquareSet."},
};

PyMethodDef kMethods[] = {
    {"pieces_mask", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(pieces_mask)),
     METH_FASTCALL, "The squares of the pieces of a type and colour as a 64-bit mask."},
    {"occupied_co", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(occupied_co)),
     METH_FASTCALL, "The squares of one colour's pieces as a 64-bit mask."},
    {"is_check", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(is_check)), METH_FASTCALL,
     "Whether the side to move is in check."},
    {"piece_type_at", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(piece_type_at)),
     METH_FASTCALL, "The type of the piece on a square (PAWN .. KING), or None."},
    {"color_at", reinterpret_cast<PyCFunction>(reinterpret_cast<void (*)()>(color_at)), METH_FASTCALL,
     "The colour of the piece on a square, or None."},
};

PyGetSetDef kPositionState[] = {
    {"turn", turn, nullptr, "True (fenkit.WHITE) when White is to move.", nullptr},
    {"occupied", occupied, nullptr, "The occupied squares as a 64-bit mask.", nullptr},
    {"halfmove_clock", halfmove_clock, nullptr, "Half-moves since the last capture or pawn move.", nullptr},
    {"fullmove_number", fullmove_number, nullptr, "The number of the move, from 1.", nullptr},
};

PyGetSetDef kBoardState[] = {
    {"turn", turn, set_turn, "The side to move (WHITE or BLACK).", nullptr},
    {"halfmove_clock", halfmove_clock, set_halfmove_clock, "Half-moves since the last capture or pawn move.",
     nullptr},
    {"fullmove_number", fullmove_number, set_fullmove_number, "The number of the move, from 1.", nullptr},
};

void install(PyObject* type, PyObject* descriptor, const char* name) {
  if (descriptor == nullptr || PyObject_SetAttrString(type, name, descriptor) < 0) {
    Py_XDECREF(descriptor);
    throw py::error_already_set();
  }
  Py_DECREF(descriptor);
}

}  // namespace

void add_position_fast(py::module_& m, py::class_<PyPosition>& cls) {
  auto* type = reinterpret_cast<PyTypeObject*>(cls.ptr());
  for (PyMethodDef& def : kMethods) install(cls.ptr(), PyDescr_NewMethod(type, &def), def.ml_name);
  for (PyGetSetDef& def : kPositionState) install(cls.ptr(), PyDescr_NewGetSet(type, &def), def.name);
  // fenkit.Board's settable state: descriptors of the same speed on the class it names.
  m.def("_install_board_state", [](const py::type& board, const py::type& square_set) {
    auto* board_type = reinterpret_cast<PyTypeObject*>(board.ptr());
    for (PyGetSetDef& def : kBoardState) install(board.ptr(), PyDescr_NewGetSet(board_type, &def), def.name);
    // SquareSet's slot: a member descriptor of an object pointer, whose offset is fixed.
    const py::object slot = square_set.attr("__dict__")["mask"];
    if (Py_TYPE(slot.ptr()) != &PyMemberDescr_Type) throw py::type_error("SquareSet.mask is not a slot");
    const PyMemberDef* member = reinterpret_cast<PyMemberDescrObject*>(slot.ptr())->d_member;
    if (member->type != T_OBJECT_EX) throw py::type_error("SquareSet.mask is not an object slot");
    square_set_type = reinterpret_cast<PyTypeObject*>(square_set.ptr());
    Py_INCREF(square_set_type);
    square_set_mask_offset = member->offset;
    for (PyMethodDef& def : kBoardMethods) install(board.ptr(), PyDescr_NewMethod(board_type, &def), def.ml_name);
    for (PyMethodDef& def : kSquareSetMethods)
      install(square_set.ptr(), PyDescr_NewMethod(square_set_type, &def), def.ml_name);
  });
}

}  // namespace fenkit::python
