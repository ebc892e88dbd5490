#include "fenkit/epd/book_weights.hpp"

#include <algorithm>
#include <limits>

#include "fenkit/epd/book_move.hpp"
#include "fenkit/epd/book_writer.hpp"
#include "fenkit/fen/polyglot.hpp"

namespace fenkit::epd {

namespace {

constexpr std::uint64_t kMaxWeight = std::numeric_limits<std::uint16_t>::max();

}  // namespace

BookWeights::BookWeights(const BookWeightsOptions& options) : options_(options) {}

bool BookWeights::add(const fen::Position& pos, fen::Move move, std::uint64_t weight) {
  if (has_ambiguous_castling_key(pos)) return false;
  const std::uint64_t key = fen::polyglot_key(pos);
  const std::uint16_t code = encode_book_move(move);
  std::vector<std::uint32_t>& moves = by_position_[key];
  for (const std::uint32_t i : moves) {
    if (pairs_[i].move != code) continue;
    // Saturate rather than wrap: the total only matters relative to the position's others.
    pairs_[i].weight = weight > std::numeric_limits<std::uint64_t>::max() - pairs_[i].weight
                           ? std::numeric_limits<std::uint64_t>::max()
                           : pairs_[i].weight + weight;
    return true;
  }
  moves.push_back(std::uint32_t(pairs_.size()));
  pairs_.push_back(Pair{key, code, pos.side_to_move() == fen::Color::white, weight});
  return true;
}

std::vector<BookEntry> BookWeights::entries() const {
  std::vector<BookEntry> book;
  book.reserve(pairs_.size());
  for (const Pair& pair : pairs_) {
    if (options_.only_white && !pair.white) continue;
    if (options_.only_black && pair.white) continue;
    std::uint64_t heaviest = 0;
    for (const std::uint32_t i : by_position_.at(pair.key))
      heaviest = std::max(heaviest, pairs_[i].weight);
    std::uint64_t weight = pair.weight;
    if (options_.uniform) {
      weight = 1;
    } else if (heaviest > kMaxWeight) {
      // In long double: weight * 65535 can exceed 64 bits.
      const long double scaled = (long double)weight * kMaxWeight / (long double)heaviest;
      weight = weight ? std::max<std::uint64_t>(1, std::uint64_t(scaled + 0.5L)) : 0;
    }
    book.push_back(
        BookEntry{.key = pair.key, .move = pair.move, .weight = std::uint16_t(weight), .learn = 0});
  }
  sort_book_entries(book);
  return book;
}

}  // namespace fenkit::epd
