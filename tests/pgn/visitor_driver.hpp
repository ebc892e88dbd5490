// Test support: calls a Visitor the way the reader does, from calls written in a test, or
// from simple PGN text.
//
// This is not a PGN reader. It trusts its input (well-formed games, moves separated by
// blanks), resolves SAN with libfen and keeps the positions of nested variations on a stack,
// so that tests can make the reader's callbacks, with their positions, ply and depth,
// without the reader.
#pragma once

#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/pgn/visitor.hpp"

namespace fenkit::pgn::testing {

class Driver {
 public:
  explicit Driver(Visitor& visitor) : visitor_(visitor) {}

  // Unlike the reader, the driver lets a test leave start_position out (as when moves are
  // not checked) with checked = false: moves then arrive unresolved, as SAN tokens only.
  void begin_game(std::uint64_t number = 1) {
    visitor_.begin_game(
        GameStart{.number = number, .where = {.offset = 0, .line = 1, .column = 1}});
    lines_.clear();
    lines_.push_back(LineState{});
  }
  void tag(std::string_view name, std::string_view value) { visitor_.tag(name, value); }
  void begin_movetext(const fen::Position& start = fen::Position(), bool checked = true) {
    checked_ = checked;
    lines_.back().pos = start;
    lines_.back().ply = 0;
    if (checked) visitor_.start_position(start);
    visitor_.begin_movetext();
  }
  Action move(std::string_view san) {
    LineState& l = lines_.back();
    MoveEvent e;
    e.san = san;
    e.ply = l.ply + 1;
    e.depth = std::uint16_t(lines_.size() - 1);
    fen::Position after = l.pos;
    fen::Move m;
    if (checked_) {
      const fen::SanResult r = fen::read_san(l.pos, san);
      EXPECT_TRUE(bool(r)) << "test script: " << fen::describe(l.pos, san, r);
      m = r.move;
      after.play(m);
      e.move = m;
      e.before = &l.pos;
      e.after = &after;
    }
    const Action a = visitor_.move(e);
    l.before_last = l.pos;
    l.pos = after;
    ++l.ply;
    return a;
  }
  void comment(std::string_view text) { visitor_.comment(text, Location{}); }
  void nag(std::uint8_t n) { visitor_.nag(n); }
  // A variation replaces the last move: it starts from the position before it.
  Action begin_variation() {
    const Action a = visitor_.begin_variation();
    if (a == Action::proceed) {
      const LineState& parent = lines_.back();
      lines_.push_back(LineState{
          .pos = parent.before_last, .before_last = parent.before_last, .ply = parent.ply - 1});
    }
    return a;
  }
  void end_variation() {
    lines_.pop_back();
    visitor_.end_variation();
  }
  void result(std::string_view r) { visitor_.result(r); }
  void diagnostic(const Diagnostic& d) { visitor_.diagnostic(d); }
  void end_game(bool rejected = false, std::string_view raw = {}) {
    visitor_.end_game(GameEnd{.rejected = rejected, .raw = raw, .selected = !rejected});
  }

 private:
  struct LineState {
    fen::Position pos;
    fen::Position before_last;
    std::uint32_t ply = 0;
  };
  Visitor& visitor_;
  std::vector<LineState> lines_;
  bool checked_ = true;
};

// Plays simple PGN text: tag pairs, then movetext of move numbers, SAN, $n, {comments},
// ( ), and a result, tokens separated by blanks (a '(' or ')' may touch its neighbour).
// Every game must end with a result. Honours Action::skip for variations and moves.
inline void play_pgn(Visitor& visitor, std::string_view text, bool checked = true) {
  Driver d(visitor);
  std::size_t i = 0;
  std::uint64_t number = 0;
  auto skip_blanks = [&] {
    while (i < text.size() && std::isspace((unsigned char)text[i])) ++i;
  };
  while (true) {
    skip_blanks();
    if (i >= text.size()) return;
    d.begin_game(++number);
    std::vector<std::pair<std::string, std::string>> tags;
    while (i < text.size() && text[i] == '[') {
      const std::size_t name_end = text.find(' ', i);
      std::string name(text.substr(i + 1, name_end - i - 1));
      std::string value;
      std::size_t j = text.find('"', name_end) + 1;
      for (; text[j] != '"'; ++j) {
        if (text[j] == '\\') ++j;
        value += text[j];
      }
      i = text.find('\n', j);
      tags.emplace_back(std::move(name), std::move(value));
      skip_blanks();
    }
    // Given once they are all read, from strings that last to the game's end (visitor.hpp).
    for (const auto& [name, value] : tags) d.tag(name, value);
    fen::Position start;
    for (const auto& [name, value] : tags)
      if (name == "FEN") start = fen::position_from_fen(value, {.lenient = true});
    d.begin_movetext(start, checked);
    int skipping = 0;  // depth of a variation being skipped
    bool game_skipped = false;
    while (true) {
      skip_blanks();
      const char c = text[i];
      if (c == '{') {
        const std::size_t end = text.find('}', i);
        if (!skipping && !game_skipped) d.comment(text.substr(i + 1, end - i - 1));
        i = end + 1;
      } else if (c == '(') {
        ++i;
        if (skipping || game_skipped || d.begin_variation() == Action::skip) ++skipping;
      } else if (c == ')') {
        ++i;
        if (skipping)
          --skipping;
        else if (!game_skipped)
          d.end_variation();
      } else {
        std::size_t end = i;
        while (end < text.size() && !std::isspace((unsigned char)text[end]) && text[end] != ')' &&
               text[end] != '(')
          ++end;
        const std::string_view token = text.substr(i, end - i);
        i = end;
        if (token == "1-0" || token == "0-1" || token == "1/2-1/2" || token == "*") {
          if (!game_skipped) d.result(token);
          break;
        }
        if (skipping || game_skipped) continue;
        if (token[0] == '$') {
          d.nag(std::uint8_t(std::stoi(std::string(token.substr(1)))));
        } else if (std::isdigit((unsigned char)token[0])) {
          // a move number
        } else if (d.move(token) == Action::skip) {
          game_skipped = true;
        }
      }
    }
    d.end_game();
  }
}

}  // namespace fenkit::pgn::testing
