#include "fenkit/pgn/chunker.hpp"

#include <sys/mman.h>

#include <algorithm>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <new>
#include <optional>
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

// Bytes read from the input at a time, once a chunk's target size is there.
constexpr std::size_t kBlock = std::size_t(1) << 16;

constexpr std::size_t kNone = std::size_t(-1);

// What the lexer found in text[pos, ...) up to `target_end` (or the text's end).
struct Found {
  std::size_t pos = 0;       // the end of the last whole game (or of the blank text after it)
  std::uint64_t games = 0;   // the games before it
  std::uint64_t line = 1;    // its place
  std::uint32_t column = 1;
  detail::Found last = detail::Found::game;  // what stopped the lexer
  // need_more: where the blank text from `pos` ends, and whether an escape line begins there;
  // need_more inside a game and past_limit: that game's first byte.
  std::size_t blank_end = 0;
  bool escape_line = false;
  std::size_t game = 0;
};

// The lexer finding games in text[pos, ...), from line `line` and column `column`, until they
// reach `target_end` (or the text ends). `final`: the text is the rest of the input.
Found find_games(std::string_view text, std::size_t pos, std::uint64_t line, std::uint32_t column,
                 std::size_t target_end, bool final, std::uint64_t max_game) {
  detail::GameLexer<detail::NoSink> lexer(text, nullptr, pos, line, column);
  lexer.limit_games(max_game);
  Found out;
  while (lexer.pos() < target_end) {
    const std::size_t before = lexer.pos();
    line = lexer.line();
    column = lexer.column();
    out.last = lexer.next(final);
    if (out.last == detail::Found::game) {
      ++out.games;
      continue;
    }
    if (out.last == detail::Found::past_limit) {
      // The games before it are whole: the lexer stands at its limit.
      out.pos = before;
      out.line = line;
      out.column = column;
      out.game = lexer.game_begin();
      return out;
    }
    break;
  }
  out.pos = lexer.pos();
  out.line = lexer.line();
  out.column = lexer.column();
  if (out.last == detail::Found::need_more) {
    out.blank_end = lexer.blank_end();
    out.escape_line = lexer.in_escape_line();
  }
  out.game = lexer.game_begin();
  return out;
}

// The place after `text`, which begins at line `line` and column `column`.
void advance(std::string_view text, std::uint64_t& line, std::uint32_t& column) {
  const std::size_t last = text.rfind('\n');
  if (last == std::string_view::npos) {
    column += std::uint32_t(text.size());
    return;
  }
  line += std::uint64_t(std::count(text.begin(), text.end(), '\n'));
  column = std::uint32_t(text.size() - last);
}

// Where blank text between games (text[from, end): blanks, line ends, no-break spaces,
// byte-order marks, whole escape lines), which the input may go on after, can be cut: before its
// last item, so that the next chunk begins with one that reads alike whatever came before it (an
// escape line's '%' counts as one only at a line's start), and none is split. `from` if none.
std::size_t blank_cut(std::string_view text, std::size_t from, std::size_t end) {
  if (end - from < 4) return from;
  std::size_t cut = end - 1;
  if (text[cut] == '\xA0' && text[cut - 1] == '\xC2') --cut;                   // a no-break space
  else if (text[cut] == '\xBF' && text.compare(end - 3, 3, "\xEF\xBB\xBF") == 0)  // a byte-order mark
    cut = end - 3;
  return cut;
}

// Pages of memory from the system, for a buffer larger than the pool's.
char* map_bytes(std::size_t n) {
  void* p = ::mmap(nullptr, n, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (p == MAP_FAILED) throw std::bad_alloc();
  return static_cast<char*>(p);
}

// The mapping grown to `n` bytes: its pages move (Linux's mremap) and are not copied, so a
// buffer grown to a game's size never holds the game twice.
char* grow_mapping(char* data, std::size_t old_size, std::size_t n) {
#if defined(__linux__)
  void* p = ::mremap(data, old_size, n, MREMAP_MAYMOVE);
  if (p == MAP_FAILED) throw std::bad_alloc();
  return static_cast<char*>(p);
#else
  char* bigger = map_bytes(n);
  std::memcpy(bigger, data, old_size);
  ::munmap(data, old_size);
  return bigger;
#endif
}

std::size_t round_to_pages(std::size_t n) {
  constexpr std::size_t kPage = std::size_t(1) << 16;  // a multiple of any page size in use
  return (n + kPage - 1) / kPage * kPage;
}

}  // namespace

// Streamed input is read into buffers that are handed out with the chunks cut from them and come
// back when the last of those chunks is gone: reading an input of any size goes round the same
// few buffers (as many as chunks are in flight), with no new memory to fault in, and each byte
// is copied once from the kernel (and the few bytes after a cut once more). A game larger than a
// chunk grows its buffer, mapped apart and grown in place.
//
// Finding where to cut never goes over the same text twice, whatever its shape: the lexer
// goes on from the end of the last whole game it found, and a game that the text read so far does
// not finish is lexed again only when that can tell more: when a synchronisation point follows
// its start (found by a search that goes on where it stopped; no game reaches across one), at the
// end of the input, once the game passes its limit, or when the text after its start has grown
// by half (where no synchronisation point follows a game, as in a file without blank lines
// between games: all the lexing of such a game then adds up to three times its size, against a
// read of the text again for every block, which made a game of n blocks cost n times its size).
// Blank text between games is cut off as it comes, and a game past its limit ends its chunk,
// the input after it passed over without being kept.
struct Chunker::Streamed {
  // Buffers of the standard capacity that are free; shared with the chunks' storage, which
  // gives its buffer back when the chunk is gone (on whatever thread), or frees it when the
  // chunker is gone first.
  struct Pool {
    std::mutex mutex;
    std::vector<char*> free;
    std::size_t capacity = 0;

    ~Pool() {
      for (char* buffer : free) std::free(buffer);
    }
    char* take() {
      {
        std::lock_guard lock(mutex);
        if (!free.empty()) {
          char* buffer = free.back();
          free.pop_back();
          return buffer;
        }
      }
      char* buffer = static_cast<char*>(std::malloc(capacity));
      if (!buffer) throw std::bad_alloc();
      return buffer;
    }
    void give(char* buffer) {
      {
        std::lock_guard lock(mutex);
        if (free.size() < 64) {
          free.push_back(buffer);
          return;
        }
      }
      std::free(buffer);
    }
  };

  explicit Streamed(std::size_t target) : pool(std::make_shared<Pool>()) {
    pool->capacity = target + 2 * kBlock;
  }
  ~Streamed() { release(); }

  // Room for `n` more bytes after `size`.
  char* room(std::size_t n) {
    if (!data) {
      data = pool->take();
      capacity = pool->capacity;
    }
    if (size + n > capacity) {
      const std::size_t grown = round_to_pages(std::max(size + n, 2 * capacity));
      if (mapped) {
        data = grow_mapping(data, capacity, grown);
      } else {
        char* bigger = map_bytes(grown);
        std::memcpy(bigger, data, size);
        pool->give(data);
        data = bigger;
        mapped = true;
      }
      capacity = grown;
    }
    return data + size;
  }

  // The bytes read, kept alive by the storage returned for a chunk cut from them; `rest` (the
  // bytes after the chunk, or others) becomes the pending text, in a buffer of its own.
  std::shared_ptr<const void> cut(std::string_view rest) {
    char* next;
    std::size_t next_capacity = pool->capacity;
    bool next_mapped = false;
    if (rest.size() + kBlock > next_capacity) {
      next_capacity = round_to_pages(rest.size() + kBlock);
      next = map_bytes(next_capacity);
      next_mapped = true;
    } else {
      next = pool->take();
    }
    if (!rest.empty()) std::memcpy(next, rest.data(), rest.size());
    std::shared_ptr<const void> storage;
    if (mapped)
      storage = std::shared_ptr<const void>(
          data, [bytes = capacity](const void* p) { ::munmap(const_cast<void*>(p), bytes); });
    else
      storage = std::shared_ptr<const void>(data, [pool = pool](const void* p) {
        pool->give(static_cast<char*>(const_cast<void*>(p)));
      });
    data = next;
    capacity = next_capacity;
    mapped = next_mapped;
    size = rest.size();
    forget();
    return storage;
  }

  void release() {
    if (!data) return;
    if (mapped)
      ::munmap(data, capacity);
    else
      pool->give(data);
    data = nullptr;
  }

  std::string_view text() const { return std::string_view(data, size); }

  // The scans of the pending text start again (it was cut).
  void forget() {
    lexing = false;
    straddler = kNone;
    seeker.reset();
  }

  // The first synchronisation point at or after `from` in the pending text, found by a search
  // that goes on where it stopped (from the same place); kNone while none is known.
  std::size_t seek(std::size_t from) {
    if (!seeker || seek_from != from) {
      seeker.emplace(text().substr(0, from));
      seek_from = sought = from;
    }
    const std::uint64_t found = seeker->feed(text().substr(sought), eof);
    sought = size;
    return found == detail::SyncSeeker::npos ? kNone : seek_from + std::size_t(found);
  }

  std::shared_ptr<Pool> pool;
  char* data = nullptr;  // bytes read and not yet handed out: [0, size)
  std::size_t size = 0, capacity = 0;
  bool mapped = false;  // data is a mapping of its own (a game larger than a chunk)
  bool eof = false;
  std::exception_ptr failure;  // a read error kept until the games before it are handed out
  std::size_t largest = 0;     // the most bytes held at once

  // What the lexer found in the pending text, so that it goes on from there.
  bool lexing = false;
  std::size_t lexed = 0;  // the text to here is whole games and the blank text between them
  std::uint64_t lexed_games = 0;
  std::uint64_t lexed_line = 1;
  std::uint32_t lexed_column = 1;
  std::size_t straddler = kNone;  // the first byte of a game the text does not finish yet
  std::size_t relex_at = 0;       // the text's size at which that game is lexed again
  // The search for a synchronisation point: past the target (chunks cut in order), or past the
  // straddling game's start (counted).
  std::optional<detail::SyncSeeker> seeker;
  std::size_t seek_from = 0, sought = 0;
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

std::size_t Chunker::largest_buffer() const {
  return streamed_ ? streamed_->largest : mapped_.size();
}

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
                       std::shared_ptr<const void> storage, bool ends_input) {
  chunk = Chunk();
  chunk.text = text;
  chunk.offset = offset_;
  chunk.games = games;
  chunk.sequence = sequence_++;
  chunk.storage = std::move(storage);
  chunk.last_game = last_game_;
  chunk.ends_input = ends_input && !input_goes_on_;
  chunk.max_game_bytes = max_game_;
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
  // Only the whole input's last chunk ends it, not a byte range's.
  const auto ends_input = [&](std::size_t cut) { return cut == mapped_.size(); };
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
  if (cut) {
    hand_out(chunk, text.substr(mapped_pos_, cut - mapped_pos_), 0, nullptr, ends_input(cut));
  } else {
    const Found found = find_games(text, mapped_pos_, line_, column_, mapped_pos_ + target_, true,
                                   max_game_);
    cut = found.pos;
    hand_out(chunk, text.substr(mapped_pos_, cut - mapped_pos_), found.games, nullptr,
             ends_input(cut));
    went_past(found.games, found.line, found.column);
  }
  mapped_pos_ = cut;
  bytes_read_ = cut;
  return !chunk.text.empty();
}

bool Chunker::next_streamed(Chunk& chunk) {
  Streamed& in = *streamed_;
  if (in.failure) std::rethrow_exception(in.failure);
  // Hands out the first `size` bytes of what is pending, of `games` games, which end at `line`
  // and `column` (counted only).
  const auto cut = [&](std::size_t size, std::uint64_t games, std::uint64_t line,
                       std::uint32_t column) {
    const std::string_view text(in.data, size);
    const bool ends_input = in.eof && size == in.size;
    hand_out(chunk, text, games, in.cut(in.text().substr(size)), ends_input);
    went_past(games, line, column);
    return true;
  };
  for (;;) {
    const std::string_view pending = in.text();
    if (cut_ != Cut::counted) {
      // A synchronisation point past the target size, or the end of the input.
      if (in.eof && pending.size() <= target_) {
        if (pending.empty()) return false;
        return cut(pending.size(), 0, 0, 0);
      }
      if (pending.size() > target_) {
        if (const std::size_t sync = in.seek(target_); sync != kNone) return cut(sync, 0, 0, 0);
        if (in.eof) return cut(pending.size(), 0, 0, 0);
      }
    }
    // Whole games up to the target size, once that much is there (or all there is).
    const bool counting = cut_ == Cut::counted || pending.size() >= kSyncSearchFactor * target_;
    if (counting && (pending.size() >= target_ || in.eof)) {
      if (!in.lexing) {
        in.lexing = true;
        in.lexed = 0;
        in.lexed_games = 0;
        in.lexed_line = line_;
        in.lexed_column = column_;
        in.straddler = kNone;
      }
      bool lex = true;
      if (in.straddler != kNone) {
        if (cut_ == Cut::counted) {
          // No game reaches across a synchronisation point: the text before one is whole games.
          if (const std::size_t sync = in.seek(in.straddler + 1); sync != kNone) {
            const Found found = find_games(pending.substr(0, sync), in.lexed, in.lexed_line,
                                           in.lexed_column, target_, true, max_game_);
            return cut(found.pos, in.lexed_games + found.games, found.line, found.column);
          }
        }
        lex = in.eof || pending.size() >= in.relex_at;
      }
      if (lex) {
        const Found found = find_games(pending, in.lexed, in.lexed_line, in.lexed_column, target_,
                                       in.eof, max_game_);
        in.lexed = found.pos;
        in.lexed_games += found.games;
        in.lexed_line = found.line;
        in.lexed_column = found.column;
        if (found.pos >= target_ || (in.eof && found.last != detail::Found::past_limit)) {
          if (found.pos == 0) return false;
          return cut(found.pos, in.lexed_games, found.line, found.column);
        }
        if (found.last == detail::Found::past_limit)
          return cut_past_limit(chunk, found.game);
        if (found.escape_line || found.blank_end == pending.size()) {
          // Blank text from the last game's end: it is passed (a long escape line in it passed
          // over), and the lexer goes on after it.
          const std::size_t blank = found.escape_line
                                        ? found.blank_end
                                        : blank_cut(pending, found.pos, found.blank_end);
          advance(pending.substr(found.pos, blank - found.pos), in.lexed_line, in.lexed_column);
          in.lexed = blank;
          in.straddler = kNone;
          if (found.escape_line && pending.size() - blank > kBlock)
            return cut_escape_line(chunk, blank);
          if (in.lexed >= target_)
            return cut(in.lexed, in.lexed_games, in.lexed_line, in.lexed_column);
        } else {
          // A game the text does not finish yet.
          in.straddler = found.game;
          in.relex_at = pending.size() + std::max((pending.size() - found.pos) / 2, kBlock);
          // (Once it is longer than its limit, the lexer says so.)
          if (max_game_ < in.relex_at - found.game)
            in.relex_at = found.game + std::size_t(max_game_) + 1;
        }
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
      const std::size_t from = in.lexing ? in.lexed : 0;
      const Found found = find_games(in.text(), from, in.lexing ? in.lexed_line : line_,
                                     in.lexing ? in.lexed_column : column_, in.size, false,
                                     max_game_);
      const std::uint64_t games = (in.lexing ? in.lexed_games : 0) + found.games;
      if (games == 0) throw;
      in.failure = std::current_exception();
      return cut(found.pos, games, found.line, found.column);
    }
    in.size += n;
    in.largest = std::max(in.largest, in.size);
    bytes_read_ += n;
    if (n == 0) in.eof = true;
  }
}

// What ends a stretch of input passed over: given the stretch's pieces in turn (the last one
// with `last`), the offset of its end from the stretch's start once found, or SyncSeeker::npos.
struct Chunker::EndFinder {
  virtual ~EndFinder() = default;
  virtual std::uint64_t operator()(std::string_view piece, bool last) = 0;
};

bool Chunker::pass_over(Chunk& chunk, std::size_t text_end, std::size_t search_from,
                        std::uint64_t games, bool past_limit, EndFinder& find_end) {
  Streamed& in = *streamed_;
  const std::string_view pending = in.text();
  // What is passed over: counted as it goes, not kept.
  std::uint64_t skipped = 0, skipped_lines = 0, tail = 0;
  const auto pass = [&](std::string_view bytes) {
    skipped += bytes.size();
    const std::size_t last = bytes.rfind('\n');
    if (last == std::string_view::npos) {
      tail += bytes.size();
    } else {
      skipped_lines += std::uint64_t(std::count(bytes.begin(), bytes.end(), '\n'));
      tail = bytes.size() - last - 1;
    }
  };
  std::string_view rest;
  std::vector<char> block;
  // The end may be found at a line that began before the piece that decides it (a line that
  // begins as a tag is one only once its value's quote comes, within kTagStartLook bytes): the
  // last bytes passed over are kept for it, and are the next chunk's first after all.
  std::string recent, joined;
  const std::uint64_t found = find_end(pending.substr(search_from), in.eof);
  if (found != detail::SyncSeeker::npos) {
    const std::size_t at = search_from + std::size_t(found);
    text_end = std::min(text_end, at);
    pass(pending.substr(text_end, at - text_end));
    rest = pending.substr(at);
  } else {
    pass(pending.substr(text_end));
    const std::string_view passed = pending.substr(text_end);
    recent.assign(passed.substr(passed.size() - std::min(passed.size(), detail::kTagStartLook)));
    std::uint64_t fed = pending.size() - search_from;  // what find_end has been given
    block.resize(kBlock);
    while (!in.eof && !in.failure) {
      std::size_t n = 0;
      try {
        n = input_.read(block.data(), block.size());
      } catch (...) {
        in.failure = std::current_exception();  // reported at the next call
        break;
      }
      bytes_read_ += n;
      if (n == 0) {
        in.eof = true;
        find_end({}, true);
        break;
      }
      const std::string_view piece(block.data(), n);
      const std::uint64_t end = find_end(piece, false);
      if (end != detail::SyncSeeker::npos && end >= fed) {
        const std::size_t at = std::size_t(end - fed);
        pass(piece.substr(0, at));
        rest = piece.substr(at);
        break;
      }
      if (end != detail::SyncSeeker::npos) {
        // Taken back from what was passed over: a line's first bytes, with no line end.
        const std::size_t back = std::size_t(fed - end);
        joined.assign(recent, recent.size() - back, back);
        joined.append(piece);
        skipped -= back;
        tail -= back;
        rest = joined;
        break;
      }
      pass(piece);
      fed += n;
      if (piece.size() >= detail::kTagStartLook) {
        recent.assign(piece.substr(piece.size() - detail::kTagStartLook));
      } else {
        recent.append(piece);
        if (recent.size() > detail::kTagStartLook)
          recent.erase(0, recent.size() - detail::kTagStartLook);
      }
    }
  }
  in.largest = std::max(in.largest, pending.size() + block.size());
  // The place after what was passed over.
  std::uint64_t line = in.lexed_line;
  std::uint32_t column = in.lexed_column;
  advance(pending.substr(in.lexed, text_end - in.lexed), line, column);
  if (skipped_lines) {
    line += skipped_lines;
    column = std::uint32_t(tail + 1);
  } else {
    column += std::uint32_t(tail);
  }
  const std::string_view text(in.data, text_end);
  const bool ends_input = in.eof && rest.empty() && !in.failure;
  hand_out(chunk, text, games, in.cut(rest), ends_input);
  chunk.cut_at_limit = past_limit;
  chunk.skipped = skipped;
  chunk.skipped_lines = skipped_lines;
  chunk.skipped_tail = tail;
  offset_ += skipped;
  went_past(games, line, column);
  return true;
}

bool Chunker::cut_past_limit(Chunk& chunk, std::size_t game) {
  Streamed& in = *streamed_;
  // The chunk holds the game's first max_game_ bytes (its reader sees no more of it) and
  // kTagStartLook bytes more: a line that begins before the limit can be a synchronisation
  // point, which ends the game wherever the rest of the line lies; its reader judges it as the
  // whole input's reader does. The input after them is passed over to the first
  // synchronisation point at or after the limit, which the bytes read first decide for every
  // line that begins among those kept.
  const std::size_t limit = game + std::size_t(max_game_);
  const std::size_t wanted = limit + 2 * detail::kTagStartLook;
  while (in.size < wanted && !in.eof && !in.failure) {
    char* at = in.room(wanted - in.size);
    try {
      const std::size_t n = input_.read(at, wanted - in.size);
      in.size += n;
      bytes_read_ += n;
      if (n == 0) in.eof = true;
    } catch (...) {
      in.failure = std::current_exception();  // reported at the next call
    }
  }
  struct NextGame : EndFinder {
    explicit NextGame(std::string_view before) : seeker(before) {}
    std::uint64_t operator()(std::string_view piece, bool last) override {
      return seeker.feed(piece, last);
    }
    detail::SyncSeeker seeker;
  };
  NextGame next_game(in.text().substr(0, limit));
  return pass_over(chunk, std::min(in.size, limit + detail::kTagStartLook), limit,
                   in.lexed_games + 1, true, next_game);
}

bool Chunker::cut_escape_line(Chunk& chunk, std::size_t at) {
  // The chunk ends after the '%' (its reader passes over an escape line that the text ends
  // in), and the rest of the line is passed over: it says nothing, and may be of any length.
  struct LineEnd : EndFinder {
    std::uint64_t operator()(std::string_view piece, bool) override {
      const std::size_t nl = piece.find('\n');
      if (nl != std::string_view::npos) return seen + nl;
      seen += piece.size();
      return detail::SyncSeeker::npos;
    }
    std::uint64_t seen = 0;
  };
  LineEnd line_end;
  return pass_over(chunk, at + 1, at + 1, streamed_->lexed_games, false, line_end);
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
