// position_index: PGN games in an SQLite database, with their positions indexed by Polyglot
// key, and the two questions an opening explorer asks of them.
//
//   position_index import DB FILE...   read PGN files (compressed or not) into a new database
//   position_index games DB FEN        the games that reached the position
//   position_index moves DB FEN        the moves played from it, with the games' results
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <exception>
#include <filesystem>
#include <iostream>
#include <string>
#include <string_view>

#include "importer.hpp"
#include "queries.hpp"
#include "schema.hpp"

namespace {

using namespace position_index;

int usage() {
  std::cerr << "usage: position_index import DB FILE...\n"
               "       position_index games DB FEN\n"
               "       position_index moves DB FEN\n";
  return 2;
}

int import(const std::string& path, int count, char** files) {
  if (std::filesystem::exists(path)) {
    std::cerr << path << ": error: the database exists already (import makes a new one)\n";
    return 2;
  }
  // Every input is opened before the database is made: a name mistyped leaves nothing behind.
  for (int i = 0; i < count; ++i) {
    if (std::string_view(files[i]) == "-") continue;
    if (std::FILE* f = std::fopen(files[i], "rb")) {
      std::fclose(f);
    } else {
      std::cerr << files[i] << ": error: cannot open: " << std::strerror(errno) << '\n';
      return 2;
    }
  }
  const auto start = std::chrono::steady_clock::now();
  Database db(path, true);
  // One transaction and no journal: an import that fails leaves a database to delete, never
  // a half-written one to trust, and the rows go in at the speed of the disk.
  db.exec("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF; PRAGMA cache_size = -262144;");
  create_tables(db);
  db.exec("BEGIN");
  Importer importer(db);
  for (int i = 0; i < count; ++i) importer.import_file(files[i]);
  importer.finish();
  create_indexes(db);
  db.exec("COMMIT");
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const ImportTotals& t = importer.totals();
  std::fprintf(stderr,
               "%llu games, %llu imported, %llu rejected; %llu positions in %.2f s "
               "(%.1f MB/s, %.2f M positions/s)\n",
               (unsigned long long)t.games, (unsigned long long)t.imported,
               (unsigned long long)t.rejected, (unsigned long long)t.positions, seconds,
               double(t.bytes) / 1e6 / seconds, double(t.positions) / 1e6 / seconds);
  return t.rejected ? 1 : 0;
}

int games(const std::string& path, const std::string& fen) {
  Database db(path, false);
  std::cout << "game\tply\twhite\tblack\tresult\n";
  for (const GameReached& g : games_reaching(db, fen))
    std::cout << g.game << '\t' << g.ply << '\t' << g.white << '\t' << g.black << '\t' << g.result
              << '\n';
  return 0;
}

int moves(const std::string& path, const std::string& fen) {
  Database db(path, false);
  std::cout << "move\tplayed\tgames\twhite_wins\tdraws\tblack_wins\n";
  for (const MovePlayed& m : moves_played(db, fen))
    std::cout << m.move << '\t' << m.played << '\t' << m.games << '\t' << m.white_wins << '\t'
              << m.draws << '\t' << m.black_wins << '\n';
  return 0;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 4) return usage();
  const std::string_view command = argv[1];
  try {
    if (command == "import") return import(argv[2], argc - 3, argv + 3);
    if (argc != 4) return usage();
    if (command == "games") return games(argv[2], argv[3]);
    if (command == "moves") return moves(argv[2], argv[3]);
  } catch (const std::exception& e) {
    std::cerr << "position_index: error: " << e.what() << '\n';
    return 2;
  }
  return usage();
}
