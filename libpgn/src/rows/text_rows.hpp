// What the four text formats share: rows are lines of PositionRowChunk::output, a tail goes
// where its row ends (moved into place when rows of variations were written since), and the tag
// columns, the same in every row of a game, are formatted once per game.
#pragma once

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

#include "fenkit/fen/fen.hpp"
#include "fenkit/pgn/detail/output_buffer.hpp"
#include "rows/row_writer.hpp"

namespace fenkit::pgn::rows {

inline void append_number(detail::OutputBuffer& out, std::uint64_t n) {
  char* p = out.reserve(24);
  out.commit(std::size_t(std::to_chars(p, p + 24, n).ptr - p));
}

inline void append_signed(detail::OutputBuffer& out, std::int64_t n) {
  char* p = out.reserve(24);
  out.commit(std::size_t(std::to_chars(p, p + 24, n).ptr - p));
}

class TextRows : public RowWriter {
 public:
  TextRows(const PositionRowOptions& options, PositionRowChunk& chunk, bool fen_clocks)
      : options_(options),
        out_(chunk.output),
        fen_(fen::FenWriteOptions{.ep = options.ep, .clocks = fen_clocks}) {}

  void game_tags(std::span<const std::string> values,
                 std::span<const std::uint8_t> seen) final {
    scratch_.clear();
    if (!options_.tags.empty()) write_tags(values, seen, scratch_);
    tags_.assign(scratch_.view());
  }
  std::size_t head(const RowHead& row) final {
    write_head(row, out_);
    return out_.size();
  }
  void tail(std::size_t at, const RowTail& row) final {
    if (at == out_.size()) {
      write_tail(row, out_);
      return;
    }
    scratch_.clear();
    write_tail(row, scratch_);
    out_.insert(at, scratch_.view());
  }

 protected:
  virtual void write_tags(std::span<const std::string> values,
                          std::span<const std::uint8_t> seen, detail::OutputBuffer& out) = 0;
  virtual void write_head(const RowHead& row, detail::OutputBuffer& out) = 0;
  // The rest of the row, with its line break.
  virtual void write_tail(const RowTail& row, detail::OutputBuffer& out) = 0;

  void write_fen(const fen::Position& pos, detail::OutputBuffer& out) {
    out.commit(fen_.write(pos, out.reserve(fen::kMaxFenLength)));
  }
  // The tag columns of this game's rows, as write_tags() made them.
  std::string_view tags() const { return tags_; }

  const PositionRowOptions& options_;

 private:
  detail::OutputBuffer& out_;
  fen::FenWriter fen_;
  std::string tags_;
  detail::OutputBuffer scratch_;
};

// The fen and csv formats: fields with a separator, whose tails hold the same columns in the
// same order.
class DelimitedRows : public TextRows {
 public:
  DelimitedRows(const PositionRowOptions& options, PositionRowChunk& chunk, char separator)
      : TextRows(options, chunk, true), separator_(separator) {}

 protected:
  // A text field, escaped as the format needs.
  virtual void write_field(std::string_view text, detail::OutputBuffer& out) = 0;

  void write_tags(std::span<const std::string> values, std::span<const std::uint8_t> seen,
                  detail::OutputBuffer& out) final;
  void write_tail(const RowTail& row, detail::OutputBuffer& out) final;

 private:
  char separator_;
};

}  // namespace fenkit::pgn::rows
