// WholeGames: the visitor reader with a promise: a visitor sees a game's moves only once the
// reader has found the whole game good. The reader itself streams, so a game rejected at ply 31
// has shown 30 moves before end_game{rejected}; a visitor that writes as it goes (rows of a
// database, lines of a file) would store half games. Wrapped in WholeGames, it does not:
//
//   MyVisitor mine;
//   pgn::WholeGames whole(mine);
//   pgn::read_pgn(*io::open_input("games.pgn"), whole);
//
// Each game is held as a tree (GameBuilder) until the reader has judged it. A good game is then
// replayed into the inner visitor (Game::accept: every event, with its positions; comments
// without their places); a rejected one reaches it as begin_game, its tags, its diagnostics and
// end_game{rejected, raw}: never a move. Diagnostics outside any game pass straight through.
// The inner visitor's Action answers hold for its own events (skip a variation, ignore the
// movetext), not for the reading, which reads every game whole. Holding the tree costs time:
// GameReader (game_reader.hpp) gives the same games as values.
//
// Thread safety: as any visitor: one read at a time.
#pragma once

#include "fenkit/fen/export.hpp"
#include "fenkit/pgn/game_builder.hpp"
#include "fenkit/pgn/visitor.hpp"

namespace fenkit::pgn {

class FENKIT_API WholeGames : public Visitor {
 public:
  explicit WholeGames(Visitor& inner);

  Action begin_game(const GameStart& start) override;
  void tag(std::string_view name, std::string_view value) override;
  void start_position(const fen::Position& position) override;
  Action end_tags() override;
  Action begin_movetext() override;
  Action move(const MoveEvent& event) override;
  void comment(std::string_view text, const Location& where) override;
  void nag(std::uint8_t nag) override;
  Action begin_variation() override;
  void end_variation() override;
  void result(std::string_view result) override;
  void diagnostic(const Diagnostic& diagnostic) override;
  void end_game(const GameEnd& end) override;

 private:
  void deliver(Game&& game);

  Visitor& inner_;
  GameBuilder builder_;
  bool in_game_ = false;
};

}  // namespace fenkit::pgn
