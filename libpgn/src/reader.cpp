// read_pgn and read_chunk: the text read by the lexer, game after game, through the game parser.
#include "fenkit/pgn/reader.hpp"

#include <algorithm>

#include "fenkit/pgn/chunker.hpp"
#include "fenkit/io/input.hpp"
#include "chunk_games.hpp"
#include "game_parser.hpp"

namespace fenkit::pgn {

ReadStats read_pgn(std::string_view text, Visitor& visitor, const ReaderOptions& options) {
  std::uint64_t line = 0;
  std::uint32_t column = 0;
  return detail::read_games(text, visitor, options, line, column);
}

namespace {

// The reader's options for a chunk: its numbers and its place in the input.
ReaderOptions placed(const Chunk& chunk, ReaderOptions options) {
  options.first_game_number = chunk.first_game;
  options.place.line = chunk.line;
  options.place.column = chunk.column;
  options.place.offset = chunk.offset;
  options.last_game_number = std::min(options.last_game_number, chunk.last_game);
  // Read as it was cut: a game past the chunker's limit is past it for the reader too.
  options.max_game_bytes = chunk.max_game_bytes;
  options.place.ends_input = chunk.ends_input;
  return options;
}

}  // namespace

namespace detail {

ChunkGames::ChunkGames(const Chunk& chunk, Visitor& visitor, const ReaderOptions& options)
    : chunk_(chunk), stream_(chunk.text, visitor, placed(chunk, options)) {}

bool ChunkGames::next() {
  if (done_) return false;
  if (stream_.next()) return true;
  done_ = true;
  if (chunk_.numbering) {  // the chunker goes on from where this chunk ends
    std::uint64_t line = stream_.end_line();
    std::uint32_t column = stream_.end_column();
    // What the chunker passed over after the text comes before the next chunk.
    if (chunk_.skipped_lines) {
      line += chunk_.skipped_lines;
      column = std::uint32_t(chunk_.skipped_tail + 1);
    } else {
      column += std::uint32_t(chunk_.skipped_tail);
    }
    ChunkNumbering& numbering = *chunk_.numbering;
    numbering.games = stream_.stats().games;
    numbering.end_line = line;
    numbering.end_column = column;
    numbering.chunks_read = chunk_.sequence + 1;
  }
  return false;
}

}  // namespace detail

ReadStats read_chunk(const Chunk& chunk, Visitor& visitor, ReaderOptions options) {
  detail::ChunkGames games(chunk, visitor, options);
  while (games.next()) {
  }
  return games.stats();
}

ReadStats read_pgn(io::InputSource& input, Visitor& visitor, ReaderOptions options) {
  if (options.file_name == ReaderOptions().file_name) options.file_name = input.name();
  if (const std::string_view mapped = input.mapped(); !mapped.empty())
    return read_pgn(mapped, visitor, options);

  // Streamed input: the chunker reads blocks and cuts them between games.
  Chunker chunker(input, std::size_t(4) << 20, options.first_game_number, Chunker::Cut::in_order);
  chunker.limit_game_size(options.max_game_bytes);
  if (!options.place.ends_input) chunker.input_goes_on();
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
