#include "selection_options.hpp"

#include <string>
#include <vector>

#include "cli.hpp"
#include "fenkit/pgn/selection.hpp"

namespace fenkit::tools {

namespace {

using Kind = pgn::SelectionCriterion::Kind;
using Strings = std::vector<std::string>;

}  // namespace

po::options_description selection_options() {
  po::options_description options("game selection (all given conditions must hold)");
  for (const pgn::SelectionCriterion& c : pgn::selection_criteria()) {
    const std::string name(c.name), help(c.help), value_name(c.value_name);
    switch (c.kind) {
      case Kind::flag:
        options.add_options()(name.c_str(), help.c_str());
        break;
      case Kind::single:
        options.add_options()(name.c_str(), po::value<std::string>()->value_name(value_name),
                              help.c_str());
        break;
      case Kind::repeatable:
        options.add_options()(name.c_str(),
                              po::value<Strings>()->composing()->value_name(value_name),
                              help.c_str());
        break;
    }
  }
  return options;
}

pgn::GameFilter filter_from(const po::variables_map& v) {
  try {
    pgn::SelectionCriteria criteria;
    for (const pgn::SelectionCriterion& c : pgn::selection_criteria()) {
      const std::string name(c.name);
      if (!v.count(name)) continue;
      switch (c.kind) {
        case Kind::flag: criteria.set(name); break;
        case Kind::single: criteria.add(name, v[name].as<std::string>()); break;
        case Kind::repeatable:
          for (const std::string& value : v[name].as<Strings>()) criteria.add(name, value);
          break;
      }
    }
    return criteria.filter();
  } catch (const pgn::SelectionError& e) {
    throw UsageError(e.what());
  }
}

}  // namespace fenkit::tools
