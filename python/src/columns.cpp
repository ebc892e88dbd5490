#include "columns.hpp"

#include <pybind11/numpy.h>

#include <cstring>
#include <utility>

namespace fenkit::python {

pgn::PositionColumns ColumnsPool::take() {
  std::lock_guard lock(mutex_);
  if (free_.empty()) return pgn::PositionColumns();
  pgn::PositionColumns columns = std::move(free_.back());
  free_.pop_back();
  return columns;
}

void ColumnsPool::give(pgn::PositionColumns columns) {
  columns.clear();
  std::lock_guard lock(mutex_);
  free_.push_back(std::move(columns));
}

bool is_ascii(std::string_view text) {
  for (char c : text)
    if (static_cast<unsigned char>(c) >= 0x80) return false;
  return true;
}

ColumnBuilder::ColumnBuilder(std::vector<ColumnSpec> specs)
    : specs_(std::move(specs)), columns_(specs_.size()) {
  // Object columns start with a slot for their length, which the owner of their NumPy array
  // needs (arrays()); null until then.
  for (Column& column : columns_) {
    column.objects.reserve_more(1);
    column.objects.push_back(nullptr);
  }
}

ColumnBuilder::~ColumnBuilder() { release(); }

void ColumnBuilder::release() {
  for (Column& column : columns_) {
    flush_references(column);
    for (PyObject* o : column.objects) Py_XDECREF(o);
    column.objects.clear();
    for (PyObject* o : column.numbered) Py_DECREF(o);
    column.numbered.clear();
    column.references.clear();
    column.numbers = TextNumbers();
  }
}

NumberedTexts& NumberedMoves::of(ColumnSource source) {
  switch (source) {
    case ColumnSource::san: return san;
    case ColumnSource::uci: return uci;
    case ColumnSource::next_san: return next_san;
    case ColumnSource::next_uci: return next_uci;
    default: break;
  }
  throw std::logic_error("not a column of moves");
}

namespace {

PyObject* make_str(std::string_view text, bool ascii) {
  PyObject* s;
  if (ascii || is_ascii(text)) {
    s = PyUnicode_New(Py_ssize_t(text.size()), 127);
    if (s && !text.empty()) std::memcpy(PyUnicode_DATA(s), text.data(), text.size());
  } else {
    s = PyUnicode_DecodeUTF8(text.data(), Py_ssize_t(text.size()), "surrogateescape");
  }
  if (!s) throw py::error_already_set();
  return s;
}

}  // namespace

PyObject* ColumnBuilder::text_object(const ColumnSpec& spec, Column& column,
                                     std::string_view text) {
  if (spec.interned()) return interned(column, text, spec.ascii());
  if (spec.repeats() && column.last && column.last_text == text) {
    Py_INCREF(column.last);
    return column.last;
  }
  PyObject* s = make_str(text, spec.ascii());
  if (spec.repeats()) {
    column.last_text.assign(text);
    column.last = s;
  }
  return s;
}

void ColumnBuilder::flush_references(Column& column) {
  for (std::size_t n = 0; n < column.references.size(); ++n) {
    if (column.references[n]) {
      PyObject* o = column.numbered[n];
      Py_SET_REFCNT(o, Py_REFCNT(o) + column.references[n]);
    }
    column.references[n] = 0;
  }
}

PyObject* ColumnBuilder::interned(Column& column, std::string_view text, bool ascii) {
  bool added;
  const std::uint32_t n = column.numbers.number(text, added);
  if (added) {
    column.numbered.push_back(make_str(text, ascii));
    column.references.push_back(0);
  }
  ++column.references[n];
  return column.numbered[n];
}

namespace {

const pgn::TextColumn& text_column(const pgn::PositionColumns& c, const ColumnSpec& spec) {
  switch (spec.source) {
    case ColumnSource::path: return c.path;
    case ColumnSource::san: return c.san;
    case ColumnSource::uci: return c.uci;
    case ColumnSource::fen: return c.fen;
    case ColumnSource::tag: return c.tags[spec.tag];
    case ColumnSource::comment: return c.comment;
    case ColumnSource::next_san: return c.next_san;
    case ColumnSource::next_uci: return c.next_uci;
    default: break;
  }
  throw std::logic_error("not a text column: " + spec.name);
}

}  // namespace

void ColumnBuilder::append(const pgn::PositionColumns& chunk) { append(chunk, nullptr); }

void ColumnBuilder::append(const pgn::PositionColumns& chunk, const NumberedMoves& moves) {
  append(chunk, &moves);
}

void ColumnBuilder::append(const pgn::PositionColumns& chunk, const NumberedMoves* moves) {
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    const ColumnSpec& spec = specs_[i];
    if (!spec.keep) continue;
    Column& column = columns_[i];
    struct Flush {
      Column& column;
      ~Flush() { flush_references(column); }
    } flush{column};
    switch (spec.source) {
      case ColumnSource::game: column.integers.append(chunk.game.data(), chunk.game.size()); break;
      case ColumnSource::ply: column.integers.append(chunk.ply.data(), chunk.ply.size()); break;
      case ColumnSource::eval: column.reals.append(chunk.eval.data(), chunk.eval.size()); break;
      case ColumnSource::mate: column.reals.append(chunk.mate.data(), chunk.mate.size()); break;
      case ColumnSource::clk: column.reals.append(chunk.clk.data(), chunk.clk.size()); break;
      case ColumnSource::nags: append_nags(column, chunk.nags); break;
      case ColumnSource::plane: {
        const std::vector<std::uint64_t>& masks = chunk.planes[spec.tag];
        column.masks.append(masks.data(), masks.size());
        break;
      }
      case ColumnSource::castling: column.masks.append(chunk.castling.data(), chunk.castling.size()); break;
      case ColumnSource::turn: column.flags.append(chunk.turn.data(), chunk.turn.size()); break;
      case ColumnSource::ep_square: column.squares.append(chunk.ep_square.data(), chunk.ep_square.size()); break;
      default:
        if (moves && spec.interned()) append_numbered(spec, column, moves->of(spec.source));
        else append_text(spec, column, text_column(chunk, spec));
        break;
    }
  }
}

void ColumnBuilder::append_text(const ColumnSpec& spec, Column& column,
                                const pgn::TextColumn& values) {
  column.objects.reserve_more(values.size());
  for (std::size_t r = 0; r < values.size(); ++r) {
    if (values.is_none(r)) {
      Py_INCREF(Py_None);
      column.objects.push_back(Py_None);
      column.last = nullptr;
      continue;
    }
    column.objects.push_back(text_object(spec, column, values[r]));
  }
}

void ColumnBuilder::append_numbered(const ColumnSpec& spec, Column& column,
                                    const NumberedTexts& values) {
  if (values.first_added != column.numbered.size())
    throw std::logic_error("numbered texts out of order");
  for (std::size_t i = 0; i < values.added.size(); ++i) {
    column.numbered.push_back(make_str(values.added[i], spec.ascii()));
    column.references.push_back(0);
  }
  const std::size_t known = column.numbered.size();
  column.objects.reserve_more(values.numbers.size());
  for (const std::uint32_t n : values.numbers) {
    if (n == NumberedTexts::kNone) {
      Py_INCREF(Py_None);
      column.objects.push_back(Py_None);
    } else {
      if (n >= known) throw std::logic_error("a text's number out of range");
      ++column.references[n];
      column.objects.push_back(column.numbered[n]);
    }
  }
}

void ColumnBuilder::append_nags(Column& column, const pgn::TextColumn& values) {
  column.objects.reserve_more(values.size());
  for (std::size_t r = 0; r < values.size(); ++r) {
    // (Every row is closed with its NAGs; a row without them would be an empty list.)
    const std::string_view nags = values.is_none(r) ? std::string_view() : values[r];
    PyObject* list = PyList_New(Py_ssize_t(nags.size()));
    if (!list) throw py::error_already_set();
    column.objects.push_back(list);
    for (std::size_t i = 0; i < nags.size(); ++i) {
      PyObject* number = PyLong_FromLong(static_cast<unsigned char>(nags[i]));
      if (!number) throw py::error_already_set();
      PyList_SET_ITEM(list, Py_ssize_t(i), number);
    }
  }
}

namespace {

template <typename T>
py::array number_array(GrowingArray<T>& values) {
  return owning_array(values, py::dtype::of<T>(), &GrowingArray<T>::free_values);
}

}  // namespace

py::dict ColumnBuilder::arrays() {
  py::dict out;
  for (std::size_t i = 0; i < specs_.size(); ++i) {
    const ColumnSpec& spec = specs_[i];
    if (!spec.keep) continue;
    Column& column = columns_[i];
    py::array array;
    switch (spec.source) {
      case ColumnSource::game:
      case ColumnSource::ply: array = number_array(column.integers); break;
      case ColumnSource::eval:
      case ColumnSource::mate:
      case ColumnSource::clk: array = number_array(column.reals); break;
      case ColumnSource::plane:
      case ColumnSource::castling: array = number_array(column.masks); break;
      case ColumnSource::turn:
        array = owning_array(column.flags, py::dtype("bool"), &GrowingArray<std::uint8_t>::free_values);
        break;
      case ColumnSource::ep_square: array = number_array(column.squares); break;
      default: {
        // An object array that does not own its data leaves its items alone when it goes: the
        // references are given back here, with the memory. The count is in the first slot, as
        // the capsule knows only where the memory starts.
        const std::size_t n = column.objects.size() - 1;
        column.objects.data()[0] = reinterpret_cast<PyObject*>(n);
        PyObject** base = column.objects.release();
        py::capsule owner(base, [](void* p) {
          auto** slots = static_cast<PyObject**>(p);
          const auto count = reinterpret_cast<std::size_t>(slots[0]);
          for (std::size_t r = 1; r <= count; ++r) Py_XDECREF(slots[r]);
          GrowingArray<PyObject*>::free_values(p);
        });
        array = py::array(py::dtype("O"), {py::ssize_t(n)}, {py::ssize_t(sizeof(PyObject*))},
                          base + 1, owner);
        column.last = nullptr;
        break;
      }
    }
    out[py::str(spec.name)] = std::move(array);
  }
  return out;
}

}  // namespace fenkit::python
