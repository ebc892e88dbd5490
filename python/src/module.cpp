// The extension fenkit._fenkit; the package fenkit (fenkit/__init__.py) is its public face.
#include <pybind11/pybind11.h>

#include "common.hpp"

namespace fenkit::python {

fen::EpMode ep_mode(std::string_view word) {
  if (word == "standard") return fen::EpMode::standard;
  if (word == "legal") return fen::EpMode::legal;
  throw py::value_error("ep must be 'standard' or 'legal', not '" + std::string(word) + "'");
}

std::string path_of(const py::handle& object) {
  const py::object fspath = py::module_::import("os").attr("fspath");
  const py::object path = fspath(object);
  if (py::isinstance<py::bytes>(path)) return path.cast<std::string>();
  return path.cast<std::string>();
}

std::vector<std::string> paths_of(const py::handle& object) {
  if (py::isinstance<py::str>(object) || py::isinstance<py::bytes>(object) ||
      py::hasattr(object, "__fspath__"))
    return {path_of(object)};
  std::vector<std::string> paths;
  for (const py::handle item : py::iter(object)) paths.push_back(path_of(item));
  if (paths.empty()) throw py::value_error("no input: the list of paths is empty");
  return paths;
}

py::str str_of(std::string_view text) {
  PyObject* s = PyUnicode_DecodeUTF8(text.data(), Py_ssize_t(text.size()), "surrogateescape");
  if (!s) throw py::error_already_set();
  return py::reinterpret_steal<py::str>(s);
}

}  // namespace fenkit::python

PYBIND11_MODULE(_fenkit, m) {
  m.doc() =
      "The C++ part of the fenkit package: positions (libfen), games (libpgn), replay data sets "
      "and Polyglot books (libepd). Use it through the package fenkit.";
  fenkit::python::add_position(m);
  fenkit::python::add_games(m);
  fenkit::python::add_replay(m);
  fenkit::python::add_book(m);
}
