// Game selection from keyword arguments: they become the command line's selection options, and
// the program's own code (tools/common/selection_options.cpp) builds the GameFilter, so that
// the same words select the same games in Python as in `fenkit pgn`, `replay` and `book build`.
#include <algorithm>

#include "cli.hpp"
#include "common.hpp"
#include "fenkit/fen/fen.hpp"
#include "selection_options.hpp"

namespace fenkit::python {

namespace {

bool is_flag(const std::string& option) { return option == "regex" || option == "invert"; }

// An option's value as text: str as it is, int as its digits, a Position as its FEN.
std::string value_text(const std::string& name, const py::handle& value) {
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::bool_>(value))
    throw py::type_error(name + " takes text or a number, not a bool");
  if (py::isinstance<py::int_>(value)) return py::str(value).cast<std::string>();
  if (py::isinstance<fen::Position>(value))
    return fen::to_fen(value.cast<const fen::Position&>());
  if (py::hasattr(value, "__fspath__")) return path_of(value);
  throw py::type_error(name + " takes text or a number, not " +
                       py::str(py::type::of(value).attr("__name__")).cast<std::string>());
}

}  // namespace

std::vector<std::string> selection_names() {
  std::vector<std::string> names;
  const auto options = tools::selection_options();
  for (const auto& option : options.options()) {
    std::string name = option->long_name();
    std::replace(name.begin(), name.end(), '-', '_');
    names.push_back(name);
  }
  return names;
}

pgn::GameFilter filter_from_kwargs(const py::dict& kwargs) {
  const auto options = tools::selection_options();
  std::vector<std::string> args;
  for (const auto& [key, value] : kwargs) {
    const std::string name = key.cast<std::string>();
    std::string option = name;
    std::replace(option.begin(), option.end(), '_', '-');
    if (!options.find_nothrow(option, false)) {
      std::string known;
      for (const std::string& n : selection_names()) known += (known.empty() ? "" : ", ") + n;
      throw py::type_error("unexpected keyword argument '" + name + "' (game selection takes " +
                           known + ")");
    }
    if (is_flag(option)) {
      if (!py::isinstance<py::bool_>(value)) throw py::type_error(name + " takes True or False");
      if (value.cast<bool>()) args.push_back("--" + option);
      continue;
    }
    if (value.is_none()) continue;
    const bool many = py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value) ||
                      py::isinstance<py::set>(value);
    if (many) {
      for (const py::handle item : value) {
        args.push_back("--" + option);
        args.push_back(value_text(name, item));
      }
    } else {
      args.push_back("--" + option);
      args.push_back(value_text(name, value));
    }
  }
  try {
    const tools::CommandLine cl = tools::parse_command_line(args, options);
    return tools::filter_from(cl.values);
  } catch (const tools::UsageError& e) {
    throw py::value_error(e.what());
  }
}

}  // namespace fenkit::python
