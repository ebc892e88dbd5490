// Reader: one record per line from a stream.
#include <string_view>

#include "fenkit/epd/reader.hpp"

namespace fenkit::epd {

Reader::Reader(std::istream& in, ReadOptions options) : in_(in), options_(std::move(options)) {}

bool Reader::next(Entry& entry) {
  while (std::getline(in_, buffer_)) {
    ++line_;
    std::string_view text = buffer_;
    if (line_ == 1 && text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // UTF-8 BOM
    while (!text.empty() && (text.back() == '\r' || text.back() == '\0' || text.back() == ' ' ||
                             text.back() == '\t'))
      text.remove_suffix(1);
    const std::size_t first = text.find_first_not_of(" \t");
    if (first == std::string_view::npos || text[first] == '#') continue;

    entry.line = line_;
    entry.text.assign(text);
    entry.record = Record();
    entry.errors = read_record(text, entry.record, options_);
    return true;
  }
  return false;
}

}  // namespace fenkit::epd
