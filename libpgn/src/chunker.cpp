#include "fenkit/pgn/chunker.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

#include "game_scanner.hpp"

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

// The column of the byte after `text`, whose first byte has column `column`.
std::uint32_t column_after(std::string_view text, std::uint32_t column) {
  const std::size_t nl = text.rfind('\n');
  return nl == std::string_view::npos ? column + std::uint32_t(text.size())
                                      : std::uint32_t(text.size() - nl);
}

}  // namespace

Chunker::Chunker(InputSource& input, std::size_t target_bytes, std::uint64_t first_game)
    : input_(input), target_(std::max<std::size_t>(target_bytes, 1)), next_game_(first_game) {
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
}

bool Chunker::next(Chunk& chunk) {
  if (next_game_ > last_game_) return false;
  return !mapped_.empty() ? next_mapped(chunk) : next_streamed(chunk);
}

bool Chunker::next_mapped(Chunk& chunk) {
  if (mapped_pos_ >= mapped_end_) return false;
  const std::string_view text = mapped_.substr(0, mapped_end_);
  detail::GameScanner scanner;
  detail::GameSpan span;
  std::size_t pos = mapped_pos_;
  std::uint32_t line = line_;
  std::uint64_t games = 0;
  std::vector<GameRange> ranges;
  const std::size_t target_end = mapped_pos_ + target_;
  while (pos < target_end &&
         scanner.next(text, pos, line, true, span) == detail::GameScanner::Found::game) {
    ++games;
    ranges.push_back(GameRange{span.begin - mapped_pos_, span.end - mapped_pos_, span.line});
  }
  chunk = Chunk{text.substr(mapped_pos_, pos - mapped_pos_), mapped_pos_, line_, column_, next_game_,
                games, sequence_++, std::move(ranges), nullptr};
  column_ = column_after(chunk.text, column_);
  next_game_ += games;
  mapped_pos_ = pos;
  line_ = line;
  bytes_read_ = pos;
  return !chunk.text.empty();
}

bool Chunker::next_streamed(Chunk& chunk) {
  if (failure_) std::rethrow_exception(failure_);
  detail::GameScanner scanner;
  detail::GameSpan span;
  std::size_t pos = 0;
  std::uint32_t line = line_;
  std::uint64_t games = 0;
  std::vector<GameRange> ranges;
  // Hands out the first `size` bytes of what is pending.
  auto cut = [&](std::size_t size) {
    auto storage = std::make_shared<std::string>(pending_.data(), size);
    chunk = Chunk{std::string_view(*storage), offset_, line_, column_, next_game_, games,
                  sequence_++, std::move(ranges), storage};
    column_ = column_after(chunk.text, column_);
    pending_.erase(0, size);
    offset_ += size;
    next_game_ += games;
    line_ = line;
    return true;
  };
  for (;;) {
    // Whole games already buffered, up to the target size.
    detail::GameScanner::Found found = detail::GameScanner::Found::game;
    while (pos < target_ &&
           (found = scanner.next(pending_, pos, line, eof_, span)) == detail::GameScanner::Found::game) {
      ++games;
      ranges.push_back(GameRange{span.begin, span.end, span.line});
    }
    const bool full = pos >= target_;
    if (full || (eof_ && found != detail::GameScanner::Found::need_more)) {
      if (eof_ && !full) pos = pending_.size();
      if (pos == 0) return false;
      return cut(pos);
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
      if (games == 0) throw;
      failure_ = std::current_exception();
      return cut(pos);
    }
    pending_.resize(old + n);
    bytes_read_ += n;
    if (n == 0) eof_ = true;
  }
}

}  // namespace fenkit::pgn
