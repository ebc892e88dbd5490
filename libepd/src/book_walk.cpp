#include "fenkit/epd/book_walk.hpp"

#include <deque>
#include <unordered_map>
#include <unordered_set>

#include "fenkit/epd/book_move.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/polyglot.hpp"

namespace fenkit::epd {

namespace {

class Walker {
 public:
  Walker(const Book& book, const BookWalkOptions& options) : book_(book), options_(options) {
    // Membership by hash: the walk asks about every child of every position.
    for (std::size_t i = 0; i < book.size(); ++i) entries_of_key_[book.key_at(i)] += 1;
  }

  BookWalk run(std::span<const fen::Position> roots) {
    for (const fen::Position& root : roots)
      if (!offer(root) && options_.max_gap > 0) search_gap(root, options_.max_gap - 1);
    while (!queue_.empty()) {
      const fen::Position pos = queue_.front();
      queue_.pop_front();
      result_.positions.push_back(pos);
      expand(pos);
    }
    result_.keys = entries_of_key_.size();
    for (const auto& [key, count] : entries_of_key_) {
      if (reached_.count(key)) continue;
      ++result_.unreached_keys;
      result_.unreached_entries += count;
    }
    return std::move(result_);
  }

 private:
  // Queues `pos` if the book has it and it is new; true if the book has it.
  bool offer(const fen::Position& pos) {
    const std::uint64_t key = fen::polyglot_key(pos);
    if (!entries_of_key_.count(key)) return false;
    if (reached_.insert(key).second) queue_.push_back(pos);
    return true;
  }

  // The children of a book position: its book moves first, in the book's order, then every
  // other legal move. A book move leading out of the book starts a gap search; other moves
  // out of the book are not followed, which would multiply the work by some 35 for little gain.
  void expand(const fen::Position& pos) {
    fen::MoveList legal, book_moves;
    fen::generate_legal(pos, legal);
    const Book::Range range = book_.find(fen::polyglot_key(pos));
    for (std::size_t i = range.first; i < range.last; ++i) {
      const fen::Move m = decode_book_move(pos, book_.entry(i).move);
      if (m && !book_moves.contains(m)) book_moves.push_back(m);
    }
    for (const fen::Move m : book_moves) {
      fen::Position child = pos;
      child.play_unchecked(m);
      if (!offer(child) && options_.max_gap > 0) search_gap(child, options_.max_gap - 1);
    }
    for (const fen::Move m : legal) {
      if (book_moves.contains(m)) continue;
      fen::Position child = pos;
      child.play_unchecked(m);
      offer(child);
    }
  }

  // `pos` is outside the book: try all its moves, and so on for `depth` more plies.
  void search_gap(const fen::Position& pos, int depth) {
    fen::MoveList legal;
    fen::generate_legal(pos, legal);
    for (const fen::Move m : legal) {
      fen::Position child = pos;
      child.play_unchecked(m);
      if (!offer(child) && depth > 0) search_gap(child, depth - 1);
    }
  }

  const Book& book_;
  BookWalkOptions options_;
  std::unordered_map<std::uint64_t, std::size_t> entries_of_key_;
  std::unordered_set<std::uint64_t> reached_;
  std::deque<fen::Position> queue_;
  BookWalk result_;
};

}  // namespace

BookWalk walk_book(const Book& book, std::span<const fen::Position> roots,
                   const BookWalkOptions& options) {
  return Walker(book, options).run(roots);
}

}  // namespace fenkit::epd
