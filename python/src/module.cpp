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
  // The file system's own bytes: a name that is not UTF-8 (os.listdir gives it with
  // surrogates) names the same file.
  const py::object fsencode = py::module_::import("os").attr("fsencode");
  std::string path = fsencode(object).cast<std::string>();
  if (path.find('\0') != std::string::npos) throw py::value_error("embedded null byte in a path");
  return path;
}

std::vector<std::string> paths_of(const py::handle& object) {
  if (py::hasattr(object, "read"))
    throw py::type_error("a path or a list of paths is wanted, not a file object "
                         "(fenkit.read_games reads file objects)");
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

std::string first_error(const std::string& lines) {
  std::size_t from = 0;
  while (from < lines.size()) {
    std::size_t end = lines.find('\n', from);
    if (end == std::string::npos) end = lines.size();
    const std::string_view line(lines.data() + from, end - from);
    if (line.find(": error: ") != std::string_view::npos) return std::string(line);
    from = end + 1;
  }
  return lines.substr(0, lines.find('\n'));
}

std::vector<std::string> split_lines(const std::string& lines) {
  std::vector<std::string> out;
  std::size_t from = 0;
  while (from < lines.size()) {
    std::size_t end = lines.find('\n', from);
    if (end == std::string::npos) end = lines.size();
    out.emplace_back(lines, from, end - from);
    from = end + 1;
  }
  return out;
}

void raise_error(PyObject* type, std::string_view message) {
  PyErr_SetObject(type, str_of(message).ptr());
  throw py::error_already_set();
}

py::list str_list(const std::vector<std::string>& lines) {
  py::list out;
  for (const std::string& line : lines) out.append(str_of(line));
  return out;
}

}  // namespace fenkit::python

PYBIND11_MODULE(_fenkit, m) {
  m.doc() =
      "The C++ part of the fenkit package: positions (libfen), games (libpgn), replay data sets "
      "and Polyglot books (libepd). Use it through the package fenkit.";
  fenkit::python::add_position(m);
  fenkit::python::add_games(m);
  fenkit::python::add_comment_commands(m);
  fenkit::python::add_replay(m);
  fenkit::python::add_book(m);
  fenkit::python::add_string_packing(m);
  fenkit::python::add_fixed_width_text(m);
  fenkit::python::add_column_packing(m);
  fenkit::python::add_row_packing(m);
}
