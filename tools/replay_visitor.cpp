#include "replay_visitor.hpp"

#include <charconv>

#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::tools {

namespace {

void append_number(OutputBuffer& out, std::uint64_t n) {
  char* p = out.reserve(24);
  out.commit(std::size_t(std::to_chars(p, p + 24, n).ptr - p));
}

void append_signed(OutputBuffer& out, std::int64_t n) {
  char* p = out.reserve(24);
  out.commit(std::size_t(std::to_chars(p, p + 24, n).ptr - p));
}

}  // namespace

ReplayVisitor::ReplayVisitor(const ReplayOptions& options, std::string file_name,
                             ReplayResult& result, bool keep_rejects)
    : options_(options),
      fen_writer_(fen::FenWriteOptions{.ep = options.ep,
                                       .clocks = options.format != ReplayFormat::epd}),
      file_name_(std::move(file_name)), result_(result),
      keep_rejects_(keep_rejects) {}

pgn::Action ReplayVisitor::begin_game(const pgn::GameStart& start) {
  game_ = start.number;
  game_output_start_ = result_.output.size();
  game_positions_ = 0;
  path_.clear();
  last_ply_.assign(1, 0);
  last_branch_.assign(1, Branch{0, 0});
  return pgn::Action::proceed;
}

bool ReplayVisitor::wanted(std::uint32_t ply) const {
  return ply >= options_.min_ply && ply <= options_.max_ply && ply % options_.every == 0;
}

void ReplayVisitor::start_position(const fen::Position& pos) {
  if (options_.with_start && wanted(0)) write_position(pos, nullptr, fen::Move(), 0);
}

pgn::Action ReplayVisitor::move(const pgn::MoveEvent& event) {
  last_ply_[event.depth] = event.ply;
  if (wanted(event.ply)) write_position(*event.after, event.before, event.move, event.ply);
  // Past --max-ply nothing more is written; the reader still checks the rest of the game.
  if (event.ply >= options_.max_ply && !options_.variations) return pgn::Action::skip;
  return pgn::Action::proceed;
}

pgn::Action ReplayVisitor::begin_variation() {
  if (!options_.variations) return pgn::Action::skip;
  const std::size_t level = path_.size();
  // The variation replaces the parent's last move: it hangs at that ply.
  const std::uint32_t ply = last_ply_[level];
  Branch& last = last_branch_[level];
  last = last.ply == ply ? Branch{ply, last.index + 1} : Branch{ply, 1};
  path_.push_back(last);
  last_ply_.resize(path_.size() + 1);
  last_branch_.resize(path_.size() + 1);
  last_ply_[path_.size()] = ply - 1;
  last_branch_[path_.size()] = Branch{0, 0};
  return pgn::Action::proceed;
}

void ReplayVisitor::end_variation() {
  if (!path_.empty()) path_.pop_back();
}

void ReplayVisitor::write_path() {
  OutputBuffer& out = result_.output;
  for (std::size_t i = 0; i < path_.size(); ++i) {
    if (i) out.push_back('/');
    append_number(out, path_[i].ply);
    out.push_back(':');
    append_number(out, path_[i].index);
  }
}

void ReplayVisitor::write_position(const fen::Position& pos, const fen::Position* before,
                                   fen::Move move, std::uint32_t ply) {
  OutputBuffer& out = result_.output;
  ++game_positions_;
  const fen::UciOptions uci_options{.king_takes_rook = pos.is_chess960()};
  auto write_fen = [&] { out.commit(fen_writer_.write(pos, out.reserve(fen::kMaxFenLength))); };
  auto write_san = [&] {
    if (before) out.commit(fen::write_san(*before, move, pos, out.reserve(fen::kMaxSanLength)));
  };
  auto write_uci = [&] {
    if (before) out.commit(fen::write_uci(move, out.reserve(fen::kMaxUciLength), uci_options));
  };
  const std::int64_t game = std::int64_t(game_) + options_.game_offset;

  switch (options_.format) {
    case ReplayFormat::fen:
      write_fen();
      if (options_.san) {
        out.push_back('\t');
        write_san();
      }
      if (options_.uci) {
        out.push_back('\t');
        write_uci();
      }
      break;
    case ReplayFormat::epd:
      write_fen();
      out.append(" id \"");
      append_signed(out, game);
      out.push_back('.');
      append_number(out, ply);
      if (!path_.empty()) {
        out.push_back('/');
        write_path();
      }
      out.append("\";");
      if (before) {
        out.append(" pm ");
        write_san();
        out.push_back(';');
      }
      break;
    case ReplayFormat::csv:
      append_signed(out, game);
      out.push_back(',');
      append_number(out, ply);
      out.push_back(',');
      if (options_.variations) {
        write_path();
        out.push_back(',');
      }
      write_san();
      out.push_back(',');
      write_uci();
      out.push_back(',');
      write_fen();
      break;
    case ReplayFormat::jsonl:
      out.append("{\"game\":");
      append_signed(out, game);
      out.append(",\"ply\":");
      append_number(out, ply);
      if (options_.variations) {
        out.append(",\"path\":\"");
        write_path();
        out.push_back('"');
      }
      out.append(",\"san\":");
      if (before) {
        out.push_back('"');
        write_san();
        out.push_back('"');
      } else {
        out.append("null");
      }
      out.append(",\"uci\":");
      if (before) {
        out.push_back('"');
        write_uci();
        out.push_back('"');
      } else {
        out.append("null");
      }
      out.append(",\"fen\":\"");
      write_fen();
      out.append("\"}");
      break;
  }
  out.push_back('\n');
}

void ReplayVisitor::diagnostic(const pgn::Diagnostic& d) {
  result_.report.diagnostic(file_name_, d, options_.warnings, options_.game_offset);
}

void ReplayVisitor::end_game(const pgn::GameEnd& end) {
  result_.report.end_game(end, keep_rejects_);
  // A game that cannot be replayed contributes nothing; its text goes to --rejects.
  if (end.rejected) {
    result_.output.truncate(game_output_start_);
    return;
  }
  result_.positions += game_positions_;
}

}  // namespace fenkit::tools
