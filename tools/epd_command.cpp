// fenkit epd: read EPD records, check them, and write them back canonically (or as FEN or
// JSON lines), one per line in input order.
//
// The command is a source of records feeding one output: EPD files (read_epd_file()), or with
// --from-pgn the positions of PGN games (epd_from_pgn.cpp).
#include <fstream>
#include <memory>

#include "check.hpp"
#include "cli.hpp"
#include "commands.hpp"
#include "epd_from_pgn.hpp"
#include "rejects_file.hpp"
#include "epd_input.hpp"
#include "epd_output.hpp"

namespace fenkit::tools {

namespace {

epd::ClockFields clock_fields_from_name(const std::string& name) {
  if (name == "as-read") return epd::ClockFields::as_read;
  if (name == "4") return epd::ClockFields::four;
  if (name == "6") return epd::ClockFields::six;
  throw UsageError("unknown --fields '" + name + "' (as-read, 4 or 6)");
}

}  // namespace

int run_epd(const Args& args) {
  po::options_description options("epd options");
  options.add_options()
      ("format,f", po::value<std::string>()->default_value("epd"),
       "output: epd (canonical EPD), fen (one FEN per record, clocks from hmvc/fmvn), "
       "jsonl (one JSON object per record)")
      ("check", "only validate: report rejected records, write nothing")
      ("fields", po::value<std::string>()->default_value("as-read"),
       "EPD output: as-read (clock fields where the input had them), 4 (clocks as hmvc and "
       "fmvn operations), 6 (six-field FEN, as opening books have it)")
      ("sort", "EPD output: operations in ASCII order of opcode instead of input order")
      ("relax", po::value<std::vector<std::string>>()->composing(),
       "accept a position problem by name (repeatable), e.g. too_many_white_pieces")
      ("chess960", "read castling rights as Chess960")
      ("rejects", po::value<std::string>(), "also write the rejected lines (with --from-pgn: games), as read, to this file")
      ("quiet,q", "with --check or --from-pgn: no summary line")
      ("file", po::value<std::vector<std::string>>(), "input files ('-' or none: standard input)");
  options.add(from_pgn_options());
  const CommandLine cl = parse_command_line(args, options, "file");
  const auto& v = cl.values;
  if (cl.help) {
    print_help("epd", "[OPTIONS] [FILE...]", options);
    return kExitOk;
  }
  const EpdFormat format = epd_format_from_name(v["format"].as<std::string>());
  const epd::WriteOptions write{.clocks = clock_fields_from_name(v["fields"].as<std::string>()),
                                .sort_operations = v.count("sort") > 0};
  const std::vector<std::string> files =
      v.count("file") ? v["file"].as<std::vector<std::string>>() : std::vector<std::string>{"-"};
  if (v.count("from-pgn"))
    return run_epd_from_pgn(v, files, format, write,
                            write.clocks == epd::ClockFields::as_read);
  if (const char* name = from_pgn_option_used(v))
    throw UsageError(std::string("--") + name + " goes with --from-pgn only");

  epd::ReadOptions read;
  read.checks.chess960 = v.count("chess960") > 0;
  if (v.count("relax")) {
    for (const std::string& name : v["relax"].as<std::vector<std::string>>()) {
      fen::Problem p;
      if (!fen::problem_from_name(name, p))
        throw UsageError("unknown problem '" + name + "' for --relax");
      read.checks.relax.add(p);
    }
  }
  const bool check_only = v.count("check") > 0;

  std::unique_ptr<EpdOutput> output;
  if (!check_only) output = std::make_unique<EpdOutput>(format, write);
  const RecordHandler on_record = [&](const epd::Entry& entry) {
    if (output) output->write(entry.record);
  };
  // Rejected lines kept apart, so that they can be mended and read again.
  RejectsFile rejects;
  if (v.count("rejects")) rejects = RejectsFile(v["rejects"].as<std::string>());
  const RecordHandler on_reject = [&](const epd::Entry& entry) {
    rejects.write(entry.text);
    rejects.write("\n");
  };

  Diagnostics diag;
  EpdTotals totals;
  for (const std::string& path : files)
    read_epd_file(path, read, diag, totals, on_record, on_reject);
  output.reset();  // flushes

  if (check_only && !v.count("quiet")) {
    CheckTotals summary;
    summary.positions = totals.records;
    summary.good_positions = totals.records - totals.rejected;
    print_summary(summary, diag);
  }
  if (!rejects.close() || totals.unreadable) return kExitUsage;
  return totals.rejected ? kExitRejected : kExitOk;
}

}  // namespace fenkit::tools
