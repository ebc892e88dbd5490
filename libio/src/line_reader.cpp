// FEN, EPD and perft-suite files are read a line at a time, from any input: in memory, a line is
// a view into it; streamed, lines are cut from blocks, so that a line may be of any length and
// memory stays bounded by the longest.
#include "fenkit/io/line_reader.hpp"

#include <algorithm>
#include <cstring>

namespace fenkit::io {

using namespace std::string_view_literals;

LineReader::LineReader(InputSource& input) : input_(input), mapped_(input.mapped()) {}

bool LineReader::next(std::string_view& line) {
  if (!started_) {
    started_ = true;
    if (mapped_.empty())
      while (end_ < 3 && fill()) {
      }
    const std::string_view head = mapped_.empty() ? std::string_view(buffer_.data(), end_) : mapped_;
    if (head.starts_with("\xEF\xBB\xBF"sv)) begin_ = 3;
  }
  if (!mapped_.empty()) {
    if (begin_ >= mapped_.size()) return false;
    const std::size_t nl = mapped_.find('\n', begin_);
    const std::size_t stop = nl == std::string_view::npos ? mapped_.size() : nl;
    line = mapped_.substr(begin_, stop - begin_);
    begin_ = stop == mapped_.size() ? stop : stop + 1;
    ++line_;
    return true;
  }
  for (;;) {
    const char* data = buffer_.data();
    const void* nl = std::memchr(data + begin_ + scanned_, '\n', end_ - begin_ - scanned_);
    if (nl) {
      const std::size_t at = std::size_t(static_cast<const char*>(nl) - data);
      line = std::string_view(data + begin_, at - begin_);
      begin_ = at + 1;
      scanned_ = 0;
      ++line_;
      return true;
    }
    scanned_ = end_ - begin_;
    // A line the failure cuts is not handed out: it is not the line the input holds.
    if (failure_) std::rethrow_exception(failure_);
    if (eof_) {
      if (begin_ == end_) return false;
      line = std::string_view(data + begin_, end_ - begin_);
      begin_ = end_;
      scanned_ = 0;
      ++line_;
      return true;
    }
    fill();
  }
}

// Reads a block behind the bytes not yet handed out; false at the end or at a failure, which
// is kept until the whole lines before it are handed out.
bool LineReader::fill() {
  if (eof_ || failure_) return false;
  constexpr std::size_t kBlock = std::size_t(1) << 16;
  if (begin_ > 0) {
    std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  if (buffer_.size() - end_ < kBlock) buffer_.resize(std::max(2 * buffer_.size(), end_ + kBlock));
  std::size_t n = 0;
  try {
    n = input_.read(buffer_.data() + end_, buffer_.size() - end_);
  } catch (...) {
    failure_ = std::current_exception();
    return false;
  }
  if (n == 0) {
    eof_ = true;
    return false;
  }
  end_ += n;
  return true;
}

}  // namespace fenkit::io
