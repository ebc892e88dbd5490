#include "fenkit/epd/book_builder.hpp"

#include <algorithm>
#include <array>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <new>
#include <queue>
#include <stdexcept>

#if defined(__linux__)
#include <sys/mman.h>
#endif

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

  RunFile() : file(std::tmpfile()) {
    if (!file)
      throw std::runtime_error(std::string("cannot make a temporary file for the book: ") +
                               std::strerror(errno));
  }
  ~RunFile() { std::fclose(file); }

  void write(const std::vector<Record>& records) {
    if (std::fwrite(records.data(), sizeof(Record), records.size(), file) != records.size() ||
        std::fflush(file) != 0)
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
  const std::size_t limit = std::min<std::size_t>(
      std::max<std::size_t>(options_.memory_limit / sizeof(Record), 1), UINT32_MAX);
  if (records_.capacity() == 0) reserve_run(limit);
  for (const BookPly& ply : plies) {
    if (records_.size() >= limit) spill();
    const bool white = ply.mover == fen::Color::white;
    records_.push_back(Record{ply.key, std::uint32_t(records_.size()), ply.move,
                              std::uint8_t(white ? 0 : 1),
                              std::uint8_t(white ? white_points : 2 - white_points)});
  }
  stats_.ambiguous_plies += ambiguous;
  ++stats_.games;
}

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

template <typename Record>
void sort_records(std::vector<Record>& records) {
  sort_records(records.data(), records.data() + records.size());
}

}  // namespace

// The run's array is reserved once at its full size: the system gives the memory page by page
// as records are written, so a small book costs little, and the array never moves (growing it
// by doubling copied every record once more and touched twice the pages). Where the address
// space cannot be had at once, the array grows as usual.
void BookBuilder::reserve_run(std::size_t limit) {
  try {
    records_.reserve(limit);
  } catch (const std::bad_alloc&) {
    return;
  }
#if defined(__linux__) && defined(MADV_HUGEPAGE)
  // Large pages for the array: the run is written front to back once, and taking it 2 MB at a
  // time instead of 4 KB saves hundreds of thousands of page faults. Only advice: where the
  // system has none to give, nothing changes.
  constexpr std::uintptr_t kHuge = std::uintptr_t(2) << 20;
  const auto begin = reinterpret_cast<std::uintptr_t>(records_.data());
  const std::uintptr_t end = begin + records_.capacity() * sizeof(Record);
  const std::uintptr_t from = (begin + kHuge - 1) & ~(kHuge - 1), to = end & ~(kHuge - 1);
  if (to > from) madvise(reinterpret_cast<void*>(from), to - from, MADV_HUGEPAGE);
#endif
}

void BookBuilder::spill() {
  sort_records(records_);
  runs_.push_back(std::make_unique<RunFile>());
  runs_.back()->write(records_);
  ++stats_.spilled_runs;
  records_.clear();
}

template <typename Group>
void BookBuilder::for_each_position(Group group) {
  if (runs_.empty()) {
    sort_records(records_);
    for (std::size_t i = 0; i < records_.size();) {
      std::size_t j = i + 1;
      while (j < records_.size() && records_[j].key == records_[i].key) ++j;
      group(std::span<const Record>(records_.data() + i, j - i));
      i = j;
    }
    return;
  }
  // Merge the runs; a position's plies come run by run (the runs are in the order added).
  if (!records_.empty()) spill();
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
