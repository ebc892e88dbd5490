// What every fenkit subcommand shares: exit codes, option parsing, diagnostics.
#pragma once

#include <boost/program_options.hpp>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace fenkit::tools {

namespace po = boost::program_options;

// Exit status contract: 0 all input used, 1 something rejected (and reported),
// 2 usage error or unreadable input.
enum ExitCode : int { kExitOk = 0, kExitRejected = 1, kExitUsage = 2 };

// Thrown for a bad command line; main() prints it with the usage hint and exits 2.
struct UsageError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

struct CommandLine {
  po::variables_map values;
  bool help = false;
};

// Parses `args` (after the subcommand name) against `options`, with `positional` naming the
// option that collects bare arguments. Throws UsageError.
CommandLine parse_command_line(const std::vector<std::string>& args,
                               const po::options_description& options,
                               const char* positional = nullptr);

// Prints "usage: fenkit NAME SYNOPSIS" and the option table to standard output.
void print_help(std::string_view name, std::string_view synopsis,
                const po::options_description& options);

// Errors and warnings on standard error, in the form editors and CI understand:
//   FILE:LINE:COLUMN: error: MESSAGE
class Diagnostics {
 public:
  void error(std::string_view file, std::size_t line, std::size_t column, std::string_view message);
  void warning(std::string_view file, std::size_t line, std::size_t column, std::string_view message);
  // An error about a whole file (cannot open it, ...): FILE: error: MESSAGE
  void file_error(std::string_view file, std::string_view message);
  // Counts problems that were reported elsewhere (already printed, in order).
  void count(std::size_t errors, std::size_t warnings) {
    errors_ += errors;
    warnings_ += warnings;
  }
  std::size_t errors() const { return errors_; }
  std::size_t warnings() const { return warnings_; }

 private:
  std::size_t errors_ = 0;
  std::size_t warnings_ = 0;
};

// The name shown for an input: "<stdin>" for "-".
std::string display_name(std::string_view path);

// The extension that says what a file holds, lower case, with a compression suffix looked
// through: "games.PGN.zst" gives ".pgn".
std::string content_extension(std::string_view path);

}  // namespace fenkit::tools
