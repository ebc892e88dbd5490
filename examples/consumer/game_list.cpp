// Reads PGN games from standard input (plain or compressed) one at a time, and prints for
// each its number, players, result and final position:
//
//   game_list < games.pgn.zst
//   12  Carlsen, Magnus - Caruana, Fabiano  1/2-1/2  8/5k2/8/8/8/8/5K2/8 w - - 0 71
//
// A game the reader gave up is reported on standard error in its place, and the rest is read.
#include <fenkit/fen/fen.hpp>
#include <fenkit/pgn/game_reader.hpp>
#include <iostream>

namespace pgn = fenkit::pgn;

int main() {
  std::ios::sync_with_stdio(false);
  pgn::GameReader reader(std::cin, "<stdin>");
  for (const pgn::Game& game : reader) {
    if (game.rejected) {
      for (const pgn::Diagnostic& d : game.diagnostics)
        std::cerr << "<stdin>:" << d.where.line << ':' << d.where.column << ": game "
                  << game.number << ": " << d.message << '\n';
      continue;
    }
    auto tag = [&](const char* name) {
      const std::string* value = game.find_tag(name);
      return value ? *value : std::string("?");
    };
    std::cout << game.number << "  " << tag("White") << " - " << tag("Black") << "  "
              << tag("Result") << "  " << fenkit::fen::to_fen(game.position_after(game.plies()))
              << '\n';
  }
  return reader.rejected() ? 1 : 0;
}
