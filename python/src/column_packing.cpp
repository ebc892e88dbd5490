// The other columns of a data set sent between processes (fenkit.dask's partitions), besides
// the FENs of string_packing.cpp: pickle writes a column of moves or tags one object reference
// at a time (5 bytes and a memo lookup a row), and numbers as they are in memory (8 bytes a
// row, a game number repeated for every move of the game). Sockets are slow where Dask runs on
// virtual machines (loopback at 100-200 MB/s was measured), so what travels is made small:
// - a column of few distinct objects (by identity: the interned strs of moves, a tag's value
//   repeated for every row of a game, None) as the distinct objects and a small code a row;
// - numbers (and those codes) compressed by zstd at level 1, which shrinks game numbers and
//   plies about fiftyfold at several hundred MB/s.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <zstd.h>

#include <cstdint>
#include <cstring>
#include <vector>

#include "common.hpp"

namespace fenkit::python {

namespace {

// More distinct objects than this, or than a quarter of the rows, and pickle does as well.
constexpr std::size_t kMostDistinct = 65536;

std::size_t power_of_two_at_least(std::size_t n) {
  std::size_t p = 1;
  while (p < n) p <<= 1;
  return p;
}

// Open addressing by the object's address (a column of moves has a few thousand distinct ones:
// the table stays in the cache). At most `limit` distinct objects, in a table at most half full.
class IdentityCodes {
 public:
  explicit IdentityCodes(std::size_t limit) : limit_(limit), slots_(2 * power_of_two_at_least(limit)) {}
  // The code of `object`, a new one the first time; false past `limit` distinct objects.
  bool code_of(PyObject* object, std::uint32_t& code) {
    const std::size_t mask = slots_.size() - 1;
    for (std::size_t i = (reinterpret_cast<std::uintptr_t>(object) >> 4) * 0x9E3779B97F4A7C15ull >> 20 & mask;;
         i = (i + 1) & mask) {
      Slot& slot = slots_[i];
      if (slot.object == object) {
        code = slot.code;
        return true;
      }
      if (!slot.object) {
        if (distinct_.size() == limit_) return false;
        slot = {object, std::uint32_t(distinct_.size())};
        distinct_.push_back(object);
        code = slot.code;
        return true;
      }
    }
  }
  const std::vector<PyObject*>& distinct() const { return distinct_; }

 private:
  struct Slot {
    PyObject* object = nullptr;
    std::uint32_t code = 0;
  };
  std::size_t limit_;
  std::vector<Slot> slots_;  // a power of two
  std::vector<PyObject*> distinct_;
};

py::array_t<std::uint8_t> compressed(const void* data, std::size_t size) {
  std::vector<std::uint8_t> out(ZSTD_compressBound(size));
  const std::size_t written = ZSTD_compress(out.data(), out.size(), data, size, 1);
  if (ZSTD_isError(written)) throw py::value_error(std::string("zstd: ") + ZSTD_getErrorName(written));
  py::array_t<std::uint8_t> array{py::ssize_t(written)};
  if (written) std::memcpy(array.mutable_data(), out.data(), written);
  return array;
}

// (distinct objects as a list, compressed codes, row count), or None when the column
// has too many distinct objects for codes to pay.
py::object pack_repeated(const py::array& values) {
  if (values.dtype().kind() != 'O' || values.ndim() != 1)
    throw py::type_error("a one-dimensional object array is wanted");
  const auto n = std::size_t(values.shape(0));
  const std::size_t most = std::min(kMostDistinct, n / 4);
  if (most < 2) return py::none();
  const auto stride = values.strides(0);
  const auto* base = static_cast<const char*>(values.data());
  IdentityCodes table(most);
  std::vector<std::uint16_t> codes(n);
  for (std::size_t i = 0; i < n; ++i) {
    std::uint32_t code = 0;
    PyObject* item = *reinterpret_cast<PyObject* const*>(base + py::ssize_t(i) * stride);
    if (!item) item = Py_None;  // a slot never filled reads as None, as NumPy shows it
    if (!table.code_of(item, code)) return py::none();
    codes[i] = std::uint16_t(code);
  }
  py::list distinct(table.distinct().size());
  for (std::size_t i = 0; i < table.distinct().size(); ++i)
    distinct[i] = py::reinterpret_borrow<py::object>(table.distinct()[i]);
  return py::make_tuple(std::move(distinct), compressed(codes.data(), n * sizeof(std::uint16_t)), n);
}

// The bytes pack_numbers compressed, `size` of them.
py::array_t<std::uint8_t> unpack_numbers(const py::array_t<std::uint8_t, py::array::c_style>& data,
                                         std::size_t size) {
  py::array_t<std::uint8_t> out{py::ssize_t(size)};
  const std::size_t got = ZSTD_decompress(out.mutable_data(), size, data.data(), std::size_t(data.size()));
  if (ZSTD_isError(got) || got != size) throw py::value_error("the packed column is damaged");
  return out;
}

// The object array that pack_repeated packed: the rows share the distinct objects.
py::array unpack_repeated(const py::list& distinct,
                          const py::array_t<std::uint8_t, py::array::c_style>& data, std::size_t n) {
  const py::array_t<std::uint8_t> codes = unpack_numbers(data, n * sizeof(std::uint16_t));
  const std::uint8_t* const bytes = codes.data();
  py::array out(py::dtype("O"), std::vector<py::ssize_t>{py::ssize_t(n)});
  auto** slots = static_cast<PyObject**>(out.mutable_data());
  const auto count = std::size_t(py::len(distinct));
  std::vector<PyObject*> objects(count);
  for (std::size_t i = 0; i < count; ++i) objects[i] = PyList_GET_ITEM(distinct.ptr(), Py_ssize_t(i));
  // References are counted per object, then added once: one write to a far object per row
  // would cost more than the rest of the unpacking.
  std::vector<Py_ssize_t> references(count);
  for (std::size_t i = 0; i < n; ++i) {
    std::uint16_t code;
    std::memcpy(&code, bytes + i * sizeof code, sizeof code);
    if (code >= count) throw py::value_error("the packed column is damaged");
    ++references[code];
  }
  for (std::size_t i = 0; i < n; ++i) {
    std::uint16_t code;
    std::memcpy(&code, bytes + i * sizeof code, sizeof code);
    Py_XDECREF(slots[i]);
    slots[i] = objects[code];
  }
  for (std::size_t i = 0; i < count; ++i) Py_SET_REFCNT(objects[i], Py_REFCNT(objects[i]) + references[i]);
  return out;
}

// The bytes of a contiguous array compressed, or None when they shrink by less than half.
py::object pack_numbers(const py::array& values) {
  if (!(values.flags() & py::array::c_style)) return py::none();
  const auto size = std::size_t(values.nbytes());
  if (size < 4096) return py::none();
  py::array_t<std::uint8_t> packed = compressed(values.data(), size);
  if (std::size_t(packed.size()) * 2 > size) return py::none();
  return packed;
}

}  // namespace

void add_column_packing(py::module_& m) {
  m.def("_pack_repeated", &pack_repeated, py::arg("values"),
        "(distinct, codes, count): an object array of few distinct objects as those objects and "
        "compressed codes, or None when codes would not pay.");
  m.def("_unpack_repeated", &unpack_repeated, py::arg("distinct"), py::arg("codes"),
        py::arg("count"), "The object array that _pack_repeated packed.");
  m.def("_pack_numbers", &pack_numbers, py::arg("values"),
        "A contiguous array's bytes compressed, or None when they shrink by less than half.");
  m.def("_unpack_numbers", &unpack_numbers, py::arg("data"), py::arg("size"),
        "The `size` bytes that _pack_numbers compressed, as a uint8 array.");
}

}  // namespace fenkit::python
