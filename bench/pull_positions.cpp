// The loop of a program that stores games and positions (docs/library.md), timed as a whole
// process beside `fenkit replay -j1` by bench/compare_pull.sh: every game of a PGN file pulled
// with GameReader, and for every position of its main line the FEN and the Polyglot key (and,
// with --san, the SAN and UCI of the move). Prints the counts and a checksum of what it made,
// so that runs can be compared and nothing is left unused.
//
//   pull_positions [--threads N] [--replay] [--san] [--pull-only] FILE
//     --threads N   GameReaderOptions::threads (default 1; 0: one per core)
//     --replay      walk(game), which plays the moves again, instead of reader.walk(game)
//     --san         also the SAN and UCI of every move
//     --pull-only   the games alone: nothing of them is used but game.plies() (the checksum
//                   is their sum), to time the reader by itself
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <string>

#include "fenkit/pgn/game_reader.hpp"

namespace pgn = fenkit::pgn;

int main(int argc, char** argv) {
  pgn::GameReaderOptions options;
  bool replay = false, san = false, pull_only = false;
  const char* path = nullptr;
  for (int i = 1; i < argc; ++i) {
    if (std::strcmp(argv[i], "--threads") == 0 && i + 1 < argc)
      options.threads = unsigned(std::strtoul(argv[++i], nullptr, 10));
    else if (std::strcmp(argv[i], "--replay") == 0)
      replay = true;
    else if (std::strcmp(argv[i], "--san") == 0)
      san = true;
    else if (std::strcmp(argv[i], "--pull-only") == 0)
      pull_only = true;
    else
      path = argv[i];
  }
  if (!path) {
    std::fputs("usage: pull_positions [--threads N] [--replay] [--san] [--pull-only] FILE\n",
               stderr);
    return 2;
  }
  std::uint64_t games = 0, rejected = 0, positions = 0, checksum = 0;
  try {
    pgn::GameReader reader(path, options);
    for (const pgn::Game& game : reader) {
      if (game.rejected) {
        ++rejected;
        continue;
      }
      ++games;
      if (pull_only) {
        positions += game.plies();
        checksum += game.plies();
        continue;
      }
      auto each = [&](const pgn::Ply& ply) {
        checksum += ply.key() ^ ply.fen().size();
        if (san) checksum += ply.san().size() + ply.uci().size();
        ++positions;
      };
      if (replay)
        for (const pgn::Ply& ply : pgn::walk(game)) each(ply);
      else
        for (const pgn::Ply& ply : reader.walk(game)) each(ply);
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "pull_positions: %s\n", e.what());
    return 2;
  }
  std::printf("games %llu rejected %llu positions %llu checksum %016llx\n",
              (unsigned long long)games, (unsigned long long)rejected,
              (unsigned long long)positions, (unsigned long long)checksum);
  return 0;
}
