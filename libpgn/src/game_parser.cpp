#include "game_parser.hpp"

#include <algorithm>
#include <cstring>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/game_end.hpp"
#include "fenkit/fen/printable.hpp"
#include "game_boundaries.hpp"
#include "game_lexer.hpp"
#include "text_encoding.hpp"

namespace fenkit::pgn::detail {

namespace {

// A FEN tag's clocks, en-passant square and castling rights are bookkeeping; a game that
// starts from it can be replayed whatever they say (an impossible right or square is dropped).
// A position without its kings, or with pawns on the back rank, cannot.
const fen::Problems kTagFenRelaxed = {
    fen::Problem::fullmove_zero,           fen::Problem::halfmove_too_large,
    fen::Problem::en_passant_wrong_rank,   fen::Problem::en_passant_without_pawn,
    fen::Problem::en_passant_blocked,      fen::Problem::castling_without_king,
    fen::Problem::castling_without_rook,   fen::Problem::castling_duplicate,
    fen::Problem::too_many_white_pieces,   fen::Problem::too_many_black_pieces,
};

// Input quoted in a message: escaped and cut (fen/printable.hpp).
std::string quoted(std::string_view text) {
  std::string out = "'";
  fen::append_printable(out, text);
  out.push_back('\'');
  return out;
}

// One of the four results the standard knows.
bool is_standard_result(std::string_view text) {
  return text == "1-0" || text == "0-1" || text == "1/2-1/2" || text == "*";
}

}  // namespace

GameParser::GameParser(Visitor& visitor, const ReaderOptions& options, TextOrigin origin,
                       std::uint64_t first_game)
    : visitor_(visitor),
      options_(options),
      check_moves_(options.check_moves),
      visit_moves_(options.visit_moves),
      move_locations_(options.move_locations),
      origin_(origin),
      next_number_(first_game) {
  lines_.reserve(16);
}

Location GameParser::locate(const char* at) const {
  Location loc;
  loc.offset = origin_.offset + std::uint64_t(at - origin_.base);
  if (at >= lines_count_->line_start) {  // the lexer's line
    loc.line = lines_count_->line;
    loc.column = lines_count_->column(at);
    return loc;
  }
  // An earlier place in the game: its lines counted from the game's start, or from the place
  // located last when it lies between.
  const char* p = begin_;
  std::uint64_t line = begin_line_;
  const char* line_start = begin_;
  std::uint32_t start_column = begin_column_;
  if (located_at_ && located_at_ >= begin_ && located_at_ <= at) {
    p = located_at_;
    line = located_line_;
    line_start = located_line_start_;
    start_column = located_start_column_;
  }
  for (;;) {
    const void* nl = std::memchr(p, '\n', std::size_t(at - p));
    if (!nl) break;
    p = static_cast<const char*>(nl) + 1;
    ++line;
    line_start = p;
    start_column = 1;
  }
  located_at_ = at;
  located_line_ = line;
  located_line_start_ = line_start;
  located_start_column_ = start_column;
  loc.line = line;
  loc.column = std::uint32_t(at - line_start) + start_column;
  return loc;
}

bool GameParser::reject(const char* at, std::string message) {
  rejected_ = true;
  visitor_.diagnostic(Diagnostic{Severity::error, locate(at), number_, std::move(message)});
  return false;
}

void GameParser::warn(const char* at, std::string message) {
  visitor_.diagnostic(Diagnostic{Severity::warning, locate(at), number_, std::move(message)});
}

std::string GameParser::move_label(const fen::Position& pos) const {
  // Without playing the moves the position, and so the move number, is not known.
  if (!options_.check_moves) return {};
  return "move " + std::to_string(pos.fullmove_number()) +
         (pos.side_to_move() == fen::Color::white ? ". " : "... ");
}

void GameParser::start_game(const char* begin, const LineCount* lines) {
  lines_count_ = lines;
  begin_ = begin;
  located_at_ = nullptr;
  rejected_ = skipped_ = muted_ = ignored_ = in_movetext_ = has_result_ = past_limit_ = false;
  pending_castling_ = nullptr;
  fen_tag_ = variant_tag_ = result_tag_ = {};
  changed_values_used_ = 0;
  fen_tag_at_ = variant_tag_at_ = setup_tag_at_ = nullptr;
  setup_tag_ = false;
  prefix_comments_.clear();
  lines_.clear();
}

bool GameParser::begin_game(const char* begin, std::uint64_t line, std::uint32_t column) {
  begin_line_ = line;
  begin_column_ = column;
  number_ = next_number_++;
  ++games_;
  if (visitor_.begin_game(GameStart{number_, locate(begin)}) != Action::proceed) {
    skipped_ = true;
    return false;
  }
  return true;
}

void GameParser::discard() { prefix_comments_.clear(); }

void GameParser::past_limit(const char* begin, std::uint64_t limit) {
  rejected_ = past_limit_ = true;
  const std::string size = limit % (1 << 20) == 0   ? std::to_string(limit >> 20) + " MiB"
                           : limit % (1 << 10) == 0 ? std::to_string(limit >> 10) + " KiB"
                                                    : std::to_string(limit) + " bytes";
  visitor_.diagnostic(Diagnostic{
      Severity::error, locate(begin), number_,
      "game longer than the limit of " + size +
          " (the reader's max_game_bytes; fenkit's --max-game-size): not read, and what follows "
          "it up to the next game's tags passed over"});
}

void GameParser::end_game(const char* begin, const char* end) {
  // A game past its limit is not kept: it may be any size (a file of NUL bytes is one).
  const std::string_view raw =
      past_limit_ ? std::string_view() : std::string_view(begin, std::size_t(end - begin));
  if (skipped_ && !past_limit_) {
    visitor_.end_game(GameEnd{.rejected = false, .raw = raw, .selected = true});
    return;
  }
  if (past_limit_) {
    ++rejected_games_;
    visitor_.end_game(GameEnd{.rejected = true, .raw = raw, .selected = false});
    return;
  }
  if (!rejected_ && !in_movetext_) enter_movetext(end);  // a game of tags only
  if (pending_castling_ && !rejected_) {
    // "0-0" that cannot be castling, as the game's last token, is a (wrong) result.
    const char* at = pending_castling_;
    pending_castling_ = nullptr;
    on_result("0-0", at);
  }
  if (!rejected_ && !ignored_) {
    // What is missing at the end is reported after the game's last token, not at the start
    // of whatever follows it.
    const char* stop = end;
    while (stop > begin && (is_space(stop[-1]) || stop[-1] == '\xA0')) --stop;
    finish(stop, origin_.ends_input && end == origin_.end);
  }
  if (rejected_) ++rejected_games_;
  const bool final_known = !rejected_ && !ignored_ && options_.check_moves && lines_.size() == 1;
  visitor_.end_game(GameEnd{.rejected = rejected_,
                            .raw = raw,
                            .selected = !rejected_,
                            .final_position = final_known ? &lines_[0].current : nullptr});
}

std::string_view GameParser::unescape_tag(std::string_view raw) {
  if (raw.find('\\') == std::string_view::npos) return raw;
  unescaped_.clear();
  for (std::size_t i = 0; i < raw.size(); ++i) {
    if (raw[i] == '\\' && i + 1 < raw.size() && (raw[i + 1] == '"' || raw[i + 1] == '\\')) ++i;
    unescaped_.push_back(raw[i]);
  }
  return unescaped_;
}

std::string_view GameParser::keep_changed_value(std::string_view value) {
  if (changed_values_used_ == changed_values_.size())
    changed_values_.push_back(std::make_unique<std::string>());
  std::string& kept = *changed_values_[changed_values_used_++];
  kept.assign(value);
  return kept;
}

bool GameParser::tag(std::string_view name, const grammar::TagValue& raw, const char* at) {
  if (raw.unclosed) warn(at, "tag value of " + quoted(name) + " has no closing quote");
  std::string_view value = raw.raw;
  if (!raw.plain && !is_plain_text(value)) {
    value = as_utf8(unescape_tag(value), converted_);
    if (value.data() != raw.raw.data()) value = keep_changed_value(value);
  }
  if (name == "FEN") {
    fen_tag_ = value;
    fen_tag_at_ = at;
  } else if (name == "Variant") {
    variant_tag_ = value;
    variant_tag_at_ = at;
  } else if (name == "Result") {
    result_tag_ = value;
  } else if (name == "SetUp") {
    setup_tag_ = value == "1";
    setup_tag_at_ = at;
  }
  visitor_.tag(name, value);
  return true;
}

bool GameParser::malformed_tag(std::string_view token, const char* at) {
  // The tag section ends before a tag the grammar cannot read: the movetext would begin there.
  if (!enter_movetext(at)) return false;
  return reject(at, "malformed tag " + quoted(token));
}

bool GameParser::prefix_comment(std::string_view text, const char* at) {
  prefix_comments_.emplace_back(text, at);
  return true;
}

bool GameParser::begin_movetext(const char* at) { return enter_movetext(at); }

bool GameParser::enter_movetext(const char* at) {
  in_movetext_ = true;
  fen::Position start;
  if (visitor_.end_tags() == Action::ignore) {
    lines_.push_back(Line{start, start, 0, false, true, false});
    muted_ = ignored_ = true;
    return reading();
  }
  if (options_.check_moves) {
    // The Variant tag's rules (lichess's names, python-chess's and other programs').
    const std::optional<fen::VariantName> variant = fen::find_variant(variant_tag_);
    if (!variant)
      return reject(variant_tag_at_ ? variant_tag_at_ : at,
                    "unsupported variant " + quoted(variant_tag_));
    if (setup_tag_ && fen_tag_.empty())
      warn(setup_tag_at_, "SetUp tag without a FEN tag: the game starts from the " +
                              std::string(variant->variant == fen::Variant::standard
                                              ? "standard"
                                              : variant_name(variant->variant)) +
                              " position");
    const fen::FenOptions options{.lenient = true, .relax = kTagFenRelaxed,
                                  .chess960 = variant->chess960, .variant = variant->variant};
    if (!fen_tag_.empty()) {
      if (const fen::FenError e = fen::read_fen(fen_tag_, start, options))
        return reject(fen_tag_at_ ? fen_tag_at_ : at, "bad FEN tag: " + e.message());
    } else if (variant->variant != fen::Variant::standard) {
      start = fen::position_from_fen(fen::variant_start_fen(variant->variant), options);
    }
    if (variant->chess960) start.set_chess960(true);
  }
  lines_.push_back(Line{start, start, 0, false, true, false});
  if (options_.check_moves) visitor_.start_position(start);
  const Action action = visitor_.begin_movetext();
  muted_ = action != Action::proceed;
  ignored_ = action == Action::ignore;
  if (options_.comments)
    for (const auto& [text, where] : prefix_comments_)
      if (!muted_)
        visitor_.comment(options_.comments_in_utf8 ? as_utf8(text, converted_) : text,
                         locate(where));
  return reading();
}

bool GameParser::settle_pending(const char*) {
  if (!pending_castling_) return true;
  // Something follows the "0-0" that cannot be castling: it was a bad move after all.
  const char* at = pending_castling_;
  pending_castling_ = nullptr;
  return reject(at, std::move(pending_message_));
}

bool GameParser::move_with_checks(const fen::SanMove& san, std::string_view token,
                                  const char* at) {
  if (!settle_pending(at)) return false;
  // A null move belongs in a variation (to show a threat); in the main line the record stops
  // being a game, which readers of the output should hear of.
  if (san.form == fen::SanMove::Form::null_move && lines_.size() == 1 && !lines_.back().dead)
    warn(at, "null move " + quoted(token) + " in the main line");
  return options_.check_moves ? play(san, token, at) : count(token, at);
}

void GameParser::visit_counted_move(std::string_view token, const char* at) {
  const Line& line = lines_.back();
  const MoveEvent event{token, move_location(at), fen::Move(), nullptr, nullptr, line.ply,
                        depth()};
  if (visitor_.move(event) != Action::proceed) muted_ = true;
}

bool GameParser::play(const fen::SanMove& san, std::string_view token, const char* at) {
  Line& line = lines_.back();
  if (line.dead) return true;
  const fen::SanResult resolved = fen::resolve_san(line.current, san);
  if (!resolved) {
    std::string message = move_label(line.current) + fen::describe(line.current, token, resolved);
    if (token == "0-0" && lines_.size() == 1) {
      // Castling written with zeros that no castling fits: a wrong result if the game ends
      // here, else a bad move (decided by what comes next).
      pending_castling_ = at;
      pending_message_ = std::move(message);
      return true;
    }
    if (lines_.size() > 1 && !options_.reject_bad_variations) {
      warn(at, message + " (rest of the variation skipped)");
      line.dead = true;
      return true;
    }
    return reject(at, std::move(message));
  }
  line.before = line.current;
  line.current.play_unchecked(resolved.move);
  ++line.ply;
  line.has_move = true;
  if (visit_moves_ && visible()) {
    MoveEvent event{token, move_location(at), resolved.move, &line.before, &line.current, line.ply,
                    depth()};
    if (visitor_.move(event) != Action::proceed) muted_ = true;
  }
  return true;
}

bool GameParser::suffix(std::string_view suffix, const char* at) {
  if (!settle_pending(at)) return false;
  static constexpr std::string_view kSuffixes[] = {"!", "?", "!!", "??", "!?", "?!"};
  const auto* found = std::find(std::begin(kSuffixes), std::end(kSuffixes), suffix);
  if (found == std::end(kSuffixes)) {
    warn(at, "unknown annotation " + quoted(suffix) + " ignored");
    return true;
  }
  if (visible() && !lines_.back().dead) visitor_.nag(std::uint8_t(found - kSuffixes + 1));
  return true;
}

bool GameParser::nag(unsigned nag, const char* at) {
  if (!settle_pending(at)) return false;
  if (nag > 255) {
    warn(at, "NAG $" + std::to_string(nag) + " out of range (0-255) ignored");
    return true;
  }
  if (visible() && !lines_.back().dead) visitor_.nag(std::uint8_t(nag));
  return true;
}

bool GameParser::deliver_comment(std::string_view text, const char* at) {
  if (pending_castling_ && !settle_pending(at)) [[unlikely]]
    return false;
  if (!options_.comments || !visible() || lines_.back().dead) return true;
  // A lichess export has a comment after every move, for its commands (ASCII), and its rows
  // need no line: the place is the offset alone, without a frame for the rest.
  if (options_.comments_in_utf8 || move_locations_) {
    deliver_comment_located(text, at);
    return true;
  }
  visitor_.comment(text, move_location(at));
  return true;
}

void GameParser::deliver_comment_located(std::string_view text, const char* at) {
  visitor_.comment(options_.comments_in_utf8 ? as_utf8(text, converted_) : text,
                   move_location(at));
}

bool GameParser::open_variation(const char* at) {
  if (!settle_pending(at)) return false;
  const Line& parent = lines_.back();
  Line variation;
  if (!parent.has_move) {
    warn(at, "variation before any move (skipped)");
    variation = Line{parent.current, parent.current, parent.ply, false, false, true};
  } else {
    // (The new variation's depth is the number of lines open.)
    if (this->visible() && lines_.size() > options_.max_variation_depth)
      return reject(at, "variations nested more than " +
                            std::to_string(options_.max_variation_depth) + " deep");
    const bool visible = this->visible() && visitor_.begin_variation() == Action::proceed;
    const bool dead = parent.dead || (!visible && !options_.check_variations);
    variation = Line{parent.before, parent.before, parent.ply - 1, false, visible, dead};
  }
  lines_.push_back(variation);
  return true;
}

bool GameParser::close_variation(const char* at) {
  if (!settle_pending(at)) return false;
  if (lines_.size() == 1) {
    warn(at, "')' without a variation to close (ignored)");
    return true;
  }
  const bool was_visible = lines_.back().visible && !muted_;
  lines_.pop_back();
  if (was_visible) visitor_.end_variation();
  return true;
}

bool GameParser::stray_brace(const char* at) {
  if (!settle_pending(at)) return false;
  warn(at, "'}' without an opening '{' (ignored)");
  return true;
}

bool GameParser::result(std::string_view token, const char* at) {
  if (!settle_pending(at)) return false;
  return on_result(token, at);
}

bool GameParser::on_result(std::string_view token, const char* at) {
  if (lines_.size() > 1) {
    warn(at, "result " + quoted(token) + " inside a variation (ignored)");
    return true;
  }
  std::string_view result = token;
  if (token == "1/2" || token == "\xC2\xBD-\xC2\xBD") {
    result = "1/2-1/2";
    warn(at, "result written " + quoted(token) + ", read as 1/2-1/2");
  } else if (token == "0-0") {
    result = "*";
    warn(at, "result written '0-0', read as *");
  }
  has_result_ = true;
  // The tag and the movetext should tell one result; when they differ, one was copied wrongly
  // (the movetext's is the game's, as the standard has it).
  if (is_standard_result(result_tag_) && result_tag_ != result)
    warn(at, "result " + std::string(result) + " but the Result tag says " +
                 std::string(result_tag_));
  check_result_against_board(result, at);
  if (!muted_) visitor_.result(result);
  return true;
}

// A result that the final position contradicts (a mate scored as a draw, a stalemate as a
// win) is worth a warning: the moves or the result were copied wrongly.
void GameParser::check_result_against_board(std::string_view result, const char* at) {
  if (!options_.check_moves || lines_.size() != 1 || !lines_[0].has_move) return;
  const fen::Position& final = lines_[0].current;
  if (final.variant() != fen::Variant::standard) {
    // A variant's end (a king on the hill, an exploded king, ...) decides as mate does.
    const std::string_view expected = fen::result_text(fen::outcome_on_board(final));
    if (!expected.empty() && result != expected && !(expected == "1/2-1/2" && result == "*"))
      warn(at, "result " + std::string(result) + " but the position is won by the rules of " +
                   std::string(fen::variant_name(final.variant())) + " (" +
                   std::string(expected) + ")");
    return;
  }
  if (final.is_checkmate()) {
    const bool white_mates = final.side_to_move() == fen::Color::black;
    const std::string_view expected = white_mates ? "1-0" : "0-1";
    if (result != expected)
      warn(at, "result " + std::string(result) + " but " + (white_mates ? "White" : "Black") +
                   " has mated (" + std::string(expected) + ")");
  } else if (result != "1/2-1/2" && final.is_stalemate()) {
    warn(at, "result " + std::string(result) + " but the game ends in stalemate (1/2-1/2)");
  }
}

bool GameParser::bad_token(std::string_view token, const char* at) {
  if (!settle_pending(at)) return false;
  if (token.front() == '[') return reject(at, "malformed tag " + quoted(token));
  if (lines_.back().dead) return true;
  const fen::Position& pos = lines_.back().current;
  return reject(at, move_label(pos) + "not a move: " + quoted(token));
}

bool GameParser::unclosed_comment(const char* at) {
  if (!in_movetext_ && !enter_movetext(at)) return false;
  if (!settle_pending(at)) return false;
  return reject(at, "comment not closed ('{' without '}')");
}

void GameParser::finish(const char* stop, bool at_input_end) {
  if (!has_result_ && at_input_end) {
    // Nothing tells a game cut short by the end of the input (a file cut, a download broken
    // off) from a whole one that has no result at its end: it is not passed off as whole. A
    // game without result that another follows keeps the warning below.
    reject(stop, "the input ends inside the game: its movetext has no result at its end (the "
                 "game may be cut short)");
    return;
  }
  if (lines_.size() > 1) {
    warn(stop, "variation not closed at the end of the game");
    while (lines_.size() > 1) close_variation(stop);
  }
  if (!has_result_) {
    const bool known = result_tag_ == "1-0" || result_tag_ == "0-1" || result_tag_ == "1/2-1/2";
    warn(stop, known ? "game has no result at the end of its movetext (taken from the Result tag)"
                     : "game has no result at the end of its movetext (read as *)");
    if (!muted_) visitor_.result(known ? result_tag_ : std::string_view("*"));
  }
}

struct GameStream::State {
  State(std::string_view text, Visitor& visitor, const ReaderOptions& given)
      : options(given),
        parser(visitor, options,
               TextOrigin{text.data(), text.data() + text.size(), options.place.offset,
                          options.place.ends_input},
               options.first_game_number),
        lexer(text, &parser, 0, options.place.line, options.place.column),
        wanted(options.last_game_number < options.first_game_number
                   ? 0
                   : options.last_game_number - options.first_game_number + 1),
        bytes(text.size()) {
    lexer.limit_games(options.max_game_bytes);
  }

  ReaderOptions options;  // the parser's, for as long as it reads
  GameParser parser;
  GameLexer<GameParser> lexer;
  std::uint64_t wanted;
  std::size_t bytes;
};

GameStream::GameStream(std::string_view text, Visitor& visitor, const ReaderOptions& options)
    : state_(std::make_unique<State>(text, visitor, options)) {}

GameStream::~GameStream() = default;

bool GameStream::next() {
  State& s = *state_;
  return s.parser.games() < s.wanted && s.lexer.next(true) == Found::game;
}

ReadStats GameStream::stats() const {
  ReadStats stats;
  stats.games = state_->parser.games();
  stats.rejected = state_->parser.rejected_games();
  stats.bytes = state_->bytes;
  return stats;
}

std::uint64_t GameStream::end_line() const { return state_->lexer.line(); }
std::uint32_t GameStream::end_column() const { return state_->lexer.column(); }

ReadStats read_games(std::string_view text, Visitor& visitor, const ReaderOptions& options,
                     std::uint64_t& end_line, std::uint32_t& end_column) {
  GameStream games(text, visitor, options);
  while (games.next()) {
  }
  end_line = games.end_line();
  end_column = games.end_column();
  return games.stats();
}

}  // namespace fenkit::pgn::detail
