// What every fenkit subcommand shares: exit codes, command-line parsing and help, and the one
// way problems are reported on standard error.
#pragma once

#include <boost/program_options.hpp>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/io/input.hpp"
#include "fenkit/pgn/report.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "options.hpp"
#include "progress.hpp"

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

// One example at the end of a help page: a command line and what it does.
struct Example {
  const char* command;
  const char* what;
};

// Prints "usage: fenkit NAME SYNOPSIS", the option table, `notes` (paragraphs, may be empty)
// and the examples to standard output.
void print_help(std::string_view name, std::string_view synopsis,
                const po::options_description& options, std::initializer_list<Example> examples,
                std::string_view notes = {});

// ---------------------------------------------------------------- Reporting

// Errors and warnings on standard error, in the form editors and CI understand:
//   FILE:LINE:COLUMN: error: MESSAGE
// Every message is made printable (control bytes and invalid UTF-8 as \xNN) before it is
// written. Warnings are counted always and shown only when asked for (-W), so that the summary
// can say how many were not shown. A progress line, when there is one, is cleared first.
class Diagnostics {
 public:
  Diagnostics() = default;
  explicit Diagnostics(const Reporting& reporting, Progress* progress = nullptr)
      : show_warnings_(reporting.warnings), progress_(progress) {}

  void error(std::string_view file, std::size_t line, std::size_t column, std::string_view message);
  void warning(std::string_view file, std::size_t line, std::size_t column, std::string_view message);
  // An error in an input that has no lines (a book): FILE: error: MESSAGE. Unlike file_error,
  // the input was read.
  void error(std::string_view file, std::string_view message);
  // An error about a whole input (missing, unreadable, cut short): FILE: error: MESSAGE.
  // Counts the input as unreadable (exit status 2).
  void file_error(std::string_view file, std::string_view message);
  // A warning about a whole input: FILE: warning: MESSAGE (shown with -W).
  void file_warning(std::string_view file, std::string_view message);
  // Lines formatted elsewhere (by the workers that read a chunk; see ChunkReport), with the
  // numbers of errors and warnings they stand for (warnings not shown included).
  void print(std::string_view lines, std::size_t errors, std::size_t warnings);

  bool show_warnings() const { return show_warnings_; }
  std::size_t errors() const { return errors_; }
  std::size_t warnings() const { return warnings_; }
  std::size_t unreadable() const { return unreadable_; }
  // ", 3 warnings" / ", 3 warnings (-W shows them)" / "": the end of a summary line.
  std::string warnings_note() const;

 private:
  void write(std::string_view text);

  bool show_warnings_ = true;
  Progress* progress_ = nullptr;
  std::size_t errors_ = 0, warnings_ = 0, unreadable_ = 0;
};

// The diagnostics and rejects of chunks read on worker threads (libpgn).
using pgn::ChunkReport;
using pgn::append_diagnostic;

// The name shown for an input: "<stdin>" for "-".
std::string display_name(std::string_view path);

// Says once, on standard error, "reading KIND from standard input; end with Ctrl-D" when
// standard input is a terminal and `name` is standard input.
void announce_terminal_input(std::string_view name, std::string_view kind);

}  // namespace fenkit::tools
