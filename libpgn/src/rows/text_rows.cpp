#include "rows/text_rows.hpp"

#include "fenkit/pgn/detail/copy_bytes.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "small_numbers.hpp"

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

// The fields of bounded width are written through one reservation each, not a byte at a time:
// a lichess row's tail (eval, mate, clock, next move) is five fields, and each push_back checks
// the room again.
void DelimitedRows::write_tail(const RowTail& row, detail::OutputBuffer& out) {
  const CommentCommands& c = row.notes.commands;
  const char sep = separator_;
  out.append(tags());
  if (options_.eval || options_.clock) {
    constexpr std::size_t kNumber = 11;  // an int32 with its sign
    char* const start = out.reserve(3 + 2 * kNumber + kMaxSecondsLength);
    char* p = start;
    if (options_.eval) {
      *p++ = sep;
      if (c.eval_cp) p = detail::write_signed(*c.eval_cp, p);
      *p++ = sep;
      if (c.mate) p = detail::write_signed(*c.mate, p);
    }
    if (options_.clock) {
      *p++ = sep;
      if (c.clock_ms) p = detail::write_seconds(*c.clock_ms, p);
    }
    out.commit(std::size_t(p - start));
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
  char* const start = out.reserve(3 + fen::kMaxSanLength + fen::kMaxUciLength);
  char* p = start;
  if (options_.next) {
    *p++ = sep;
    if (row.from) {
      const std::string_view san = row.names.san(*row.from, row.next, row.after);
      detail::copy_bytes(p, san.data(), san.size());
      p += san.size();
    }
    *p++ = sep;
    if (row.from) {
      const std::string_view uci = row.names.uci(*row.from, row.next);
      detail::copy_bytes(p, uci.data(), uci.size());
      p += uci.size();
    }
  }
  *p++ = '\n';
  out.commit(std::size_t(p - start));
}

}  // namespace fenkit::pgn::rows
