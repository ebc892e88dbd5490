// read_pgn and read_chunk: the text read by the lexer, game after game, through the game parser.
#include "fenkit/pgn/reader.hpp"

#include <algorithm>

#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/input.hpp"
#include "game_parser.hpp"

namespace fenkit::pgn {

ReadStats read_pgn(std::string_view text, Visitor& visitor, const ReaderOptions& options) {
  std::uint64_t line = 0;
  std::uint32_t column = 0;
  return detail::read_games(text, visitor, options, line, column);
}

ReadStats read_chunk(const Chunk& chunk, Visitor& visitor, ReaderOptions options) {
  options.first_game_number = chunk.first_game;
  options.first_line = chunk.line;
  options.first_column = chunk.column;
  options.first_offset = chunk.offset;
  options.last_game_number = std::min(options.last_game_number, chunk.last_game);
  // Read as it was cut: a game past the chunker's limit is past it for the reader too.
  options.max_game_bytes = chunk.max_game_bytes;
  options.ends_input = chunk.ends_input;
  std::uint64_t line = 0;
  std::uint32_t column = 0;
  const ReadStats stats = detail::read_games(chunk.text, visitor, options, line, column);
  // What the chunker passed over after the text comes before the next chunk.
  if (chunk.skipped_lines) {
    line += chunk.skipped_lines;
    column = std::uint32_t(chunk.skipped_tail + 1);
  } else {
    column += std::uint32_t(chunk.skipped_tail);
  }
  if (chunk.numbering) {  // the chunker goes on from where this chunk ends
    ChunkNumbering& numbering = *chunk.numbering;
    numbering.games = stats.games;
    numbering.end_line = line;
    numbering.end_column = column;
    numbering.chunks_read = chunk.sequence + 1;
  }
  return stats;
}

ReadStats read_pgn_file(const std::string& path, Visitor& visitor, ReaderOptions options) {
  std::unique_ptr<InputSource> input = open_input(path);
  if (options.file_name == ReaderOptions().file_name) options.file_name = input->name();
  if (const std::string_view mapped = input->mapped(); !mapped.empty())
    return read_pgn(mapped, visitor, options);

  // Streamed input: the chunker reads blocks and cuts them between games.
  Chunker chunker(*input, std::size_t(4) << 20, options.first_game_number, Chunker::Cut::in_order);
  chunker.limit_game_size(options.max_game_bytes);
  if (!options.ends_input) chunker.input_goes_on();
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
