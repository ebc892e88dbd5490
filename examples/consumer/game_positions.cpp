// Prints every position of every game of a PGN file (plain or compressed; "-" for standard
// input), one line per move: the FEN after it, the move in SAN and UCI, the Polyglot key, the
// clock of lichess's [%clk] in seconds ("-" when the record has none):
//
//   game_positions games.pgn.zst
//   rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1	e4	e2e4	823c9b50fd114196	-
//
// The loop of a program that stores games and their positions (a database's importer). FENs
// are written as python-chess writes them (an en-passant square only when a capture there is
// legal), so that rows compare with its board.fen(). A game the reader gave up is reported on
// standard error in its place, and the rest is read.
#include <fenkit/pgn/game_reader.hpp>
#include <cstdio>
#include <iostream>

namespace pgn = fenkit::pgn;

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: game_positions FILE.pgn\n";
    return 2;
  }
  pgn::GameReader reader(argv[1]);
  pgn::WalkOptions options;
  options.fen.ep = fenkit::fen::EpMode::legal;
  for (const pgn::Game& game : reader) {
    if (game.rejected) {
      for (const pgn::Diagnostic& d : game.diagnostics) {
        std::string line;
        pgn::append_diagnostic(line, argv[1], d);
        std::cerr << line;
      }
      continue;
    }
    for (const pgn::Ply& ply : reader.walk(game, options)) {
      const auto clock = ply.commands().clock_ms;
      std::printf("%.*s\t%.*s\t%.*s\t%016llx\t", int(ply.fen().size()), ply.fen().data(),
                  int(ply.san().size()), ply.san().data(), int(ply.uci().size()),
                  ply.uci().data(), static_cast<unsigned long long>(ply.key()));
      if (clock) std::printf("%lld\n", static_cast<long long>(*clock / 1000));
      else std::printf("-\n");
    }
  }
  return reader.rejected() ? 1 : 0;
}
