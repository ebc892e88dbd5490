// Columns of strs as NumPy's fixed-width bytes and back, for the .npz files of fenkit's data
// sets: NumPy saves an object array only through pickle, which np.load refuses by default and
// which no other program reads, while a fixed-width column ('S76' for FENs) is plain bytes that
// every NumPy and pandas reads. Converting in NumPy (astype, np.char) costs a Python call per
// row, several times the replay's own cost; here it is a copy.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <algorithm>
#include <cstring>
#include <optional>
#include <string_view>
#include <vector>

#include "common.hpp"
#include "object_arenas.hpp"
#include "utf8_text.hpp"

namespace fenkit::python {

namespace {

// The UTF-8 bytes of a str (None: empty), or nothing for anything else.
std::optional<std::string_view> text_of(PyObject* item) {
  if (item == Py_None) return std::string_view();
  return utf8_of(item);
}

// An object array of str and None as fixed-width bytes, as wide as its longest text (at least
// one byte, as NumPy has it); None when an item is neither.
py::object fixed_width_bytes(const py::array& values) {
  if (values.dtype().kind() != 'O' || values.ndim() != 1)
    throw py::type_error("an object array of one dimension is wanted");
  const std::size_t n = std::size_t(values.shape(0));
  const py::ssize_t stride = values.strides(0);
  const char* base = static_cast<const char*>(values.data());
  auto item = [&](std::size_t i) { return *reinterpret_cast<PyObject* const*>(base + py::ssize_t(i) * stride); };
  std::size_t width = 1;
  for (std::size_t i = 0; i < n; ++i) {
    const std::optional<std::string_view> text = text_of(item(i));
    if (!text) return py::none();
    width = std::max(width, text->size());
  }
  py::array out(py::dtype("S" + std::to_string(width)), std::vector<py::ssize_t>{py::ssize_t(n)});
  char* data = static_cast<char*>(out.mutable_data());
  std::memset(data, 0, n * width);
  for (std::size_t i = 0; i < n; ++i) {
    const std::string_view text = *text_of(item(i));
    std::memcpy(data + i * width, text.data(), text.size());
  }
  return out;
}

// The object array of a fixed-width bytes column: a str per row (the UTF-8 text up to its first
// NUL), None for an empty one; a row like the one before it shares its str.
py::array strs_of_fixed_width(const py::array& values) {
  if (values.dtype().kind() != 'S' || values.ndim() != 1)
    throw py::type_error("a fixed-width bytes array of one dimension is wanted");
  const std::size_t n = std::size_t(values.shape(0));
  const std::size_t width = std::size_t(values.itemsize());
  const py::ssize_t stride = values.strides(0);
  const char* base = static_cast<const char*>(values.data());
  const PrefaultedArenas arenas;  // millions of new strs: their pages faulted in ahead
  py::array out(py::dtype("O"), std::vector<py::ssize_t>{py::ssize_t(n)});
  auto** slots = static_cast<PyObject**>(out.mutable_data());
  std::string_view last;
  PyObject* last_object = nullptr;
  for (std::size_t i = 0; i < n; ++i) {
    const char* row = base + py::ssize_t(i) * stride;
    const std::string_view text(row, strnlen(row, width));
    PyObject* made;
    if (text.empty()) {
      made = Py_None;
      Py_INCREF(made);
    } else if (last_object && text == last) {
      made = last_object;
      Py_INCREF(made);
    } else {
      made = str_of_bytes(text.data(), text.size(), "replace");
      if (!made) throw py::error_already_set();
      last = text;
      last_object = made;
    }
    Py_XDECREF(slots[i]);
    slots[i] = made;
  }
  return out;
}

}  // namespace

void add_fixed_width_text(py::module_& m) {
  m.def("_fixed_width_bytes", &fixed_width_bytes, py::arg("values"),
        "An object array of str and None as NumPy fixed-width bytes (UTF-8, None empty), as "
        "wide as its longest text; None when an item is neither.");
  m.def("_strs_of_fixed_width", &strs_of_fixed_width, py::arg("values"),
        "The object array of str of a fixed-width bytes column (an empty row: None).");
}

}  // namespace fenkit::python
