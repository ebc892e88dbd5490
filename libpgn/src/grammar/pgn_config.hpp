// The one iterator and context type the PGN rules are compiled for.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "game_parser.hpp"
#include "grammar/pgn.hpp"
#include "grammar/pgn_lexical.hpp"

namespace fenkit::pgn::grammar {

using pgn_iterator = const char*;
using pgn_skipper_context = x3::phrase_parse_context<SpaceParser>::type;
using pgn_context = x3::context<pgn_state_tag, detail::GameParser, pgn_skipper_context>;

}  // namespace fenkit::pgn::grammar
