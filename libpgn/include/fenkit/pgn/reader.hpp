// The streaming PGN reader: calls a Visitor for every part of every game.
//
// Thread safety: a reader keeps no global state: any number of reads may run at once on
// different threads, each with its own visitor.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "fenkit/fen/export.hpp"
#include "fenkit/pgn/visitor.hpp"

namespace fenkit::io {
class InputSource;  // fenkit/io/input.hpp
}

namespace fenkit::pgn {

// How deep variations may nest where a visitor takes them (ReaderOptions::max_variation_depth):
// for game trees, which are walked and freed recursively (game.hpp), and at most what
// MoveEvent::depth holds, for visitors that stream.
inline constexpr std::uint16_t kTreeVariationDepth = 256;
inline constexpr std::uint16_t kMaxVariationDepth = UINT16_MAX;

// The longest game read by default (ReaderOptions::max_game_bytes): 64 MiB. The longest real
// games, with deep analysis in comments and variations, take a few megabytes; no archive has
// one near this. Yet it bounds what a reader holds at once, whatever it is given (a file of NUL
// bytes is one game without end), and a tree built from a game of this size already takes
// several times that in memory; a larger default would only let a broken input cost more.
inline constexpr std::uint64_t kDefaultMaxGameBytes = std::uint64_t(64) << 20;

// Where a text lies in the input it is a piece of: what a program that cuts an input into
// pieces and reads them apart sets for each (the readers of this library do it for theirs), so
// that places and the end of the input are those of the whole input.
struct FENKIT_API TextPlace {
  // Line, column and offset of the text's first byte (a piece may begin inside a line).
  std::uint64_t line = 1;
  std::uint32_t column = 1;
  std::uint64_t offset = 0;
  // Whether the text ends the input. A game at the end of an input whose movetext has no result
  // at its end (1-0, 0-1, 1/2-1/2 or *), tags-only games too, may be cut short (a file cut, a
  // download broken off): it is rejected, "the input ends inside the game", rather than passed
  // off as whole with the Result tag's result. A game without result that another game follows
  // is read with a warning and the Result tag's result (or *). Off for a text that is a piece of
  // an input: its last game is then one that another follows.
  bool ends_input = true;
};

struct FENKIT_API ReaderOptions {
  std::string file_name = "<input>";  // the FILE of FILE:LINE:COLUMN diagnostics
  // Resolve and play every move, rejecting games with illegal, ambiguous or unknown moves.
  // Off: parse only (MoveEvent carries no move or positions).
  bool check_moves = true;
  // Check the moves of variations the visitor skips, so a game is judged the same whatever
  // the visitor looks at.
  bool check_variations = true;
  // A variation with a bad move rejects the whole game; off, it is reported as a warning and
  // its remaining moves are skipped.
  bool reject_bad_variations = true;
  // The deepest variation a visitor that takes variations is shown: one nested deeper rejects
  // its game at its '('. Real games nest a few levels; without a bound, a file of nothing but
  // '(' would drive a tree built from it out of stack. The default suits trees; a visitor that
  // streams may allow up to kMaxVariationDepth. Variations the visitor skips may nest to any
  // depth.
  std::uint16_t max_variation_depth = kTreeVariationDepth;
  // Deliver comments (converted to UTF-8 where the input is Latin-1). Off, comments are passed
  // over unread, which is faster on inputs with a comment after every move.
  bool comments = true;
  // Off, comments are delivered as written, not checked or converted to UTF-8: for visitors
  // that only look for [%...] commands (comment_commands.hpp), which are ASCII.
  bool comments_in_utf8 = true;
  // Hand every move to the visitor (Visitor::move). Off, moves are read (and checked, with
  // check_moves) but not handed on: for visitors that want only diagnostics, tags or results,
  // which then read faster.
  bool visit_moves = true;
  // Give every MoveEvent and comment its line and column. Off, they carry only the byte offset
  // (diagnostics always carry full locations); counting lines costs time on large inputs.
  bool move_locations = true;
  // Number of the first game (for reading one piece of a larger input).
  std::uint64_t first_game_number = 1;
  // Games numbered above this are not read (GameFilter::last_game(): asking for the first games
  // of an archive reads no further than the last of them, and counts no game beyond it).
  std::uint64_t last_game_number = UINT64_MAX;
  // The longest game read, in bytes from its first byte to its end. A game that has not ended
  // within its first max_game_bytes bytes is cut there: it is reported (an error at its first
  // byte that names the limit) and counted as rejected, its text is not kept (GameEnd::raw is
  // empty, so a rejects file does not hold it), and reading goes on at the first place at or
  // after the limit where a game may begin (a blank line before a tag line): what lies between,
  // a game there too, is passed over with it. So reading any input takes memory bounded by this,
  // and time linear in the input's size. The same game is cut at the same byte however the
  // input is read (whole, in pieces, in byte ranges, on any number of threads).
  std::uint64_t max_game_bytes = kDefaultMaxGameBytes;
  // Where the text lies in the input it is a piece of; the defaults: it is the whole input.
  TextPlace place;
};

// The games that begin in a byte range of a file: what one of several workers that share a
// file reads (GameReaderOptions::range). A range's edges move on to the next place where a game
// may begin (a blank line before a tag line), so that ranges that tile a file read every game
// once, whatever the offsets.
struct FENKIT_API ByteRange {
  std::uint64_t start = 0;
  std::uint64_t end = UINT64_MAX;
  // The line the range's first game starts on, when known (for diagnostics' places); else the
  // lines before the range are counted.
  std::optional<std::uint64_t> first_line;
};

struct FENKIT_API ReadStats {
  std::uint64_t games = 0;     // every game seen, rejected ones included
  std::uint64_t rejected = 0;
  std::uint64_t bytes = 0;
};

// The push door: reads every game of an input, calling the visitor for each part of each game
// as it is read, on the calling thread (GameReader, game_reader.hpp, is the pull door: whole
// games, handed out one by one). An in-memory text is the whole input unless options.place
// says it is a piece of one. An input source (fenkit/io/input.hpp: io::open_input for a file,
// "-" or a compressed file, io::stream_input for a std::istream, io::memory_input) is read in
// blocks, so that any size takes memory bounded by the longest game; its name is the FILE of
// diagnostics unless options.file_name is set. A source that fails midway has every game before
// the failure read, then throws its std::runtime_error.
FENKIT_API ReadStats read_pgn(std::string_view text, Visitor& visitor,
                              const ReaderOptions& options = {});
FENKIT_API ReadStats read_pgn(io::InputSource& input, Visitor& visitor,
                              ReaderOptions options = {});

}  // namespace fenkit::pgn
