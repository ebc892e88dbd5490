#include "fenkit/pgn/game_builder.hpp"

#include <cctype>

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

std::string normalize_comment(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool blank = false;
  for (char c : text) {
    if (is_blank(c)) {
      blank = true;
    } else {
      if (blank && !out.empty()) out += ' ';
      blank = false;
      out += c;
    }
  }
  return out;
}

Action GameBuilder::begin_game(const GameStart& start) {
  game_ = Game{};
  game_.number = start.number;
  game_.where = start.where;
  frames_.clear();
  frames_.push_back(Frame{&game_.moves});
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
  if (frames_.empty()) return Action::skip;  // outside a game: nothing to add to
  Frame& f = top();
  Node& node = f.line->nodes.emplace_back();
  node.move = event.move;
  if (event.move.is_none()) node.san.assign(event.san);
  f.after_variation = false;
  f.last_where = event.where;
  return Action::proceed;
}

void GameBuilder::comment(std::string_view text, const Location&) {
  if (frames_.empty()) return;
  Frame& f = top();
  std::string c = normalize_comment(text);
  if (f.line->nodes.empty())
    f.line->starting_comments.push_back(std::move(c));
  else if (f.after_variation)
    f.line->nodes.back().variations.back().trailing_comments.push_back(std::move(c));
  else
    f.line->nodes.back().comments.push_back(std::move(c));
}

void GameBuilder::nag(std::uint8_t nag) {
  if (frames_.empty()) return;
  Frame& f = top();
  if (f.line->nodes.empty()) {
    warn("NAG $" + std::to_string(nag) + " before the first move of a line: no move to annotate");
    return;
  }
  f.line->nodes.back().nags.push_back(nag);
}

Action GameBuilder::begin_variation() {
  if (frames_.empty()) return Action::skip;
  Frame& f = top();
  if (f.line->nodes.empty()) {
    warn("variation before the first move of a line: no move to be an alternative to");
    return Action::skip;
  }
  Line& variation = f.line->nodes.back().variations.emplace_back();
  frames_.push_back(Frame{&variation});
  return Action::proceed;
}

void GameBuilder::end_variation() {
  if (frames_.size() <= 1) return;  // unbalanced: nothing open to close
  frames_.pop_back();
  top().after_variation = true;
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
  d.where = frames_.empty() ? game_.where : top().last_where;
  d.game = game_.number;
  d.message = std::move(message);
  game_.diagnostics.push_back(std::move(d));
}

void GameBuilder::end_game(const GameEnd& end) {
  if (!in_game_) return;
  frames_.clear();  // a rejected game may end inside variations

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
  if (on_game_)
    on_game_(std::move(game_));
  else
    games_.push_back(std::move(game_));
  game_ = Game{};
}

}  // namespace fenkit::pgn
