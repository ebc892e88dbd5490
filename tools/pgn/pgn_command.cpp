// fenkit pgn: select, deduplicate, classify, clean and export games.
//
// Chunks of games are read on -j threads; each keeps the games that pass the selection, written
// as asked, with a hash of each game's start and main line. The hashes are looked at in input
// order, so --unique keeps the first of a set of duplicates whatever the thread count.
#include <chrono>
#include <cstdio>
#include <memory>
#include <unordered_set>

#include "archive_events.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "fenkit/fen/printable.hpp"
#include "fenkit/pgn/archive.hpp"
#include "pgn_games.hpp"
#include "progress.hpp"
#include "rejects_file.hpp"
#include "selection_options.hpp"

namespace fenkit::tools {

namespace {

// Where the games go: standard output, a file, or a series of files of N games each.
class GameSink {
 public:
  GameSink(const std::string& output, std::uint64_t split, GamesFormat format)
      : output_(output), split_(split),
        extension_(format == GamesFormat::jsonl ? ".jsonl" : ".pgn") {
    if (!split_) open(output_.empty() ? "-" : output_);
  }
  ~GameSink() { close(); }

  void write(std::string_view game) {
    if (split_ && (!file_ || in_file_ == split_)) {
      close();
      char number[16];
      std::snprintf(number, sizeof number, "-%04llu", static_cast<unsigned long long>(++files_));
      open(output_ + number + extension_);
    }
    if (std::fwrite(game.data(), 1, game.size(), file_) != game.size()) throw OutputError(name_);
    ++in_file_;
  }

  void close() {
    if (!file_) return;
    const bool ok = std::fflush(file_) == 0 && !std::ferror(file_);
    if (file_ != stdout) std::fclose(file_);
    file_ = nullptr;
    if (!ok) throw OutputError(name_);
  }

 private:
  void open(const std::string& path) {
    name_ = path == "-" ? "<stdout>" : path;
    file_ = path == "-" ? stdout : std::fopen(path.c_str(), "wb");
    if (!file_) throw OutputError(path);
    in_file_ = 0;
  }

  std::string output_;
  std::uint64_t split_;
  std::string extension_;
  std::FILE* file_ = nullptr;
  std::string name_;
  std::uint64_t in_file_ = 0, files_ = 0;
};

constexpr const char* kNotes =
    "Input: PGN files, '-' or none for standard input; compressed input is read directly.\n"
    "Games are numbered from 1 across all files, rejected ones included. A game that cannot be\n"
    "replayed is reported with its place and left out (--rejects keeps its text); the exit\n"
    "status is then 1. The summary line says: G games, S selected, D duplicates, R rejected.";

}  // namespace

int run_pgn(const Args& args) {
  po::options_description options("pgn options");
  options.add_options()
      ("output,o", po::value<std::string>()->value_name("FILE"),
       "write to FILE (with --split: the prefix of the files)")
      ("format,f", one_of({"pgn", "jsonl"})->default_value("pgn"),
       "pgn (export format) or jsonl (one object per game: tags, moves, uci, start_fen, "
       "final_fen, plies, result, game, offset)")
      ("unique", "of games with the same start position and main line, keep the first")
      ("duplicates", po::value<std::string>()->value_name("FILE"),
       "write the games --unique leaves out to FILE")
      ("rejected", "write only the games that cannot be replayed, as they were read")
      ("no-comments", "leave out comments")
      ("no-variations", "leave out variations")
      ("no-nags", "leave out NAGs ($1, !, ...)")
      ("keep-tags", po::value<std::string>()->value_name("LIST"),
       "keep only these tags besides the seven-tag roster (comma-separated)")
      ("drop-tags", po::value<std::string>()->value_name("LIST"),
       "leave out these tags (a roster tag is then written as unknown, \"?\")")
      ("add-eco", "set ECO and Opening from the deepest known opening position reached")
      ("add-plycount", "set PlyCount to the main line's length")
      ("fix-result", "correct a Result that the final position (mate, stalemate) contradicts")
      ("split", integer(1), "with -o PREFIX: write PREFIX-0001.pgn, ... of N games each")
      ("count", "write no games, only the counts (to standard output)");
  add_rejects_option(options, "write the text of every rejected game to this file");
  add_jobs_option(options);
  add_report_options(options);
  add_files_option(options, "PGN files ('-' or none: standard input)");
  options.add(selection_options());
  const CommandLine cl = parse_command_line(args, options, "file");
  const auto& v = cl.values;
  if (cl.help) {
    print_help("pgn", "[OPTIONS] [FILE...]", options,
               {{"fenkit pgn --player Carlsen --min-elo 2700 -o carlsen.pgn archive.pgn.zst",
                 "Carlsen's games against 2700+ players, in export format"},
                {"fenkit pgn --unique --no-comments --no-variations --add-eco big.pgn > clean.pgn",
                 "one copy of each game, bare moves, with opening names"},
                {"fenkit pgn -f jsonl --position 'r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3' games.pgn",
                 "the games that reach the Ruy Lopez, as JSON lines"}},
               kNotes);
    return kExitOk;
  }

  GamesOptions games;
  games.format = v["format"].as<std::string>() == "jsonl" ? GamesFormat::jsonl : GamesFormat::pgn;
  games.rejected_only = v.count("rejected") > 0;
  games.writer.comments = !v.count("no-comments");
  games.writer.variations = !v.count("no-variations");
  games.writer.nags = !v.count("no-nags");
  if (v.count("keep-tags")) games.keep_tags = tag_names(v, "keep-tags");
  if (v.count("drop-tags")) games.drop_tags = tag_names(v, "drop-tags");
  games.add_eco = v.count("add-eco") > 0;
  games.add_plycount = v.count("add-plycount") > 0;
  games.fix_result = v.count("fix-result") > 0;
  const Reporting reporting = reporting_from(v);
  games.warnings = reporting.warnings;
  const pgn::GameFilter filter = filter_from(v);
  games.filter = &filter;
  const bool unique = v.count("unique") > 0;
  const bool count_only = v.count("count") > 0;
  const std::uint64_t split = v.count("split") ? std::uint64_t(v["split"].as<std::int64_t>()) : 0;

  refuse_unless(v, "duplicates", unique, "--unique");
  refuse_unless(v, "split", v.count("output") > 0, "-o PREFIX");
  refuse_together(v, "count", "output");
  refuse_together(v, "keep-tags", "drop-tags");
  if (games.rejected_only) {
    // Games that cannot be replayed have no main line to select, classify or compare by.
    if (!filter.empty()) throw UsageError("--rejected does not go with the game selection");
    for (const char* name : {"unique", "format", "no-comments", "no-variations", "no-nags",
                             "keep-tags", "drop-tags", "add-eco", "add-plycount", "fix-result"})
      refuse_together(v, "rejected", name);
  }
  if (games.format == GamesFormat::jsonl)
    for (const char* name : {"no-comments", "no-variations", "no-nags"})
      refuse_unless(v, name, false, "--format pgn (JSON lines hold the main line only)");

  const std::vector<std::string> files = files_from(v);  // before the outputs are opened
  RejectsFile rejects;
  if (v.count("rejects")) rejects = RejectsFile(v["rejects"].as<std::string>());
  games.keep_rejects = bool(rejects);
  std::unique_ptr<GameSink> sink;
  if (!count_only)
    sink = std::make_unique<GameSink>(v.count("output") ? v["output"].as<std::string>() : "",
                                      split, games.format);
  std::unique_ptr<GameSink> duplicates;
  if (v.count("duplicates"))
    duplicates = std::make_unique<GameSink>(v["duplicates"].as<std::string>(), 0, games.format);

  Progress progress(reporting.progress);
  Diagnostics diag(reporting, &progress);
  ReportedEvents events(diag, progress);
  pgn::ArchiveOptions archive;
  archive.jobs = jobs_from(v);
  archive.last_game = filter.last_game();
  pgn::ReaderOptions reader;
  reader.move_locations = false;
  reader.max_variation_depth = pgn::kMaxVariationDepth;  // the games are streamed, not kept
  reader.comments = games.writer.comments && games.format == GamesFormat::pgn && !games.rejected_only;
  // A bad move in a side line costs the game only when side lines are written.
  reader.reject_bad_variations = games.writer.variations && games.format == GamesFormat::pgn;

  std::unordered_set<pgn::GameHash, pgn::GameHashHasher> seen;
  std::uint64_t total = 0, rejected = 0, selected = 0, duplicate_count = 0, fixed = 0;
  pgn::read_archive<GamesChunk>(
      files, archive, events,
      [&](const pgn::Chunk& chunk, const pgn::InputSource& input, GamesChunk& result) {
        GamesVisitor visitor(games, input.name(), result);
        pgn::ReaderOptions options = reader;
        options.file_name = input.name();
        pgn::read_chunk(chunk, visitor, options);
      },
      [&](GamesChunk& result) {
        for (const WrittenGame& game : result.games) {
          const std::string_view text(result.text.data() + game.begin, game.end - game.begin);
          if (unique && !seen.insert(game.hash).second) {
            ++duplicate_count;
            if (duplicates) duplicates->write(text);
            continue;
          }
          ++selected;
          if (sink) sink->write(text);
        }
        diag.print(result.report.lines, result.report.errors, result.report.warnings);
        rejects.write(result.report.rejects);
        total += result.report.games;
        rejected += result.report.rejected;
        fixed += result.results_fixed;
      });
  if (sink) sink->close();
  if (duplicates) duplicates->close();
  progress.clear();

  const std::string counts = std::to_string(total) + " games, " + std::to_string(selected) +
                             " selected, " + std::to_string(duplicate_count) + " duplicates, " +
                             std::to_string(rejected) + " rejected";
  if (count_only) std::printf("%s\n", counts.c_str());
  if (!reporting.quiet && !count_only)
    std::fprintf(stderr, "%s%s%s\n", counts.c_str(),
                 fixed ? (", " + std::to_string(fixed) + " results fixed").c_str() : "",
                 diag.warnings_note().c_str());
  if (!rejects.close() || diag.unreadable()) return kExitUsage;
  return rejected ? kExitRejected : kExitOk;
}

}  // namespace fenkit::tools
