// What the variants add to FEN, taken out of the text before the standard fields are read
// (internal to libfen).
#pragma once

#include <string>
#include <string_view>

#include "fenkit/fen/fen.hpp"

namespace fenkit::fen::detail {

// For a Crazyhouse or Three-check FEN: reads the pocket, the '~' marks and the checks into
// `setup`, and returns the text without them (kept in `storage`), for the standard reader. A
// FenError (with the column in `text`) when what the variant adds is malformed. Other variants
// add nothing: the text comes back as it is. `taken_from` receives where in `text` what was
// taken out begins (its first removal), so that an offset into `rest` from there on can be
// moved back into `text`.
FenError take_variant_fields(std::string_view text, Variant variant, Setup& setup,
                             std::string& storage, std::string_view& rest,
                             std::size_t& taken_from);

}  // namespace fenkit::fen::detail
