// The one iterator, skipper and context type the EPD rules are compiled for.
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "grammar/epd.hpp"

namespace fenkit::epd::grammar {

using epd_iterator = const char*;
// Blanks (space and tab) separate tokens; a record is one line, so there are no newlines.
using epd_skipper = x3::ascii::blank_type;
using epd_context =
    x3::context<epd_state_tag, EpdParseState, x3::phrase_parse_context<epd_skipper>::type>;

}  // namespace fenkit::epd::grammar
