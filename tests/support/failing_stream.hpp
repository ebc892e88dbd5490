// A stream that breaks off: a std::streambuf that hands out a text in pieces, as a file's or a
// socket's buffer does, and throws when it is asked for the byte at `fail_at`, as a buffer over
// a failing disk or a dropped connection does. A std::istream over it goes bad there (and
// throws the streambuf's error itself when its exceptions() include badbit).
#pragma once

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <streambuf>
#include <string>

namespace fenkit::testing {

class FailingStreambuf : public std::streambuf {
 public:
  // `piece`: the bytes one refill makes available (the get area), so that reads of any size
  // cross refills.
  FailingStreambuf(std::string text, std::size_t fail_at, std::size_t piece = 4096)
      : text_(std::move(text)), fail_at_(fail_at), piece_(piece) {}

  // What the streambuf throws at `fail_at`.
  static constexpr const char* kError = "the device failed";

 protected:
  int_type underflow() override {
    const std::size_t at = gptr() ? std::size_t(gptr() - text_.data()) : 0;
    if (at >= fail_at_) throw std::runtime_error(kError);
    if (at >= text_.size()) return traits_type::eof();
    char* base = text_.data();
    setg(base, base + at, base + std::min({at + piece_, fail_at_, text_.size()}));
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::string text_;
  std::size_t fail_at_;
  std::size_t piece_;
};

}  // namespace fenkit::testing
