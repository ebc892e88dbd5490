#include "fenkit/epd/position_table.hpp"

#include <cstring>
#include <stdexcept>

namespace fenkit::epd {

std::string_view TextStore::add(std::string_view text) {
  if (text.empty()) return {};
  char* at = nullptr;
  if (text.size() > kBlockSize / 16) {
    // A long text gets storage of its own rather than wasting the rest of a block.
    blocks_.emplace_back(new char[text.size()]);
    at = blocks_.back().get();
  } else {
    if (text.size() > left_) {
      blocks_.emplace_back(new char[kBlockSize]);
      current_ = blocks_.back().get();
      left_ = kBlockSize;
    }
    at = current_;
    current_ += text.size();
    left_ -= text.size();
  }
  std::memcpy(at, text.data(), text.size());
  bytes_ += text.size();
  return {at, text.size()};
}

namespace {

std::uint32_t tag_of(std::uint64_t key) { return std::uint32_t(key >> 32); }

}  // namespace

void PositionTable::add(const PositionSeen& seen) {
  if (2 * (entries_.size() + 1) > slots_.size()) grow();
  const std::size_t mask = slots_.size() - 1;
  const std::string_view epd = seen.fen.substr(0, seen.epd_length);
  const std::uint32_t tag = tag_of(seen.key);
  // Linear probing; a slot whose key matches but whose fields differ is a collision of keys
  // and is passed over like any other.
  std::size_t i = std::size_t(seen.key) & mask;
  for (; slots_[i].entry; i = (i + 1) & mask) {
    if (slots_[i].tag != tag) continue;
    Entry& entry = entries_[slots_[i].entry - 1];
    if (entry.key == seen.key && entry.epd_text() == epd) {
      ++entry.games;
      return;
    }
  }
  if (entries_.size() >= UINT32_MAX - 1) throw std::runtime_error("too many distinct positions");
  Entry entry;
  entry.key = seen.key;
  entry.fen = text_.add(seen.fen).data();
  entry.fen_length = std::uint8_t(seen.fen.size());
  entry.epd_length = std::uint8_t(seen.epd_length);
  if (!seen.note.empty()) {
    entry.note = text_.add(seen.note).data();
    entry.note_length = std::uint32_t(seen.note.size());
  }
  entry.game = seen.game;
  entry.games = 1;
  entry.ply = seen.ply;
  entry.file = seen.file;
  entries_.push_back(entry);
  slots_[i] = Slot{tag, std::uint32_t(entries_.size())};
}

void PositionTable::grow() {
  std::vector<Slot> slots(slots_.empty() ? 1024 : 2 * slots_.size());
  const std::size_t mask = slots.size() - 1;
  std::uint32_t index = 0;
  for (const Entry& entry : entries_) {
    std::size_t i = std::size_t(entry.key) & mask;
    while (slots[i].entry) i = (i + 1) & mask;
    slots[i] = Slot{tag_of(entry.key), ++index};
  }
  slots_ = std::move(slots);
}

}  // namespace fenkit::epd
