#include "cli.hpp"

#include <cctype>
#include <cstdio>
#include <iostream>

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
                const po::options_description& options) {
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
}

static void report(std::string_view kind, std::string_view file, std::size_t line,
                   std::size_t column, std::string_view message) {
  std::string text;
  text.reserve(file.size() + message.size() + 32);
  text.append(file).append(":").append(std::to_string(line)).append(":");
  text.append(std::to_string(column)).append(": ").append(kind).append(": ").append(message);
  text.push_back('\n');
  std::fwrite(text.data(), 1, text.size(), stderr);
}

void Diagnostics::error(std::string_view file, std::size_t line, std::size_t column,
                        std::string_view message) {
  ++errors_;
  report("error", file, line, column, message);
}

void Diagnostics::warning(std::string_view file, std::size_t line, std::size_t column,
                          std::string_view message) {
  ++warnings_;
  report("warning", file, line, column, message);
}

void Diagnostics::file_error(std::string_view file, std::string_view message) {
  ++errors_;
  // Input errors name their file already ("FILE: what went wrong"); say it once.
  if (message.size() > file.size() + 2 && message.starts_with(file) &&
      message.substr(file.size(), 2) == ": ")
    message.remove_prefix(file.size() + 2);
  std::string text = std::string(file) + ": error: " + std::string(message) + "\n";
  std::fwrite(text.data(), 1, text.size(), stderr);
}

std::string display_name(std::string_view path) {
  return path == "-" ? std::string("<stdin>") : std::string(path);
}

std::string content_extension(std::string_view path) {
  for (std::string_view suffix : {".gz", ".bz2", ".xz", ".zst"})
    if (path.ends_with(suffix)) path.remove_suffix(suffix.size());
  const std::size_t dot = path.rfind('.');
  if (dot == std::string_view::npos || path.find('/', dot) != std::string_view::npos) return {};
  std::string extension(path.substr(dot));
  for (char& c : extension) c = char(std::tolower(static_cast<unsigned char>(c)));
  return extension;
}

}  // namespace fenkit::tools
