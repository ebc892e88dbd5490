// MovetextLayout: fills lines of at most a given width with movetext tokens.
//
// Greedy: a token goes on the current line after one space if it fits, else it starts the
// next line. This is the layout the PGN standard's export format asks for and the one
// pgn-extract uses, so that for movetext of moves and NAGs alone the two agree byte for
// byte. Parentheses stay with their neighbours ("(12. Nf3" and "Nf3)"), which pgn-extract
// does not guarantee.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/pgn/detail/copy_bytes.hpp"
#include "small_numbers.hpp"

namespace fenkit::pgn {

class MovetextLayout {
 public:
  // Forgets the text and the layout state; the next token starts the first line.
  void restart(std::size_t width);

  // The movetext laid out so far.
  std::string_view text() const { return {buffer_.data(), size_}; }

  // A token of moves, numbers, NAGs or results.
  void put(std::string_view token);
  // A token of at most kShortToken bytes (a move, a move number) written straight into the
  // text, as the writer places a game's hundreds of them, without a call or a copy: when
  // takes_in_place(), write it at in_place(), then place(length). (A token made in a buffer of
  // its own byte by byte and copied with one wide load waits for those bytes to be stored
  // first, twice a move.) It goes one byte after the text, where a space or a line break will
  // be: either one is a byte. Otherwise (a '(' waits, or a ';' comment ends the line) put() it.
  static constexpr std::size_t kShortToken = 16;
  bool takes_in_place() const { return open_parentheses_ == 0 && !line_must_end_; }
  char* in_place() {
    if (size_ + 1 + kShortToken > buffer_.size()) grow(1 + kShortToken);
    return buffer_.data() + size_ + (size_ != line_start_ ? 1 : 0);
  }
  void place(std::size_t length) {
    if (size_ != line_start_) {
      // What start_token does when no '(' waits: a space, or a new line if it does not fit.
      const bool fits = size_ - line_start_ + 1 + length <= width_;
      buffer_[size_++] = fits ? ' ' : '\n';
      if (!fits) line_start_ = size_;
    }
    last_token_ = size_;
    size_ += length;
  }
  // "12." before a White move, "12..." before a Black one.
  void put_move_number(unsigned long long number, bool black) {
    if (number > 999'999'999 || !takes_in_place()) [[unlikely]] {
      char text[kShortToken + 8];
      put_move_number_token(number, black, text);
      return;
    }
    char* start = in_place();
    char* end = detail::write_unsigned(std::uint32_t(number), start);
    std::memcpy(end, "...", 3);
    place(std::size_t(end - start) + (black ? 3 : 1));
  }
  // "$12".
  void put_nag(unsigned nag);
  // "(" that opens a variation: written with the next token.
  void open_parenthesis() { ++open_parentheses_; }
  // ")" that closes one: written with the last token, which moves to a new line if the
  // parenthesis does not fit.
  void close_parenthesis();
  // "{ text }", broken between words. A word that starts with '%' never starts a line (it
  // would make an escape line), nor one that starts with '[' while it fits after the word
  // before it: both stay with that word.
  void put_comment(std::string_view text);
  // "; text": the rest of the line is the comment, so the next token starts a new line.
  void put_line_comment(std::string_view text);

  bool empty() const { return size_ == 0; }

 private:
  // Places what goes before a token of `length` bytes (a space or a line break, then any
  // pending "("); the caller then appends exactly `length` bytes.
  void start_token(std::size_t length, bool is_comment);
  void new_line();
  void put_move_number_token(unsigned long long number, bool black, char* text);

  // Appends without a library call per token: most tokens are a few bytes long, and a game
  // has hundreds of them.
  void append(const char* text, std::size_t length) {
    if (size_ + length > buffer_.size()) grow(length);
    detail::copy_bytes(buffer_.data() + size_, text, length);
    size_ += length;
  }
  void append(std::string_view text) { append(text.data(), text.size()); }
  void append(char c) {
    if (size_ == buffer_.size()) grow(1);
    buffer_[size_++] = c;
  }
  void grow(std::size_t length);

  // The text is the first size_ bytes of buffer_, which keeps its size (and capacity) from
  // game to game.
  std::string buffer_;
  std::size_t size_ = 0;
  std::size_t width_ = 79;
  std::size_t line_start_ = 0;  // where the current line starts
  std::size_t last_token_ = 0;  // where the last token starts
  int open_parentheses_ = 0;
  bool line_must_end_ = false;
  std::vector<std::string_view> words_;  // of the comment being placed (capacity kept)
};

}  // namespace fenkit::pgn
