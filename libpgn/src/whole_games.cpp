#include "fenkit/pgn/whole_games.hpp"

namespace fenkit::pgn {

WholeGames::WholeGames(Visitor& inner)
    : inner_(inner), builder_([this](Game&& game) { deliver(std::move(game)); }) {}

void WholeGames::deliver(Game&& game) {
  if (!game.rejected) {
    game.accept(inner_);
    return;
  }
  const GameEnd end{.rejected = true, .raw = game.raw, .selected = false};
  if (inner_.begin_game(GameStart{.number = game.number, .where = game.where}) == Action::proceed)
    for (const Tag& t : game.tags) inner_.tag(t.name, t.value);
  for (const Diagnostic& d : game.diagnostics) inner_.diagnostic(d);
  inner_.end_game(end);
}

Action WholeGames::begin_game(const GameStart& start) {
  in_game_ = true;
  return builder_.begin_game(start);
}
void WholeGames::tag(std::string_view name, std::string_view value) { builder_.tag(name, value); }
void WholeGames::start_position(const fen::Position& position) { builder_.start_position(position); }
Action WholeGames::end_tags() { return builder_.end_tags(); }
Action WholeGames::begin_movetext() { return builder_.begin_movetext(); }
Action WholeGames::move(const MoveEvent& event) { return builder_.move(event); }
void WholeGames::comment(std::string_view text, const Location& where) {
  builder_.comment(text, where);
}
void WholeGames::nag(std::uint8_t nag) { builder_.nag(nag); }
Action WholeGames::begin_variation() { return builder_.begin_variation(); }
void WholeGames::end_variation() { builder_.end_variation(); }
void WholeGames::result(std::string_view result) { builder_.result(result); }

void WholeGames::diagnostic(const Diagnostic& diagnostic) {
  if (in_game_)
    builder_.diagnostic(diagnostic);
  else
    inner_.diagnostic(diagnostic);
}

void WholeGames::end_game(const GameEnd& end) {
  in_game_ = false;
  builder_.end_game(end);
}

}  // namespace fenkit::pgn
