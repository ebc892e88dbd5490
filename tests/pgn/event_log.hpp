// Test support: a visitor that writes down every call of the reader with its arguments,
// locations included, game by game, and checks as it goes what must hold of any sequence of
// calls (the order of the calls, game numbers, ply and depth, positions before and after).
//
// Events are strings, so that a test can state what it expects as plain text:
//   tag NAME=VALUE              start FEN                   movetext
//   move SAN L:C ply=P depth=D  comment TEXT L:C            nag N
//   (                           )                           result R
//   warning L:C MESSAGE         error L:C MESSAGE
// With `offsets` on, every L:C is followed by "#OFFSET"; with `fens` on, a move is followed by
// " after=FEN".
#pragma once

#include <gtest/gtest.h>

#include <functional>

#include <algorithm>
#include <filesystem>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/io/input.hpp"
#include "fenkit/pgn/reader.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "test_support.hpp"

namespace fenkit::pgn::testing {

inline constexpr std::string_view kStartFen =
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct GameLog {
  std::uint64_t number = 0;
  Location where;
  std::vector<std::string> events;
  bool rejected = false;
  std::string raw;

  // The events that start with `prefix` ("tag", "move", "warning" ...).
  std::vector<std::string> only(std::string_view prefix) const {
    std::vector<std::string> out;
    for (const std::string& e : events)
      if (e.starts_with(prefix) && (e.size() == prefix.size() || e[prefix.size()] == ' '))
        out.push_back(e);
    return out;
  }

  // The movetext as the visitor saw it, in the order of the calls: moves as written, "$n" for
  // NAGs, "{text}" for comments, "(" and ")" for variations, and the result.
  std::vector<std::string> outline() const {
    std::vector<std::string> out;
    for (const std::string& e : events) {
      if (e.starts_with("move ")) {
        out.push_back(e.substr(5, e.find(' ', 5) - 5));
      } else if (e.starts_with("nag ")) {
        out.push_back(std::string(1, '$').append(e, 4));
      } else if (e.starts_with("comment ")) {
        out.push_back("{" + e.substr(8, e.rfind(' ') - 8) + "}");
      } else if (e == "(" || e == ")") {
        out.push_back(e);
      } else if (e.starts_with("result ")) {
        out.push_back(e.substr(7));
      }
    }
    return out;
  }

  // Warnings and errors.
  std::vector<std::string> diagnostics() const {
    std::vector<std::string> out = only("warning");
    for (const std::string& e : only("error")) out.push_back(e);
    return out;
  }
};

class EventLog : public Visitor {
 public:
  std::vector<GameLog> games;
  bool offsets = false;          // write the byte offset after every line:column
  bool fens = false;             // write the FEN after every move
  bool check_positions = true;   // check MoveEvent's positions (costs a FEN per move)
  bool moves_checked = true;     // as ReaderOptions::check_moves
  Action on_variation = Action::proceed;
  // What end_tags answers for a game, from what the log holds of it so far (its tags).
  std::function<Action(const GameLog&)> on_end_tags;

  Action begin_game(const GameStart& start) override {
    EXPECT_FALSE(open_) << "begin_game " << start.number << " before the last game ended";
    if (!games.empty()) {
      EXPECT_EQ(start.number, games.back().number + 1) << "game numbers";
    }
    games.push_back(GameLog{start.number, start.where, {}, false, {}});
    open_ = true;
    started_ = false;
    movetext_ = false;
    ignored_ = false;
    next_ply_.assign(1, 1);
    return Action::proceed;
  }

  void tag(std::string_view name, std::string_view value) override {
    check_open("tag");
    EXPECT_FALSE(movetext_) << "tag after the movetext began";
    add("tag " + std::string(name) + "=" + std::string(value));
  }

  Action end_tags() override {
    check_open("end_tags");
    EXPECT_FALSE(started_) << "end_tags after start_position";
    const Action action = on_end_tags ? on_end_tags(games.back()) : Action::proceed;
    ignored_ = action == Action::ignore;
    return action;
  }

  void start_position(const fen::Position& pos) override {
    check_open("start_position");
    EXPECT_TRUE(moves_checked) << "start_position although moves are not checked";
    EXPECT_FALSE(started_) << "start_position twice";
    started_ = true;
    add("start " + fen::to_fen(pos));
  }

  Action begin_movetext() override {
    check_open("begin_movetext");
    EXPECT_EQ(started_, moves_checked) << "begin_movetext without start_position";
    EXPECT_FALSE(movetext_) << "begin_movetext twice";
    movetext_ = true;
    add("movetext");
    return Action::proceed;
  }

  Action move(const MoveEvent& e) override {
    check_open("move");
    EXPECT_TRUE(movetext_) << "move before begin_movetext";
    EXPECT_EQ(e.depth + 1U, next_ply_.size()) << "depth of " << e.san;
    EXPECT_EQ(e.ply, next_ply_.back()) << "ply of " << e.san;
    next_ply_.back() = e.ply + 1;
    if (moves_checked) {
      EXPECT_TRUE(e.before && e.after) << "positions of " << e.san;
      if (check_positions && e.before && e.after) {
        fen::Position played = *e.before;
        played.play(e.move);
        EXPECT_EQ(fen::to_fen(played), fen::to_fen(*e.after)) << "after " << e.san;
      }
    } else {
      EXPECT_TRUE(e.move.is_none() && !e.before && !e.after) << "unchecked move " << e.san;
    }
    std::string s = "move " + std::string(e.san) + " " + where(e.where) +
                    " ply=" + std::to_string(e.ply) + " depth=" + std::to_string(e.depth);
    if (fens && e.after) s += " after=" + fen::to_fen(*e.after);
    add(std::move(s));
    return Action::proceed;
  }

  void comment(std::string_view text, const Location& at) override {
    check_open("comment");
    add("comment " + std::string(text) + " " + where(at));
  }

  void nag(std::uint8_t n) override {
    check_open("nag");
    add("nag " + std::to_string(n));
  }

  Action begin_variation() override {
    check_open("begin_variation");
    if (on_variation == Action::proceed) {
      // The variation replaces the last move of its parent line.
      next_ply_.push_back(next_ply_.back() - 1);
      add("(");
    }
    return on_variation;
  }

  void end_variation() override {
    check_open("end_variation");
    EXPECT_GT(next_ply_.size(), 1U) << "end_variation without begin_variation";
    if (next_ply_.size() > 1) next_ply_.pop_back();
    add(")");
  }

  void result(std::string_view r) override {
    check_open("result");
    EXPECT_EQ(next_ply_.size(), 1U) << "result inside a variation";
    add("result " + std::string(r));
  }

  void diagnostic(const Diagnostic& d) override {
    check_open("diagnostic");
    if (!games.empty()) {
      EXPECT_EQ(d.game, games.back().number) << d.message;
    }
    EXPECT_GE(d.where.line, 1U);
    EXPECT_GE(d.where.column, 1U);
    add((d.severity == Severity::error ? "error " : "warning ") + where(d.where) + " " + d.message);
  }

  void end_game(const GameEnd& end) override {
    check_open("end_game");
    open_ = false;
    if (games.empty()) return;
    games.back().rejected = end.rejected;
    games.back().raw.assign(end.raw);
    // A game passed over after its tags is neither read nor judged.
    if (ignored_) {
      EXPECT_FALSE(end.rejected) << "game " << games.back().number << " ignored but rejected";
      return;
    }
    // A delivered game has seen its whole movetext: a result, every variation closed.
    if (!end.rejected) {
      EXPECT_EQ(next_ply_.size(), 1U) << "game " << games.back().number << ": variation open";
      EXPECT_FALSE(games.back().only("result").empty()) << "game " << games.back().number;
    } else {
      EXPECT_FALSE(games.back().only("error").empty())
          << "game " << games.back().number << " rejected without an error";
    }
  }

 private:
  void check_open(const char* what) {
    EXPECT_TRUE(open_) << what << " outside a game";
  }
  void add(std::string event) {
    if (!games.empty()) games.back().events.push_back(std::move(event));
  }
  std::string where(const Location& at) const {
    std::string s = std::to_string(at.line) + ":" + std::to_string(at.column);
    if (offsets) s += "#" + std::to_string(at.offset);
    return s;
  }

  bool open_ = false;
  bool started_ = false;
  bool movetext_ = false;
  bool ignored_ = false;  // end_tags passed the game over
  std::vector<std::uint32_t> next_ply_;  // per open line: the ply its next move must have
};

// Two readings agree game by game: start, every event, verdict and raw text (and the game
// numbers unless `numbers` is false, for pieces of an input numbered from 1). Reports the
// first difference only.
inline void expect_same_games(const std::vector<GameLog>& expected,
                              const std::vector<GameLog>& actual, bool numbers = true) {
  EXPECT_EQ(expected.size(), actual.size()) << "number of games";
  for (std::size_t i = 0; i < std::min(expected.size(), actual.size()); ++i) {
    const GameLog& a = expected[i];
    const GameLog& b = actual[i];
    const bool same = (!numbers || a.number == b.number) && a.where.line == b.where.line &&
                      a.where.column == b.where.column && a.where.offset == b.where.offset &&
                      a.events == b.events && a.rejected == b.rejected && a.raw == b.raw;
    if (same) continue;
    std::string first;
    for (std::size_t k = 0; k < std::max(a.events.size(), b.events.size()); ++k) {
      const std::string x = k < a.events.size() ? a.events[k] : "(none)";
      const std::string y = k < b.events.size() ? b.events[k] : "(none)";
      if (x != y) {
        first = "\n  first different event: '" + x + "' / '" + y + "'";
        break;
      }
    }
    ADD_FAILURE() << "game " << i + 1 << " (number " << a.number << " / " << b.number
                  << ", at " << a.where.line << ":" << a.where.column << "#" << a.where.offset
                  << " / " << b.where.line << ":" << b.where.column << "#" << b.where.offset
                  << ", rejected " << a.rejected << " / " << b.rejected << ") differs" << first
                  << (a.raw != b.raw ? "\n  raw texts differ" : "");
    return;
  }
}

// A fixture of tests/data/pgn/quirks.
inline std::filesystem::path quirk(const std::string& name) {
  return fenkit::testing::data("pgn/quirks/" + name);
}

// Every quirk fixture, in name order, each followed by a blank line: one text with every kind
// of game the reader knows, good and broken.
inline std::string all_quirks() {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::directory_iterator(quirk("")))
    if (entry.path().extension() == ".pgn") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::string all;
  for (const auto& f : files) all += fenkit::testing::read_file(f) + "\n\n";
  return all;
}

// `text` with 40 random edits: bytes deleted, runs of bytes doubled, bytes replaced by
// characters that matter to the scanner and the grammar.
inline std::string damaged(std::string text, std::mt19937& random) {
  static const std::string specials = "{}()[];%\"\\\n\r\t *.$!?-/01e\x1a\xC2\xBD";
  for (int edits = 0; edits < 40 && !text.empty(); ++edits) {
    const std::size_t at = random() % text.size();
    switch (random() % 3) {
      case 0: text.erase(at, 1 + random() % 3); break;
      case 1: text.insert(at, text.substr(at, 1 + random() % 20)); break;
      default: text[at] = specials[random() % specials.size()]; break;
    }
  }
  return text;
}

inline std::vector<GameLog> read_text(std::string_view text, const ReaderOptions& options = {}) {
  EventLog log;
  log.moves_checked = options.check_moves;
  const ReadStats stats = read_pgn(text, log, options);
  EXPECT_EQ(stats.games, log.games.size());
  return std::move(log.games);
}

// Reads a quirk fixture through the file reader (memory-mapped).
inline std::vector<GameLog> read_quirk(const std::string& name, const ReaderOptions& options = {}) {
  EventLog log;
  log.moves_checked = options.check_moves;
  const ReadStats stats = read_pgn(*io::open_input(quirk(name).string()), log, options);
  EXPECT_EQ(stats.games, log.games.size());
  std::uint64_t rejected = 0;
  for (const GameLog& g : log.games) rejected += g.rejected;
  EXPECT_EQ(stats.rejected, rejected);
  return std::move(log.games);
}

}  // namespace fenkit::pgn::testing
