// read_pgn: the scanner cuts the input into games, the game parser visits each.
#include "fenkit/pgn/reader.hpp"

#include <cstring>
#include <stdexcept>
#include <vector>

#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/input.hpp"
#include "game_parser.hpp"
#include "game_scanner.hpp"

namespace fenkit::pgn {

namespace {

// Visits every game of `text` that the scanner finds; with `final` false a game cut off by the
// end of `text` is left for the next call. Returns where reading stopped.
std::size_t read_games(std::string_view text, std::size_t pos, bool final,
                       detail::GameParser& parser, detail::GameScanner& scanner,
                       std::uint32_t& line, std::uint32_t column, std::uint64_t offset,
                       std::uint64_t& number, ReadStats& stats) {
  detail::GameSpan span;
  while (scanner.next(text, pos, line, final, span) == detail::GameScanner::Found::game) {
    const detail::GameText game{text.substr(span.begin, span.end - span.begin), text.data(),
                                column, offset + span.begin, span.line, number++};
    ++stats.games;
    if (!parser.parse(game)) ++stats.rejected;
  }
  return pos;
}

}  // namespace

ReadStats read_pgn(std::string_view text, Visitor& visitor, const ReaderOptions& options) {
  detail::GameParser parser(visitor, options);
  detail::GameScanner scanner;
  ReadStats stats;
  std::uint32_t line = options.first_line;
  std::uint64_t number = options.first_game_number;
  read_games(text, 0, true, parser, scanner, line, options.first_column, options.first_offset,
             number, stats);
  stats.bytes = text.size();
  return stats;
}

ReadStats read_chunk(const Chunk& chunk, Visitor& visitor, ReaderOptions options) {
  options.first_game_number = chunk.first_game;
  options.first_line = chunk.line;
  options.first_column = chunk.column;
  options.first_offset = chunk.offset;
  if (chunk.ranges.empty()) return read_pgn(chunk.text, visitor, options);
  detail::GameParser parser(visitor, options);
  ReadStats stats;
  std::uint64_t number = chunk.first_game;
  for (const GameRange& range : chunk.ranges) {
    const detail::GameText game{chunk.text.substr(range.begin, range.end - range.begin),
                                chunk.text.data(), chunk.column, chunk.offset + range.begin,
                                range.line, number++};
    ++stats.games;
    if (!parser.parse(game)) ++stats.rejected;
  }
  stats.bytes = chunk.text.size();
  return stats;
}

ReadStats read_pgn_file(const std::string& path, Visitor& visitor, ReaderOptions options) {
  std::unique_ptr<InputSource> input = open_input(path);
  if (options.file_name == ReaderOptions().file_name) options.file_name = input->name();
  if (const std::string_view mapped = input->mapped(); !mapped.empty())
    return read_pgn(mapped, visitor, options);

  // Streamed input: read blocks, visit the whole games they hold, and carry the unfinished
  // tail (from the start of its line, so columns stay right) to the front of the buffer.
  detail::GameParser parser(visitor, options);
  detail::GameScanner scanner;
  ReadStats stats;
  std::uint32_t line = options.first_line;
  std::uint64_t number = options.first_game_number;
  std::uint64_t offset = options.first_offset;  // input offset of buffer[0]
  std::uint32_t column = options.first_column;  // and its column
  std::vector<char> buffer(std::size_t(4) << 20);
  std::size_t filled = 0;
  std::size_t resume = 0;  // where the scanner goes on in the buffer
  bool final = false;
  while (!final) {
    if (filled == buffer.size()) buffer.resize(buffer.size() * 2);  // a game larger than the buffer
    const std::size_t n = input->read(buffer.data() + filled, buffer.size() - filled);
    final = n == 0;
    filled += n;
    stats.bytes += n;
    const std::string_view text(buffer.data(), filled);
    const std::size_t stop =
        read_games(text, resume, final, parser, scanner, line, column, offset, number, stats);
    std::size_t keep = stop;
    while (keep > 0 && buffer[keep - 1] != '\n') --keep;
    std::memmove(buffer.data(), buffer.data() + keep, filled - keep);
    filled -= keep;
    offset += keep;
    if (keep > 0) column = 1;  // the buffer now begins a line
    resume = stop - keep;
  }
  return stats;
}

}  // namespace fenkit::pgn
