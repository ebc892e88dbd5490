#include "fenkit/epd/book_merge.hpp"

#include <algorithm>
#include <limits>

namespace fenkit::epd {

namespace {

// The entries of the position at the front of `entries`.
std::span<const BookEntry> position_at(std::span<const BookEntry> entries) {
  std::size_t n = 1;
  while (n < entries.size() && entries[n].key == entries[0].key) ++n;
  return entries.first(n);
}

// One position found in both books, merged as `polyglot merge-book` does.
void add_weights(std::span<const BookEntry> first, std::span<const BookEntry> second,
                 std::vector<BookEntry>& out) {
  const std::size_t start = out.size(), end_of_first = start + first.size();
  out.insert(out.end(), first.begin(), first.end());
  for (const BookEntry& e : second) {
    // Only the first book's entries are matched: the second book's own repeats stay apart.
    std::size_t same = start;
    while (same < end_of_first && out[same].move != e.move) ++same;
    if (same == end_of_first) {
      out.push_back(e);
      continue;
    }
    const unsigned sum = unsigned(out[same].weight) + e.weight;
    out[same].weight =
        std::uint16_t(std::min<unsigned>(sum, std::numeric_limits<std::uint16_t>::max()));
  }
}

}  // namespace

std::vector<BookEntry> merge_books(std::span<const BookEntry> first,
                                   std::span<const BookEntry> second, BookMergeMode mode) {
  std::vector<BookEntry> out;
  out.reserve(first.size() + second.size());
  while (!first.empty() || !second.empty()) {
    if (second.empty() || (!first.empty() && first[0].key < second[0].key)) {
      const auto position = position_at(first);
      out.insert(out.end(), position.begin(), position.end());
      first = first.subspan(position.size());
    } else if (first.empty() || second[0].key < first[0].key) {
      const auto position = position_at(second);
      out.insert(out.end(), position.begin(), position.end());
      second = second.subspan(position.size());
    } else {
      const auto a = position_at(first), b = position_at(second);
      if (mode == BookMergeMode::add_weights)
        add_weights(a, b, out);
      else
        out.insert(out.end(), a.begin(), a.end());
      first = first.subspan(a.size());
      second = second.subspan(b.size());
    }
  }
  return out;
}

}  // namespace fenkit::epd
