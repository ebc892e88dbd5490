// fenkit book build: a Polyglot book from PGN games, or from the moves of EPD records.
//
// From games, the options mean what they mean to `polyglot make-book`, and the same games
// give the same bytes (book_builder.hpp). Games with illegal moves are reported and skipped.
#include "book.hpp"
#include "fenkit/epd/book_writer.hpp"
#include "input_kind.hpp"
#include "selection_options.hpp"

namespace fenkit::tools {

namespace {

// An input, open, with what it holds.
struct BookInput {
  std::string path;
  std::unique_ptr<io::InputSource> source;
  bool epd = false;
};

po::options_description build_options() {
  po::options_description options("book build options");
  // clang-format off
  options.add_options()
      ("output,o", po::value<std::string>(), "the book to write (required)")
      ("format,f", one_of({"auto", "pgn", "epd"})->default_value("auto"),
       "pgn, epd or auto (by the content; for an empty file, by its name)")
      ("max-ply", integer(0, 1 << 20)->default_value(1024), "games: use the first N half-moves")
      ("min-games", integer(1, INT32_MAX)->default_value(3), "games: keep moves played in at least N games")
      ("min-score", real(0, 100)->default_value(0.0, "0"),
       "games: keep moves whose mover scored at least this percentage")
      ("only-white", "keep only White's moves")
      ("only-black", "keep only Black's moves")
      ("uniform", "give every move weight 1")
      ("weight-opcode", po::value<std::string>()->value_name("NAME"),
       "EPD: the opcode whose operand is a record's weight, a whole number from 0 to 65535 "
       "(default: every record weighs 1)")
      ("chess960", "EPD: read castling rights as Chess960")
      ("memory-limit", integer(1, 1 << 20)->default_value(512),
       "games: MB of plies kept in memory; more are sorted into temporary files and merged");
  // clang-format on
  add_compression_option(options);
  add_jobs_option(options, "PGN: worker threads (the book is the same)");
  add_max_game_size_option(options);
  add_report_options(options);
  add_files_option(options, "input files ('-' or none: standard input)");
  options.add(selection_options());
  return options;
}

void print_build_help(const po::options_description& options) {
  print_help("book build", "[FILE...] -o BOOK.bin", options,
             {{"fenkit book build games.pgn.zst -o book.bin",
               "a book as polyglot make-book makes it, byte for byte"},
              {"fenkit book build --max-ply 16 --min-games 5 --only-white games.pgn -o w.bin",
               "White's moves of the first 16 plies, played in at least 5 games"},
              {"fenkit book build --weight-opcode c0 suite.epd -o suite.bin",
               "the bm/pm/sm moves of an EPD suite, weighted by the number in c0"},
              {"fenkit book dump book.bin | fenkit book build -o same.bin",
               "a dumped book built back: the same bytes"}},
             "From games, a move's weight is 2 per win and 1 per draw of the side that played\n"
             "it (a result other than 1-0, 0-1 or 1/2-1/2 counts as a draw), and a position's\n"
             "counts are halved when one move reaches 16384 games, as polyglot make-book does.\n"
             "From EPD, each bm, pm and sm move of a record adds the record's weight; the same\n"
             "move of the same position given again adds up. A record whose c0 (or\n"
             "--weight-opcode) lists its moves with their weights, as `book dump` writes them\n"
             "(c0 \"e4=120 d4=80\"), gives each move its own weight. A weight that is no whole\n"
             "number from 0 to 65535 leaves its record out, with a warning. A book that comes\n"
             "out empty is not written (exit status 1). Input: '-' or none for standard input;\n"
             "compressed input is read directly.");
}

// Opens every input and tells what it holds. Throws UsageError for PGN and EPD mixed.
std::vector<BookInput> open_book_inputs(CommandRun& run, const std::string& forced) {
  std::vector<BookInput> inputs;
  for (const std::string& path : run.inputs()) {
    BookInput input{path, run.open_input(path)};
    if (!input.source) continue;
    std::string head;
    try {
      input.source = io::peek_input(std::move(input.source), std::size_t(1) << 16, head);
    } catch (const std::exception& e) {
      run.input_failed(display_name(path), e.what());
      continue;
    }
    input.epd = forced == "epd" || (forced == "auto" && input_format(head, path) != InputFormat::pgn);
    if (!inputs.empty() && inputs.front().epd != input.epd)
      throw UsageError("PGN and EPD input cannot be mixed in one book");
    inputs.push_back(std::move(input));
  }
  return inputs;
}

void refuse_options_of_the_other_source(const po::variables_map& v, bool epd) {
  if (!epd) {
    if (v.count("weight-opcode") || v.count("chess960"))
      throw UsageError("--weight-opcode and --chess960 apply to EPD input only");
    return;
  }
  for (const char* games_only : {"max-ply", "min-games", "min-score", "jobs", "memory-limit"})
    if (!v[games_only].defaulted())
      throw UsageError(std::string("--") + games_only + " applies to PGN games only");
  const po::options_description selection = selection_options();
  for (const auto& option : selection.options())
    if (v.count(option->long_name()))
      throw UsageError("--" + option->long_name() + " applies to PGN games only");
}

std::size_t position_count(const std::vector<epd::BookEntry>& entries) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < entries.size(); ++i)
    n += i == 0 || entries[i].key != entries[i - 1].key;
  return n;
}

Summary build_summary(const BookInputTotals& totals, bool epd, bool inverted) {
  if (!epd) {
    const std::size_t not_selected = totals.games - totals.rejected_games - totals.selected_games -
                                     totals.variant_games;
    return Summary("games", totals.games, totals.selected_games, totals.rejected_games)
        .also(not_selected, "not selected", inverted)
        .also(totals.variant_games, "of variants left out (Polyglot books are standard chess)");
  }
  return Summary("records", totals.records,
                 totals.records - totals.rejected_records - totals.records_without_moves -
                     totals.bad_weights - totals.variant_records,
                 totals.rejected_records)
      .also(totals.records_without_moves, "without bm, pm or sm", true)
      .also(totals.variant_records, "of variants left out (Polyglot books are standard chess)")
      .also(totals.bad_weights, "with a weight that is no whole number from 0 to 65535");
}

}  // namespace

int run_book_build(const Args& args) {
  const po::options_description options = build_options();
  const CommandLine cl = parse_command_line(args, options, "file");
  const auto& v = cl.values;
  if (cl.help) {
    print_build_help(options);
    return kExitOk;
  }
  if (!v.count("output")) throw UsageError("-o BOOK.bin is required");
  const epd::BookBuildOptions build{
      .max_ply = int(v["max-ply"].as<std::int64_t>()),
      .min_games = int(v["min-games"].as<std::int64_t>()),
      .min_score = v["min-score"].as<double>(),
      .only_white = v.count("only-white") > 0,
      .only_black = v.count("only-black") > 0,
      .uniform = v.count("uniform") > 0,
      .memory_limit = std::size_t(v["memory-limit"].as<std::int64_t>()) << 20,
  };
  refuse_together(v, "only-white", "only-black");
  const pgn::GameFilter filter = filter_from(v);
  CommandRun run(v, {.kind = "PGN or EPD"});
  const std::string path = v["output"].as<std::string>();
  run.open_outputs({{"output", path}});
  std::vector<BookInput> inputs = open_book_inputs(run, v["format"].as<std::string>());
  const bool epd = !inputs.empty() && inputs.front().epd;
  refuse_options_of_the_other_source(v, epd || v["format"].as<std::string>() == "epd");

  BookInputTotals totals;
  std::vector<epd::BookEntry> entries;
  if (!epd) {
    epd::BookBuilder builder(build);
    for (BookInput& input : inputs)
      add_pgn_games(run, *input.source, pgn::total_input_size({input.path}), builder,
                    build.max_ply, filter, jobs_from(v), totals);
    entries = builder.entries();
    totals.ambiguous = builder.stats().ambiguous_plies;
  } else {
    epd::BookWeights weights(
        {.only_white = build.only_white, .only_black = build.only_black, .uniform = build.uniform});
    const EpdBookInput input{
        .weight_opcode = v.count("weight-opcode") ? v["weight-opcode"].as<std::string>() : "",
        .chess960 = v.count("chess960") > 0};
    for (BookInput& in : inputs) add_epd_records(run, *in.source, weights, input, totals);
    entries = weights.entries();
  }
  inputs.clear();

  io::OutputFile& book = run.output(0);
  std::string written = std::to_string(entries.size()) + " entries for " +
                        std::to_string(position_count(entries)) + " positions " +
                        (run.inputs_failed() ? "not written to " : "written to ") + path;
  if (entries.empty()) {
    // A book without entries is no book: nothing is written, and the run did not do its job.
    book.abandon();
    run.diagnostics().file_warning(path, "the book is empty: not written");
    run.mark_incomplete();
    written = "the book is empty: not written";
  }
  for (std::size_t at = 0; at < entries.size(); at += 4096) {
    const std::size_t n = std::min<std::size_t>(4096, entries.size() - at);
    const std::vector<unsigned char> bytes =
        epd::book_bytes(std::span(entries).subspan(at, n));
    book.write(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  }
  Summary summary = build_summary(totals, epd, v.count("invert") > 0);
  summary.also(totals.ambiguous, "Chess960 positions with an inner castling rook left out");
  return run.finish(summary.then(written));
}

}  // namespace fenkit::tools
