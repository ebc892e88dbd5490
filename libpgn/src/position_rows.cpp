#include "fenkit/pgn/position_rows.hpp"

#include <algorithm>

#include "fenkit/fen/printable.hpp"
#include "rows/row_writer.hpp"

namespace fenkit::pgn {

using rows::Branch;
using rows::RowNotes;

ReaderOptions PositionRowOptions::reader_options() const {
  ReaderOptions reader;
  reader.check_variations = true;
  reader.move_locations = false;
  reader.comments = eval || clock || comments;
  reader.comments_in_utf8 = comments;  // [%eval] and [%clk] are ASCII
  reader.reject_bad_variations = variations;
  reader.max_variation_depth = kMaxVariationDepth;  // rows are written as read
  return reader;
}

std::optional<std::string> PositionRowOptions::problem(OptionName n) const {
  if (every == 0) return n("every") + " must be 1 or more";
  if (final) {
    const char* clash = with_start     ? "with_start"
                        : variations   ? "variations"
                        : every != 1   ? "every"
                        : min_ply != 0 ? "min_ply"
                        : max_ply != UINT32_MAX ? "max_ply"
                                                : nullptr;
    if (clash) return n("final") + " does not go with " + n(clash);
  }
  if (min_ply > max_ply) return n("min_ply") + " is above " + n("max_ply");
  for (std::size_t i = 0; i < tags.size(); ++i) {
    const std::string& tag = tags[i];
    if (tag.empty() || tag.find_first_of(" \t\"") != std::string::npos)
      return n("tags") + ": '" + fen::printable(tag) + "' is not a tag name";
    // A name twice would make two columns (two JSON keys) of one name.
    if (std::find(tags.begin(), tags.begin() + std::ptrdiff_t(i), tag) != tags.begin() + std::ptrdiff_t(i))
      return n("tags") + ": '" + fen::printable(tag) + "' is named twice";
  }
  const std::string fen_format = n("format") + " fen";
  if (san && format != RowFormat::fen)
    return n("san") + " only goes with " + fen_format + " (csv and jsonl have a san column; epd has sm)";
  if (uci && format != RowFormat::fen)
    return n("uci") + " only goes with " + fen_format + " (csv and jsonl have a uci column)";
  if (format == RowFormat::epd) {
    if (tags.size() > 10)
      return n("tags") + ": EPD has ten comment opcodes (c0 to c9) for tags, not " +
             std::to_string(tags.size());
    for (const auto& [key, wanted] : {std::pair{"clock", clock}, std::pair{"comments", comments},
                                      std::pair{"nags", nags}})
      if (wanted)
        return n(key) + " only goes with " + n("format") +
               " fen, csv or jsonl (EPD has no opcode for it)";
  }
  return std::nullopt;
}

namespace {

std::unique_ptr<rows::RowWriter> writer_for(const PositionRowOptions& options,
                                            PositionRowChunk& chunk) {
  switch (options.format) {
    case RowFormat::fen: return rows::fen_rows(options, chunk);
    case RowFormat::epd: return rows::epd_rows(options, chunk);
    case RowFormat::csv: return rows::csv_rows(options, chunk);
    case RowFormat::jsonl: return rows::json_rows(options, chunk);
    case RowFormat::columns: break;
  }
  return rows::column_rows(options, chunk);
}

}  // namespace

// Follows the lines of a game (the main line, and each variation being read), says which
// positions are rows, and keeps each line's open row until its tail is known.
class PositionRows::Walk {
 public:
  Walk(const PositionRowOptions& options, std::string file_name, PositionRowChunk& result,
       bool keep_rejects)
      : options_(options),
        writer_(writer_for(options, result)),
        file_name_(std::move(file_name)),
        result_(result),
        keep_rejects_(keep_rejects),
        waits_(options.rows_wait()),
        tag_values_(options.tags.size()),
        tag_seen_(options.tags.size()) {}

  void begin_game(const GameStart& start);
  void tag(std::string_view name, std::string_view value);
  void start_position(const fen::Position& pos);
  void begin_movetext() { writer_->game_tags(tag_values_, tag_seen_); }
  Action move(const MoveEvent& event);
  void comment(std::string_view text);
  void nag(std::uint8_t nag);
  Action begin_variation();
  void end_variation();
  void diagnostic(const Diagnostic& d) {
    result_.report.diagnostic(file_name_, d, options_.warnings, options_.game_offset);
  }
  void end_game(const GameEnd& end);

 private:
  // A row whose head is written and whose tail waits (one per line).
  struct OpenRow {
    bool open = false;
    std::size_t tail_at = 0;  // the writer's place of its tail
    fen::Color side = fen::Color::white;  // to move in the row's position
    RowNotes notes;
  };

  bool wanted(std::uint32_t ply) const {
    // (No division for the usual --every 1: it would cost more than the rest of the test.)
    return !options_.final && ply >= options_.min_ply && ply <= options_.max_ply &&
           (options_.every == 1 || ply % options_.every == 0);
  }
  // Whether what follows the last main-line move is gathered for the final row.
  bool gathers_final() const { return options_.final && path_.empty() && has_last_move_; }
  void write_row(const fen::Position& pos, const fen::Position* before, fen::Move move,
                 std::uint32_t ply);
  // Writes the tail of the open row of the current line; `next` is the move played from its
  // position (`from` the position before it, `after` the one after it), or none at the end of
  // the line.
  void close_row(const fen::Position* from, fen::Move next, const fen::Position* after);
  OpenRow& current_row() { return rows_[path_.size()]; }

  const PositionRowOptions& options_;
  std::unique_ptr<rows::RowWriter> writer_;
  std::string file_name_;
  PositionRowChunk& result_;
  bool keep_rejects_;
  bool waits_;  // options_.rows_wait()
  rows::MoveNames names_;  // of the move being visited
  std::uint64_t game_ = 0;
  std::size_t game_output_start_ = 0;
  std::size_t game_rows_start_ = 0;  // RowFormat::columns
  std::uint64_t game_positions_ = 0;
  std::uint32_t mainline_plies_ = 0;
  std::vector<std::string> tag_values_;  // per options_.tags, "" when absent
  std::vector<std::uint8_t> tag_seen_;

  // --final: the last main-line position, written at the end of the game.
  fen::Position last_, last_before_;
  fen::Move last_move_;
  bool has_last_move_ = false;

  std::vector<Branch> path_;             // where the current variation hangs, per level
  std::vector<std::uint32_t> last_ply_;  // per level: the ply of the last move seen
  std::vector<Branch> last_branch_;      // per level: the last branch opened from it
  std::vector<OpenRow> rows_;            // per level: its open row
};

void PositionRows::Walk::begin_game(const GameStart& start) {
  game_ = start.number;
  game_output_start_ = result_.output.size();
  game_rows_start_ = result_.columns.rows();
  game_positions_ = 0;
  mainline_plies_ = 0;
  has_last_move_ = false;
  path_.clear();
  last_ply_.assign(1, 0);
  last_branch_.assign(1, Branch{0, 0});
  if (rows_.empty()) rows_.resize(1);
  rows_[0].open = false;
  rows_[0].notes.clear();
  for (std::string& value : tag_values_) value.clear();
  std::fill(tag_seen_.begin(), tag_seen_.end(), 0);
}

void PositionRows::Walk::tag(std::string_view name, std::string_view value) {
  for (std::size_t i = 0; i < options_.tags.size(); ++i)
    if (!tag_seen_[i] && options_.tags[i] == name) {
      tag_values_[i].assign(value);
      tag_seen_[i] = 1;
    }
}

void PositionRows::Walk::start_position(const fen::Position& pos) {
  last_ = pos;
  if (options_.with_start && wanted(0)) {
    // The tags are in (they come before the start position): a row that ends at once carries
    // this game's tag columns, not the last game's.
    writer_->game_tags(tag_values_, tag_seen_);
    write_row(pos, nullptr, fen::Move(), 0);
  }
}

Action PositionRows::Walk::move(const MoveEvent& event) {
  names_.forget();
  if (waits_) close_row(event.before, event.move, event.after);
  last_ply_[event.depth] = event.ply;
  if (event.depth == 0) {
    mainline_plies_ = event.ply;
    if (options_.final) {
      last_before_ = *event.before;
      last_ = *event.after;
      last_move_ = event.move;
      has_last_move_ = true;
      // The annotations of the last move are the final row's.
      rows_[0].notes.clear();
    }
  }
  if (wanted(event.ply)) write_row(*event.after, event.before, event.move, event.ply);
  // Past --max-ply nothing more is written; the reader still checks the rest of the game. A row
  // that waits for its next move or its comment is closed first.
  const bool done = waits_ ? event.ply > options_.max_ply : event.ply >= options_.max_ply;
  const bool needs_rest = options_.variations || options_.final;
  if (done && !needs_rest) return Action::skip;
  return Action::proceed;
}

// A comment's words kept for the comment column, after those of the comments before it.
// (Out of line, with its strings: a lichess data set reads a comment after every move, for its
// commands only.)
[[gnu::noinline]] static void keep_comment_text(std::string& kept, std::string_view text) {
  const std::size_t before = kept.size();
  if (before) kept.push_back(' ');
  append_comment_text(kept, text);
  if (kept.size() == before + 1) kept.resize(before);  // nothing but commands
}

void PositionRows::Walk::comment(std::string_view text) {
  OpenRow& row = current_row();
  if (!row.open && !gathers_final()) return;
  if (options_.comments) keep_comment_text(row.notes.comment, text);
  // The first of each kind counts, over all the comments after the move.
  if (options_.eval || options_.clock || options_.format == RowFormat::epd) {
    CommentCommands& kept = row.notes.commands;
    add_comment_commands(kept, text);
    // Views into the comment are not kept: its text (a UTF-8 copy, say) may be gone when the
    // row is written. No row has a column for them.
    kept.arrows = kept.squares = {};
  }
}

void PositionRows::Walk::nag(std::uint8_t nag) {
  OpenRow& row = current_row();
  if (options_.nags && (row.open || gathers_final())) row.notes.nags.push_back(nag);
}

Action PositionRows::Walk::begin_variation() {
  if (!options_.variations) return Action::skip;
  const std::size_t level = path_.size();
  // The variation replaces the parent's last move: it hangs at that ply.
  const std::uint32_t ply = last_ply_[level];
  Branch& last = last_branch_[level];
  last = last.ply == ply ? Branch{ply, last.index + 1} : Branch{ply, 1};
  path_.push_back(last);
  last_ply_.resize(path_.size() + 1);
  last_branch_.resize(path_.size() + 1);
  if (rows_.size() < path_.size() + 1) rows_.resize(path_.size() + 1);
  last_ply_[path_.size()] = ply - 1;
  last_branch_[path_.size()] = Branch{0, 0};
  rows_[path_.size()].open = false;
  return Action::proceed;
}

void PositionRows::Walk::end_variation() {
  if (path_.empty()) return;
  close_row(nullptr, fen::Move(), nullptr);
  path_.pop_back();
}

void PositionRows::Walk::write_row(const fen::Position& pos, const fen::Position* before,
                                   fen::Move move, std::uint32_t ply) {
  ++game_positions_;
  const std::int64_t game = std::int64_t(game_) + options_.game_offset;
  const std::size_t tail_at = writer_->head({game, ply, path_, pos, before, move, names_});
  OpenRow& row = current_row();
  row.side = pos.side_to_move();
  if (!waits_) {
    // Nothing to wait for: the tail (the tag columns, if any) ends the row at once.
    writer_->tail(tail_at, {row.notes, row.side, nullptr, fen::Move(), nullptr, names_});
    return;
  }
  // The final row keeps what was gathered after the last move; others start empty.
  if (!options_.final) row.notes.clear();
  row.open = true;
  row.tail_at = tail_at;
}

void PositionRows::Walk::close_row(const fen::Position* from, fen::Move next,
                                   const fen::Position* after) {
  OpenRow& row = current_row();
  if (!row.open) return;
  row.open = false;
  writer_->tail(row.tail_at, {row.notes, row.side, from, next, after, names_});
}

void PositionRows::Walk::end_game(const GameEnd& end) {
  result_.report.end_game(end, keep_rejects_);
  // A game that cannot be replayed contributes nothing (its text goes to --rejects), nor does
  // one the selection leaves out: its rows are taken back.
  if (!end.selected) {
    result_.output.truncate(game_output_start_);
    result_.columns.truncate(game_rows_start_);
    return;
  }
  while (!path_.empty()) end_variation();
  close_row(nullptr, fen::Move(), nullptr);
  if (options_.final) {
    // The final row is the game's only one: --min-ply, --max-ply and --every do not apply.
    const fen::Position* before = has_last_move_ ? &last_before_ : nullptr;
    const fen::Move move = has_last_move_ ? last_move_ : fen::Move();
    names_.forget();
    write_row(last_, before, move, mainline_plies_);
    close_row(nullptr, fen::Move(), nullptr);
  }
  ++result_.selected;
  result_.positions += game_positions_;
}

PositionRows::PositionRows(const PositionRowOptions& options, std::string file_name,
                           PositionRowChunk& result, bool keep_rejects)
    : walk_(std::make_unique<Walk>(options, std::move(file_name), result, keep_rejects)) {}
PositionRows::PositionRows(PositionRows&&) noexcept = default;
PositionRows::~PositionRows() = default;

Action PositionRows::begin_game(const GameStart& start) {
  walk_->begin_game(start);
  return Action::proceed;
}
void PositionRows::tag(std::string_view name, std::string_view value) { walk_->tag(name, value); }
void PositionRows::start_position(const fen::Position& pos) { walk_->start_position(pos); }
Action PositionRows::begin_movetext() {
  walk_->begin_movetext();
  return Action::proceed;
}
Action PositionRows::move(const MoveEvent& event) { return walk_->move(event); }
void PositionRows::comment(std::string_view text, const Location&) { walk_->comment(text); }
void PositionRows::nag(std::uint8_t nag) { walk_->nag(nag); }
Action PositionRows::begin_variation() { return walk_->begin_variation(); }
void PositionRows::end_variation() { walk_->end_variation(); }
void PositionRows::diagnostic(const Diagnostic& d) { walk_->diagnostic(d); }
void PositionRows::end_game(const GameEnd& end) { walk_->end_game(end); }

}  // namespace fenkit::pgn
