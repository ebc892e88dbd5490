// The epd format: the four fields, `id "<game>.<ply>[/<path>]";`, `sm` with the move the game
// played from the position, the tags as c0..c9 and the evaluation as ce or dm; every record one
// that `fenkit epd --check` accepts.
#include <algorithm>

#include "rows/text_rows.hpp"

namespace fenkit::pgn::rows {

namespace {

// An EPD string operand. EPD escapes only the quote and the backslash, and has no escape for a
// control character but the tab: one in a tag becomes a blank, so that the record stays one
// readable line.
void append_epd_string(detail::OutputBuffer& out, std::string_view text) {
  out.push_back('"');
  for (char c : text) {
    if (c == '"' || c == '\\') out.push_back('\\');
    const auto u = static_cast<unsigned char>(c);
    out.push_back((u < 0x20 && c != '\t') || u == 0x7F ? ' ' : c);
  }
  out.push_back('"');
}

class EpdRows final : public TextRows {
 public:
  EpdRows(const PositionRowOptions& options, PositionRowChunk& chunk)
      : TextRows(options, chunk, false) {}

 private:
  void write_tags(std::span<const std::string> values, std::span<const std::uint8_t>,
                  detail::OutputBuffer& out) override {
    for (std::size_t i = 0; i < values.size(); ++i) {
      out.append(" c");
      out.push_back(char('0' + i));
      out.push_back(' ');
      append_epd_string(out, values[i]);
      out.push_back(';');
    }
  }

  void write_head(const RowHead& row, detail::OutputBuffer& out) override {
    write_fen(row.position, out);
    out.append(" id \"");
    append_signed(out, row.game);
    out.push_back('.');
    append_number(out, row.ply);
    if (!row.path.empty()) {
      out.push_back('/');
      append_path(out, row.path);
    }
    out.append("\";");
    // A variant's position says its rules, so that the record is read back by them.
    if (row.position.variant() != fen::Variant::standard) {
      out.append(" variant \"");
      out.append(fen::variant_name(row.position.variant()));
      out.append("\";");
    }
  }

  void write_tail(const RowTail& row, detail::OutputBuffer& out) override {
    // The move the game played from this position: a supplied move, legal here.
    if (row.from && !row.next.is_null()) {
      out.append(" sm ");
      out.append(row.names.san(*row.from, row.next, row.after));
      out.push_back(';');
    }
    out.append(tags());
    const CommentCommands& c = row.notes.commands;
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
    out.push_back('\n');
  }
};

}  // namespace

std::unique_ptr<RowWriter> epd_rows(const PositionRowOptions& options, PositionRowChunk& chunk) {
  return std::make_unique<EpdRows>(options, chunk);
}

}  // namespace fenkit::pgn::rows
