// fenkit: one program, one subcommand per job.
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <string_view>

#include "cli.hpp"
#include "commands.hpp"
#include "fenkit/fen/printable.hpp"
#include "fenkit/io/output_error.hpp"
#include "fenkit/version.hpp"

namespace {

struct Subcommand {
  const char* name;
  const char* summary;
  int (*run)(const fenkit::tools::Args&);
};

constexpr Subcommand kSubcommands[] = {
    {"book", "build Polyglot books from PGN or EPD; probe, dump and merge them",
     fenkit::tools::run_book},
    {"check", "validate PGN, EPD or FEN files; report every error with its place",
     fenkit::tools::run_check},
    {"epd", "read, check and normalise EPD records; write EPD, FEN or JSON lines",
     fenkit::tools::run_epd},
    {"perft", "count leaf nodes of the move tree; run a perft suite", fenkit::tools::run_perft},
    {"pgn", "select, deduplicate, classify, clean and export games (PGN or JSON lines)",
     fenkit::tools::run_pgn},
    {"replay", "FEN (or EPD, CSV, JSON lines) after every move of every game",
     fenkit::tools::run_replay},
};

void print_usage(std::ostream& out) {
  out << "usage: fenkit COMMAND [OPTIONS] [FILE...]\n\ncommands:\n";
  for (const Subcommand& c : kSubcommands) out << "  " << c.name << std::string(10 - std::strlen(c.name), ' ') << c.summary << '\n';
  out << "\n'fenkit help COMMAND' (or 'fenkit COMMAND --help') describes a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace fenkit::tools;
  std::ios::sync_with_stdio(false);
  if (argc < 2) {
    print_usage(std::cerr);
    return kExitUsage;
  }
  std::string_view name = argv[1];
  Args args(argv + 2, argv + argc);
  if (name == "--help" || name == "-h" || (name == "help" && args.empty())) {
    print_usage(std::cout);
    return kExitOk;
  }
  if (name == "--version") {
    std::cout << "fenkit " << FENKIT_VERSION_STRING << '\n';
    return kExitOk;
  }
  // "fenkit help COMMAND [SUBCOMMAND]" is "fenkit COMMAND [SUBCOMMAND] --help".
  if (name == "help") {
    name = argv[2];
    args.erase(args.begin());
    args.push_back("--help");
  }
  for (const Subcommand& c : kSubcommands) {
    if (name != c.name) continue;
    // Messages name the command as it was called: "fenkit book build: ...".
    std::string command(name);
    if (c.run == run_book && !args.empty() && !args[0].starts_with('-')) command += " " + args[0];
    try {
      const int status = c.run(args);
      // Output that could not be written (a full disk, a closed pipe) is not "all input used".
      std::cout.flush();
      if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) throw fenkit::io::OutputError("<stdout>");
      return status;
    } catch (const UsageError& e) {
      std::cerr << "fenkit " << command << ": " << e.what() << "\n(see 'fenkit " << command
                << " --help')\n";
      return kExitUsage;
    } catch (const fenkit::io::OutputError& e) {
      std::cerr << e.what() << '\n';
      return kExitUsage;
    } catch (const std::exception& e) {
      std::cerr << "fenkit " << command << ": error: " << e.what() << '\n';
      return kExitUsage;
    }
  }
  std::cerr << "fenkit: unknown command '" << fenkit::fen::printable(name) << "'\n";
  print_usage(std::cerr);
  return kExitUsage;
}
