// GameReader: the games of PGN inputs one at a time, each whole: read, checked and selected.
//
//   pgn::GameReader reader("games.pgn.zst");
//   while (std::optional<pgn::Game> game = reader.next()) {
//     if (game->rejected) { ...game->diagnostics, game->raw...; continue; }
//     ...game->tags, game->moves, game->elo(fen::Color::white)...
//   }
//
// or as a C++20 input range: `for (pgn::Game& game : reader)`.
//
// Inputs: a path ("-" is standard input; gzip, bzip2, xz and zstd are recognised by content),
// several paths read one after another (game numbers go on across them), a std::istream, an
// InputSource, or a text the reader keeps.
//
// What comes out:
// - A game comes once it has been read to its end. A game the reader gives up (an illegal move,
//   a tag that cannot be read, ...) comes as one Game with `rejected` set, its diagnostics and
//   its raw text (and the moves before the error): never as moves first. With
//   `GameReaderOptions::rejected_games` off, such games are counted and passed over.
// - Games the filter does not select are passed over (they count in games()).
// - An input that cannot be opened, or that breaks off, makes next() throw std::runtime_error
//   naming it, once every whole game read before the break has come; the next call goes on
//   with the next input.
//
// Memory: one chunk of input (about `chunk_bytes`) and its games at a time, whatever the size
// of the input. The visitor reader (reader.hpp, archive.hpp) is faster where a program needs
// no trees: it makes no Game at all.
//
// Thread safety: a GameReader belongs to one thread; readers of different inputs may run at
// once on different threads.
#pragma once

#include <cstddef>
#include <cstdint>
#include <iosfwd>
#include <iterator>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/export.hpp"
#include "fenkit/pgn/archive.hpp"
#include "fenkit/pgn/game.hpp"
#include "fenkit/pgn/game_filter.hpp"
#include "fenkit/pgn/input.hpp"
#include "fenkit/pgn/reader.hpp"

namespace fenkit::pgn {

struct FENKIT_API GameReaderOptions {
  // How games are read. `file_name` is set to each input's name; `first_game_number` numbers
  // the first game of the first input.
  ReaderOptions reader;
  // Keep the variations in the trees; off, they are left out (their moves are still checked
  // as `reader` says).
  bool variations = true;
  // Deliver the games the reader gives up, marked `rejected`; off, count them and pass over.
  bool rejected_games = true;
  // Only the games that begin in this byte range of the input (one regular, uncompressed
  // file): see open_range.
  std::optional<ByteRange> range;
  // The size of the pieces the input is read in.
  std::size_t chunk_bytes = std::size_t(1) << 20;
};

class FENKIT_API GameReader {
 public:
  explicit GameReader(const std::string& path, GameReaderOptions options = {},
                      GameFilter filter = {});
  explicit GameReader(const char* path, GameReaderOptions options = {}, GameFilter filter = {})
      : GameReader(std::string(path), std::move(options), std::move(filter)) {}
  explicit GameReader(std::vector<std::string> paths, GameReaderOptions options = {},
                      GameFilter filter = {});
  // The stream must outlive the reader; its bytes are decoded as a file's are (decoded_input).
  GameReader(std::istream& stream, std::string name, GameReaderOptions options = {},
             GameFilter filter = {});
  // An input of the caller's, read as it is (wrap it in decoded_input for compressed bytes).
  explicit GameReader(std::unique_ptr<InputSource> input, GameReaderOptions options = {},
                      GameFilter filter = {});
  // A text the reader keeps.
  static GameReader from_text(std::string text, std::string name = "<memory>",
                              GameReaderOptions options = {}, GameFilter filter = {});

  ~GameReader();
  GameReader(GameReader&&) noexcept;
  GameReader& operator=(GameReader&&) noexcept;

  // The next game, or nothing at the end of the last input.
  std::optional<Game> next();

  // Counts so far: every game read (selected or not, rejected ones included), the good games
  // delivered, and the rejected ones.
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
  explicit GameReader(std::unique_ptr<State> state);
  std::unique_ptr<State> state_;
};

}  // namespace fenkit::pgn
