// fenkit book: build Polyglot books from PGN or EPD; probe, dump, merge them; print keys.
#include <cstdio>
#include <iostream>

#include "book.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/printable.hpp"
#include "fenkit/fen/polyglot.hpp"

namespace fenkit::tools {

namespace {

struct BookSubcommand {
  const char* name;
  const char* summary;
  int (*run)(const Args&);
};

constexpr BookSubcommand kBookSubcommands[] = {
    {"build", "build a book from PGN games or EPD records (bm/pm)", run_book_build},
    {"probe", "list the book moves of a position", run_book_probe},
    {"dump", "write every position of a book as EPD or JSON lines", run_book_dump},
    {"merge", "merge books into one", run_book_merge},
    {"key", "print the Polyglot key of a position", run_book_key},
};

void print_book_usage(std::ostream& out) {
  out << "usage: fenkit book SUBCOMMAND [OPTIONS]\n\nsubcommands:\n";
  for (const BookSubcommand& c : kBookSubcommands)
    out << "  " << c.name << std::string(8 - std::string_view(c.name).size(), ' ') << c.summary
        << '\n';
  out << "\n'fenkit book SUBCOMMAND --help' describes its options.\n";
}

}  // namespace

int run_book(const Args& args) {
  if (args.empty()) {
    print_book_usage(std::cerr);
    return kExitUsage;
  }
  if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
    print_book_usage(std::cout);
    return kExitOk;
  }
  for (const BookSubcommand& c : kBookSubcommands)
    if (args[0] == c.name) return c.run(Args(args.begin() + 1, args.end()));
  // (Not a UsageError: its "see 'fenkit book frob --help'" would name no command.)
  std::cerr << "fenkit book: unknown subcommand '" << fen::printable(args[0]) << "'\n";
  print_book_usage(std::cerr);
  return kExitUsage;
}

bool open_book(const std::string& path, bool ignore_trailing_bytes, Diagnostics& diag,
               std::optional<epd::Book>& out) {
  try {
    out.emplace(epd::Book::open(path, {.ignore_trailing_bytes = ignore_trailing_bytes}));
  } catch (const epd::BookError& e) {
    std::string detail = e.detail();
    if (e.fault() == epd::BookFault::size)
      detail += "; --ignore-trailing-bytes reads the whole entries";
    diag.file_error(e.file(), detail);
    return false;
  }
  if (const std::size_t n = out->ignored_bytes())
    diag.file_warning(path, "ignored " + std::to_string(n) + " trailing byte" +
                                (n == 1 ? "" : "s") + " after the last whole entry");
  return true;
}

fen::Position position_from_words(const std::vector<std::string>& words, bool chess960) {
  std::string text;
  for (const std::string& word : words) text += (text.empty() ? "" : " ") + word;
  fen::Position pos;
  const fen::FenError error = fen::read_fen(text, pos, {.lenient = true, .chess960 = chess960});
  if (error) {
    const std::string where = error.column ? " at column " + std::to_string(error.column) : "";
    throw UsageError("bad FEN '" + text + "'" + where + ": " + error.message());
  }
  return pos;
}

std::string key_text(std::uint64_t key) {
  char text[17];
  std::snprintf(text, sizeof text, "%016llx", static_cast<unsigned long long>(key));
  return text;
}

int run_book_key(const Args& args) {
  po::options_description options("book key options");
  // clang-format off
  options.add_options()
      ("chess960", "read castling rights as Chess960")
      ("fen", po::value<std::vector<std::string>>(), "the position (all remaining words)");
  // clang-format on
  const CommandLine cl = parse_command_line(args, options, "fen");
  if (cl.help) {
    print_help("book key", "FEN", options,
               {{"fenkit book key rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                 "463b96181691fc9c, the key of the start position"}});
    return kExitOk;
  }
  if (!cl.values.count("fen")) throw UsageError("a FEN is required");
  const fen::Position pos = position_from_words(cl.values["fen"].as<std::vector<std::string>>(),
                                                cl.values.count("chess960") > 0);
  CommandRun run(cl.values, {.inputs_option = nullptr});
  run.open_outputs({{"output", "-"}});
  run.output(0).write(key_text(fen::polyglot_key(pos)) + "\n");
  return run.finish();
}

}  // namespace fenkit::tools
