#include "fenkit/epd/suite.hpp"


#include <algorithm>
#include <charconv>

#include "fenkit/fen/polyglot.hpp"

namespace fenkit::epd {

namespace {

// The Random64 table holds 768 piece-square values and 4 castling values, then one value per
// en-passant file.
constexpr std::size_t kEnPassantOffset = 768 + 4;

// "?" for a missing or empty tag, so that a note always has its three parts.
std::string_view or_unknown(const std::string& value) {
  return value.empty() ? std::string_view("?") : std::string_view(value);
}

}  // namespace

void SuiteChunk::renumber(const pgn::ChunkStart& start) {
  for (Sighting& s : sightings) s.game = start.game(s.game);
  report.renumber(start);
}

std::uint64_t suite_key(const fen::Position& pos, fen::EpMode mode) {
  if (pos.en_passant() == fen::no_square) return fen::polyglot_key(pos);
  // Polyglot counts the file when a pawn stands beside the pushed one; the FEN may write it
  // more often (standard) or less (legal). Take it out, and put it back as the FEN has it.
  fen::Position without = pos;
  without.set_en_passant(fen::no_square);
  std::uint64_t key = fen::polyglot_key(without);
  const fen::Square written =
      mode == fen::EpMode::legal ? pos.legal_en_passant() : pos.en_passant();
  if (written != fen::no_square)
    key ^= fen::polyglot_random64()[kEnPassantOffset + std::size_t(fen::file_of(written))];
  return key;
}

SuiteVisitor::SuiteVisitor(const SuiteFilter& filter, std::string file_name, SuiteChunk& chunk,
                           bool keep_rejects, bool warnings)
    : filter_(filter),
      fen_writer_(fen::FenWriteOptions{.ep = filter.ep}),
      file_name_(std::move(file_name)),
      chunk_(chunk),
      keep_rejects_(keep_rejects),
      warnings_(warnings) {}

pgn::Action SuiteVisitor::begin_game(const pgn::GameStart& start) {
  game_ = start.number;
  first_sighting_ = chunk_.sightings.size();
  fens_start_ = chunk_.fens.size();
  notes_start_ = chunk_.notes.size();
  has_note_ = false;
  white_.clear();
  black_.clear();
  event_.clear();
  date_.clear();
  return pgn::Action::proceed;
}

void SuiteVisitor::tag(std::string_view name, std::string_view value) {
  if (!filter_.notes) return;
  else if (name == "White") white_.assign(value);
  else if (name == "Black") black_.assign(value);
  else if (name == "Event") event_.assign(value);
  else if (name == "Date") date_.assign(value);
}

// Called after the tags, before the moves.
void SuiteVisitor::start_position(const fen::Position& pos) {
  if (filter_.min_ply == 0) take(pos, 0);
}

pgn::Action SuiteVisitor::begin_movetext() {
  // The reader still checks the moves of a skipped game, so it is accepted or rejected alike.
  return filter_.max_ply > 0 ? pgn::Action::proceed : pgn::Action::skip;
}

pgn::Action SuiteVisitor::move(const pgn::MoveEvent& event) {
  if (event.ply >= filter_.min_ply && event.ply <= filter_.max_ply) take(*event.after, event.ply);
  return event.ply >= filter_.max_ply ? pgn::Action::skip : pgn::Action::proceed;
}

void SuiteVisitor::take(const fen::Position& pos, std::uint32_t ply) {
  if (filter_.side && pos.side_to_move() != *filter_.side) return;
  Sighting s;
  s.key = suite_key(pos, filter_.ep);
  s.game = game_;
  s.ply = ply;
  s.fen = std::uint32_t(chunk_.fens.size());
  char buffer[fen::kMaxFenLength];
  const std::size_t length = fen_writer_.write(pos, buffer);
  const std::string_view text(buffer, length);
  // The four EPD fields end where the two clock fields begin.
  const std::size_t epd_length = text.rfind(' ', text.rfind(' ') - 1);
  s.fen_length = std::uint8_t(length);
  s.epd_length = std::uint8_t(epd_length);
  if (filter_.once_per_game) {
    // A position can only come back while no pawn has moved and nothing was captured, that is
    // within the last halfmove-clock plies: only those sightings need a look.
    const auto reversible = std::uint32_t(pos.halfmove_clock());
    for (std::size_t i = chunk_.sightings.size(); i > first_sighting_;) {
      const Sighting& earlier = chunk_.sightings[--i];
      if (ply - earlier.ply > reversible) break;
      if (earlier.key == s.key && chunk_.epd_of(earlier) == text.substr(0, epd_length)) return;
    }
  }
  chunk_.fens.append(text);
  if (filter_.notes) {
    add_note();
    s.note = note_;
    s.note_length = note_length_;
  }
  chunk_.sightings.push_back(s);
}

// "White - Black, Event, Date", made once per game and shared by its sightings. (Spaces around
// the dash, since names are often written "Surname, First".)
void SuiteVisitor::add_note() {
  if (has_note_) return;
  has_note_ = true;
  note_ = std::uint32_t(chunk_.notes.size());
  std::string& out = chunk_.notes;
  out.append(or_unknown(white_));
  out += " - ";
  out.append(or_unknown(black_));
  out += ", ";
  out.append(or_unknown(event_));
  out += ", ";
  out.append(or_unknown(date_));
  note_length_ = std::uint32_t(out.size() - note_);
}

void SuiteVisitor::diagnostic(const pgn::Diagnostic& d) {
  chunk_.report.diagnostic(file_name_, d, warnings_);
}

void SuiteVisitor::end_game(const pgn::GameEnd& end) {
  chunk_.report.end_game(end, keep_rejects_);
  if (!end.selected) {
    // A game is used whole or not at all.
    chunk_.sightings.resize(first_sighting_);
    chunk_.fens.resize(fens_start_);
    chunk_.notes.resize(notes_start_);
    return;
  }
  ++chunk_.selected;
  if (chunk_.sightings.size() > first_sighting_) ++chunk_.used;
}

}  // namespace fenkit::epd
