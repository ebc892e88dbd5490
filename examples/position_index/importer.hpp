// Reading PGN files into the database: a visitor of fenkit's streaming reader that keeps one
// game at a time and writes it when the reader has accepted it whole.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include <fenkit/pgn/reader.hpp>

#include "sqlite.hpp"

namespace position_index {

struct ImportTotals {
  std::uint64_t games = 0;      // every game read, rejected ones included
  std::uint64_t imported = 0;
  std::uint64_t rejected = 0;   // reported on standard error with their place
  std::uint64_t positions = 0;
  std::uint64_t bytes = 0;
};

class Importer {
 public:
  explicit Importer(Database& db);

  // Reads one file (compressed or not, "-" for standard input); games are numbered on from
  // the files read before. Diagnostics go to standard error as FILE:LINE:COLUMN: error: ...
  void import_file(const std::string& path);
  // Writes the positions still gathered; call after the last file.
  void finish();
  const ImportTotals& totals() const { return totals_; }

 private:
  class GameVisitor;
  struct PendingPosition {
    std::uint64_t key;
    std::uint64_t game;
    std::uint32_t ply;
    std::uint8_t uci_length;
    char uci[8];
  };
  void flush_positions();
  Database& db_;
  Statement insert_game_, insert_tag_, insert_position_;
  ImportTotals totals_;
  std::vector<PendingPosition> pending_;
};

}  // namespace position_index
