// fenkit epd: read EPD records, check them, and write them back canonically (or as FEN or
// JSON lines), one per line in input order.
//
// The command is a source of records feeding one output: EPD files (read_epd_file()), or with
// --from-pgn the positions of PGN games (epd_from_pgn.cpp).
#include <optional>

#include "command_run.hpp"
#include "commands.hpp"
#include "epd_from_pgn.hpp"
#include "epd_input.hpp"
#include "epd_output.hpp"
#include "selection_options.hpp"

namespace fenkit::tools {

namespace {

epd::ClockFields clock_fields_from_name(const std::string& name) {
  if (name == "as-read") return epd::ClockFields::as_read;
  if (name == "4") return epd::ClockFields::four;
  if (name == "6") return epd::ClockFields::six;
  throw UsageError("unknown --fields '" + name + "' (as-read, 4 or 6)");
}

po::options_description epd_options() {
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
  add_output_option(options);
  add_compression_option(options);
  add_jobs_option(options, "--from-pgn: worker threads (the output is the same)");
  add_max_game_size_option(options);
  add_report_options(options);
  add_files_option(options, "input files ('-' or none: standard input)");
  options.add(from_pgn_options());
  options.add(selection_options());
  return options;
}

}  // namespace

int run_epd(const Args& args) {
  const po::options_description options = epd_options();
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
  if (v.count("from-pgn"))
    return run_epd_from_pgn(v, format, write, write.clocks == epd::ClockFields::as_read);
  if (const std::string name = from_pgn_option_used(v); !name.empty())
    throw UsageError("--" + name + " only goes with --from-pgn");
  refuse_unless(v, "jobs", false, "--from-pgn");

  epd::ReadOptions read;
  read.checks.chess960 = v.count("chess960") > 0;
  read.checks.relax = relax_from(v);
  const bool check_only = v.count("check") > 0;
  refuse_together(v, "check", "output");

  CommandRun run(v, {.kind = "EPD"});
  run.open_outputs(check_only ? std::vector<PlannedOutput>{}
                              : std::vector<PlannedOutput>{{"output", output_from(v)}});
  std::optional<EpdOutput> output;
  if (!check_only) output.emplace(format, write, run.output(0));
  EpdTotals totals;
  for (const std::string& path : run.inputs())
    read_epd_file(run, path, read, totals, [&](const epd::Entry& entry) {
      if (output) output->write(entry.record);
    });
  if (output) output->flush();
  return run.finish(
      Summary("records", totals.records, totals.records - totals.rejected, totals.rejected));
}

}  // namespace fenkit::tools
