// GameReader: the games of PGN inputs one at a time, each whole: read, checked and selected.
// With walk() (game_walk.hpp, included), each move with the positions around it:
//
//   pgn::GameReader reader("games.pgn.zst");           // or std::cin, or several paths
//   for (const pgn::Game& game : reader) {
//     if (game.rejected) { ...game.diagnostics, game.raw...; continue; }
//     for (const pgn::Ply& ply : reader.walk(game))
//       ...ply.san(), ply.uci(), ply.fen(), ply.key(), ply.commands().clock_ms...
//   }
//
// Inputs: a path ("-" is standard input; gzip, bzip2, xz and zstd are recognised by content),
// several paths read one after another (game numbers go on across them), a std::istream, an
// InputSource of the caller's, or a text the reader keeps.
//
// What comes out:
// - A game comes once it has been read to its end. A game the reader gives up (an illegal move,
//   a tag that cannot be read, a game the end of the input cuts short, ...) comes as one Game
//   with `rejected` set, its diagnostics and its raw text (and the moves before the error):
//   never as moves first. With `GameReaderOptions::rejected_games` off, such games are counted
//   and passed over.
// - Games the filter (select()) does not choose are passed over (they count in games()).
// - An input that cannot be opened, or that breaks off, makes next() throw std::runtime_error
//   naming it, once every whole game read before the break has come; the next call goes on
//   with the next input.
//
// Threads: by default the games are read on the calling thread, each when next() asks for it. With
// `threads` above 1 (0: one per core), pieces of the input are read and their games built ahead
// on that many threads, and still handed out in input order, numbered and placed as one thread
// would.
//
// Memory: a few pieces of input (about `chunk_bytes` each, a few per thread) and their games at a
// time, whatever the size of the input. The visitor reader (reader.hpp) is faster where a program
// needs no trees: it makes no Game at all.
//
// A reader that was moved from has nothing left to read: next() gives nothing, the counts are
// 0. An iteration over a reader that is moved away meanwhile ends.
//
// Thread safety: a GameReader belongs to one thread; readers of different inputs may run at
// once on different threads.
#pragma once

// (This header keeps to light standard headers, so that its users compile fast: the iterator
// tags and std::default_sentinel_t come with <string>.)
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/export.hpp"
#include "fenkit/pgn/game.hpp"
#include "fenkit/pgn/game_walk.hpp"
#include "fenkit/pgn/reader.hpp"

namespace fenkit::io {
class InputSource;
}

namespace fenkit::pgn {

class GameFilter;

struct FENKIT_API GameReaderOptions {
  // How games are read. `file_name` is set to each input's name; `first_game_number` numbers
  // the first game of the first input. Moves and comments carry no line and column (a tree keeps
  // none: only diagnostics have places), which saves counting lines.
  ReaderOptions reader = [] {
    ReaderOptions options;
    options.move_locations = false;
    return options;
  }();
  // Keep the variations in the trees; off, they are left out (their moves are still checked
  // as `reader` says).
  bool variations = true;
  // Deliver the games the reader gives up, marked `rejected`; off, count them and pass over.
  bool rejected_games = true;
  // Only the games that begin in this byte range of the input (one regular, uncompressed
  // file).
  std::optional<ByteRange> range;
  // Threads that read and build games: 1 reads on the calling thread; 0 is one per core.
  unsigned threads = 1;
  // The size of the pieces the input is read in.
  std::size_t chunk_bytes = std::size_t(1) << 20;
};

class FENKIT_API GameReader {
 public:
  explicit GameReader(const std::string& path, const GameReaderOptions& options = {});
  explicit GameReader(const char* path, const GameReaderOptions& options = {})
      : GameReader(std::string(path), options) {}
  explicit GameReader(std::vector<std::string> paths, const GameReaderOptions& options = {});
  // The stream must outlive the reader; its bytes are decoded as a file's are (decoded_input:
  // compressed or UTF-16 bytes are recognised).
  explicit GameReader(std::istream& stream, std::string name = "<stream>",
                      const GameReaderOptions& options = {});
  // An input of the caller's, which must outlive the reader, read as it is (wrap it in
  // decoded_input for compressed bytes).
  explicit GameReader(io::InputSource& input, const GameReaderOptions& options = {});
  // A text the reader keeps.
  static GameReader from_text(std::string text, std::string name = "<memory>",
                              const GameReaderOptions& options = {});

  ~GameReader();
  GameReader(GameReader&& other) noexcept;
  GameReader& operator=(GameReader&& other) noexcept;
  GameReader(const GameReader&) = delete;
  GameReader& operator=(const GameReader&) = delete;

  // Hands out only the games `filter` selects (game_filter.hpp); before the first next().
  // Throws std::logic_error once reading has begun.
  GameReader& select(GameFilter filter);

  // The next game, or nothing at the end of the last input.
  std::optional<Game> next();

  // The moves of `game` with the positions around them (game_walk.hpp), as walk(game) gives
  // them; for the game next() returned last, read on the calling thread, with the positions
  // the reader made while reading it, so that no move of its main line is played again (until
  // the next call of next(), which the walk must not outlive).
  Walk walk(const Game& game, const WalkOptions& options = {}) const;

  // Counts of what was handed out so far: every game passed (delivered, or passed over as the
  // filter or the options say), the good games delivered, and the rejected ones. Games read
  // ahead do not count until they are reached: games() can drive a progress report.
  std::uint64_t games() const;
  std::uint64_t selected() const;
  std::uint64_t rejected() const;
  // The name of the input the game next() returned last comes from.
  const std::string& input_name() const;

  // An input iterator over next(): C++20 `std::ranges::input_range`.
  class Iterator {
   public:
    using value_type = Game;
    using difference_type = std::ptrdiff_t;
    using iterator_concept = std::input_iterator_tag;

    Iterator() = default;
    explicit Iterator(GameReader& reader) : reader_(&reader), game_(reader.next()) {}
    Game& operator*() const { return *game_; }
    Game* operator->() const { return &*game_; }
    Iterator& operator++() {
      game_ = reader_->next();
      return *this;
    }
    void operator++(int) { ++*this; }
    friend bool operator==(const Iterator& it, std::default_sentinel_t) { return !it.game_; }

   private:
    GameReader* reader_ = nullptr;
    mutable std::optional<Game> game_;
  };
  Iterator begin() { return Iterator(*this); }
  std::default_sentinel_t end() { return {}; }

 private:
  struct State;
  explicit GameReader(State* state);
  // Owned (a plain pointer, so that this header needs no <memory>); null once moved from.
  State* state_ = nullptr;
};

}  // namespace fenkit::pgn
