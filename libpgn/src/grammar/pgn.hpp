// The PGN grammar of a game's tag section (declarations; definitions in pgn_def.hpp,
// instantiated once in pgn_grammar.cpp).
#pragma once

#include <boost/spirit/home/x3.hpp>

namespace fenkit::pgn::grammar {

namespace x3 = boost::spirit::x3;

struct pgn_state_tag;  // the GameParser the actions report to

struct tag_section_class;
using tag_section_type = x3::rule<tag_section_class>;

BOOST_SPIRIT_DECLARE(tag_section_type)

tag_section_type const& tag_section();

}  // namespace fenkit::pgn::grammar
