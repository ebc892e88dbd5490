// What PositionRows hands to the writer of its format: one writer per format (fen_rows.cpp,
// epd_rows.cpp, csv_rows.cpp, json_rows.cpp, column_rows.cpp), each making rows of the same
// positions in its own way.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/position.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "fenkit/pgn/comment_commands.hpp"
#include "fenkit/pgn/detail/output_buffer.hpp"
#include "fenkit/pgn/position_rows.hpp"

namespace fenkit::pgn::rows {

// The SAN and UCI of the move being visited, each written once: the same move is the next move
// of one row and the move of the row after it.
class MoveNames {
 public:
  void forget() { san_length_ = uci_length_ = 0; }
  std::string_view san(const fen::Position& before, fen::Move move, const fen::Position* after) {
    if (san_length_ == 0)
      san_length_ = after ? fen::write_san(before, move, *after, san_)
                          : fen::write_san(before, move, san_);
    return std::string_view(san_, san_length_);
  }
  std::string_view uci(const fen::Position& before, fen::Move move) {
    if (uci_length_ == 0) uci_length_ = fen::write_uci(before, move, uci_);
    return std::string_view(uci_, uci_length_);
  }

 private:
  char san_[fen::kMaxSanLength];
  std::size_t san_length_ = 0;  // 0: not written yet
  char uci_[fen::kMaxUciLength];
  std::size_t uci_length_ = 0;
};

// Where a variation hangs off its parent line: the ply of the move it replaces, and which of
// that move's variations it is. A row inside variations has the path of every level.
struct Branch {
  std::uint32_t ply;
  std::uint32_t index;
};

// "12:1/14:2": the branch of every level (text_rows.cpp).
void append_path(detail::OutputBuffer& out, std::span<const Branch> path);

// What follows a row's move in the game: the first [%eval] and [%clk] of the comments after it,
// the comments' text without commands, its NAGs.
struct RowNotes {
  CommentCommands commands;
  std::string comment;
  std::vector<std::uint8_t> nags;

  void clear() {
    commands = {};
    comment.clear();
    nags.clear();
  }
};

// A row's head: what is known when the move leading to its position arrives.
struct RowHead {
  std::int64_t game;  // with the game offset
  std::uint32_t ply;
  std::span<const Branch> path;  // empty on the main line
  const fen::Position& position;
  const fen::Position* before;  // null for a start position
  fen::Move move;
  MoveNames& names;
};

// A row's tail: what follows its move, and the move played next from its position (`from` the
// position before that move and `after` the one after it; `from` null at a line's end).
struct RowTail {
  const RowNotes& notes;
  fen::Color side;  // to move in the row's position
  const fen::Position* from;
  fen::Move next;
  const fen::Position* after;
  MoveNames& names;
};

class RowWriter {
 public:
  virtual ~RowWriter() = default;
  // The tags of the game whose rows come next, per PositionRowOptions::tags ("" and not seen
  // when the game lacks one). The values stay in place until the game ends.
  virtual void game_tags(std::span<const std::string> values,
                         std::span<const std::uint8_t> seen) = 0;
  // Writes a row's head; gives the place of its tail, for tail().
  virtual std::size_t head(const RowHead& row) = 0;
  // Writes the tail of the row whose head gave `at`. Rows of other lines (variations) may have
  // been written since.
  virtual void tail(std::size_t at, const RowTail& row) = 0;
};

std::unique_ptr<RowWriter> fen_rows(const PositionRowOptions& options, PositionRowChunk& chunk);
std::unique_ptr<RowWriter> epd_rows(const PositionRowOptions& options, PositionRowChunk& chunk);
std::unique_ptr<RowWriter> csv_rows(const PositionRowOptions& options, PositionRowChunk& chunk);
std::unique_ptr<RowWriter> json_rows(const PositionRowOptions& options, PositionRowChunk& chunk);
std::unique_ptr<RowWriter> column_rows(const PositionRowOptions& options, PositionRowChunk& chunk);

}  // namespace fenkit::pgn::rows
