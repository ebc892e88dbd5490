// The positions of games as the rows of a data set: the visitor behind `fenkit replay`, for any
// program that turns archives into data sets. It writes a row per position in one of four text
// formats (FEN lines, EPD records, CSV, JSON lines; one writer each), or as columns of values
// (position_columns.hpp: the rows of the JSON lines, for arrays and databases), with the columns
// a data set asks for (tags, evaluation, clock, comment, NAGs, the move played next).
//
//   PositionRowOptions options;  options.format = RowFormat::csv;  options.eval = true;
//   PositionRowChunk out;
//   PositionRows rows(options, "games.pgn", out, false);
//   read_pgn(text, rows, options.reader_options());  // out.output: the rows (csv_header() first)
//
// PositionRows writes every game it is given; PositionRowSelector (below) those a GameFilter
// selects. With read_archive every chunk gets its own PositionRowChunk and PositionRows on its
// worker thread, and the chunks' rows are written in input order (this is what the command does).
// Thread safety: a PositionRows and its PositionRowChunk belong to one thread;
// PositionRowOptions may be shared read-only.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/export.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/pgn/detail/output_buffer.hpp"
#include "fenkit/pgn/position_columns.hpp"
#include "fenkit/pgn/reader.hpp"
#include "fenkit/pgn/report.hpp"
#include "fenkit/pgn/selecting_visitor.hpp"
#include "fenkit/pgn/visitor.hpp"

namespace fenkit::pgn {

// columns: no text; the rows of jsonl go to PositionRowChunk::columns.
enum class RowFormat { fen, epd, csv, jsonl, columns };

struct FENKIT_API PositionRowOptions {
  RowFormat format = RowFormat::fen;
  fen::EpMode ep = fen::EpMode::standard;
  bool with_start = false;  // ply 0: the game's start position
  bool variations = false;  // positions inside variations too
  bool san = false;         // fen format: a SAN column after the FEN
  bool uci = false;         // fen format: a UCI column after the FEN
  bool warnings = false;    // report warnings, not only errors
  std::uint32_t min_ply = 0;
  std::uint32_t max_ply = UINT32_MAX;
  std::uint32_t every = 1;
  std::int64_t game_offset = 0;  // added to every game number written
  // The columns of a data set.
  std::vector<std::string> tags;  // tag values by name, in this order
  bool eval = false;              // eval and mate, from [%eval] after the move
  bool clock = false;             // clk, from [%clk] after the move
  bool comments = false;          // the comment after the move, without its commands
  bool nags = false;              // the NAGs of the move
  bool next = false;              // next_san and next_uci: the move played from the position
  bool final = false;             // only the last position of each game
  // RowFormat::columns: which text columns of the rows are filled (the others stay empty, and
  // a data set without them is made faster); game and ply always are.
  struct RowText {
    bool path = true;  // with variations
    bool san = true, uci = true, fen = true;
    // A row whose position is the position of the row before with its move played gives that
    // move instead of its FEN (PositionColumns::fen_steps), for a reader that plays the moves
    // and writes the FENs itself: fenkit's Python module, sending rows between processes.
    bool fen_moves = false;
  } row_text;
  // RowFormat::columns: the board as numbers, for learning (PositionColumns::planes, turn,
  // castling, ep_square).
  bool planes = false;

  // Whether the rows name their game (every format but FEN lines): they are read with the true
  // game numbers (ArchiveOptions::numbered_later off).
  bool rows_hold_game_numbers() const { return format != RowFormat::fen; }
  // Whether rows wait for what follows their move.
  bool rows_wait() const {
    return eval || clock || comments || nags || next || format == RowFormat::epd;
  }
  // The header line of the csv format.
  std::string csv_header() const;
  // How games must be read for these rows: every move checked, side lines too (a bad move in a
  // side line costs the game only when side lines are written; otherwise it is a warning and the
  // main line's positions are kept, as pgn-extract -V does), comments read when a column needs
  // them.
  ReaderOptions reader_options() const;

  // The rules these options keep to, one set for the program and the Python module: the first
  // one broken, said with the options' names as `name` writes a key ("max_ply" is "--max-ply"
  // to the program, "max_ply" to Python), or nothing. By value: an option at its default value
  // goes with anything.
  using OptionName = std::string (*)(std::string_view key);
  std::optional<std::string> problem(OptionName name) const;
};

// What one chunk of input produced, kept until it can be written in order.
struct FENKIT_API PositionRowChunk {
  detail::OutputBuffer output;  // the text formats' rows
  PositionColumns columns;      // RowFormat::columns' rows
  ChunkReport report;
  std::uint64_t positions = 0;
  std::uint64_t selected = 0;  // games that were selected (and not rejected)

  // Empty again, keeping the buffers (for the next chunk).
  void clear() {
    output.clear();
    columns.clear();
    report.clear();
    positions = selected = 0;
  }
};

// `file_name` names the input in diagnostics; `keep_rejects` keeps the text of rejected games in
// the report. Every game whose GameEnd::selected holds gives its rows.
//
// A row is written in two parts. Its head (game, ply, san, uci, fen) is known when the move that
// leads to the position arrives; the rest (the comment after that move, with its [%eval] and
// [%clk], and the move played next) only when the line goes on or ends. So the head is written
// at once and the row stays open until then; no per-move allocation is needed either way.
class FENKIT_API PositionRows : public Visitor {
 public:
  PositionRows(const PositionRowOptions& options, std::string file_name,
               PositionRowChunk& result, bool keep_rejects);
  PositionRows(PositionRows&&) noexcept;
  ~PositionRows() override;

  Action begin_game(const GameStart& start) override;
  void tag(std::string_view name, std::string_view value) override;
  void start_position(const fen::Position& pos) override;
  Action begin_movetext() override;
  Action move(const MoveEvent& event) override;
  void comment(std::string_view text, const Location& where) override;
  void nag(std::uint8_t nag) override;
  Action begin_variation() override;
  void end_variation() override;
  void diagnostic(const Diagnostic& d) override;
  void end_game(const GameEnd& end) override;

 private:
  class Walk;  // follows the game's lines and keeps their open rows (position_rows.cpp)
  std::unique_ptr<Walk> walk_;
};

// The rows of the games a filter selects:
// PositionRowSelector(&filter, options, file_name, result, keep_rejects).
using PositionRowSelector = SelectingVisitor<PositionRows>;

}  // namespace fenkit::pgn
