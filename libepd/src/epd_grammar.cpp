// Instantiates the EPD grammar for epd_config's iterator and context (the only place the
// rules' templates are expanded).
#include "grammar/epd_config.hpp"
#include "grammar/epd_def.hpp"

namespace fenkit::epd::grammar {

BOOST_SPIRIT_INSTANTIATE(record_tail_type, epd_iterator, epd_context)

record_tail_type const& record_tail() { return record_tail_rule; }

}  // namespace fenkit::epd::grammar
