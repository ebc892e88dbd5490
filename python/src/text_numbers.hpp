// Numbers for texts, 0, 1, 2, ... in the order they are first seen: a column of moves, a few
// thousand distinct values over millions of rows, then goes as one number a row. Texts of up
// to 8 bytes (every SAN and UCI move) are kept in an open-addressing table keyed by their bytes
// as a number (a table of a few thousand slots stays in the cache); longer ones in a map.
//
// Thread safety: none; each user has its own.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace fenkit::python {

class TextNumbers {
 public:
  // The number of `text`; `added` tells whether it was seen here for the first time.
  std::uint32_t number(std::string_view text, bool& added) {
    added = false;
    if (text.empty() || text.size() > 8) return long_number(text, added);
    const std::uint64_t key = short_key(text);
    const auto length = std::uint32_t(text.size());
    if (table_.empty()) table_.resize(1 << 12);
    std::size_t mask = table_.size() - 1;
    std::size_t at = slot_of(key, mask);
    while (table_[at].length != 0) {
      if (table_[at].key == key && table_[at].length == length) return table_[at].number;
      at = (at + 1) & mask;
    }
    if (2 * (short_count_ + 1) > table_.size()) {
      grow();
      mask = table_.size() - 1;
      at = slot_of(key, mask);
      while (table_[at].length != 0) at = (at + 1) & mask;
    }
    table_[at] = Slot{key, count_, length};
    ++short_count_;
    added = true;
    return count_++;
  }

  std::uint32_t size() const { return count_; }

 private:
  struct Slot {
    std::uint64_t key = 0;
    std::uint32_t number = 0;
    std::uint32_t length = 0;  // 0: an empty slot (texts here are never empty)
  };

  // The bytes of a text of 1 to 8 bytes as a number, different for every such text of one
  // length: its first and last four bytes (which overlap for fewer than eight). Fixed-size
  // loads, where a memcpy of a variable length is a call.
  static std::uint64_t short_key(std::string_view text) {
    const char* p = text.data();
    const std::size_t n = text.size();
    std::uint64_t key = 0;
    if (n >= 4) {
      std::uint32_t first, last;
      std::memcpy(&first, p, 4);
      std::memcpy(&last, p + n - 4, 4);
      key = first | std::uint64_t(last) << 32;
    } else {
      for (std::size_t i = 0; i < n; ++i)
        key |= std::uint64_t(static_cast<unsigned char>(p[i])) << (8 * i);
    }
    return key;
  }

  static std::size_t slot_of(std::uint64_t key, std::size_t mask) {
    return std::size_t((key * 0x9E3779B97F4A7C15ULL) >> 40) & mask;
  }

  // Half full: twice the room, the texts placed again.
  void grow() {
    std::vector<Slot> old(table_.size() * 2);
    old.swap(table_);
    const std::size_t mask = table_.size() - 1;
    for (const Slot& s : old) {
      if (s.length == 0) continue;
      std::size_t to = slot_of(s.key, mask);
      while (table_[to].length != 0) to = (to + 1) & mask;
      table_[to] = s;
    }
  }

  std::uint32_t long_number(std::string_view text, bool& added) {
    if (const auto found = long_.find(text); found != long_.end()) return found->second;
    long_.emplace(std::string(text), count_);
    added = true;
    return count_++;
  }

  struct Hash {
    using is_transparent = void;
    std::size_t operator()(std::string_view s) const { return std::hash<std::string_view>()(s); }
  };

  std::vector<Slot> table_;
  std::size_t short_count_ = 0;
  std::uint32_t count_ = 0;
  std::unordered_map<std::string, std::uint32_t, Hash, std::equal_to<>> long_;
};

}  // namespace fenkit::python
