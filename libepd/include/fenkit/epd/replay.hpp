// Positions with their game, as rows of text: the visitor behind `fenkit replay`, for any program
// that turns archives into data sets. It writes a row per position in one of four formats
// (FEN lines, EPD records, CSV, JSON lines), or as columns of values (replay_columns.hpp: the
// rows of the JSON lines, for arrays and databases), with the columns a data set asks for (tags,
// evaluation, clock, comment, NAGs, the move played next), and chooses games with a GameFilter.
//
//   ReplayOptions options;  options.format = ReplayFormat::csv;  options.eval = true;
//   ReplayChunk out;
//   ReplayWriter writer(options, "games.pgn", out, false);
//   pgn::read_pgn(text, writer);      // out.output holds the rows (csv_header() first)
//
// With pgn::read_archive every chunk gets its own ReplayChunk and ReplayWriter on its worker
// thread, and the chunks' rows are written in input order (this is what the command does).
// Thread safety: a ReplayWriter and its ReplayChunk belong to one thread; ReplayOptions (and
// the filter it points to) may be shared read-only.
//
// A row is written in two parts. Its head (game, ply, san, uci, fen) is known when the move that
// leads to the position arrives; the rest (the comment after that move, with its [%eval] and
// [%clk], and the move played next) only when the line goes on or ends. So the head is written
// at once and the row stays open until then; no per-move allocation is needed either way.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fenkit/epd/replay_columns.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "fenkit/pgn/comment_commands.hpp"
#include "fenkit/pgn/game_filter.hpp"
#include "fenkit/pgn/selecting_visitor.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "fenkit/pgn/detail/output_buffer.hpp"
#include "fenkit/pgn/reader.hpp"
#include "fenkit/pgn/report.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

// columns: no text; the rows of jsonl go to ReplayChunk::columns.
enum class ReplayFormat { fen, epd, csv, jsonl, columns };

struct FENKIT_API ReplayOptions {
  ReplayFormat format = ReplayFormat::fen;
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
  // ReplayFormat::columns: which text columns of the rows are filled (the others stay empty, and
  // a data set without them is made faster); game and ply always are.
  struct RowText {
    bool path = true;  // with variations
    bool san = true, uci = true, fen = true;
  } row_text;
  const pgn::GameFilter* filter = nullptr;  // which games; null: all

  // Whether rows wait for what follows their move.
  bool rows_wait() const {
    return eval || clock || comments || nags || next || format == ReplayFormat::epd;
  }
};

// The header line of the csv format.
FENKIT_API std::string csv_header(const ReplayOptions& options);

// How games must be read for these rows: every move checked, side lines too (a bad move in a
// side line costs the game only when side lines are written; otherwise it is a warning and the
// main line's positions are kept, as pgn-extract -V does), comments read when a column needs
// them.
FENKIT_API pgn::ReaderOptions reader_options(const ReplayOptions& options);

// What one chunk of input produced, kept until it can be written in order.
struct FENKIT_API ReplayChunk {
  pgn::detail::OutputBuffer output;  // the text formats' rows
  ReplayColumns columns;     // ReplayFormat::columns' rows
  pgn::ChunkReport report;
  std::uint64_t positions = 0;
  std::uint64_t selected = 0;  // games that passed the filter (and were not rejected)

  // Empty again, keeping the buffers (for the next chunk).
  void clear() {
    output.clear();
    report.clear();
    positions = selected = 0;
  }
};

// `file_name` names the input in diagnostics; `keep_rejects` keeps the text of rejected games in
// the report. Every game whose GameEnd::selected holds gives its rows; wrapped in a
// ReplaySelector (below), those of options.filter.
class FENKIT_API ReplayWriter : public pgn::Visitor {
 public:
  ReplayWriter(const ReplayOptions& options, std::string file_name, ReplayChunk& result,
               bool keep_rejects);

  pgn::Action begin_game(const pgn::GameStart& start) override;
  void tag(std::string_view name, std::string_view value) override;
  void start_position(const fen::Position& pos) override;
  pgn::Action begin_movetext() override;
  pgn::Action move(const pgn::MoveEvent& event) override;
  void comment(std::string_view text, const pgn::Location& where) override;
  void nag(std::uint8_t nag) override;
  pgn::Action begin_variation() override;
  void end_variation() override;
  void diagnostic(const pgn::Diagnostic& d) override;
  void end_game(const pgn::GameEnd& end) override;

 private:
  // A row whose head is written and whose tail waits (one per line: the main line, and each
  // variation being read).
  struct OpenRow {
    bool open = false;
    std::size_t tail_at = 0;  // where in the output its tail goes (columns: the row's number)
    fen::Color side = fen::Color::white;  // side to move in the row's position
    pgn::CommentCommands commands;        // of the comment after the move (numbers only)
    std::string comment;                  // its text without commands
    std::vector<std::uint8_t> nags;
  };

  bool wanted(std::uint32_t ply) const {
    // (No division for the usual --every 1: it would cost more than the rest of the test.)
    return !options_.final && ply >= options_.min_ply && ply <= options_.max_ply &&
           (options_.every == 1 || ply % options_.every == 0);
  }
  void write_row(const fen::Position& pos, const fen::Position* before, fen::Move move,
                 std::uint32_t ply);
  // Writes the tail of the open row of the current line; `next` is the move played from its
  // position (`from` the position before it, `after` the one after it), or none at the end of
  // the line.
  void close_row(const fen::Position* from, fen::Move next, const fen::Position* after);
  static void clear_annotations(OpenRow& row);
  void write_tail(OpenRow& row, const fen::Position* from, fen::Move next,
                  const fen::Position* after, pgn::detail::OutputBuffer& out);
  // ReplayFormat::columns: the head's values as a new row, the tail's into the row's place.
  void push_head(const fen::Position& pos, const fen::Position* before, fen::Move move,
                 std::uint32_t ply);
  void set_tail(const OpenRow& row, const fen::Position* from, fen::Move next,
                const fen::Position* after);
  void format_tags();
  std::string_view san_of(const fen::Position& before, fen::Move move, const fen::Position* after);
  std::string_view uci_of(const fen::Position& before, fen::Move move);
  void write_path(pgn::detail::OutputBuffer& out);
  // Takes back the rows of the game being read (rejected, or not selected).
  void drop_game();
  OpenRow& current_row() { return rows_[path_.size()]; }

  const ReplayOptions& options_;
  fen::FenWriter fen_writer_;
  std::string file_name_;
  ReplayChunk& result_;
  bool keep_rejects_;
  bool waits_;  // options_.rows_wait()
  std::uint64_t game_ = 0;
  std::size_t game_output_start_ = 0;
  std::size_t game_rows_start_ = 0;  // ReplayFormat::columns
  std::uint64_t game_positions_ = 0;
  std::uint32_t mainline_plies_ = 0;
  std::vector<std::string> tag_values_;  // per options_.tags, "" when absent
  std::vector<std::uint8_t> tag_seen_;
  std::string tags_text_;  // the tag columns of this game's rows, as the format writes them
  pgn::detail::OutputBuffer scratch_;    // a tail written away from the end of the output
  char san_[fen::kMaxSanLength];  // the SAN of the move being visited (san_of)
  std::size_t san_length_ = 0;    // 0: not written yet
  char uci_[fen::kMaxUciLength];
  std::size_t uci_length_ = 0;

  // --final: the last main-line position, written at the end of the game.
  fen::Position last_, last_before_;
  fen::Move last_move_;
  bool has_last_move_ = false;

  // Where the current variation hangs off its parent, per nesting level: ply and index.
  struct Branch {
    std::uint32_t ply;
    std::uint32_t index;
  };
  std::vector<Branch> path_;
  std::vector<std::uint32_t> last_ply_;  // per level: the ply of the last move seen
  std::vector<Branch> last_branch_;      // per level: the last branch opened from it
  std::vector<OpenRow> rows_;            // per level: its open row
};

// The rows of the games ReplayOptions::filter selects (ReplayWriter writes every game it is
// given): ReplaySelector(options.filter, options, file_name, result, keep_rejects).
using ReplaySelector = pgn::SelectingVisitor<ReplayWriter>;

}  // namespace fenkit::epd
