#include "fenkit/pgn/game.hpp"

#include <algorithm>
#include <cstring>
#include <limits>
#include <stdexcept>

#include "fenkit/fen/san.hpp"

namespace fenkit::pgn {

bool is_roster_tag(std::string_view name) {
  for (std::string_view r : kSevenTagRoster)
    if (r == name) return true;
  return false;
}

const std::string* Game::find_tag(std::string_view name) const {
  for (const Tag& t : tags)
    if (t.name == name) return &t.value;
  return nullptr;
}

// ---------------------------------------------------------------------------------- Equality

namespace {

bool same_notes(const Game& a, NoteSpan x, const Game& b, NoteSpan y);

bool same_lines(const Game& a, const Line& x, const Game& b, const Line& y) {
  if (x.nodes.size() != y.nodes.size() || !same_notes(a, x.starting, b, y.starting)) return false;
  for (std::size_t i = 0; i < x.nodes.size(); ++i) {
    const Node& m = x.nodes[i];
    const Node& n = y.nodes[i];
    if (m.move != n.move || !same_notes(a, m.notes, b, n.notes)) return false;
    // Unresolved moves are known only by how they were written.
    if (m.move.is_none() && a.written(m) != b.written(n)) return false;
  }
  return true;
}

// The same NAGs in the same order, and the same comments and variations in the same order:
// where a NAG stands among the comments does not count (export format writes the NAGs first).
bool same_notes(const Game& a, NoteSpan x, const Game& b, NoteSpan y) {
  const auto n = a.nags(x), m = b.nags(y);
  if (!std::equal(n.begin(), n.end(), m.begin(), m.end())) return false;
  auto p = a.notes(x).begin(), p_end = a.notes(x).end();
  auto q = b.notes(y).begin(), q_end = b.notes(y).end();
  for (;;) {
    while (p != p_end && (*p).kind == Note::Kind::nag) ++p;
    while (q != q_end && (*q).kind == Note::Kind::nag) ++q;
    if (p == p_end || q == q_end) return p == p_end && q == q_end;
    const Note& u = *p;
    const Note& v = *q;
    if (u.kind != v.kind) return false;
    if (u.kind == Note::Kind::comment ? a.comment(u) != b.comment(v)
                                      : !same_lines(a, a.variation(u), b, b.variation(v)))
      return false;
    ++p;
    ++q;
  }
}

}  // namespace

bool operator==(const Game& a, const Game& b) {
  return a.tags == b.tags && a.start == b.start && a.moves_checked == b.moves_checked &&
         a.result == b.result && same_lines(a, a.main_, b, b.main_);
}

// ---------------------------------------------------------------------------------- Comments

CommentCommands Game::commands(const Node& node) const {
  CommentCommands out;
  for (std::string_view comment : comments(node)) add_comment_commands(out, comment);
  return out;
}

std::string Game::comment_text(const Node& node) const {
  std::string out, text;
  for (std::string_view comment : comments(node)) {
    text.clear();
    append_comment_text(text, comment);
    if (text.empty()) continue;
    if (!out.empty()) out += ' ';
    out += text;
  }
  return out;
}

// ---------------------------------------------------------------------------------- Replay

namespace {

// Plays the lines of a game into a visitor, making the positions the tree does not keep.
class Replay {
 public:
  Replay(const Game& game, Visitor& visitor)
      : game_(game), visitor_(visitor), checked_(game.moves_checked) {}

  // Visits `line` from the position `start`, whose ply from the game's start is `ply`.
  // Returns false when the visitor skipped the rest of the game.
  bool line(const Line& line, const fen::Position& start, std::uint32_t ply, std::uint16_t depth) {
    for (std::string_view c : game_.comments(line.starting)) visitor_.comment(c, Location{});
    fen::Position pos = start;
    for (const Node& node : line.nodes) {
      MoveEvent event;
      event.ply = ply + 1;
      event.depth = depth;
      fen::Position after = pos;
      char san[fen::kMaxSanLength];
      const bool resolved = checked_ && !node.move.is_none();
      if (resolved) {
        after.play_unchecked(node.move);
        event.move = node.move;
        event.before = &pos;
        event.after = &after;
        event.san = std::string_view(san, fen::write_san(pos, node.move, after, san));
      } else {
        event.san = game_.written(node);
      }
      if (visitor_.move(event) != Action::proceed) return false;
      if (!notes(node, pos, ply, depth)) return false;
      if (resolved) pos = after;
      ++ply;
    }
    if (depth == 0) main_line_end_ = pos;
    return true;
  }

  // The main line's last position, once line() has visited it to its end.
  const fen::Position& main_line_end() const { return main_line_end_; }

 private:
  // A move's NAGs, then its comments, then its variations, each followed by the comments
  // written after it (the order export format writes them in).
  bool notes(const Node& node, const fen::Position& before, std::uint32_t ply, std::uint16_t depth) {
    for (std::uint8_t nag : game_.nags(node)) visitor_.nag(nag);
    bool after_variation = false;
    for (const Note& note : game_.notes(node)) {
      if (note.kind == Note::Kind::variation) {
        after_variation = true;
        break;
      }
      if (note.kind == Note::Kind::comment) visitor_.comment(game_.comment(note), Location{});
    }
    if (!after_variation) return true;
    after_variation = false;
    for (const Note& note : game_.notes(node)) {
      if (note.kind == Note::Kind::variation) {
        after_variation = true;
        if (visitor_.begin_variation() == Action::proceed) {
          if (!line(game_.variation(note), before, ply, std::uint16_t(depth + 1))) return false;
          visitor_.end_variation();
        }
      } else if (note.kind == Note::Kind::comment && after_variation) {
        // Outside the parentheses: given even when the variation was skipped, as the reader
        // gives them.
        visitor_.comment(game_.comment(note), Location{});
      }
    }
    return true;
  }

  const Game& game_;
  Visitor& visitor_;
  bool checked_;
  fen::Position main_line_end_;
};

}  // namespace

void Game::accept(Visitor& visitor) const {
  GameEnd end{.rejected = rejected, .raw = raw, .selected = !rejected};
  if (visitor.begin_game(GameStart{.number = number, .where = where}) != Action::proceed) {
    visitor.end_game(end);
    return;
  }
  for (const Tag& t : tags) visitor.tag(t.name, t.value);
  if (visitor.end_tags() == Action::ignore) {
    // As the reader passes such a game over: not judged, so neither reported nor rejected.
    visitor.end_game(GameEnd{.rejected = false, .raw = raw});
    return;
  }
  if (moves_checked) visitor.start_position(start);
  Replay replay(*this, visitor);
  if (visitor.begin_movetext() == Action::proceed) {
    if (replay.line(main_, start, 0, 0)) {
      if (!result.empty()) visitor.result(result);
      if (moves_checked && !rejected) end.final_position = &replay.main_line_end();
    }
  }
  for (const Diagnostic& d : diagnostics) visitor.diagnostic(d);
  visitor.end_game(end);
}

// ---------------------------------------------------------------------------------- Positions

fen::Position Game::position_after(std::size_t ply) const {
  if (ply > main_.nodes.size())
    throw std::out_of_range("the main line has " + std::to_string(main_.nodes.size()) +
                            " half-moves, not " + std::to_string(ply));
  fen::Position pos = start;
  for (std::size_t i = 0; i < ply; ++i) pos.play(main_.nodes[i].move);
  return pos;
}

std::vector<fen::Position> Game::mainline_positions() const {
  std::vector<fen::Position> positions{start};
  positions.reserve(main_.nodes.size() + 1);
  for (const Node& node : main_.nodes) {
    positions.push_back(positions.back());
    positions.back().play(node.move);
  }
  return positions;
}

// ---------------------------------------------------------------------------------- Edits

void Game::too_much_text() { throw std::length_error("a game holds at most 4 GiB of text"); }

Line& Game::line_to_edit(LineId id) {
  if (id != kMainLine && id > variations_.size())
    throw std::out_of_range("the game has no line " + std::to_string(id));
  return id == kMainLine ? main_ : variations_[id - 1];
}

Node& Game::node_to_edit(LineId line, std::size_t index) {
  Line& l = line_to_edit(line);
  if (index >= l.nodes.size())
    throw std::out_of_range("the line has " + std::to_string(l.nodes.size()) + " moves, not " +
                            std::to_string(index + 1));
  return l.nodes[index];
}

void Game::add_note(NoteSpan& span, const Note& note, bool before_variations) {
  // A span at the end of the notes grows in place; any other moves to the end first (what it
  // leaves behind is no longer read), so that a span stays one run.
  if (span.first + span.count != notes_.size() || span.count == 0) {
    const auto first = std::uint32_t(notes_.size());
    for (std::uint32_t i = 0; i < span.count; ++i) notes_.push_back(notes_[span.first + i]);
    span.first = first;
  }
  std::uint32_t at = span.count;
  if (before_variations)
    for (std::uint32_t i = 0; i < span.count; ++i)
      if (notes_[span.first + i].kind == Note::Kind::variation) {
        at = i;
        break;
      }
  notes_.insert(notes_.begin() + std::ptrdiff_t(span.first + at), note);
  ++span.count;
}

void Game::append_move(LineId line, fen::Move move, std::string_view written) {
  Line& l = line_to_edit(line);
  Node node;
  node.move = move;
  set_written(node, written);
  l.nodes.push_back(node);
}

namespace {

// The position before the node `index` of line `target`, looked for in `line` (which starts at
// `pos`) and its variations; false when `target` is not among them.
bool position_before(const Game& game, const Line& line, LineId id, fen::Position pos,
                     LineId target, std::size_t index, fen::Position& out) {
  if (id == target) {
    for (std::size_t i = 0; i < index; ++i) pos.play_unchecked(line.nodes[i].move);
    out = pos;
    return true;
  }
  for (const Node& node : line.nodes) {
    for (const Note& note : game.notes(node))
      if (note.kind == Note::Kind::variation &&
          position_before(game, game.variation(note), note.first, pos, target, index, out))
        return true;
    pos.play_unchecked(node.move);
  }
  return false;
}

}  // namespace

LineId Game::add_variation(LineId line, std::size_t index,
                           std::initializer_list<std::string_view> san) {
  node_to_edit(line, index);  // throws for a node the line does not have
  fen::Position pos;
  if (!position_before(*this, main_, kMainLine, start, line, index, pos))
    throw std::out_of_range("line " + std::to_string(line) + " hangs on no move of the game");
  std::vector<Node> nodes;
  const std::size_t text_before = text_.size();
  for (std::string_view token : san) {
    const fen::SanResult move = fen::read_san(pos, token);
    if (!move) {
      text_.resize(text_before);
      throw std::invalid_argument(fen::describe(pos, token, move));
    }
    Node node;
    node.move = move.move;
    set_written(node, token);
    nodes.push_back(node);
    pos.play(move.move);
  }
  variations_.emplace_back().nodes = std::move(nodes);
  const auto id = LineId(variations_.size());
  add_note(node_to_edit(line, index).notes, Note{.kind = Note::Kind::variation, .first = id},
           false);
  return id;
}

LineId Game::add_variation(std::size_t ply, std::initializer_list<std::string_view> san) {
  if (ply == 0 || ply > main_.nodes.size())
    throw std::out_of_range("no main-line move at ply " + std::to_string(ply));
  return add_variation(kMainLine, ply - 1, san);
}

NoteSpan& Game::notes_to_edit(LineId line, std::size_t index) {
  return index == kBeforeFirstMove ? line_to_edit(line).starting : node_to_edit(line, index).notes;
}

void Game::append_comment(LineId line, std::size_t index, std::string_view text) {
  NoteSpan& span = notes_to_edit(line, index);
  const std::uint32_t first = keep_text(text);
  add_note(span, Note{.kind = Note::Kind::comment, .first = first, .size = std::uint32_t(text.size())},
           false);
}

void Game::append_nag(LineId line, std::size_t index, std::uint8_t nag) {
  add_note(node_to_edit(line, index).notes, Note{.kind = Note::Kind::nag, .nag = nag}, false);
}

LineId Game::append_variation(LineId line, std::size_t index) {
  node_to_edit(line, index);  // throws for a node the game does not have, before any change
  variations_.emplace_back();
  const auto id = LineId(variations_.size());
  add_note(node_to_edit(line, index).notes, Note{.kind = Note::Kind::variation, .first = id}, false);
  return id;
}

void Game::add_comment(LineId line, std::size_t index, std::string_view text) {
  NoteSpan& span = notes_to_edit(line, index);
  const std::uint32_t first = keep_text(text);
  add_note(span, Note{.kind = Note::Kind::comment, .first = first, .size = std::uint32_t(text.size())},
           true);
}

void Game::add_comment(std::size_t ply, std::string_view text) {
  if (ply > main_.nodes.size())
    throw std::out_of_range("no main-line move at ply " + std::to_string(ply));
  add_comment(kMainLine, ply == 0 ? kBeforeFirstMove : ply - 1, text);
}

}  // namespace fenkit::pgn
