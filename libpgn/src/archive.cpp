#include "fenkit/pgn/archive.hpp"

#include "fenkit/io/random_access_file.hpp"
#include "fenkit/pgn/file_range.hpp"
#include "fenkit/pgn/game_filter.hpp"

#include <filesystem>
#include <system_error>

#include <sys/stat.h>
#include <unistd.h>

namespace fenkit::pgn {

void ArchiveOptions::limit_to(const GameFilter& filter) {
  last_game = filter.last_game();
  if (filter.selects_by_number()) numbered_later = false;
}

OpenedInput open_archive_input(const std::string& path, const std::optional<ByteRange>& range) {
  OpenedInput out;
  if (!range) {
    out.input = io::open_input(path);
    return out;
  }
  // A byte range is read in blocks from its first synchronisation point.
  FileRange piece = open_range(path, range->start, range->end);
  out.input = std::move(piece.input);
  out.offset = piece.begin;
  std::error_code unknown;
  const std::uintmax_t size = std::filesystem::file_size(path, unknown);
  out.goes_on = !unknown && piece.end < size;
  out.line = range->first_line ? *range->first_line : 1 + io::count_lines_before(path, piece.begin);
  return out;
}

std::uint64_t total_input_size(const std::vector<std::string>& paths) {
  std::uint64_t total = 0;
  for (const std::string& path : paths) {
    struct stat info {};
    const int status = path == "-" ? ::fstat(STDIN_FILENO, &info) : ::stat(path.c_str(), &info);
    if (status != 0 || !S_ISREG(info.st_mode)) return 0;
    total += std::uint64_t(info.st_size);
  }
  return total;
}

std::string input_failure_message(const std::exception_ptr& failure, std::string_view name) {
  std::string message;
  try {
    std::rethrow_exception(failure);
  } catch (const std::exception& e) {
    message = e.what();
  } catch (...) {
    message = "cannot be read";
  }
  // Inputs name themselves in their errors ("NAME: what went wrong"); the name is said once.
  if (message.size() > name.size() + 2 && message.starts_with(name) &&
      message.compare(name.size(), 2, ": ") == 0)
    message.erase(0, name.size() + 2);
  return message;
}

}  // namespace fenkit::pgn
