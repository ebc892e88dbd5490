// A run that is interrupted must not leave its partial files behind, and a signal handler is the
// only code that runs then: the files to remove are kept where a handler can walk them without
// a lock or an allocation.
#include "temporary_files.hpp"

#include <atomic>
#include <csignal>
#include <cstring>
#include <mutex>

#include <unistd.h>

namespace fenkit::io::detail {

// Entries are kept in a list that only grows: the handler may walk it at any moment, so an entry
// is never freed, only marked as no longer live (a run makes a few, or one per --split part).
struct TemporaryFile::Entry {
  std::atomic<bool> live{true};
  Entry* next = nullptr;
  std::string path;
};

namespace {

std::atomic<TemporaryFile::Entry*> entries{nullptr};

extern "C" void remove_temporary_files(int signal) {
  for (TemporaryFile::Entry* e = entries.load(); e; e = e->next)
    if (e->live.load()) ::unlink(e->path.c_str());
  // Ends the program as the signal would have: the status tells the caller what happened.
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

void install_handlers() {
  static std::once_flag once;
  std::call_once(once, [] {
    for (int signal : {SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGQUIT, SIGXFSZ}) {
      struct sigaction action {};
      if (::sigaction(signal, nullptr, &action) != 0) continue;
      if (action.sa_handler == SIG_IGN) continue;  // ignored by the caller (nohup): left so
      std::memset(&action, 0, sizeof action);
      action.sa_handler = remove_temporary_files;
      sigemptyset(&action.sa_mask);
      ::sigaction(signal, &action, nullptr);
    }
  });
}

}  // namespace

TemporaryFile::TemporaryFile(const std::string& path) : entry_(new Entry) {
  install_handlers();
  entry_->path = path;
  entry_->next = entries.load();
  while (!entries.compare_exchange_weak(entry_->next, entry_)) {
  }
}

TemporaryFile& TemporaryFile::operator=(TemporaryFile&& other) noexcept {
  if (this != &other) {
    forget();
    entry_ = other.entry_;
    other.entry_ = nullptr;
  }
  return *this;
}

void TemporaryFile::forget() {
  if (entry_) entry_->live.store(false);
  entry_ = nullptr;
}

}  // namespace fenkit::io::detail
