// Game selection from keyword arguments named as the library's criteria (pgn::SelectionCriteria,
// the program's options), with '_' for '-', so that the same words select the same games in
// Python as in `fenkit pgn`, `replay` and `book build`, with the same messages.
#include <algorithm>

#include "common.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/pgn/selection.hpp"

namespace fenkit::python {

namespace {

// A value as text: str as it is, int as its digits, a Position as its FEN, a path as a path.
std::string value_text(const std::string& name, const py::handle& value) {
  if (py::isinstance<py::str>(value)) return value.cast<std::string>();
  if (py::isinstance<py::bool_>(value))
    throw py::type_error(name + " takes text or a number, not a bool");
  if (py::isinstance<py::int_>(value)) return py::str(value).cast<std::string>();
  if (py::isinstance<PyPosition>(value)) return fen::to_fen(position_of(value));
  if (py::hasattr(value, "__fspath__")) return path_of(value);
  throw py::type_error(name + " takes text or a number, not " +
                       py::str(py::type::of(value).attr("__name__")).cast<std::string>());
}

}  // namespace

std::vector<std::string> selection_names() {
  std::vector<std::string> names;
  for (const pgn::SelectionCriterion& c : pgn::selection_criteria()) {
    std::string name(c.name);
    std::replace(name.begin(), name.end(), '-', '_');
    names.push_back(name);
  }
  return names;
}

pgn::GameFilter filter_from_kwargs(const py::dict& kwargs) {
  pgn::SelectionCriteria criteria;
  try {
    for (const auto& [key, value] : kwargs) {
      const std::string name = key.cast<std::string>();
      std::string criterion = name;
      std::replace(criterion.begin(), criterion.end(), '_', '-');
      const pgn::SelectionCriterion* known = pgn::find_selection_criterion(criterion);
      if (!known) {
        std::string names;
        for (const std::string& n : selection_names()) names += (names.empty() ? "" : ", ") + n;
        throw py::type_error("unexpected keyword argument '" + name + "' (game selection takes " +
                             names + ")");
      }
      if (known->kind == pgn::SelectionCriterion::Kind::flag) {
        if (!py::isinstance<py::bool_>(value)) throw py::type_error(name + " takes True or False");
        criteria.set(criterion, value.cast<bool>());
        continue;
      }
      if (value.is_none()) continue;
      // Game numbers are one option holding a list ("1-100,250"): a Python list of them, or
      // a range, becomes that list.
      if (criterion == "games" && !py::isinstance<py::str>(value) && py::hasattr(value, "__iter__")) {
        std::string numbers;
        if (py::isinstance(value, py::module_::import("builtins").attr("range"))) {
          const auto start = value.attr("start").cast<long long>();
          const auto stop = value.attr("stop").cast<long long>();
          if (value.attr("step").cast<long long>() != 1 || stop <= start)
            throw py::value_error("games: a range of game numbers goes up by 1 and is not empty");
          numbers = std::to_string(start) + "-" + std::to_string(stop - 1);
        } else {
          for (const py::handle item : value)
            numbers += (numbers.empty() ? "" : ",") + value_text(name, item);
        }
        criteria.add(criterion, numbers);
        continue;
      }
      const bool many = py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value) ||
                        py::isinstance<py::set>(value);
      if (!many) {
        criteria.add(criterion, value_text(name, value));
        continue;
      }
      for (const py::handle item : value) criteria.add(criterion, value_text(name, item));
    }
    return criteria.filter();
  } catch (const pgn::SelectionError& e) {
    throw py::value_error(e.what());
  }
}

}  // namespace fenkit::python
