// fenkit: one program, one subcommand per job.
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <string_view>

#include "cli.hpp"
#include "commands.hpp"

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
    {"replay", "FEN (or EPD, CSV, JSON lines) after every move of every game",
     fenkit::tools::run_replay},
};

void print_usage(std::ostream& out) {
  out << "usage: fenkit COMMAND [OPTIONS] [FILE...]\n\ncommands:\n";
  for (const Subcommand& c : kSubcommands) out << "  " << c.name << std::string(10 - std::strlen(c.name), ' ') << c.summary << '\n';
  out << "\n'fenkit COMMAND --help' describes a command's options.\n";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace fenkit::tools;
  std::ios::sync_with_stdio(false);
  if (argc < 2) {
    print_usage(std::cerr);
    return kExitUsage;
  }
  const std::string_view name = argv[1];
  if (name == "--help" || name == "-h" || name == "help") {
    print_usage(std::cout);
    return kExitOk;
  }
  if (name == "--version") {
    std::cout << "fenkit " << FENKIT_VERSION << '\n';
    return kExitOk;
  }
  for (const Subcommand& c : kSubcommands) {
    if (name != c.name) continue;
    try {
      const int status = c.run(Args(argv + 2, argv + argc));
      // Output that could not be written (a full disk, a closed pipe) is not "all input used".
      std::cout.flush();
      if (!std::cout || std::fflush(stdout) != 0 || std::ferror(stdout)) {
        std::cerr << "fenkit " << name << ": error: cannot write the output\n";
        return kExitUsage;
      }
      return status;
    } catch (const UsageError& e) {
      std::cerr << "fenkit " << name << ": " << e.what() << "\n(see 'fenkit " << name
                << " --help')\n";
      return kExitUsage;
    } catch (const std::exception& e) {
      std::cerr << "fenkit " << name << ": error: " << e.what() << '\n';
      return kExitUsage;
    }
  }
  std::cerr << "fenkit: unknown command '" << name << "'\n";
  print_usage(std::cerr);
  return kExitUsage;
}
