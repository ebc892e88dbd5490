// Instantiates the FEN grammar for fen_config's iterator and context (the only place the
// rules' templates are expanded).
#include "fenkit/fen/grammar/fen_config.hpp"
#include "fenkit/fen/grammar/fen_def.hpp"

namespace fenkit::fen::grammar {

BOOST_SPIRIT_INSTANTIATE(placement_type, fen_iterator, fen_context)
BOOST_SPIRIT_INSTANTIATE(side_type, fen_iterator, fen_context)
BOOST_SPIRIT_INSTANTIATE(castling_type, fen_iterator, fen_context)
BOOST_SPIRIT_INSTANTIATE(en_passant_type, fen_iterator, fen_context)
BOOST_SPIRIT_INSTANTIATE(halfmove_type, fen_iterator, fen_context)
BOOST_SPIRIT_INSTANTIATE(fullmove_type, fen_iterator, fen_context)

placement_type const& placement() { return placement_rule; }
side_type const& side() { return side_rule; }
castling_type const& castling() { return castling_rule; }
en_passant_type const& en_passant() { return en_passant_rule; }
halfmove_type const& halfmove() { return halfmove_rule; }
fullmove_type const& fullmove() { return fullmove_rule; }

}  // namespace fenkit::fen::grammar
