// Outputs kept away from inputs: every path a run may write is checked against every file it
// reads, by identity (device and inode, so that another name, a symbolic or a hard link is the
// same file), before anything is opened. Standard input and output count too when they are
// redirected from or to a file.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fenkit::tools {

// A file a run writes: the option that names it ("output", "rejects", ...) and its path ("-":
// standard output).
struct PlannedOutput {
  std::string option;
  std::string path;
};

// The series of files --split writes: PREFIX-0001EXTENSION, PREFIX-0002EXTENSION, ...; or,
// keyed, PREFIX-KEYEXTENSION, one file for each key (--split-by: PREFIX-B42.pgn).
struct SplitNames {
  std::string option;
  std::string prefix;
  std::string extension;
  bool keyed = false;

  // The name of part `number` (from 1).
  std::string part(unsigned long long number) const;
  // The name of the part of `key` (keyed series).
  std::string named(std::string_view key) const;
  // Whether `file_name` (without a folder) is a name of the series.
  bool names(const std::string& file_name) const;
};

// Throws UsageError, naming the option, when an output is one of the inputs ("-": standard
// input), a part of `split` is, or two outputs are the same file.
void refuse_outputs_over_inputs(const std::vector<std::string>& inputs,
                                const std::vector<PlannedOutput>& outputs,
                                const std::optional<SplitNames>& split = {});

}  // namespace fenkit::tools
