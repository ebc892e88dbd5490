// Where a byte range of a file begins and ends is PGN's to say (a synchronisation point, see
// game_boundaries.hpp); reading the file at those offsets is the input layer's
// (io::RandomAccessFile). The edges are found in windows read around them, so that a range of a
// file of any size costs neither memory nor address space of the file's size.
#include "fenkit/pgn/file_range.hpp"

#include <algorithm>
#include <vector>

#include "fenkit/io/random_access_file.hpp"
#include "game_boundaries.hpp"

namespace fenkit::pgn {

namespace {

// next_sync_point(text, offset) of the file's whole text, read through windows: from `offset`
// on, a megabyte at a time, and behind it as far as the blank bytes a point looks back over
// reach (the window's first byte would pass for the start of the text, a result cut there for
// none). No address space of the file's size is needed, nor memory: a window grows only for a
// run of blank bytes longer than it.
std::uint64_t sync_point_in_file(const io::RandomAccessFile& file, std::uint64_t offset) {
  const std::uint64_t size = file.size();
  if (offset == 0) return 0;
  if (offset >= size) return size;
  // Room before the blank bytes for a result token and the byte before it.
  constexpr std::size_t kResultRoom = 16;
  constexpr std::uint64_t kBehind = std::uint64_t(1) << 16, kAhead = std::uint64_t(1) << 20;
  std::vector<char> window;
  std::uint64_t from = offset;  // points are looked for at the lines begun from here on
  std::uint64_t behind = kBehind;
  for (;;) {
    const std::uint64_t first = from - std::min(from, behind);
    const std::uint64_t last = std::min(size, from + kAhead);
    window.resize(std::size_t(last - first));
    file.read_at(window.data(), window.size(), first);
    const char* const base = window.data();
    const char* const end = base + window.size();
    const char* const start = base + (from - first);
    // A point looks back over the blank bytes before it, and those before `from` if it has
    // only blanks before it down to there.
    const char* blanks = start;
    while (blanks > base && detail::is_space(blanks[-1])) --blanks;
    if (first > 0 && std::size_t(blanks - base) < kResultRoom) {
      behind *= 2;
      continue;
    }
    if (const char* found = detail::find_sync_point(base, start - 1, end))
      return first + std::uint64_t(found - base);
    if (last == size) return size;
    // None begins in the window (a tag line it cuts may only seem not to be one): on from its
    // last line, or past it when no line begins in it. A line that begins at `from` and is
    // longer than the window is none either: a line's first kilobyte decides (kTagStartLook,
    // less than the window), so the window need not grow to hold it.
    const char* line = end;
    while (line > start && line[-1] != '\n') --line;
    std::uint64_t next =
        line > start || start[-1] == '\n' ? first + std::uint64_t(line - base) : last;
    static_assert(kAhead > detail::kTagStartLook);
    if (next <= from) next = last;
    from = next;
    behind = kBehind;
  }
}

}  // namespace

FileRange open_range(const std::string& path, std::uint64_t start, std::uint64_t end) {
  // The edges are found in windows read around them; the bytes between are then read in
  // blocks, as a whole file is.
  const io::RandomAccessFile file(path);
  FileRange range;
  range.begin = sync_point_in_file(file, start);
  range.end = std::max(range.begin, sync_point_in_file(file, end));
  range.input = file.range(range.begin, range.end);
  return range;
}

}  // namespace fenkit::pgn
