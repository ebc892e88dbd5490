// The common moves already read, found again by their bytes (internal), for readers that do not
// resolve moves (a parse only): they need to know where a move token ends, not which move it
// names.
//
// Games are written with a few thousand distinct move tokens ("e4", "Nf3", "exd5", "O-O"): the
// masters archive's 6.3 million moves are 4,645 tokens, and 2,048 of them cover 99.8% of the
// moves. Decoding a token with MovetextTokenReader::read_common_move branches on its shape,
// which cannot be predicted from one move to the next; looking it up costs a multiplication
// and four compares within one cache line. The table keeps only the tokens' bytes, eight per
// slot: room for four times the tokens that a slot with the decoded move beside them allows.
// Each thread keeps one table for its whole life: an entry depends on the token's bytes alone,
// so it never goes stale.
#pragma once

#include <array>
#include <bit>
#include <cstdint>
#include <cstring>

#include "fenkit/fen/san.hpp"
#include "movetext_tokens.hpp"

namespace fenkit::pgn::detail {

class CommonMoveCache {
 public:
  // The table of the calling thread.
  static CommonMoveCache& of_this_thread();

  // Where read_common_move would end a move read at `p` (same contract: 8 readable bytes at
  // `p`, the caller checks what follows; null where it reads no move), from the table when the
  // token has been read before. Only tokens that are common moves go in the table: never a null
  // move or anything else the general scan reads.
  [[gnu::always_inline]] const char* read(const char* p) {
    fen::SanMove unused;
    if constexpr (std::endian::native != std::endian::little) {
      return MovetextTokenReader::read_common_move(p, unused);
    } else {
      std::uint64_t bytes;
      std::memcpy(&bytes, p, 8);
      // The token runs to its first byte below '!' or from 0x80 up: the blanks and line ends,
      // and the no-break space, that end a raw token. A byte is such a stop when its high bit
      // is set, or when its low seven bits plus 0x5F do not reach 0x80 (no carry crosses
      // bytes: 0x7F + 0x5F < 0x100).
      const std::uint64_t high = 0x8080808080808080ULL;
      const std::uint64_t reach = (bytes & ~high) + 0x5F5F5F5F5F5F5F5FULL;
      const std::uint64_t stops = (bytes | ~reach) & high;
      // No stop in eight bytes: longer than any common move (key 0 is no entry's).
      const unsigned length = stops ? unsigned(std::countr_zero(stops)) / 8 : 8;
      const std::uint64_t key = length < 8 ? bytes & ((std::uint64_t{1} << (8 * length)) - 1) : 0;
      Set& set = sets_[(key * 0x9E3779B97F4A7C15ULL) >> (64 - kSetBits)];
      if (((set[0] == key) | (set[1] == key) | (set[2] == key) | (set[3] == key)) && key)
        return p + length;
      // A move read whole up to the stop is the same move whatever stop follows it
      // (read_common_move looks at the byte after a move only to refuse a file, '-', 'x', '+'
      // or '#' there, none of them a stop): it goes in the table, first of its set, and the
      // set's last goes.
      const char* q = MovetextTokenReader::read_common_move(p, unused);
      if (q == p + length && key) {
        set[3] = set[2];
        set[2] = set[1];
        set[1] = set[0];
        set[0] = key;
      }
      return q;
    }
  }

 private:
  // 1,024 sets of four tokens, 32 KB. A token may sit in any slot of its set. A move not found
  // is decoded, at the cost of the branches the table saves: on the masters archive, 12% of
  // the moves with 2,048 slots of one token each, 2.4% with 512 sets of four (check
  // --syntax-only 5% faster), 0.4% with 1,024 sets of four (5% faster again).
  static constexpr unsigned kSetBits = 10;
  // The tokens' bytes, zero after them; 0: empty.
  using Set = std::array<std::uint64_t, 4>;
  alignas(64) std::array<Set, std::size_t{1} << kSetBits> sets_{};
};

}  // namespace fenkit::pgn::detail
