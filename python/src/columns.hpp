// The rows of `fenkit replay -f jsonl` as columns: a chunk's JSON lines are parsed into plain
// C++ buffers on the worker thread that wrote them (no Python there), then turned into Python
// objects on the calling thread, chunk after chunk in input order, and at the end into NumPy
// arrays. The rows are the program's own (epd::ReplayWriter writes them); only their form
// changes.
#pragma once

#include <Python.h>

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include <pybind11/pybind11.h>

namespace fenkit::python {

namespace py = pybind11;

// What a column holds, and how it becomes NumPy.
enum class ColumnKind : std::uint8_t {
  integer,  // int64 (game, ply)
  real,     // float64, NaN for null (eval, mate, clk)
  text,     // object array of str, None for null
  nags,     // object array of lists of int
};

struct ColumnSpec {
  std::string name;
  ColumnKind kind = ColumnKind::text;
  bool keep = true;       // false: parsed over, not kept (a column not asked for)
  bool interned = false;  // few distinct values (SAN, UCI): one str object per value
  bool repeats = false;   // often the same as in the row before (tags, path): reuse it
  bool ascii = false;     // never more than ASCII (FEN, SAN, UCI, path)
};

// One column of one chunk, before Python.
struct ColumnData {
  std::vector<std::int64_t> integers;
  std::vector<double> reals;
  std::string text;                // text and nags columns: the values one after another
  std::vector<std::uint32_t> ends;  // where each value ends in `text`
  std::vector<std::uint8_t> nulls;  // 1 for null
};

// The columns of one chunk.
struct ChunkColumns {
  std::vector<ColumnData> columns;
  std::size_t rows = 0;
  // Empties the columns, keeping their memory (for the next chunk).
  void clear();
};

// Chunks' columns go round between the workers and the calling thread, so that their memory is
// not given back to the system and faulted in again for every chunk. Shared (it locks).
class ColumnsPool {
 public:
  ChunkColumns take();
  void give(ChunkColumns columns);

 private:
  std::mutex mutex_;
  std::vector<ChunkColumns> free_;
};

// Parses JSON lines whose keys are `specs`, in that order (as ReplayWriter writes them).
// Throws std::runtime_error for text of another shape.
void parse_rows(std::string_view jsonl, const std::vector<ColumnSpec>& specs, ChunkColumns& out);

// The columns of the whole data set, as Python objects (for text) and numbers, chunk after
// chunk. Needs the GIL in append() and arrays().
class ColumnBuilder {
 public:
  explicit ColumnBuilder(std::vector<ColumnSpec> specs);
  ~ColumnBuilder();
  ColumnBuilder(const ColumnBuilder&) = delete;
  ColumnBuilder& operator=(const ColumnBuilder&) = delete;

  void append(const ChunkColumns& chunk);
  // A dict of NumPy arrays, one per kept column (the builder is emptied).
  py::dict arrays();
  std::size_t rows() const { return rows_; }

 private:
  struct Column {
    std::vector<std::int64_t> integers;
    std::vector<double> reals;
    std::vector<PyObject*> objects;  // owned references
    PyObject* last = nullptr;        // the last value made (a borrowed view of objects.back())
    std::string last_text;
    bool last_null = false;
  };
  PyObject* text_object(const ColumnSpec& spec, Column& column, std::string_view text);
  void release();

  // Interned strings of up to 8 bytes (every SAN and UCI move but the longest promotions) in
  // an open-addressing table keyed by their bytes as a number; longer ones in a map.
  PyObject* interned(std::string_view text, bool ascii);
  struct ShortString {
    std::uint64_t key = 0;  // 0: empty slot (the strings are never empty)
    PyObject* object = nullptr;
  };
  std::vector<ShortString> short_;
  std::size_t short_count_ = 0;
  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };
  std::vector<ColumnSpec> specs_;
  std::vector<Column> columns_;
  std::unordered_map<std::string, PyObject*, Hash, std::equal_to<>> interned_;  // owned
  std::size_t rows_ = 0;
};

}  // namespace fenkit::python
