#include "fenkit/epd/book_writer.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <memory>
#include <stdexcept>

namespace fenkit::epd {

void sort_book_entries(std::vector<BookEntry>& entries) {
  // Stable, so that equal (key, weight) entries keep their order: Polyglot sorts with the C
  // library's qsort, which glibc implements as a merge sort, and so keeps it too.
  std::stable_sort(entries.begin(), entries.end(), [](const BookEntry& a, const BookEntry& b) {
    if (a.key != b.key) return a.key < b.key;
    return a.weight > b.weight;
  });
}

bool keys_are_sorted(std::span<const BookEntry> entries) {
  return std::is_sorted(entries.begin(), entries.end(),
                        [](const BookEntry& a, const BookEntry& b) { return a.key < b.key; });
}

std::vector<unsigned char> book_bytes(std::span<const BookEntry> entries) {
  std::vector<unsigned char> bytes(entries.size() * kBookEntrySize);
  for (std::size_t i = 0; i < entries.size(); ++i)
    encode_entry(entries[i], bytes.data() + i * kBookEntrySize);
  return bytes;
}

void write_book(const std::string& path, std::span<const BookEntry> entries) {
  if (!keys_are_sorted(entries))
    throw std::invalid_argument(path + ": book entries are not sorted by key");
  const std::vector<unsigned char> bytes = book_bytes(entries);
  struct Closer {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::unique_ptr<std::FILE, Closer> file(std::fopen(path.c_str(), "wb"));
  if (!file)
    throw BookError(BookFault::unwritable, path,
                    std::string("cannot write the book: ") + std::strerror(errno));
  // An empty book is a valid (empty) file; fwrite may not be given a null pointer.
  const bool written =
      bytes.empty() || std::fwrite(bytes.data(), 1, bytes.size(), file.get()) == bytes.size();
  if (!written ||
      std::fflush(file.get()) != 0)
    throw BookError(BookFault::unwritable, path,
                    std::string("cannot write the book: ") + std::strerror(errno));
  if (std::fclose(file.release()) != 0)
    throw BookError(BookFault::unwritable, path,
                    std::string("cannot write the book: ") + std::strerror(errno));
}

}  // namespace fenkit::epd
