// Finding the next of one or two given bytes, inline (internal).
//
// For the short distances of movetext (a lichess comment such as "{ [%clk 0:03:00] }" closes
// within a few dozen bytes) a call to memchr costs more than the search: these loops look at
// sixteen bytes at a time where SSE2 is there (every x86-64), without a call.
#pragma once

#include <bit>

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

// The first `c` in [p, end), or `end`.
inline const char* find_byte(const char* p, const char* end, char c) {
  return find_either(p, end, c, c);
}

}  // namespace fenkit::pgn::detail
