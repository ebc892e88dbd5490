// fenkit replay: the position after every move of every game, from PGN archives of any size.
#include <charconv>
#include <cstdio>

#include "command_run.hpp"
#include "commands.hpp"
#include "fenkit/fen/printable.hpp"
#include "fenkit/pgn/position_rows.hpp"
#include "selection_options.hpp"

namespace fenkit::tools {

namespace {

pgn::RowFormat parse_format(const std::string& name) {
  if (name == "epd") return pgn::RowFormat::epd;
  if (name == "csv") return pgn::RowFormat::csv;
  if (name == "jsonl") return pgn::RowFormat::jsonl;
  return pgn::RowFormat::fen;
}

// "START:END" in bytes; either side may be empty (from the start, to the end).
pgn::ByteRange parse_range(const std::string& text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) throw UsageError("--range wants START:END (byte offsets)");
  auto offset = [&](const std::string& s, std::uint64_t fallback) {
    if (s.empty()) return fallback;
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (error != std::errc() || end != s.data() + s.size())
      throw UsageError("--range: '" + fen::printable(s) +
                       "' is not a byte offset (a whole number, 0 or more)");
    return value;
  };
  const pgn::ByteRange range{offset(text.substr(0, colon), 0),
                             offset(text.substr(colon + 1), UINT64_MAX)};
  if (range.end < range.start) throw UsageError("--range: END is before START");
  return range;
}

constexpr const char* kNotes =
    "Input: PGN files, '-' or none for standard input; gzip, bzip2, xz and zstd input is\n"
    "recognised by its content and read directly. Games are numbered from 1 in input order\n"
    "across all files, rejected ones included; a rejected game writes nothing, is reported with\n"
    "its place, and makes the exit status 1. --every N keeps the plies that are multiples of N\n"
    "(counted from the game's start position, whatever --min-ply says).";

po::options_description replay_options() {
  po::options_description options("replay options");
  options.add_options()
      ("format,f", one_of({"fen", "epd", "csv", "jsonl"})->default_value("fen"),
       "fen, epd, csv or jsonl")
      ("with-start", "also write each game's start position (ply 0)")
      ("variations", "also write the positions inside variations")
      ("min-ply", integer(0)->default_value(0), "skip positions before this ply")
      ("max-ply", integer(0), "skip positions after this ply (default: none)")
      ("every", integer(1)->default_value(1),
       "only the plies that are multiples of N (ply 0 with --with-start)")
      ("san", "fen format: add the move that led to the position, in SAN (tab-separated)")
      ("uci", "fen format: add that move in UCI (tab-separated)")
      ("range", po::value<std::string>()->value_name("START:END"),
       "only the games that begin in this byte range of the one FILE, each edge moved forward "
       "to the next synchronisation point (so that ranges tiling a file read every game once)")
      ("game-offset", integer(0)->default_value(0),
       "add this to every game number (for the pieces of a --range split)")
      ("tags", po::value<std::string>()->value_name("LIST"),
       "columns with these tags' values (comma-separated names: White,Black,WhiteElo,...)")
      ("eval", "columns eval (centipawns, White's view) and mate (moves, + White mates) from the "
               "[%eval] after the move")
      ("clock", "column clk: the time left in seconds, from the [%clk] after the move")
      ("comments", "column comment: the comment after the move, without its [%...] commands")
      ("nags", "column nags: the move's NAGs ($1 ! $2 ? ...) as numbers")
      ("next", "columns next_san and next_uci: the move the game played from the position")
      ("final", "only the last position of each game");
  add_ep_option(options);
  add_rejects_option(options, "write the text of every rejected game to this file");
  add_output_option(options);
  add_compression_option(options);
  add_jobs_option(options);
  add_max_game_size_option(options);
  add_report_options(options);
  add_files_option(options, "PGN files ('-' or none: standard input)");
  options.add(selection_options());
  return options;
}

void print_replay_help(const po::options_description& options) {
  print_help("replay", "[OPTIONS] [FILE...]", options,
             {{"fenkit replay games.pgn.zst > positions.fen", "the FEN after every move"},
              {"fenkit replay -f csv --with-start --ep legal games.pgn",
               "game,ply,san,uci,fen with each start position, en passant as python-chess"},
              {"fenkit replay -f csv --tags WhiteElo,BlackElo,Result --eval --clock lichess.pgn.zst",
               "positions with ratings, result, evaluation and clock: a data set"},
              {"fenkit replay -f csv --final --tags White,Black,Result --min-elo 2500 games.pgn",
               "the final position and result of every game between 2500+ players"}},
             kNotes);
}

// An option of the rows (PositionRowOptions::problem's key, "max_ply") as the command line names
// it: "--max-ply".
std::string option_name(std::string_view key) {
  std::string name = "--";
  for (const char c : key) name += c == '_' ? '-' : c;
  return name;
}

// The rows the command line asks for. Throws UsageError for options that do not go together.
pgn::PositionRowOptions replay_settings(const po::variables_map& v) {
  pgn::PositionRowOptions replay;
  replay.format = parse_format(v["format"].as<std::string>());
  replay.ep = ep_from(v);
  replay.with_start = v.count("with-start") > 0;
  replay.variations = v.count("variations") > 0;
  replay.san = v.count("san") > 0;
  replay.uci = v.count("uci") > 0;
  if (v.count("tags")) replay.tags = tag_names(v, "tags");
  replay.eval = v.count("eval") > 0;
  replay.clock = v.count("clock") > 0;
  replay.comments = v.count("comments") > 0;
  replay.nags = v.count("nags") > 0;
  replay.next = v.count("next") > 0;
  replay.final = v.count("final") > 0;
  replay.warnings = v.count("warnings") > 0;
  // No game is 2^32 plies long: larger numbers mean the same as the largest.
  auto ply = [&](const char* name) {
    return std::uint32_t(std::min<std::int64_t>(v[name].as<std::int64_t>(), UINT32_MAX));
  };
  replay.min_ply = ply("min-ply");
  if (v.count("max-ply")) replay.max_ply = ply("max-ply");
  replay.every = ply("every");
  replay.game_offset = v["game-offset"].as<std::int64_t>();
  // The rules of the rows' options are the library's, which the Python module keeps too.
  if (const std::optional<std::string> problem = replay.problem(&option_name))
    throw UsageError(*problem);
  return replay;
}

}  // namespace

int run_replay(const Args& args) {
  const po::options_description options = replay_options();
  const CommandLine cl = parse_command_line(args, options, "file");
  const auto& v = cl.values;
  if (cl.help) {
    print_replay_help(options);
    return kExitOk;
  }
  pgn::PositionRowOptions replay = replay_settings(v);
  const pgn::GameFilter filter = filter_from(v);
  CommandRun run(v);
  pgn::ArchiveOptions archive;
  archive.jobs = jobs_from(v);
  archive.numbered_later = !replay.rows_hold_game_numbers();
  archive.limit_to(filter);
  if (v.count("range")) {
    if (run.inputs().size() != 1) throw UsageError("--range needs exactly one file");
    if (run.inputs()[0] == "-")
      throw UsageError("--range needs a file, not standard input (the range is of its bytes)");
    archive.range = parse_range(v["range"].as<std::string>());
  }
  run.open_outputs({{"output", output_from(v)}});
  io::OutputFile& out = run.output(0);
  if (replay.format == pgn::RowFormat::csv) out.write(replay.csv_header());

  std::uint64_t positions = 0, selected = 0;
  pgn::detail::BufferPool buffers;  // output buffers go round between workers and the writer
  const bool keep_rejects = run.keeps_rejects();
  const pgn::ArchiveTotals totals = run.read_games<pgn::PositionRowChunk>(
      archive,
      pgn::visit_chunks<pgn::PositionRowChunk>(
          replay.reader_options(),
          [&](const io::InputSource& input, pgn::PositionRowChunk& result) {
            result.output = buffers.take();
            return pgn::PositionRowSelector(&filter, replay, input.name(), result, keep_rejects);
          }),
      [&](pgn::PositionRowChunk& result) {
        out.write(result.output.view());
        buffers.give(std::move(result.output));
        run.take(result.report);
        selected += result.selected;
        positions += result.positions;
      });

  const pgn::ReportTotals& games = run.totals();
  const double seconds = run.seconds();
  char rates[160];
  std::snprintf(rates, sizeof rates, "%llu positions in %.2f s (%.1f MB/s, %.2f M positions/s)",
                static_cast<unsigned long long>(positions), seconds,
                seconds > 0 ? double(totals.bytes) / seconds / 1e6 : 0.0,
                seconds > 0 ? double(positions) / seconds / 1e6 : 0.0);
  return run.finish(Summary("games", games.games, selected, games.rejected)
                        .also(games.games - games.rejected - selected, "not selected",
                              !filter.empty())
                        .then(rates));
}

}  // namespace fenkit::tools
