// The PGN tag grammar's rule. Include only from the one .cpp that instantiates it.
#pragma once

#include <boost/fusion/include/adapt_struct.hpp>
#include <boost/spirit/home/x3.hpp>

#include "grammar/pgn.hpp"
#include "grammar/pgn_lexical.hpp"

BOOST_FUSION_ADAPT_STRUCT(fenkit::pgn::grammar::Tag, name, value)

namespace fenkit::pgn::grammar {

tag_type const tag_rule = "tag";

auto const tag_rule_def = x3::lit('[') >> tag_name >> tag_value >> x3::lit(']');

BOOST_SPIRIT_DEFINE(tag_rule)

}  // namespace fenkit::pgn::grammar
