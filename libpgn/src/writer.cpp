#include "fenkit/pgn/writer.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <optional>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/pgn/detail/copy_bytes.hpp"
#include "fenkit/pgn/game_filter.hpp"
#include "move_notation.hpp"
#include "movetext_layout.hpp"

namespace fenkit::pgn {

namespace {

// Tags a game cannot be replayed without; kept when the other tags are dropped.
bool is_setup_tag(std::string_view name) {
  return name == "SetUp" || name == "FEN" || name == "Variant";
}

// Where `name` stands in the seven-tag roster, or -1. Every tag of every game is looked up:
// one name of the roster at most is compared, found by the name's length and first letter.
int roster_place(std::string_view name) {
  if (name.size() < 4 || name.size() > 6) return -1;
  int r;
  switch (name[0]) {
    case 'E': r = 0; break;
    case 'S': r = 1; break;
    case 'D': r = 2; break;
    case 'R': r = name.size() == 5 ? 3 : 6; break;
    case 'W': r = 4; break;
    case 'B': r = 5; break;
    default: return -1;
  }
  return kSevenTagRoster[std::size_t(r)] == name ? r : -1;
}

}  // namespace

struct PgnWriter::State {
  // A tag's name and value, kept in tag_text: a selection reads the tags of every game and
  // writes few of them, so taking a tag is two appends to one buffer.
  struct TagText {
    std::size_t name_at, name_size, value_at, value_size;
    int roster;  // its place in the seven-tag roster, or -1
  };
  std::string_view name(const TagText& t) const {
    return {tag_text.data() + t.name_at, t.name_size};
  }
  std::string_view value(const TagText& t) const {
    return {tag_text.data() + t.value_at, t.value_size};
  }

  State(std::string* s, std::ostream* o, const WriterOptions& opts)
      : options(opts), string_out(s), stream_out(o) {}

  void write_tags(std::string& out, std::string_view final_result) const;
  // The value of the first tag of that name, if there is one.
  std::optional<std::string_view> find_tag(std::string_view name) const;

  WriterOptions options;
  std::string* string_out;
  std::ostream* stream_out;
  std::uint64_t games_written = 0;

  // The game being written. Buffers keep their capacity from game to game.
  std::vector<TagText> tags;
  std::string tag_text;  // its first tag_text_size bytes; the size kept from game to game
  std::size_t tag_text_size = 0;
  // Appends `text` to tag_text; returns where it starts.
  std::size_t keep_text(std::string_view text) {
    if (tag_text_size + text.size() > tag_text.size())
      tag_text.resize(std::max({2 * tag_text.size(), tag_text_size + text.size(), std::size_t(1024)}));
    detail::copy_bytes(tag_text.data() + tag_text_size, text.data(), text.size());
    tag_text_size += text.size();
    return tag_text_size - text.size();
  }
  MovetextLayout layout;
  std::string game_text;  // for stream output
  std::string result;
  // Where move numbers come from when the events carry no positions.
  bool start_known = false;
  bool start_black = false;
  int start_fullmove = 1;
  // The next Black move needs "N...": the move pair was interrupted.
  bool number_next = true;
  // Comments that follow a move wait until its NAGs are written, so that a stream writes
  // "e4 $1 { text }" whatever the order it came in, as a stored game does.
  bool holding = false;
  std::vector<std::string> held;
  std::size_t held_count = 0;

  void write_comment(std::string_view text);
  void release_comments();
};

void PgnWriter::State::write_comment(std::string_view text) {
  // Braces cannot hold a '}'; a ';' comment runs to the end of the line and can.
  if (text.find('}') == std::string_view::npos)
    layout.put_comment(text);
  else
    layout.put_line_comment(text);
  number_next = true;
}

void PgnWriter::State::release_comments() {
  for (std::size_t i = 0; i < held_count; ++i) write_comment(held[i]);
  held_count = 0;
  holding = false;
}

std::optional<std::string_view> PgnWriter::State::find_tag(std::string_view wanted) const {
  for (const TagText& t : tags)
    if (name(t) == wanted) return value(t);
  return std::nullopt;
}

namespace {

// Writes one tag pair at `p`, which has room for name.size() + 2 * value.size() + 6 bytes (every
// byte of the value escaped); returns the end.
char* write_tag(char* p, std::string_view name, std::string_view value) {
  *p++ = '[';
  std::memcpy(p, name.data(), name.size());
  p += name.size();
  *p++ = ' ';
  *p++ = '"';
  for (const char c : value) {
    if (c == '"' || c == '\\') [[unlikely]]
      *p++ = '\\';
    *p++ = c;
  }
  *p++ = '"';
  *p++ = ']';
  *p++ = '\n';
  return p;
}

}  // namespace

void PgnWriter::State::write_tags(std::string& out, std::string_view final_result) const {
  // The roster first, each from its first occurrence; everything else after, in input order.
  std::array<std::size_t, kSevenTagRoster.size()> first;
  const std::size_t tag_count = tags.size();
  first.fill(tag_count);
  for (std::size_t i = 0; i < tag_count; ++i) {
    const int r = tags[i].roster;
    if (r >= 0 && first[std::size_t(r)] == tag_count) first[std::size_t(r)] = i;
  }
  std::array<std::string_view, kSevenTagRoster.size()> roster;
  for (std::size_t r = 0; r < kSevenTagRoster.size(); ++r) {
    if (first[r] < tag_count)
      roster[r] = value(tags[first[r]]);
    else if (kSevenTagRoster[r] == "Date")
      roster[r] = "????.??.??";
    else if (kSevenTagRoster[r] == "Result")
      roster[r] = final_result;
    else
      roster[r] = "?";
  }
  // A SetUp tag without a FEN tag is read as the standard start (with a warning), and is
  // what other readers refuse the game for: it is not written.
  const bool setup_alone = !find_tag("FEN");
  const auto written = [&](std::size_t i) {
    const int r = tags[i].roster;
    if (r >= 0 && first[std::size_t(r)] == i) return false;  // in the roster
    if (!options.other_tags && r < 0 && !is_setup_tag(name(tags[i]))) return false;
    return !(setup_alone && name(tags[i]) == "SetUp");
  };
  // Room for the longest the tags can be, written in place, then cut to what they took.
  std::size_t room = 0;
  for (std::size_t r = 0; r < kSevenTagRoster.size(); ++r)
    room += kSevenTagRoster[r].size() + 2 * roster[r].size() + 6;
  for (const TagText& t : tags) room += t.name_size + 2 * t.value_size + 6;
  const std::size_t at = out.size();
  out.resize(at + room);
  char* p = out.data() + at;
  for (std::size_t r = 0; r < kSevenTagRoster.size(); ++r)
    p = write_tag(p, kSevenTagRoster[r], roster[r]);
  for (std::size_t i = 0; i < tag_count; ++i)
    if (written(i)) p = write_tag(p, name(tags[i]), value(tags[i]));
  out.resize(std::size_t(p - out.data()));
}

PgnWriter::PgnWriter(std::string& out, const WriterOptions& options)
    : state_(std::make_unique<State>(&out, nullptr, options)) {}

PgnWriter::PgnWriter(std::ostream& out, const WriterOptions& options)
    : state_(std::make_unique<State>(nullptr, &out, options)) {}

PgnWriter::~PgnWriter() = default;

std::uint64_t PgnWriter::games_written() const { return state_->games_written; }

Action PgnWriter::begin_game(const GameStart&) {
  State& s = *state_;
  s.tags.clear();
  s.tag_text_size = 0;
  s.layout.restart(s.options.line_width);
  s.result.clear();
  s.start_known = false;
  s.start_black = false;
  s.start_fullmove = 1;
  s.number_next = true;
  s.holding = false;
  s.held_count = 0;
  return Action::proceed;
}

void PgnWriter::tag(std::string_view name, std::string_view value) {
  State& s = *state_;
  const std::size_t name_at = s.keep_text(name);
  const std::size_t value_at = s.keep_text(value);
  s.tags.push_back({name_at, name.size(), value_at, value.size(), roster_place(name)});
}

void PgnWriter::set_tag(std::string_view name, std::string_view value) {
  State& s = *state_;
  bool found = false;
  std::size_t kept = 0;
  for (std::size_t i = 0; i < s.tags.size(); ++i) {
    State::TagText t = s.tags[i];
    if (s.name(t) == name) {
      if (found) continue;  // a repetition
      found = true;
      t.value_at = s.keep_text(value);
      t.value_size = value.size();
    }
    s.tags[kept++] = t;
  }
  s.tags.resize(kept);
  if (!found) tag(name, value);
}

void PgnWriter::remove_tag(std::string_view name) {
  State& s = *state_;
  std::erase_if(s.tags, [&](const State::TagText& t) { return s.name(t) == name; });
}

void PgnWriter::start_position(const fen::Position& position) {
  State& s = *state_;
  s.start_known = true;
  s.start_black = position.side_to_move() == fen::Color::black;
  s.start_fullmove = position.fullmove_number();
}

Action PgnWriter::begin_movetext() {
  State& s = *state_;
  if (!s.start_known) {
    // No positions (the reader does not check moves): the [FEN] tag still says who moves
    // first and the number of the first move.
    if (const std::optional<std::string_view> text = s.find_tag("FEN")) {
      fen::Setup setup;
      if (!fen::read_setup(*text, setup, {.lenient = true})) {
        s.start_black = setup.side_to_move == fen::Color::black;
        s.start_fullmove = int(setup.fullmove_number);
      }
    }
    s.start_known = true;
  }
  return Action::proceed;
}

Action PgnWriter::move(const MoveEvent& event) {
  State& s = *state_;
  if (s.held_count != 0) s.release_comments();
  const bool resolved = event.before != nullptr && !event.move.is_none();
  bool black;
  long long number;
  if (resolved) {
    black = event.before->side_to_move() == fen::Color::black;
    number = event.before->fullmove_number();
  } else {
    // ply counts up to the position after the move.
    const std::uint64_t index = (event.ply > 0 ? event.ply - 1 : 0) + (s.start_black ? 1 : 0);
    black = index % 2 == 1;
    number = s.start_fullmove + (long long)(index / 2);
  }
  // UCI movetext is the moves alone, as engines take them.
  if ((!black || s.number_next) && s.options.notation != MoveNotation::uci)
    s.layout.put_move_number((unsigned long long)(number < 0 ? 0 : number), black);
  s.number_next = false;
  s.holding = true;
  if (!resolved) {
    std::string_view move = event.san;
    if (!s.options.check_marks)
      while (!move.empty() && (move.back() == '+' || move.back() == '#')) move.remove_suffix(1);
    s.layout.put(move);
    return Action::proceed;
  }
  static_assert(detail::kMaxMoveLength <= MovetextLayout::kShortToken);
  // The token is the one the move was resolved from (or canonical SAN, from a tree).
  const fen::Rivals rivals = s.options.notation == MoveNotation::san
                                 ? detail::rivals_after_token(event.san)
                                 : fen::Rivals::look;
  // Straight into the movetext, or (after a '(' or a ';' comment) through put().
  const bool in_place = s.layout.takes_in_place();
  char text[MovetextLayout::kShortToken];
  char* const out = in_place ? s.layout.in_place() : text;
  const std::size_t length = detail::write_move(*event.before, event.move, *event.after,
                                                s.options.notation, s.options.check_marks, rivals,
                                                out);
  if (in_place) [[likely]]
    s.layout.place(length);
  else
    s.layout.put(std::string_view(text, length));
  return Action::proceed;
}

void PgnWriter::comment(std::string_view text, const Location&) {
  if (state_->options.comments) add_comment(text);
}

void PgnWriter::add_comment(std::string_view text) {
  State& s = *state_;
  if (!s.holding) {
    s.write_comment(text);
    return;
  }
  if (s.held_count == s.held.size()) s.held.emplace_back();
  s.held[s.held_count++].assign(text);
}

void PgnWriter::nag(std::uint8_t nag) {
  State& s = *state_;
  if (!s.options.nags) return;
  s.layout.put_nag(nag);
}

Action PgnWriter::begin_variation() {
  State& s = *state_;
  if (!s.options.variations) return Action::skip;
  s.release_comments();
  s.layout.open_parenthesis();
  s.number_next = true;
  return Action::proceed;
}

void PgnWriter::end_variation() {
  State& s = *state_;
  s.release_comments();
  s.layout.close_parenthesis();
  s.number_next = true;
}

void PgnWriter::result(std::string_view result) { state_->result.assign(result); }

void PgnWriter::end_game(const GameEnd& end) {
  State& s = *state_;
  if (end.rejected && !s.options.rejected_games) return;
  s.release_comments();

  std::string_view final_result = s.result;
  if (final_result.empty()) {
    const std::optional<std::string_view> tag = s.find_tag("Result");
    final_result = tag && is_result(*tag) ? *tag : std::string_view("*");
  }
  s.layout.put(final_result);

  std::string& out = s.string_out ? *s.string_out : s.game_text;
  if (!s.string_out) out.clear();
  s.write_tags(out, final_result);
  out += '\n';
  out += s.layout.text();
  out += "\n\n";
  if (s.stream_out) s.stream_out->write(out.data(), std::streamsize(out.size()));
  ++s.games_written;
}

std::string to_pgn(const Game& game, const WriterOptions& options) {
  std::string out;
  PgnWriter writer(out, options);
  game.accept(writer);
  return out;
}

}  // namespace fenkit::pgn
