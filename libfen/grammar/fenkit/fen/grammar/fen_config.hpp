// The one iterator and context type the FEN rules are compiled for.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "fenkit/fen/grammar/fen.hpp"

namespace fenkit::fen::grammar {

using fen_iterator = const char*;
using fen_context = x3::context<fen_state_tag, FenParseState, x3::unused_type>;

}  // namespace fenkit::fen::grammar
