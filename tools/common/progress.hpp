// A progress line on standard error for long runs on a terminal (never when it is not one):
// bytes read, games, speed, and when the input's size is known the percentage and time left.
#pragma once

#include <chrono>
#include <cstdint>
#include <cstdio>
#include <string_view>

namespace fenkit::tools {

class Progress {
 public:
  // `what` names the items counted ("games", "records").
  explicit Progress(bool enabled, std::string_view what = "games")
      : enabled_(enabled), what_(what), start_(std::chrono::steady_clock::now()) {}
  ~Progress() { clear(); }
  Progress(const Progress&) = delete;
  Progress& operator=(const Progress&) = delete;

  // `total` is 0 when the size is not known (a pipe, standard input).
  void update(std::uint64_t bytes, std::uint64_t total, std::uint64_t items) {
    if (!enabled_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now - last_ < std::chrono::milliseconds(250)) return;
    last_ = now;
    const double seconds = std::chrono::duration<double>(now - start_).count();
    const double rate = seconds > 0 ? double(bytes) / seconds : 0.0;
    std::fprintf(stderr, "\r%.1f MB, %llu %.*s, %.1f MB/s", double(bytes) / 1e6,
                 static_cast<unsigned long long>(items), int(what_.size()), what_.data(),
                 rate / 1e6);
    if (total && bytes <= total) {
      std::fprintf(stderr, ", %.0f%%", 100.0 * double(bytes) / double(total));
      if (rate > 0) {
        const auto left = static_cast<unsigned long long>(double(total - bytes) / rate);
        std::fprintf(stderr, ", %llu:%02llu left", left / 60, left % 60);
      }
    }
    std::fputs("\033[K", stderr);
    std::fflush(stderr);
    shown_ = true;
  }

  // No more progress lines (standard output turned out to share the terminal).
  void disable() {
    clear();
    enabled_ = false;
  }

  // Removes the line, before other messages or at the end.
  void clear() {
    if (!shown_) return;
    std::fputs("\r\033[K", stderr);
    std::fflush(stderr);
    shown_ = false;
  }

 private:
  bool enabled_;
  std::string_view what_;
  bool shown_ = false;
  std::chrono::steady_clock::time_point start_;
  std::chrono::steady_clock::time_point last_{};
};

}  // namespace fenkit::tools
