// walk(): the moves of a game, each with the positions around it, the move in every notation,
// the Polyglot key and FEN of the position it leads to, and what the record says of it. The
// loop of a program that stores games and positions:
//
//   for (const pgn::Ply& ply : pgn::walk(game)) {
//     ply.number();               // 1 for the first move
//     ply.before(); ply.after();  // the positions, const fen::Position&
//     ply.san(); ply.uci();       // "Nf3+", "g1f3" (ply.written(): as the record wrote it)
//     ply.fen(); ply.key();       // of after(): FEN in a buffer the walk reuses, Polyglot key
//     ply.commands().clock_ms;    // [%clk 0:03:00] -> 180000; ply.comment(), ply.nags()
//   }
//
// The main line by default; with WalkOptions::variations, every variation too, depth first,
// each right after the move it is an alternative to (the order of the record). Positions are
// made once per move (the tree keeps moves, not positions), and what is asked of a ply is
// worked out when asked: a walk that wants FENs pays for FENs only. The views a Ply gives are
// valid until the walk moves on.
//
// Thread safety: a walk belongs to one thread; walks of one game may run on several threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/export.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/move.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "fenkit/pgn/comment_commands.hpp"
#include "fenkit/pgn/game.hpp"

namespace fenkit::pgn {

struct FENKIT_API WalkOptions {
  // Visit the variations as well, each after the move it is an alternative to.
  bool variations = false;
  // How Ply::fen() writes (en-passant square, castling notation, clocks).
  fen::FenWriteOptions fen;
};

// One move of a walk (seen through a reference: it lives in the walk, and changes as it goes on).
class FENKIT_API Ply {
 public:
  Ply(const Ply&) = delete;
  Ply& operator=(const Ply&) = delete;

  // ------------------------------------------------------------ Where
  // Half-moves from the game's start to after(): 1 for the first move (in a variation, its
  // place in the game as if it had been played).
  std::uint32_t number() const { return number_; }
  // 0 in the main line, 1 in a variation, 2 in a variation of a variation ...
  std::uint32_t depth() const { return depth_; }
  LineId line() const { return line_; }     // the line the move is in
  std::size_t index() const { return index_; }  // its place in the line, from 0
  const Node& node() const { return *node_; }

  // ------------------------------------------------------------ The move
  const fen::Position& before() const { return *before_; }
  const fen::Position& after() const { return *after_; }
  fen::Move move() const { return node_->move; }
  std::string_view san() const;      // canonical: "Nf3+", "O-O", "e8=Q#", "--"
  std::string_view written() const;  // as the record wrote it: "Ng1f3", "0-0", "e8Q"
  std::string_view uci() const;      // "g1f3"; castling as Chess960 writes it in Chess960 games
  std::string_view lan() const;      // "Ng1-f3"
  // ------------------------------------------------------------ The position after it
  std::uint64_t key() const;         // its Polyglot key
  std::string_view fen() const;      // its FEN, written as WalkOptions::fen says

  // ------------------------------------------------------------ What the record says of it
  NoteRange<std::string_view, notes::Comments> comments() const { return game_->comments(*node_); }
  NoteRange<std::uint8_t, notes::Nags> nags() const { return game_->nags(*node_); }
  // Its comments without their commands ([%eval], [%clk], ...), joined by a space.
  std::string comment() const { return game_->comment_text(*node_); }
  // The commands of its comments: [%eval 0.17] -> eval_cp 17, [%clk 0:03:00] -> clock_ms 180000.
  CommentCommands commands() const { return game_->commands(*node_); }

 private:
  friend class Walk;
  Ply(const Game& game, const fen::FenWriteOptions& fen) : game_(&game), fen_writer_(fen) {}
  void forget() {
    key_before_ = key_after_;
    key_before_known_ = key_after_known_;
    key_after_known_ = false;
    san_size_ = uci_size_ = lan_size_ = fen_size_ = 0;
  }

  const Game* game_;
  const Node* node_ = nullptr;
  // The positions: the reader's (GameReader::walk), or two of the walk's own, played in turn.
  const fen::Position* before_ = nullptr;
  const fen::Position* after_ = nullptr;
  fen::Position own_[2];
  std::uint32_t number_ = 0;
  std::uint32_t depth_ = 0;
  LineId line_ = kMainLine;
  std::size_t index_ = 0;
  // What was worked out of this ply (sizes 0: not yet), and the key of the ply before.
  mutable fen::FenWriter fen_writer_;
  mutable std::uint64_t key_before_ = 0, key_after_ = 0;
  mutable bool key_before_known_ = false, key_after_known_ = false;
  mutable std::uint8_t san_size_ = 0, uci_size_ = 0, lan_size_ = 0, fen_size_ = 0;
  mutable char san_[fen::kMaxSanLength];
  mutable char uci_[fen::kMaxUciLength];
  mutable char lan_[fen::kMaxSanLength + 4];
  mutable char fen_[fen::kMaxFenLength];
};

// The moves of a game as a range of Ply (an input range: one pass). The game must outlive it.
// Throws std::invalid_argument for a game whose moves were not checked (Game::moves_checked),
// which has no positions.
class FENKIT_API Walk {
 public:
  Walk(const Game& game, const WalkOptions& options);
  // With the main line's positions made already (the start position first, then the position
  // after each move: Game::plies() + 1 of them, which must outlive the walk): no move of the
  // main line is played again.
  Walk(const Game& game, const WalkOptions& options, const fen::Position* mainline_positions);

  class Iterator {
   public:
    using value_type = Ply;
    using difference_type = std::ptrdiff_t;
    using iterator_concept = std::input_iterator_tag;

    Iterator() = default;
    const Ply& operator*() const { return walk_->ply_; }
    const Ply* operator->() const { return &walk_->ply_; }
    Iterator& operator++() {
      if (!walk_->step()) walk_ = nullptr;
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const Iterator& it, std::default_sentinel_t) { return !it.walk_; }

   private:
    friend class Walk;
    explicit Iterator(Walk* walk) : walk_(walk) {}
    Walk* walk_ = nullptr;
  };
  // Starts the walk (once: a walk is one pass).
  Iterator begin() { return Iterator(step() ? this : nullptr); }
  std::default_sentinel_t end() const { return {}; }

 private:
  // Where a line was left for a variation, to go on after it.
  struct Saved {
    const Line* line;
    LineId id;
    std::size_t next;
    const Note* notes_at;
    const Note* notes_end;
    fen::Position before, after;  // (unless the positions were the main line's own)
    std::uint64_t key_before, key_after;
    bool key_before_known, key_after_known;
    std::uint32_t number, depth;
  };
  // Moves to the next ply; false at the end. Inline, the common case: the next move of a main
  // line whose positions the reader made (no variation to look into, no move to play).
  bool step() {
    if (mainline_positions_ && !variations_ && next_ < line_->nodes.size()) [[likely]] {
      ply_.forget();
      ply_.before_ = mainline_positions_ + next_;
      ply_.after_ = ply_.before_ + 1;
      ply_.node_ = &line_->nodes[next_];
      ply_.index_ = next_++;
      ++ply_.number_;
      return true;
    }
    return advance();
  }
  bool advance();

  const Game& game_;
  bool variations_;
  const fen::Position* mainline_positions_ = nullptr;
  Ply ply_;
  const Line* line_;
  LineId line_id_ = kMainLine;
  std::size_t next_ = 0;  // the next node of line_
  // The notes of the node last visited that are still to look at for variations.
  const Note* notes_at_ = nullptr;
  const Note* notes_end_ = nullptr;
  std::vector<Saved> saved_;
};

// The moves of `game`: its main line, or every line (WalkOptions::variations).
inline Walk walk(const Game& game, const WalkOptions& options = {}) { return Walk(game, options); }

}  // namespace fenkit::pgn
