// Whole numbers and clocks written from a table of digit pairs. A lichess data set writes an
// evaluation and a clock on every row, nearly all under 1,000; std::to_chars counts a number's
// digits before it writes them, which costs half as much again.
#pragma once

#include <charconv>
#include <cstdint>
#include <cstring>

namespace fenkit::pgn::detail {

inline constexpr char kDigitPairs[] =
    "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
    "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
    "8081828384858687888990919293949596979899";

// `n` in decimal at `out` (room for 10 bytes); returns the end.
inline char* write_unsigned(std::uint32_t n, char* out) {
  if (n < 10) {
    *out = char('0' + n);
    return out + 1;
  }
  if (n < 100) {
    std::memcpy(out, kDigitPairs + 2 * n, 2);
    return out + 2;
  }
  if (n < 1000) {
    *out = char('0' + n / 100);
    std::memcpy(out + 1, kDigitPairs + 2 * (n % 100), 2);
    return out + 3;
  }
  return std::to_chars(out, out + 10, n).ptr;
}

// `n` in decimal at `out` (room for 11 bytes); returns the end.
inline char* write_signed(std::int32_t n, char* out) {
  if (n < 0) *out++ = '-';
  return write_unsigned(n < 0 ? 0u - std::uint32_t(n) : std::uint32_t(n), out);
}

// A time in milliseconds as seconds at `out` (room for 11 bytes), without trailing zeros ("30",
// "5.3"); returns the end. Inline where a row writes its clock.
inline char* write_seconds(std::uint32_t milliseconds, char* out) {
  char* p = write_unsigned(milliseconds / 1000, out);
  if (const std::uint32_t ms = milliseconds % 1000) {
    *p++ = '.';
    p[0] = char('0' + ms / 100);
    p[1] = char('0' + ms / 10 % 10);
    p[2] = char('0' + ms % 10);
    p += ms % 10 ? 3 : ms % 100 ? 2 : 1;
  }
  return p;
}

}  // namespace fenkit::pgn::detail
