// Cutting an input into chunks of whole games, numbered as a single reader would number them,
// so that several threads (or machines) can read one archive and still agree on every game.
//
// Thread safety: a Chunker reads its input and belongs to one thread; the Chunks it hands out
// may be read on other threads (their text stays valid while a Chunk holds it).
#pragma once

#include <cstddef>
#include <cstdint>
#include <exception>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "fenkit/io/input.hpp"
#include "fenkit/pgn/reader.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::pgn {

// What the reader of a chunk cut in order or numbered later (Chunker::Cut) found in it; read_chunk
// fills it in. The next chunk's numbers go on from it.
struct FENKIT_API ChunkNumbering {
  std::uint64_t chunks_read = 0;  // chunks read so far
  std::uint64_t games = 0;        // games in the chunk read last
  std::uint64_t end_line = 1;     // the line and column where that chunk's text ends
  std::uint32_t end_column = 1;
};

// Where a chunk numbered later (Chunker::Cut::numbered_later) begins in its input, known once the
// chunks before it are read: it was read as if it began an input (game 1, line 1, column 1), and
// its places and game numbers are moved by these.
struct FENKIT_API ChunkStart {
  std::uint64_t games_before = 0;  // games of the input (and of the inputs before) before it
  std::uint64_t line = 1;          // line and column of its first byte
  std::uint32_t column = 1;

  std::uint64_t game(std::uint64_t read) const { return read + games_before; }
  // A place read in the chunk, as a place in the input: columns move on the first line only.
  std::uint64_t line_of(std::uint64_t read_line) const { return read_line + line - 1; }
  std::uint32_t column_of(std::uint64_t read_line, std::uint32_t read_column) const {
    return read_line == 1 ? read_column + column - 1 : read_column;
  }
  // The start of the chunk after this one, which held `read`.
  ChunkStart after(const ChunkNumbering& read) const {
    return {games_before + read.games, line_of(read.end_line),
            column_of(read.end_line, read.end_column)};
  }
};

struct FENKIT_API Chunk {
  std::string_view text;         // whole games (and the blank text between them)
  std::uint64_t offset = 0;      // input offset of text[0]
  std::uint64_t line = 1;        // line of text[0]
  std::uint32_t column = 1;      // column of text[0] (a chunk may begin inside a line)
  std::uint64_t first_game = 1;  // number of the chunk's first game
  std::uint64_t games = 0;       // games in the chunk (cut in order: numbering->games once read)
  // Cut without numbers (Cut::numbered_later): line, column and first_game are 1, as if the
  // chunk began an input; ChunkStart gives the true ones once the chunks before it are read.
  bool numbered_later = false;
  std::uint64_t sequence = 0;    // 0, 1, 2 ... in input order
  // Keeps the bytes of streamed input (files read in blocks, decompressed or piped input)
  // while the chunk lives; empty when `text` points into a mapping or a buffer that outlives
  // the chunk.
  std::shared_ptr<const void> storage;
  // Set for a chunk cut in order: read_chunk tells the chunker how many games it held.
  std::shared_ptr<ChunkNumbering> numbering;
  // The last game wanted (Chunker::stop_after_game): read_chunk reads none after it.
  std::uint64_t last_game = UINT64_MAX;
  // Whether the chunk's text ends its input (the last chunk of a file; not a byte range's
  // last, which ends where the next range begins): a last game without result is then
  // rejected (ReaderOptions::ends_input).
  bool ends_input = false;
  // The limit on a game's size the chunk was cut with (Chunker::limit_game_size), which
  // read_chunk reads it with.
  std::uint64_t max_game_bytes = kDefaultMaxGameBytes;
  // Set when the chunk's last game did not end within its limit (max_game_bytes): the text ends
  // a little past the limit (as far as the judgement of a line that begins before it may look,
  // so that its reader sees the game end as a reader of the whole input does), and the bytes of
  // the input after it, to the first synchronisation point at or after the limit (or the
  // input's end), were passed over and not kept: `skipped` of them, holding `skipped_lines` line
  // ends, the last `skipped_tail` bytes after the last of them. read_chunk numbers what follows
  // as if it had read them. (A long escape line between games is passed over likewise.)
  bool cut_at_limit = false;
  std::uint64_t skipped = 0;
  std::uint64_t skipped_lines = 0;
  std::uint64_t skipped_tail = 0;
};

// Reads the chunk's games: read_pgn with the chunk's numbers, line and offset.
// (Defined with the reader.)
FENKIT_API ReadStats read_chunk(const Chunk& chunk, Visitor& visitor, ReaderOptions options);

class FENKIT_API Chunker {
 public:
  // How chunks are cut.
  //  - counted: each chunk's games are found and counted as it is cut (one pass of the lexer
  //    over the text), so chunks may be read in any order, on any number of threads.
  //  - in_order: chunks are cut at synchronisation points (see restrict_to), which needs no
  //    pass over the games; they are numbered as they are read, so each chunk must be read
  //    (read_chunk) before the next one is asked for. For reading on one thread, where it
  //    saves the counting pass. Where no synchronisation point comes for a long stretch, the
  //    chunk is cut after whole games as in `counted`.
  //  - numbered_later: cut as in_order, and each chunk read as if it began an input (its own
  //    `numbering`), so chunks may be read in any order, on any number of threads, with no
  //    counting pass: the reader of the results moves their places and game numbers
  //    (ChunkStart), in input order. For results that keep their places apart until then
  //    (ChunkReport::number_later).
  enum class Cut : std::uint8_t { counted, in_order, numbered_later };

  // Chunks of about `target_bytes` (a game larger than that makes a larger chunk).
  explicit Chunker(io::InputSource& input, std::size_t target_bytes = std::size_t(2) << 20,
                   std::uint64_t first_game = 1, Cut cut = Cut::counted);
  ~Chunker();
  Chunker(const Chunker&) = delete;
  Chunker& operator=(const Chunker&) = delete;

  // Keeps only the games that begin in the byte range [start, end) of the input, for
  // dividing one file between independent processes. The range's edges move forward to the
  // next synchronisation point (or the end of the input): the start of the input, or a line
  // after a blank line that starts "[Event ", or that starts a tag ('[', a name, blanks, '"',
  // within the line's first kilobyte) when the last line before the blank lines that is not
  // blank ends with a result token
  // (1-0, 0-1, 1/2-1/2, *), as games without [Event tags have it. No game reaches across a
  // synchronisation point (not its movetext, an unclosed comment, nor its tag section), so
  // ranges that tile a file read every game once, as reading it whole does.
  // Needs a memory-mapped input (open_input with Access::mapped: a regular, uncompressed file,
  // not UTF-16); throws otherwise.
  // `first_line`: the line the range's first game starts on, when the caller knows it (the
  // lines of the ranges before it, count_range); else the lines before it are counted.
  void restrict_to(std::uint64_t start, std::uint64_t end,
                   std::optional<std::uint64_t> first_line = std::nullopt);

  // For a piece of a larger input read on its own (open_range): the input offset and line of
  // its first byte, which begins a line. Before the first chunk. (Chunks numbered later are
  // read from line 1 all the same: the caller's first ChunkStart holds the line.)
  void start_at(std::uint64_t offset, std::uint64_t line) {
    offset_ = offset;
    line_ = line;
    column_ = 1;
  }

  // Stops after game `last`: no chunk begins after it, and read_chunk reads no game after it
  // in the chunk that holds it. For reading only the first games of a large input. Chunks
  // numbered later do not know their games' numbers: throws std::logic_error for them.
  void stop_after_game(std::uint64_t last);

  // The longest game (ReaderOptions::max_game_bytes), before the first chunk. A game that has
  // not ended within that many bytes ends a chunk there (Chunk::cut_at_limit), and the input
  // after it is passed over, without being kept, to the first synchronisation point at or
  // after the limit. So the chunker holds at most the chunk's target size and one game's
  // limit, whatever the input; and the time it takes is linear in the input's size, however
  // the input is shaped (no game boundary, one endless line, one huge comment), as it finds
  // each game's end once.
  void limit_game_size(std::uint64_t max_bytes) { max_game_ = max_bytes ? max_bytes : 1; }

  // For a piece of a larger input read on its own (open_range) that ends before that input
  // does: its last chunk does not end the input (Chunk::ends_input).
  void input_goes_on() { input_goes_on_ = true; }

  // The next chunk; false at the end of the input. Throws std::runtime_error when the input
  // cannot be read on, once the whole games read before the failure have been handed out, and
  // std::logic_error when chunks cut in order are asked for before the last one was read.
  bool next(Chunk& chunk);

  std::uint64_t bytes_read() const { return bytes_read_; }
  Cut cut() const { return cut_; }
  // The most bytes of the input the chunker has held at once (for tests of its memory).
  std::size_t largest_buffer() const;

 private:
  bool next_mapped(Chunk& chunk);
  bool next_streamed(Chunk& chunk);
  // In order: takes the numbers the reader of the last chunk left.
  void catch_up();
  // After a chunk of `games` games found by the lexer, ending at `line` and `column`: where the
  // next chunk's numbers start.
  void went_past(std::uint64_t games, std::uint64_t line, std::uint32_t column);
  // Fills in the chunk's place and numbers; `games` is 0 for a chunk cut in order.
  void hand_out(Chunk& chunk, std::string_view text, std::uint64_t games,
                std::shared_ptr<const void> storage, bool ends_input);
  // Streamed input: the chunk ends past the limit of a game that begins at `game` in the
  // pending text, and the input after it is passed over to the next synchronisation point.
  bool cut_past_limit(Chunk& chunk, std::size_t game);
  // The chunk ends after the '%' of an escape line at `at` that is longer than a block, and the
  // rest of the line is passed over.
  bool cut_escape_line(Chunk& chunk, std::size_t at);
  // The pending text to `text_end` (of `games` games) is the chunk; the input after it is
  // passed over (counted, not kept) to where `find_end`, given the input from `search_from`
  // on, says (the chunk ends there if that comes first).
  struct EndFinder;
  bool pass_over(Chunk& chunk, std::size_t text_end, std::size_t search_from, std::uint64_t games,
                 bool past_limit, EndFinder& find_end);

  io::InputSource& input_;
  std::size_t target_;
  Cut cut_;
  std::uint64_t max_game_ = kDefaultMaxGameBytes;
  bool input_goes_on_ = false;
  std::shared_ptr<ChunkNumbering> numbering_;  // in order only
  std::uint64_t next_game_;
  std::uint64_t last_game_ = UINT64_MAX;
  std::uint64_t sequence_ = 0;
  std::uint64_t bytes_read_ = 0;
  std::uint64_t line_ = 1;
  std::uint32_t column_ = 1;  // of the next chunk's first byte
  std::uint64_t offset_ = 0;  // of the next chunk's first byte in the input

  // Mapped input: the part still to cut.
  std::string_view mapped_;
  std::size_t mapped_pos_ = 0;
  std::size_t mapped_end_ = 0;

  // Streamed input: bytes read but not yet handed out, starting at input offset `offset_`,
  // in buffers that go round (chunker.cpp).
  struct Streamed;
  std::unique_ptr<Streamed> streamed_;
};

// What a byte range of a mapped input holds (Chunker::restrict_to): its games, counted as the
// reader numbers them, and its line ends; both added up over the ranges before a range give its
// game offset and its first line (line 1 + the lines before), so that ranges read apart number
// games and places as reading the whole input does, without reading what lies before them.
struct FENKIT_API RangeCounts {
  std::uint64_t games = 0;
  std::uint64_t lines = 0;
};
FENKIT_API RangeCounts count_range(const std::string& path, std::uint64_t start,
                                   std::uint64_t end);

// The first synchronisation point at or after `offset` (see Chunker::restrict_to).
FENKIT_API std::size_t next_sync_point(std::string_view text, std::size_t offset);

}  // namespace fenkit::pgn
