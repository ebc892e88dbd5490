// Reading many PGN inputs as one archive: the games numbered across all inputs, each input cut
// into chunks of whole games, the chunks read on worker threads and their results handed back in
// input order (parallel.hpp). This is the loop behind every program that turns an archive into
// something else (positions, checks, suites, books, selected games): each supplies what to do
// with a chunk and what to do with its result, and hears of inputs that could not be read
// through ArchiveEvents, so that no input fails in silence.
//
//   struct Counts { std::uint64_t games = 0; };
//   ArchiveEvents events;  // or a subclass that reports
//   read_archive<Counts>(paths, {}, events,
//       [](const Chunk& chunk, const io::InputSource&, Counts& c) {
//         Visitor nothing;  // the reader's count is enough
//         c.games = read_chunk(chunk, nothing, {}).games;
//       },
//       [&](Counts& c) { total += c.games; });
//
// or, input by input, with an ArchiveReader.
//
// Thread safety: as detail::process_in_order (detail/parallel.hpp); the events are called on the calling thread.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/pgn/chunker.hpp"
#include "fenkit/io/input.hpp"
#include "fenkit/pgn/detail/parallel.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::pgn {

class GameFilter;

struct FENKIT_API ArchiveOptions {
  unsigned jobs = 0;                               // worker threads; 0: one per core
  // The size of the pieces given to workers. A quarter of a megabyte is still in the core's
  // second-level cache when it is parsed after the read that filled it (1 MB pieces made
  // parsing 10% slower), and keeps what is in flight (a few pieces a thread) to a few megabytes.
  std::size_t chunk_bytes = std::size_t(256) << 10;
  std::uint64_t first_game = 1;                    // the number of the first game
  // Only the games that begin in this byte range of the (one) input: Chunker::restrict_to.
  std::optional<ByteRange> range;
  // Reading stops after the chunk that holds this game (GameFilter::last_game()), so that
  // asking for the first games of a large archive does not read all of it.
  std::uint64_t last_game = UINT64_MAX;
  // Set when nothing the visitors make while reading depends on a game's number or place, but
  // for what the result renumbers (NumberedLater): several threads then read chunks numbered
  // later, with no counting pass before them.
  bool numbered_later = false;
  // The longest game (ReaderOptions::max_game_bytes): the chunks are cut with it, and read with
  // it whatever the work's ReaderOptions say.
  std::uint64_t max_game_bytes = kDefaultMaxGameBytes;

  // Reads what `filter` can select: up to its last game, and with the true game numbers when it
  // selects by number (numbered_later off).
  void limit_to(const GameFilter& filter);
};

// Where reading stands, after each chunk.
struct FENKIT_API ArchiveProgress {
  std::uint64_t bytes = 0;        // bytes read from the files (compressed ones as they are)
  std::uint64_t total_bytes = 0;  // the inputs' sizes added up, when all are known; else 0
  std::uint64_t games = 0;        // games read so far
};

// What a reader of an archive hears besides the results of its chunks.
class FENKIT_API ArchiveEvents {
 public:
  virtual ~ArchiveEvents() = default;
  // An input is open and about to be read.
  virtual void opened(const io::InputSource& /*input*/) {}
  // An input could not be opened, or broke off (the games before the break were read); the
  // message is the reason, without the name.
  virtual void failed(std::string_view /*name*/, std::string_view /*message*/) {}
  virtual void progress(const ArchiveProgress&) {}
};

struct FENKIT_API ArchiveTotals {
  std::uint64_t games = 0;        // games read, in every input
  std::uint64_t bytes = 0;        // bytes of PGN text read (after decompression)
  std::size_t failed_inputs = 0;  // inputs that could not be opened or broke off
};

// An input opened for reading: a whole file ("-": standard input; compressed by content), or the
// games of a byte range of one (open_range), with the input offset and line of its first byte
// (the line counted unless the range knows it).
struct FENKIT_API OpenedInput {
  std::unique_ptr<io::InputSource> input;
  std::uint64_t offset = 0;
  std::uint64_t line = 1;
  // The input ends before the file does (a byte range that ends where the next one begins): its
  // last game is one that another follows (Chunker::input_goes_on).
  bool goes_on = false;
};
FENKIT_API OpenedInput open_archive_input(const std::string& path,
                                          const std::optional<ByteRange>& range);

// The inputs' sizes added up, or 0 when one of them is not a regular file (a pipe, standard
// input). Compressed files count with their size on disk.
FENKIT_API std::uint64_t total_input_size(const std::vector<std::string>& paths);

// The message of an exception thrown by an input, without the input's name in front.
FENKIT_API std::string input_failure_message(const std::exception_ptr& failure,
                                             std::string_view name);

// A result that can come from a chunk numbered later (Chunker::Cut::numbered_later): told so
// before its chunk is read (number_later), it keeps what depends on the chunk's place apart until
// renumber gives the place, on the emitting thread, before the result is emitted. ChunkReport is
// one, and so is a result whose only such part is its `report`, a ChunkReport. With such results
// (and ArchiveOptions::numbered_later) several threads read without a counting pass.
template <typename Result>
concept RenumbersItself = requires(Result& result, const ChunkStart& start) {
  result.number_later();
  result.renumber(start);
};
template <typename Result>
concept RenumbersItsReport = requires(Result& result, const ChunkStart& start) {
  result.report.number_later();
  result.report.renumber(start);
};
template <typename Result>
concept NumberedLater = RenumbersItself<Result> || RenumbersItsReport<Result>;

namespace detail {
template <NumberedLater Result>
void number_later(Result& result) {
  if constexpr (RenumbersItself<Result>)
    result.number_later();
  else
    result.report.number_later();
}
template <NumberedLater Result>
void renumber(Result& result, const ChunkStart& start) {
  if constexpr (RenumbersItself<Result>)
    result.renumber(start);
  else
    result.report.renumber(start);
}
}  // namespace detail

// Reads inputs one after the other as one archive: work(chunk, input, result) runs on worker
// threads, emit(result) on the calling thread in input order. Game numbers go on across inputs.
// Exceptions of `work` or `emit` stop the reading and are thrown; an input that fails is
// reported to the events, and the next one can be read.
template <typename Result>
class ArchiveReader {
 public:
  using Work = std::function<void(const Chunk&, const io::InputSource&, Result&)>;
  using Emit = std::function<void(Result&)>;

  ArchiveReader(const ArchiveOptions& options, ArchiveEvents& events, Work work, Emit emit)
      : options_(options), events_(events), work_(std::move(work)), emit_(std::move(emit)) {}

  // Sets the total size that progress reports count against (see total_input_size).
  void expect_bytes(std::uint64_t total) { progress_.total_bytes = total; }

  // Opens and reads one input ("-" is standard input; compressed input is recognised).
  void read(const std::string& path);
  // Reads an input already open (`offset` and `line`: where its first byte lies in a larger
  // input it is a piece of, open_range; `goes_on`: that larger input goes on after it).
  void read(io::InputSource& input, std::uint64_t offset = 0, std::uint64_t line = 1,
            bool goes_on = false);

  const ArchiveTotals& totals() const { return totals_; }

 private:
  void fail(std::string_view name, const std::exception_ptr& failure) {
    events_.failed(name, input_failure_message(failure, name));
    ++totals_.failed_inputs;
  }

  ArchiveOptions options_;
  ArchiveEvents& events_;
  Work work_;
  Emit emit_;
  ArchiveTotals totals_;
  ArchiveProgress progress_;
};

// The work of reading each chunk's games with a visitor of its own: make_visitor(input, result)
// makes the visitor for one chunk (on a worker thread), and the chunk is read with `reader`,
// file_name set to the input's name. The one way the programs and the Python module read an
// archive's games:
//
//   read_archive<Counts>(paths, {}, events,
//       visit_chunks<Counts>(reader, [](const io::InputSource& input, Counts& c) {
//         return CountingVisitor(input.name(), c);
//       }),
//       [&](Counts& c) { ... });
template <typename Result, typename MakeVisitor>
typename ArchiveReader<Result>::Work visit_chunks(const ReaderOptions& reader,
                                                 MakeVisitor make_visitor) {
  return [reader, make_visitor](const Chunk& chunk, const io::InputSource& input, Result& result) {
    auto visitor = make_visitor(input, result);
    ReaderOptions options = reader;
    options.file_name = input.name();
    read_chunk(chunk, visitor, options);
  };
}

// Reads `paths` in order with an ArchiveReader, progress counted against their total size.
template <typename Result>
ArchiveTotals read_archive(const std::vector<std::string>& paths, const ArchiveOptions& options,
                           ArchiveEvents& events,
                           typename ArchiveReader<Result>::Work work,
                           typename ArchiveReader<Result>::Emit emit) {
  ArchiveReader<Result> reader(options, events, std::move(work), std::move(emit));
  reader.expect_bytes(total_input_size(paths));
  for (const std::string& path : paths) reader.read(path);
  return reader.totals();
}

// ---------------------------------------------------------------------------------------------

template <typename Result>
void ArchiveReader<Result>::read(const std::string& path) {
  OpenedInput opened;
  try {
    opened = open_archive_input(path, options_.range);
  } catch (...) {
    fail(path == "-" ? "<stdin>" : path, std::current_exception());
    return;
  }
  read(*opened.input, opened.offset, opened.line, opened.goes_on);
}

template <typename Result>
void ArchiveReader<Result>::read(io::InputSource& input, std::uint64_t offset, std::uint64_t line,
                                 bool goes_on) {
  events_.opened(input);
  // One thread reads chunks cut in order, which saves finding the games before reading them.
  // An input of a chunk or two is read on this thread: a second one would only wait. Several
  // threads read chunks numbered later when the results allow it, which saves the same pass;
  // else chunks counted as they are cut (reading stops after a game: numbers are needed then).
  const std::size_t size = input.size_hint();
  const unsigned jobs =
      size && size < 2 * options_.chunk_bytes ? 1 : detail::resolve_jobs(options_.jobs);
  Chunker::Cut cut = Chunker::Cut::counted;
  if (jobs == 1)
    cut = Chunker::Cut::in_order;
  else if (NumberedLater<Result> && options_.numbered_later && options_.last_game == UINT64_MAX)
    cut = Chunker::Cut::numbered_later;
  Chunker chunker(input, options_.chunk_bytes, options_.first_game + totals_.games, cut);
  chunker.stop_after_game(options_.last_game);
  chunker.limit_game_size(options_.max_game_bytes);
  if (goes_on) chunker.input_goes_on();
  if (offset || line != 1) chunker.start_at(offset, line);
  const std::uint64_t bytes_before = totals_.bytes, raw_before = progress_.bytes;
  // Where the next result to emit begins, for chunks numbered later.
  ChunkStart start{options_.first_game - 1 + totals_.games, line, 1};
  const bool numbered_later = cut == Chunker::Cut::numbered_later;
  struct InFlight {
    ChunkNumbering read;  // the games read (and, numbered later, where the chunk's text ends)
    Result result;
    // Ready for another chunk: a result that can be cleared keeps its buffers.
    void clear() {
      read = ChunkNumbering();
      detail::clear_for_next_chunk(result);
    }
  };
  const std::exception_ptr broke = detail::process_in_order<InFlight>(
      chunker, jobs,
      [&](const Chunk& chunk, InFlight& r) {
        if constexpr (NumberedLater<Result>)
          if (numbered_later) detail::number_later(r.result);
        work_(chunk, input, r.result);
        // A chunk cut in order knows its games once read; a counted one holds games after the
        // last one wanted, which read_chunk leaves unread.
        if (chunk.numbering)
          r.read = *chunk.numbering;
        else
          r.read.games = chunk.first_game > chunk.last_game
                             ? 0
                             : std::min(chunk.games, chunk.last_game - chunk.first_game + 1);
      },
      [&](InFlight& r) {
        if constexpr (NumberedLater<Result>)
          if (numbered_later) {
            detail::renumber(r.result, start);
            start = start.after(r.read);
          }
        emit_(r.result);
        totals_.games += r.read.games;
        totals_.bytes = bytes_before + chunker.bytes_read();
        // Progress counts the bytes of the files (compressed ones as they are), to set them
        // against the files' sizes.
        progress_.bytes = raw_before + (input.mapped().empty() ? input.raw_bytes_read()
                                                               : chunker.bytes_read());
        progress_.games = totals_.games;
        events_.progress(progress_);
      });
  if (broke) fail(input.name(), broke);
}

}  // namespace fenkit::pgn
