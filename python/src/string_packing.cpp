// Columns of strings as one buffer and back, for sending a data set between processes (the
// partitions of fenkit.dask): pickle writes and reads an object array one string at a time,
// which costs more than replaying the positions did.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "common.hpp"
#include "object_arenas.hpp"

namespace fenkit::python {

namespace {

// The UTF-8 bytes of a str, or nothing for what is not a str or has no UTF-8 form (a lone
// surrogate), which the caller pickles as it is.
std::optional<std::string_view> utf8_of(PyObject* item) {
  if (!PyUnicode_CheckExact(item)) return std::nullopt;
  if (PyUnicode_IS_COMPACT_ASCII(item))
    return std::string_view(static_cast<const char*>(PyUnicode_DATA(item)),
                            std::size_t(PyUnicode_GET_LENGTH(item)));
  Py_ssize_t size = 0;
  const char* data = PyUnicode_AsUTF8AndSize(item, &size);
  if (!data) {
    PyErr_Clear();
    return std::nullopt;
  }
  return std::string_view(data, std::size_t(size));
}

// (data, ends): the strings' bytes one after another, and where each ends; None when an item is not
// a str with a UTF-8 form.
py::object pack_strings(const py::array& values) {
  if (values.dtype().kind() != 'O' || values.ndim() != 1)
    throw py::type_error("a one-dimensional object array is wanted");
  const auto n = std::size_t(values.shape(0));
  const auto stride = values.strides(0);
  const auto* base = static_cast<const char*>(values.data());
  auto item = [&](std::size_t i) { return *reinterpret_cast<PyObject* const*>(base + py::ssize_t(i) * stride); };

  py::array_t<std::uint64_t> ends{py::ssize_t(n)};
  std::uint64_t* end = ends.mutable_data();
  std::uint64_t total = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const auto text = utf8_of(item(i));
    if (!text) return py::none();
    total += text->size();
    end[i] = total;
  }
  // An array, not bytes: pickle's protocol 5 sends it beside the pickle, without a copy.
  py::array_t<std::uint8_t> data{py::ssize_t(total)};
  auto* out = reinterpret_cast<char*>(data.mutable_data());
  for (std::size_t i = 0; i < n; ++i) {
    const std::string_view text = *utf8_of(item(i));
    std::memcpy(out, text.data(), text.size());
    out += text.size();
  }
  return py::make_tuple(std::move(data), std::move(ends));
}

bool all_ascii(std::string_view bytes) {
  unsigned char any = 0;
  for (char c : bytes) any |= static_cast<unsigned char>(c);
  return any < 0x80;
}

// The object array that pack_strings packed.
py::array unpack_strings(const py::array_t<std::uint8_t, py::array::c_style>& data,
                         const py::array_t<std::uint64_t>& ends) {
  const std::string_view bytes(reinterpret_cast<const char*>(data.data()), std::size_t(data.size()));
  const auto n = std::size_t(ends.size());
  const std::uint64_t* end = ends.data();
  for (std::size_t i = 0; i < n; ++i)
    if (end[i] > bytes.size() || (i > 0 && end[i] < end[i - 1]))
      throw py::value_error("the ends of the strings are not in the data");
  const bool ascii = all_ascii(bytes);
  const PrefaultedArenas arenas;  // millions of new strs: their pages faulted in ahead
  py::array out(py::dtype("O"), std::vector<py::ssize_t>{py::ssize_t(n)});
  auto** slots = static_cast<PyObject**>(out.mutable_data());
  std::uint64_t from = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const char* text = bytes.data() + from;
    const auto size = Py_ssize_t(end[i] - from);
    PyObject* s;
    if (ascii) {
      s = PyUnicode_New(size, 127);
      if (s) std::memcpy(PyUnicode_DATA(s), text, std::size_t(size));
    } else {
      s = PyUnicode_DecodeUTF8(text, size, nullptr);
    }
    if (!s) throw py::error_already_set();
    Py_XDECREF(slots[i]);
    slots[i] = s;
    from = end[i];
  }
  return out;
}

}  // namespace

void add_string_packing(py::module_& m) {
  m.def("_pack_strings", &pack_strings, py::arg("values"),
        "(bytes, ends) of an object array of str, or None when an item is not a str that "
        "UTF-8 can hold.");
  m.def("_unpack_strings", &unpack_strings, py::arg("data"), py::arg("ends"),
        "The object array of str that _pack_strings packed.");
}

}  // namespace fenkit::python
