#include "cli.hpp"

#include <cctype>
#include <cstdio>
#include <iostream>

#include <unistd.h>

#include "fenkit/fen/printable.hpp"

namespace fenkit::tools {

CommandLine parse_command_line(const std::vector<std::string>& args,
                               const po::options_description& options, const char* positional) {
  po::options_description all = options;
  all.add_options()("help,h", "show this help");
  po::positional_options_description pos;
  if (positional) pos.add(positional, -1);
  CommandLine cl;
  try {
    po::command_line_parser parser(args);
    parser.options(all).positional(pos);
    po::store(parser.run(), cl.values);
    cl.help = cl.values.count("help") > 0;
    if (!cl.help) po::notify(cl.values);
  } catch (const po::error& e) {
    throw UsageError(e.what());
  }
  return cl;
}

void print_help(std::string_view name, std::string_view synopsis,
                const po::options_description& options, std::initializer_list<Example> examples,
                std::string_view notes) {
  // The positional arguments are in the synopsis; their internal option names are not shown.
  po::options_description shown(std::string(name) + " options");
  for (const auto& option : options.options()) {
    const std::string& long_name = option->long_name();
    if (long_name == "file" || long_name == "fen" || long_name == "book" || long_name == "args")
      continue;
    shown.add(option);
  }
  shown.add_options()("help,h", "show this help");
  std::cout << "usage: fenkit " << name << ' ' << synopsis << "\n\n" << shown << '\n';
  if (!notes.empty()) std::cout << notes << (notes.ends_with('\n') ? "\n" : "\n\n");
  if (examples.size() == 0) return;
  std::cout << "examples:\n";
  for (const Example& e : examples) std::cout << "  " << e.command << "\n      " << e.what << '\n';
}

// ---------------------------------------------------------------- Reporting

namespace {

void append_location(std::string& text, std::string_view file, std::size_t line,
                     std::size_t column, std::string_view kind, std::string_view message) {
  pgn::append_diagnostic_line(text, file, line, column, kind, message);
}

}  // namespace

void Diagnostics::write(std::string_view text) {
  if (progress_) progress_->clear();
  std::fwrite(text.data(), 1, text.size(), stderr);
}

void Diagnostics::error(std::string_view file, std::size_t line, std::size_t column,
                        std::string_view message) {
  ++errors_;
  std::string text;
  append_location(text, file, line, column, "error", message);
  write(text);
}

void Diagnostics::warning(std::string_view file, std::size_t line, std::size_t column,
                          std::string_view message) {
  ++warnings_;
  if (!show_warnings_) return;
  std::string text;
  append_location(text, file, line, column, "warning", message);
  write(text);
}

namespace {

// Input errors name their input already ("FILE: what went wrong"); it is said once.
std::string_view without_name(std::string_view file, std::string_view message) {
  if (message.size() > file.size() + 2 && message.starts_with(file) &&
      message.substr(file.size(), 2) == ": ")
    message.remove_prefix(file.size() + 2);
  return message;
}

}  // namespace

void Diagnostics::error(std::string_view file, std::string_view message) {
  ++errors_;
  std::string text = std::string(file) + ": error: ";
  fen::append_printable(text, message, message.size());
  write(text + "\n");
}

void Diagnostics::file_error(std::string_view file, std::string_view message) {
  ++errors_;
  ++unreadable_;
  std::string text = std::string(file) + ": error: ";
  fen::append_printable(text, without_name(file, message), message.size());
  write(text + "\n");
}

void Diagnostics::file_warning(std::string_view file, std::string_view message) {
  ++warnings_;
  if (!show_warnings_) return;
  std::string text = std::string(file) + ": warning: ";
  fen::append_printable(text, without_name(file, message), message.size());
  write(text + "\n");
}

void Diagnostics::print(std::string_view lines, std::size_t errors, std::size_t warnings) {
  errors_ += errors;
  warnings_ += warnings;
  if (!lines.empty()) write(lines);
}

std::string Diagnostics::warnings_note() const {
  if (warnings_ == 0) return {};
  std::string note = ", " + std::to_string(warnings_) + (warnings_ == 1 ? " warning" : " warnings");
  if (!show_warnings_) note += warnings_ == 1 ? " (-W shows it)" : " (-W shows them)";
  return note;
}

void announce_terminal_input(std::string_view name, std::string_view kind) {
  static bool said = false;
  if (said || name != "<stdin>" || !::isatty(STDIN_FILENO)) return;
  said = true;
  std::string text = "reading ";
  text.append(kind).append(" from standard input; end with Ctrl-D\n");
  std::fwrite(text.data(), 1, text.size(), stderr);
}

std::string display_name(std::string_view path) {
  return path == "-" ? std::string("<stdin>") : std::string(path);
}

}  // namespace fenkit::tools
