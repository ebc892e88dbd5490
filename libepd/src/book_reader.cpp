#include "fenkit/epd/book_reader.hpp"

#include <fstream>
#include <memory>

#include "fenkit/io/compression.hpp"
#include "fenkit/io/input.hpp"

#include <boost/iostreams/device/mapped_file.hpp>
#include <cstdio>
#include <filesystem>
#include <system_error>
#include <utility>

#include "fenkit/epd/book_move.hpp"
#include "fenkit/fen/polyglot.hpp"

namespace fenkit::epd {

namespace {

std::string hex_key(std::uint64_t key) {
  char text[19];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(key));
  return text;
}

std::string with_offset(const std::string& message, std::optional<std::uint64_t> offset) {
  return offset ? "byte " + std::to_string(*offset) + ": " + message : message;
}

}  // namespace

BookError::BookError(BookFault fault, std::string file, std::string message,
                     std::optional<std::uint64_t> offset)
    : std::runtime_error(file + ": " + with_offset(message, offset)),
      fault_(fault),
      file_(std::move(file)),
      detail_(with_offset(message, offset)),
      offset_(offset) {}

// The bytes behind a Book: a mapped file, or a vector for books made in memory.
struct Book::Storage {
  boost::iostreams::mapped_file_source mapping;
  std::vector<unsigned char> bytes;

  const unsigned char* data() const {
    return mapping.is_open() ? reinterpret_cast<const unsigned char*>(mapping.data())
                             : bytes.data();
  }
  std::size_t size() const { return mapping.is_open() ? mapping.size() : bytes.size(); }
};

Book::Book(std::string name, std::unique_ptr<Storage> storage, const BookOpenOptions& options)
    : name_(std::move(name)), storage_(std::move(storage)) {
  data_ = storage_->data();
  const std::size_t bytes = storage_->size();
  count_ = bytes / kBookEntrySize;
  const std::size_t rest = bytes % kBookEntrySize;
  if (rest && !options.ignore_trailing_bytes)
    throw BookError(
        BookFault::size, name_,
        "the size, " + std::to_string(bytes) +
            " bytes, is not a whole number of 16-byte entries: " + std::to_string(rest) + " byte" +
            (rest == 1 ? "" : "s") + " left after entry " + std::to_string(count_) +
            " (truncated or damaged book)",
        std::uint64_t(count_ * kBookEntrySize));
  ignored_bytes_ = rest;
  // Lookups are binary searches: one key out of order would hide moves without a word.
  for (std::size_t i = 1; i < count_; ++i) {
    const std::uint64_t previous = key_at(i - 1), key = key_at(i);
    if (key < previous)
      throw BookError(BookFault::order, name_,
                      "entries are not sorted by key: entry " + std::to_string(i + 1) +
                          " has key " + hex_key(key) + ", smaller than the key " +
                          hex_key(previous) + " of the entry before it",
                      std::uint64_t(i * kBookEntrySize));
  }
}

Book Book::open(const std::string& path, const BookOpenOptions& options) {
  auto storage = std::make_unique<Storage>();
  std::error_code error;
  const auto status = std::filesystem::status(path, error);
  if (error || !std::filesystem::exists(status))
    throw BookError(BookFault::unreadable, path, "cannot open the file: no such file");
  if (std::filesystem::is_directory(status))
    throw BookError(BookFault::unreadable, path, "cannot open the file: it is a directory");
  const auto size = std::filesystem::file_size(path, error);
  if (error)
    throw BookError(BookFault::unreadable, path, "cannot open the file: " + error.message());
  // A compressed book (book.bin.gz, .zst, as fenkit book build writes one by its name) is read
  // whole, decompressed, by content.
  if (size >= 4) {
    char head[6] = {};
    std::ifstream(path, std::ios::binary).read(head, sizeof head);
    if (io::detect_compression(std::string_view(head, sizeof head)) != io::Compression::none) {
      std::vector<unsigned char> bytes;
      try {
        const std::unique_ptr<io::InputSource> input = io::open_input(path);
        char block[1 << 16];
        for (std::size_t n; (n = input->read(block, sizeof block)) > 0;)
          bytes.insert(bytes.end(), block, block + n);
      } catch (const std::exception& e) {
        throw BookError(BookFault::unreadable, path, std::string("cannot read the file: ") + e.what());
      }
      return from_bytes(path, std::move(bytes), options);
    }
  }
  // An empty file cannot be mapped; it is simply a book without entries.
  if (size > 0) {
    try {
      storage->mapping.open(path);
    } catch (const std::exception& e) {
      throw BookError(BookFault::unreadable, path,
                      std::string("cannot open the file: ") + e.what());
    }
  }
  return Book(path, std::move(storage), options);
}

Book Book::from_bytes(std::string name, std::vector<unsigned char> bytes,
                      const BookOpenOptions& options) {
  auto storage = std::make_unique<Storage>();
  storage->bytes = std::move(bytes);
  return Book(std::move(name), std::move(storage), options);
}

Book::Book(Book&&) noexcept = default;
Book& Book::operator=(Book&&) noexcept = default;
Book::~Book() = default;

std::vector<BookEntry> Book::entries() const {
  std::vector<BookEntry> all;
  all.reserve(count_);
  for (std::size_t i = 0; i < count_; ++i) all.push_back(entry(i));
  return all;
}

Book::Range Book::find(std::uint64_t key) const {
  std::size_t low = 0, high = count_;  // first entry with key_at >= key
  while (low < high) {
    const std::size_t middle = low + (high - low) / 2;
    if (key_at(middle) < key)
      low = middle + 1;
    else
      high = middle;
  }
  Range range{low, low};
  while (range.last < count_ && key_at(range.last) == key) ++range.last;
  return range;
}

bool Book::contains(const fen::Position& pos) const {
  return !find(fen::polyglot_key(pos)).empty();
}

std::vector<BookMove> Book::moves(const fen::Position& pos) const {
  const Range range = find(fen::polyglot_key(pos));
  std::vector<BookMove> moves;
  moves.reserve(range.size());
  for (std::size_t i = range.first; i < range.last; ++i) {
    const BookEntry e = entry(i);
    moves.push_back(BookMove{.move = decode_book_move(pos, e.move),
                             .code = e.move,
                             .weight = e.weight,
                             .learn = e.learn});
  }
  return moves;
}

}  // namespace fenkit::epd
