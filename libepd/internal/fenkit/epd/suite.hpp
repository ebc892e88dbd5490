// Position suites from games, as engine testers make opening suites: the visitor behind
// `fenkit epd --from-pgn`. It picks positions out of games by ply, side to move and the game
// selection, and keeps for each one its key, its FEN and where it came from; a PositionTable
// (position_table.hpp) counts the distinct ones.
//
// Thread safety: a SuiteVisitor and its SuiteChunk belong to one thread (one per chunk with
// pgn::read_archive); the SuiteFilter may be shared read-only.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/pgn/report.hpp"
#include "fenkit/pgn/game_filter.hpp"
#include "fenkit/pgn/selecting_visitor.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "fenkit/fen/export.hpp"

namespace fenkit::epd {

struct FENKIT_API SuiteFilter {
  std::uint32_t min_ply = 1;  // plies counted from the game's start position (0)
  std::uint32_t max_ply = UINT32_MAX;
  std::optional<fen::Color> side;       // only positions with this side to move
  const pgn::GameFilter* games = nullptr;  // which games; null: all
  fen::EpMode ep = fen::EpMode::standard;
  bool once_per_game = false;  // a position repeated within one game is taken once
  bool notes = false;          // keep "White - Black, Event, Date" for each game
};

// One position taken from one game. The texts are offsets into SuiteChunk's stores, so that
// a chunk's sightings cost no allocation each.
struct FENKIT_API Sighting {
  std::uint64_t key = 0;        // suite_key() of the position
  std::uint64_t game = 0;       // game number, counted across all inputs
  std::uint32_t ply = 0;
  std::uint32_t fen = 0;        // offset in SuiteChunk::fens of the six-field FEN
  std::uint8_t fen_length = 0;
  std::uint8_t epd_length = 0;  // length of its first four fields
  std::uint32_t note = 0;       // offset in SuiteChunk::notes of the game's note
  std::uint32_t note_length = 0;
};

// What one chunk of input produced, kept until it can be merged in input order.
struct FENKIT_API SuiteChunk {
  std::vector<Sighting> sightings;  // in input order
  std::string fens;
  std::string notes;
  pgn::ChunkReport report;
  std::uint64_t selected = 0;  // games the selection chose that could be read
  std::uint64_t used = 0;      // of those, the games that gave at least one position

  // Empty again, keeping the buffers (for the next chunk).
  void clear() {
    sightings.clear();
    fens.clear();
    notes.clear();
    report.clear();
    selected = used = 0;
  }
  // Read from a chunk numbered later (pgn::NumberedLater): the sightings' game numbers and the
  // report's places are moved by renumber().
  void number_later() { report.number_later(); }
  void renumber(const pgn::ChunkStart& start);

  std::string_view fen_of(const Sighting& s) const { return {fens.data() + s.fen, s.fen_length}; }
  std::string_view epd_of(const Sighting& s) const { return {fens.data() + s.fen, s.epd_length}; }
  std::string_view note_of(const Sighting& s) const {
    return {notes.data() + s.note, s.note_length};
  }
};

// The 64-bit key of a position as its four EPD fields say it: the Polyglot key, except that
// the en-passant file counts exactly when the FEN writes the square (`ep` decides which), so
// that two positions share a key only if their EPD fields may be the same.
FENKIT_API std::uint64_t suite_key(const fen::Position& pos, fen::EpMode ep);

class FENKIT_API SuiteVisitor : public pgn::Visitor {
 public:
  SuiteVisitor(const SuiteFilter& filter, std::string file_name, SuiteChunk& chunk,
               bool keep_rejects, bool warnings);

  pgn::Action begin_game(const pgn::GameStart& start) override;
  void tag(std::string_view name, std::string_view value) override;
  void start_position(const fen::Position& pos) override;
  pgn::Action begin_movetext() override;
  pgn::Action move(const pgn::MoveEvent& event) override;
  void diagnostic(const pgn::Diagnostic& d) override;
  void end_game(const pgn::GameEnd& end) override;

 private:
  void take(const fen::Position& pos, std::uint32_t ply);
  void add_note();

  const SuiteFilter& filter_;
  fen::FenWriter fen_writer_;
  std::string file_name_;
  SuiteChunk& chunk_;
  bool keep_rejects_;
  bool warnings_;

  // The game being read.
  std::uint64_t game_ = 0;
  std::size_t first_sighting_ = 0, fens_start_ = 0, notes_start_ = 0;
  bool has_note_ = false;
  std::uint32_t note_ = 0, note_length_ = 0;
  std::string white_, black_, event_, date_;
};

// The visitor of epd --from-pgn: the games that SuiteFilter::games selects.
using SuiteSelector = pgn::SelectingVisitor<SuiteVisitor>;

}  // namespace fenkit::epd
