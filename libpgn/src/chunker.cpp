#include "fenkit/pgn/chunker.hpp"

#include <algorithm>
#include <cstring>
#include <mutex>
#include <stdexcept>
#include <vector>

#include "fenkit/pgn/file_range.hpp"
#include "game_boundaries.hpp"
#include "game_lexer.hpp"

namespace fenkit::pgn {

std::size_t next_sync_point(std::string_view text, std::size_t offset) {
  if (offset == 0) return 0;
  if (offset >= text.size()) return text.size();
  const char* const base = text.data();
  // Searching from the byte before `offset` finds a point standing exactly at it too.
  const char* found = detail::find_sync_point(base, base + offset - 1, base + text.size());
  return found ? std::size_t(found - base) : text.size();
}

namespace {

// A chunk cut in order waits this many times its target size for a synchronisation point before
// it is cut after whole games instead.
constexpr std::size_t kSyncSearchFactor = 4;

// Where games found in text[pos, ...) reach `target_end` (or the text ends), and how many there
// are: the lexer finding games, from line `line` and column `column`. `final`: the text is
// the rest of the input. Returns the end of the last whole game (or of the blank text after
// the last one), and sets `games`, `line` and `column` to what lies before it.
std::size_t cut_after_games(std::string_view text, std::size_t pos, std::size_t target_end,
                            bool final, std::uint64_t& games, std::uint64_t& line,
                            std::uint32_t& column, bool& need_more) {
  detail::GameLexer<detail::NoSink> lexer(text, nullptr, pos, line, column);
  detail::Found found = detail::Found::game;
  games = 0;
  while (lexer.pos() < target_end && (found = lexer.next(final)) == detail::Found::game)
    ++games;
  need_more = found == detail::Found::need_more;
  line = lexer.line();
  column = lexer.column();
  return lexer.pos();
}

// Bytes read from the input at a time, once a chunk's target size is there.
constexpr std::size_t kBlock = std::size_t(1) << 16;

}  // namespace

// Streamed input is read into buffers that are handed out with the chunks cut from them and come
// back when the last of those chunks is gone: reading an input of any size goes round the same
// few buffers (as many as chunks are in flight), with no new memory to fault in, and each byte
// is copied once from the kernel (and the few bytes after a cut once more).
struct Chunker::Streamed {
  // Buffers of the standard capacity that are free; shared with the chunks' storage, which
  // gives its buffer back when the chunk is gone (on whatever thread), or frees it when the
  // chunker is gone first.
  struct Pool {
    std::mutex mutex;
    std::vector<std::unique_ptr<char[]>> free;
    std::size_t capacity = 0;

    std::unique_ptr<char[]> take() {
      {
        std::lock_guard lock(mutex);
        if (!free.empty()) {
          std::unique_ptr<char[]> buffer = std::move(free.back());
          free.pop_back();
          return buffer;
        }
      }
      return std::unique_ptr<char[]>(new char[capacity]);
    }
    void give(char* buffer) {
      std::unique_ptr<char[]> owned(buffer);
      std::lock_guard lock(mutex);
      if (free.size() < 64) free.push_back(std::move(owned));
    }
  };

  explicit Streamed(std::size_t target) : pool(std::make_shared<Pool>()) {
    pool->capacity = target + 2 * kBlock;
  }

  // Room for `n` more bytes after `size` (a larger buffer, not pooled, for a game larger than a
  // chunk).
  char* room(std::size_t n) {
    if (!data) {
      data = pool->take();
      capacity = pool->capacity;
    }
    if (size + n > capacity) {
      const std::size_t grown = std::max(size + n, 2 * capacity);
      std::unique_ptr<char[]> bigger(new char[grown]);
      std::memcpy(bigger.get(), data.get(), size);
      data = std::move(bigger);
      capacity = grown;
    }
    return data.get() + size;
  }

  // The first `n` bytes, kept alive by the storage returned; the others move to a new buffer.
  std::shared_ptr<const void> cut(std::size_t n) {
    std::unique_ptr<char[]> next = pool->take();
    std::size_t next_capacity = pool->capacity;
    if (size - n + kBlock > next_capacity) {
      next.reset(new char[size - n + kBlock]);
      next_capacity = size - n + kBlock;
    }
    std::memcpy(next.get(), data.get() + n, size - n);
    std::shared_ptr<const void> storage;
    if (capacity == pool->capacity)
      storage = std::shared_ptr<const void>(
          data.release(), [pool = pool](const void* p) { pool->give(static_cast<char*>(const_cast<void*>(p))); });
    else
      storage = std::shared_ptr<const void>(data.release(),
                                            [](const void* p) { delete[] static_cast<const char*>(p); });
    data = std::move(next);
    capacity = next_capacity;
    size -= n;
    return storage;
  }

  std::string_view text() const { return std::string_view(data.get(), size); }

  std::shared_ptr<Pool> pool;
  std::unique_ptr<char[]> data;  // bytes read and not yet handed out: [0, size)
  std::size_t size = 0, capacity = 0;
  bool eof = false;
  std::exception_ptr failure;  // a read error kept until the games before it are handed out
};

Chunker::Chunker(io::InputSource& input, std::size_t target_bytes, std::uint64_t first_game, Cut cut)
    : input_(input),
      target_(std::max<std::size_t>(target_bytes, 1)),
      cut_(cut),
      next_game_(first_game) {
  if (cut_ == Cut::in_order) numbering_ = std::make_shared<ChunkNumbering>();
  mapped_ = input.mapped();
  mapped_end_ = mapped_.size();
  if (mapped_.empty()) streamed_ = std::make_unique<Streamed>(target_);
}

Chunker::~Chunker() = default;

void Chunker::restrict_to(std::uint64_t start, std::uint64_t end,
                          std::optional<std::uint64_t> first_line) {
  if (mapped_.empty())
    throw std::runtime_error(input_.name() +
                             ": a byte range needs a regular uncompressed file, mapped "
                             "(open_input with Access::mapped; not a pipe, compressed or UTF-16 "
                             "input)");
  const std::size_t size = mapped_.size();
  mapped_pos_ = next_sync_point(mapped_, std::size_t(std::min<std::uint64_t>(start, size)));
  mapped_end_ = std::max(mapped_pos_,
                         next_sync_point(mapped_, std::size_t(std::min<std::uint64_t>(end, size))));
  // The lines before the range are counted unless the caller knows them (a count of the ranges
  // before, RangeCounts): on a large file that count is most of a late range's cost.
  line_ = first_line ? *first_line
                     : 1 + std::uint64_t(std::count(mapped_.begin(), mapped_.begin() + mapped_pos_, '\n'));
  column_ = 1;  // a synchronisation point begins a line
  offset_ = mapped_pos_;
}

void Chunker::stop_after_game(std::uint64_t last) {
  if (cut_ == Cut::numbered_later && last != UINT64_MAX)
    throw std::logic_error("chunks numbered later cannot stop after a game: its number is not known");
  last_game_ = last;
}

void Chunker::catch_up() {
  if (cut_ != Cut::in_order || sequence_ == 0) return;
  if (numbering_->chunks_read != sequence_)
    throw std::logic_error("a chunk cut in order was not read before the next was asked for");
  next_game_ += numbering_->games;
  line_ = numbering_->end_line;
  column_ = numbering_->end_column;
}

void Chunker::hand_out(Chunk& chunk, std::string_view text, std::uint64_t games,
                       std::shared_ptr<const void> storage) {
  chunk = Chunk();
  chunk.text = text;
  chunk.offset = offset_;
  chunk.games = games;
  chunk.sequence = sequence_++;
  chunk.storage = std::move(storage);
  chunk.last_game = last_game_;
  if (cut_ == Cut::numbered_later) {
    // Read as if it began an input; its reader's count is its own.
    chunk.numbered_later = true;
    chunk.numbering = std::make_shared<ChunkNumbering>();
  } else {
    chunk.line = line_;
    chunk.column = column_;
    chunk.first_game = next_game_;
    chunk.numbering = numbering_;
  }
  offset_ += text.size();
}

void Chunker::went_past(std::uint64_t games, std::uint64_t line, std::uint32_t column) {
  if (cut_ != Cut::counted) return;  // chunks cut in order learn their numbers when read
  next_game_ += games;
  line_ = line;
  column_ = column;
}

bool Chunker::next(Chunk& chunk) {
  catch_up();
  if (next_game_ > last_game_) return false;
  return !mapped_.empty() ? next_mapped(chunk) : next_streamed(chunk);
}

bool Chunker::next_mapped(Chunk& chunk) {
  if (mapped_pos_ >= mapped_end_) return false;
  const std::string_view text = mapped_.substr(0, mapped_end_);
  const char* const base = text.data();
  std::size_t cut = 0;
  if (cut_ != Cut::counted) {  // at a synchronisation point
    const std::size_t from = mapped_pos_ + target_;
    const std::size_t limit = std::min(mapped_end_, mapped_pos_ + kSyncSearchFactor * target_);
    if (from >= mapped_end_) {
      cut = mapped_end_;
    } else if (const char* sync = detail::find_sync_point(base, base + from - 1, base + limit)) {
      cut = std::size_t(sync - base);
    } else if (limit == mapped_end_) {
      cut = mapped_end_;
    }
  }
  std::uint64_t games = 0;
  if (cut) {
    hand_out(chunk, text.substr(mapped_pos_, cut - mapped_pos_), 0, nullptr);
  } else {
    std::uint64_t line = line_;
    std::uint32_t column = column_;
    bool need_more = false;
    cut = cut_after_games(text, mapped_pos_, mapped_pos_ + target_, true, games, line, column,
                          need_more);
    hand_out(chunk, text.substr(mapped_pos_, cut - mapped_pos_), games, nullptr);
    went_past(games, line, column);
  }
  mapped_pos_ = cut;
  bytes_read_ = cut;
  return !chunk.text.empty();
}

bool Chunker::next_streamed(Chunk& chunk) {
  Streamed& in = *streamed_;
  if (in.failure) std::rethrow_exception(in.failure);
  // Hands out the first `size` bytes of what is pending.
  auto cut = [&](std::size_t size, std::uint64_t games) {
    const std::string_view text(in.data.get(), size);
    hand_out(chunk, text, games, in.cut(size));
    return true;
  };
  for (;;) {
    const std::string_view pending = in.text();
    if (cut_ != Cut::counted) {
      // A synchronisation point past the target size, or the end of the input.
      if (in.eof && pending.size() <= target_) {
        if (pending.empty()) return false;
        return cut(pending.size(), 0);
      }
      if (pending.size() > target_) {
        const char* const base = pending.data();
        if (const char* sync =
                detail::find_sync_point(base, base + target_ - 1, base + pending.size()))
          return cut(std::size_t(sync - base), 0);
        if (in.eof) return cut(pending.size(), 0);
      }
    }
    // Whole games up to the target size, once that much is there (or all there is).
    const bool counting = cut_ == Cut::counted || pending.size() >= kSyncSearchFactor * target_;
    if (counting && (pending.size() >= target_ || in.eof)) {
      std::uint64_t games = 0;
      std::uint64_t line = line_;
      std::uint32_t column = column_;
      bool need_more = false;
      const std::size_t pos =
          cut_after_games(pending, 0, target_, in.eof, games, line, column, need_more);
      const bool full = pos >= target_;
      if (full || (in.eof && !need_more)) {
        const std::size_t size = in.eof && !full ? pending.size() : pos;
        if (size == 0) return false;
        cut(size, games);
        went_past(games, line, column);
        return true;
      }
    }
    // Need more bytes: up to the target and a block beyond it, or a block more.
    const std::size_t want =
        pending.size() < target_ ? target_ + kBlock - pending.size() : kBlock;
    char* at = in.room(want);
    std::size_t n = 0;
    try {
      n = input_.read(at, want);
    } catch (...) {
      // The input broke off (a damaged compressed file, a file cut short): the whole games read
      // before the break are handed out first, and the break is reported at the next call.
      std::uint64_t games = 0;
      std::uint64_t line = line_;
      std::uint32_t column = column_;
      bool need_more = false;
      const std::size_t pos =
          cut_after_games(in.text(), 0, in.size, false, games, line, column, need_more);
      if (games == 0) throw;
      in.failure = std::current_exception();
      cut(pos, games);
      went_past(games, line, column);
      return true;
    }
    in.size += n;
    bytes_read_ += n;
    if (n == 0) in.eof = true;
  }
}

RangeCounts count_range(const std::string& path, std::uint64_t start, std::uint64_t end) {
  FileRange range = open_range(path, start, end);
  Chunker chunker(*range.input, std::size_t(4) << 20);
  chunker.start_at(range.begin, 1);
  RangeCounts counts;
  for (Chunk chunk; chunker.next(chunk);) {
    counts.games += chunk.games;
    counts.lines += std::uint64_t(std::count(chunk.text.begin(), chunk.text.end(), '\n'));
  }
  return counts;
}

}  // namespace fenkit::pgn
