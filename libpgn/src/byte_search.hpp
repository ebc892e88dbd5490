// Finding the next of a few given bytes, inline (internal).
//
// For the short distances of movetext (a lichess comment such as "{ [%clk 0:03:00] }" closes
// within a few dozen bytes) a call to memchr costs more than the search: these loops look at
// sixteen bytes at a time where SSE2 is there (every x86-64), without a call.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace fenkit::pgn::detail {

// The first of `a` or `b` in [p, end), or `end`.
inline const char* find_either(const char* p, const char* end, char a, char b) {
#if defined(__SSE2__)
  const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b);
  while (end - p >= 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const int mask =
        _mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(block, va), _mm_cmpeq_epi8(block, vb)));
    if (mask) return p + std::countr_zero(unsigned(mask));
    p += 16;
  }
#endif
  while (p < end && *p != a && *p != b) ++p;
  return p;
}

// The first of `a`, `b` or `c` in [p, end), or `end`.
inline const char* find_any(const char* p, const char* end, char a, char b, char c) {
#if defined(__SSE2__)
  const __m128i va = _mm_set1_epi8(a), vb = _mm_set1_epi8(b), vc = _mm_set1_epi8(c);
  while (end - p >= 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const int mask = _mm_movemask_epi8(_mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(block, va), _mm_cmpeq_epi8(block, vb)),
        _mm_cmpeq_epi8(block, vc)));
    if (mask) return p + std::countr_zero(unsigned(mask));
    p += 16;
  }
#endif
  while (p < end && *p != a && *p != b && *p != c) ++p;
  return p;
}

// A text of at most 64 bytes of ASCII without control bytes and without two spaces in a row
// between its first and last word (what making every run of blanks one space, and the text
// UTF-8, would leave as it is), with the spaces at its ends trimmed; nothing for any other text.
// One mask of the text's spaces, a bit a byte, where a byte-by-byte look took most of the time
// of a lichess comment.
inline std::optional<std::string_view> trimmed_if_plain(std::string_view text) {
#if defined(__SSE2__)
  const std::size_t n = text.size();
  if (n == 0 || n > 64) return std::nullopt;
  std::uint64_t spaces = 0, low = 0, high = 0;
  const __m128i space = _mm_set1_epi8(' ');
  // The masks of sixteen bytes at `p`, placed at bit `shift`.
  const auto look = [&](const char* p, unsigned shift) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const auto at = [&](__m128i compared) {
      return std::uint64_t(std::uint32_t(_mm_movemask_epi8(compared))) << shift;
    };
    spaces |= at(_mm_cmpeq_epi8(block, space));
    // At most the space, unsigned: where the byte is the smaller of the two.
    low |= at(_mm_cmpeq_epi8(_mm_min_epu8(block, space), block));
    high |= at(block);  // the top bit: a byte beyond ASCII
  };
  if (n >= 16) {
    // Whole blocks, then the last sixteen bytes (over the block before): nothing read past
    // the text, and no copy of it.
    unsigned at = 0;
    for (; at + 16 <= n; at += 16) look(text.data() + at, at);
    if (at < n) look(text.data() + n - 16, unsigned(n - 16));
  } else {
    alignas(16) char padded[16];
    std::memset(padded, ' ', 16);
    std::memcpy(padded, text.data(), n);
    look(padded, 0);
  }
  const std::uint64_t within = n == 64 ? ~std::uint64_t{0} : (std::uint64_t{1} << n) - 1;
  // A control byte (a tab, a line break ...), or one beyond ASCII.
  if (((low & ~spaces) | high) & within) return std::nullopt;
  const std::uint64_t words = ~spaces & within;
  if (!words) return std::string_view();
  const int first = std::countr_zero(words), last = 63 - std::countl_zero(words);
  const std::uint64_t inside = spaces & within & (~std::uint64_t{0} << first);
  if (inside & (inside << 1) & ~(~std::uint64_t{0} << last)) return std::nullopt;
  return text.substr(std::size_t(first), std::size_t(last - first + 1));
#else
  (void)text;
  return std::nullopt;
#endif
}

// The first byte in [p, end) that is a space or a control byte (at most ' '), or `end`.
inline const char* find_space_or_control(const char* p, const char* end) {
#if defined(__SSE2__)
  const __m128i space = _mm_set1_epi8(' ');
  while (end - p >= 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // (Unsigned: a byte is at most ' ' where it is the smaller of the two.)
    const int mask = _mm_movemask_epi8(_mm_cmpeq_epi8(_mm_min_epu8(block, space), block));
    if (mask) return p + std::countr_zero(unsigned(mask));
    p += 16;
  }
#endif
  while (p < end && static_cast<unsigned char>(*p) > ' ') ++p;
  return p;
}

// The first `c` in [p, end), or `end`.
inline const char* find_byte(const char* p, const char* end, char c) {
  return find_either(p, end, c, c);
}

// The next byte of movetext that can matter to where a game ends: line ends, comments,
// variations and the bytes of results ('-' and '/' inside them, '*', the first byte of '½');
// sixteen bytes at a time where SSE2 is there.
inline const char* next_movetext_stop(const char* p, const char* end) {
  static constexpr auto kStops = [] {
    std::array<bool, 256> t{};
    for (unsigned char c : {'\n', '{', ';', '(', ')', '-', '/', '*', '\xC2'}) t[c] = true;
    return t;
  }();
#if defined(__SSE2__)
  // The stops pair up as bytes one bit apart, each pair found by one comparison once that bit
  // is set: '\n' and '*' (0x20), '{' and ';' (0x40), '(' and ')' (0x01), '-' and '/' (0x02);
  // '\xC2' alone. Five comparisons instead of nine, on every byte of a game passed over.
  const __m128i bit20 = _mm_set1_epi8(0x20), bit40 = _mm_set1_epi8(0x40),
                bit01 = _mm_set1_epi8(0x01), bit02 = _mm_set1_epi8(0x02);
  const __m128i star = _mm_set1_epi8('*'), brace = _mm_set1_epi8('{'),
                close = _mm_set1_epi8(')'), slash = _mm_set1_epi8('/'),
                c2 = _mm_set1_epi8('\xC2');
  while (end - p >= 16) {
    const __m128i block = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    const __m128i hits = _mm_or_si128(
        _mm_or_si128(_mm_cmpeq_epi8(_mm_or_si128(block, bit20), star),
                     _mm_cmpeq_epi8(_mm_or_si128(block, bit40), brace)),
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(_mm_or_si128(block, bit01), close),
                                  _mm_cmpeq_epi8(_mm_or_si128(block, bit02), slash)),
                     _mm_cmpeq_epi8(block, c2)));
    if (const int mask = _mm_movemask_epi8(hits)) return p + std::countr_zero(unsigned(mask));
    p += 16;
  }
#endif
  while (p < end && !kStops[static_cast<unsigned char>(*p)]) ++p;
  return p;
}

// Whether a '}' or a line end comes among the `n` bytes at `p` (n < 32; 32 readable).
inline bool closes_before(const char* p, unsigned n) {
#if defined(__SSE2__)
  const __m128i close = _mm_set1_epi8('}'), newline = _mm_set1_epi8('\n');
  const __m128i a = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + 16));
  const unsigned low =
      unsigned(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(a, close), _mm_cmpeq_epi8(a, newline))));
  const unsigned high =
      unsigned(_mm_movemask_epi8(_mm_or_si128(_mm_cmpeq_epi8(b, close), _mm_cmpeq_epi8(b, newline))));
  const std::uint32_t found = low | high << 16;
  return (found & ((std::uint32_t{1} << n) - 1)) != 0;
#else
  for (unsigned i = 0; i < n; ++i)
    if (p[i] == '}' || p[i] == '\n') return true;
  return false;
#endif
}

// Where a tag name that starts at `name` ends, when the first byte that may end it comes among
// its first sixteen and is a blank: then that blank. Otherwise `name` itself (also when bytes
// from 0x80 up, or control bytes, come first: the caller reads those names byte by byte). Needs
// sixteen readable bytes at `name`.
inline const char* find_name_end(const char* name) {
#if defined(__SSE2__)
  const __m128i b = _mm_loadu_si128(reinterpret_cast<const __m128i*>(name));
  // Signed bytes below '!': blanks, line ends, control bytes, and everything from 0x80 up.
  const __m128i low = _mm_cmplt_epi8(b, _mm_set1_epi8('!'));
  const __m128i marks =
      _mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('"')),
                   _mm_or_si128(_mm_cmpeq_epi8(b, _mm_set1_epi8('[')), _mm_cmpeq_epi8(b, _mm_set1_epi8(']'))));
  const unsigned mask = unsigned(_mm_movemask_epi8(_mm_or_si128(low, marks)));
  if (!mask) return name;
  const char* end = name + std::countr_zero(mask);
  return *end == ' ' ? end : name;
#else
  return name;
#endif
}

// Whether the `n` bytes at `p` (n <= 16, sixteen readable) are all below 0x80.
inline bool is_ascii_16(const char* p, std::size_t n) {
#if defined(__SSE2__)
  const unsigned high =
      unsigned(_mm_movemask_epi8(_mm_loadu_si128(reinterpret_cast<const __m128i*>(p))));
  return (high & ((1u << n) - 1)) == 0;
#else
  for (std::size_t i = 0; i < n; ++i)
    if (static_cast<unsigned char>(p[i]) >= 0x80) return false;
  return true;
#endif
}

}  // namespace fenkit::pgn::detail
