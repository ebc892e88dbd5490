// Inputs of any shape: a game that never ends (NUL bytes, one endless line, a comment never
// closed) is cut at its limit and the input after it passed over without being kept, so that
// what a reader holds is bounded whatever it reads; and a game cut short by the end of the input
// is never passed off as whole, however it is read.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>

#include "event_log.hpp"
#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/game_reader.hpp"
#include "fenkit/io/input.hpp"
#include "fenkit/pgn/report.hpp"
#include "test_support.hpp"

namespace fenkit::pgn {
namespace {

namespace fs = std::filesystem;
using testing::GameLog;

// Streamed input made as it is read, never held whole: `head`, then `count` bytes of `fill`,
// then `tail`.
class GeneratedInput : public io::InputSource {
 public:
  GeneratedInput(std::string head, char fill, std::uint64_t count, std::string tail)
      : io::InputSource("<generated>"), head_(std::move(head)), tail_(std::move(tail)), fill_(fill),
        count_(count) {}
  std::size_t read(char* buffer, std::size_t size) override {
    std::size_t n = 0;
    while (n < size) {
      const std::uint64_t total = head_.size() + count_ + tail_.size();
      if (pos_ >= total) break;
      std::size_t part;
      if (pos_ < head_.size()) {
        part = std::min(size - n, std::size_t(head_.size() - pos_));
        std::copy_n(head_.data() + pos_, part, buffer + n);
      } else if (pos_ < head_.size() + count_) {
        part = std::size_t(std::min<std::uint64_t>(size - n, head_.size() + count_ - pos_));
        std::fill_n(buffer + n, part, fill_);
      } else {
        const std::size_t at = std::size_t(pos_ - head_.size() - count_);
        part = std::min(size - n, tail_.size() - at);
        std::copy_n(tail_.data() + at, part, buffer + n);
      }
      n += part;
      pos_ += part;
    }
    return n;
  }

 private:
  std::string head_, tail_;
  char fill_;
  std::uint64_t count_;
  std::uint64_t pos_ = 0;
};

class ReportingVisitor : public Visitor {
 public:
  explicit ReportingVisitor(ChunkReport& report) : report_(report) {}
  void diagnostic(const Diagnostic& d) override { report_.diagnostic("t.pgn", d, true); }
  void end_game(const GameEnd& end) override { report_.end_game(end, true); }

 private:
  ChunkReport& report_;
};

constexpr std::uint64_t kHundredMegabytes = std::uint64_t(100) << 20;
constexpr std::string_view kNextGame = "\n\n[Event \"next\"]\n\n1. d4 d5 1-0\n";

struct Shape {
  const char* name;
  std::string head;
  char fill;
};

// Inputs without an end to their first game, 100 MB of it.
const Shape kShapes[] = {
    {"NUL bytes", "", '\0'},
    {"one line without a game boundary", "", 'x'},
    {"a comment that is never closed", "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 {", 'c'},
    {"blank lines", "\n", '\n'},
};

// Whatever the input's shape, the chunker holds no more than a chunk's target and one game's
// limit: the game is cut at its limit (an error at its first byte that names the limit), the
// input after it passed over to the next game's tags, which are read on. (100 MB of each shape,
// and 10 MB followed by a game.)
TEST(GameLimit, AGameWithoutEndIsCutAtItsLimitWhateverItsSize) {
  constexpr std::uint64_t kLimit = std::uint64_t(1) << 20;
  constexpr std::size_t kTarget = std::size_t(256) << 10;
  int round = 0;
  for (const Shape& shape : kShapes) {
    for (const bool next_game : {false, true}) {
      const Chunker::Cut cut = round++ % 2 ? Chunker::Cut::counted : Chunker::Cut::in_order;
      SCOPED_TRACE(std::string(shape.name) + (cut == Chunker::Cut::counted ? ", counted" : ", in order") +
                   (next_game ? ", then a game" : ""));
      const std::uint64_t size = next_game ? kHundredMegabytes / 10 : kHundredMegabytes;
      GeneratedInput input(shape.head, shape.fill, size, next_game ? std::string(kNextGame) : "");
      Chunker chunker(input, kTarget, 1, cut);
      chunker.limit_game_size(kLimit);
      ChunkReport report;
      ReportingVisitor visitor(report);
      for (Chunk chunk; chunker.next(chunk);) read_chunk(chunk, visitor, ReaderOptions());
      EXPECT_LE(chunker.largest_buffer(), kLimit + kTarget + (std::size_t(256) << 10));
      EXPECT_EQ(chunker.bytes_read(), shape.head.size() + size + (next_game ? kNextGame.size() : 0));
      if (shape.fill == '\n') {  // blank text is no game: none to cut
        EXPECT_EQ(report.games, next_game ? 1U : 0U);
        EXPECT_EQ(report.rejected, 0U);
        continue;
      }
      EXPECT_EQ(report.games, next_game ? 2U : 1U);
      EXPECT_EQ(report.rejected, 1U);
      EXPECT_NE(report.lines.find("t.pgn:1:1: error: game 1: game longer than the limit of 1 MiB"),
                std::string::npos)
          << report.lines.substr(0, 500);
      EXPECT_EQ(report.lines.find("game 2:"), std::string::npos) << "the game after it is good";
      EXPECT_TRUE(report.rejects.empty()) << "the text of a game past its limit is not kept";
    }
  }
}

// The next game's place is counted through what was passed over.
TEST(GameLimit, PlacesAfterAGamePastItsLimitCountThePassedOverText) {
  const std::string head = "[Event \"a\"]\n\n1. e4 {\n";
  const std::string tail = "\n\n[Event \"b\"]\n\n1. Kf3 *\n";
  for (const Chunker::Cut cut : {Chunker::Cut::counted, Chunker::Cut::in_order, Chunker::Cut::numbered_later}) {
    GeneratedInput input(head, '\n', 5000, tail);
    Chunker chunker(input, 100, 1, cut);
    chunker.limit_game_size(2000);
    ChunkReport all;
    ChunkStart start;
    for (Chunk chunk; chunker.next(chunk);) {
      ChunkReport report;
      if (chunk.numbered_later) report.number_later();
      ReportingVisitor visitor(report);
      read_chunk(chunk, visitor, ReaderOptions());
      if (chunk.numbered_later) {
        report.renumber(start);
        start = start.after(*chunk.numbering);
      }
      all.lines += report.lines;
    }
    // Line 4 + 5000 line ends: the game "b" begins on line 5006, its illegal move on 5008.
    EXPECT_NE(all.lines.find("t.pgn:1:1: error: game 1: game longer than the limit of 2000 bytes"),
              std::string::npos)
        << all.lines;
    EXPECT_NE(all.lines.find("t.pgn:5008:4: error: game 2:"), std::string::npos) << all.lines;
  }
}

// A game larger than a chunk and below the limit is read whole, held once: not twice, as a
// buffer that doubles by copying held it.
TEST(GameLimit, AGameLargerThanAChunkIsHeldOnce) {
  const std::string head = "[Event \"a\"]\n[Result \"1-0\"]\n\n1. e4 {";
  std::string tail = "} e5 2. Nf3 1-0\n";
  for (int i = 0; i < 2000; ++i) tail += "\n[Event \"" + std::to_string(i) + "\"]\n\n1. e4 e5 1-0\n";
  for (const Chunker::Cut cut : {Chunker::Cut::counted, Chunker::Cut::in_order}) {
    GeneratedInput input(head, 'c', kHundredMegabytes, tail);
    Chunker chunker(input, std::size_t(256) << 10, 1, cut);
    chunker.limit_game_size(std::uint64_t(200) << 20);
    ChunkReport report;
    ReportingVisitor visitor(report);
    for (Chunk chunk; chunker.next(chunk);) read_chunk(chunk, visitor, ReaderOptions());
    EXPECT_EQ(report.games, 2001U);
    EXPECT_EQ(report.rejected, 0U) << report.lines.substr(0, 300);
    EXPECT_LE(chunker.largest_buffer(), kHundredMegabytes + (std::size_t(2) << 20));
  }
}

// The GameReader reads the same way: the game past its limit comes rejected, with its
// diagnostics and no text; the reading goes on.
TEST(GameLimit, TheGameReaderCutsAGameAtItsLimit) {
  GameReaderOptions options;
  options.reader.max_game_bytes = std::uint64_t(1) << 20;
  GeneratedInput input("", '\0', kHundredMegabytes, std::string(kNextGame));
  GameReader reader(input, options);
  std::optional<Game> first = reader.next();
  ASSERT_TRUE(first);
  EXPECT_TRUE(first->rejected);
  EXPECT_TRUE(first->raw.empty());
  ASSERT_FALSE(first->diagnostics.empty());
  EXPECT_NE(first->diagnostics.back().message.find("longer than the limit of 1 MiB"),
            std::string::npos);
  EXPECT_EQ(first->diagnostics.back().where.line, 1U);
  EXPECT_EQ(first->diagnostics.back().where.column, 1U);
  std::optional<Game> second = reader.next();
  ASSERT_TRUE(second);
  EXPECT_FALSE(second->rejected);
  EXPECT_EQ(second->result, "1-0");
  EXPECT_EQ(second->where.line, 3U);
  EXPECT_FALSE(reader.next());
  EXPECT_EQ(reader.games(), 2U);
  EXPECT_EQ(reader.rejected(), 1U);
}

// ---------------------------------------------------------------- Cut input

// The lichess-style fixture without its last game, cut inside the movetext of the game that is
// then last (its Result tag says 1-0): "40... Kd7 { ... } 41. Kd2 { ... }" and the end.
std::string cut_fixture() {
  const std::string text = fenkit::testing::read_file(fenkit::testing::data("pgn/lichess-style.pgn"));
  const std::string whole = text.substr(0, text.rfind("[Event "));
  const std::size_t cut = whole.rfind(" 41... Kd6");
  EXPECT_NE(cut, std::string::npos);
  return whole.substr(0, cut);
}

constexpr std::string_view kCutMessage = "the input ends inside the game";

TEST(CutInput, TheLastGameCutInItsMovetextIsRejectedByTheVisitorReader) {
  const std::string text = cut_fixture();
  const std::vector<GameLog> games = testing::read_text(text);
  ASSERT_EQ(games.size(), 4U);
  for (std::size_t i = 0; i + 1 < games.size(); ++i) EXPECT_FALSE(games[i].rejected);
  const GameLog& cut = games.back();
  EXPECT_TRUE(cut.rejected);
  EXPECT_TRUE(cut.only("result").empty()) << "no result: not 1-0 from the Result tag";
  EXPECT_EQ(cut.only("move").size(), 2U);
  const std::vector<std::string> errors = cut.only("error");
  ASSERT_EQ(errors.size(), 1U);
  // After the last token: the end of the last line.
  const std::size_t last_line = text.rfind('\n') + 1;
  const std::string place = std::to_string(std::count(text.begin(), text.end(), '\n') + 1) + ":" +
                            std::to_string(text.size() - last_line + 1);
  EXPECT_TRUE(errors[0].starts_with("error " + place + " ")) << errors[0] << " at " << place;
  EXPECT_NE(errors[0].find(kCutMessage), std::string::npos) << errors[0];
  EXPECT_EQ(cut.raw, text.substr(text.rfind("[Event ")));
}

// Read whole, as a file in chunks of every size, through a pipe, and by the GameReader from a
// path and from a text: the same verdict.
TEST(CutInput, TheLastGameCutInItsMovetextIsRejectedEveryWay) {
  const std::string text = cut_fixture();
  const fs::path path =
      fs::temp_directory_path() / ("fenkit_cut_input_" + std::to_string(::getpid()) + ".pgn");
  std::ofstream(path, std::ios::binary) << text;
  for (const std::size_t chunk_bytes : {std::size_t(1), std::size_t(100), std::size_t(1) << 20}) {
    SCOPED_TRACE(chunk_bytes);
    GameReaderOptions options;
    options.chunk_bytes = chunk_bytes;
    for (const bool from_text : {false, true}) {
      GameReader reader = from_text ? GameReader::from_text(text, "<cut>", options)
                                    : GameReader(path.string(), options);
      std::vector<Game> games;
      for (Game& game : reader) games.push_back(std::move(game));
      ASSERT_EQ(games.size(), 4U);
      EXPECT_FALSE(games[2].rejected);
      EXPECT_TRUE(games[3].rejected);
      EXPECT_TRUE(games[3].result.empty());
      ASSERT_EQ(games[3].diagnostics.size(), 1U);
      EXPECT_NE(games[3].diagnostics[0].message.find(kCutMessage), std::string::npos);
      EXPECT_EQ(reader.rejected(), 1U);
    }
    // The visitor reader over the file in chunks (read_pgn_file streams it).
    ChunkReport report;
    ReportingVisitor visitor(report);
    const ReadStats stats = read_pgn(*io::open_input(path.string()), visitor);
    EXPECT_EQ(stats.games, 4U);
    EXPECT_EQ(stats.rejected, 1U);
    EXPECT_NE(report.lines.find(kCutMessage), std::string::npos);
    EXPECT_EQ(report.rejects, text.substr(text.rfind("[Event ")) + "\n\n");
  }
  fs::remove(path);
}

// A game without result that another game follows is whole: a warning, the Result tag's result.
// Only the end of the input cuts: a byte range, a piece of a larger input, ends where the next
// begins.
TEST(CutInput, AGameWithoutResultThatAnotherFollowsKeepsItsWarning) {
  const std::string text = cut_fixture() + "\n\n[Event \"after\"]\n\n1. e4 e5 *\n";
  const std::vector<GameLog> games = testing::read_text(text);
  ASSERT_EQ(games.size(), 5U);
  EXPECT_FALSE(games[3].rejected);
  EXPECT_EQ(games[3].only("result"), std::vector<std::string>{"result 1-0"});
  EXPECT_FALSE(games[4].rejected);
}

}  // namespace
}  // namespace fenkit::pgn
