// Reader: one record per line from a stream.
#include <algorithm>
#include <string_view>

#include "fenkit/epd/reader.hpp"

namespace fenkit::epd {

Reader::Reader(io::InputSource& in, ReadOptions options)
    : lines_(std::in_place, in), options_(std::move(options)) {}

Reader::Reader(std::istream& in, ReadOptions options) : stream_(&in), options_(std::move(options)) {}

// The next line, without its '\n'. The line reader skips a UTF-8 byte-order mark itself.
bool Reader::next_line(std::string_view& text) {
  if (lines_) {
    if (!lines_->next(text)) return false;
    line_ = std::size_t(lines_->line_number());
    return true;
  }
  if (!std::getline(*stream_, buffer_)) return false;
  ++line_;
  text = buffer_;
  if (line_ == 1 && text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);  // UTF-8 BOM
  return true;
}

bool Reader::next(Entry& entry) {
  std::string_view text;
  while (next_line(text)) {
    const std::string_view line = text;
    // NUL padding after a record is cut off with the line's end; a line of nothing but NUL
    // bytes is binary data, not a blank line.
    while (!text.empty() && (text.back() == '\r' || text.back() == '\0' || text.back() == ' ' ||
                             text.back() == '\t'))
      text.remove_suffix(1);
    const std::size_t first = text.find_first_not_of(" \t");
    const std::size_t nul = line.find('\0');
    if ((first == std::string_view::npos && nul == std::string_view::npos) ||
        (first != std::string_view::npos && text[first] == '#'))
      continue;

    entry.line = line_;
    entry.record = Record();
    if (first == std::string_view::npos) {
      // The start of the line, enough of it to hold the first NUL the error's column points
      // at (what stands before it is blanks and CRs only).
      entry.text.assign(
          line.substr(0, std::max(std::min<std::size_t>(line.size(), 64), nul + 1)));
      entry.errors = {ReadError{nul + 1,
                                "NUL bytes where a record should be: binary data, not EPD text"}};
      return true;
    }
    entry.text.assign(text);
    entry.errors = read_record(text, entry.record, options_);
    return true;
  }
  return false;
}

}  // namespace fenkit::epd
