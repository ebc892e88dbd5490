// fenkit check: validate files and report every problem with its place.
//
// The kind of each file is chosen by its name (.pgn, .epd, anything else is one FEN per
// line) unless --format says otherwise.
#include <iostream>

#include "check.hpp"
#include "cli.hpp"
#include "commands.hpp"

namespace fenkit::tools {

namespace {

InputFormat format_of(const std::string& path, const std::string& forced) {
  if (forced == "fen") return InputFormat::fen;
  if (forced == "epd") return InputFormat::epd;
  if (forced == "pgn") return InputFormat::pgn;
  if (!forced.empty() && forced != "auto") throw UsageError("unknown --format '" + forced + "'");
  if (path == "-") return InputFormat::pgn;  // standard input has no name: PGN, as for replay
  const std::string extension = content_extension(path);
  if (extension == ".pgn") return InputFormat::pgn;
  if (extension == ".epd") return InputFormat::epd;
  return InputFormat::fen;
}

}  // namespace

int run_check(const Args& args) {
  po::options_description options("check options");
  options.add_options()
      ("quiet,q", "no summary line")
      ("format,f", po::value<std::string>()->default_value("auto"),
       "fen, epd, pgn or auto (by file name; standard input is read as PGN)")
      ("lenient", "FEN: also accept four or five fields")
      ("relax", po::value<std::vector<std::string>>()->composing(),
       "accept a position problem by name (repeatable), e.g. fullmove_zero")
      ("syntax-only", "PGN: check the syntax only, without replaying the moves")
      ("jobs,j", po::value<unsigned>()->default_value(0), "worker threads (0: all cores)")
      ("file", po::value<std::vector<std::string>>(), "input files ('-' or none: standard input)");
  const CommandLine cl = parse_command_line(args, options, "file");
  const auto& v = cl.values;
  if (cl.help) {
    print_help("check", "[OPTIONS] [FILE...]", options);
    return kExitOk;
  }
  CheckOptions check;
  check.quiet = v.count("quiet") > 0;
  check.lenient = v.count("lenient") > 0;
  check.jobs = v["jobs"].as<unsigned>();
  check.syntax_only = v.count("syntax-only") > 0;
  if (v.count("relax")) {
    for (const std::string& name : v["relax"].as<std::vector<std::string>>()) {
      fen::Problem p;
      if (!fen::problem_from_name(name, p)) throw UsageError("unknown problem '" + name + "' for --relax");
      check.relax.add(p);
    }
  }
  std::vector<std::string> files = v.count("file") ? v["file"].as<std::vector<std::string>>()
                                                   : std::vector<std::string>{"-"};
  const std::string forced = v["format"].as<std::string>();

  Diagnostics diag;
  CheckTotals totals;
  for (const std::string& path : files) {
    switch (format_of(path, forced)) {
      case InputFormat::fen: check_fen_file(path, check, diag, totals); break;
      case InputFormat::epd: check_epd_file(path, check, diag, totals); break;
      case InputFormat::pgn: check_pgn_file(path, check, diag, totals); break;
    }
  }
  if (!check.quiet) print_summary(totals, diag);
  if (totals.unreadable) return kExitUsage;
  return diag.errors() ? kExitRejected : kExitOk;
}

}  // namespace fenkit::tools
