#include "fenkit/epd/replay.hpp"

#include <charconv>
#include <limits>

#include "fenkit/epd/write.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "fenkit/pgn/detail/json.hpp"

namespace fenkit::epd {

namespace {

void append_number(pgn::detail::OutputBuffer& out, std::uint64_t n) {
  char* p = out.reserve(24);
  out.commit(std::size_t(std::to_chars(p, p + 24, n).ptr - p));
}

void append_signed(pgn::detail::OutputBuffer& out, std::int64_t n) {
  char* p = out.reserve(24);
  out.commit(std::size_t(std::to_chars(p, p + 24, n).ptr - p));
}

// A CSV field: quoted (with quotes doubled) when it holds a comma, a quote or a line break.
void append_csv(pgn::detail::OutputBuffer& out, std::string_view text) {
  if (text.find_first_of(",\"\r\n") == std::string_view::npos) {
    out.append(text);
    return;
  }
  out.push_back('"');
  for (char c : text) {
    if (c == '"') out.push_back('"');
    out.push_back(c);
  }
  out.push_back('"');
}

// A field of the tab-separated fen format: tabs and line breaks would split it, so they become
// spaces.
void append_field(pgn::detail::OutputBuffer& out, std::string_view text) {
  for (char c : text) out.push_back(c == '\t' || c == '\n' || c == '\r' ? ' ' : c);
}

void append_json(pgn::detail::OutputBuffer& out, std::string_view text) {
  thread_local std::string json;
  json.clear();
  pgn::detail::append_json_string(json, text);
  out.append(json);
}

}  // namespace

std::string csv_header(const ReplayOptions& options) {
  std::string header = options.variations ? "game,ply,path,san,uci,fen" : "game,ply,san,uci,fen";
  for (const std::string& tag : options.tags) {
    thread_local pgn::detail::OutputBuffer field;
    field.clear();
    append_csv(field, tag);
    header += ',';
    header += field.view();
  }
  if (options.eval) header += ",eval,mate";
  if (options.clock) header += ",clk";
  if (options.comments) header += ",comment";
  if (options.nags) header += ",nags";
  if (options.next) header += ",next_san,next_uci";
  return header + '\n';
}

pgn::ReaderOptions reader_options(const ReplayOptions& options) {
  pgn::ReaderOptions reader;
  reader.check_variations = true;
  reader.move_locations = false;
  reader.comments = options.eval || options.clock || options.comments;
  reader.comments_in_utf8 = options.comments;  // [%eval] and [%clk] are ASCII
  reader.reject_bad_variations = options.variations;
  reader.max_variation_depth = pgn::kMaxVariationDepth;  // rows are written as read
  return reader;
}

ReplayWriter::ReplayWriter(const ReplayOptions& options, std::string file_name,
                             ReplayChunk& result, bool keep_rejects)
    : options_(options),
      fen_writer_(fen::FenWriteOptions{.ep = options.ep,
                                       .clocks = options.format != ReplayFormat::epd}),
      file_name_(std::move(file_name)), result_(result),
      keep_rejects_(keep_rejects),
      waits_(options.rows_wait()),
      tag_values_(options.tags.size()),
      tag_seen_(options.tags.size()) {
  if (options.format == ReplayFormat::columns) result.columns.tags.resize(options.tags.size());
}

pgn::Action ReplayWriter::begin_game(const pgn::GameStart& start) {
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
  clear_annotations(rows_[0]);
  for (std::string& value : tag_values_) value.clear();
  std::fill(tag_seen_.begin(), tag_seen_.end(), 0);
  return pgn::Action::proceed;
}

void ReplayWriter::tag(std::string_view name, std::string_view value) {
  for (std::size_t i = 0; i < options_.tags.size(); ++i)
    if (!tag_seen_[i] && options_.tags[i] == name) {
      tag_values_[i].assign(value);
      tag_seen_[i] = 1;
    }
}

void ReplayWriter::start_position(const fen::Position& pos) {
  last_ = pos;
  if (options_.with_start && wanted(0)) {
    // The tags are in (they come before the start position): a row that ends at once carries
    // this game's tag columns, not the last game's.
    format_tags();
    write_row(pos, nullptr, fen::Move(), 0);
  }
}

pgn::Action ReplayWriter::begin_movetext() {
  format_tags();
  return pgn::Action::proceed;
}

// The SAN of the move being visited, written once: it is both the next move of the row before
// and the move of the row after.
std::string_view ReplayWriter::san_of(const fen::Position& before, fen::Move move,
                                       const fen::Position* after) {
  if (san_length_ == 0)
    san_length_ = after ? fen::write_san(before, move, *after, san_)
                        : fen::write_san(before, move, san_);
  return std::string_view(san_, san_length_);
}

// Its UCI likewise.
std::string_view ReplayWriter::uci_of(const fen::Position& before, fen::Move move) {
  if (uci_length_ == 0)
    uci_length_ = fen::write_uci(before, move, uci_);
  return std::string_view(uci_, uci_length_);
}

pgn::Action ReplayWriter::move(const pgn::MoveEvent& event) {
  san_length_ = uci_length_ = 0;
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
      clear_annotations(rows_[0]);
    }
  }
  if (wanted(event.ply)) write_row(*event.after, event.before, event.move, event.ply);
  // Past --max-ply nothing more is written; the reader still checks the rest of the game. A row
  // that waits for its next move or its comment is closed first.
  const bool done = waits_ ? event.ply > options_.max_ply : event.ply >= options_.max_ply;
  const bool needs_rest = options_.variations || options_.final;
  if (done && !needs_rest) return pgn::Action::skip;
  return pgn::Action::proceed;
}

void ReplayWriter::comment(std::string_view text, const pgn::Location&) {
  OpenRow& row = current_row();
  if (!row.open && !(options_.final && path_.empty() && has_last_move_)) return;
  if (options_.eval || options_.clock || options_.format == ReplayFormat::epd) {
    const pgn::CommentCommands found = pgn::read_comment_commands(text);
    // The first of each kind counts, over all the comments after the move.
    if (!row.commands.eval_cp && !row.commands.mate) {
      row.commands.eval_cp = found.eval_cp;
      row.commands.mate = found.mate;
    }
    if (!row.commands.clock_ms) row.commands.clock_ms = found.clock_ms;
  }
  if (options_.comments) {
    const std::size_t before = row.comment.size();
    if (before) row.comment.push_back(' ');
    pgn::append_comment_text(row.comment, text);
    if (row.comment.size() == before + 1) row.comment.resize(before);  // nothing but commands
  }
}

void ReplayWriter::nag(std::uint8_t nag) {
  OpenRow& row = current_row();
  if (options_.nags && (row.open || (options_.final && path_.empty() && has_last_move_)))
    row.nags.push_back(nag);
}

pgn::Action ReplayWriter::begin_variation() {
  if (!options_.variations) return pgn::Action::skip;
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
  return pgn::Action::proceed;
}

void ReplayWriter::end_variation() {
  if (path_.empty()) return;
  close_row(nullptr, fen::Move(), nullptr);
  path_.pop_back();
}

void ReplayWriter::write_path(pgn::detail::OutputBuffer& out) {
  for (std::size_t i = 0; i < path_.size(); ++i) {
    if (i) out.push_back('/');
    append_number(out, path_[i].ply);
    out.push_back(':');
    append_number(out, path_[i].index);
  }
}

void ReplayWriter::write_row(const fen::Position& pos, const fen::Position* before,
                              fen::Move move, std::uint32_t ply) {
  pgn::detail::OutputBuffer& out = result_.output;
  ++game_positions_;
  auto write_fen = [&] { out.commit(fen_writer_.write(pos, out.reserve(fen::kMaxFenLength))); };
  auto write_san = [&] {
    if (before) out.append(san_of(*before, move, &pos));
  };
  auto write_uci = [&] {
    if (before) out.append(uci_of(*before, move));
  };
  const std::int64_t game = std::int64_t(game_) + options_.game_offset;

  switch (options_.format) {
    case ReplayFormat::fen:
      write_fen();
      if (options_.san) {
        out.push_back('\t');
        write_san();
      }
      if (options_.uci) {
        out.push_back('\t');
        write_uci();
      }
      break;
    case ReplayFormat::epd:
      write_fen();
      out.append(" id \"");
      append_signed(out, game);
      out.push_back('.');
      append_number(out, ply);
      if (!path_.empty()) {
        out.push_back('/');
        write_path(out);
      }
      out.append("\";");
      break;
    case ReplayFormat::csv:
      append_signed(out, game);
      out.push_back(',');
      append_number(out, ply);
      out.push_back(',');
      if (options_.variations) {
        write_path(out);
        out.push_back(',');
      }
      write_san();
      out.push_back(',');
      write_uci();
      out.push_back(',');
      write_fen();
      break;
    case ReplayFormat::jsonl:
      out.append("{\"game\":");
      append_signed(out, game);
      out.append(",\"ply\":");
      append_number(out, ply);
      if (options_.variations) {
        out.append(",\"path\":\"");
        write_path(out);
        out.push_back('"');
      }
      out.append(",\"san\":");
      if (before) {
        out.push_back('"');
        write_san();
        out.push_back('"');
      } else {
        out.append("null");
      }
      out.append(",\"uci\":");
      if (before) {
        out.push_back('"');
        write_uci();
        out.push_back('"');
      } else {
        out.append("null");
      }
      out.append(",\"fen\":\"");
      write_fen();
      out.push_back('"');
      break;
    case ReplayFormat::columns:
      push_head(pos, before, move, ply);
      break;
  }
  if (!waits_) {
    if (options_.format == ReplayFormat::columns) return;
    // Nothing to wait for: the tag columns (if any) end the row at once.
    out.append(tags_text_);
    if (options_.format == ReplayFormat::jsonl) out.push_back('}');
    out.push_back('\n');
    return;
  }
  OpenRow& row = current_row();
  row.side = pos.side_to_move();
  // The final row keeps what was gathered after the last move; others start empty.
  if (!options_.final) clear_annotations(row);
  row.open = true;
  row.tail_at = options_.format == ReplayFormat::columns ? result_.columns.rows() - 1 : out.size();
}

void ReplayWriter::push_head(const fen::Position& pos, const fen::Position* before, fen::Move move,
                             std::uint32_t ply) {
  ReplayColumns& c = result_.columns;
  c.game.push_back(std::int64_t(game_) + options_.game_offset);
  c.ply.push_back(ply);
  const ReplayOptions::RowText& text = options_.row_text;
  if (options_.variations && text.path) {
    scratch_.clear();
    write_path(scratch_);
    c.path.push(scratch_.view());
  }
  if (text.san) {
    if (before) c.san.push(san_of(*before, move, &pos));
    else c.san.push_none();
  }
  if (text.uci) {
    if (before) c.uci.push(uci_of(*before, move));
    else c.uci.push_none();
  }
  if (text.fen) c.fen.commit(fen_writer_.write(pos, c.fen.begin_push(fen::kMaxFenLength)));
  for (std::size_t i = 0; i < options_.tags.size(); ++i) {
    if (tag_seen_[i]) c.tags[i].push(tag_values_[i]);
    else c.tags[i].push_none();
  }
  // The tail's values come with what follows the move (set_tail); until then the row has none.
  constexpr double none = std::numeric_limits<double>::quiet_NaN();
  if (options_.eval) {
    c.eval.push_back(none);
    c.mate.push_back(none);
  }
  if (options_.clock) c.clk.push_back(none);
  if (options_.comments) c.comment.push_none();
  if (options_.nags) c.nags.push_none();
  if (options_.next) {
    c.next_san.push_none();
    c.next_uci.push_none();
  }
}

void ReplayWriter::set_tail(const OpenRow& row, const fen::Position* from, fen::Move next,
                            const fen::Position* after) {
  ReplayColumns& c = result_.columns;
  const std::size_t r = row.tail_at;
  const pgn::CommentCommands& commands = row.commands;
  constexpr double none = std::numeric_limits<double>::quiet_NaN();
  if (options_.eval) {
    c.eval[r] = commands.eval_cp ? double(*commands.eval_cp) : none;
    c.mate[r] = commands.mate ? double(*commands.mate) : none;
  }
  if (options_.clock) c.clk[r] = commands.clock_ms ? *commands.clock_ms / 1000.0 : none;
  if (options_.comments) c.comment.set(r, row.comment);
  if (options_.nags)
    c.nags.set(r, std::string_view(reinterpret_cast<const char*>(row.nags.data()), row.nags.size()));
  if (options_.next && from) {
    c.next_san.set(r, san_of(*from, next, after));
    c.next_uci.set(r, uci_of(*from, next));
  }
}

// The tag columns are the same in every row of a game: written once, copied into each row.
void ReplayWriter::format_tags() {
  tags_text_.clear();
  // Columns hold each tag in its own column (push_head).
  if (options_.tags.empty() || options_.format == ReplayFormat::columns) return;
  scratch_.clear();
  pgn::detail::OutputBuffer& out = scratch_;
  for (std::size_t i = 0; i < options_.tags.size(); ++i) {
    switch (options_.format) {
      case ReplayFormat::fen:
        out.push_back('\t');
        append_field(out, tag_values_[i]);
        break;
      case ReplayFormat::csv:
        out.push_back(',');
        append_csv(out, tag_values_[i]);
        break;
      case ReplayFormat::jsonl:
        out.push_back(',');
        append_json(out, options_.tags[i]);
        out.push_back(':');
        if (tag_seen_[i]) append_json(out, tag_values_[i]);
        else out.append("null");
        break;
      case ReplayFormat::epd: {
        out.append(" c");
        out.push_back(char('0' + i));
        out.push_back(' ');
        std::string quoted;
        epd::write_quoted(tag_values_[i], quoted);
        out.append(quoted);
        out.push_back(';');
        break;
      }
      case ReplayFormat::columns:
        break;
    }
  }
  tags_text_.assign(out.view());
}

void ReplayWriter::clear_annotations(OpenRow& row) {
  row.commands = {};
  row.comment.clear();
  row.nags.clear();
}

void ReplayWriter::close_row(const fen::Position* from, fen::Move next, const fen::Position* after) {
  OpenRow& row = current_row();
  if (!row.open) return;
  row.open = false;
  if (options_.format == ReplayFormat::columns) {
    set_tail(row, from, next, after);
    return;
  }
  pgn::detail::OutputBuffer& out = result_.output;
  if (row.tail_at == out.size()) {
    write_tail(row, from, next, after, out);
    return;
  }
  // Rows of variations were written since: the tail goes back where the row ends.
  scratch_.clear();
  write_tail(row, from, next, after, scratch_);
  out.insert(row.tail_at, scratch_.view());
}

void ReplayWriter::write_tail(OpenRow& row, const fen::Position* from, fen::Move next,
                               const fen::Position* after, pgn::detail::OutputBuffer& out) {
  const pgn::CommentCommands& c = row.commands;
  // The move played next, in SAN (from the position before it) and UCI.
  auto write_next_san = [&] {
    if (from) out.append(san_of(*from, next, after));
  };
  auto write_next_uci = [&] {
    if (from) out.append(uci_of(*from, next));
  };
  auto write_nags = [&](char separator) {
    for (std::size_t i = 0; i < row.nags.size(); ++i) {
      if (i) out.push_back(separator);
      append_number(out, row.nags[i]);
    }
  };
  auto write_clock = [&] {
    out.commit(pgn::write_seconds(*c.clock_ms, out.reserve(pgn::kMaxSecondsLength)));
  };

  switch (options_.format) {
    case ReplayFormat::fen:
    case ReplayFormat::csv: {
      const bool csv = options_.format == ReplayFormat::csv;
      const char sep = csv ? ',' : '\t';
      auto text = [&](std::string_view s) { csv ? append_csv(out, s) : append_field(out, s); };
      out.append(tags_text_);
      if (options_.eval) {
        out.push_back(sep);
        if (c.eval_cp) append_signed(out, *c.eval_cp);
        out.push_back(sep);
        if (c.mate) append_signed(out, *c.mate);
      }
      if (options_.clock) {
        out.push_back(sep);
        if (c.clock_ms) write_clock();
      }
      if (options_.comments) {
        out.push_back(sep);
        text(row.comment);
      }
      if (options_.nags) {
        out.push_back(sep);
        write_nags(' ');
      }
      if (options_.next) {
        out.push_back(sep);
        write_next_san();
        out.push_back(sep);
        write_next_uci();
      }
      break;
    }
    case ReplayFormat::jsonl: {
      out.append(tags_text_);
      auto number_or_null = [&](const auto& value) {
        if (value) append_signed(out, *value);
        else out.append("null");
      };
      if (options_.eval) {
        out.append(",\"eval\":");
        number_or_null(c.eval_cp);
        out.append(",\"mate\":");
        number_or_null(c.mate);
      }
      if (options_.clock) {
        out.append(",\"clk\":");
        if (c.clock_ms) write_clock();
        else out.append("null");
      }
      if (options_.comments) {
        out.append(",\"comment\":");
        append_json(out, row.comment);
      }
      if (options_.nags) {
        out.append(",\"nags\":[");
        write_nags(',');
        out.push_back(']');
      }
      if (options_.next) {
        out.append(",\"next_san\":");
        if (from) {
          out.push_back('"');
          write_next_san();
          out.append("\",\"next_uci\":\"");
          write_next_uci();
          out.push_back('"');
        } else {
          out.append("null,\"next_uci\":null");
        }
      }
      out.push_back('}');
      break;
    }
    case ReplayFormat::epd: {
      // The move the game played from this position: a supplied move, legal here.
      if (from && !next.is_null()) {
        out.append(" sm ");
        write_next_san();
        out.push_back(';');
      }
      out.append(tags_text_);
      if (options_.eval) {
        // EPD evaluations are the side to move's; a mate it gives is dm, one it suffers has no
        // opcode of its own and is the lowest ce.
        const bool white = row.side == fen::Color::white;
        if (c.mate) {
          const std::int32_t mine = white ? *c.mate : -*c.mate;
          if (mine > 0) {
            out.append(" dm ");
            append_signed(out, mine);
          } else {
            out.append(" ce -32767");
          }
          out.push_back(';');
        } else if (c.eval_cp) {
          out.append(" ce ");
          append_signed(out, std::clamp(white ? *c.eval_cp : -*c.eval_cp, -32767, 32767));
          out.push_back(';');
        }
      }
      break;
    }
    case ReplayFormat::columns:  // set_tail
      return;
  }
  out.push_back('\n');
}

void ReplayWriter::drop_game() {
  result_.output.truncate(game_output_start_);
  result_.columns.truncate(game_rows_start_);
}

void ReplayWriter::diagnostic(const pgn::Diagnostic& d) {
  result_.report.diagnostic(file_name_, d, options_.warnings, options_.game_offset);
}

void ReplayWriter::end_game(const pgn::GameEnd& end) {
  result_.report.end_game(end, keep_rejects_);
  // A game that cannot be replayed contributes nothing (its text goes to --rejects), nor does
  // one the selection leaves out.
  if (!end.selected) {
    drop_game();
    return;
  }
  while (!path_.empty()) end_variation();
  close_row(nullptr, fen::Move(), nullptr);
  if (options_.final) {
    // The final row is the game's only one: --min-ply, --max-ply and --every do not apply.
    const fen::Position* before = has_last_move_ ? &last_before_ : nullptr;
    const fen::Move move = has_last_move_ ? last_move_ : fen::Move();
    san_length_ = uci_length_ = 0;
    write_row(last_, before, move, mainline_plies_);
    close_row(nullptr, fen::Move(), nullptr);
  }
  ++result_.selected;
  result_.positions += game_positions_;
}

}  // namespace fenkit::epd
