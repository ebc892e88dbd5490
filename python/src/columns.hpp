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

#include <array>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <vector>

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include "fenkit/pgn/position_columns.hpp"
#include "growing_array.hpp"
#include "text_numbers.hpp"

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

// Whether every byte of `text` is below 0x80.
bool is_ascii(std::string_view text);

// A column of texts given as numbers: 0, 1, 2, ... in the order the texts were first seen
// (TextNumbers), over all the chunks given to one ColumnBuilder.
struct NumberedTexts {
  static constexpr std::uint32_t kNone = UINT32_MAX;  // a row without a value
  std::vector<std::uint32_t> numbers;  // per row
  std::uint32_t first_added = 0;       // the number of added[0]
  pgn::TextColumn added;               // the texts first seen in this chunk, in order

  void clear() {
    numbers.clear();
    added.clear();
  }
};

struct NumberedMoves {
  NumberedTexts san, uci, next_san, next_uci;

  NumberedTexts& of(ColumnSource source);
  const NumberedTexts& of(ColumnSource source) const {
    return const_cast<NumberedMoves*>(this)->of(source);
  }
  // The four columns.
  std::array<NumberedTexts*, 4> all() { return {&san, &uci, &next_san, &next_uci}; }
  void clear() {
    for (NumberedTexts* column : all()) column->clear();
  }
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
  // A chunk whose moves (san, uci, next_san, next_uci) come numbered, in `moves`, and not in
  // the chunk's text columns. A builder takes its moves one way or the other, never both.
  void append(const pgn::PositionColumns& chunk, const NumberedMoves& moves);
  // A dict of NumPy arrays, one per kept column (the builder is emptied).
  py::dict arrays();

 private:
  void append(const pgn::PositionColumns& chunk, const NumberedMoves* moves);
  // Moves (interned columns) are numbered, in the order their texts are first seen, and made
  // into one str per number. The references a chunk's rows take are counted beside the
  // objects and added to them once per chunk (flush_references): one write to a far object per
  // row was what a move cost most.
  struct Column {
    GrowingArray<std::int64_t> integers;
    GrowingArray<double> reals;
    GrowingArray<std::uint64_t> masks;  // planes and castling
    GrowingArray<std::uint8_t> flags;   // turn
    GrowingArray<std::int8_t> squares;  // ep_square
    GrowingArray<PyObject*> objects;  // owned references
    PyObject* last = nullptr;         // the last value made (a borrowed view of an object)
    std::string last_text;
    TextNumbers numbers;                  // interned(): the numbers of the texts seen
    std::vector<PyObject*> numbered;      // the str of each number (owned)
    std::vector<Py_ssize_t> references;  // taken by rows, not yet added to the str's count
  };
  void append_text(const ColumnSpec& spec, Column& column, const pgn::TextColumn& values);
  void append_nags(Column& column, const pgn::TextColumn& values);
  void append_numbered(const ColumnSpec& spec, Column& column, const NumberedTexts& values);
  PyObject* text_object(const ColumnSpec& spec, Column& column, std::string_view text);
  void release();

  PyObject* interned(Column& column, std::string_view text, bool ascii);
  static void flush_references(Column& column);
  std::vector<ColumnSpec> specs_;
  std::vector<Column> columns_;
};

}  // namespace fenkit::python
