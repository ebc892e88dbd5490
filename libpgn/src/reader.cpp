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

  // Streamed input: the chunker reads blocks and cuts them after whole games.
  Chunker chunker(*input, std::size_t(4) << 20, options.first_game_number);
  ReadStats stats;
  Chunk chunk;
  while (chunker.next(chunk)) {
    const ReadStats part = read_chunk(chunk, visitor, options);
    stats.games += part.games;
    stats.rejected += part.rejected;
    stats.bytes += part.bytes;
  }
  return stats;
}

}  // namespace fenkit::pgn
