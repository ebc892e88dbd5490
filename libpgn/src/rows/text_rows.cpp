#include "rows/text_rows.hpp"

namespace fenkit::pgn::rows {

void append_path(detail::OutputBuffer& out, std::span<const Branch> path) {
  for (std::size_t i = 0; i < path.size(); ++i) {
    if (i) out.push_back('/');
    append_number(out, path[i].ply);
    out.push_back(':');
    append_number(out, path[i].index);
  }
}

void DelimitedRows::write_tags(std::span<const std::string> values, std::span<const std::uint8_t>,
                               detail::OutputBuffer& out) {
  for (const std::string& value : values) {
    out.push_back(separator_);
    write_field(value, out);
  }
}

void DelimitedRows::write_tail(const RowTail& row, detail::OutputBuffer& out) {
  const CommentCommands& c = row.notes.commands;
  const char sep = separator_;
  out.append(tags());
  if (options_.eval) {
    out.push_back(sep);
    if (c.eval_cp) append_signed(out, *c.eval_cp);
    out.push_back(sep);
    if (c.mate) append_signed(out, *c.mate);
  }
  if (options_.clock) {
    out.push_back(sep);
    if (c.clock_ms) out.commit(write_seconds(*c.clock_ms, out.reserve(kMaxSecondsLength)));
  }
  if (options_.comments) {
    out.push_back(sep);
    write_field(row.notes.comment, out);
  }
  if (options_.nags) {
    out.push_back(sep);
    for (std::size_t i = 0; i < row.notes.nags.size(); ++i) {
      if (i) out.push_back(' ');
      append_number(out, row.notes.nags[i]);
    }
  }
  if (options_.next) {
    out.push_back(sep);
    if (row.from) out.append(row.names.san(*row.from, row.next, row.after));
    out.push_back(sep);
    if (row.from) out.append(row.names.uci(*row.from, row.next));
  }
  out.push_back('\n');
}

}  // namespace fenkit::pgn::rows
