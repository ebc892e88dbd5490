// fenkit epd --from-pgn: position suites from games, as engine testers build opening books.
#include "epd_from_pgn.hpp"

#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>

#include "archive_events.hpp"
#include "fenkit/fen/printable.hpp"
#include "fenkit/pgn/archive.hpp"
#include "fenkit/epd/position_table.hpp"
#include "progress.hpp"
#include "rejects_file.hpp"
#include "suite_output.hpp"
#include "selection_options.hpp"
#include "fenkit/epd/suite.hpp"

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

int run_epd_from_pgn(const po::variables_map& v, const std::vector<std::string>& files,
                     EpdFormat format, epd::WriteOptions write, bool fields_as_read) {
  for (const char* name : {"check", "relax", "chess960"})
    if (v.count(name)) throw UsageError(std::string("--") + name + " does not go with --from-pgn");

  epd::SuiteFilter filter;
  if (v.count("ply")) {
    const auto [first, last] = parse_plies(v["ply"].as<std::string>());
    filter.min_ply = first;
    filter.max_ply = last;
  }
  if (v.count("side")) filter.side = parse_side(v["side"].as<std::string>());
  const pgn::GameFilter selection = filter_from(v);
  filter.games = &selection;
  filter.ep = ep_from(v);
  const auto min_count = std::uint32_t(std::min<std::int64_t>(
      v.count("min-count") ? v["min-count"].as<std::int64_t>() : 1, UINT32_MAX));
  const bool unique = v.count("unique") > 0 || v.count("min-count") > 0;
  const bool annotate = v.count("annotate") > 0;
  filter.once_per_game = unique;  // counts are of games, not of sightings
  filter.notes = annotate;
  const Reporting reporting = reporting_from(v);

  RejectsFile rejects;
  if (v.count("rejects")) rejects = RejectsFile(v["rejects"].as<std::string>());

  // Without --fields the suite has the four EPD fields only; FEN and JSON always have six.
  const bool four_fields_only = format == EpdFormat::epd && fields_as_read;
  EpdOutput output(format, write);
  std::vector<std::string> file_names;
  SuiteOutput suite(output, format, write, four_fields_only, annotate, file_names);
  epd::PositionTable table;

  Progress progress(reporting.progress);
  Diagnostics diag(reporting, &progress);
  ReportedEvents events(diag, progress);
  const auto started = std::chrono::steady_clock::now();
  std::uint64_t games = 0, selected = 0, used = 0, rejected = 0;

  pgn::ArchiveOptions archive;
  archive.jobs = jobs_from(v);
  pgn::ReaderOptions reader;
  reader.move_locations = false;
  reader.comments = false;
  // Only the main line gives positions; a bad move in a side line is not the main line's fault.
  reader.reject_bad_variations = false;
  // Files are named by their index in the notes (--annotate); game numbers go on across files.
  std::uint32_t file = 0;
  pgn::ArchiveReader<epd::SuiteChunk> pgn_reader(
      archive, events,
      [&](const pgn::Chunk& chunk, const pgn::InputSource& input, epd::SuiteChunk& result) {
        epd::SuiteVisitor visitor(filter, input.name(), result, bool(rejects), reporting.warnings);
        pgn::ReaderOptions options = reader;
        options.file_name = input.name();
        pgn::read_chunk(chunk, visitor, options);
      },
      [&](epd::SuiteChunk& result) {
        for (const epd::Sighting& s : result.sightings) {
          if (unique)
            table.add(epd::PositionSeen{.key = s.key, .fen = result.fen_of(s),
                                   .epd_length = s.epd_length, .file = file,
                                   .game = s.game, .ply = s.ply,
                                   .note = result.note_of(s)});
          else
            suite.write(result.fen_of(s), s.epd_length, file, s.game, s.ply,
                        result.note_of(s), 0);
        }
        diag.print(result.report.lines, result.report.errors, result.report.warnings);
        rejects.write(result.report.rejects);
        games += result.report.games;
        selected += result.selected;
        used += result.used;
        rejected += result.report.rejected;
      });
  pgn_reader.expect_bytes(pgn::total_input_size(files));
  for (const std::string& path : files) {
    file = std::uint32_t(file_names.size());
    file_names.push_back(display_name(path));
    pgn_reader.read(path);
  }
  if (unique)
    for (const epd::PositionTable::Entry& e : table.entries())
      if (e.games >= min_count)
        suite.write(e.fen_text(), e.epd_length, e.file, e.game, e.ply, e.note_text(),
                    e.games);
  output.flush();
  progress.clear();
  if (std::ferror(stdout)) throw OutputError("<stdout>");

  if (!reporting.quiet) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    // Every game is counted once: used, rejected, not chosen by the selection, or chosen but
    // without a position the filters keep (too short for --ply, the other side to move).
    std::string others;
    if (const std::uint64_t not_selected = games - rejected - selected)
      others += ", " + std::to_string(not_selected) + " not selected";
    if (const std::uint64_t empty = selected - used)
      others += ", " + std::to_string(empty) + " without a position to write";
    std::fprintf(stderr, "%llu games, %llu used, %llu rejected%s%s; %llu positions written",
                 static_cast<unsigned long long>(games), static_cast<unsigned long long>(used),
                 static_cast<unsigned long long>(rejected), others.c_str(),
                 diag.warnings_note().c_str(), static_cast<unsigned long long>(suite.written()));
    if (unique)
      std::fprintf(stderr, " (%llu distinct)", static_cast<unsigned long long>(table.size()));
    std::fprintf(stderr, " in %.2f s\n", seconds);
  }
  if (!rejects.close() || diag.unreadable()) return kExitUsage;
  return rejected ? kExitRejected : kExitOk;
}

}  // namespace fenkit::tools
