// The opening tables of libpgn/data/openings, built into the library (generated into
// openings_data.cpp at configure time).
#pragma once

#include <string_view>

namespace fenkit::pgn::detail {

extern const std::string_view kOpeningTables;

}  // namespace fenkit::pgn::detail
