// RowFormat::columns: the rows of the jsonl format as PositionColumns, values instead of text. A
// row's place is its number; its tail's values are set there when they come.
#include <limits>

#include "fenkit/fen/fen.hpp"
#include "rows/row_writer.hpp"

namespace fenkit::pgn::rows {

namespace {

constexpr double kNone = std::numeric_limits<double>::quiet_NaN();

class ColumnRows final : public RowWriter {
 public:
  ColumnRows(const PositionRowOptions& options, PositionRowChunk& chunk)
      : options_(options),
        columns_(chunk.columns),
        fen_(fen::FenWriteOptions{.ep = options.ep}) {
    columns_.tags.resize(options.tags.size());
  }

  // Each tag has a column of its own, filled per row from the game's values.
  void game_tags(std::span<const std::string> values,
                 std::span<const std::uint8_t> seen) override {
    tag_values_ = values;
    tag_seen_ = seen;
  }

  std::size_t head(const RowHead& row) override {
    PositionColumns& c = columns_;
    c.game.push_back(row.game);
    c.ply.push_back(row.ply);
    const PositionRowOptions::RowText& text = options_.row_text;
    if (options_.variations && text.path) {
      path_.clear();
      append_path(path_, row.path);
      c.path.push(path_.view());
    }
    if (text.san) {
      if (row.before) c.san.push(row.names.san(*row.before, row.move, &row.position));
      else c.san.push_none();
    }
    if (text.uci) {
      if (row.before) c.uci.push(row.names.uci(*row.before, row.move));
      else c.uci.push_none();
    }
    if (text.fen) {
      if (text.fen_moves) push_fen_step(row);
      else c.fen.commit(fen_.write(row.position, c.fen.begin_push(fen::kMaxFenLength)));
    }
    for (std::size_t i = 0; i < tag_values_.size(); ++i) {
      if (tag_seen_[i]) c.tags[i].push(tag_values_[i]);
      else c.tags[i].push_none();
    }
    // The tail's values come with what follows the move (tail()); until then the row has none.
    if (options_.eval) {
      c.eval.push_back(kNone);
      c.mate.push_back(kNone);
    }
    if (options_.clock) c.clk.push_back(kNone);
    if (options_.comments) c.comment.push_none();
    if (options_.nags) c.nags.push_none();
    if (options_.next) {
      c.next_san.push_none();
      c.next_uci.push_none();
    }
    if (options_.planes) push_planes(row.position);
    return c.rows() - 1;
  }

  void tail(std::size_t r, const RowTail& row) override {
    PositionColumns& c = columns_;
    const CommentCommands& commands = row.notes.commands;
    if (options_.eval) {
      c.eval[r] = commands.eval_cp ? double(*commands.eval_cp) : kNone;
      c.mate[r] = commands.mate ? double(*commands.mate) : kNone;
    }
    if (options_.clock) c.clk[r] = commands.clock_ms ? *commands.clock_ms / 1000.0 : kNone;
    if (options_.comments) c.comment.set(r, row.notes.comment);
    if (options_.nags) {
      const std::vector<std::uint8_t>& nags = row.notes.nags;
      c.nags.set(r, std::string_view(reinterpret_cast<const char*>(nags.data()), nags.size()));
    }
    if (options_.next && row.from) {
      c.next_san.set(r, row.names.san(*row.from, row.next, row.after));
      c.next_uci.set(r, row.names.uci(*row.from, row.next));
    }
  }

 private:
  // The row's FEN as a move from the row before when that row's position is the one the move
  // was played from (a row's position is always its `before` with its move played, by
  // Position::play_unchecked, as a reader of the moves plays it); else as text, and as a start
  // to play from when the text reads back as the position.
  void push_fen_step(const RowHead& row) {
    PositionColumns& c = columns_;
    const std::size_t r = c.rows() - 1;
    if (row.before && line_row_ + 1 == r && *row.before == line_) {
      c.fen.push_none();
      c.fen_steps.push_back(FenStep::move);
      c.fen_moves.push_back(row.move.bits());
      line_ = row.position;
      line_row_ = r;
      return;
    }
    char* const text = c.fen.begin_push(fen::kMaxFenLength);
    const std::size_t length = fen_.write(row.position, text);
    c.fen.commit(length);
    c.fen_moves.push_back(0);
    const FenStep start = row.position.is_chess960() ? FenStep::start960 : FenStep::start;
    if (read_fen_start(std::string_view(text, length), start, line_) && line_ == row.position) {
      c.fen_steps.push_back(start);
      line_row_ = r;
    } else {
      c.fen_steps.push_back(FenStep::text);
      line_row_ = kNoRow;
    }
  }

  void push_planes(const fen::Position& pos) {
    PositionColumns& c = columns_;
    std::size_t i = 0;
    for (fen::Color color : {fen::Color::white, fen::Color::black})
      for (int type = 0; type < 6; ++type) c.planes[i++].push_back(pos.pieces(color, fen::PieceType(type)));
    c.turn.push_back(pos.side_to_move() == fen::Color::white);
    c.castling.push_back(pos.castling().rook_squares());
    const fen::Square ep = options_.ep == fen::EpMode::legal ? pos.legal_en_passant() : pos.en_passant();
    c.ep_square.push_back(ep == fen::no_square ? std::int8_t(-1) : std::int8_t(ep));
  }

  const PositionRowOptions& options_;
  PositionColumns& columns_;
  fen::FenWriter fen_;
  // row_text.fen_moves: the position of row line_row_, the last row whose position a reader
  // knows exactly (rows dropped after it, as those of a rejected game, leave it unknown).
  static constexpr std::size_t kNoRow = std::numeric_limits<std::size_t>::max() - 1;
  fen::Position line_;
  std::size_t line_row_ = kNoRow;
  std::span<const std::string> tag_values_;
  std::span<const std::uint8_t> tag_seen_;
  detail::OutputBuffer path_;
};

}  // namespace

std::unique_ptr<RowWriter> column_rows(const PositionRowOptions& options, PositionRowChunk& chunk) {
  return std::make_unique<ColumnRows>(options, chunk);
}

}  // namespace fenkit::pgn::rows
