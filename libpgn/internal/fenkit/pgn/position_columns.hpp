// Position rows (position_rows.hpp) as columns of values instead of lines of text, for programs
// that load them into arrays or a database: PositionRows with RowFormat::columns fills the
// PositionColumns of its PositionRowChunk with the rows the jsonl format would write, in the same
// order, each key a column (game, ply, path, san, uci, fen, the tags, eval, mate, clk,
// comment, nags, next_san, next_uci; those the options ask for).
//
// Thread safety: as PositionRowChunk, whose part it is.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/export.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/pgn/detail/output_buffer.hpp"

namespace fenkit::pgn {

// A column of text values, each of them text or none (JSON's null). Values are kept one after
// another in one buffer, so that a chunk's column costs no allocation per row; a row's value
// may be given after later rows' (the tail of a row waits for what follows its move).
class FENKIT_API TextColumn {
 public:
  std::size_t size() const { return spans_.size(); }
  bool is_none(std::size_t row) const { return spans_[row].length == kNone; }
  // The value of a row that is not none.
  std::string_view operator[](std::size_t row) const {
    return std::string_view(text_.view().data() + spans_[row].at, spans_[row].length);
  }

  void push(std::string_view value);
  void push_none();
  // A new row whose value is written in place: at most `capacity` bytes at the pointer, then
  // commit(n) with the length written.
  char* begin_push(std::size_t capacity);
  void commit(std::size_t length);
  // Gives a row pushed as none its value.
  void set(std::size_t row, std::string_view value);

  // Drops the rows from `rows` on, with their text.
  void truncate(std::size_t rows);
  // Empties the column, keeping its memory.
  void clear();

 private:
  static constexpr std::uint32_t kNone = UINT32_MAX;
  struct Span {
    std::uint32_t at = 0;
    std::uint32_t length = kNone;
  };
  detail::OutputBuffer text_;  // grows without zero-filling what begin_push() hands out
  std::vector<Span> spans_;
};

// How a row's FEN is given, with PositionRowOptions::row_text.fen_moves.
enum class FenStep : std::uint8_t {
  text,      // in PositionColumns::fen
  start,     // in fen, and read_fen_start of it makes the row's position exactly
  start960,  // the same, read as Chess960
  move,      // none in fen: the position of the row before, which is exactly known (start,
             // start960 or move), with the move fen_moves[row] played (Position::play_unchecked)
};

// Reads the FEN of a FenStep::start or start960 row into `out` as a reader of the moves must:
// validation problems accepted, castling read as Chess960 for start960. False if it cannot be
// read (`out` unchanged).
FENKIT_API bool read_fen_start(std::string_view fen, FenStep step, fen::Position& out);

// The columns of one chunk's rows. Every column asked for has one entry per row; the others
// stay empty.
struct FENKIT_API PositionColumns {
  std::vector<std::int64_t> game;  // with PositionRowOptions::game_offset added
  std::vector<std::int64_t> ply;
  TextColumn path;                 // variations: "12:1/14:2"
  TextColumn san, uci;             // none for a start position
  TextColumn fen;
  std::vector<TextColumn> tags;    // per PositionRowOptions::tags; none where the game lacks the tag
  // NaN where the comment after the move has none: eval in centipawns from White's view, mate
  // in moves (positive when White mates), clk in seconds.
  std::vector<double> eval, mate, clk;
  TextColumn comment;              // the comment after the move without its commands ("" if none)
  TextColumn nags;                 // the move's NAGs, one byte each ("" if none)
  TextColumn next_san, next_uci;   // the move played from the position; none at a line's end
  // PositionRowOptions::planes: per row the squares of each kind of piece as a 64-bit mask (bit
  // n for square n, a1 = 0), White's pawns, knights, bishops, rooks, queens and king, then
  // Black's (python-chess's pieces_mask); whether White is to move; the rooks that keep a
  // castling right, as a mask; the en-passant square as the options' ep mode writes it, or -1.
  std::array<std::vector<std::uint64_t>, 12> planes;
  std::vector<std::uint8_t> turn;
  std::vector<std::uint64_t> castling;
  std::vector<std::int8_t> ep_square;
  // PositionRowOptions::row_text.fen_moves: per row, how its FEN is given, and the move
  // (fen::Move::bits()) of a FenStep::move row (0 for the others).
  std::vector<FenStep> fen_steps;
  std::vector<std::uint16_t> fen_moves;

  std::size_t rows() const { return game.size(); }
  // Drops the rows from `rows` on.
  void truncate(std::size_t rows);
  // Empties every column, keeping its memory.
  void clear();
};

}  // namespace fenkit::pgn
