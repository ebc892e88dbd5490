#include "command_run.hpp"

#include <cstdio>
#include <exception>

#include <sys/stat.h>
#include <unistd.h>

#include "fenkit/io/compression.hpp"
#include "fenkit/io/output_compression.hpp"
#include "threads.hpp"

namespace fenkit::tools {

namespace {

// Whether standard output is the terminal standard error draws on: a progress line there would
// overwrite the beginning of the lines written.
bool stdout_shares_the_terminal() {
  if (!::isatty(STDOUT_FILENO) || !::isatty(STDERR_FILENO)) return false;
  struct stat out {}, err {};
  if (::fstat(STDOUT_FILENO, &out) != 0 || ::fstat(STDERR_FILENO, &err) != 0) return true;
  return out.st_rdev == err.st_rdev;
}

std::string counts(std::string_view items, std::uint64_t total, std::uint64_t used,
                   std::uint64_t rejected) {
  return std::to_string(total) + " " + std::string(items) + ", " + std::to_string(used) +
         " used, " + std::to_string(rejected) + " rejected";
}

}  // namespace

// ---------------------------------------------------------------- Summary

Summary::Summary(std::string_view items, std::uint64_t total, std::uint64_t used,
                 std::uint64_t rejected)
    : counts_(counts(items, total, used, rejected)) {}

Summary& Summary::also(std::uint64_t n, std::string_view what, bool always) {
  if (n || always) counts_.append(", ").append(std::to_string(n)).append(" ").append(what);
  return *this;
}

Summary& Summary::then(std::string_view text) {
  details_.append("; ").append(text);
  return *this;
}

Summary& Summary::and_counts(std::string_view items, std::uint64_t total, std::uint64_t used,
                             std::uint64_t rejected) {
  counts_ += (counts_.empty() ? "" : "; ") + counts(items, total, used, rejected);
  return *this;
}

std::string Summary::line(const Diagnostics& diagnostics) const {
  std::string text = counts_ + diagnostics.warnings_note() + details_;
  // A summary of details alone (perft's count) does not begin with their separator.
  if (counts_.empty() && text.starts_with("; ")) text.erase(0, 2);
  return text;
}

// ---------------------------------------------------------------- CommandRun

void CommandRun::Events::opened(const io::InputSource& input) {
  announce_terminal_input(input.name(), run_.settings_.kind);
}

CommandRun::CommandRun(const po::variables_map& values, Settings settings)
    : settings_(settings),
      reporting_(reporting_from(values)),
      inputs_(settings.inputs_option ? files_from(values, settings.inputs_option)
                                     : std::vector<std::string>{}),
      progress_(std::make_unique<Progress>(reporting_.progress)),
      diagnostics_(std::make_unique<Diagnostics>(reporting_, progress_.get())),
      events_(std::make_unique<Events>(*this)),
      max_game_bytes_(max_game_size_from(values)) {
  if (values.count("rejects")) rejects_path_ = values["rejects"].as<std::string>();
  if (values.count("compression-level"))
    compression_.level = int(values["compression-level"].as<std::int64_t>());
  compression_.threads = jobs_from(values);
}

CommandRun::~CommandRun() = default;

void CommandRun::open_outputs(const std::vector<PlannedOutput>& outputs,
                              const std::optional<SplitNames>& split) {
  std::vector<PlannedOutput> all = outputs;
  if (keeps_rejects()) all.push_back({"rejects", rejects_path_});
  refuse_outputs_over_inputs(inputs_, all, split);
  if (const int level = compression_.level) {
    std::vector<std::string> names;
    for (const PlannedOutput& output : all) names.push_back(output.path);
    if (split) names.push_back(split->part(1));
    for (const std::string& name : names)
      if (const io::Compression c = io::compression_for(name);
          c != io::Compression::none && level > io::max_level(c))
        throw UsageError("--compression-level goes from 1 to " + std::to_string(io::max_level(c)) +
                         " for " + name);
  }
  bool to_stdout = false;
  for (const PlannedOutput& output : outputs) {
    outputs_.push_back(std::make_unique<io::OutputFile>(output.path, compression_));
    to_stdout = to_stdout || output.path == "-";
  }
  if (keeps_rejects()) rejects_ = std::make_unique<io::OutputFile>(rejects_path_, compression_);
  split_ = split;
  if (to_stdout && stdout_shares_the_terminal()) progress_->disable();
}

io::OutputFile& CommandRun::next_part() {
  if (!parts_.empty()) parts_.back()->close();
  parts_.push_back(std::make_unique<io::OutputFile>(split_->part(parts_.size() + 1), compression_));
  return *parts_.back();
}

void CommandRun::write_keyed(std::string_view key, std::string_view text) {
  auto at = keyed_.find(key);
  if (at == keyed_.end()) {
    at = keyed_.emplace(std::string(key), KeyedPart{parts_.size(), {}}).first;
    // Hundreds may be open at once (one per ECO code): each compressed on the writing thread.
    parts_.push_back(std::make_unique<io::OutputFile>(
        split_->named(key), io::CompressionSettings{compression_.level, 1}));
    parts_.back()->suspend();  // opened now, so that a name that cannot be written stops the run
  }
  at->second.pending.append(text);
  keyed_pending_ += text.size();
  while (keyed_pending_ > kKeyedPending) {
    KeyedPart* most = nullptr;
    for (auto& [name, part] : keyed_)
      if (!most || part.pending.size() > most->pending.size()) most = &part;
    write_pending(*most);
  }
}

void CommandRun::write_pending(KeyedPart& keyed) {
  if (keyed.pending.empty()) return;
  io::OutputFile& part = *parts_[keyed.part];
  part.write(keyed.pending);
  part.suspend();
  keyed_pending_ -= keyed.pending.size();
  std::string().swap(keyed.pending);
}

std::unique_ptr<io::InputSource> CommandRun::open_input(const std::string& path) {
  try {
    std::unique_ptr<io::InputSource> input = io::open_input(path);
    announce_terminal_input(input->name(), settings_.kind);
    return input;
  } catch (const std::exception& e) {
    input_failed(display_name(path), e.what());
    return nullptr;
  }
}

void CommandRun::input_failed(std::string_view name, std::string_view message) {
  diagnostics_->file_error(name, message);
}

void CommandRun::take(const pgn::ChunkReport& report) {
  diagnostics_->print(report.lines, report.errors, report.warnings);
  if (rejects_) rejects_->write(report.rejects);
  totals_.add(report);
}

void CommandRun::show(const pgn::ChunkReport& report) {
  diagnostics_->print(report.lines, report.errors, report.warnings);
  if (report.rejected) mark_incomplete();
}

void CommandRun::keep_rejected_line(std::string_view text) {
  if (!rejects_) return;
  rejects_->write(text);
  rejects_->write("\n");
}

double CommandRun::seconds() const {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
}

namespace {

// Closes the outputs: the streams in their order on this thread (two of them may be the same
// terminal or pipe), the files several at a time. A file to be renamed into place waits for the
// disk first (fdatasync), and the 501 parts of `pgn --split-by eco` waited half a second in
// turn; the waiting is the disk's, so more threads than cores help. Every output is closed, and
// the first failure in the outputs' order is the one thrown, as when they were closed one by one.
void close_all(const std::vector<io::OutputFile*>& outputs) {
  constexpr unsigned kClosingThreads = 8;
  std::vector<std::exception_ptr> failures(outputs.size());
  const auto close = [&](std::size_t i) {
    try {
      outputs[i]->close();
    } catch (...) {
      failures[i] = std::current_exception();
    }
  };
  std::vector<std::size_t> files;
  for (std::size_t i = 0; i < outputs.size(); ++i) {
    if (outputs[i]->is_stream())
      close(i);
    else
      files.push_back(i);
  }
  parallel_for(files.size(), files.size() > 2 ? kClosingThreads : 1,
               [&](std::size_t k) { close(files[k]); });
  for (const std::exception_ptr& failure : failures)
    if (failure) std::rethrow_exception(failure);
}

}  // namespace

int CommandRun::finish(const Summary& summary) {
  progress_->clear();
  for (auto& [key, keyed] : keyed_) write_pending(keyed);
  std::vector<io::OutputFile*> all;
  for (auto& output : outputs_) all.push_back(output.get());
  for (auto& part : parts_) all.push_back(part.get());
  if (rejects_) all.push_back(rejects_.get());
  // Everything is written out first, streams and files alike: a write that fails then leaves
  // every named file unrenamed, not some of them in place.
  close_all(all);
  const bool input_failed = inputs_failed();
  for (io::OutputFile* output : all) {
    if (output->abandoned()) continue;
    if (output->is_stream()) {
      output->commit();  // what was written stays written
    } else if (input_failed) {
      std::fprintf(stderr, "%s: error: not written, since an input could not be read whole\n",
                   output->name().c_str());
    } else {
      output->commit();
    }
  }
  // Whatever went to standard output through the C or C++ streams (help, small commands).
  std::fflush(stdout);
  if (std::ferror(stdout)) throw io::OutputError("<stdout>");

  if (!reporting_.quiet) {
    const std::string line = summary.line(*diagnostics_);
    if (!line.empty()) std::fprintf(stderr, "%s\n", line.c_str());
  }
  if (input_failed) return kExitUsage;
  return diagnostics_->errors() || totals_.rejected || incomplete_ ? kExitRejected : kExitOk;
}

}  // namespace fenkit::tools
