#include "case_folding.hpp"

#include <unicode/stringpiece.h>
#include <unicode/unistr.h>

namespace fenkit::pgn::detail {

std::string fold_case(std::string_view utf8) {
  std::string out;
  if (is_ascii(utf8)) {
    out.assign(utf8);
    for (char& c : out) c = fold_ascii(c);
    return out;
  }
  icu::UnicodeString text =
      icu::UnicodeString::fromUTF8(icu::StringPiece(utf8.data(), std::int32_t(utf8.size())));
  text.foldCase();
  text.toUTF8String(out);
  return out;
}

}  // namespace fenkit::pgn::detail
