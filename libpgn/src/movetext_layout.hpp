// MovetextLayout: fills lines of at most a given width with movetext tokens.
//
// Greedy: a token goes on the current line after one space if it fits, else it starts the
// next line. This is the layout the PGN standard's export format asks for and the one
// pgn-extract uses, so that for movetext of moves and NAGs alone the two agree byte for
// byte. Parentheses stay with their neighbours ("(12. Nf3" and "Nf3)"), which pgn-extract
// does not guarantee.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>

namespace fenkit::pgn {

class MovetextLayout {
 public:
  explicit MovetextLayout(std::string& out) : out_(out) {}

  // Forgets the layout state; the next token starts a line at the end of `out`.
  void restart(std::size_t width);

  // A token of moves, numbers, NAGs or results.
  void put(std::string_view token);
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

  bool empty() const { return out_.size() == first_; }

 private:
  // Places what goes before a token of `length` bytes (a space or a line break, then any
  // pending "("); the caller then appends exactly `length` bytes.
  void start_token(std::size_t length, bool is_comment);
  void new_line();

  std::string& out_;
  std::size_t width_ = 79;
  std::size_t first_ = 0;       // where this movetext starts in out_
  std::size_t line_start_ = 0;  // where the current line starts
  std::size_t last_token_ = 0;  // where the last token starts
  int open_parentheses_ = 0;
  bool line_must_end_ = false;
};

}  // namespace fenkit::pgn
