// fenkit book build: a Polyglot book from PGN games, or from the bm/pm moves of EPD records.
//
// From games, the options mean what they mean to `polyglot make-book`, and the same games
// give the same bytes (book_builder.hpp). Games with illegal moves are reported and skipped.
#include <iostream>

#include "book.hpp"
#include "selection_options.hpp"
#include "fenkit/epd/book_writer.hpp"

namespace fenkit::tools {

namespace {

enum class BookSource { pgn, epd };

BookSource source_of(const std::string& path, const std::string& forced) {
  if (forced == "pgn") return BookSource::pgn;
  if (forced == "epd") return BookSource::epd;
  if (forced != "auto") throw UsageError("unknown --format '" + forced + "'");
  return content_extension(path) == ".epd" ? BookSource::epd : BookSource::pgn;
}

std::size_t position_count(const std::vector<epd::BookEntry>& entries) {
  std::size_t n = 0;
  for (std::size_t i = 0; i < entries.size(); ++i)
    n += i == 0 || entries[i].key != entries[i - 1].key;
  return n;
}

}  // namespace

int run_book_build(const Args& args) {
  po::options_description options("book build options");
  // clang-format off
  options.add_options()
      ("output,o", po::value<std::string>(), "the book to write (required)")
      ("format,f", one_of({"auto", "pgn", "epd"})->default_value("auto"), "pgn, epd or auto (.epd files are EPD)")
      ("max-ply", integer(0, 1 << 20)->default_value(1024), "games: use the first N half-moves")
      ("min-games", integer(1, INT32_MAX)->default_value(3), "games: keep moves played in at least N games")
      ("min-score", real(0, 100)->default_value(0.0, "0"),
       "games: keep moves whose mover scored at least this percentage")
      ("only-white", "keep only White's moves")
      ("only-black", "keep only Black's moves")
      ("uniform", "give every move weight 1")
      ("weight-opcode", po::value<std::string>(),
       "EPD: the opcode whose integer operand is a record's weight (default: every record weighs 1)")
      ("chess960", "EPD: read castling rights as Chess960")
      ("memory-limit", integer(1, 1 << 20)->default_value(512),
       "games: MB of plies kept in memory; more are sorted into temporary files and merged");
  // clang-format on
  add_jobs_option(options, "PGN: worker threads (the book is the same)");
  add_report_options(options);
  add_files_option(options, "input files ('-' or none: standard input)");
  options.add(selection_options());
  const CommandLine cl = parse_command_line(args, options, "file");
  const auto& v = cl.values;
  if (cl.help) {
    print_help("book build", "[FILE...] -o BOOK.bin", options,
               {{"fenkit book build games.pgn.zst -o book.bin",
                 "a book as polyglot make-book makes it, byte for byte"},
                {"fenkit book build --max-ply 16 --min-games 5 --only-white games.pgn -o w.bin",
                 "White's moves of the first 16 plies, played in at least 5 games"},
                {"fenkit book build --weight-opcode c0 suite.epd -o suite.bin",
                 "the bm/pm moves of an EPD suite, weighted by an opcode"}},
               "From games, a move's weight is 2 per win and 1 per draw of the side that played\n"
               "it (a result other than 1-0, 0-1 or 1/2-1/2 counts as a draw), and a position's\n"
               "counts are halved when one move reaches 16384 games, as polyglot make-book does.\n"
               "From EPD, each bm and pm move of a record adds the record's weight; the same move\n"
               "of the same position given again adds up. Input: '-' or none for standard input;\n"
               "compressed input is read directly.");
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
  const std::vector<std::string> files = files_from(v);
  const std::string forced = v["format"].as<std::string>();
  const BookSource source = source_of(files.front(), forced);
  for (const std::string& path : files)
    if (source_of(path, forced) != source)
      throw UsageError("PGN and EPD input cannot be mixed in one book");
  if (source == BookSource::epd) {
    for (const char* games_only : {"max-ply", "min-games", "min-score", "jobs", "memory-limit"})
      if (!v[games_only].defaulted())
        throw UsageError(std::string("--") + games_only + " applies to PGN games only");
    const po::options_description selection = selection_options();
    for (const auto& option : selection.options())
      if (v.count(option->long_name()))
        throw UsageError("--" + option->long_name() + " applies to PGN games only");
  } else {
    if (v.count("weight-opcode") || v.count("chess960"))
      throw UsageError("--weight-opcode and --chess960 apply to EPD input only");
  }

  const Reporting reporting = reporting_from(v);
  Progress progress(reporting.progress);
  Diagnostics diag(reporting, &progress);
  BookInputTotals totals;
  std::vector<epd::BookEntry> entries;
  if (source == BookSource::pgn) {
    epd::BookBuilder builder(build);
    const pgn::GameFilter filter = filter_from(v);
    add_pgn_games(files, builder, build.max_ply, filter, jobs_from(v), diag, progress, totals);
    progress.clear();
    entries = builder.entries();
    totals.ambiguous = builder.stats().ambiguous_plies;
  } else {
    epd::BookWeights weights(
        {.only_white = build.only_white, .only_black = build.only_black, .uniform = build.uniform});
    const EpdBookInput input{
        .weight_opcode = v.count("weight-opcode") ? v["weight-opcode"].as<std::string>() : "",
        .chess960 = v.count("chess960") > 0};
    for (const std::string& path : files) add_epd_records(path, weights, input, diag, totals);
    entries = weights.entries();
  }

  const std::string output = v["output"].as<std::string>();
  // An input that could not be read leaves the book unwritten: a mistyped path must not
  // replace a good book with a partial one.
  if (diag.unreadable()) {
    std::cerr << output << ": error: not written, since an input could not be read whole\n";
    return kExitUsage;
  }
  try {
    epd::write_book(output, entries);
  } catch (const epd::BookError& e) {
    diag.file_error(e.file(), e.detail());
    return kExitUsage;
  }
  if (!reporting.quiet) {
    if (source == BookSource::pgn)
      std::cerr << totals.games << " games, " << totals.selected_games << " used, "
                << totals.rejected_games << " rejected"
                << (v.count("invert") || totals.games - totals.rejected_games != totals.selected_games
                        ? ", " + std::to_string(totals.games - totals.rejected_games -
                                                totals.selected_games) + " not selected"
                        : std::string())
                << diag.warnings_note();
    else
      std::cerr << totals.records << " records, "
                << totals.records - totals.rejected_records - totals.records_without_moves
                << " used, " << totals.rejected_records << " rejected" << diag.warnings_note()
                << ", " << totals.records_without_moves << " without bm or pm";
    if (totals.ambiguous)
      std::cerr << ", " << totals.ambiguous
                << " Chess960 positions with an inner castling rook left out";
    std::cerr << "; " << entries.size() << " entries for " << position_count(entries)
              << " positions written to " << output << '\n';
  }
  return totals.rejected_games || totals.rejected_records ? kExitRejected : kExitOk;
}

}  // namespace fenkit::tools
