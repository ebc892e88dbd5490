// Temporary files that a signal ending the program (Ctrl-C, kill, a closed terminal or pipe, a
// file-size limit) removes first, so that an interrupted run leaves nothing half written behind
// (internal: OutputFile's).
//
// Thread safety: remember and forget may be called from any thread; the removal runs in the
// signal handler and uses only what a handler may (atomic loads and unlink).
#pragma once

#include <string>

namespace fenkit::io::detail {

class TemporaryFile {
 public:
  TemporaryFile() = default;
  // Remembers `path` until forget() (or destruction), installing the signal handlers on first use.
  explicit TemporaryFile(const std::string& path);
  ~TemporaryFile() { forget(); }
  TemporaryFile(TemporaryFile&& other) noexcept : entry_(other.entry_) { other.entry_ = nullptr; }
  TemporaryFile& operator=(TemporaryFile&& other) noexcept;
  TemporaryFile(const TemporaryFile&) = delete;
  TemporaryFile& operator=(const TemporaryFile&) = delete;

  // The file is no longer the program's to remove (renamed into place, or removed).
  void forget();

  struct Entry;

 private:
  Entry* entry_ = nullptr;
};

}  // namespace fenkit::io::detail
