// The fen format: the FEN, then tab-separated columns.
#include "rows/text_rows.hpp"

namespace fenkit::pgn::rows {

namespace {

class FenRows final : public DelimitedRows {
 public:
  FenRows(const PositionRowOptions& options, PositionRowChunk& chunk)
      : DelimitedRows(options, chunk, '\t') {}

 private:
  // Tabs and line breaks would split the field or the row: they become spaces.
  void write_field(std::string_view text, detail::OutputBuffer& out) override {
    for (char c : text) out.push_back(c == '\t' || c == '\n' || c == '\r' ? ' ' : c);
  }

  void write_head(const RowHead& row, detail::OutputBuffer& out) override {
    write_fen(row.position, out);
    if (options_.san) {
      out.push_back('\t');
      if (row.before) out.append(row.names.san(*row.before, row.move, &row.position));
    }
    if (options_.uci) {
      out.push_back('\t');
      if (row.before) out.append(row.names.uci(*row.before, row.move));
    }
  }
};

}  // namespace

std::unique_ptr<RowWriter> fen_rows(const PositionRowOptions& options, PositionRowChunk& chunk) {
  return std::make_unique<FenRows>(options, chunk);
}

}  // namespace fenkit::pgn::rows
