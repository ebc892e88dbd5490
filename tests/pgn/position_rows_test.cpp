// The positions of games as rows (the rows of `fenkit replay`) as columns: the same rows as the
// JSON lines, in the same order,
// checked by writing the columns out as JSON lines here and comparing them with the writer's
// own, over every fixture and the options that shape rows (tails, variations, rejected and
// unselected games, --final).
#include "fenkit/pgn/position_columns.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/pgn/comment_commands.hpp"
#include "fenkit/pgn/detail/json.hpp"
#include "fenkit/pgn/position_rows.hpp"
#include "fenkit/pgn/reader.hpp"
#include "fenkit/pgn/selection.hpp"
#include "test_support.hpp"

namespace fenkit::pgn {
namespace {

TEST(TextColumn, ValuesNoneLaterValuesAndTruncation) {
  TextColumn c;
  c.push("e4");
  c.push_none();
  char* written = c.begin_push(16);  // room for more than is written
  std::memcpy(written, "abc", 3);
  c.commit(3);
  ASSERT_EQ(c.size(), 3U);
  EXPECT_EQ(c[0], "e4");
  EXPECT_EQ(c[2], "abc");
  EXPECT_TRUE(c.is_none(1));
  c.set(1, "Nf3");  // a row's value given after later rows
  EXPECT_EQ(c[1], "Nf3");
  c.truncate(1);
  EXPECT_EQ(c.size(), 1U);
  c.push("d4");
  EXPECT_EQ(c[0], "e4");
  EXPECT_EQ(c[1], "d4");
  c.clear();
  EXPECT_EQ(c.size(), 0U);
}

// ------------------------------------------------------------------ Columns as JSON lines

void append_text(std::string& out, const TextColumn& c, std::size_t row) {
  if (c.is_none(row)) out += "null";
  else detail::append_json_string(out, c[row]);
}

// ,"name":value
void append_field(std::string& out, const char* name, const TextColumn& c, std::size_t row) {
  out += ",\"";
  out += name;
  out += "\":";
  append_text(out, c, row);
}

// A number column's value as the writer writes it: an integer, or null for NaN.
void append_integer(std::string& out, double value) {
  if (std::isnan(value)) out += "null";
  else out += std::to_string(std::int64_t(value));
}

std::string as_jsonl(const PositionColumns& c, const PositionRowOptions& o) {
  std::string out;
  for (std::size_t r = 0; r < c.rows(); ++r) {
    out += "{\"game\":" + std::to_string(c.game[r]) + ",\"ply\":" + std::to_string(c.ply[r]);
    if (o.variations) append_field(out, "path", c.path, r);
    append_field(out, "san", c.san, r);
    append_field(out, "uci", c.uci, r);
    append_field(out, "fen", c.fen, r);
    for (std::size_t t = 0; t < o.tags.size(); ++t) {
      out += ',';
      detail::append_json_string(out, o.tags[t]);
      out += ':';
      append_text(out, c.tags[t], r);
    }
    if (o.eval) {
      out += ",\"eval\":";
      append_integer(out, c.eval[r]);
      out += ",\"mate\":";
      append_integer(out, c.mate[r]);
    }
    if (o.clock) {
      out += ",\"clk\":";
      if (std::isnan(c.clk[r])) out += "null";
      else append_seconds(out, std::uint32_t(std::llround(c.clk[r] * 1000)));
    }
    if (o.comments) append_field(out, "comment", c.comment, r);
    if (o.nags) {
      out += ",\"nags\":[";
      const std::string_view nags = c.nags[r];
      for (std::size_t i = 0; i < nags.size(); ++i) {
        if (i) out += ',';
        out += std::to_string(static_cast<unsigned char>(nags[i]));
      }
      out += ']';
    }
    if (o.next) {
      append_field(out, "next_san", c.next_san, r);
      append_field(out, "next_uci", c.next_uci, r);
    }
    out += "}\n";
  }
  return out;
}

// The rows of `text` in `format`, read as the Python module and `fenkit replay` read them.
PositionRowChunk replay(const std::string& text, PositionRowOptions options, RowFormat format,
                        const GameFilter* filter = nullptr) {
  options.format = format;
  PositionRowChunk chunk;
  PositionRowSelector rows(filter, options, "<input>", chunk, false);
  read_pgn(text, rows, options.reader_options());
  return chunk;
}

std::vector<std::filesystem::path> fixtures() {
  std::vector<std::filesystem::path> paths;
  for (const char* folder : {"pgn", "pgn/quirks"})
    for (const auto& entry : std::filesystem::directory_iterator(fenkit::testing::data(folder)))
      if (entry.path().extension() == ".pgn") paths.push_back(entry.path());
  return paths;
}

TEST(PositionColumns, HoldTheRowsOfTheJsonLines) {
  SelectionCriteria criteria;
  criteria.add("min-plies", "4");
  const GameFilter long_games = criteria.filter();
  std::vector<PositionRowOptions> option_sets(7);
  option_sets[1].with_start = option_sets[1].next = true;
  option_sets[2].tags = {"White", "WhiteElo", "NoSuchTag"};
  option_sets[2].eval = option_sets[2].clock = option_sets[2].comments = option_sets[2].nags = true;
  option_sets[3].variations = option_sets[3].comments = option_sets[3].nags = true;
  option_sets[3].next = option_sets[3].eval = true;
  option_sets[4].final = true;
  option_sets[4].tags = {"Result"};
  option_sets[4].clock = true;
  option_sets[5].min_ply = 2;
  option_sets[5].max_ply = 9;
  option_sets[5].every = 3;
  option_sets[5].game_offset = 100;
  std::vector<const GameFilter*> filters(option_sets.size());
  filters[6] = &long_games;
  option_sets[6].variations = option_sets[6].next = true;
  std::size_t rows = 0;
  const auto paths = fixtures();
  ASSERT_GT(paths.size(), 20U);
  for (const auto& path : paths) {
    const std::string text = fenkit::testing::read_file(path);
    for (std::size_t i = 0; i < option_sets.size(); ++i) {
      const PositionRowOptions& o = option_sets[i];
      const PositionRowChunk lines = replay(text, o, RowFormat::jsonl, filters[i]);
      const PositionRowChunk columns = replay(text, o, RowFormat::columns, filters[i]);
      EXPECT_EQ(as_jsonl(columns.columns, o), lines.output.view()) << path << " options " << i;
      EXPECT_EQ(columns.output.size(), 0U);
      EXPECT_EQ(columns.positions, lines.positions);
      EXPECT_EQ(columns.selected, lines.selected);
      EXPECT_EQ(columns.columns.rows(), columns.positions) << path << " options " << i;
      rows += columns.columns.rows();
    }
  }
  EXPECT_GT(rows, 1000U);  // the comparison saw rows of every kind
}

// With row_text.fen_moves, a row whose position follows from the row before gives its move; a
// reader that reads the starts and plays the moves writes every FEN of a run without it, over
// every fixture and the options that order rows otherwise (variations, with_start, every,
// final, legal en passant).
TEST(PositionColumns, FensGivenAsMovesPlayBackToTheFens) {
  PositionRowOptions shapes[5];
  shapes[1].variations = shapes[1].with_start = true;
  shapes[2].every = 3;
  shapes[3].final = true;
  shapes[4].ep = fen::EpMode::legal;
  shapes[4].with_start = true;
  std::size_t moves = 0, rows = 0;
  for (const auto& path : fixtures()) {
    const std::string text = fenkit::testing::read_file(path);
    for (const PositionRowOptions& shape : shapes) {
      const PositionColumns full = replay(text, shape, RowFormat::columns).columns;
      PositionRowOptions o = shape;
      o.row_text.fen_moves = true;
      const PositionColumns stepped = replay(text, o, RowFormat::columns).columns;
      ASSERT_EQ(stepped.rows(), full.rows()) << path;
      ASSERT_EQ(stepped.fen_steps.size(), full.rows()) << path;
      ASSERT_EQ(stepped.fen_moves.size(), full.rows()) << path;
      fen::FenWriter writer(fen::FenWriteOptions{.ep = o.ep});
      fen::Position line;
      bool known = false;
      for (std::size_t r = 0; r < full.rows(); ++r) {
        const FenStep step = stepped.fen_steps[r];
        ++rows;
        if (step == FenStep::move) {
          ASSERT_TRUE(known) << path << " row " << r;
          ASSERT_TRUE(stepped.fen.is_none(r));
          line.play_unchecked(fen::Move::from_bits(stepped.fen_moves[r]));
          char written[fen::kMaxFenLength];
          EXPECT_EQ(std::string_view(written, writer.write(line, written)), full.fen[r])
              << path << " row " << r;
          ++moves;
          continue;
        }
        ASSERT_EQ(stepped.fen[r], full.fen[r]) << path << " row " << r;
        EXPECT_EQ(stepped.fen_moves[r], 0) << path << " row " << r;
        known = step != FenStep::text;
        if (known) {
          ASSERT_TRUE(read_fen_start(stepped.fen[r], step, line)) << path << " row " << r;
        }
      }
      // Without the option, no steps.
      EXPECT_TRUE(full.fen_steps.empty() && full.fen_moves.empty());
    }
  }
  EXPECT_GT(moves, rows / 2);  // most rows of most shapes follow from the row before
}

// A text column left out stays empty; the columns kept are those of a run that keeps them all.
TEST(PositionColumns, ColumnsLeftOutAreNotMade) {
  PositionRowOptions all;
  all.variations = all.next = true;
  std::size_t compared = 0;
  for (const auto& path : fixtures()) {
    const std::string text = fenkit::testing::read_file(path);
    const PositionColumns full = replay(text, all, RowFormat::columns).columns;
    for (int left_out = 0; left_out < 4; ++left_out) {
      PositionRowOptions o = all;
      bool* flags[] = {&o.row_text.path, &o.row_text.san, &o.row_text.uci, &o.row_text.fen};
      *flags[left_out] = false;
      const PositionColumns part = replay(text, o, RowFormat::columns).columns;
      ASSERT_EQ(part.rows(), full.rows()) << path;
      const TextColumn* kept[] = {&part.path, &part.san, &part.uci, &part.fen};
      const TextColumn* whole[] = {&full.path, &full.san, &full.uci, &full.fen};
      for (int i = 0; i < 4; ++i) {
        if (i == left_out) {
          EXPECT_EQ(kept[i]->size(), 0U) << path << " column " << i;
          continue;
        }
        ASSERT_EQ(kept[i]->size(), full.rows()) << path << " column " << i;
        for (std::size_t r = 0; r < full.rows(); ++r) {
          ASSERT_EQ(kept[i]->is_none(r), whole[i]->is_none(r)) << path << " row " << r;
          if (!whole[i]->is_none(r)) {
            EXPECT_EQ((*kept[i])[r], (*whole[i])[r]) << path;
          }
        }
      }
      EXPECT_EQ(part.next_san.size(), full.rows());
      compared += full.rows();
    }
  }
  EXPECT_GT(compared, 1000U);
}

}  // namespace
}  // namespace fenkit::pgn
