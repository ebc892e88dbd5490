#include "importer.hpp"

#include <algorithm>
#include <bit>
#include <iostream>
#include <string_view>

#include <fenkit/fen/polyglot.hpp>
#include <fenkit/fen/uci.hpp>
#include <fenkit/io/input.hpp>
#include <fenkit/pgn/visitor.hpp>

namespace position_index {

namespace {
// Positions gathered before they are sorted and inserted: about 40 MB.
constexpr std::size_t kBatch = std::size_t(1) << 20;
}  // namespace

// One game as the reader reports it. Nothing is written before the reader has accepted the
// game: a game rejected at its 40th move leaves no trace but its diagnostic. The buffers are
// reused from game to game, so the moves cost no allocation.
class Importer::GameVisitor : public fenkit::pgn::Visitor {
 public:
  GameVisitor(Importer& importer, std::string file) : importer_(importer), file_(std::move(file)) {}

  fenkit::pgn::Action begin_game(const fenkit::pgn::GameStart& start) override {
    number_ = start.number;
    tag_count_ = 0;
    rows_.clear();
    result_tag_.clear();
    movetext_result_ = "*";
    return fenkit::pgn::Action::proceed;
  }

  void tag(std::string_view name, std::string_view value) override {
    if (tag_count_ == tags_.size()) tags_.emplace_back();
    tags_[tag_count_].first.assign(name);
    tags_[tag_count_].second.assign(value);
    ++tag_count_;
    if (name == "Result") result_tag_.assign(value);
  }

  void start_position(const fenkit::fen::Position& pos) override {
    key_ = fenkit::fen::polyglot_key(pos);
    uci_.king_takes_rook = pos.is_chess960();
  }

  fenkit::pgn::Action move(const fenkit::pgn::MoveEvent& event) override {
    if (event.depth != 0) return fenkit::pgn::Action::proceed;
    Row row{key_, event.ply - 1, {}, 0};
    row.uci_length = std::uint8_t(fenkit::fen::write_uci(event.move, row.uci, uci_));
    rows_.push_back(row);
    // The key of the next position follows from this one and what the move changed.
    key_ = fenkit::fen::polyglot_key_after(*event.before, key_, *event.after);
    return fenkit::pgn::Action::proceed;
  }

  void result(std::string_view text) override { movetext_result_.assign(text); }

  void diagnostic(const fenkit::pgn::Diagnostic& d) override {
    if (d.severity != fenkit::pgn::Severity::error) return;
    std::string line;
    fenkit::pgn::append_diagnostic(line, file_, d);
    std::cerr << line;
  }

  void end_game(const fenkit::pgn::GameEnd& end) override {
    ImportTotals& totals = importer_.totals_;
    ++totals.games;
    if (end.rejected) {
      ++totals.rejected;
      return;
    }
    rows_.push_back(Row{key_, plies_of_game(), {}, 0});  // the final position: no move
    write();
    ++totals.imported;
    totals.positions += rows_.size();
  }

 private:
  struct Row {
    std::uint64_t key;
    std::uint32_t ply;
    char uci[fenkit::fen::kMaxUciLength];
    std::uint8_t uci_length;
  };

  std::uint32_t plies_of_game() const { return rows_.empty() ? 0 : rows_.back().ply + 1; }

  // The Result tag when it holds a result, as book makers take it; otherwise the movetext's.
  std::string_view game_result() const {
    for (std::string_view r : {"1-0", "0-1", "1/2-1/2", "*"})
      if (result_tag_ == r) return result_tag_;
    return movetext_result_;
  }

  std::string_view tag_value(std::string_view name) const {
    for (std::size_t i = 0; i < tag_count_; ++i)
      if (tags_[i].first == name) return tags_[i].second;
    return {};
  }

  void write() {
    const auto id = std::int64_t(number_);
    Statement& game = importer_.insert_game_;
    game.bind(1, id);
    game.bind(2, tag_value("White"));
    game.bind(3, tag_value("Black"));
    game.bind(4, game_result());
    game.bind(5, std::int64_t(rows_.size() - 1));
    game.run();
    Statement& tag = importer_.insert_tag_;
    for (std::size_t i = 0; i < tag_count_; ++i) {
      tag.bind(1, id);
      tag.bind(2, std::string_view(tags_[i].first));
      tag.bind(3, std::string_view(tags_[i].second));
      tag.run();
    }
    for (const Row& row : rows_) {
      PendingPosition& pending = importer_.pending_.emplace_back();
      pending.key = row.key;
      pending.game = number_;
      pending.ply = row.ply;
      pending.uci_length = row.uci_length;
      std::copy_n(row.uci, row.uci_length, pending.uci);
    }
    if (importer_.pending_.size() >= kBatch) importer_.flush_positions();
  }

  Importer& importer_;
  std::string file_;
  std::uint64_t number_ = 0;
  std::vector<std::pair<std::string, std::string>> tags_;
  std::size_t tag_count_ = 0;
  std::string result_tag_, movetext_result_;
  std::uint64_t key_ = 0;
  fenkit::fen::UciOptions uci_;
  std::vector<Row> rows_;
};

Importer::Importer(Database& db)
    : db_(db),
      insert_game_(db, "INSERT INTO games(id, white, black, result, plies) VALUES(?1, ?2, ?3, ?4, ?5)"),
      insert_tag_(db, "INSERT INTO tags(game, name, value) VALUES(?1, ?2, ?3)"),
      insert_position_(db, "INSERT INTO positions(key, game, ply, move) VALUES(?1, ?2, ?3, ?4)") {}

// The positions table is ordered by key (a WITHOUT ROWID table, its primary key the index):
// rows inserted in key order go in page after page, where rows in game order would land all
// over the table. So the rows of many games are gathered, sorted and inserted together.
void Importer::flush_positions() {
  std::sort(pending_.begin(), pending_.end(), [](const PendingPosition& a, const PendingPosition& b) {
    return a.key != b.key ? a.key < b.key : a.game != b.game ? a.game < b.game : a.ply < b.ply;
  });
  for (const PendingPosition& row : pending_) {
    // SQLite integers are signed: the key's bits are kept as they are.
    insert_position_.bind(1, std::bit_cast<std::int64_t>(row.key));
    insert_position_.bind(2, std::int64_t(row.game));
    insert_position_.bind(3, std::int64_t(row.ply));
    if (row.uci_length)
      insert_position_.bind(4, std::string_view(row.uci, row.uci_length));
    else
      insert_position_.bind_null(4);
    insert_position_.run();
  }
  pending_.clear();
}

void Importer::finish() { flush_positions(); }

void Importer::import_file(const std::string& path) {
  fenkit::pgn::ReaderOptions options;
  options.first_game_number = totals_.games + 1;
  options.comments = false;         // not stored: reading past them is faster
  options.move_locations = false;   // only diagnostics need places, and they have them
  GameVisitor visitor(*this, path == "-" ? "<stdin>" : path);
  options.file_name = path;
  const fenkit::pgn::ReadStats stats = fenkit::pgn::read_pgn(*fenkit::io::open_input(path), visitor, options);
  totals_.bytes += stats.bytes;
}

}  // namespace position_index
