// The streaming PGN reader, whole and in chunks.
//
// The input is PGN text. A visitor that enters every variation writes down every call with
// its arguments and locations (reading every byte of every string_view it is given), and
// checks the order of the calls. Properties:
// - every game begun is ended, delivered or rejected, and the reader's counts agree;
// - reading the text through the Chunker, from memory and streamed in small reads, with
//   small chunks, gives the same games, call for call, as reading it whole; with a small limit
//   on a game's size too;
// - reading without checking the moves finds the same games at the same places.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/io/input.hpp"
#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/reader.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "fuzz_check.hpp"

namespace {

using namespace fenkit;
using namespace fenkit::pgn;

struct GameRecord {
  std::uint64_t number = 0;
  std::uint64_t offset = 0;
  bool ended = false;
  bool rejected = false;
  std::string raw;
  std::string calls;  // every call but begin_game and end_game, one per line
};

std::string where(const Location& at) {
  return std::to_string(at.line) + ":" + std::to_string(at.column) + "#" +
         std::to_string(at.offset);
}

class Transcript : public Visitor {
 public:
  std::vector<GameRecord> games;

  Action begin_game(const GameStart& start) override {
    FUZZ_CHECK(!open_, "begin_game " + std::to_string(start.number) + " inside a game");
    FUZZ_CHECK(games.empty() || start.number == games.back().number + 1,
               "game " + std::to_string(start.number) + " does not follow the last");
    games.push_back(GameRecord{start.number, start.where.offset});
    open_ = true;
    depth_ = 0;
    add("begin " + where(start.where));
    return Action::proceed;
  }
  void tag(std::string_view name, std::string_view value) override {
    add("tag " + std::string(name) + "=" + std::string(value));
  }
  void start_position(const fen::Position& pos) override { add("start " + fen::to_fen(pos)); }
  Action begin_movetext() override {
    add("movetext");
    return Action::proceed;
  }
  Action move(const MoveEvent& m) override {
    FUZZ_CHECK(m.depth == depth_,
               "move depth " + std::to_string(m.depth) + " inside depth " + std::to_string(depth_));
    std::string line = "move " + std::string(m.san) + " " + where(m.where) + " ply " +
                       std::to_string(m.ply) + " depth " + std::to_string(m.depth);
    if (m.before) {
      FUZZ_CHECK(m.after != nullptr, "a move with a position before it and none after");
      line += " " + std::to_string(m.move.bits()) + " " + fen::to_fen(*m.after);
    }
    add(line);
    return Action::proceed;
  }
  void comment(std::string_view text, const Location& at) override {
    add("comment {" + std::string(text) + "} " + where(at));
  }
  void nag(std::uint8_t n) override { add("nag " + std::to_string(n)); }
  Action begin_variation() override {
    ++depth_;
    add("(");
    return Action::proceed;
  }
  void end_variation() override {
    FUZZ_CHECK(depth_ > 0, "end_variation outside a variation");
    --depth_;
    add(")");
  }
  void result(std::string_view r) override { add("result " + std::string(r)); }
  void diagnostic(const Diagnostic& d) override {
    add(std::string(d.severity == Severity::error ? "error " : "warning ") + where(d.where) +
        " game " + std::to_string(d.game) + " " + d.message);
  }
  void end_game(const GameEnd& end) override {
    FUZZ_CHECK(open_, "end_game without begin_game");
    FUZZ_CHECK(depth_ == 0 || end.rejected, "a delivered game ends inside a variation");
    games.back().ended = true;
    games.back().rejected = end.rejected;
    games.back().raw.assign(end.raw);
    open_ = false;
  }

  void finish(const ReadStats& stats) const {
    FUZZ_CHECK(!open_, "the last game was not ended");
    const auto rejected =
        std::count_if(games.begin(), games.end(), [](const GameRecord& g) { return g.rejected; });
    FUZZ_CHECK(stats.games == games.size(), "the reader counted " + std::to_string(stats.games) +
                                                " games, the visitor saw " +
                                                std::to_string(games.size()));
    FUZZ_CHECK(stats.rejected == std::uint64_t(rejected),
               "the reader counted " + std::to_string(stats.rejected) +
                   " rejected games, the visitor saw " + std::to_string(rejected));
  }

 private:
  void add(const std::string& line) {
    FUZZ_CHECK(open_, "a call outside a game: " + line);
    games.back().calls += line;
    games.back().calls += '\n';
  }
  bool open_ = false;
  std::uint16_t depth_ = 0;
};

// Streamed input (never mapped) handed out a few bytes at a time, as a pipe would.
class TrickleInput : public io::InputSource {
 public:
  TrickleInput(std::string_view text, std::size_t piece)
      : io::InputSource("<trickle>"), text_(text), piece_(piece) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min({size, piece_, text_.size() - pos_});
    std::copy_n(text_.data() + pos_, n, buffer);
    pos_ += n;
    return n;
  }

 private:
  std::string_view text_;
  std::size_t piece_;
  std::size_t pos_ = 0;
};

std::vector<GameRecord> read_chunked(io::InputSource& input, std::size_t target,
                                     std::uint64_t max_game = kDefaultMaxGameBytes) {
  Chunker chunker(input, target);
  chunker.limit_game_size(max_game);
  Transcript transcript;
  ReadStats total;
  Chunk chunk;
  while (chunker.next(chunk)) {
    const ReadStats stats = read_chunk(chunk, transcript, ReaderOptions());
    FUZZ_CHECK(stats.games == chunk.games, "a chunk holds " + std::to_string(chunk.games) +
                                               " games, reading it gave " +
                                               std::to_string(stats.games));
    total.games += stats.games;
    total.rejected += stats.rejected;
  }
  transcript.finish(total);
  return std::move(transcript.games);
}

void expect_same(const std::vector<GameRecord>& whole, const std::vector<GameRecord>& pieces,
                 const char* how) {
  FUZZ_CHECK(whole.size() == pieces.size(), std::string(how) + ": " +
                                                std::to_string(pieces.size()) +
                                                " games, whole: " + std::to_string(whole.size()));
  for (std::size_t i = 0; i < whole.size(); ++i) {
    const GameRecord& a = whole[i];
    const GameRecord& b = pieces[i];
    const std::string game = std::string(how) + ", game " + std::to_string(a.number) + ": ";
    FUZZ_CHECK(a.number == b.number, game + "numbered " + std::to_string(b.number));
    FUZZ_CHECK(a.rejected == b.rejected, game + "rejected differently");
    FUZZ_CHECK(a.raw == b.raw, game + "raw text differs");
    FUZZ_CHECK(a.calls == b.calls, game + "calls differ:\n" + a.calls + "-----\n" + b.calls);
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  Transcript whole;
  const ReadStats stats = read_pgn(text, whole);
  whole.finish(stats);
  FUZZ_CHECK(
      stats.bytes == size,
      "the reader read " + std::to_string(stats.bytes) + " bytes of " + std::to_string(size));

  // Chunks of 1 to 256 bytes, chosen by the input's length, and reads of 1 to 128 bytes,
  // chosen by its last byte.
  const std::size_t target = 1 + size % 256;
  const auto mapped = io::memory_input(text);
  expect_same(whole.games, read_chunked(*mapped, target), "chunks of memory input");
  TrickleInput streamed(text, size ? 1 + data[size - 1] % 128 : 1);
  expect_same(whole.games, read_chunked(streamed, target), "chunks of streamed input");

  // With a limit on a game's size of 16 to 271 bytes, chosen by the first byte: the games past
  // it cut at the same byte, and the input after them passed over to the same place.
  const std::uint64_t limit = 16 + (size ? data[0] : 0);
  Transcript limited;
  ReaderOptions options;
  options.max_game_bytes = limit;
  limited.finish(read_pgn(text, limited, options));
  expect_same(limited.games, read_chunked(*mapped, target, limit), "limited chunks of memory input");
  TrickleInput limited_stream(text, size ? 1 + data[size - 1] % 128 : 1);
  expect_same(limited.games, read_chunked(limited_stream, target, limit),
              "limited chunks of streamed input");

  Transcript syntax;
  const ReadStats syntax_stats = read_pgn(text, syntax, {.check_moves = false});
  syntax.finish(syntax_stats);
  FUZZ_CHECK(syntax.games.size() == whole.games.size(),
             "syntax-only reading found " + std::to_string(syntax.games.size()) +
                 " games, full reading " + std::to_string(whole.games.size()));
  for (std::size_t i = 0; i < whole.games.size(); ++i)
    FUZZ_CHECK(syntax.games[i].offset == whole.games[i].offset &&
                   syntax.games[i].raw == whole.games[i].raw,
               "game " + std::to_string(i + 1) + " lies elsewhere when moves are not checked");
  return 0;
}
