// fenkit epd --from-pgn: position suites from games, as engine testers build opening books.
#include "epd_from_pgn.hpp"

#include <charconv>
#include <cstdio>

#include "command_run.hpp"
#include "fenkit/epd/position_table.hpp"
#include "fenkit/epd/suite.hpp"
#include "fenkit/fen/printable.hpp"
#include "selection_options.hpp"
#include "suite_output.hpp"

namespace fenkit::tools {

namespace {

// "N", or a range "A:B" where either side may be left out ("8:" is ply 8 onwards).
std::pair<std::uint32_t, std::uint32_t> parse_plies(const std::string& text) {
  auto number = [&](std::string_view s, std::uint32_t fallback) {
    if (s.empty()) return fallback;
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (error != std::errc() || end != s.data() + s.size())
      throw UsageError("--ply: '" + fen::printable(s) + "' is not a ply number (0 or more)");
    return value;
  };
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) {
    if (text.empty()) throw UsageError("--ply wants N or A:B");
    const std::uint32_t ply = number(text, 0);
    return {ply, ply};
  }
  const std::string_view view(text);
  const std::uint32_t first = number(view.substr(0, colon), 0);
  const std::uint32_t last = number(view.substr(colon + 1), UINT32_MAX);
  if (last < first) throw UsageError("--ply: the range " + fen::printable(text) + " is empty");
  return {first, last};
}

fen::Color parse_side(const std::string& name) {
  if (name == "white") return fen::Color::white;
  if (name == "black") return fen::Color::black;
  throw UsageError("--side is white or black");
}

}  // namespace

po::options_description from_pgn_options() {
  po::options_description options("--from-pgn options (the FILEs are PGN)");
  options.add_options()
      ("from-pgn", "make a suite from the positions of the games of PGN files")
      ("ply", po::value<std::string>(),
       "the positions after ply N, or after each ply of A:B (either side may be left out); "
       "ply 0 is the start position, 1 after the first move (default 1:)")
      ("unique", "each position once, in the order first seen (clocks do not count)")
      ("min-count", integer(1),
       "only positions seen in at least N different games (implies --unique)")
      ("side", one_of({"white", "black"}), "only positions with this side to move: white or black")
      ("annotate",
       "name the source: id \"FILE:GAME.PLY\" (the first game seen in; games are counted "
       "across all FILEs, as in the diagnostics), c0 \"White - Black, Event, Date\", and "
       "with --unique c1 \"seen in N games\"");
  add_ep_option(options);
  return options;
}

std::string from_pgn_option_used(const po::variables_map& v) {
  for (const char* name : {"ply", "unique", "min-count", "side", "ep", "annotate", "jobs"})
    if (v.count(name) && !v[name].defaulted()) return name;
  const po::options_description selection = selection_options();
  for (const auto& option : selection.options())
    if (v.count(option->long_name())) return option->long_name();
  return {};
}

namespace {

// Which positions of which games the command line asks for. Throws UsageError.
epd::SuiteFilter suite_settings(const po::variables_map& v) {
  for (const char* name : {"check", "relax", "chess960"})
    if (v.count(name)) throw UsageError(std::string("--") + name + " does not go with --from-pgn");
  epd::SuiteFilter filter;
  if (v.count("ply")) {
    const auto [first, last] = parse_plies(v["ply"].as<std::string>());
    filter.min_ply = first;
    filter.max_ply = last;
  }
  if (v.count("side")) filter.side = parse_side(v["side"].as<std::string>());
  filter.ep = ep_from(v);
  // Counts are of games, not of sightings.
  filter.once_per_game = v.count("unique") > 0 || v.count("min-count") > 0;
  filter.notes = v.count("annotate") > 0;
  return filter;
}

pgn::ReaderOptions suite_reader() {
  pgn::ReaderOptions reader;
  reader.move_locations = false;
  reader.comments = false;
  // Only the main line gives positions; a bad move in a side line is not the main line's fault.
  reader.reject_bad_variations = false;
  return reader;
}

}  // namespace

int run_epd_from_pgn(const po::variables_map& v, EpdFormat format, epd::WriteOptions write,
                     bool fields_as_read) {
  epd::SuiteFilter filter = suite_settings(v);
  const pgn::GameFilter selection = filter_from(v);
  filter.games = &selection;
  const auto min_count = std::uint32_t(std::min<std::int64_t>(
      v.count("min-count") ? v["min-count"].as<std::int64_t>() : 1, UINT32_MAX));
  const bool unique = filter.once_per_game, annotate = filter.notes;

  CommandRun run(v);
  run.open_outputs({{"output", output_from(v)}});
  // Without --fields the suite has the four EPD fields only; FEN and JSON always have six.
  EpdOutput output(format, write, run.output(0));
  // Files are named by their index in the notes (--annotate); game numbers go on across files.
  std::vector<std::string> file_names;
  for (const std::string& path : run.inputs()) file_names.push_back(display_name(path));
  SuiteOutput suite(output, format, write, format == EpdFormat::epd && fields_as_read, annotate,
                    file_names);
  epd::PositionTable table;
  std::uint64_t selected = 0, used = 0;
  std::uint32_t file = 0;
  std::string last_input;
  pgn::ArchiveOptions archive;
  archive.jobs = jobs_from(v);
  archive.numbered_later = true;  // the sightings' game numbers are renumbered
  archive.limit_to(selection);
  const bool warnings = run.reporting().warnings, keep_rejects = run.keeps_rejects();
  run.read_games<epd::SuiteChunk>(
      archive,
      pgn::visit_chunks<epd::SuiteChunk>(
          suite_reader(),
          [&](const io::InputSource& input, epd::SuiteChunk& result) {
            return epd::SuiteSelector(filter.games ? &*filter.games : nullptr, filter, input.name(),
                                     result, keep_rejects, warnings);
          }),
      [&](epd::SuiteChunk& result) {
        for (const epd::Sighting& s : result.sightings) {
          if (unique)
            table.add(epd::PositionSeen{.key = s.key, .fen = result.fen_of(s),
                                        .epd_length = s.epd_length, .file = file,
                                        .game = s.game, .ply = s.ply, .note = result.note_of(s)});
          else
            suite.write(result.fen_of(s), s.epd_length, file, s.game, s.ply, result.note_of(s), 0);
        }
        run.take(result.report);
        selected += result.selected;
        used += result.used;
      },
      [&](std::size_t input) { file = std::uint32_t(input); });
  if (unique)
    for (const epd::PositionTable::Entry& e : table.entries())
      if (e.games >= min_count)
        suite.write(e.fen_text(), e.epd_length, e.file, e.game, e.ply, e.note_text(), e.games);
  output.flush();

  // Every game is counted once: used, rejected, not chosen by the selection, or chosen but
  // without a position the filters keep (too short for --ply, the other side to move).
  const pgn::ReportTotals& games = run.totals();
  char details[160];
  std::snprintf(details, sizeof details, "%llu positions written%s in %.2f s",
                static_cast<unsigned long long>(suite.written()),
                unique ? (" (" + std::to_string(table.size()) + " distinct)").c_str() : "",
                run.seconds());
  return run.finish(Summary("games", games.games, used, games.rejected)
                        .also(games.games - games.rejected - selected, "not selected")
                        .also(selected - used, "without a position to write")
                        .then(details));
}

}  // namespace fenkit::tools
