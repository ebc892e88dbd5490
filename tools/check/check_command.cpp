// fenkit check: validate files and report every problem with its place.
//
// What each input holds (PGN, EPD or FEN) is told from its content unless --format says.
#include "check.hpp"
#include "commands.hpp"

namespace fenkit::tools {

namespace {

// The format an input holds: as --format says; else by its content; else, for an input that
// says nothing (an empty one), by its name.
InputFormat format_of(std::string_view head, const std::string& path, const std::string& forced) {
  if (forced == "fen") return InputFormat::fen;
  if (forced == "epd") return InputFormat::epd;
  if (forced == "pgn") return InputFormat::pgn;
  return input_format(head, path);
}

const char* format_name(InputFormat format) {
  switch (format) {
    case InputFormat::fen: return "FEN lines";
    case InputFormat::epd: return "EPD records";
    case InputFormat::pgn: return "PGN games";
  }
  return "";
}

po::options_description check_options() {
  po::options_description options("check options");
  options.add_options()
      ("format,f", one_of({"auto", "pgn", "epd", "fen"})->default_value("auto"),
       "pgn, epd, fen, or auto: by the content (for an empty file, by its name)")
      ("lenient", "FEN: also accept four or five fields")
      ("syntax-only", "PGN: check the syntax only, without replaying the moves");
  add_relax_option(options);
  add_jobs_option(options, "PGN: worker threads");
  add_max_game_size_option(options);
  add_report_options(options);
  add_files_option(options, "input files ('-' or none: standard input)");
  return options;
}

}  // namespace

int run_check(const Args& args) {
  const po::options_description options = check_options();
  const CommandLine cl = parse_command_line(args, options, "file");
  const auto& v = cl.values;
  if (cl.help) {
    print_help("check", "[OPTIONS] [FILE...]", options,
               {{"fenkit check games.pgn suite.epd positions.fen",
                 "every problem of three files, each with its place"},
                {"fenkit check --syntax-only -j4 huge.pgn.zst", "PGN syntax only, on 4 threads"},
                {"fenkit check --relax fullmove_zero puzzles.fen",
                 "accept a named position problem"}},
               "Input: PGN, EPD or FEN files (one FEN per line), '-' or none for standard input;\n"
               "compressed input is read directly. PGN moves are replayed, variations included.\n"
               "Errors reject a game or record (exit status 1); warnings are slips that do not\n"
               "(-W shows them).");
    return kExitOk;
  }
  CheckOptions check;
  check.lenient = v.count("lenient") > 0;
  check.jobs = jobs_from(v);
  check.syntax_only = v.count("syntax-only") > 0;
  check.relax = relax_from(v);
  const std::string forced = v["format"].as<std::string>();
  refuse_unless(v, "syntax-only", forced == "auto" || forced == "pgn", "PGN input");
  refuse_unless(v, "lenient", forced == "auto" || forced == "fen", "FEN input");

  CommandRun run(v, {.kind = "PGN, EPD or FEN"});
  CheckTotals totals;
  for (const std::string& path : run.inputs()) {
    std::unique_ptr<io::InputSource> input = run.open_input(path);
    if (!input) continue;
    std::string head;
    try {
      // Enough to pass a long comment or a large tag section at the top of a file.
      input = io::peek_input(std::move(input), std::size_t(1) << 16, head);
    } catch (const std::exception& e) {
      run.input_failed(display_name(path), e.what());
      continue;
    }
    const InputFormat format = format_of(head, path, forced);
    if (check.syntax_only && format != InputFormat::pgn) {
      run.input_failed(input->name(), std::string("holds ") + format_name(format) +
                                          "; --syntax-only checks PGN games only");
      continue;
    }
    switch (format) {
      case InputFormat::fen: check_fen_input(run, *input, check, totals); break;
      case InputFormat::epd: check_epd_input(run, *input, check, totals); break;
      case InputFormat::pgn:
        check_pgn_input(run, *input, pgn::total_input_size({path}), check, totals);
        break;
    }
  }
  return run.finish(check_summary(totals));
}

}  // namespace fenkit::tools
