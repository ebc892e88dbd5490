// fenkit replay: the position after every move of every game, from PGN archives of any size.
#include <chrono>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <optional>
#include <unistd.h>

#include "cli.hpp"
#include "commands.hpp"
#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/input.hpp"
#include "ordered_chunks.hpp"
#include "progress.hpp"
#include "rejects_file.hpp"
#include "replay_visitor.hpp"

namespace fenkit::tools {

namespace {

ReplayFormat parse_format(const std::string& name) {
  if (name == "fen") return ReplayFormat::fen;
  if (name == "epd") return ReplayFormat::epd;
  if (name == "csv") return ReplayFormat::csv;
  if (name == "jsonl") return ReplayFormat::jsonl;
  throw UsageError("unknown --format '" + name + "' (fen, epd, csv or jsonl)");
}

// "START:END" in bytes; either side may be empty (from the start, to the end).
std::pair<std::uint64_t, std::uint64_t> parse_range(const std::string& text) {
  const std::size_t colon = text.find(':');
  if (colon == std::string::npos) throw UsageError("--range wants START:END (bytes)");
  auto number = [&](const std::string& s, std::uint64_t fallback) {
    if (s.empty()) return fallback;
    std::size_t used = 0;
    std::uint64_t value = 0;
    try {
      value = std::stoull(s, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used != s.size()) throw UsageError("--range: '" + s + "' is not a byte offset");
    return value;
  };
  const auto start = number(text.substr(0, colon), 0);
  const auto end = number(text.substr(colon + 1), UINT64_MAX);
  if (end < start) throw UsageError("--range: END is before START");
  return {start, end};
}

void write_header(ReplayFormat format, bool variations, std::FILE* out) {
  if (format == ReplayFormat::csv)
    std::fputs(variations ? "game,ply,path,san,uci,fen\n" : "game,ply,san,uci,fen\n", out);
}

}  // namespace

int run_replay(const Args& args) {
  po::options_description options("replay options");
  options.add_options()
      ("format,f", po::value<std::string>()->default_value("fen"), "fen, epd, csv or jsonl")
      ("with-start", "also write each game's start position (ply 0)")
      ("variations", "also write the positions inside variations")
      ("ep", po::value<std::string>()->default_value("standard"),
       "en-passant square: standard (after every double push) or legal (only if capturable)")
      ("min-ply", po::value<std::uint32_t>()->default_value(0), "skip positions before this ply")
      ("max-ply", po::value<std::uint32_t>()->default_value(UINT32_MAX), "skip positions after this ply")
      ("every", po::value<std::uint32_t>()->default_value(1), "only every Nth ply")
      ("san", "fen format: add the move that led to the position, in SAN (tab-separated)")
      ("uci", "fen format: add that move in UCI (tab-separated)")
      ("rejects", po::value<std::string>(), "write the text of every rejected game to this file")
      ("range", po::value<std::string>(),
       "only the games that begin in the byte range START:END, each edge moved forward to the "
       "next '[Event ' line after a blank line (so that ranges tiling a file read every game once)")
      ("game-offset", po::value<std::int64_t>()->default_value(0), "add this to every game number")
      ("warnings,W", "also report warnings (slips a game survives)")
      ("jobs,j", po::value<unsigned>()->default_value(0), "worker threads (0: all cores)")
      ("quiet,q", "no summary line and no progress")
      ("file", po::value<std::vector<std::string>>(), "PGN files ('-' or none: standard input)");
  const CommandLine cl = parse_command_line(args, options, "file");
  const auto& v = cl.values;
  if (cl.help) {
    print_help("replay", "[OPTIONS] [FILE...]", options);
    return kExitOk;
  }

  ReplayOptions replay;
  replay.format = parse_format(v["format"].as<std::string>());
  const std::string ep = v["ep"].as<std::string>();
  if (ep != "standard" && ep != "legal") throw UsageError("--ep is standard or legal");
  replay.ep = ep == "legal" ? fen::EpMode::legal : fen::EpMode::standard;
  replay.with_start = v.count("with-start") > 0;
  replay.variations = v.count("variations") > 0;
  replay.san = v.count("san") > 0;
  replay.uci = v.count("uci") > 0;
  replay.warnings = v.count("warnings") > 0;
  replay.min_ply = v["min-ply"].as<std::uint32_t>();
  replay.max_ply = v["max-ply"].as<std::uint32_t>();
  replay.every = v["every"].as<std::uint32_t>();
  if (replay.every == 0) throw UsageError("--every must be 1 or more");
  if (replay.min_ply > replay.max_ply) throw UsageError("--min-ply is above --max-ply");
  replay.game_offset = v["game-offset"].as<std::int64_t>();
  const unsigned jobs = v["jobs"].as<unsigned>();
  const bool quiet = v.count("quiet") > 0;
  std::vector<std::string> files = v.count("file") ? v["file"].as<std::vector<std::string>>()
                                                   : std::vector<std::string>{"-"};
  std::optional<std::pair<std::uint64_t, std::uint64_t>> range;
  if (v.count("range")) {
    if (files.size() != 1 || files[0] == "-") throw UsageError("--range needs exactly one file");
    range = parse_range(v["range"].as<std::string>());
  }
  RejectsFile rejects;
  if (v.count("rejects")) rejects = RejectsFile(v["rejects"].as<std::string>());

  static char stdout_buffer[1 << 16];
  std::setvbuf(stdout, stdout_buffer, _IOFBF, sizeof stdout_buffer);
  write_header(replay.format, replay.variations, stdout);

  Progress progress(!quiet && ::isatty(STDERR_FILENO));
  const auto started = std::chrono::steady_clock::now();
  std::uint64_t games = 0, rejected = 0, positions = 0, bytes = 0;
  bool unreadable = false;
  Diagnostics file_errors;
  std::uint64_t next_game = 1;
  BufferPool buffers;  // output buffers go round between workers and the writer

  for (const std::string& path : files) {
    std::unique_ptr<pgn::InputSource> input;
    try {
      input = pgn::open_input(path);
    } catch (const std::exception& e) {
      file_errors.file_error(display_name(path), e.what());
      unreadable = true;
      continue;
    }
    const std::string name = input->name();
    pgn::Chunker chunker(*input, std::size_t(1) << 20, next_game);
    if (range) chunker.restrict_to(range->first, range->second);

    pgn::ReaderOptions reader;
    reader.file_name = name;
    reader.check_variations = true;
    reader.move_locations = false;
    // A bad move in a side line costs the game only when side lines are written; otherwise it
    // is a warning and the main line's positions are kept (pgn-extract -V does the same).
    reader.reject_bad_variations = replay.variations;
    const bool keep_rejects = bool(rejects);
    const std::uint64_t bytes_before = bytes;
    // A file that breaks off (a damaged compressed file) is reported, and the next file read.
    try {
      process_in_order<ReplayResult>(
          chunker, jobs,
          [&](const pgn::Chunk& chunk, ReplayResult& result) {
            result.output = buffers.take();
            ReplayVisitor visitor(replay, name, result, keep_rejects);
            pgn::read_chunk(chunk, visitor, reader);
          },
          [&](ReplayResult& result) {
            if (!result.output.flush_to(stdout)) throw std::runtime_error("cannot write the output");
            buffers.give(std::move(result.output));
            if (!result.diagnostics.empty()) {
              progress.clear();
              std::fputs(result.diagnostics.c_str(), stderr);
            }
            rejects.write(result.rejects);
            games += result.games;
            rejected += result.rejected;
            positions += result.positions;
            bytes = bytes_before + chunker.bytes_read();
            progress.update(bytes, games);
          });
    } catch (const std::exception& e) {
      if (std::ferror(stdout)) throw;  // the output failed, not the input
      progress.clear();
      file_errors.file_error(name, e.what());
      unreadable = true;
    }
    next_game = games + 1;  // numbers go on across files
  }
  std::fflush(stdout);
  progress.clear();
  if (std::ferror(stdout)) {
    std::fprintf(stderr, "fenkit replay: error: cannot write the output\n");
    return kExitUsage;
  }

  if (!quiet) {
    const double seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count();
    std::fprintf(stderr,
                 "%llu games, %llu replayed, %llu rejected, %llu positions in %.2f s "
                 "(%.1f MB/s, %.2f M positions/s)\n",
                 static_cast<unsigned long long>(games),
                 static_cast<unsigned long long>(games - rejected),
                 static_cast<unsigned long long>(rejected),
                 static_cast<unsigned long long>(positions), seconds,
                 seconds > 0 ? double(bytes) / seconds / 1e6 : 0.0,
                 seconds > 0 ? double(positions) / seconds / 1e6 : 0.0);
  }
  if (!rejects.close() || unreadable) return kExitUsage;
  return rejected ? kExitRejected : kExitOk;
}

}  // namespace fenkit::tools
