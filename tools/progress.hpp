// A progress line on standard error for long runs on a terminal (never when piped).
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>

namespace fenkit::tools {

class Progress {
 public:
  explicit Progress(bool enabled) : enabled_(enabled), start_(std::chrono::steady_clock::now()) {}

  void update(std::uint64_t bytes, std::uint64_t games) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(250)) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    std::fprintf(stderr, "\r%.1f MB, %llu games, %.1f MB/s\033[K", double(bytes) / 1e6,
                 static_cast<unsigned long long>(games),
                 seconds > 0 ? double(bytes) / seconds / 1e6 : 0.0);
    std::fflush(stderr);
    shown_ = true;
  }

  // Removes the line, before other messages or at the end.
  void clear() {
    if (!shown_) return;
    std::fputs("\r\033[K", stderr);
    shown_ = false;
  }

 private:
  bool enabled_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace fenkit::tools
