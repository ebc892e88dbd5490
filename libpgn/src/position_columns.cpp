#include "fenkit/pgn/position_columns.hpp"

#include <algorithm>
#include <type_traits>

#include "fenkit/fen/fen.hpp"

namespace fenkit::pgn {

void TextColumn::push(std::string_view value) {
  spans_.push_back({std::uint32_t(text_.size()), std::uint32_t(value.size())});
  text_.append(value);
}

void TextColumn::push_none() { spans_.push_back({}); }

char* TextColumn::begin_push(std::size_t capacity) {
  spans_.push_back({std::uint32_t(text_.size()), 0});
  return text_.reserve(capacity);
}

void TextColumn::commit(std::size_t length) {
  spans_.back().length = std::uint32_t(length);
  text_.commit(length);
}

void TextColumn::set(std::size_t row, std::string_view value) {
  spans_[row] = {std::uint32_t(text_.size()), std::uint32_t(value.size())};
  text_.append(value);
}

void TextColumn::truncate(std::size_t rows) {
  if (rows >= spans_.size()) return;
  // Text is only ever appended, and the rows before `rows` were complete before any of the rows
  // dropped began: the dropped rows' text is the end of the buffer, from their first byte on.
  std::size_t end = text_.size();
  for (std::size_t r = rows; r < spans_.size(); ++r)
    if (spans_[r].length != kNone) end = std::min<std::size_t>(end, spans_[r].at);
  text_.truncate(end);
  spans_.resize(rows);
}

void TextColumn::clear() {
  text_.clear();
  spans_.clear();
}

namespace {

// Every column of `c`, for what is done to each alike.
template <typename Each>
void each_column(PositionColumns& c, Each each) {
  for (std::vector<std::int64_t>* numbers : {&c.game, &c.ply}) each(*numbers);
  for (std::vector<double>* numbers : {&c.eval, &c.mate, &c.clk}) each(*numbers);
  for (TextColumn* text : {&c.path, &c.san, &c.uci, &c.fen, &c.comment, &c.nags, &c.next_san,
                           &c.next_uci})
    each(*text);
  for (TextColumn& text : c.tags) each(text);
  for (std::vector<std::uint64_t>& masks : c.planes) each(masks);
  each(c.turn);
  each(c.castling);
  each(c.ep_square);
  each(c.fen_steps);
  each(c.fen_moves);
}

}  // namespace

bool read_fen_start(std::string_view fen, FenStep step, fen::Position& out) {
  const fen::FenOptions options{.relax = fen::Problems::all(), .chess960 = step == FenStep::start960};
  return !fen::read_fen(fen, out, options);
}

void PositionColumns::truncate(std::size_t rows) {
  each_column(*this, [&](auto& column) {
    if constexpr (std::is_same_v<std::decay_t<decltype(column)>, TextColumn>)
      column.truncate(rows);
    else
      column.resize(std::min(column.size(), rows));
  });
}

void PositionColumns::clear() {
  each_column(*this, [](auto& column) { column.clear(); });
}

}  // namespace fenkit::pgn
