#include "fenkit/pgn/game_walk.hpp"

#include <stdexcept>

#include "fenkit/fen/polyglot.hpp"

namespace fenkit::pgn {

std::string_view Ply::san() const {
  if (!san_size_) san_size_ = std::uint8_t(fen::write_san(*before_, node_->move, *after_, san_));
  return std::string_view(san_, san_size_);
}

std::string_view Ply::written() const { return game_->written(*node_); }

std::string_view Ply::uci() const {
  if (!uci_size_) uci_size_ = std::uint8_t(fen::write_uci(*before_, node_->move, uci_));
  return std::string_view(uci_, uci_size_);
}

std::string_view Ply::lan() const {
  if (!lan_size_) lan_size_ = std::uint8_t(fen::write_lan(*before_, node_->move, lan_));
  return std::string_view(lan_, lan_size_);
}

std::uint64_t Ply::key() const {
  if (!key_after_known_) {
    // Along a line, from the key before: a few squares instead of every piece.
    key_after_ = key_before_known_
                     ? fen::polyglot_key_after(*before_, key_before_, node_->move, *after_)
                     : fen::polyglot_key(*after_);
    key_after_known_ = true;
  }
  return key_after_;
}

std::string_view Ply::fen() const {
  if (!fen_size_) fen_size_ = std::uint8_t(fen_writer_.write(*after_, fen_));
  return std::string_view(fen_, fen_size_);
}

Walk::Walk(const Game& game, const WalkOptions& options) : Walk(game, options, nullptr) {}

Walk::Walk(const Game& game, const WalkOptions& options, const fen::Position* mainline_positions)
    : game_(game),
      variations_(options.variations),
      mainline_positions_(mainline_positions),
      ply_(game, options.fen),
      line_(&game.mainline()) {
  if (!game.moves_checked)
    throw std::invalid_argument("a game read without checking its moves has no positions to walk");
  ply_.after_ = mainline_positions ? mainline_positions : &game.start;
}

bool Walk::advance() {
  for (;;) {
    // The variations of the move last visited come before the next move.
    while (notes_at_ != notes_end_) {
      const Note& note = *notes_at_++;
      if (note.kind != Note::Kind::variation) continue;
      saved_.push_back(Saved{line_, line_id_, next_, notes_at_, notes_end_, *ply_.before_,
                             *ply_.after_, ply_.key_before_, ply_.key_after_,
                             ply_.key_before_known_, ply_.key_after_known_, ply_.number_,
                             ply_.depth_});
      line_ = &game_.variation(note);
      line_id_ = note.first;
      next_ = 0;
      notes_at_ = notes_end_ = nullptr;
      // The variation starts where the move it replaces did.
      ply_.after_ = ply_.before_;
      ply_.key_after_ = ply_.key_before_;
      ply_.key_after_known_ = ply_.key_before_known_;
      --ply_.number_;
      ++ply_.depth_;
      break;
    }
    if (next_ < line_->nodes.size()) {
      const Node& node = line_->nodes[next_];
      ply_.forget();
      if (mainline_positions_ && line_id_ == kMainLine) {
        ply_.before_ = mainline_positions_ + next_;
        ply_.after_ = ply_.before_ + 1;
      } else {
        // Played on whichever of the walk's two positions does not hold the one before.
        fen::Position* after = ply_.after_ == &ply_.own_[0] ? &ply_.own_[1] : &ply_.own_[0];
        *after = *ply_.after_;
        if (node.move.is_null())
          after->play_null();
        else
          after->play_unchecked(node.move);
        ply_.before_ = ply_.after_;
        ply_.after_ = after;
      }
      ply_.node_ = &node;
      ply_.line_ = line_id_;
      ply_.index_ = next_++;
      ++ply_.number_;
      if (variations_) {
        const NoteSpan notes = node.notes;
        if (notes.count) {
          const auto range = game_.notes(notes);
          notes_at_ = &*range.begin();
          notes_end_ = notes_at_ + notes.count;
        }
      }
      return true;
    }
    if (saved_.empty()) return false;
    // The end of a variation: back to the line it was left, after the move it replaced.
    const Saved& s = saved_.back();
    line_ = s.line;
    line_id_ = s.id;
    next_ = s.next;
    notes_at_ = s.notes_at;
    notes_end_ = s.notes_end;
    if (mainline_positions_ && line_id_ == kMainLine) {
      ply_.before_ = mainline_positions_ + (next_ - 1);
      ply_.after_ = ply_.before_ + 1;
    } else {
      ply_.own_[0] = s.before;
      ply_.own_[1] = s.after;
      ply_.before_ = &ply_.own_[0];
      ply_.after_ = &ply_.own_[1];
    }
    ply_.key_before_ = s.key_before;
    ply_.key_after_ = s.key_after;
    ply_.key_before_known_ = s.key_before_known;
    ply_.key_after_known_ = s.key_after_known;
    ply_.number_ = s.number;
    ply_.depth_ = s.depth;
    saved_.pop_back();
  }
}

}  // namespace fenkit::pgn
