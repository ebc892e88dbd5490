// fenkit epd: read EPD records, check them, and write them back canonically (or as FEN or
// JSON lines), one per line in input order.
//
// The command is a source of records feeding one output: EPD files (read_epd_file()), or with
// --from-pgn the positions of PGN games (epd_from_pgn.cpp).
#include <cstdio>
#include <fstream>
#include <memory>

#include "cli.hpp"
#include "commands.hpp"
#include "epd_from_pgn.hpp"
#include "rejects_file.hpp"
#include "selection_options.hpp"
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
      ("format,f", one_of({"epd", "fen", "jsonl"})->default_value("epd"),
       "output: epd (canonical EPD), fen (one FEN per record, clocks from hmvc/fmvn), "
       "jsonl (one JSON object per record)")
      ("check", "only validate: report rejected records, write nothing")
      ("fields", one_of({"as-read", "4", "6"})->default_value("as-read"),
       "EPD output: as-read (clock fields where the input had them), 4 (clocks as hmvc and "
       "fmvn operations), 6 (six-field FEN, as opening books have it)")
      ("sort", "EPD output: operations in ASCII order of opcode instead of input order")
      ("chess960", "read castling rights as Chess960");
  add_relax_option(options);
  add_rejects_option(options,
                     "also write the rejected lines (with --from-pgn: games), as read, to this file");
  add_jobs_option(options, "--from-pgn: worker threads (the output is the same)");
  add_report_options(options);
  add_files_option(options, "input files ('-' or none: standard input)");
  options.add(from_pgn_options());
  options.add(selection_options());
  const CommandLine cl = parse_command_line(args, options, "file");
  const auto& v = cl.values;
  if (cl.help) {
    print_help("epd", "[OPTIONS] [FILE...]", options,
               {{"fenkit epd --check suite.epd", "validate every record, moves included"},
                {"fenkit epd -f jsonl --sort suite.epd", "one JSON object per record"},
                {"fenkit epd --from-pgn --ply 8 --unique --annotate games.pgn",
                 "the distinct positions after ply 8 of a PGN archive, with their source"}},
               "Input: EPD files ('-' or none: standard input), or with --from-pgn PGN files;\n"
               "compressed input is read directly. Rejected records are reported with their\n"
               "place and make the exit status 1.");
    return kExitOk;
  }
  const EpdFormat format = epd_format_from_name(v["format"].as<std::string>());
  const epd::WriteOptions write{.clocks = clock_fields_from_name(v["fields"].as<std::string>()),
                                .sort_operations = v.count("sort") > 0};
  const std::vector<std::string> files = files_from(v);
  if (v.count("from-pgn"))
    return run_epd_from_pgn(v, files, format, write,
                            write.clocks == epd::ClockFields::as_read);
  if (const std::string name = from_pgn_option_used(v); !name.empty())
    throw UsageError("--" + name + " only goes with --from-pgn");
  refuse_unless(v, "jobs", false, "--from-pgn");

  epd::ReadOptions read;
  read.checks.chess960 = v.count("chess960") > 0;
  read.checks.relax = relax_from(v);
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

  const Reporting reporting = reporting_from(v);
  Diagnostics diag(reporting);
  EpdTotals totals;
  for (const std::string& path : files)
    read_epd_file(path, read, diag, totals, on_record, on_reject);
  output.reset();  // flushes

  if (!reporting.quiet)
    std::fprintf(stderr, "%zu records, %zu used, %zu rejected%s\n", totals.records,
                 totals.records - totals.rejected, totals.rejected, diag.warnings_note().c_str());
  if (!rejects.close() || diag.unreadable()) return kExitUsage;
  return totals.rejected ? kExitRejected : kExitOk;
}

}  // namespace fenkit::tools
