#include "movetext_layout.hpp"

#include <algorithm>
#include <charconv>

#include "byte_search.hpp"
#include "comment_words.hpp"

namespace fenkit::pgn {

namespace {

using detail::is_blank;
using detail::must_follow_previous_word;
using detail::should_follow_previous_word;
using detail::joins;
using detail::split_words;

// The next word of `text` from `pos` on (empty at the end); `pos` moves past it.
std::string_view next_word(std::string_view text, std::size_t& pos) {
  while (pos < text.size() && is_blank(text[pos])) ++pos;
  const std::size_t begin = pos;
  pos = std::size_t(detail::word_end(text.data() + pos, text.data() + text.size()) - text.data());
  return text.substr(begin, pos - begin);
}

}  // namespace

void MovetextLayout::restart(std::size_t width) {
  width_ = width;
  size_ = line_start_ = last_token_ = 0;
  open_parentheses_ = 0;
  line_must_end_ = false;
}

void MovetextLayout::grow(std::size_t length) {
  buffer_.resize(std::max({2 * buffer_.size(), size_ + length, std::size_t(4096)}));
}

void MovetextLayout::new_line() {
  append('\n');
  line_start_ = size_;
  line_must_end_ = false;
}

void MovetextLayout::start_token(std::size_t length, bool is_comment) {
  // "( {": a space between the parenthesis and a comment, as pgn-extract writes it.
  const std::size_t prefix =
      std::size_t(open_parentheses_) + (open_parentheses_ > 0 && is_comment ? 1 : 0);
  const std::size_t column = size_ - line_start_;
  if (line_must_end_) {
    new_line();
  } else if (column > 0) {
    if (column + 1 + prefix + length > width_)
      new_line();
    else
      append(' ');
  }
  last_token_ = size_;
  for (int i = 0; i < open_parentheses_; ++i) append('(');
  if (prefix > std::size_t(open_parentheses_)) append(' ');
  open_parentheses_ = 0;
}

void MovetextLayout::put(std::string_view token) {
  start_token(token.size(), false);
  append(token);
}

// Through put(): numbers of ten digits or more, and any number while a '(' or a line end waits
// (`text` has room for 24 bytes).
void MovetextLayout::put_move_number_token(unsigned long long number, bool black, char* text) {
  char* end = std::to_chars(text, text + 20, number).ptr;
  std::memcpy(end, "...", 3);
  put(std::string_view(text, std::size_t(end - text) + (black ? 3 : 1)));
}

void MovetextLayout::put_nag(unsigned nag) {
  char text[32];  // (room to spare: GCC 12 cannot tell that copy_bytes never takes its long branch here)
  text[0] = '$';
  char* end = std::to_chars(text + 1, text + sizeof text, nag).ptr;
  put(std::string_view(text, std::size_t(end - text)));
}

void MovetextLayout::close_parenthesis() {
  if (open_parentheses_ > 0 || line_must_end_) {
    // An empty variation "()", or a ')' after a ';' comment: a token of its own.
    put(")");
    return;
  }
  if (size_ - line_start_ + 1 > width_ && last_token_ > line_start_) {
    // Take the last token to the next line: the byte before it is the space that separated
    // it from the token before.
    buffer_[last_token_ - 1] = '\n';
    line_start_ = last_token_;
  }
  append(')');
}

void MovetextLayout::put_comment(std::string_view text) {
  bool one_spaced, joined;
  split_words(text, words_, one_spaced, joined);
  if (words_.empty()) {
    start_token(3, true);
    append("{ }");
    return;
  }
  const std::size_t count = words_.size();
  // A comment that is its words joined by single spaces and fits on the line (a FEN, lichess's
  // "[%eval 0.17] [%clk 0:03:00]") goes in one piece: placed word by word, no unit of it would
  // start a new line either.
  const std::size_t length = text.size() + 4;  // "{ " and " }"
  const std::size_t column = size_ - line_start_;
  const std::size_t prefix = std::size_t(open_parentheses_) + (open_parentheses_ > 0 ? 1 : 0);
  if (!line_must_end_ && column + (column > 0 ? 1 : 0) + prefix + length <= width_ &&
      one_spaced) {
    start_token(length, true);
    const std::size_t brace = size_;
    append("{ ");
    append(text);
    append(" }");
    // The last token is the last unit, as word by word: a ')' that does not fit takes it
    // along to the next line, not the whole comment.
    std::size_t last = count - 1;
    while (last > 0 && joins(words_[last])) --last;
    if (last > 0) last_token_ = brace + 2 + std::size_t(words_[last].data() - text.data());
    return;
  }
  if (!joined) {
    // Every word a unit of its own: "{ first", then each after a space, or on a new line if it
    // does not fit, the last with " }".
    start_token(words_[0].size() + (count == 1 ? 4 : 2), true);
    append("{ ");
    append(words_[0]);
    for (std::size_t i = 1; i < count; ++i) {
      const std::size_t unit = words_[i].size() + (i + 1 == count ? 2 : 0);
      // What start_token does here: the line holds the unit before, and no '(' waits.
      if (size_ - line_start_ + 1 + unit > width_)
        new_line();
      else
        append(' ');
      last_token_ = size_;
      append(words_[i]);
    }
    append(" }");
    return;
  }
  // Units of one or more words: "{ first", "word", ..., "last }". A word starting with
  // '%' or '[' joins the unit before it.
  for (std::size_t first = 0; first < count;) {
    // The unit: this word and the ones that must or should follow it.
    std::size_t length = words_[first].size() + (first == 0 ? 2 : 0);
    std::size_t end = first + 1;
    for (; end < count; ++end) {
      const std::string_view next = words_[end];
      if (!must_follow_previous_word(next) &&
          !(should_follow_previous_word(next) && length + 1 + next.size() <= width_))
        break;
      length += 1 + next.size();
    }
    const bool last = end == count;
    start_token(length + (last ? 2 : 0), true);
    if (first == 0) append("{ ");
    append(words_[first]);
    for (std::size_t i = first + 1; i < end; ++i) {
      append(' ');
      append(words_[i]);
    }
    if (last) append(" }");
    first = end;
  }
}

void MovetextLayout::put_line_comment(std::string_view text) {
  // The words joined by single spaces, as a brace comment would have them.
  std::size_t length = 1;
  std::size_t pos = 0;
  for (std::string_view w = next_word(text, pos); !w.empty(); w = next_word(text, pos))
    length += 1 + w.size();
  start_token(length, true);
  append(';');
  pos = 0;
  for (std::string_view w = next_word(text, pos); !w.empty(); w = next_word(text, pos)) {
    append(' ');
    append(w);
  }
  line_must_end_ = true;
}

}  // namespace fenkit::pgn
