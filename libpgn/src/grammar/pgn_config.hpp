// The one iterator and context type the PGN rules are compiled for.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "grammar/pgn.hpp"
#include "grammar/pgn_lexical.hpp"

namespace fenkit::pgn::grammar {

using pgn_iterator = const char*;
using pgn_context = x3::phrase_parse_context<SpaceParser>::type;

}  // namespace fenkit::pgn::grammar
