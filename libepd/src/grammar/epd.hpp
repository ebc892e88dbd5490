// The EPD grammar after the four FEN fields: clocks and operations (declarations;
// definitions in epd_def.hpp). The four fields themselves are read by libfen's read_setup().
#pragma once

#include <boost/spirit/home/x3.hpp>
#include <string>

#include "fenkit/epd/record.hpp"

namespace fenkit::epd::grammar {

namespace x3 = boost::spirit::x3;

// What the rules build, reached from semantic actions through the context.
struct EpdParseState {
  Record& record;
  const char* line;             // the first character of the line: columns count from it
  int clock_index = 0;          // FEN clock fields seen so far
  std::string refusal;          // why an action refused its token...
  const char* refused_at = nullptr;  // ...and where
  const char* string_at = nullptr;   // the opening quote of the string being read
};
struct epd_state_tag;

// Everything after the four fields: optional clock fields, then operations.
struct record_tail_class;
using record_tail_type = x3::rule<record_tail_class>;

BOOST_SPIRIT_DECLARE(record_tail_type)

record_tail_type const& record_tail();

}  // namespace fenkit::epd::grammar
