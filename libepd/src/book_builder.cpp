#include "fenkit/epd/book_builder.hpp"

#include <algorithm>

#include "fenkit/epd/book_move.hpp"
#include "fenkit/epd/book_writer.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::epd {

namespace {

// Polyglot halves a position's counts when one of its moves reaches this many games.
constexpr std::uint32_t kHalvingThreshold = 16384;

}  // namespace

GameResult parse_game_result(std::string_view text) {
  if (text == "1-0") return GameResult::white_wins;
  if (text == "0-1") return GameResult::black_wins;
  if (text == "1/2-1/2") return GameResult::draw;
  return GameResult::unknown;
}

std::size_t BookBuilder::PairKeyHash::operator()(const PairKey& k) const {
  // Polyglot keys are already uniformly random; fold the move in.
  return std::size_t(k.key ^ (std::uint64_t(k.move) * 0x9E3779B97F4A7C15ULL));
}

BookBuilder::BookBuilder(const BookBuildOptions& options) : options_(options) {}

std::optional<GameRejection> BookBuilder::add_game(const fen::Position& start,
                                                   std::span<const fen::Move> moves,
                                                   GameResult result, MoveCheck check) {
  // First replay the moves that count, so that a game with an illegal move leaves no trace.
  const std::size_t used = std::min(moves.size(), std::size_t(std::max(options_.max_ply, 0)));
  plies_.clear();
  fen::Position pos = start;
  for (std::size_t i = 0; i < used; ++i) {
    const fen::Move m = moves[i];
    if (m.is_null()) break;  // what follows is not reachable by legal play
    if (check == MoveCheck::verify) {
      fen::MoveList legal;
      fen::generate_legal(pos, legal);
      if (!legal.contains(m)) {
        ++stats_.rejected_games;
        return GameRejection{.ply = i + 1,
                             .message = "illegal move " +
                                        fen::to_uci(m, {.king_takes_rook = true}) + " at ply " +
                                        std::to_string(i + 1)};
      }
    }
    if (has_ambiguous_castling_key(pos))
      ++stats_.ambiguous_plies;
    else
      plies_.push_back(Ply{fen::polyglot_key(pos), encode_book_move(m), pos.side_to_move()});
    pos.play(m);
  }

  // Points of the side to move: 2 for a win, 1 for a draw (or an unknown result), 0 for a loss.
  int white_points = 1;
  if (result == GameResult::white_wins) white_points = 2;
  if (result == GameResult::black_wins) white_points = 0;
  for (const Ply& ply : plies_) {
    Pair& pair = pairs_[pair_index(ply)];
    ++pair.games;
    pair.points += std::uint32_t(ply.mover == fen::Color::white ? white_points : 2 - white_points);
    if (pair.games >= kHalvingThreshold) halve(ply.key);
  }
  ++stats_.games;
  return std::nullopt;
}

std::size_t BookBuilder::pair_index(const Ply& ply) {
  const auto [it, inserted] =
      index_.try_emplace(PairKey{ply.key, ply.move}, std::uint32_t(pairs_.size()));
  if (!inserted) return it->second;
  const auto [last, first_of_position] = last_of_position_.try_emplace(ply.key, it->second);
  pairs_.push_back(Pair{.key = ply.key,
                        .move = ply.move,
                        .mover = ply.mover,
                        .games = 0,
                        .points = 0,
                        .previous = first_of_position ? -1 : std::int32_t(last->second)});
  last->second = it->second;
  return it->second;
}

void BookBuilder::halve(std::uint64_t key) {
  ++stats_.halvings;
  for (std::int32_t i = std::int32_t(last_of_position_.at(key)); i >= 0;
       i = pairs_[std::size_t(i)].previous) {
    Pair& pair = pairs_[std::size_t(i)];
    pair.games = (pair.games + 1) / 2;
    pair.points = (pair.points + 1) / 2;
  }
}

bool BookBuilder::keep(const Pair& pair) const {
  // The tests and their order are Polyglot's, including its floating-point score.
  if (pair.games < std::uint32_t(std::max(options_.min_games, 0))) return false;
  if (pair.points == 0) return false;
  const double score = (double(pair.points) / double(pair.games)) / 2.0;
  if (score < options_.min_score / 100.0) return false;
  if (options_.only_white && pair.mover != fen::Color::white) return false;
  if (options_.only_black && pair.mover != fen::Color::black) return false;
  return true;
}

std::vector<BookEntry> BookBuilder::entries() const {
  std::vector<BookEntry> book;
  for (const Pair& pair : pairs_) {
    if (!keep(pair)) continue;
    // Halving keeps points at or below 2 * 16384, so they fit the 16-bit weight.
    const auto weight = std::uint16_t(options_.uniform ? 1 : pair.points);
    book.push_back(BookEntry{.key = pair.key, .move = pair.move, .weight = weight, .learn = 0});
  }
  sort_book_entries(book);
  return book;
}

}  // namespace fenkit::epd
