#include "schema.hpp"

namespace position_index {

void create_tables(Database& db) {
  db.exec(R"sql(
    CREATE TABLE games(id INTEGER PRIMARY KEY, white TEXT, black TEXT, result TEXT,
                       plies INTEGER);
    CREATE TABLE tags(game INTEGER NOT NULL, name TEXT NOT NULL, value TEXT NOT NULL);
    CREATE TABLE positions(key INTEGER NOT NULL, game INTEGER NOT NULL, ply INTEGER NOT NULL,
                           move TEXT, PRIMARY KEY(key, game, ply)) WITHOUT ROWID;
  )sql");
}

void create_indexes(Database& db) {
  db.exec(R"sql(
    CREATE INDEX tags_by_game ON tags(game);
  )sql");
}

}  // namespace position_index
