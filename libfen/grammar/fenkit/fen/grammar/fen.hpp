// The FEN grammar: one X3 rule per field (declarations; definitions in fen_def.hpp).
#pragma once

#include <boost/spirit/home/x3.hpp>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/setup.hpp"

namespace fenkit::fen::grammar {

namespace x3 = boost::spirit::x3;

// What the field rules write into, reached from semantic actions through the context.
struct FenParseState {
  Setup& setup;
  int file = 0;
  int rank = 7;
  FenSyntax error = FenSyntax::ok;  // set by an action that refuses its input
  bool clock_is_dash = false;       // a '-' where a clock should be (lenient files)
};
struct fen_state_tag;

struct placement_class;
struct side_class;
struct castling_class;
struct en_passant_class;
struct halfmove_class;
struct fullmove_class;

using placement_type = x3::rule<placement_class>;
using side_type = x3::rule<side_class>;
using castling_type = x3::rule<castling_class>;
using en_passant_type = x3::rule<en_passant_class>;
using halfmove_type = x3::rule<halfmove_class>;
using fullmove_type = x3::rule<fullmove_class>;

BOOST_SPIRIT_DECLARE(placement_type, side_type, castling_type, en_passant_type, halfmove_type,
                     fullmove_type)

placement_type const& placement();
side_type const& side();
castling_type const& castling();
en_passant_type const& en_passant();
halfmove_type const& halfmove();
fullmove_type const& fullmove();

}  // namespace fenkit::fen::grammar
