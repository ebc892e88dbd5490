// Test support: a visitor that writes down every call it gets, one line each, so that two
// sources of callbacks can be compared call by call.
#pragma once

#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/pgn/visitor.hpp"

namespace fenkit::pgn::testing {

class Recorder : public Visitor {
 public:
  std::vector<std::string> calls;

  // Which of its answers are skips: the variation with this 1-based number (counting every
  // begin_variation), the move with this 1-based number, or the game.
  int skip_variation = 0;
  int skip_move = 0;
  bool skip_game = false;
  bool ignore_after_tags = false;  // end_tags answers ignore (and is not recorded)

  Action begin_game(const GameStart& s) override {
    calls.push_back("begin_game " + std::to_string(s.number));
    return skip_game ? Action::skip : Action::proceed;
  }
  void tag(std::string_view name, std::string_view value) override {
    calls.push_back("tag " + std::string(name) + "=" + std::string(value));
  }
  void start_position(const fen::Position& p) override {
    calls.push_back("start_position " + fen::to_fen(p));
  }
  Action end_tags() override { return ignore_after_tags ? Action::ignore : Action::proceed; }
  Action begin_movetext() override {
    calls.push_back("begin_movetext");
    return Action::proceed;
  }
  Action move(const MoveEvent& e) override {
    ++moves_;
    std::string s = "move " + std::string(e.san) + " ply=" + std::to_string(e.ply) +
                    " depth=" + std::to_string(e.depth) + " bits=" + std::to_string(e.move.bits());
    if (e.before) s += " before=" + fen::to_fen(*e.before);
    if (e.after) s += " after=" + fen::to_fen(*e.after);
    calls.push_back(s);
    return moves_ == skip_move ? Action::skip : Action::proceed;
  }
  void comment(std::string_view text, const Location&) override {
    calls.push_back("comment " + std::string(text));
  }
  void nag(std::uint8_t n) override { calls.push_back("nag " + std::to_string(n)); }
  Action begin_variation() override {
    ++variations_;
    calls.push_back("begin_variation");
    return variations_ == skip_variation ? Action::skip : Action::proceed;
  }
  void end_variation() override { calls.push_back("end_variation"); }
  void result(std::string_view r) override { calls.push_back("result " + std::string(r)); }
  void diagnostic(const Diagnostic& d) override { calls.push_back("diagnostic " + d.message); }
  void end_game(const GameEnd& e) override {
    calls.push_back(std::string("end_game") +
                    (e.rejected ? " rejected " + std::string(e.raw) : ""));
  }

 private:
  int moves_ = 0;
  int variations_ = 0;
};

}  // namespace fenkit::pgn::testing
