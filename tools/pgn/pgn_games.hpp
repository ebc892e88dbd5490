// The visitor behind `fenkit pgn`: follows each game through the selection, the duplicate hash
// and the opening classifier, and writes the games it keeps, changed as asked, in PGN export
// format (libpgn's writer) or as one JSON object per game.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli.hpp"
#include "duplicate_key.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "split_key.hpp"
#include "fenkit/pgn/game_builder.hpp"
#include "fenkit/pgn/game_filter.hpp"
#include "fenkit/pgn/game_hash.hpp"
#include "fenkit/pgn/opening_lines.hpp"
#include "fenkit/pgn/openings.hpp"
#include "fenkit/pgn/reader.hpp"
#include "fenkit/pgn/selecting_visitor.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "fenkit/pgn/writer.hpp"

namespace fenkit::tools {

enum class GamesFormat { pgn, jsonl };

struct GamesOptions {
  GamesFormat format = GamesFormat::pgn;
  const pgn::GameFilter* filter = nullptr;  // which games; null: all
  bool rejected_only = false;  // write the text of the games that cannot be replayed, only
  pgn::WriterOptions writer;   // comments, NAGs, variations
  std::vector<std::string> keep_tags;  // only these (and the roster); empty: all
  std::vector<std::string> drop_tags;
  bool add_eco = false;        // ECO and Opening from the opening tables
  // With add_eco: the lines of the user's ECO file instead (pgn-extract's -e), which also set
  // Variation and SubVariation where they name them.
  const pgn::OpeningLines* eco_lines = nullptr;
  bool add_plycount = false;   // PlyCount
  bool add_total_plycount = false;  // TotalPlyCount: the moves written, variations included
  bool fix_result = false;     // a Result that a mate or stalemate contradicts is corrected
  // After every move (variations too), after its own comments: the FEN of the position it
  // leads to, or its Polyglot key in hexadecimal (pgn-extract's --fencomments, --hashcomments).
  bool fen_comments = false;
  bool hash_comments = false;
  // Moves after this ply are left out, in the main line and the variations, with their
  // comments; a main line cut short ends in "*" (pgn-extract's --plylimit). Plies are counted
  // as the move numbers count them, from the start position's.
  std::optional<std::uint32_t> ply_limit;
  // With ply_limit: a line goes on past the limit until this many plies in a row have been
  // quiet (no capture, check or promotion), counted from the line's first move
  // (pgn-extract's --quiescent).
  std::uint32_t quiescent = 0;
  // Duplicates (--unique) compared by the board after this many plies, not by the moves
  // (pgn-extract's --fuzzydepth; duplicate_key.hpp).
  std::optional<std::uint32_t> fuzzy_depth;
  // The first plies of the main line left out, with their comments and variations; the game
  // starts from the position after them, given by SetUp and FEN tags (pgn-extract's --dropply).
  // A game with fewer plies is left out and counted.
  std::uint32_t drop_plies = 0;
  // A HashCode tag: the game's hash (its start position and main line, as --unique compares
  // games) in hexadecimal, the same for every game that plays the same moves.
  bool add_hashcode = false;
  // WrittenGame::hash is wanted (--unique); add_hashcode needs it too.
  bool hash_games = false;
  // The text of the games the selection leaves out is kept, as read (pgn-extract's -n).
  bool keep_unselected = false;
  // Each game's file by its ECO code, date or event (--split-by; WrittenGame::split_key).
  SplitBy split_by = SplitBy::none;
  // With the filter's material balances: a MaterialMatch tag, "White" when the balance's first
  // list is White's material, "Black" when Black's (pgn-extract's --addmatchtag).
  bool add_match_tag = false;
  // A comment after the main-line move that reaches a --position first, or completes a
  // material balance first (pgn-extract's --markmatches); "FEN": the position's FEN.
  std::optional<std::string> mark_matches;
  // The main line ends with the move that first reaches a --position or completes a material
  // balance: what follows is left out as ply_limit leaves it out, the match's ply the limit (a
  // game that matches at its start keeps no move).
  bool cut_at_match = false;
  // Each game is written without its variations, then each variation as a game of its own, to
  // this depth (0: all; variation_games.hpp; pgn-extract's --splitvariants).
  std::optional<unsigned> split_variants;
  // Each game selected is written as it was read, byte for byte, not in export format (--split
  // when no option changes the games: a shard holds what its archive held, at copying speed).
  // Only with options under which changes_games() is false.
  bool copy_as_read = false;
  bool warnings = false;
  bool keep_rejects = false;
  // How the games are read (reader_settings in pgn_command.cpp); a game with variations is read
  // again with it for --splitvariants.
  pgn::ReaderOptions reader;

  // Whether an option asks for games other than their own text in export format: another
  // format, parts left out or added, tags changed, moves in another notation.
  bool changes_games() const;
};

// One game written into a chunk's text.
struct WrittenGame {
  std::size_t begin = 0, end = 0;  // in GamesChunk::text
  pgn::GameHash hash;
  std::string split_key;  // with GamesOptions::split_by: the file it goes to
  bool variation = false;  // a variation written as a game (GamesOptions::split_variants)
};

struct GamesChunk {
  std::string text;
  std::vector<WrittenGame> games;
  ChunkReport report;
  std::uint64_t results_fixed = 0;
  std::uint64_t too_short = 0;  // for GamesOptions::drop_plies
  std::string unselected;       // for GamesOptions::keep_unselected

  // Empty again, keeping the buffers (for the next chunk).
  void clear() {
    text.clear();
    games.clear();
    report.clear();
    results_fixed = too_short = 0;
    unselected.clear();
  }
};

class GamesVisitor;
using GamesSelector = pgn::SelectingVisitor<GamesVisitor>;

// Writes every game GameEnd::selected keeps; GamesSelector adds the options' filter.
//
// Where the selection is decided by a game's moves (a position, material, how it ends, its
// length), most games of an archive are left out, and writing each as it is read would be
// wasted: such a game is only followed, and once selected its text is read again and written.
// (While more than half of the games are selected, they are written as they are read.)
class GamesVisitor : public pgn::Visitor {
 public:
  // `writes_as_read`: never reads a game again (the visitor that does the reading again).
  GamesVisitor(const GamesOptions& options, std::string file_name, GamesChunk& chunk,
               bool writes_as_read = false);
  ~GamesVisitor() override;

  pgn::Action begin_game(const pgn::GameStart& start) override;
  void tag(std::string_view name, std::string_view value) override;
  void start_position(const fen::Position& pos) override;
  pgn::Action begin_movetext() override;
  pgn::Action move(const pgn::MoveEvent& event) override;
  void comment(std::string_view text, const pgn::Location& where) override;
  void nag(std::uint8_t nag) override;
  pgn::Action begin_variation() override;
  void end_variation() override;
  void result(std::string_view result) override;
  void diagnostic(const pgn::Diagnostic& d) override;
  void end_game(const pgn::GameEnd& end) override;

 private:
  bool keeps_tag(std::string_view name) const;
  // A move that more than the writer and the duplicate key follow (its ply counted already).
  pgn::Action follow_move(const pgn::MoveEvent& event);
  bool hashes() const { return options_.hash_games || options_.add_hashcode; }
  // The result the final position calls for ("1-0", "0-1", "1/2-1/2"), or "" if it is open.
  std::string_view result_on_board() const;
  void check_result();
  std::string hash_code() const;
  std::string_view match_side() const;
  void write_json();
  // Writes the comment added after the last move, if one waits.
  void flush_added();
  // Whether the game's selection is met at `pos`, reached in its main line: a --position, or a
  // material balance completed there (not when the selection is inverted).
  bool matches_at(const fen::Position& pos) const;
  // The --markmatches comment for a match at `pos`, if `pos` is the game's first match.
  std::string mark_for(const fen::Position& pos);

  const GamesOptions& options_;
  // Nothing but the writer and the duplicate key follow the moves (no classifier, material,
  // cut, mark or added comment): each goes straight to them.
  bool moves_to_writer_only_ = false;
  bool keeps_every_tag_ = true;  // no --keep-tags or --drop-tags
  // Writing a game once it is selected: whether this visitor may, whether it does for the game
  // being read, and the games it has seen and seen selected (to stop when most are).
  bool may_write_later_ = false;
  bool writes_later_ = false;
  // The writer is not fed while the game is read: it is written once selected (writes_later_),
  // or copied as read (GamesOptions::copy_as_read, which --split sets and --split-by never
  // does: such a game needs no tags kept).
  bool writer_idle() const { return writes_later_ || options_.copy_as_read; }
  std::uint64_t games_seen_ = 0, games_selected_ = 0;
  // What reads a selected game again, and what it writes.
  GamesChunk again_chunk_;
  std::unique_ptr<GamesSelector> again_;
  void write_again(std::string_view text);
  void copy_game(std::string_view raw);
  // How a game's text is read again: as the first time, but as a game that another follows
  // (one without result was whole then, and is not the end of an input now).
  pgn::ReaderOptions whole_game_again() const {
    pgn::ReaderOptions again = options_.reader;
    again.place.ends_input = false;
    return again;
  }
  std::string file_name_;
  GamesChunk& chunk_;
  pgn::PgnWriter writer_;
  std::optional<pgn::OpeningClassifier> openings_;
  std::optional<pgn::OpeningLineClassifier> opening_lines_;

  // The game being read.
  pgn::GameStart start_;
  std::size_t text_start_ = 0;
  DuplicateKey key_;
  fen::Position start_position_;
  const fen::Position* final_ = nullptr;  // during end_game: the main line's last position
  std::uint32_t plies_ = 0;
  std::uint32_t plies_written_ = 0;  // in every line
  std::string result_tag_, movetext_result_, fixed_result_;
  bool has_result_tag_ = false;
  bool has_plycount_ = false;
  // For --split-by: the tags a file is named for.
  std::string split_eco_, split_date_, split_event_;
  // For --addmatchtag and --markmatches: the material balances followed, and whether the
  // game's match is marked already (or waits to be, at the start of the movetext).
  std::optional<pgn::MaterialMatcher> material_;
  bool marked_ = false;
  std::string start_mark_before_, start_mark_after_;  // around the game's own first comments
  std::string added_mark_;
  // For --splitvariants: how deep the reader is in variations the written game leaves out,
  // whether the game has any, and the game read again as a tree.
  unsigned left_out_ = 0;
  bool has_variations_ = false;
  pgn::Game tree_;
  pgn::PgnWriter variation_writer_;
  // (split_key by value: the games written go into the vector that holds the one it is from.)
  void write_variation_games(std::string_view text, std::string split_key);
  // For JSON lines: the tags kept, and the main line.
  std::vector<std::pair<std::string, std::string>> tags_;
  std::size_t tag_count_ = 0;
  std::string start_fen_, sans_, ucis_;
  // The FEN or key comment of the last move, written once its own comments and NAGs are.
  std::string added_fen_, added_key_;
  fen::PolyglotKeys keys_;  // for --hashcomments
  bool added_waits_ = false;
  // --plylimit: how deep the writer is in variations, and from which depth on nothing is written
  // (a move past the limit was met there; 0: the main line, cut to its end).
  std::uint32_t depth_ = 0;
  std::uint32_t plies_before_ = 0;  // of the start position, as its move number counts them
  std::optional<std::uint32_t> cut_at_depth_;
  // --cut-at-match: the ply of the game's first match, once met (as plies_before_ counts).
  std::optional<std::uint32_t> match_limit_;
  std::optional<std::uint32_t> ply_limit() const;
  // For --quiescent: of each line open, whether a move of it was written, and the quiet plies
  // in a row at its end.
  struct QuietLine {
    bool written = false;
    std::uint32_t quiet = 0;
  };
  std::vector<QuietLine> quiet_lines_;  // by depth
  bool past_the_limit(const pgn::MoveEvent& event);
  // --dropply: whether what is read is left out still (until the first main-line move after
  // the plies dropped), and the FEN of the position after them.
  bool dropping_ = false;
  std::string dropped_to_;
};

}  // namespace fenkit::tools
