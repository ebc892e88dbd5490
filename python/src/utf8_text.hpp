// strs and their UTF-8 bytes, both ways, with the fast path for ASCII (FENs and moves are): for
// the columns of strings that are packed or made fixed-width to leave the process.
#pragma once

#include <Python.h>

#include <cstddef>
#include <cstring>
#include <optional>
#include <string_view>

namespace fenkit::python {

// The UTF-8 bytes of a str, or nothing for what is not a str (a null slot too) or has no UTF-8
// form (a lone surrogate).
inline std::optional<std::string_view> utf8_of(PyObject* item) {
  if (!item || !PyUnicode_CheckExact(item)) return std::nullopt;
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

// A new str of UTF-8 bytes (`errors` as PyUnicode_DecodeUTF8 takes it), or null with the
// Python error set.
inline PyObject* str_of_bytes(const char* text, std::size_t size, const char* errors = nullptr) {
  unsigned char any = 0;
  for (std::size_t i = 0; i < size; ++i) any |= static_cast<unsigned char>(text[i]);
  if (any >= 0x80) return PyUnicode_DecodeUTF8(text, Py_ssize_t(size), errors);
  PyObject* s = PyUnicode_New(Py_ssize_t(size), 127);
  if (s) std::memcpy(PyUnicode_DATA(s), text, size);
  return s;
}

}  // namespace fenkit::python
