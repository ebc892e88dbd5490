// SelectingVisitor<Inner>: a visitor that follows every game with a GameSelector, wrapped
// around one that needs no selection code of its own:
//
//   pgn::SelectingVisitor<MyVisitor> visitor(&filter, ...arguments of MyVisitor...);
//   pgn::read_pgn(text, visitor);            // visitor.inner() is the MyVisitor
//
// What the inner visitor sees is what the reader delivers, with three differences:
// - A game its tags exclude is passed over after them (the reader does not read its movetext,
//   so it is neither checked nor rejected): the inner visitor sees begin_game and end_game with
//   `selected` false, nothing else. When the filter can exclude a game by its tags, they reach
//   the inner visitor together just before its end_tags, once the verdict lets the game on: a
//   selection by player reads the tags of every game and keeps few, and the inner visitor
//   should not do its work for those it drops. (Diagnostics of the tag section come as found,
//   before the tags.)
// - end_game's GameEnd::selected says whether the filter selected the game.
// - While the verdict waits on the moves (a position or a length condition), a skip the inner
//   visitor asks for is kept by the wrapper: the reader reads on so that the selector sees the
//   main line, and the inner visitor hears no more of the game than the reader's own skip would
//   let it (no moves, comments, NAGs, variations or result; diagnostics and end_game still).
// Without a filter (null, or one without conditions) every event passes straight through.
//
// Thread safety: as any visitor: one read at a time. The filter is shared read-only.
#pragma once

#include <cassert>
#include <cstddef>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include "fenkit/pgn/game_filter.hpp"
#include "fenkit/pgn/visitor.hpp"

namespace fenkit::pgn {

template <typename Inner>
class SelectingVisitor final : public Visitor {
 public:
  template <typename... Args>
  explicit SelectingVisitor(const GameFilter* filter, Args&&... args)
      : inner_(std::forward<Args>(args)...) {
    if (filter && !filter->empty()) {
      selector_.emplace(*filter);
      holds_tags_ = filter->may_exclude_after_tags();
    }
  }

  Inner& inner() { return inner_; }
  const Inner& inner() const { return inner_; }

  Action begin_game(const GameStart& start) override {
    plies_ = 0;
    verdict_.reset();
    excluded_ = muted_ = false;
    held_.clear();
    if (selector_) selector_->begin_game(start.number);
    return inner_.begin_game(start);
  }
  void tag(std::string_view name, std::string_view value) override {
    if (selector_) selector_->tag(name, value);
    if (holds_tags_) held_.emplace_back(name, value);
    else inner_.tag(name, value);
  }
  Action end_tags() override {
    if (selector_) verdict_ = selector_->verdict_after_tags();
    if (verdict_ == false) {
      excluded_ = true;
      return Action::ignore;
    }
    for (const auto& [name, value] : held_) inner_.tag(name, value);
    held_.clear();
    return inner_.end_tags();
  }
  void start_position(const fen::Position& pos) override {
    if (selector_) selector_->position(pos);
    inner_.start_position(pos);
  }
  Action begin_movetext() override { return keep(inner_.begin_movetext()); }
  Action move(const MoveEvent& event) override {
    if (event.depth == 0) {
      plies_ = event.ply;
      if (selector_ && selector_->wants_positions())
        selector_->position(*event.after, event.move, event.before);
    }
    if (muted_) return Action::proceed;
    return keep(inner_.move(event));
  }
  void comment(std::string_view text, const Location& where) override {
    if (!muted_) inner_.comment(text, where);
  }
  void nag(std::uint8_t nag) override {
    if (!muted_) inner_.nag(nag);
  }
  Action begin_variation() override {
    // The selector follows the main line only: variations are the inner visitor's to take.
    return muted_ ? Action::skip : inner_.begin_variation();
  }
  void end_variation() override {
    if (!muted_) inner_.end_variation();
  }
  void result(std::string_view text) override {
    if (selector_) selector_->result(text);
    if (!muted_) inner_.result(text);
  }
  void diagnostic(const Diagnostic& d) override { inner_.diagnostic(d); }
  void end_game(const GameEnd& end) override {
    // The reader calls end_tags for every game it read tags of, before it gives any up.
    assert(excluded_ || held_.empty());
    GameEnd out = end;
    out.selected = !end.rejected && !excluded_ && (!selector_ || selector_->selected(plies_));
    inner_.end_game(out);
  }

 private:
  // The inner visitor's answer, or proceed while the selector still needs the main line.
  Action keep(Action action) {
    if (action != Action::skip || !selector_ || verdict_.has_value()) return action;
    muted_ = true;
    return Action::proceed;
  }

  Inner inner_;
  std::optional<GameSelector> selector_;
  bool holds_tags_ = false;  // the filter can exclude a game by its tags
  // The tags of the game being read, held until the verdict after them: views, which stay valid
  // to the game's end (visitor.hpp), in a vector reused from game to game.
  std::vector<std::pair<std::string_view, std::string_view>> held_;
  std::optional<bool> verdict_;  // after the tags, when they settle it
  std::uint32_t plies_ = 0;
  bool excluded_ = false;  // by the tags
  bool muted_ = false;     // the inner visitor skipped; the reader reads on for the selector
};

}  // namespace fenkit::pgn
