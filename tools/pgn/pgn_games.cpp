#include "pgn_games.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "fenkit/pgn/detail/json.hpp"
#include "variation_games.hpp"

namespace fenkit::tools {

namespace {

// Tags without which the moves cannot be replayed.
bool is_setup_tag(std::string_view name) {
  return name == "SetUp" || name == "FEN" || name == "Variant";
}

bool listed(const std::vector<std::string>& list, std::string_view name) {
  return std::find(list.begin(), list.end(), name) != list.end();
}

}  // namespace

bool GamesOptions::changes_games() const {
  const pgn::WriterOptions plain;
  return format != GamesFormat::pgn || rejected_only || !writer.comments || !writer.nags ||
         !writer.variations || !writer.other_tags || writer.notation != plain.notation ||
         writer.check_marks != plain.check_marks || writer.line_width != plain.line_width ||
         writer.rejected_games != plain.rejected_games || !keep_tags.empty() || !drop_tags.empty() ||
         add_eco || add_plycount || add_total_plycount || fix_result || fen_comments ||
         hash_comments || ply_limit || drop_plies > 0 || add_hashcode || add_match_tag ||
         mark_matches || cut_at_match || split_variants;
}

GamesVisitor::GamesVisitor(const GamesOptions& options, std::string file_name, GamesChunk& chunk,
                           bool writes_as_read)
    : options_(options), file_name_(std::move(file_name)), chunk_(chunk),
      writer_(chunk.text, options.writer),
      key_(options.fuzzy_depth),
      variation_writer_(chunk.text, options.writer) {
  if (options.add_eco && options.eco_lines) opening_lines_.emplace(*options.eco_lines);
  else if (options.add_eco) openings_.emplace(pgn::OpeningTable::builtin());
  if ((options.add_match_tag || options.mark_matches || options.cut_at_match) && options.filter &&
      options.filter->material())
    material_.emplace(*options.filter->material());
  keeps_every_tag_ = options.keep_tags.empty() && options.drop_tags.empty();
  moves_to_writer_only_ = options.format == GamesFormat::pgn && !options.split_variants &&
                          !material_ && !openings_ && !opening_lines_ && !options.ply_limit &&
                          options.drop_plies == 0 && !options.mark_matches && !options.cut_at_match &&
                          !options.fen_comments && !options.hash_comments;
  // Not JSON lines, which name each game by its number: a game read again is the first of its
  // text. (A game copied as read needs no second reading.)
  may_write_later_ = !writes_as_read && !options.copy_as_read && options.format == GamesFormat::pgn &&
                     !options.rejected_only && options.filter &&
                     (options.filter->needs_positions() || options.filter->needs_plies());
}

GamesVisitor::~GamesVisitor() = default;

// The roster is always written (a roster tag dropped is written as unknown, "?"), and the tags
// that set up the start position are always kept.
bool GamesVisitor::keeps_tag(std::string_view name) const {
  if (is_setup_tag(name)) return true;
  if (listed(options_.drop_tags, name)) return false;
  return pgn::is_roster_tag(name) || options_.keep_tags.empty() || listed(options_.keep_tags, name);
}

pgn::Action GamesVisitor::begin_game(const pgn::GameStart& start) {
  writes_later_ = may_write_later_ && (games_seen_ < 16 || 2 * games_selected_ <= games_seen_);
  ++games_seen_;
  start_ = start;
  text_start_ = chunk_.text.size();
  plies_ = 0;
  plies_written_ = 0;
  has_result_tag_ = false;
  has_plycount_ = false;
  result_tag_.clear();
  movetext_result_.clear();
  split_eco_.clear();
  split_date_.clear();
  split_event_.clear();
  tag_count_ = 0;
  sans_.clear();
  ucis_.clear();
  if (openings_) openings_->reset();
  added_waits_ = false;
  keys_.reset();
  depth_ = 0;
  cut_at_depth_.reset();
  match_limit_.reset();
  quiet_lines_.assign(1, QuietLine{});
  dropping_ = options_.drop_plies > 0;
  dropped_to_.clear();
  if (material_) material_->reset();
  marked_ = false;
  start_mark_before_.clear();
  start_mark_after_.clear();
  added_mark_.clear();
  left_out_ = 0;
  has_variations_ = false;
  if (options_.format == GamesFormat::pgn && !writer_idle()) writer_.begin_game(start);
  return pgn::Action::proceed;
}

void GamesVisitor::tag(std::string_view name, std::string_view value) {
  if (name == "PlyCount") has_plycount_ = true;
  if (name == "Result" && !has_result_tag_) {
    has_result_tag_ = true;
    result_tag_.assign(value);
  }
  if (writer_idle()) return;  // only what check_result() needs
  if (options_.split_by != SplitBy::none) {
    if (name == "ECO") split_eco_.assign(value);
    else if (name == "Event") split_event_.assign(value);
    else if (name == "Date" || (name == "UTCDate" && split_date_.empty())) split_date_.assign(value);
  }
  // Without --keep-tags or --drop-tags every tag is kept: no name compared (a selection reads
  // the tags of every game, and these compares were a tenth of `pgn --player`).
  if (options_.rejected_only || (!keeps_every_tag_ && !keeps_tag(name))) return;
  if (options_.format == GamesFormat::pgn) {
    writer_.tag(name, value);
    return;
  }
  // JSON objects hold a name once: the first value counts.
  for (std::size_t i = 0; i < tag_count_; ++i)
    if (tags_[i].first == name) return;
  if (tag_count_ == tags_.size()) tags_.emplace_back();
  tags_[tag_count_].first.assign(name);
  tags_[tag_count_].second.assign(value);
  ++tag_count_;
}

void GamesVisitor::start_position(const fen::Position& pos) {
  start_position_ = pos;
  if (writes_later_) return;
  // Plies are numbered as the move numbers count them: a game from a FEN at move 17 with
  // White to move starts after ply 32.
  plies_before_ = 2 * std::uint32_t(std::max(pos.fullmove_number(), 1) - 1) +
                  (pos.side_to_move() == fen::Color::black ? 1U : 0U);
  if (hashes()) key_.start(pos);
  if (material_) material_->position(pos, 0);
  // A match at the start comes before the first move: a position's before the game's own
  // first comments, a material balance's after them (as pgn-extract places them).
  if (options_.mark_matches) {
    const bool position = options_.filter && options_.filter->is_wanted_position(pos);
    (position ? start_mark_before_ : start_mark_after_) = mark_for(pos);
  }
  if (options_.cut_at_match && matches_at(pos)) match_limit_ = plies_before_;
  if (openings_) openings_->position(pos);
  if (opening_lines_) opening_lines_->start(pos);
  if (options_.format == GamesFormat::jsonl) start_fen_ = fen::to_fen(pos);
  else if (!dropping_ && !writer_idle()) writer_.start_position(pos);
}

pgn::Action GamesVisitor::begin_movetext() {
  // For --rejected every game is read (and checked), but none visited.
  if (options_.rejected_only) return pgn::Action::skip;
  if (options_.format == GamesFormat::pgn && !writer_idle()) {
    writer_.begin_movetext();
    if (!start_mark_before_.empty()) writer_.add_comment(start_mark_before_);
  }
  return pgn::Action::proceed;
}

pgn::Action GamesVisitor::move(const pgn::MoveEvent& event) {
  if (event.depth == 0) {
    plies_ = event.ply;
    if (hashes() && !writes_later_) key_.move(event.move, event.ply, *event.after);
  }
  // Followed only: written once selected, or copied.
  if (writer_idle()) return pgn::Action::proceed;
  if (!moves_to_writer_only_) return follow_move(event);
  writer_.move(event);
  ++plies_written_;
  return pgn::Action::proceed;
}

// Out of line, so that the plain move above needs none of the registers this one does.
[[gnu::noinline]] pgn::Action GamesVisitor::follow_move(const pgn::MoveEvent& event) {
  if (left_out_) return pgn::Action::proceed;  // a variation's, written as a game of its own
  if (event.depth == 0) {
    if (material_) material_->position(*event.after, event.ply);
    if (openings_) openings_->position(*event.after);
    if (opening_lines_) opening_lines_->move(event.move, *event.after);
    if (options_.format == GamesFormat::jsonl) {
      char text[fen::kMaxSanLength];
      sans_ += sans_.empty() ? "\"" : ",\"";
      sans_.append(text, fen::write_san(*event.before, event.move, *event.after, text));
      sans_ += '"';
      ucis_ += ucis_.empty() ? "\"" : ",\"";
      ucis_.append(text, fen::write_uci(*event.before, event.move, text));
      ucis_ += '"';
    }
  }
  if (dropping_) {
    // The move numbers go on from the position after the plies left out. The comments, NAGs
    // and variations of the last of them are left out with it: writing starts with the next
    // main-line move.
    if (event.depth == 0 && event.ply == options_.drop_plies) {
      writer_.start_position(*event.after);
      dropped_to_ = fen::to_fen(*event.after);
    }
    if (event.depth != 0 || event.ply <= options_.drop_plies) return pgn::Action::proceed;
    dropping_ = false;
  }
  if (options_.format == GamesFormat::pgn) {
    if ((options_.ply_limit || match_limit_) && !cut_at_depth_ && past_the_limit(event))
      cut_at_depth_ = event.depth;
    if (cut_at_depth_) return pgn::Action::proceed;  // read on: the rest is still followed
    flush_added();
    if (!start_mark_after_.empty()) {
      writer_.add_comment(start_mark_after_);
      start_mark_after_.clear();
    }
    writer_.move(event);
    ++plies_written_;
    if (options_.mark_matches && event.depth == 0) {
      added_mark_ = mark_for(*event.after);
      if (!added_mark_.empty()) added_waits_ = true;
    }
    if (options_.cut_at_match && event.depth == 0 && !match_limit_ && matches_at(*event.after))
      match_limit_ = plies_before_ + event.ply;
    if (options_.fen_comments || options_.hash_comments) {
      added_waits_ = true;
      added_fen_.clear();
      added_key_.clear();
      if (options_.fen_comments) {
        char fen[fen::kMaxFenLength];
        added_fen_.assign(fen, fen::write_fen(*event.after, fen));
      }
      if (options_.hash_comments) {
        char hex[16];
        const std::uint64_t key = keys_.key(*event.after, event.before);
        const auto end = std::to_chars(hex, hex + sizeof hex, key, 16).ptr;
        added_key_.assign(hex, end);
      }
    }
  }
  return pgn::Action::proceed;
}

// The limit of --plylimit, or the ply of --cut-at-match's match when that comes first.
std::optional<std::uint32_t> GamesVisitor::ply_limit() const {
  if (options_.ply_limit && match_limit_) return std::min(*options_.ply_limit, *match_limit_);
  return options_.ply_limit ? options_.ply_limit : match_limit_;
}

// --plylimit: whether this move is cut, with what follows it in its line. A move past the limit
// is; with --quiescent, only once the line's last plies have been quiet (a line's first move
// is cut when it is past). A move written is counted into its line's quiet plies.
bool GamesVisitor::past_the_limit(const pgn::MoveEvent& event) {
  if (event.depth >= quiet_lines_.size()) quiet_lines_.resize(event.depth + 1);
  QuietLine& line = quiet_lines_[event.depth];
  const std::optional<std::uint32_t> limit = ply_limit();
  if (limit && plies_before_ + event.ply > *limit &&
      (!line.written || line.quiet >= options_.quiescent))
    return true;
  if (options_.quiescent) {
    const bool loud = event.before->is_capture(event.move) || event.move.is_promotion() ||
                      event.after->in_check();
    line.quiet = loud ? 0 : line.quiet + 1;
  }
  line.written = true;
  return false;
}

void GamesVisitor::flush_added() {
  if (!added_waits_) return;
  added_waits_ = false;
  if (!added_fen_.empty()) writer_.add_comment(added_fen_);
  if (!added_key_.empty()) writer_.add_comment(added_key_);
  if (!added_mark_.empty()) writer_.add_comment(added_mark_);
  added_mark_.clear();
}

// A position that matches (a --position, or one that completes a material balance) is marked
// once, at the first match; not when the selection is inverted (the games written are those
// that do not match).
bool GamesVisitor::matches_at(const fen::Position& pos) const {
  if (!options_.filter || options_.filter->inverted()) return false;
  return options_.filter->is_wanted_position(pos) || (material_ && material_->first_met_here());
}

std::string GamesVisitor::mark_for(const fen::Position& pos) {
  if (!options_.mark_matches || marked_ || !matches_at(pos)) return {};
  marked_ = true;
  return *options_.mark_matches == "FEN" ? fen::to_fen(pos) : *options_.mark_matches;
}

void GamesVisitor::comment(std::string_view text, const pgn::Location& where) {
  if (left_out_ || writer_idle()) return;
  if (options_.format == GamesFormat::pgn && !cut_at_depth_ && !dropping_)
    writer_.comment(text, where);
}

void GamesVisitor::nag(std::uint8_t nag) {
  if (left_out_ || writer_idle()) return;
  if (options_.format != GamesFormat::pgn || cut_at_depth_ || dropping_) return;
  // The comments added after a move come after its own comments and before its NAGs (and the
  // comments after those), as pgn-extract writes them.
  flush_added();
  writer_.nag(nag);
}

pgn::Action GamesVisitor::begin_variation() {
  // Visited where a game written as read would be, so that the reader checks it alike (the depth
  // of variations is checked where they are visited); nothing of it is kept.
  if (writer_idle())
    return options_.writer.variations || options_.split_variants ? pgn::Action::proceed
                                                                  : pgn::Action::skip;
  if (options_.split_variants) {
    // Left out of the game written now (but checked: a bad move in it rejects the game), and
    // read again as a tree once the game has ended.
    ++left_out_;
    has_variations_ = true;
    return pgn::Action::proceed;
  }
  if (options_.format != GamesFormat::pgn || cut_at_depth_ || dropping_)
    return pgn::Action::skip;
  flush_added();
  const pgn::Action action = writer_.begin_variation();
  if (action == pgn::Action::proceed) {
    ++depth_;
    // A variation's quiet plies are counted afresh from its first move.
    if (depth_ < quiet_lines_.size()) quiet_lines_[depth_] = QuietLine{};
  }
  return action;
}

void GamesVisitor::end_variation() {
  if (writer_idle()) return;
  if (options_.split_variants) {
    --left_out_;
    return;
  }
  if (options_.format != GamesFormat::pgn) return;
  // The variation that was cut ends here: what follows it is written again.
  if (cut_at_depth_ == depth_) cut_at_depth_.reset();
  flush_added();
  writer_.end_variation();
  --depth_;
}

void GamesVisitor::result(std::string_view text) {
  movetext_result_.assign(text);
  if (options_.format != GamesFormat::pgn || writer_idle()) return;
  flush_added();
  // A main line cut short stays cut to its end.
  writer_.result(cut_at_depth_ == 0U ? std::string_view("*") : text);
}

void GamesVisitor::diagnostic(const pgn::Diagnostic& d) {
  chunk_.report.diagnostic(file_name_, d, options_.warnings);
}

std::string_view GamesVisitor::result_on_board() const {
  if (final_->is_checkmate()) return final_->side_to_move() == fen::Color::white ? "0-1" : "1-0";
  if (final_->is_stalemate()) return "1/2-1/2";
  return {};
}

// A Result tag that the final position contradicts. The reader has reported a movetext result
// that does so; a tag that disagrees with a right movetext result is reported here.
void GamesVisitor::check_result() {
  const std::string_view board = result_on_board();
  if (board.empty()) return;
  const bool tag_wrong = has_result_tag_ && result_tag_ != board;
  if (tag_wrong && movetext_result_ == board) {
    pgn::Diagnostic d;
    d.severity = pgn::Severity::warning;
    d.where = start_.where;
    d.game = start_.number;
    d.message = "Result tag " + result_tag_ + " but the game ends " +
                (board == "1/2-1/2" ? "in stalemate (1/2-1/2)"
                                    : std::string("in mate (") + std::string(board) + ")");
    chunk_.report.diagnostic(file_name_, d, options_.warnings);
  }
  if (!options_.fix_result || (!tag_wrong && movetext_result_ == board)) return;
  ++chunk_.results_fixed;
  fixed_result_.assign(board);
  if (options_.format == GamesFormat::pgn && !writer_idle()) {
    writer_.set_tag("Result", board);
    writer_.result(board);
  }
}

void GamesVisitor::write_json() {
  std::string& out = chunk_.text;
  out += "{\"game\":";
  out += std::to_string(start_.number);
  out += ",\"offset\":";
  out += std::to_string(start_.where.offset);
  out += ",\"tags\":{";
  for (std::size_t i = 0; i < tag_count_; ++i) {
    if (i) out += ',';
    pgn::detail::append_json_string(out, tags_[i].first);
    out += ':';
    pgn::detail::append_json_string(out, tags_[i].second);
  }
  out += "},\"start_fen\":";
  pgn::detail::append_json_string(out, start_fen_);
  out += ",\"moves\":[";
  out += sans_;
  out += "],\"uci\":[";
  out += ucis_;
  out += "],\"final_fen\":";
  pgn::detail::append_json_string(out, fen::to_fen(*final_));
  out += ",\"plies\":";
  out += std::to_string(plies_);
  out += ",\"result\":";
  pgn::detail::append_json_string(out, movetext_result_.empty() ? std::string_view("*") : movetext_result_);
  out += "}\n";
}

// For --addmatchtag: "White" when the matched balance's first list is White's material,
// "Black" when Black's; empty without a match.
std::string_view GamesVisitor::match_side() const {
  if (!options_.add_match_tag || !material_) return {};
  const std::optional<pgn::MaterialMatch> match = material_->match(plies_);
  if (!match) return {};
  return match->first == fen::Color::white ? "White" : "Black";
}

// The game's 128-bit hash as 32 hexadecimal digits.
std::string GamesVisitor::hash_code() const {
  const pgn::GameHash hash = key_.mainline();
  char text[33];
  std::snprintf(text, sizeof text, "%016llx%016llx", static_cast<unsigned long long>(hash.high),
                static_cast<unsigned long long>(hash.low));
  return text;
}

void GamesVisitor::end_game(const pgn::GameEnd& end) {
  chunk_.report.end_game(end, options_.keep_rejects);
  if (options_.rejected_only) {
    if (!end.rejected) return;
    chunk_.text.append(end.raw);
    chunk_.text.append("\n\n");
    chunk_.games.push_back(WrittenGame{text_start_, chunk_.text.size(), {},
                                       split_key(options_.split_by, split_eco_, split_date_,
                                                 split_event_)});
    return;
  }
  if (end.rejected) return;  // reported; its text goes to --rejects
  if (!end.selected) {  // left out by the selection
    if (options_.keep_unselected) {
      chunk_.unselected.append(end.raw);
      chunk_.unselected.append("\n\n");
    }
    return;
  }
  ++games_selected_;
  if (plies_ < options_.drop_plies) {
    ++chunk_.too_short;  // no position after --dropply's plies to start from
    return;
  }

  // Without moves (or positions) the game ends where it starts.
  final_ = end.final_position ? end.final_position : &start_position_;
  fixed_result_.clear();
  check_result();
  if (writes_later_) {
    write_again(end.raw);
    return;
  }
  if (options_.copy_as_read) {
    copy_game(end.raw);
    chunk_.games.push_back(WrittenGame{text_start_, chunk_.text.size(),
                                       hashes() ? key_.value() : pgn::GameHash{}, {}});
    return;
  }
  const pgn::Opening* opening = openings_         ? openings_->best()
                                : opening_lines_ ? opening_lines_->best()
                                                 : nullptr;
  // The plies written: with --dropply, those after the ones dropped.
  const std::string plies = std::to_string(plies_ - options_.drop_plies);
  if (options_.format == GamesFormat::pgn) {
    if (opening) {
      writer_.set_tag("ECO", opening->eco);
      writer_.set_tag("Opening", opening->name);
      if (!opening->variation.empty()) writer_.set_tag("Variation", opening->variation);
      if (!opening->sub_variation.empty()) writer_.set_tag("SubVariation", opening->sub_variation);
    }
    // A PlyCount the game has counts the plies written.
    if (options_.add_plycount || (options_.drop_plies && has_plycount_))
      writer_.set_tag("PlyCount", plies);
    if (options_.add_total_plycount) writer_.set_tag("TotalPlyCount", std::to_string(plies_written_));
    if (options_.add_hashcode) writer_.set_tag("HashCode", hash_code());
    if (const std::string_view side = match_side(); !side.empty())
      writer_.set_tag("MaterialMatch", side);
    if (!dropped_to_.empty()) {
      writer_.set_tag("SetUp", "1");
      writer_.set_tag("FEN", dropped_to_);
    }
    writer_.end_game(end);
  } else {
    auto set = [&](std::string_view name, std::string_view value) {
      for (std::size_t i = 0; i < tag_count_; ++i)
        if (tags_[i].first == name) {
          tags_[i].second.assign(value);
          return;
        }
      if (tag_count_ == tags_.size()) tags_.emplace_back();
      tags_[tag_count_++] = {std::string(name), std::string(value)};
    };
    if (opening) {
      set("ECO", opening->eco);
      set("Opening", opening->name);
      if (!opening->variation.empty()) set("Variation", opening->variation);
      if (!opening->sub_variation.empty()) set("SubVariation", opening->sub_variation);
    }
    if (options_.add_plycount) set("PlyCount", plies);
    if (options_.add_hashcode) set("HashCode", hash_code());
    if (const std::string_view side = match_side(); !side.empty()) set("MaterialMatch", side);
    if (!fixed_result_.empty()) {
      set("Result", fixed_result_);
      movetext_result_ = fixed_result_;
    }
    write_json();
  }
  WrittenGame& written =
      chunk_.games.emplace_back(WrittenGame{text_start_, chunk_.text.size(),
                                            hashes() ? key_.value() : pgn::GameHash{}, {}});
  if (options_.split_by != SplitBy::none)
    written.split_key = split_key(options_.split_by,
                                  opening ? std::string_view(opening->eco) : split_eco_,
                                  split_date_, split_event_);
  if (has_variations_) write_variation_games(end.raw, written.split_key);
}

// A game copied as read: its own text, the blanks after it replaced by one blank line (in its own
// line ends). A game whose movetext has no result (one that another game followed) gets the one
// the reader gave it, so that it still reads as whole where it ends a part.
void GamesVisitor::copy_game(std::string_view raw) {
  const std::size_t last = raw.find_last_not_of(" \t\r\n");
  const std::string_view text = raw.substr(0, last == std::string_view::npos ? 0 : last + 1);
  chunk_.text.append(text);
  const bool has_result = text.ends_with("1-0") || text.ends_with("0-1") ||
                          text.ends_with("1/2-1/2") || text.ends_with('*');
  if (!has_result) {
    chunk_.text.append(text.empty() || text.ends_with(']') ? "\n\n" : " ");  // tags only: a movetext
    chunk_.text.append(movetext_result_.empty() ? std::string_view("*") : movetext_result_);
  }
  const std::size_t line_end = text.rfind('\n');
  const bool crlf = line_end != std::string_view::npos && line_end > 0 && text[line_end - 1] == '\r';
  chunk_.text.append(crlf ? "\r\n\r\n" : "\n\n");
}

// Writes a selected game whose writing waited: its text is read again by a visitor that writes
// as it reads, with no selection. What that reading reports was reported the first time, where
// the game stands in its input; only the games it writes are kept.
void GamesVisitor::write_again(std::string_view text) {
  if (!again_)
    again_ = std::make_unique<GamesSelector>(nullptr, options_, file_name_, again_chunk_, true);
  again_chunk_.text.clear();
  again_chunk_.games.clear();
  again_chunk_.report = {};
  pgn::read_pgn(text, *again_, whole_game_again());
  if (again_chunk_.games.empty()) {
    // The first reading took the game, so the second should: should they ever disagree, the
    // game is reported, not lost.
    pgn::Diagnostic d;
    d.severity = pgn::Severity::error;
    d.where = start_.where;
    d.game = start_.number;
    d.message = "selected, but not written: reading it again to write it failed";
    chunk_.report.diagnostic(file_name_, d, options_.warnings);
    return;
  }
  const std::size_t offset = chunk_.text.size();
  chunk_.text.append(again_chunk_.text);
  for (WrittenGame& game : again_chunk_.games) {
    game.begin += offset;
    game.end += offset;
    chunk_.games.push_back(std::move(game));
  }
}

// The variations of the game just written, each as a game of its own after it, with the tags
// the written game keeps. The game's text is read again, into a tree: most games have no
// variations, and this way they cost no tree.
void GamesVisitor::write_variation_games(std::string_view text, std::string split_key) {
  pgn::GameBuilder builder([this](pgn::Game&& game) { tree_ = std::move(game); });
  pgn::read_pgn(text, builder, whole_game_again());
  tree_.number = start_.number;
  tree_.where = start_.where;
  std::erase_if(tree_.tags, [&](const pgn::Tag& tag) { return !keeps_tag(tag.name); });
  for_each_variation_game(tree_, *options_.split_variants, [&](const pgn::Game& game) {
    const std::size_t begin = chunk_.text.size();
    game.accept(variation_writer_);
    chunk_.games.push_back(WrittenGame{begin, chunk_.text.size(), {}, split_key, true});
  });
}

}  // namespace fenkit::tools
