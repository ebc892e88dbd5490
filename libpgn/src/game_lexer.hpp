// The one lexer of PGN text (internal): it reads a text game after game, and decides where each
// game ends as it reads (the rules are in game_boundaries.hpp). It serves two uses with one loop:
//   - finding games (GameLexer<NoSink>): the Chunker cuts and counts games, and looks at
//     nothing else: raw tokens are jumped over sixteen bytes at a time;
//   - reading games (GameLexer<GameParser>): every tag, token and comment also goes to the
//     sink, which resolves moves and calls the visitor.
// A game the sink gives up (rejected, skipped, or ignored by the visitor) is finished by the
// finding loop from where the sink stopped. Because finding and reading are the same code, a
// chunk cut by finding holds exactly the games a reader of the whole text finds there, and each
// byte of a game is lexed once.
//
// The sink's handlers each return false to stop reading the game (it only hears end_game then);
// what ends a game (a result, a comment broken by the next game) ends it whatever they answer.
// A sink reads only whole texts (`final`): need_more, which rewinds, is for finding games.
//
// A game may be no longer than a limit (ReaderOptions::max_game_bytes): the lexer sees only the
// game's first so many bytes, as if the text ended there and went on, so that whether a game
// passes the limit is decided by those bytes alone, wherever the text is cut. A game that has
// not ended within them is cut there: it reaches on to the first synchronisation point at or
// after its limit (or the end of the text), and the sink hears past_limit() before its end.
// Synchronisation points are the exception: one that begins at or before the limit ends the
// game there, judged on the text as far as the judgement looks (sync_at), as the chunks cut
// there and the byte ranges that begin there judge it.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string_view>

#include "byte_search.hpp"
#include "common_move_cache.hpp"
#include "game_boundaries.hpp"
#include "grammar/pgn.hpp"
#include "grammar/pgn_lexical.hpp"
#include "movetext_tokens.hpp"

namespace fenkit::pgn::detail {

enum class Found : std::uint8_t {
  game,       // a game was read
  need_more,  // the text ends inside a game (only when it is not final): nothing moved
  none,       // no game before the end of the text
  // A game passed its limit and no synchronisation point follows the limit in the text (only
  // when it is not final): the position is at the limit, game_begin() tells where it began.
  past_limit,
};

// Lines of the text, counted as the lexer goes: where the current line begins gives columns.
struct LineCount {
  std::uint64_t line = 1;            // of the lexer's position
  const char* line_start = nullptr;  // first byte of that line (or of the text)
  std::uint32_t start_column = 1;    // column of line_start[0]
  std::uint32_t column(const char* at) const {
    return std::uint32_t(at - line_start) + start_column;
  }
  // A line end was passed: the next line begins at `start`.
  void next_line(const char* start) {
    ++line;
    line_start = start;
    start_column = 1;
  }
};

// A search for a byte that a later search from inside the stretch searched takes up: no `c` in
// [from, at), and `at` holds c unless it is `limit`, where the search stopped.
struct RememberedSearch {
  const char* from = nullptr;
  const char* at = nullptr;
  const char* limit = nullptr;

  // The first `c` in [p, end), or end.
  const char* find(const char* p, const char* end, char c) {
    if (from && from <= p && p <= at) {
      if (at != limit) return at < end ? at : end;
      if (end <= limit) return end;
    }
    from = p;
    at = find_byte(p, end, c);
    limit = end;
    return at;
  }
};

// The sink of a lexer that only finds games.
struct NoSink {
  static constexpr bool reads = false;
};

template <class Sink>
class GameLexer {
 public:
  // A lexer over `text` that starts at offset `pos`, on line `line` and column `column`.
  GameLexer(std::string_view text, Sink* sink, std::size_t pos, std::uint64_t line,
            std::uint32_t column)
      : base_(text.data()),
        text_end_(text.data() + text.size()),
        end_(text_end_),
        p_(base_ + pos),
        sink_(sink) {
    lines_.line = line;
    lines_.line_start = p_;
    lines_.start_column = column;
    if constexpr (kReads)
      if (!sink->checks_moves()) moves_ = &CommonMoveCache::of_this_thread();
  }

  // Reads the next game. With `final` false, a game that reaches the end of the text (or whose
  // end depends on what follows it) is not read: need_more leaves the position where it was,
  // so the caller can append input and ask again.
  Found next(bool final);

  // Games no longer than `max_bytes` (from their first byte to their end).
  void limit_games(std::uint64_t max_bytes) { max_game_ = max_bytes ? max_bytes : 1; }

  std::size_t pos() const { return std::size_t(p_ - base_); }
  std::uint64_t line() const { return lines_.line; }
  std::uint32_t column() const { return lines_.column(p_); }
  // After need_more: where the text before it holds no game, from where the call began (the
  // blank text, byte-order marks and escape lines between games end there).
  std::size_t blank_end() const { return std::size_t(blank_end_ - base_); }
  // After need_more: an escape line ('%' at a line's start) between games begins at blank_end()
  // and the text ends before its line end.
  bool in_escape_line() const { return escape_line_; }
  // The game last begun: its first byte, line and column (after past_limit, the one past it).
  std::size_t game_begin() const { return std::size_t(begin_ - base_); }
  std::uint64_t game_line() const { return begin_line_; }
  std::uint32_t game_column() const { return begin_column_; }

 private:
  static constexpr bool kReads = Sink::reads;

  enum class Stop : std::uint8_t {
    game_over,     // the game ends at p_
    need_more,     // the text ends too soon to tell
    restart,       // only comments so far, and a game begins at p_: they lie between games
    sink_stopped,  // the sink gave the game up: find its end without it
    movetext,      // the tag section is over: the movetext begins at p_
  };

  template <bool Reading>
  Stop run();
  template <bool Reading>
  Stop tag_section();
  // Cached: common moves go through the table (moves_ is set).
  template <bool Cached>
  Stop read_movetext();
  Stop find_movetext_end();
  Stop at_text_end() const { return !final_ ? Stop::need_more : Stop::game_over; }
  bool newline(Stop& stop);
  // Whether a line of movetext that begins with `c` is one newline() would only count: not
  // blank, not a tag, not an escape, not "1." after a blank line (a game without tags).
  bool plain_line_start(char c) const {
    return !(byte_flags(c) & kBlank) && c != '\n' && c != '[' && c != '%' &&
           (c != '1' || !after_blank_line_);
  }
  void next_tag_line();
  template <bool Reading>
  bool brace_comment(Stop& stop) {
    return brace_comment<Reading>(stop, find_either(p_ + 1, end_, '}', '\n'));
  }
  // `found`: the first '}' or line end after the brace, or the text's end.
  template <bool Reading>
  bool brace_comment(Stop& stop, const char* found);
  template <bool Reading>
  bool line_comment();
  // Inlined by force into tag_section, its one caller: a dozen tags a game went through a call.
  template <bool Reading>
  [[gnu::always_inline]] inline bool tag(Stop& stop);
  template <bool Reading>
  bool result_at(const char* p, Stop& stop);
  template <bool Cached>
  [[gnu::always_inline]] inline const char* read_tokens(const char* p);
  // MovetextTokenReader::read_common_move, through the table when Cached: then only the move's
  // end is found, and `san` is left as it is (the sink does not resolve moves).
  template <bool Cached>
  [[gnu::always_inline]] const char* read_common_move(const char* p, fen::SanMove& san) {
    if constexpr (Cached)
      return moves_->read(p);
    else
      return MovetextTokenReader::read_common_move(p, san);
  }
  // read_tokens for the rest of a raw token that began with a move number: kept out of the
  // fast lane, which stays small.
  template <bool Cached>
  [[gnu::noinline]] const char* read_glued_tokens(const char* p) {
    return read_tokens<Cached>(p);
  }
  bool begin_content();
  void start_game();
  // The game passed its limit (end_): on to the first synchronisation point at or after it.
  Found past_limit(bool final);
  // Whether a synchronisation point begins at `p`, judged on the text, past the game's limit if
  // need be; undecided (text_short_ set) when a text that is not final ends too soon to tell.
  SyncVerdict sync_at(const char* p) {
    const SyncVerdict verdict = sync_point_verdict(base_, p, text_end_);
    if (verdict != SyncVerdict::undecided) return verdict;
    if (text_final_) return SyncVerdict::no;
    text_short_ = true;
    return verdict;
  }
  // The first synchronisation point whose line begins in (from, to] before the text's end
  // (sync_at); null if none, or if the text ends before one is decided (text_short_).
  const char* find_sync(const char* from, const char* to) {
    for (const char* p = from; p < to;) {
      const char* nl = static_cast<const char*>(std::memchr(p, '\n', std::size_t(to - p)));
      if (!nl) return nullptr;
      p = nl + 1;
      if (p == text_end_) return nullptr;
      if (*p != '[') continue;
      const SyncVerdict verdict = sync_at(p);
      if (verdict == SyncVerdict::yes) return p;
      if (verdict == SyncVerdict::undecided) return nullptr;
    }
    return nullptr;
  }
  // Counts the line ends in [from, to).
  void count_lines(const char* from, const char* to) {
    for (const char* nl = from;
         (nl = static_cast<const char*>(std::memchr(nl, '\n', std::size_t(to - nl))));)
      lines_.next_line(++nl);
  }
  // The end of the line at `p` (its '\n', or end_): the tags that share a long line (broken
  // ones, "[a][a][a]...") each look for it, and would each search the rest of the line.
  const char* line_end(const char* p) { return line_ends_.find(p, end_, '\n'); }
  // The first '}' at or after `p` (or null): a comment not closed on its line looks for its '}'
  // as far as it must, and the comments of many broken games could each look as far as the
  // same distant one.
  const char* next_close(const char* p) {
    const char* close = closes_.find(p, end_, '}');
    return close == end_ ? nullptr : close;
  }

  bool seen(std::string_view name) const {
    for (std::size_t i = 0; i < name_count_; ++i)
      if (names_[i] == name) return true;
    return false;
  }
  void remember(std::string_view name) {
    if (name_count_ < names_.size()) names_[name_count_++] = name;
  }

  const char* const base_;
  const char* const text_end_;
  // The end of what the lexer looks at: the text's end between games, and within a game the
  // game's limit when that comes first.
  const char* end_;
  const char* p_;
  Sink* sink_;
  // The table of common moves, used when moves are read and not replayed (with the moves
  // counted in read_movetext's fast lane, `check --syntax-only` takes a quarter less time on
  // the masters archive, 15% less on the lichess-style file). A replay is better off without
  // it: the branches of decoding a move tell the branch predictor the move's shape just before
  // resolving the move branches on that shape again, and with a lookup instead those later
  // branches miss (bench/pgn_bench: a replay 9% slower with a table of one move per slot;
  // `check` 14% slower with sets of four that keep the decoded moves).
  CommonMoveCache* moves_ = nullptr;
  LineCount lines_;
  bool final_ = true;  // the text ends at end_ (not at a game's limit, and nothing follows)
  bool text_final_ = true;  // next()'s `final`
  std::uint64_t max_game_ = UINT64_MAX;
  bool limited_ = false;  // the game being read ends at its limit (end_) if not before
  bool text_short_ = false;  // a need for more text came from the text's end, not the limit
  const char* blank_end_ = nullptr;
  bool escape_line_ = false;
  // Searches that later ones may take up (line_end, next_close, a broken tag's quote), so that
  // no stretch of text is searched twice for one byte.
  RememberedSearch line_ends_, closes_, quotes_;

  // The game being read.
  const char* begin_ = nullptr;
  std::uint64_t begin_line_ = 0;
  std::uint32_t begin_column_ = 0;
  bool reading_ = false;          // the sink hears this game's parts
  bool in_tags_ = false;          // still in the tag section
  bool content_ = false;          // a tag or a movetext token: without one there is no game
  bool blank_in_tags_ = false;    // a blank line inside the tag section
  bool after_blank_line_ = false; // the line being started follows a blank line
  int depth_ = 0;                 // variation nesting
  // Tag names of the game, to notice a repeated one (bounded, never allocates).
  std::array<std::string_view, 48> names_{};
  std::size_t name_count_ = 0;
};

// ----------------------------------------------------------------------------------------------

template <class Sink>
Found GameLexer<Sink>::next(bool final) {
  end_ = text_end_;
  final_ = text_final_ = final;
  escape_line_ = false;
  const char* const from = p_;
  const LineCount from_lines = lines_;
  // Between games: blanks (no-break spaces too), byte-order marks and % escape lines belong to
  // no game.
  for (;;) {
    const char* p = p_;
    for (; p < end_; ++p) {
      if (*p == '\n') {
        lines_.next_line(p + 1);
      } else if (is_utf8_no_break_space(p, end_)) {
        ++p;
      } else if (!(byte_flags(*p) & kSkipped)) {
        break;
      }
    }
    p_ = p;
    if (end_ - p >= 3 && std::memcmp(p, "\xEF\xBB\xBF", 3) == 0) {
      p_ += 3;
      continue;
    }
    if (p < end_ && *p == '%' && (p == base_ || p[-1] == '\n')) {
      const char* eol = static_cast<const char*>(std::memchr(p, '\n', std::size_t(end_ - p)));
      if (!eol && !final) {
        // need_more leaves the position where it was, so that a caller cutting the text there
        // keeps the context (a line start) the rest will be read in.
        blank_end_ = p;
        escape_line_ = true;
        p_ = from;
        lines_ = from_lines;
        return Found::need_more;
      }
      p_ = eol ? eol : end_;
      continue;
    }
    break;
  }
  blank_end_ = p_;
  if (p_ == end_) {
    if (!final) {
      p_ = from;
      lines_ = from_lines;
      return Found::need_more;
    }
    return Found::none;
  }

  for (;;) {
    start_game();
    Stop stop;
    if constexpr (kReads) {
      stop = reading_ ? run<true>() : run<false>();
      if (stop == Stop::sink_stopped) {
        reading_ = false;
        stop = run<false>();
      }
    } else {
      stop = run<false>();
    }
    if (stop == Stop::restart) {
      if constexpr (kReads) sink_->discard();
      continue;
    }
    // (A game that ends at its limit ends at a synchronisation point there: no look past it.)
    const bool ended_at_limit = limited_ && stop == Stop::game_over;
    if (stop == Stop::need_more || (p_ == end_ && !final_ && !ended_at_limit)) {
      if (limited_ && !text_short_) return past_limit(final);
      if constexpr (kReads) sink_->discard();
      p_ = from;
      lines_ = from_lines;
      return Found::need_more;
    }
    if (!content_) {
      if constexpr (kReads) sink_->discard();
      return Found::none;
    }
    if constexpr (kReads) sink_->end_game(begin_, p_);
    return Found::game;
  }
}

template <class Sink>
Found GameLexer<Sink>::past_limit(bool final) {
  const char* const limit = end_;
  end_ = text_end_;
  final_ = final;
  // The lines to the limit, counted from the game's start: the game's scan may have stopped
  // short of it.
  lines_.line = begin_line_;
  lines_.line_start = begin_;
  lines_.start_column = begin_column_;
  count_lines(begin_, limit);
  const char* sync = limit == text_end_ ? nullptr : find_sync_point(base_, limit - 1, text_end_);
  if (!sync && !final) {
    p_ = limit;
    return Found::past_limit;
  }
  p_ = sync ? sync : text_end_;
  count_lines(limit, p_);
  if constexpr (kReads) {
    // A game, whatever it held (comments before its tags too), and a rejected one.
    if (!content_) {
      content_ = true;
      begin_content();
    }
    sink_->past_limit(begin_, max_game_);
    sink_->end_game(begin_, p_);
  }
  return Found::game;
}

template <class Sink>
void GameLexer<Sink>::start_game() {
  begin_ = p_;
  begin_line_ = lines_.line;
  begin_column_ = lines_.column(p_);
  // The game's limit: the lexer sees no further, and the text goes on past it.
  limited_ = std::uint64_t(text_end_ - p_) > max_game_;
  end_ = limited_ ? p_ + max_game_ : text_end_;
  final_ = text_final_ && !limited_;
  text_short_ = false;
  name_count_ = 0;
  depth_ = 0;
  blank_in_tags_ = after_blank_line_ = false;
  // Comments before the tags belong to the tag section; anything else starts the movetext.
  in_tags_ = *p_ == '[' || *p_ == '{' || *p_ == ';';
  content_ = !in_tags_;
  reading_ = false;
  if constexpr (kReads) {
    reading_ = true;
    sink_->start_game(begin_, &lines_);
    if (content_) reading_ = begin_content() && sink_->begin_movetext(p_);
  }
}

// The game has its first tag or token: the sink hears of it.
template <class Sink>
bool GameLexer<Sink>::begin_content() {
  return sink_->begin_game(begin_, begin_line_, begin_column_);
}

template <class Sink>
template <bool Reading>
typename GameLexer<Sink>::Stop GameLexer<Sink>::run() {
  if (in_tags_) {
    const Stop stop = tag_section<Reading>();
    if (stop != Stop::movetext) return stop;
  }
  if constexpr (Reading)
    return moves_ ? read_movetext<true>() : read_movetext<false>();
  else
    return find_movetext_end();
}

// The tag section: tags, comments before and among them, blank lines. Leaves it (in_tags_
// false, Stop::movetext at the movetext's first byte) at anything else.
template <class Sink>
template <bool Reading>
typename GameLexer<Sink>::Stop GameLexer<Sink>::tag_section() {
  for (;;) {
    if (p_ == end_) return at_text_end();
    Stop stop = Stop::game_over;
    const char c = *p_;
    if (byte_flags(c) & kSkipped) {
      ++p_;
      continue;
    }
    switch (c) {
      case '\n':
        if (!newline(stop)) return stop;
        continue;
      case '[':
        if (!tag<Reading>(stop)) return stop;
        next_tag_line();
        continue;
      case '{':
        if (!brace_comment<Reading>(stop)) return stop;
        continue;
      case ';':
        if (!line_comment<Reading>()) return Stop::sink_stopped;
        continue;
      case '\xC2':
        if (!is_utf8_no_break_space(p_, end_)) break;
        p_ += 2;
        continue;
      default:
        break;
    }
    // Anything else is the movetext's first token, the start of a raw token (after a tag's
    // ']' too): a result there ends the game, whether the sink reads on or not.
    in_tags_ = false;
    const bool first_content = !content_;
    content_ = true;
    bool reading = false;
    if constexpr (Reading)
      reading = (!first_content || begin_content()) && sink_->begin_movetext(p_);
    if (byte_flags(*p_) & kResultStart) {
      if constexpr (Reading) {
        if (reading ? result_at<true>(p_, stop) : result_at<false>(p_, stop)) return stop;
      } else {
        if (result_at<false>(p_, stop)) return stop;
      }
    }
    return Reading && !reading ? Stop::sink_stopped : Stop::movetext;
  }
}

template <class Sink>
template <bool Cached>
typename GameLexer<Sink>::Stop GameLexer<Sink>::read_movetext() {
  const char* const end = end_;  // a local: the sink's calls could change any member
  const char* p = p_;
  // When the sink only counts moves, the fast lane counts them here and tells the sink of them
  // before anything else reaches it (check --syntax-only 5% faster on the masters archive).
  // Move numbers do not wait for them: the count does not change what they do.
  const bool counting = Cached && sink_->counts_moves_only();
  std::uint32_t counted = 0;
  std::uint32_t comment_length = 17;  // from '{' to '}' of the last short comment (1 to 32)
  // The shapes of the last two move numbers ("12." and "12..." in a lichess export), and which
  // one the next number is expected to have.
  MovetextTokenReader::MoveNumberShape number_shapes[2] = {{1, 1}, {1, 3}};
  unsigned next_number = 0;
  const auto tell_counted = [&] {
    if (counted) sink_->count_moves(counted);
    counted = 0;
  };
  // After a token the fast lane read: past the one space that nearly always follows it, as the
  // lane's next turn would have stepped (a turn a token saved, 4% of a parse of the masters
  // archive). `q` is before the text's end.
  const auto past_space = [](const char* q) { return q + (*q == ' '); };
  for (;;) {
    // The fast lane: a move, a move number with or without its move, a comment closed on its
    // line, a blank, away from the text's end. Nearly all of a main line goes this way;
    // anything else (and a move number that might be a result) takes the general steps below.
    if (end - p >= 32) {
      const char c = *p;
      if (c == ' ') {
        ++p;
        continue;
      }
      if (c == '{') {
        // A comment closed on its line (the lichess exports' clocks and evaluations after
        // every move): settled with one look. Comments of a game often have one length (the
        // clocks "{ [%clk 0:03:00] }"): where the last one's length fits, the next byte is
        // known without waiting for the search, which then only confirms it.
        const char* close = p + comment_length;
        if (end - p < 48 || *close != '}' || closes_before(p + 1, comment_length - 1)) {
          close = find_either(p + 1, end, '}', '\n');
          if (close != end && close - p <= 32) comment_length = std::uint32_t(close - p);
        }
        if (close != end && *close == '}') {
          // A comment the sink passes over changes nothing the moves counted so far could
          // change: they wait for the next event that matters (on the lichess-style file every
          // move is followed by one, and the count would otherwise be told move by move).
          if (!(counting && sink_->passes_over_comments())) {
            tell_counted();
            p_ = close + 1;
            if (!sink_->comment(std::string_view(p + 1, std::size_t(close - p - 1)), p))
              return Stop::sink_stopped;
          }
          // Past the space after it too, as after a move (a turn of the loop saved).
          p = close + 1;
          if (p != end && *p == ' ') ++p;
          continue;
        }
      } else if (san_flags(c) & kMoveStart) {
        fen::SanMove san;
        const char* q = read_common_move<Cached>(p, san);
        if (q && is_delimiter(*q)) {
          if (counting) {
            ++counted;
            p = past_space(q);
            continue;
          }
          if (!sink_->move(san, std::string_view(p, std::size_t(q - p)), p)) {
            p_ = q;
            return Stop::sink_stopped;
          }
          p = past_space(q);
          continue;
        }
      } else if ((byte_flags(c) & kDigit) && c != '0' && p[1] != '-' && p[1] != '/') {
        MovetextTokenReader::MoveNumberShape& shape = number_shapes[next_number];
        next_number ^= 1;
        if (const char* q = MovetextTokenReader::read_move_number(p, end, shape)) {
          if (!sink_->move_number(p)) {
            tell_counted();
            p_ = q;
            return Stop::sink_stopped;
          }
          p = q;
          if (q == end) continue;
          if (is_delimiter(*q)) {
            p = past_space(q);
            continue;
          }
          // What is written against the number ("12.e4") goes on the same raw token: not
          // where a result could end the game. Nearly always the move alone.
          fen::SanMove san;
          const char* r = end - q >= 8 ? read_common_move<Cached>(q, san) : nullptr;
          if (r && is_delimiter(*r)) {
            if (counting) {
              ++counted;
              p = past_space(r);
              continue;
            }
            if (!sink_->move(san, std::string_view(q, std::size_t(r - q)), q)) {
              p_ = r;
              return Stop::sink_stopped;
            }
            p = past_space(r);
            continue;
          }
          tell_counted();
          if (!(p = read_glued_tokens<Cached>(q))) return Stop::sink_stopped;
          continue;
        }
      }
    }
    tell_counted();  // the general steps below may reach the sink
    if (p == end) {
      p_ = p;
      return at_text_end();
    }
    const char c = *p;
    const std::uint8_t flags = byte_flags(c);
    if (flags & kSkipped) {
      ++p;
      continue;
    }
    if (!(flags & kDelimiter)) {  // a raw token begins
      Stop stop = Stop::game_over;
      if ((flags & kResultStart) && depth_ == 0 && result_at<true>(p, stop)) return stop;
      if (c == '\xC2' && is_utf8_no_break_space(p, end_)) {
        p += 2;
        continue;
      }
      p = read_tokens<Cached>(p);
      if (!p) return Stop::sink_stopped;
      continue;
    }
    p_ = p;
    Stop stop = Stop::game_over;
    switch (c) {
      case '\n':
        if (!newline(stop)) return stop;
        break;
      case '{':
        if (!brace_comment<true>(stop)) return stop;
        break;
      case '}':
        ++p_;
        if (!sink_->stray_brace(p)) return Stop::sink_stopped;
        break;
      case ';':
        if (!line_comment<true>()) return Stop::sink_stopped;
        break;
      case '(':
        ++depth_;
        ++p_;
        if (!sink_->open_variation(p)) return Stop::sink_stopped;
        break;
      case ')':
        if (depth_) --depth_;
        ++p_;
        if (!sink_->close_variation(p)) return Stop::sink_stopped;
        break;
      default:
        break;
    }
    p = p_;
  }
}

// The movetext without a sink: only what decides the game's end gets a look (line ends,
// comments, variations, results); the rest is jumped over.
template <class Sink>
typename GameLexer<Sink>::Stop GameLexer<Sink>::find_movetext_end() {
  for (;;) {
    const char* p = next_movetext_stop(p_, end_);
    p_ = p;
    if (p == end_) return at_text_end();
    Stop stop = Stop::game_over;
    switch (*p) {
      case '\n':
        // Most lines of a movetext begin with a move or a move number, where no rule of
        // newline() applies: only the count moves on.
        if (end_ - p >= 2 && plain_line_start(p[1])) {
          lines_.next_line(p + 1);
          after_blank_line_ = false;
          p_ = p + 1;
          continue;
        }
        if (!newline(stop)) return stop;
        continue;
      case '{': {
        // A comment closed on its line (after every move of a lichess export) is passed over
        // here, without a call; brace_comment() has the rest, from the same search.
        const char* found = find_either(p + 1, end_, '}', '\n');
        if (found != end_ && *found == '}') {
          p_ = found + 1;
          continue;
        }
        if (!brace_comment<false>(stop, found)) return stop;
        continue;
      }
      case ';':
        line_comment<false>();
        continue;
      case '(':
        ++depth_;
        ++p_;
        continue;
      case ')':
        if (depth_) --depth_;
        ++p_;
        continue;
      default: {
        // A result starts a raw token: at the game's first byte, or after a delimiter. Its
        // second byte is the one found for "1-0", "0-1", "1/2-1/2" and "1/2".
        const char* start = *p == '-' || *p == '/' ? p - 1 : p;
        if (depth_ == 0 && start >= begin_ && (start == begin_ || is_delimiter(start[-1])) &&
            result_at<false>(start, stop))
          return stop;
        ++p_;
        continue;
      }
    }
  }
}

// A result token at `p`, the start of a raw token at depth 0, ends the game.
template <class Sink>
template <bool Reading>
bool GameLexer<Sink>::result_at(const char* p, Stop& stop) {
  const std::size_t n = result_length(p, end_);
  if (!n) return false;
  if (p + n == end_ && !final_) {  // "1/2" may go on as "1/2-1/2"
    stop = Stop::need_more;
    return true;
  }
  p_ = p + n;
  stop = Stop::game_over;  // whatever the sink makes of it
  if constexpr (Reading) sink_->result(std::string_view(p, n), p);
  return true;
}

// The tokens of the raw token at `p` (a token byte at a raw token's start), to the sink. Returns
// the position after them, or null when the sink stopped reading (p_ is then after the token
// it stopped at). Move numbers and the common moves come first: they are nearly all there is.
template <class Sink>
template <bool Cached>
inline const char* GameLexer<Sink>::read_tokens(const char* p) {
  using Kind = MovetextToken::Kind;
  if (end_ - p >= 32) [[likely]] {
    // The usual raw tokens, with room to look ahead: "12.", "12...", "e4", "12.Nf3".
    const char* q = p;
    if ((byte_flags(*q) & kDigit) && *q != '0') {
      do ++q;
      while (q != end_ && (byte_flags(*q) & kDigit));
      if (q != end_ && *q == '.') {
        do ++q;
        while (q != end_ && *q == '.');
        if (q != end_ && (is_delimiter(*q) || is_move_start(*q))) {
          if (!sink_->move_number(p)) {
            p_ = q;
            return nullptr;
          }
          if (is_delimiter(*q)) return q;
          p = q;
        }
      }
    }
    fen::SanMove san;
    if (end_ - p >= 8 && (q = read_common_move<Cached>(p, san)) && is_delimiter(*q)) {
      if (!sink_->move(san, std::string_view(p, std::size_t(q - p)), p)) {
        p_ = q;
        return nullptr;
      }
      return q;
    }
  }
  for (;;) {
    const char* q;
    if ((byte_flags(*p) & kDigit) && *p != '0' &&
        (q = MovetextTokenReader::read_move_number(p, end_))) {
      p_ = q;
      if (!sink_->move_number(p)) return nullptr;
    } else {
      MovetextToken t{};
      q = MovetextTokenReader::read(p, end_, t);
      p_ = q;
      bool go_on = true;
      switch (t.kind) {
        case Kind::move: go_on = sink_->move(t.san, t.text, p); break;
        case Kind::move_number: go_on = sink_->move_number(p); break;
        case Kind::result: go_on = sink_->result(t.text, p); break;
        case Kind::nag: go_on = sink_->nag(t.nag, p); break;
        case Kind::suffix: go_on = sink_->suffix(t.text, p); break;
        case Kind::ignorable: break;
        case Kind::bad: go_on = sink_->bad_token(t.text, p); break;
      }
      if (!go_on) return nullptr;
    }
    // The raw token goes on unless a delimiter (or a no-break space) ends it, or the token
    // just read ended with one (a promotion "e8(Q)").
    if (q == end_ || is_delimiter(*q) || q[-1] == ')' || is_utf8_no_break_space(q, end_)) return q;
    p = q;
  }
}

// At a line end (p_ at '\n'): the rules that look at the start of the next line. False when the
// game ends or the lexer must stop (`stop` says which).
template <class Sink>
bool GameLexer<Sink>::newline(Stop& stop) {
  const char* p = p_ + 1;
  lines_.next_line(p);
  if (p == end_ && p != text_end_ && *p == '[') {
    // A line that begins at the game's limit ends the game if it is a synchronisation point.
    const SyncVerdict verdict = sync_at(p);
    if (verdict != SyncVerdict::no) {
      p_ = p;
      stop = verdict == SyncVerdict::undecided ? Stop::need_more
             : content_                          ? Stop::game_over
                                                 : Stop::restart;
      return false;
    }
  }
  const char* q = p;
  while (q < end_ && is_blank(*q)) ++q;
  if (q == end_) {
    p_ = q;
    return true;  // the loop finds the end of the text
  }
  const char c = *q;
  if (c == '\n') {
    if (in_tags_) blank_in_tags_ = true;
    after_blank_line_ = true;
    p_ = q;
    return true;
  }
  if (c == '[') {
    if (!in_tags_ && content_) {  // the next game's tags
      p_ = p;
      stop = Stop::game_over;
      return false;
    }
    if (!content_) {
      // Only comments so far, then a synchronisation point: the comments lie between games
      // (no game reaches across a synchronisation point) and the game begins here.
      const SyncVerdict verdict = sync_at(q);
      if (verdict != SyncVerdict::no) {
        p_ = q;
        stop = verdict == SyncVerdict::yes ? Stop::restart : Stop::need_more;
        return false;
      }
    }
  }
  // A game without tags or result, then a blank line and "1.": the next game.
  if (after_blank_line_ && !in_tags_ && content_ && depth_ == 0 && c == '1' && q + 1 < end_ &&
      q[1] == '.') {
    p_ = p;
    stop = Stop::game_over;
    return false;
  }
  after_blank_line_ = false;
  if (c == '%' && q == p) {  // an escape line: '%' in the first column only
    const char* eol = static_cast<const char*>(std::memchr(q, '\n', std::size_t(end_ - q)));
    p_ = eol ? eol : end_;
    return true;
  }
  p_ = q;
  return true;
}

// After a tag (p_ after its ']'): when the next line begins with the next tag, as nearly every
// tag section goes on, p_ moves to it. No rule of newline() applies there once the game has a
// tag: a '[' in the first column of a line in the tag section is the game's next tag.
template <class Sink>
void GameLexer<Sink>::next_tag_line() {
  const char* p = p_;
  if (end_ - p >= 3 && *p == '\r') ++p;
  if (end_ - p >= 2 && p[0] == '\n' && p[1] == '[') {
    lines_.next_line(p + 1);
    after_blank_line_ = false;
    p_ = p + 1;
  }
}

// A brace comment at p_. Most close on their own line, where no synchronisation point can be:
// one look for '}' or a line end settles them. False when the game ends inside the comment (it
// is broken), or the sink stopped.
template <class Sink>
template <bool Reading>
bool GameLexer<Sink>::brace_comment(Stop& stop, const char* found) {
  const char* const open = p_;
  if (found == end_ || *found != '}') {
    const char* close = next_close(open);
    const char* sync = find_sync(open, close ? close : end_);
    const char* stop_at = sync ? sync : close ? close : end_;
    if (!sync && ((!close && !final_) || text_short_)) {
      stop = Stop::need_more;
      return false;
    }
    // Count the comment's lines, up to where it ends (or the game does).
    for (const char* nl = open; (nl = static_cast<const char*>(
                                     std::memchr(nl, '\n', std::size_t(stop_at - nl))));) {
      ++nl;
      lines_.next_line(nl);
    }
    if (sync || !close) {
      // A broken game, even when the comment is all it holds: reported, not dropped.
      const bool first_content = !content_;
      content_ = true;
      p_ = stop_at;
      stop = Stop::game_over;  // whatever the sink makes of it
      if constexpr (Reading) {
        if (!first_content || begin_content()) sink_->unclosed_comment(open);
      }
      return false;
    }
    found = close;
  }
  p_ = found + 1;
  if constexpr (Reading) {
    const std::string_view text(open + 1, std::size_t(found - open - 1));
    const bool go_on = in_tags_ ? sink_->prefix_comment(text, open) : sink_->comment(text, open);
    if (!go_on) {
      stop = Stop::sink_stopped;
      return false;
    }
  }
  return true;
}

// A ';' comment at p_, to the end of its line. False when the sink stopped.
template <class Sink>
template <bool Reading>
bool GameLexer<Sink>::line_comment() {
  const char* const start = p_;
  const char* eol =
      static_cast<const char*>(std::memchr(start, '\n', std::size_t(end_ - start)));
  p_ = eol ? eol : end_;
  if constexpr (Reading) {
    const std::string_view text(start + 1, std::size_t(p_ - start - 1));
    return in_tags_ ? sink_->prefix_comment(text, start) : sink_->comment(text, start);
  }
  return true;
}

// A tag at p_ ('[' in the tag section). False when the game ends before it (a new game begins
// with it) or the lexer must stop.
template <class Sink>
template <bool Reading>
bool GameLexer<Sink>::tag(Stop& stop) {
  const char* const open = p_;
  // A tag after a blank line may begin a new game at a synchronisation point (where a byte range
  // may begin): judged first, on the text, whatever the rest of the line and the game's limit.
  const bool after_blank = open - base_ >= 2 && follows_blank_line(base_, open);
  if (content_ && after_blank) {
    const SyncVerdict verdict = sync_at(open);
    if (verdict != SyncVerdict::no) {
      stop = verdict == SyncVerdict::yes ? Stop::game_over : Stop::need_more;
      return false;
    }
  }
  // Where a tag ends depends on the rest of its line (`[Round ]* "x"]` ends at its last ']'
  // only because a quote follows), and a name cut off could look like an earlier one ("[Eve"):
  // a line the text does not finish waits for more input.
  if (!final_ && line_end(open) == end_) {
    stop = Stop::need_more;
    return false;
  }
  // The tag grammar never reads past a line end, so the text's end can be its limit.
  grammar::Tag parsed;
  const char* after = open;
  std::string_view name;
  const char* eol = end_;
  const bool ok = grammar::parse_tag(after, end_, parsed);
  if (ok) {
    name = parsed.name;
  } else {
    eol = line_end(open);
    const char* name_end;
    after = skip_broken_tag(open, eol, name_end, quotes_.find(open + 1, eol, '"'));
    name = std::string_view(open + 1, std::size_t(name_end - open - 1));
  }
  // A tag after a blank line that repeats a name of the game begins a new one, tag-only games.
  if (blank_in_tags_ && seen(name)) {
    stop = Stop::game_over;
    return false;
  }
  remember(name);
  const bool first_content = !content_;
  content_ = true;
  p_ = after;
  if constexpr (Reading) {
    bool go_on = !first_content || begin_content();
    if (go_on) {
      if (ok) {
        go_on = sink_->tag(parsed.name, parsed.value, open);
      } else {
        // The quote ends with the token, and never after what the lexer took for the tag: the
        // rest of the line may belong to the next game (`[A]*[C]`), which a chunk cut there
        // does not hold.
        const char* token_end = open;
        while (token_end != eol && token_end != after && !is_delimiter(*token_end) &&
               !is_utf8_no_break_space(token_end, eol))
          ++token_end;
        go_on = sink_->malformed_tag(std::string_view(open, std::size_t(token_end - open)), open);
      }
    }
    if (!go_on) {
      stop = Stop::sink_stopped;
      return false;
    }
  }
  return true;
}

}  // namespace fenkit::pgn::detail
