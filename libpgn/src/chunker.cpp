#include "fenkit/pgn/chunker.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

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
                            bool final, std::uint64_t& games, std::uint32_t& line,
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

}  // namespace

Chunker::Chunker(InputSource& input, std::size_t target_bytes, std::uint64_t first_game, Cut cut)
    : input_(input),
      target_(std::max<std::size_t>(target_bytes, 1)),
      cut_(cut),
      next_game_(first_game) {
  if (cut_ == Cut::in_order) numbering_ = std::make_shared<ChunkNumbering>();
  mapped_ = input.mapped();
  mapped_end_ = mapped_.size();
}

void Chunker::restrict_to(std::uint64_t start, std::uint64_t end) {
  if (mapped_.empty() && input_.size_hint() == 0)
    throw std::runtime_error(input_.name() +
                             ": a byte range needs a regular uncompressed file (not a pipe, "
                             "compressed or UTF-16 input)");
  const std::size_t size = mapped_.size();
  mapped_pos_ = next_sync_point(mapped_, std::size_t(std::min<std::uint64_t>(start, size)));
  mapped_end_ = std::max(mapped_pos_,
                         next_sync_point(mapped_, std::size_t(std::min<std::uint64_t>(end, size))));
  line_ = 1 + std::uint32_t(std::count(mapped_.begin(), mapped_.begin() + mapped_pos_, '\n'));
  column_ = 1;  // a synchronisation point begins a line
  offset_ = mapped_pos_;
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
                       std::shared_ptr<const std::string> storage) {
  chunk = Chunk{text,     offset_,   line_,     column_, next_game_, games, sequence_++,
                std::move(storage), numbering_, last_game_};
  offset_ += text.size();
}

void Chunker::went_past(std::uint64_t games, std::uint32_t line, std::uint32_t column) {
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
  if (cut_ == Cut::in_order) {
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
    std::uint32_t line = line_, column = column_;
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
  if (failure_) std::rethrow_exception(failure_);
  // Hands out the first `size` bytes of what is pending.
  auto cut = [&](std::size_t size, std::uint64_t games) {
    auto storage = std::make_shared<std::string>(pending_.data(), size);
    const std::string_view text(*storage);
    hand_out(chunk, text, games, std::move(storage));
    pending_.erase(0, size);
    return true;
  };
  for (;;) {
    if (cut_ == Cut::in_order) {
      // A synchronisation point past the target size, or the end of the input.
      if (eof_ && pending_.size() <= target_) {
        if (pending_.empty()) return false;
        return cut(pending_.size(), 0);
      }
      if (pending_.size() > target_) {
        const char* const base = pending_.data();
        if (const char* sync =
                detail::find_sync_point(base, base + target_ - 1, base + pending_.size()))
          return cut(std::size_t(sync - base), 0);
        if (eof_) return cut(pending_.size(), 0);
      }
    }
    if (cut_ == Cut::counted || pending_.size() >= kSyncSearchFactor * target_) {
      // Whole games already buffered, up to the target size.
      std::uint64_t games = 0;
      std::uint32_t line = line_, column = column_;
      bool need_more = false;
      const std::size_t pos =
          cut_after_games(pending_, 0, target_, eof_, games, line, column, need_more);
      const bool full = pos >= target_;
      if (full || (eof_ && !need_more)) {
        const std::size_t size = eof_ && !full ? pending_.size() : pos;
        if (size == 0) return false;
        cut(size, games);
        went_past(games, line, column);
        return true;
      }
    }
    // Need more bytes: read a block behind what is pending.
    const std::size_t old = pending_.size();
    pending_.resize(old + std::max<std::size_t>(target_, std::size_t(1) << 16));
    std::size_t n = 0;
    try {
      n = input_.read(pending_.data() + old, pending_.size() - old);
    } catch (...) {
      // The input broke off (a damaged compressed file): the whole games read before the break
      // are handed out first, and the break is reported at the next call.
      pending_.resize(old);
      std::uint64_t games = 0;
      std::uint32_t line = line_, column = column_;
      bool need_more = false;
      const std::size_t pos =
          cut_after_games(pending_, 0, pending_.size(), false, games, line, column, need_more);
      if (games == 0) throw;
      failure_ = std::current_exception();
      cut(pos, games);
      went_past(games, line, column);
      return true;
    }
    pending_.resize(old + n);
    bytes_read_ += n;
    if (n == 0) eof_ = true;
  }
}

}  // namespace fenkit::pgn
