// What a game's parts mean (internal): the sink of the lexer (game_lexer.hpp) when it reads
// games. It keeps the positions of the main line and its variations, resolves moves, checks
// what must be checked, and decides what the visitor sees.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fenkit/fen/position.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/pgn/reader.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "grammar/pgn.hpp"

namespace fenkit::pgn::detail {

struct LineCount;

// The text being read, and where it lies in the whole input.
struct TextOrigin {
  const char* base = nullptr;  // the text's first byte
  const char* end = nullptr;   // the text's end
  std::uint64_t offset = 0;    // offset of base[0] in the whole input
  bool ends_input = true;      // nothing of the input follows the text
};

class GameParser {
 public:
  static constexpr bool reads = true;

  GameParser(Visitor& visitor, const ReaderOptions& options, TextOrigin origin,
             std::uint64_t first_game);

  std::uint64_t games() const { return games_; }
  // Whether moves are resolved and played (else only read and counted).
  bool checks_moves() const { return check_moves_; }
  // Whether moves are only counted: not resolved, and not shown to the visitor. The lexer may
  // then tell several moves of a line at once (count_moves) instead of each (move).
  bool counts_moves_only() const { return !check_moves_ && !visit_moves_; }
  std::uint64_t rejected_games() const { return rejected_games_; }

  // ---------------------------------------------------------------- the lexer's events
  // Each returns false when the game need not be read on (it was rejected, skipped or ignored).
  // A game starts at `begin`; the lexer's line count gives the places of what follows.
  void start_game(const char* begin, const LineCount* lines);
  // Its first tag or token: the visitor hears of the game.
  bool begin_game(const char* begin, std::uint64_t line, std::uint32_t column);
  // What started was no game (comments only).
  void discard();
  bool tag(std::string_view name, const grammar::TagValue& raw, const char* at);
  bool malformed_tag(std::string_view token, const char* at);
  bool prefix_comment(std::string_view text, const char* at);
  bool begin_movetext(const char* at);
  // The common cases inline (the lexer calls them for nearly every token), the rest below.
  // move is inlined by force: the lexer's two movetext loops (with and without the table of
  // common moves) are each too big for the compiler to inline it on its own.
  [[gnu::always_inline]] bool move(const fen::SanMove& san, std::string_view token,
                                    const char* at) {
    if (pending_castling_ || san.form == fen::SanMove::Form::null_move) [[unlikely]]
      return move_with_checks(san, token, at);
    return check_moves_ ? play(san, token, at) : count(token, at);
  }
  // `n` moves of the current line, when counts_moves_only(): told before any other event of
  // the line but move numbers, which do not depend on them.
  void count_moves(std::uint32_t n) {
    Line& line = lines_.back();
    if (line.dead) return;
    line.ply += n;
    line.has_move = true;
  }
  bool move_number(const char* at) { return !pending_castling_ || settle_pending(at); }
  bool suffix(std::string_view suffix, const char* at);
  bool nag(unsigned nag, const char* at);
  bool comment(std::string_view text, const char* at) {
    if (passes_over_comments()) return true;
    return deliver_comment(text, at);
  }
  // Whether a comment now would be passed over unread: nothing hears of it.
  bool passes_over_comments() const { return !options_.comments && !pending_castling_; }
  bool open_variation(const char* at);
  bool close_variation(const char* at);
  bool stray_brace(const char* at);
  // A result: the game's last token, or one written into a raw token (the lexer decides
  // which ends the game).
  bool result(std::string_view token, const char* at);
  bool bad_token(std::string_view token, const char* at);
  bool unclosed_comment(const char* at);
  // The game did not end within its first `limit` bytes (game_lexer.hpp): rejected, whatever
  // else it was, and its text not kept.
  void past_limit(const char* begin, std::uint64_t limit);
  void end_game(const char* begin, const char* end);

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

  bool reading() const { return !rejected_ && !skipped_ && !ignored_; }
  bool deliver_comment(std::string_view text, const char* at);
  // A comment given in UTF-8, or with its line and column.
  [[gnu::noinline]] void deliver_comment_located(std::string_view text, const char* at);
  bool move_with_checks(const fen::SanMove& san, std::string_view token, const char* at);
  // A move read without checking it (ReaderOptions::check_moves off): counted and visited.
  // Inlined by force for the count (the lexer's loop of a parse only is little else); the
  // visitor's event, with its frame, is out of line.
  [[gnu::always_inline]] bool count(std::string_view token, const char* at) {
    Line& line = lines_.back();
    if (line.dead) return true;
    ++line.ply;
    line.has_move = true;
    if (muted_ || !line.visible || !visit_moves_) return true;
    visit_counted_move(token, at);
    return true;
  }
  void visit_counted_move(std::string_view token, const char* at);
  std::uint16_t depth() const { return std::uint16_t(lines_.size() - 1); }
  // A move resolved against the position and played.
  bool play(const fen::SanMove& san, std::string_view token, const char* at);
  bool enter_movetext(const char* at);
  // Out of line: the rare rejection's message would give every caller a frame to build.
  [[gnu::noinline]] bool settle_pending(const char* at);
  bool on_result(std::string_view token, const char* at);
  // `at_input_end`: the game ends where the input does.
  void finish(const char* stop, bool at_input_end);
  void check_result_against_board(std::string_view result, const char* at);
  bool reject(const char* at, std::string message);
  void warn(const char* at, std::string message);
  Location locate(const char* at) const;
  Location move_location(const char* at) const {
    if (move_locations_) return locate(at);
    Location loc;
    loc.offset = origin_.offset + std::uint64_t(at - origin_.base);
    return loc;
  }
  bool visible() const { return !muted_ && !lines_.empty() && lines_.back().visible; }
  std::string move_label(const fen::Position& pos) const;
  std::string_view unescape_tag(std::string_view raw);
  // A copy of `value` that lasts to the game's end.
  std::string_view keep_changed_value(std::string_view value);

  Visitor& visitor_;
  const ReaderOptions& options_;
  const bool check_moves_, visit_moves_, move_locations_;  // options_'s, at hand on the hot path
  TextOrigin origin_;
  std::uint64_t next_number_;
  std::uint64_t games_ = 0, rejected_games_ = 0;

  // The last place located before the lexer's line (locate): the places asked for in a game
  // come in order (the comments before its movetext), so each counts lines from the last.
  mutable const char* located_at_ = nullptr;
  mutable std::uint64_t located_line_ = 0;
  mutable const char* located_line_start_ = nullptr;
  mutable std::uint32_t located_start_column_ = 0;

  // The game being read.
  const LineCount* lines_count_ = nullptr;
  const char* begin_ = nullptr;
  std::uint64_t begin_line_ = 0;
  std::uint32_t begin_column_ = 0;
  std::uint64_t number_ = 0;
  std::vector<Line> lines_;  // reused from game to game
  bool skipped_ = false;         // the visitor skipped the game: no checks, no callbacks
  bool muted_ = false;           // the visitor skipped the rest of the game: checks only
  bool ignored_ = false;         // the visitor wants nothing more of the game: no checks either
  bool rejected_ = false;
  bool past_limit_ = false;
  bool in_movetext_ = false;
  bool has_result_ = false;
  // "0-0" that no castling fits, in the main line: a wrong result if nothing follows it.
  const char* pending_castling_ = nullptr;
  std::string pending_message_;
  // Views of the values, which last to the game's end (changed_values_).
  std::string_view fen_tag_, variant_tag_, result_tag_;
  const char* fen_tag_at_ = nullptr;
  const char* variant_tag_at_ = nullptr;
  bool setup_tag_ = false;
  const char* setup_tag_at_ = nullptr;
  std::vector<std::pair<std::string_view, const char*>> prefix_comments_;

  std::string unescaped_;  // tag values with \" and \\ resolved
  std::string converted_;  // text converted to UTF-8
  // Tag values the reader changed (unescaped or converted), kept to the game's end as the
  // visitor may hold their views till then. Each string on its own: it never moves (a short
  // one's text is inside it) as more are added.
  std::vector<std::unique_ptr<std::string>> changed_values_;
  std::size_t changed_values_used_ = 0;
};

// Reads the games of `text` one at a time with the lexer and a GameParser (defined with the
// parser, so that the lexer's calls to it can be inlined): for a reader that hands out a game
// as soon as it is read, and so keeps what reading it made (its positions) while it is fresh.
class GameStream {
 public:
  GameStream(std::string_view text, Visitor& visitor, const ReaderOptions& options);
  ~GameStream();
  GameStream(const GameStream&) = delete;
  GameStream& operator=(const GameStream&) = delete;

  // Reads the next game into the visitor; false once the text, or the games wanted
  // (ReaderOptions::last_game_number), are done.
  bool next();
  ReadStats stats() const;
  // Where the text read so far ends.
  std::uint64_t end_line() const;
  std::uint32_t end_column() const;

 private:
  struct State;
  std::unique_ptr<State> state_;
};

// Reads every game of `text`; `end_line` and `end_column` say where the text ends.
ReadStats read_games(std::string_view text, Visitor& visitor, const ReaderOptions& options,
                     std::uint64_t& end_line, std::uint32_t& end_column);

}  // namespace fenkit::pgn::detail
