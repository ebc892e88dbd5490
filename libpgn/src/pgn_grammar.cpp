// Instantiates the PGN tag grammar for pgn_config's iterator and context (the only place the
// rule's templates are expanded).
#include "grammar/pgn_config.hpp"
#include "grammar/pgn_def.hpp"

namespace fenkit::pgn::grammar {

BOOST_SPIRIT_INSTANTIATE(tag_type, pgn_iterator, pgn_context)

bool parse_tag_by_rule(const char*& first, const char* last, Tag& tag) {
  const char* p = first;
  if (!x3::phrase_parse(p, last, tag_rule, space, tag, x3::skip_flag::dont_post_skip)) return false;
  first = p;
  return true;
}

}  // namespace fenkit::pgn::grammar
