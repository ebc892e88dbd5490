#include "fenkit/epd/book_builder.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <new>
#include <queue>
#include <stdexcept>
#include <string>

#include <unistd.h>

#include "fenkit/epd/book_move.hpp"
#include "fenkit/epd/book_writer.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::epd {

namespace {

// Polyglot halves a position's counts when one of its moves reaches this many games.
constexpr std::uint32_t kHalvingThreshold = 16384;

}  // namespace

GameResult parse_game_result(std::string_view text) {
  if (text == "1-0") return GameResult::white_wins;
  if (text == "0-1") return GameResult::black_wins;
  if (text == "1/2-1/2") return GameResult::draw;
  return GameResult::unknown;
}

std::optional<GameRejection> book_plies(const fen::Position& start,
                                        std::span<const fen::Move> moves, int max_ply,
                                        MoveCheck check, std::vector<BookPly>& out,
                                        std::uint64_t& ambiguous) {
  const std::size_t used = std::min(moves.size(), std::size_t(std::max(max_ply, 0)));
  const std::size_t before = out.size();
  std::uint64_t left_out = 0;
  fen::Position pos = start;
  for (std::size_t i = 0; i < used; ++i) {
    const fen::Move m = moves[i];
    if (m.is_null()) break;  // what follows is not reachable by legal play
    if (check == MoveCheck::verify) {
      fen::MoveList legal;
      fen::generate_legal(pos, legal);
      if (!legal.contains(m)) {
        out.resize(before);
        return GameRejection{.ply = i + 1,
                             .message = "illegal move " +
                                        fen::to_uci(m, {.king_takes_rook = true}) + " at ply " +
                                        std::to_string(i + 1)};
      }
    }
    if (has_ambiguous_castling_key(pos))
      ++left_out;
    else
      out.push_back(BookPly{fen::polyglot_key(pos), encode_book_move(m), pos.side_to_move()});
    pos.play_unchecked(m);
  }
  ambiguous += left_out;
  return std::nullopt;
}

// A sorted run written to a temporary file (removed when closed), read back in blocks.
struct BookBuilder::RunFile {
  std::FILE* file = nullptr;
  std::vector<Record> block;
  std::size_t next = 0;

  // In $TMPDIR (else /tmp), as the tools of the system put their temporary files: a book of
  // a large archive spills gigabytes, which the user directs to a disk with room. The file is
  // unlinked at once, so it goes away with the process whatever happens.
  RunFile() {
    const char* dir = std::getenv("TMPDIR");
    std::string path = std::string(dir && *dir ? dir : "/tmp") + "/fenkit-book-XXXXXX";
    const int fd = ::mkstemp(path.data());
    if (fd < 0)
      throw std::runtime_error("cannot make a temporary file for the book in " +
                               path.substr(0, path.rfind('/')) + ": " + std::strerror(errno));
    ::unlink(path.c_str());
    file = ::fdopen(fd, "w+b");
    if (!file) {
      ::close(fd);
      throw std::runtime_error(std::string("cannot open the book's temporary file: ") + std::strerror(errno));
    }
  }
  ~RunFile() { std::fclose(file); }

  void write(std::span<const Record> records) {
    if (std::fwrite(records.data(), sizeof(Record), records.size(), file) != records.size())
      fail();
  }
  // After the last write: a full disk shows here, if not before.
  void finish() {
    if (std::fflush(file) != 0) fail();
  }
  [[noreturn]] static void fail() {
    throw std::runtime_error(std::string("cannot write the book's temporary file: ") +
                             std::strerror(errno));
  }
  void rewind() {
    std::rewind(file);
    block.clear();
    next = 0;
  }
  // The next record, or null at the end.
  const Record* peek() {
    if (next == block.size()) {
      block.resize(std::size_t(1) << 16);
      block.resize(std::fread(block.data(), sizeof(Record), block.size(), file));
      next = 0;
      if (block.empty()) return nullptr;
    }
    return &block[next];
  }
};

// A (position, move) pair while a position's plies are replayed.
struct BookBuilder::Pair {
  std::uint16_t move;
  std::uint8_t mover;
  std::uint32_t games;   // n: games that played the move here (halved now and then)
  std::uint32_t points;  // 2 per win, 1 per draw of the mover
};

namespace {

// Sorts records[first, last) by position key, and the plies of a position in the order they
// came. The keys are Zobrist hashes, spread evenly over their range: the records are moved
// into 256 buckets by the key's byte at `shift`, in place (American flag sort: each bucket's
// write position moves forward through memory, so the moves stay cache-friendly), and each
// bucket is sorted the same way by the next byte, down to buckets of a few dozen records
// that a comparison sort finishes in the cache. Several times faster than one comparison sort
// of the whole run, and no second array.
template <typename Record>
void sort_records(Record* first, Record* last, int shift = 56) {
  const auto before = [](const Record& a, const Record& b) {
    return a.key != b.key ? a.key < b.key : a.order < b.order;
  };
  constexpr std::size_t kBuckets = 256;
  // Below this, or after two bytes (a position played in thousands of games fills a bucket
  // with one key), comparison sorting is faster.
  constexpr std::ptrdiff_t kSmall = 4096;
  if (last - first < kSmall || shift < 48) {
    std::sort(first, last, before);
    return;
  }
  const auto bucket = [shift](const Record& r) { return std::size_t(r.key >> shift) & 0xFF; };
  std::array<std::size_t, kBuckets + 1> start{};
  for (const Record* r = first; r != last; ++r) ++start[bucket(*r) + 1];
  for (std::size_t b = 0; b < kBuckets; ++b) start[b + 1] += start[b];
  std::array<std::size_t, kBuckets> next;
  std::copy(start.begin(), start.end() - 1, next.begin());
  for (std::size_t b = 0; b < kBuckets; ++b) {
    while (next[b] < start[b + 1]) {
      Record& slot = first[next[b]];
      // Swap the record in this slot to its own bucket until the slot holds one of this one.
      for (std::size_t d = bucket(slot); d != b; d = bucket(slot)) std::swap(slot, first[next[d]++]);
      ++next[b];
    }
  }
  for (std::size_t b = 0; b < kBuckets; ++b)
    sort_records(first + start[b], first + start[b + 1], shift - 8);
}

}  // namespace

// The current run: records put in 256 bins by their key's first byte as they are added, so
// that sorting the run needs no pass over all of it: each bin (most hold a few hundred
// kilobytes for an archive of millions of plies; the start position's holds a record a game)
// is sorted on its own, in the cache. A bin's records sit in
// blocks carved in turn from one array reserved at the run's full size: the system gives the
// memory page by page as records are written, so a small book costs little, and nothing is
// ever copied to grow.
class BookBuilder::Bins {
 public:
  // Room for at most `capacity` records (and at least one). Where the system will not give
  // that much address space at once (a ulimit, no overcommit), the run is as large as it can
  // be, and goes to disk sooner.
  explicit Bins(std::size_t capacity)
      : block_(std::clamp<std::size_t>(capacity / 1024, 1, kMaxBlock)),
        blocks_total_(std::max<std::size_t>(capacity / block_, 1)) {
    for (;;) {
      try {
        storage_ = std::make_unique_for_overwrite<Record[]>(blocks_total_ * block_);
        break;
      } catch (const std::bad_alloc&) {
        if (blocks_total_ <= 256) throw;
        blocks_total_ /= 2;
      }
    }
    // No advice to use transparent huge pages: on virtual machines a fresh 2 MB page can cost
    // far more than the 512 small ones it replaces. Book build of the masters archive, two
    // rounds of 11 runs: medians 0.93 and 0.86 s with the advice, 0.85 s without, and the runs
    // with it spread twice as wide (0.80 to 1.05 s, against 0.84 to 0.95 s).
    clear();
  }

  std::size_t size() const { return size_; }

  // Adds a record; false (and nothing added) when the run is full.
  bool add(std::uint64_t key, std::uint16_t move, std::uint8_t mover, std::uint8_t points) {
    const std::size_t bin = std::size_t(key >> 56);
    if (fill_[bin] == block_) {
      if (blocks_used_ == blocks_total_) return false;
      blocks_[bin].push_back(std::uint32_t(blocks_used_++));
      fill_[bin] = 0;
    }
    storage_[std::size_t(blocks_[bin].back()) * block_ + fill_[bin]++] =
        Record{key, std::uint32_t(size_++), move, mover, points};
    return true;
  }

  // Calls sorted(records) for each bin, in key order, with its records sorted by position and,
  // within a position, in the order they were added.
  template <typename Sorted>
  void for_each_sorted(Sorted sorted) {
    for (std::size_t bin = 0; bin < 256; ++bin) {
      const std::vector<std::uint32_t>& blocks = blocks_[bin];
      if (blocks.empty()) continue;
      const std::size_t n = (blocks.size() - 1) * block_ + fill_[bin];
      scratch_.resize(n);
      for (std::size_t i = 0; i < blocks.size(); ++i)
        std::copy_n(storage_.get() + std::size_t(blocks[i]) * block_,
                    i + 1 < blocks.size() ? block_ : fill_[bin], scratch_.data() + i * block_);
      sort_records(scratch_.data(), scratch_.data() + n, 48);  // the first byte is the bin's
      sorted(std::span<const Record>(scratch_));
    }
  }

  void clear() {
    for (auto& blocks : blocks_) blocks.clear();
    fill_.fill(block_);  // no bin has a block with room
    blocks_used_ = size_ = 0;
  }

 private:
  static constexpr std::size_t kMaxBlock = 2048;  // records in a block: 32 KB

  std::size_t block_;  // records in a block: smaller for a small run, so that bins share it
  std::unique_ptr<Record[]> storage_;
  std::size_t blocks_total_, blocks_used_ = 0, size_ = 0;
  std::array<std::vector<std::uint32_t>, 256> blocks_;  // each bin's blocks, in order
  std::array<std::size_t, 256> fill_;                    // records in each bin's last block
  std::vector<Record> scratch_;                          // a bin being sorted
};

BookBuilder::BookBuilder(const BookBuildOptions& options) : options_(options) {}

BookBuilder::~BookBuilder() = default;

std::optional<GameRejection> BookBuilder::add_game(const fen::Position& start,
                                                   std::span<const fen::Move> moves,
                                                   GameResult result, MoveCheck check) {
  // The plies first, so that a game with an illegal move leaves no trace.
  plies_.clear();
  std::uint64_t ambiguous = 0;
  if (auto rejection = book_plies(start, moves, options_.max_ply, check, plies_, ambiguous)) {
    ++stats_.rejected_games;
    return rejection;
  }
  add_plies(plies_, result, ambiguous);
  return std::nullopt;
}

void BookBuilder::add_plies(std::span<const BookPly> plies, GameResult result,
                            std::uint64_t ambiguous) {
  // Points of the side to move: 2 for a win, 1 for a draw (or an unknown result), 0 for a loss.
  std::uint8_t white_points = 1;
  if (result == GameResult::white_wins) white_points = 2;
  if (result == GameResult::black_wins) white_points = 0;
  if (!bins_) {
    const std::size_t limit = std::min<std::size_t>(
        std::max<std::size_t>(options_.memory_limit / sizeof(Record), 1), UINT32_MAX);
    bins_ = std::make_unique<Bins>(limit);
  }
  for (const BookPly& ply : plies) {
    const bool white = ply.mover == fen::Color::white;
    const auto mover = std::uint8_t(white ? 0 : 1);
    const auto points = std::uint8_t(white ? white_points : 2 - white_points);
    // A full run goes to a temporary file; a game's plies may end up in two runs, which are
    // merged in the order they were written.
    if (!bins_->add(ply.key, ply.move, mover, points)) {
      spill();
      bins_->add(ply.key, ply.move, mover, points);
    }
  }
  stats_.ambiguous_plies += ambiguous;
  ++stats_.games;
}

void BookBuilder::spill() {
  if (!bins_ || bins_->size() == 0) return;
  runs_.push_back(std::make_unique<RunFile>());
  bins_->for_each_sorted([&](std::span<const Record> records) { runs_.back()->write(records); });
  runs_.back()->finish();
  ++stats_.spilled_runs;
  bins_->clear();
}

template <typename Group>
void BookBuilder::for_each_position(Group group) {
  if (runs_.empty()) {
    if (!bins_) return;
    bins_->for_each_sorted([&](std::span<const Record> records) {
      for (std::size_t i = 0; i < records.size();) {
        std::size_t j = i + 1;
        while (j < records.size() && records[j].key == records[i].key) ++j;
        group(records.subspan(i, j - i));
        i = j;
      }
    });
    return;
  }
  // Merge the runs; a position's plies come run by run (the runs are in the order added).
  spill();
  for (auto& run : runs_) run->rewind();
  using Head = std::pair<std::uint64_t, std::size_t>;  // key, run
  std::priority_queue<Head, std::vector<Head>, std::greater<Head>> heads;
  for (std::size_t r = 0; r < runs_.size(); ++r)
    if (const Record* rec = runs_[r]->peek()) heads.emplace(rec->key, r);
  std::vector<Record> plies;
  while (!heads.empty()) {
    const std::uint64_t key = heads.top().first;
    plies.clear();
    // Runs holding this key, in run order: all of the earlier run's plies come first.
    std::vector<std::size_t> holding;
    while (!heads.empty() && heads.top().first == key) {
      holding.push_back(heads.top().second);
      heads.pop();
    }
    std::sort(holding.begin(), holding.end());
    for (const std::size_t r : holding) {
      RunFile& run = *runs_[r];
      const Record* rec;
      while ((rec = run.peek()) && rec->key == key) {
        plies.push_back(*rec);
        ++run.next;
      }
      if (rec) heads.emplace(rec->key, r);
    }
    group(std::span<const Record>(plies));
  }
}

bool BookBuilder::keep(const Pair& pair) const {
  // The tests and their order are Polyglot's, including its floating-point score.
  if (pair.games < std::uint32_t(std::max(options_.min_games, 0))) return false;
  if (pair.points == 0) return false;
  const double score = (double(pair.points) / double(pair.games)) / 2.0;
  if (score < options_.min_score / 100.0) return false;
  if (options_.only_white && pair.mover != 0) return false;
  if (options_.only_black && pair.mover != 1) return false;
  return true;
}

std::vector<BookEntry> BookBuilder::entries() {
  std::vector<BookEntry> book;
  std::vector<Pair> pairs;  // of one position, in the order first played
  stats_.halvings = 0;
  for_each_position([&](std::span<const Record> plies) {
    pairs.clear();
    for (const Record& ply : plies) {
      auto pair = std::find_if(pairs.begin(), pairs.end(),
                               [&](const Pair& p) { return p.move == ply.move; });
      if (pair == pairs.end()) {
        pairs.push_back(Pair{ply.move, ply.mover, 0, 0});
        pair = pairs.end() - 1;
      }
      ++pair->games;
      pair->points += ply.points;
      if (pair->games >= kHalvingThreshold) {
        ++stats_.halvings;
        for (Pair& p : pairs) {
          p.games = (p.games + 1) / 2;
          p.points = (p.points + 1) / 2;
        }
      }
    }
    for (const Pair& pair : pairs) {
      if (!keep(pair)) continue;
      // Halving keeps points at or below 2 * 16384, so they fit the 16-bit weight.
      const auto weight = std::uint16_t(options_.uniform ? 1 : pair.points);
      book.push_back(BookEntry{.key = plies.front().key, .move = pair.move, .weight = weight, .learn = 0});
    }
  });
  // Stable: equal weights keep the order their moves were first played in, as in Polyglot.
  sort_book_entries(book);
  return book;
}

std::size_t BookBuilder::pair_count() {
  std::size_t count = 0;
  std::vector<std::uint16_t> moves;
  for_each_position([&](std::span<const Record> plies) {
    moves.clear();
    for (const Record& ply : plies) moves.push_back(ply.move);
    std::sort(moves.begin(), moves.end());
    count += std::size_t(std::unique(moves.begin(), moves.end()) - moves.begin());
  });
  return count;
}

}  // namespace fenkit::epd
