#include "fenkit/epd/book_games.hpp"

#include "fenkit/fen/variant.hpp"

#include <algorithm>
#include <span>

#include "fenkit/epd/book_move.hpp"
#include "fenkit/fen/polyglot.hpp"

namespace fenkit::epd {

void BookGames::add_to(BookBuilder& builder) const {
  for (const Game& game : games)
    builder.add_plies(std::span(plies).subspan(game.first_ply, game.ply_count), game.result,
                      game.ambiguous);
}

BookGameVisitor::BookGameVisitor(BookGames& out, int max_ply, std::string file_name,
                                 bool warnings)
    : out_(out), max_ply_(std::size_t(std::max(max_ply, 0))), file_name_(std::move(file_name)),
      warnings_(warnings) {}

bool BookGameVisitor::enough() const {
  return result_tag_ && (stopped_ || plies_ >= max_ply_);
}

pgn::Action BookGameVisitor::begin_game(const pgn::GameStart& start) {
  start_ = start;
  variant_.clear();
  first_ply_ = out_.plies.size();
  ambiguous_ = 0;
  key_known_ = false;
  result_tag_.reset();
  movetext_result_ = GameResult::unknown;
  stopped_ = false;
  plies_ = 0;
  return pgn::Action::proceed;
}

void BookGameVisitor::tag(std::string_view name, std::string_view value) {
  if (name == "Result" && !result_tag_) result_tag_ = parse_game_result(value);
  if (name == "Variant") {
    const std::optional<fen::VariantName> variant = fen::find_variant(value);
    if (variant && variant->variant != fen::Variant::standard) variant_ = value;
  }
}

pgn::Action BookGameVisitor::begin_movetext() {
  if (!variant_.empty()) {
    out_.report.diagnostic(file_name_,
                           pgn::Diagnostic{pgn::Severity::warning, start_.where, start_.number,
                                           "a game of " + variant_ +
                                               " is left out: Polyglot books are standard chess"},
                           warnings_);
    return pgn::Action::ignore;
  }
  return enough() ? pgn::Action::skip : pgn::Action::proceed;
}

pgn::Action BookGameVisitor::move(const pgn::MoveEvent& event) {
  if (event.depth != 0) return pgn::Action::proceed;
  plies_ = event.ply;
  // A null move leaves legal play; the book can use the moves before it only.
  if (event.move.is_null()) {
    stopped_ = true;
    return result_tag_ ? pgn::Action::skip : pgn::Action::proceed;
  }
  // The ply is counted from the reader's own position before the move: replaying the moves
  // once more at the end of the game cost as much as reading them.
  if (!stopped_ && plies_ <= max_ply_) {
    const fen::Position& before = *event.before;
    // Along the main line each key follows from the one before (polyglot_key_after).
    const std::uint64_t key = key_known_ ? next_key_ : fen::polyglot_key(before);
    next_key_ = fen::polyglot_key_after(before, key, *event.after);
    key_known_ = true;
    if (has_ambiguous_castling_key(before))
      ++ambiguous_;
    else
      out_.plies.push_back(BookPly{key, encode_book_move(event.move), before.side_to_move()});
  }
  return enough() ? pgn::Action::skip : pgn::Action::proceed;
}

void BookGameVisitor::result(std::string_view text) {
  movetext_result_ = parse_game_result(text);
}

void BookGameVisitor::diagnostic(const pgn::Diagnostic& d) {
  out_.report.diagnostic(file_name_, d, warnings_);
}

void BookGameVisitor::end_game(const pgn::GameEnd& end) {
  out_.report.end_game(end, false);
  if (!variant_.empty() && end.selected && !end.rejected) {
    ++out_.variant_games;
    out_.plies.resize(first_ply_);
    return;
  }
  if (!end.selected) {
    out_.plies.resize(first_ply_);
    return;
  }
  BookGames::Game game;
  game.first_ply = first_ply_;
  game.result = result_tag_.value_or(movetext_result_);
  game.ambiguous = ambiguous_;
  game.ply_count = out_.plies.size() - game.first_ply;
  out_.games.push_back(game);
}

}  // namespace fenkit::epd
