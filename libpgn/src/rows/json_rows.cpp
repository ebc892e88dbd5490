// The jsonl format: one object per position, keys game, ply, path (with variations), san, uci,
// fen, then the asked keys.
#include "fenkit/pgn/detail/json.hpp"
#include "rows/text_rows.hpp"

namespace fenkit::pgn::rows {

namespace {

void append_json(detail::OutputBuffer& out, std::string_view text) {
  thread_local std::string json;
  json.clear();
  detail::append_json_string(json, text);
  out.append(json);
}

// A move's name as a JSON string, or null where the row has no such move.
void append_move(detail::OutputBuffer& out, bool has, auto name) {
  if (!has) {
    out.append("null");
    return;
  }
  out.push_back('"');
  out.append(name());
  out.push_back('"');
}

class JsonRows final : public TextRows {
 public:
  JsonRows(const PositionRowOptions& options, PositionRowChunk& chunk)
      : TextRows(options, chunk, true) {}

 private:
  void write_tags(std::span<const std::string> values, std::span<const std::uint8_t> seen,
                  detail::OutputBuffer& out) override {
    for (std::size_t i = 0; i < values.size(); ++i) {
      out.push_back(',');
      append_json(out, options_.tags[i]);
      out.push_back(':');
      if (seen[i]) append_json(out, values[i]);
      else out.append("null");
    }
  }

  void write_head(const RowHead& row, detail::OutputBuffer& out) override {
    out.append("{\"game\":");
    append_signed(out, row.game);
    out.append(",\"ply\":");
    append_number(out, row.ply);
    if (options_.variations) {
      out.append(",\"path\":\"");
      append_path(out, row.path);
      out.push_back('"');
    }
    out.append(",\"san\":");
    append_move(out, row.before, [&] { return row.names.san(*row.before, row.move, &row.position); });
    out.append(",\"uci\":");
    append_move(out, row.before, [&] { return row.names.uci(*row.before, row.move); });
    out.append(",\"fen\":\"");
    write_fen(row.position, out);
    out.push_back('"');
  }

  void write_tail(const RowTail& row, detail::OutputBuffer& out) override {
    const CommentCommands& c = row.notes.commands;
    auto number_or_null = [&](const auto& value) {
      if (value) append_signed(out, *value);
      else out.append("null");
    };
    out.append(tags());
    if (options_.eval) {
      out.append(",\"eval\":");
      number_or_null(c.eval_cp);
      out.append(",\"mate\":");
      number_or_null(c.mate);
    }
    if (options_.clock) {
      out.append(",\"clk\":");
      if (c.clock_ms) out.commit(write_seconds(*c.clock_ms, out.reserve(kMaxSecondsLength)));
      else out.append("null");
    }
    if (options_.comments) {
      out.append(",\"comment\":");
      append_json(out, row.notes.comment);
    }
    if (options_.nags) {
      out.append(",\"nags\":[");
      for (std::size_t i = 0; i < row.notes.nags.size(); ++i) {
        if (i) out.push_back(',');
        append_number(out, row.notes.nags[i]);
      }
      out.push_back(']');
    }
    if (options_.next) {
      out.append(",\"next_san\":");
      append_move(out, row.from, [&] { return row.names.san(*row.from, row.next, row.after); });
      out.append(",\"next_uci\":");
      append_move(out, row.from, [&] { return row.names.uci(*row.from, row.next); });
    }
    out.append("}\n");
  }
};

}  // namespace

std::unique_ptr<RowWriter> json_rows(const PositionRowOptions& options, PositionRowChunk& chunk) {
  return std::make_unique<JsonRows>(options, chunk);
}

}  // namespace fenkit::pgn::rows
