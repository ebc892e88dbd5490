// The database's tables.
//
//   games(id, white, black, result, plies)   one row per game read; id is the game's number
//                                            (from 1 across the files, as fenkit numbers them)
//   tags(game, name, value)                  every tag of every game, as written
//   positions(key, game, ply, move)          every position of every main line: its Polyglot
//                                            key (as a signed 64-bit integer), the half-move
//                                            it was reached at (0: the start position) and
//                                            the move played from it in UCI (NULL at the end)
//
// positions is stored in key order (its primary key is (key, game, ply), WITHOUT ROWID), so
// that "which games reached this position" and "which moves were played from it" each read
// one run of neighbouring rows, whatever the size of the archive.
#pragma once

#include "sqlite.hpp"

namespace position_index {

// Creates the tables (the database must be new or empty).
void create_tables(Database& db);
// Creates the index of tags by game: after the rows are in, which is faster than keeping it
// up to date row by row.
void create_indexes(Database& db);

}  // namespace position_index
