#include "output_paths.hpp"

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <filesystem>

#include <sys/stat.h>
#include <unistd.h>

#include "cli.hpp"
#include "fenkit/fen/printable.hpp"

namespace fenkit::tools {

namespace {

namespace fs = std::filesystem;

struct FileId {
  dev_t device;
  ino_t inode;
  bool operator==(const FileId&) const = default;
};

std::optional<FileId> id_of(const struct stat& st) { return FileId{st.st_dev, st.st_ino}; }

// The regular file a path names (links followed), standard input or output for "-" when it is
// redirected from or to one: only a regular file can be lost by writing over it (/dev/null
// may be both an input and an output).
std::optional<FileId> file_id(const std::string& path, int standard_fd) {
  struct stat st {};
  const int status = path == "-" ? ::fstat(standard_fd, &st) : ::stat(path.c_str(), &st);
  if (status != 0 || !S_ISREG(st.st_mode)) return std::nullopt;
  return id_of(st);
}

// A path as messages name it: "standard input" for "-", else the path, quoted as needed.
std::string input_words(const std::string& path) {
  return path == "-" ? std::string("standard input") : "the input " + fen::printable(path);
}

// "-o out.pgn", "--rejects bad.pgn", "standard output".
std::string option_words(const std::string& option) {
  return option == "output" ? std::string("-o") : "--" + option;
}

std::string output_words(const PlannedOutput& output) {
  if (output.path == "-") return "standard output";
  return option_words(output.option) + " " + fen::printable(output.path);
}

// Where a file that does not exist yet would be: its folder made absolute, links followed.
fs::path place_of(const std::string& path) {
  std::error_code ignored;
  return fs::weakly_canonical(fs::absolute(path, ignored), ignored);
}

}  // namespace

std::string SplitNames::part(unsigned long long number) const {
  char digits[24];
  std::snprintf(digits, sizeof digits, "-%04llu", number);
  return prefix + digits + extension;
}

std::string SplitNames::named(std::string_view key) const {
  std::string name = prefix;
  name += '-';
  name += key;
  name += extension;
  return name;
}

bool SplitNames::names(const std::string& file_name) const {
  const std::string stem = fs::path(prefix).filename().string() + "-";
  if (file_name.size() < stem.size() + (keyed ? 1 : 4) + extension.size() ||
      !file_name.starts_with(stem) || !file_name.ends_with(extension))
    return false;
  if (keyed) return true;
  const std::string_view digits(file_name.data() + stem.size(),
                                file_name.size() - stem.size() - extension.size());
  return std::all_of(digits.begin(), digits.end(), [](char c) { return std::isdigit(c & 0xFF); });
}

void refuse_outputs_over_inputs(const std::vector<std::string>& inputs,
                                const std::vector<PlannedOutput>& outputs,
                                const std::optional<SplitNames>& split) {
  std::vector<std::pair<std::string, FileId>> read;
  for (const std::string& input : inputs)
    if (const auto id = file_id(input, STDIN_FILENO)) read.emplace_back(input, *id);

  for (const PlannedOutput& output : outputs)
    if (output.path.empty()) throw UsageError(option_words(output.option) + ": the file name is empty");
  auto refuse_if_read = [&](const std::string& what, const std::optional<FileId>& id) {
    if (!id) return;
    for (const auto& [input, input_id] : read)
      if (input_id == *id)
        throw UsageError(what + " is " + input_words(input) +
                         ": it would be overwritten by what is read from it");
  };
  for (const PlannedOutput& output : outputs)
    refuse_if_read(output_words(output), file_id(output.path, STDOUT_FILENO));

  // Two outputs that are one file would each replace the other.
  for (std::size_t i = 0; i < outputs.size(); ++i)
    for (std::size_t j = i + 1; j < outputs.size(); ++j) {
      const PlannedOutput &a = outputs[i], &b = outputs[j];
      if (a.path == "-" || b.path == "-") continue;
      // Regular files by identity; names not taken yet by where they would be. (A device
      // such as /dev/null may take any number of outputs.)
      const auto ia = file_id(a.path, -1), ib = file_id(b.path, -1);
      const bool new_files = !fs::exists(a.path) && !fs::exists(b.path);
      if ((ia && ib && *ia == *ib) || (new_files && place_of(a.path) == place_of(b.path)))
        throw UsageError(output_words(a) + " and " + output_words(b) + " are the same file");
    }

  if (!split) return;
  // Every file of the series that exists now is checked against the inputs and the other
  // outputs, and every other output against the names the series may take (it grows as it is
  // written), links followed.
  const std::string writes = split->keyed ? " that --split-by writes" : " that --split writes";
  const fs::path folder = place_of(split->prefix).parent_path();
  const fs::path shown_folder = fs::path(split->prefix).parent_path();
  std::error_code error;
  for (const fs::directory_entry& entry : fs::directory_iterator(folder, error)) {
    const std::string name = entry.path().filename().string();
    if (!split->names(name)) continue;
    const std::string part = (shown_folder / name).string();
    const auto id = file_id(entry.path().string(), -1);
    refuse_if_read("the part " + fen::printable(part) + writes, id);
    for (const PlannedOutput& output : outputs)
      if (id && output.path != "-" && file_id(output.path, -1) == id)
        throw UsageError(output_words(output) + " is the part " + fen::printable(part) +
                         writes);
  }
  for (const PlannedOutput& output : outputs)
    if (output.path != "-" && place_of(output.path).parent_path() == folder &&
        split->names(place_of(output.path).filename().string()))
      throw UsageError(output_words(output) + " is a name" + writes);
}

}  // namespace fenkit::tools
