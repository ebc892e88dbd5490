// The rows of `fenkit replay` as NumPy columns: each chunk's rows come as pgn::PositionColumns,
// filled on the worker thread that replayed it (RowFormat::columns, the rows of
// `fenkit replay -f jsonl`), and are turned into Python objects on the calling thread, chunk
// after chunk in input order. The rows are the library's own; only their form changes.
//
// What the calling thread does is what limits the speed (it holds the GIL, the workers do
// not), so it does as little as it can per row: one str per FEN, shared strs for moves and for
// values that repeat from row to row, and arrays that grow in place and become NumPy's without
// a copy.
#pragma once

#include <Python.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "fenkit/pgn/position_columns.hpp"
#include "growing_array.hpp"

namespace fenkit::python {

namespace py = pybind11;

// A NumPy array over `values` (a GrowingArray's), which it owns through its base: `drop` runs when the
// last array or view over them goes.
template <typename T>
py::array owning_array(GrowingArray<T>& values, const py::dtype& dtype, void (*drop)(void*)) {
  const std::size_t n = values.size();
  T* data = values.release();
  py::capsule owner(data, drop);
  return py::array(dtype, {py::ssize_t(n)}, {py::ssize_t(sizeof(T))}, data, owner);
}

// What a column holds, and where its values are in pgn::PositionColumns.
enum class ColumnSource : std::uint8_t {
  game, ply, path, san, uci, fen, tag, eval, mate, clk, comment, nags, next_san, next_uci,
  plane, turn, castling, ep_square
};

struct ColumnSpec {
  std::string name;
  ColumnSource source;
  std::size_t tag = 0;  // ColumnSource::tag and plane: which one
  bool keep = true;     // false: not asked for (columns=...), not made

  bool operator==(const ColumnSpec&) const = default;

  // Few distinct values (moves): one str object per value.
  bool interned() const {
    return source == ColumnSource::san || source == ColumnSource::uci ||
           source == ColumnSource::next_san || source == ColumnSource::next_uci;
  }
  // Often the same as in the row before (tags, path): the last object is reused.
  bool repeats() const { return source == ColumnSource::tag || source == ColumnSource::path; }
  // Never more than ASCII (moves, FEN, path).
  bool ascii() const {
    return interned() || source == ColumnSource::fen || source == ColumnSource::path;
  }
};

// Chunks' columns go round between the workers and the calling thread, so that their memory is
// not given back to the system and faulted in again for every chunk. Shared (it locks).
class ColumnsPool {
 public:
  pgn::PositionColumns take();
  void give(pgn::PositionColumns columns);

 private:
  std::mutex mutex_;
  std::vector<pgn::PositionColumns> free_;
};

// The columns of the whole data set, as Python objects (for text) and numbers, chunk after
// chunk. Needs the GIL in append() and arrays().
class ColumnBuilder {
 public:
  explicit ColumnBuilder(std::vector<ColumnSpec> specs);
  ~ColumnBuilder();
  ColumnBuilder(const ColumnBuilder&) = delete;
  ColumnBuilder& operator=(const ColumnBuilder&) = delete;

  void append(const pgn::PositionColumns& chunk);
  // A dict of NumPy arrays, one per kept column (the builder is emptied).
  py::dict arrays();

 private:
  // Interned strings of up to 8 bytes (every SAN and UCI move but the longest promotions) in
  // an open-addressing table keyed by their bytes as a number, one table per column (a small
  // table stays in the cache); longer ones in a map. The references a chunk's rows take are
  // counted in the slot, beside the key just compared, and added to the objects once per
  // chunk (flush_references): one write to a far object per row was what a move cost most.
  struct ShortString {
    std::uint64_t key = 0;
    PyObject* object = nullptr;
    Py_ssize_t references = 0;  // taken by rows, not yet added to the object's count
    std::size_t length = 0;     // 0: an empty slot (the strings are never empty)
  };
  struct Column {
    GrowingArray<std::int64_t> integers;
    GrowingArray<double> reals;
    GrowingArray<std::uint64_t> masks;  // planes and castling
    GrowingArray<std::uint8_t> flags;   // turn
    GrowingArray<std::int8_t> squares;  // ep_square
    GrowingArray<PyObject*> objects;  // owned references
    PyObject* last = nullptr;         // the last value made (a borrowed view of an object)
    std::string last_text;
    std::vector<ShortString> short_strings;
    std::size_t short_count = 0;
  };
  void append_text(const ColumnSpec& spec, Column& column, const pgn::TextColumn& values);
  void append_nags(Column& column, const pgn::TextColumn& values);
  PyObject* text_object(const ColumnSpec& spec, Column& column, std::string_view text);
  void release();

  PyObject* interned(Column& column, std::string_view text, bool ascii);
  static void flush_references(Column& column);
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };
  std::vector<ColumnSpec> specs_;
  std::vector<Column> columns_;
  std::unordered_map<std::string, PyObject*, Hash, std::equal_to<>> interned_;  // owned
};

}  // namespace fenkit::python
