// The parts of `fenkit book`: one file per subcommand, and the readers that feed the builders.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "command_run.hpp"
#include "commands.hpp"
#include "fenkit/epd/book_builder.hpp"
#include "fenkit/epd/book_reader.hpp"
#include "fenkit/epd/book_weights.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/pgn/game_filter.hpp"

namespace fenkit::tools {

int run_book_build(const Args& args);
int run_book_probe(const Args& args);
int run_book_dump(const Args& args);
int run_book_merge(const Args& args);
int run_book_key(const Args& args);

// What the inputs of `fenkit book build` held.
struct BookInputTotals {
  std::size_t games = 0, rejected_games = 0;      // PGN
  std::size_t selected_games = 0;                 // PGN games the filter kept (and not rejected)
  std::size_t variant_games = 0;                  // of those, games of a variant, left out
  std::size_t variant_records = 0;                // EPD records of a variant's position, left out
  std::size_t records = 0, rejected_records = 0;  // EPD
  std::size_t records_without_moves = 0;          // EPD records with no bm, pm or sm
  std::size_t bad_weights = 0;                    // EPD records whose weight is no weight
  std::uint64_t ambiguous = 0;                    // Chess960 positions left out (epd/book_move.hpp)
};

// Feeds every game of a PGN input to `builder`, in input order, reading on `jobs` threads;
// games the reader rejects are reported and counted. Game numbers go on from `totals.games`.
void add_pgn_games(CommandRun& run, io::InputSource& input, std::uint64_t size,
                   epd::BookBuilder& builder, int max_ply, const pgn::GameFilter& filter,
                   unsigned jobs, BookInputTotals& totals);

struct EpdBookInput {
  // The opcode whose operand gives a record's weight (a whole number from 0 to 65535); records
  // without it weigh 1. Empty: every record weighs 1.
  std::string weight_opcode;
  bool chess960 = false;
};

// Adds the moves of every record of an EPD input to `weights` (book_epd.cpp says which).
void add_epd_records(CommandRun& run, io::InputSource& input, epd::BookWeights& weights,
                     const EpdBookInput& options, BookInputTotals& totals);

// Opens a book for reading. Reports a book that cannot be used (naming the file, and the byte
// at fault) and returns false; with `ignore_trailing_bytes`, a size that is not a multiple of
// 16 only draws a warning.
bool open_book(const std::string& path, bool ignore_trailing_bytes, Diagnostics& diag,
               std::optional<epd::Book>& out);

// Reads a FEN given as the remaining words of a command line. Throws UsageError.
fen::Position position_from_words(const std::vector<std::string>& words, bool chess960);

// "463b96181691fc9c"
std::string key_text(std::uint64_t key);

}  // namespace fenkit::tools
