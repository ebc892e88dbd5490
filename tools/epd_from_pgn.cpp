// fenkit epd --from-pgn: position suites from games, as engine testers build opening books.
#include "epd_from_pgn.hpp"

#include <unistd.h>

#include <charconv>
#include <chrono>
#include <cstdio>
#include <memory>
#include <optional>

#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/input.hpp"
#include "ordered_chunks.hpp"
#include "position_table.hpp"
#include "progress.hpp"
#include "rejects_file.hpp"
#include "suite_output.hpp"
#include "suite_visitor.hpp"

namespace fenkit::tools {

namespace {

// "N", or a range "A:B" where either side may be left out ("8:" is ply 8 onwards).
std::pair<std::uint32_t, std::uint32_t> parse_plies(const std::string& text) {
  auto number = [&](std::string_view s, std::uint32_t fallback) {
    if (s.empty()) return fallback;
    std::uint32_t value = 0;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (error != std::errc() || end != s.data() + s.size())
      throw UsageError("--ply: '" + std::string(s) + "' is not a ply number");
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
  if (last < first) throw UsageError("--ply: the range " + text + " is empty");
  return {first, last};
}

fen::Color parse_side(const std::string& name) {
  if (name == "white") return fen::Color::white;
  if (name == "black") return fen::Color::black;
  throw UsageError("--side is white or black");
}

std::vector<std::string> parse_results(const std::vector<std::string>& names) {
  for (const std::string& name : names)
    if (name != "1-0" && name != "0-1" && name != "1/2-1/2" && name != "*")
      throw UsageError("--result '" + name + "': 1-0, 0-1, 1/2-1/2 or *");
  return names;
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
      ("min-count", po::value<std::uint32_t>(),
       "only positions seen in at least K different games (implies --unique)")
      ("min-elo", po::value<std::int64_t>(),
       "only games whose WhiteElo and BlackElo are both at least E (games without them are "
       "left out)")
      ("result", po::value<std::vector<std::string>>()->composing(),
       "only games with this Result tag: 1-0, 0-1, 1/2-1/2 or * (repeatable)")
      ("side", po::value<std::string>(), "only positions with this side to move: white or black")
      ("ep", po::value<std::string>(),
       "en-passant square: standard (after every double push, the default) or legal (only "
       "if capturable)")
      ("annotate",
       "name the source: id \"FILE:GAME.PLY\" (the first game seen in; games are counted "
       "across all FILEs, as in the diagnostics), c0 \"White - Black, Event, Date\", and "
       "with --unique c1 \"seen in N games\"")
      ("jobs,j", po::value<unsigned>(), "worker threads (0: all cores; output is the same)");
  return options;
}

const char* from_pgn_option_used(const po::variables_map& v) {
  for (const char* name : {"ply", "unique", "min-count", "min-elo", "result", "side", "ep",
                           "annotate", "jobs"})
    if (v.count(name)) return name;
  return nullptr;
}

int run_epd_from_pgn(const po::variables_map& v, const std::vector<std::string>& files,
                     EpdFormat format, epd::WriteOptions write, bool fields_as_read) {
  for (const char* name : {"check", "relax", "chess960"})
    if (v.count(name)) throw UsageError(std::string("--") + name + " does not go with --from-pgn");

  SuiteFilter filter;
  if (v.count("ply")) {
    const auto [first, last] = parse_plies(v["ply"].as<std::string>());
    filter.min_ply = first;
    filter.max_ply = last;
  }
  if (v.count("side")) filter.side = parse_side(v["side"].as<std::string>());
  if (v.count("min-elo")) filter.min_elo = v["min-elo"].as<std::int64_t>();
  if (v.count("result")) filter.results = parse_results(v["result"].as<std::vector<std::string>>());
  if (v.count("ep")) {
    const std::string ep = v["ep"].as<std::string>();
    if (ep != "standard" && ep != "legal") throw UsageError("--ep is standard or legal");
    filter.ep = ep == "legal" ? fen::EpMode::legal : fen::EpMode::standard;
  }
  const std::uint32_t min_count = v.count("min-count") ? v["min-count"].as<std::uint32_t>() : 1;
  if (min_count == 0) throw UsageError("--min-count must be 1 or more");
  const bool unique = v.count("unique") > 0 || v.count("min-count") > 0;
  const bool annotate = v.count("annotate") > 0;
  filter.once_per_game = unique;  // counts are of games, not of sightings
  filter.notes = annotate;
  const unsigned jobs = v.count("jobs") ? v["jobs"].as<unsigned>() : 0;
  const bool quiet = v.count("quiet") > 0;

  RejectsFile rejects;
  if (v.count("rejects")) rejects = RejectsFile(v["rejects"].as<std::string>());

  // Without --fields the suite has the four EPD fields only; FEN and JSON always have six.
  const bool four_fields_only = format == EpdFormat::epd && fields_as_read;
  EpdOutput output(format, write);
  std::vector<std::string> file_names;
  SuiteOutput suite(output, format, write, four_fields_only, annotate, file_names);
  PositionTable table;

  Progress progress(!quiet && ::isatty(STDERR_FILENO));
  const auto started = std::chrono::steady_clock::now();
  std::uint64_t games = 0, used = 0, rejected = 0, bytes = 0;
  bool unreadable = false;
  Diagnostics file_errors;

  for (const std::string& path : files) {
    std::unique_ptr<pgn::InputSource> input;
    try {
      input = pgn::open_input(path);
    } catch (const std::exception& e) {
      progress.clear();
      file_errors.file_error(display_name(path), e.what());
      unreadable = true;
      continue;
    }
    const std::string name = input->name();
    const auto file = std::uint32_t(file_names.size());
    file_names.push_back(name);
    // Game numbers go on across files, as in fenkit replay and in the diagnostics.
    pgn::Chunker chunker(*input, std::size_t(1) << 20, games + 1);
    pgn::ReaderOptions reader;
    reader.file_name = name;
    reader.move_locations = false;
    // Only the main line gives positions; a bad move in a side line is not the main line's fault.
    reader.reject_bad_variations = false;
    const std::uint64_t bytes_before = bytes;
    try {
      process_in_order<SuiteChunk>(
          chunker, jobs,
          [&](const pgn::Chunk& chunk, SuiteChunk& result) {
            SuiteVisitor visitor(filter, name, result, bool(rejects));
            pgn::read_chunk(chunk, visitor, reader);
          },
          [&](SuiteChunk& result) {
            for (const Sighting& s : result.sightings) {
              if (unique)
                table.add(PositionSeen{.key = s.key, .fen = result.fen_of(s),
                                       .epd_length = s.epd_length, .file = file,
                                       .game = s.game, .ply = s.ply,
                                       .note = result.note_of(s)});
              else
                suite.write(result.fen_of(s), s.epd_length, file, s.game, s.ply,
                            result.note_of(s), 0);
            }
            if (!result.diagnostics.empty()) {
              progress.clear();
              std::fputs(result.diagnostics.c_str(), stderr);
            }
            rejects.write(result.rejects);
            games += result.games;
            used += result.used;
            rejected += result.rejected;
            bytes = bytes_before + chunker.bytes_read();
            progress.update(bytes, games);
          });
    } catch (const std::runtime_error& e) {
      // A read error part-way (a truncated compressed file): what came before is kept.
      progress.clear();
      file_errors.file_error(name, e.what());
      unreadable = true;
    }
  }
  if (unique)
    for (const PositionTable::Entry& e : table.entries())
      if (e.games >= min_count)
        suite.write(e.fen_text(), e.epd_length, e.file, e.game, e.ply, e.note_text(),
                    e.games);
  output.flush();
  progress.clear();
  if (std::ferror(stdout)) {
    std::fprintf(stderr, "fenkit epd: error: cannot write the output\n");
    return kExitUsage;
  }

  if (!quiet) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::fprintf(stderr, "%llu games, %llu used, %llu rejected, %llu positions written",
                 static_cast<unsigned long long>(games), static_cast<unsigned long long>(used),
                 static_cast<unsigned long long>(rejected),
                 static_cast<unsigned long long>(suite.written()));
    if (unique)
      std::fprintf(stderr, " (%llu distinct)", static_cast<unsigned long long>(table.size()));
    std::fprintf(stderr, " in %.2f s\n", seconds);
  }
  if (!rejects.close() || unreadable) return kExitUsage;
  return rejected ? kExitRejected : kExitOk;
}

}  // namespace fenkit::tools
