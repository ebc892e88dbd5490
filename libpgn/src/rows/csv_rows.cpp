// The csv format: game, ply, path (with variations), san, uci, fen, then the asked columns.
#include "rows/text_rows.hpp"

namespace fenkit::pgn::rows {

namespace {

// A CSV field: quoted (with quotes doubled) when it holds a comma, a quote or a line break.
void append_csv(detail::OutputBuffer& out, std::string_view text) {
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

class CsvRows final : public DelimitedRows {
 public:
  CsvRows(const PositionRowOptions& options, PositionRowChunk& chunk)
      : DelimitedRows(options, chunk, ',') {}

 private:
  void write_field(std::string_view text, detail::OutputBuffer& out) override {
    append_csv(out, text);
  }

  void write_head(const RowHead& row, detail::OutputBuffer& out) override {
    append_signed(out, row.game);
    out.push_back(',');
    append_number(out, row.ply);
    out.push_back(',');
    if (options_.variations) {
      append_path(out, row.path);
      out.push_back(',');
    }
    if (row.before) out.append(row.names.san(*row.before, row.move, &row.position));
    out.push_back(',');
    if (row.before) out.append(row.names.uci(*row.before, row.move));
    out.push_back(',');
    write_fen(row.position, out);
  }
};

}  // namespace

std::unique_ptr<RowWriter> csv_rows(const PositionRowOptions& options, PositionRowChunk& chunk) {
  return std::make_unique<CsvRows>(options, chunk);
}

}  // namespace fenkit::pgn::rows

namespace fenkit::pgn {

std::string PositionRowOptions::csv_header() const {
  std::string header = variations ? "game,ply,path,san,uci,fen" : "game,ply,san,uci,fen";
  detail::OutputBuffer field;
  for (const std::string& tag : tags) {
    field.clear();
    rows::append_csv(field, tag);
    header += ',';
    header += field.view();
  }
  if (eval) header += ",eval,mate";
  if (clock) header += ",clk";
  if (comments) header += ",comment";
  if (nags) header += ",nags";
  if (next) header += ",next_san,next_uci";
  return header + '\n';
}

}  // namespace fenkit::pgn
