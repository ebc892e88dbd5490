// One run of a command, from its parsed command line to its exit status: the one place where
// outputs are checked and opened, inputs read, problems reported, progress drawn, the summary
// printed and the exit status decided. A command keeps only its options and its visitor:
//
//   CommandRun run(values);                        // -q, -W, the inputs, --rejects
//   run.open_outputs({{"output", path}});          // checked against every input, then opened
//   run.read_games<Result>(archive, pgn::visit_chunks<Result>(reader, make_visitor),
//                          [&](Result& r) { run.output(0).write(r.text); run.take(r.report); });
//   return run.finish(Summary("games", total, used, rejected));
//
// Outputs named on the command line are written under temporary names and renamed into place by
// finish() when the run has ended well (output_file.hpp); a failed write anywhere is one
// OutputError, which main() reports as "FILE: error: cannot write: REASON" with exit status 2.
#pragma once

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "cli.hpp"
#include "fenkit/io/output_file.hpp"
#include "fenkit/pgn/archive.hpp"
#include "fenkit/pgn/report.hpp"
#include "output_paths.hpp"
#include "progress.hpp"

namespace fenkit::tools {

// The summary line every command ends with, in the same words everywhere:
//   N ITEMS, U used, R rejected[, K OTHER...][, W warnings]; DETAILS
class Summary {
 public:
  Summary() = default;
  Summary(std::string_view items, std::uint64_t total, std::uint64_t used, std::uint64_t rejected);

  // ", N WHAT" after the counts, when N is not 0 (or always).
  Summary& also(std::uint64_t n, std::string_view what, bool always = false);
  // "; TEXT" at the end.
  Summary& then(std::string_view text);
  // A second group of counts ("; N positions, U used, R rejected"), for check.
  Summary& and_counts(std::string_view items, std::uint64_t total, std::uint64_t used,
                      std::uint64_t rejected);

  std::string line(const Diagnostics& diagnostics) const;

 private:
  std::string counts_, details_;
};

class CommandRun {
 public:
  struct Settings {
    // The option holding the input paths (none given: standard input); null for a command
    // that reads no files.
    const char* inputs_option = "file";
    const char* kind = "PGN";            // what a terminal on standard input is asked for
  };

  // Reads -q, -W, the inputs (none: standard input) and --rejects from the command line.
  explicit CommandRun(const po::variables_map& values, Settings settings);
  explicit CommandRun(const po::variables_map& values) : CommandRun(values, Settings{}) {}
  ~CommandRun();
  CommandRun(const CommandRun&) = delete;
  CommandRun& operator=(const CommandRun&) = delete;

  const std::vector<std::string>& inputs() const { return inputs_; }
  const Reporting& reporting() const { return reporting_; }
  Diagnostics& diagnostics() { return *diagnostics_; }
  Progress& progress() { return *progress_; }
  bool keeps_rejects() const { return !rejects_path_.empty(); }

  // Checks every path the run may write (these outputs, the --rejects file, the parts of
  // `split`) against every input and each other (output_paths.hpp), then opens them; throws
  // UsageError or OutputError before anything is read. Call once, before reading.
  void open_outputs(const std::vector<PlannedOutput>& outputs = {},
                    const std::optional<SplitNames>& split = {});
  // The outputs in the order given to open_outputs().
  io::OutputFile& output(std::size_t i) { return *outputs_.at(i); }
  // The next part of the split series (the one before it closed, and kept until finish()).
  io::OutputFile& next_part();
  // Writes `text` to the part of `key` in a keyed series (SplitNames::keyed), made when first
  // written to. What each part is given waits in memory, kKeyedPending bytes for all of them
  // together; when they hold more, the part with the most is written and suspended (one part
  // open at a time, however many keys: an ECO split makes 500 files, an event split thousands).
  void write_keyed(std::string_view key, std::string_view text);
  static constexpr std::size_t kKeyedPending = std::size_t(8) << 20;

  // Reads the games of every input as one archive (pgn::ArchiveReader): inputs that cannot be
  // read are reported, progress drawn, game numbers go on across inputs, games no longer than
  // --max-game-size. `starting(i)` is
  // called before input i is read, after the results of the inputs before it.
  template <typename Result>
  pgn::ArchiveTotals read_games(const pgn::ArchiveOptions& options,
                                typename pgn::ArchiveReader<Result>::Work work,
                                typename pgn::ArchiveReader<Result>::Emit emit,
                                const std::function<void(std::size_t)>& starting = nullptr);
  // The same for one input already open (check reads inputs of several kinds), of `size` bytes
  // on disk (0: unknown).
  template <typename Result>
  pgn::ArchiveTotals read_games(io::InputSource& input, std::uint64_t size,
                                const pgn::ArchiveOptions& options,
                                typename pgn::ArchiveReader<Result>::Work work,
                                typename pgn::ArchiveReader<Result>::Emit emit);

  // Opens an input for a reader of lines or records; reports one that cannot be opened and
  // gives null. Says once how to end standard input on a terminal.
  std::unique_ptr<io::InputSource> open_input(const std::string& path);
  // An input that broke off or could not be read: FILE: error: MESSAGE (exit status 2).
  void input_failed(std::string_view name, std::string_view message);

  // What a chunk's reader said: its diagnostics shown, the text of its rejected games kept
  // (--rejects), its games counted.
  void take(const pgn::ChunkReport& report);
  // What a reader said of games that are not the run's own (a file read for reference, as
  // --checkfile): its diagnostics shown, nothing counted; a rejected game makes the exit
  // status at least 1.
  void show(const pgn::ChunkReport& report);
  // The text of a rejected record, kept with --rejects (a line end is added).
  void keep_rejected_line(std::string_view text);
  // Makes the exit status at least 1 (something was not used) though no error was reported.
  void mark_incomplete() { incomplete_ = true; }

  const pgn::ReportTotals& totals() const { return totals_; }
  // Whether an input could not be read whole: finish() then writes no named file.
  bool inputs_failed() const { return diagnostics_->unreadable() > 0; }
  double seconds() const;

  // Ends the run: every output committed (when no input failed: a file that could not be read
  // whole leaves the outputs as they were), standard output flushed, then the summary printed
  // (unless -q). Returns the exit status: 2 when an input could not be read, 1 when something
  // was rejected (or marked), 0 otherwise. Throws OutputError when a last write fails.
  int finish(const Summary& summary);
  int finish() { return finish(Summary()); }

 private:
  class Events;

  Settings settings_;
  Reporting reporting_;
  std::vector<std::string> inputs_;
  std::string rejects_path_;
  std::unique_ptr<Progress> progress_;
  std::unique_ptr<Diagnostics> diagnostics_;
  std::unique_ptr<Events> events_;
  std::vector<std::unique_ptr<io::OutputFile>> outputs_;
  std::unique_ptr<io::OutputFile> rejects_;
  std::optional<SplitNames> split_;
  // --compression-level (0: each format's default), and the threads of the run (-j) for zstd.
  io::CompressionSettings compression_;
  std::vector<std::unique_ptr<io::OutputFile>> parts_;
  // A keyed series: each key's part in parts_ and what waits to be written to it.
  struct KeyedPart {
    std::size_t part = 0;
    std::string pending;
  };
  void write_pending(KeyedPart& keyed);
  // Found by a key's text without making a string of it each time.
  struct KeyHash {
    using is_transparent = void;
    std::size_t operator()(std::string_view key) const { return std::hash<std::string_view>{}(key); }
  };
  std::unordered_map<std::string, KeyedPart, KeyHash, std::equal_to<>> keyed_;
  std::size_t keyed_pending_ = 0;
  pgn::ReportTotals totals_;
  bool incomplete_ = false;
  std::uint64_t max_game_bytes_;  // --max-game-size
  std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

// ---------------------------------------------------------------------------------------------

class CommandRun::Events : public pgn::ArchiveEvents {
 public:
  explicit Events(CommandRun& run) : run_(run) {}
  void opened(const io::InputSource& input) override;
  void failed(std::string_view name, std::string_view message) override {
    run_.input_failed(name, message);
  }
  void progress(const pgn::ArchiveProgress& p) override {
    run_.progress_->update(p.bytes, p.total_bytes, p.games);
  }

 private:
  CommandRun& run_;
};

template <typename Result>
pgn::ArchiveTotals CommandRun::read_games(const pgn::ArchiveOptions& options,
                                          typename pgn::ArchiveReader<Result>::Work work,
                                          typename pgn::ArchiveReader<Result>::Emit emit,
                                          const std::function<void(std::size_t)>& starting) {
  pgn::ArchiveOptions archive = options;
  archive.max_game_bytes = max_game_bytes_;
  pgn::ArchiveReader<Result> reader(archive, *events_, std::move(work), std::move(emit));
  reader.expect_bytes(pgn::total_input_size(inputs_));
  for (std::size_t i = 0; i < inputs_.size(); ++i) {
    if (starting) starting(i);
    reader.read(inputs_[i]);
  }
  return reader.totals();
}

template <typename Result>
pgn::ArchiveTotals CommandRun::read_games(io::InputSource& input, std::uint64_t size,
                                          const pgn::ArchiveOptions& options,
                                          typename pgn::ArchiveReader<Result>::Work work,
                                          typename pgn::ArchiveReader<Result>::Emit emit) {
  pgn::ArchiveOptions archive = options;
  archive.max_game_bytes = max_game_bytes_;
  pgn::ArchiveReader<Result> reader(archive, *events_, std::move(work), std::move(emit));
  reader.expect_bytes(size);
  reader.read(input);
  return reader.totals();
}

}  // namespace fenkit::tools
