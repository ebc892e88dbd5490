#include "fenkit/pgn/game_builder.hpp"

#include <cctype>
#include <limits>
#include <optional>
#include <stdexcept>

#include "byte_search.hpp"
#include "text_encoding.hpp"
#include "fenkit/fen/fen.hpp"

namespace fenkit::pgn {

namespace {

bool is_blank(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}

bool contains_case_insensitive(std::string_view text, std::string_view word) {
  for (std::size_t i = 0; i + word.size() <= text.size(); ++i) {
    std::size_t j = 0;
    while (j < word.size() &&
           std::tolower((unsigned char)text[i + j]) == std::tolower((unsigned char)word[j]))
      ++j;
    if (j == word.size()) return true;
  }
  return false;
}

}  // namespace

void append_normalized_comment(std::string& out, std::string_view text) {
  // Most comments (lichess's " [%clk 0:02:57] ") are short ASCII, without control bytes, one
  // space between words: they need only their ends trimmed, found from one mask of their spaces.
  if (const std::optional<std::string_view> plain = detail::trimmed_if_plain(text)) {
    out.append(*plain);
    return;
  }
  // Comments reach a tree in UTF-8 whether or not the reader converted them (GameReader reads
  // them as written, and converts here, where the text is looked at anyway).
  std::string converted;
  text = detail::as_utf8(text, converted);
  std::size_t first = 0, last = text.size();
  while (first < last && is_blank(text[first])) ++first;
  while (last > first && is_blank(text[last - 1])) --last;
  bool blank = false;
  for (const char c : text.substr(first, last - first)) {
    if (is_blank(c)) {
      blank = true;
    } else {
      if (blank) out += ' ';
      blank = false;
      out += c;
    }
  }
}

std::string normalize_comment(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  append_normalized_comment(out, text);
  return out;
}

void GameBuilder::open_frame(LineId line) {
  if (depth_ == frames_.size()) frames_.emplace_back();
  Frame& f = frames_[depth_++];
  f.line = line;
  f.last_where = Location{};
  f.held = false;
  f.pending.clear();
}

void GameBuilder::add(Frame& frame, const Note& note) {
  // Straight after the move's other notes while they are the last of the game's; once a
  // variation's own notes have come after them, held, and moved there once (settle).
  if (frame.held) {
    frame.pending.push_back(note);
    return;
  }
  Line& line = frame.line == kMainLine ? game_.main_ : game_.variations_[frame.line - 1];
  NoteSpan& span = line.nodes.empty() ? line.starting : line.nodes.back().notes;
  std::vector<Note>& notes = game_.notes_;
  if (span.count == 0) span.first = std::uint32_t(notes.size());
  notes.push_back(note);
  ++span.count;
}

void GameBuilder::settle(Frame& frame) {
  frame.held = false;
  if (frame.pending.empty()) return;
  Line& line = frame.line == kMainLine ? game_.main_ : game_.variations_[frame.line - 1];
  NoteSpan& span = line.nodes.empty() ? line.starting : line.nodes.back().notes;
  for (const Note& note : frame.pending) game_.add_note(span, note, false);
  frame.pending.clear();
}

Action GameBuilder::begin_game(const GameStart& start) {
  if (in_game_) take_game();  // a game never ended: dropped, its arrays kept
  game_.start = fen::Position();
  game_.moves_checked = true;
  game_.number = start.number;
  game_.where = start.where;
  depth_ = 0;
  open_frame(kMainLine);
  in_game_ = true;
  start_given_ = false;
  return Action::proceed;
}

void GameBuilder::tag(std::string_view name, std::string_view value) {
  game_.tags.push_back(Tag{std::string(name), std::string(value)});
}

void GameBuilder::start_position(const fen::Position& position) {
  game_.start = position;
  start_given_ = true;
}

Action GameBuilder::begin_movetext() { return Action::proceed; }

Action GameBuilder::move(const MoveEvent& event) {
  if (depth_ == 0) return Action::skip;  // outside a game: nothing to add to
  Frame& f = top();
  if (f.held) settle(f);
  // (Game::append_move's work, without its checks: the frame's line exists.)
  Line& line = f.line == kMainLine ? game_.main_ : game_.variations_[f.line - 1];
  Node& node = line.nodes.emplace_back();
  node.move = event.move;
  game_.set_written(node, event.san);
  f.last_where = event.where;
  return Action::proceed;
}

void GameBuilder::comment(std::string_view text, const Location&) {
  if (depth_ == 0) return;
  const std::size_t first = game_.text_.size();
  if (keep_comment_blanks_) game_.text_.append(text);
  else append_normalized_comment(game_.text_, text);
  if (game_.text_.size() > std::numeric_limits<std::uint32_t>::max())
    throw std::length_error("a game holds at most 4 GiB of text");
  add(top(), Note{.kind = Note::Kind::comment,
                  .first = std::uint32_t(first),
                  .size = std::uint32_t(game_.text_.size() - first)});
}

void GameBuilder::nag(std::uint8_t nag) {
  if (depth_ == 0) return;
  Frame& f = top();
  if (line_of(f).nodes.empty()) {
    warn("NAG $" + std::to_string(nag) + " before the first move of a line: no move to annotate");
    return;
  }
  add(f, Note{.kind = Note::Kind::nag, .nag = nag});
}

Action GameBuilder::begin_variation() {
  if (depth_ == 0) return Action::skip;
  Frame& f = top();
  if (line_of(f).nodes.empty()) {
    warn("variation before the first move of a line: no move to be an alternative to");
    return Action::skip;
  }
  game_.variations_.emplace_back();
  const auto id = LineId(game_.variations_.size());
  add(f, Note{.kind = Note::Kind::variation, .first = id});
  // The variation's notes come next in the game's: the parent's later notes wait.
  f.held = true;
  open_frame(id);
  return Action::proceed;
}

void GameBuilder::end_variation() {
  if (depth_ <= 1) return;  // unbalanced: nothing open to close
  settle(top());
  --depth_;
}

void GameBuilder::result(std::string_view result) { game_.result.assign(result); }

void GameBuilder::diagnostic(const Diagnostic& diagnostic) {
  if (in_game_)
    game_.diagnostics.push_back(diagnostic);
  else
    stray_diagnostics_.push_back(diagnostic);
}

void GameBuilder::warn(std::string message) {
  Diagnostic d;
  d.severity = Severity::warning;
  d.where = depth_ == 0 ? game_.where : top().last_where;
  d.game = game_.number;
  d.message = std::move(message);
  game_.diagnostics.push_back(std::move(d));
}

void GameBuilder::end_game(const GameEnd& end) {
  if (!in_game_) return;
  // A rejected game may end inside variations.
  while (depth_ > 0) settle(frames_[--depth_]);

  game_.rejected = end.rejected;
  if (end.rejected) game_.raw.assign(end.raw);
  game_.moves_checked = start_given_;
  if (!start_given_) {
    // The reader did not check moves: the start position is what the [FEN] tag says.
    if (const std::string* text = game_.find_tag("FEN")) {
      const std::string* variant = game_.find_tag("Variant");
      const bool chess960 = variant && (contains_case_insensitive(*variant, "960") ||
                                        contains_case_insensitive(*variant, "fischer"));
      fen::Position pos;
      const fen::FenError error =
          fen::read_fen(*text, pos, {.lenient = true, .chess960 = chess960});
      if (!error)
        game_.start = pos;
      else if (!end.rejected)
        warn("FEN tag: " + error.message() + "; the standard start position is kept");
    }
  }
  in_game_ = false;
  Game done = take_game();
  if (on_game_)
    on_game_(std::move(done));
  else
    games_.push_back(std::move(done));
}

Game GameBuilder::take_game() {
  // The game's arrays are copied out at their size, and the builder keeps its own for the next
  // game: they grow to the size of the largest game once, not move after move in every game.
  Game out;
  out.number = game_.number;
  out.where = game_.where;
  out.tags = std::move(game_.tags);
  out.start = game_.start;
  out.moves_checked = game_.moves_checked;
  out.result = std::move(game_.result);
  out.diagnostics = std::move(game_.diagnostics);
  out.rejected = game_.rejected;
  out.raw = std::move(game_.raw);
  out.main_.nodes.assign(game_.main_.nodes.begin(), game_.main_.nodes.end());
  out.main_.starting = game_.main_.starting;
  out.variations_ = std::move(game_.variations_);
  out.notes_.assign(game_.notes_.begin(), game_.notes_.end());
  out.text_.assign(game_.text_);

  game_.tags.clear();
  game_.result.clear();
  game_.diagnostics.clear();
  game_.rejected = false;
  game_.raw.clear();
  game_.main_.nodes.clear();
  game_.main_.starting = {};
  game_.variations_.clear();
  game_.notes_.clear();
  game_.text_.clear();
  return out;
}

}  // namespace fenkit::pgn
