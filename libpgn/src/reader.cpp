// read_pgn: the scanner cuts the input into games, the game parser visits each.
#include "fenkit/pgn/reader.hpp"

#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/input.hpp"
#include "game_parser.hpp"
#include "game_scanner.hpp"

namespace fenkit::pgn {

namespace {

// Parses the game in text[begin, end) and counts it.
void read_game(detail::GameParser& parser, std::string_view text, std::size_t begin,
               std::size_t end, std::uint32_t line, const ReaderOptions& options,
               std::uint64_t number, ReadStats& stats) {
  const detail::GameText game{text.substr(begin, end - begin), text.data(), options.first_column,
                              options.first_offset + begin, line, number};
  ++stats.games;
  if (!parser.parse(game)) ++stats.rejected;
}

}  // namespace

ReadStats read_pgn(std::string_view text, Visitor& visitor, const ReaderOptions& options) {
  detail::GameParser parser(visitor, options);
  detail::GameScanner scanner;
  ReadStats stats;
  std::size_t pos = 0;
  std::uint32_t line = options.first_line;
  std::uint64_t number = options.first_game_number;
  detail::GameSpan span;
  while (scanner.next(text, pos, line, true, span) == detail::GameScanner::Found::game)
    read_game(parser, text, span.begin, span.end, span.line, options, number++, stats);
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
  for (const GameRange& range : chunk.ranges)
    read_game(parser, chunk.text, range.begin, range.end, range.line, options, number++, stats);
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
