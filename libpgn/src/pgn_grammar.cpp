// Instantiates the PGN grammar for pgn_config's iterator and context (the only place the
// rules' templates are expanded).
#include "grammar/pgn_config.hpp"
#include "grammar/pgn_def.hpp"

namespace fenkit::pgn::grammar {

BOOST_SPIRIT_INSTANTIATE(tag_section_type, pgn_iterator, pgn_context)

tag_section_type const& tag_section() { return tag_section_rule; }

}  // namespace fenkit::pgn::grammar
