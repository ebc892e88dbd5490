// Parses one game's text (a span found by the GameScanner) and calls the visitor (internal).
//
// The X3 grammar (grammar/pgn_def.hpp) only recognises tokens; every token goes to one of the
// on_* handlers below, which keep the positions of the main line and its variations, resolve
// moves, and decide what the visitor sees.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/position.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/pgn/reader.hpp"
#include "fenkit/pgn/visitor.hpp"

namespace fenkit::pgn::detail {

struct GameText {
  std::string_view text;    // the game, exactly as read
  const char* buffer_begin; // start of the surrounding buffer (for % lines at line starts)
  std::uint32_t buffer_column;  // column of buffer_begin[0]
  std::uint64_t offset;     // offset of text[0] in the whole input
  std::uint32_t line;       // line of text[0]
  std::uint64_t number;     // game number
};

class GameParser {
 public:
  GameParser(Visitor& visitor, const ReaderOptions& options);

  // Parses and visits one game; returns false if the game was rejected.
  bool parse(const GameText& game);

  // ---------------------------------------------------------------- grammar callbacks
  // Each returns false to stop parsing the game (it was rejected).
  bool on_tag(std::string_view name, std::string_view raw_value, bool unclosed, const char* at);
  bool on_prefix_comment(std::string_view text, const char* at);
  bool on_move(const fen::SanMove& san, std::string_view token, const char* at);
  bool on_move_number(const char* at);
  bool on_suffix(std::string_view suffix, const char* at);
  bool on_nag(unsigned nag, const char* at);
  bool on_comment(std::string_view text, const char* at);
  bool on_open_variation(const char* at);
  bool on_close_variation(const char* at);
  bool on_result(std::string_view token, const char* at);
  bool on_bad_token(std::string_view token, const char* at);
  bool on_unclosed_comment(const char* at);
  bool rejected() const { return rejected_; }

 private:
  // One line of play: the main line, or a variation inside it.
  struct Line {
    fen::Position before;   // before the last move of this line
    fen::Position current;  // after it
    std::uint32_t ply = 0;
    bool has_move = false;
    bool visible = true;    // the visitor sees this line's events
    bool dead = false;      // a bad move was met; the rest of the variation is skipped
  };

  bool begin_movetext(const char* at);
  void read_movetext(const char* first, const char* last);
  bool finish(const char* stop);
  void check_result_against_board(std::string_view result, const char* at);
  bool reject(const char* at, std::string message);
  void warn(const char* at, std::string message);
  Location locate(const char* at);
  Location move_location(const char* at);
  bool visible() const { return !muted_ && !lines_.empty() && lines_.back().visible; }
  std::string move_label(const fen::Position& pos) const;
  std::string_view unescape_tag(std::string_view raw);

  Visitor& visitor_;
  const ReaderOptions& options_;
  GameText game_{};
  std::vector<Line> lines_;  // reused from game to game

  bool skipped_ = false;         // the visitor skipped the game: no checks, no callbacks
  bool muted_ = false;           // the visitor skipped the rest of the game: checks only
  bool ignored_ = false;         // the visitor wants nothing more of the game: no checks either
  bool rejected_ = false;
  bool in_movetext_ = false;
  bool has_result_ = false;
  std::string fen_tag_, variant_tag_, result_tag_;
  const char* fen_tag_at_ = nullptr;
  const char* variant_tag_at_ = nullptr;
  bool setup_tag_ = false;
  const char* setup_tag_at_ = nullptr;
  std::vector<std::pair<std::string_view, const char*>> prefix_comments_;

  // Incremental line counting for locations (each byte is counted once per game).
  const char* tracked_ = nullptr;
  std::uint32_t tracked_line_ = 0;
  const char* tracked_line_start_ = nullptr;
  std::uint32_t tracked_line_start_column_ = 1;

  std::string unescaped_;  // tag values with \" and \\ resolved
  std::string converted_;  // text converted to UTF-8
};

}  // namespace fenkit::pgn::detail
