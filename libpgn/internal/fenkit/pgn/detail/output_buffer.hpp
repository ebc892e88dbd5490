// Not API: a detail of fenkit's own headers and programs (fenkit::pgn::detail), which may change
// in any release.
//
// A growable byte buffer that writers fill in place (no zero-filling, no per-line allocation).
//
// Thread safety: an OutputBuffer belongs to one thread; a BufferPool may be shared (it locks).
#pragma once

#include <cstddef>
#include <cstdio>
#include <cstring>
#include <memory>
#include <mutex>
#include <string_view>
#include <vector>
#include "fenkit/fen/export.hpp"

namespace fenkit::pgn::detail {

class FENKIT_API OutputBuffer {
 public:
  // Room for at least `n` more bytes; write them at the returned pointer, then commit().
  char* reserve(std::size_t n) {
    if (size_ + n > capacity_) grow(size_ + n);
    return data_.get() + size_;
  }
  void commit(std::size_t n) { size_ += n; }
  void append(std::string_view s) {
    // memcpy, not copy_bytes: rows append fields of every length, whose branches mispredict.
    if (s.empty()) return;
    std::memcpy(reserve(s.size()), s.data(), s.size());
    size_ += s.size();
  }
  void push_back(char c) {
    *reserve(1) = c;
    ++size_;
  }
  void truncate(std::size_t size) { size_ = size; }
  // Puts `s` at `offset`, moving what follows.
  void insert(std::size_t offset, std::string_view s) {
    if (s.empty()) return;
    reserve(s.size());
    std::memmove(data_.get() + offset + s.size(), data_.get() + offset, size_ - offset);
    std::memcpy(data_.get() + offset, s.data(), s.size());
    size_ += s.size();
  }
  void clear() { size_ = 0; }
  std::size_t size() const { return size_; }
  std::string_view view() const { return std::string_view(data_.get(), size_); }

  // Writes everything to `out` and empties the buffer; false on a write error.
  bool flush_to(std::FILE* out) {
    if (size_ == 0) return true;
    const bool ok = std::fwrite(data_.get(), 1, size_, out) == size_;
    size_ = 0;
    return ok;
  }

 private:
  void grow(std::size_t needed) {
    std::size_t capacity = capacity_ ? capacity_ : 4096;
    while (capacity < needed) capacity *= 2;
    std::unique_ptr<char[]> data(new char[capacity]);
    if (size_) std::memcpy(data.get(), data_.get(), size_);
    data_ = std::move(data);
    capacity_ = capacity;
  }

  std::unique_ptr<char[]> data_;
  std::size_t size_ = 0;
  std::size_t capacity_ = 0;
};

// Buffers handed back after their bytes are written, so that the next chunk's output goes into
// memory already mapped instead of growing a new buffer (page faults cost more than the copy).
class FENKIT_API BufferPool {
 public:
  OutputBuffer take() {
    std::lock_guard lock(mutex_);
    if (free_.empty()) return OutputBuffer();
    OutputBuffer buffer = std::move(free_.back());
    free_.pop_back();
    return buffer;
  }
  void give(OutputBuffer buffer) {
    buffer.clear();
    std::lock_guard lock(mutex_);
    free_.push_back(std::move(buffer));
  }

 private:
  std::mutex mutex_;
  std::vector<OutputBuffer> free_;
};

}  // namespace fenkit::pgn::detail
