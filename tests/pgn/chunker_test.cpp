// The Chunker cuts an input into chunks of whole games, numbered as one reader numbers them:
// reading every chunk gives exactly what reading the whole input gives (game numbers, lines,
// columns, offsets, every call), whatever the chunk size, for mapped and streamed input; and
// byte ranges that tile a file read every game exactly once.
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <random>
#include <span>
#include <sstream>
#include <stdexcept>

#include "event_log.hpp"
#include "fenkit/pgn/chunker.hpp"
#include "fenkit/io/input.hpp"
#include "fenkit/pgn/file_range.hpp"
#include "fenkit/pgn/report.hpp"

namespace fenkit::pgn {
namespace {

namespace fs = std::filesystem;
using testing::GameLog;

// Streamed input that hands out at most `piece` bytes per read and is never mapped, as a pipe.
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

testing::EventLog new_log() {
  testing::EventLog log;
  log.offsets = true;
  log.check_positions = false;
  return log;
}

std::vector<GameLog> read_whole(std::string_view text, const ReaderOptions& options = {}) {
  testing::EventLog log = new_log();
  read_pgn(text, log, options);
  return std::move(log.games);
}

// Reads every chunk, checking that the chunks tile the input and are numbered in order.
std::vector<GameLog> read_chunks(Chunker& chunker, std::string_view text) {
  testing::EventLog log = new_log();
  Chunk chunk;
  std::uint64_t offset = 0, next_game = 1, sequence = 0;
  while (chunker.next(chunk)) {
    EXPECT_EQ(chunk.sequence, sequence++);
    EXPECT_EQ(chunk.offset, offset) << "chunks must tile the input";
    EXPECT_EQ(chunk.text, text.substr(chunk.offset, chunk.text.size()));
    EXPECT_EQ(chunk.line, 1 + std::count(text.begin(), text.begin() + std::ptrdiff_t(offset), '\n'));
    EXPECT_EQ(chunk.first_game, next_game);
    // The chunk may begin inside a line: its column counts from the last line end before it.
    const std::size_t last_end = offset == 0 ? std::string_view::npos : text.rfind('\n', offset - 1);
    const std::size_t line_begin = last_end == std::string_view::npos ? 0 : last_end + 1;
    EXPECT_EQ(chunk.column, offset - line_begin + 1);
    EXPECT_EQ(chunk.numbering != nullptr, chunker.cut() == Chunker::Cut::in_order);
    const ReadStats stats = read_chunk(chunk, log, ReaderOptions());
    // A chunk cut in order learns its games as it is read.
    EXPECT_EQ(stats.games, chunk.numbering ? chunk.numbering->games : chunk.games);
    // (A chunk that ends at a game's limit is followed by the input passed over.)
    offset += chunk.text.size() + chunk.skipped;
    next_game += stats.games;
  }
  EXPECT_EQ(offset, text.size()) << "the chunks cover the whole input";
  return std::move(log.games);
}

constexpr Chunker::Cut kCuts[] = {Chunker::Cut::counted, Chunker::Cut::in_order};

std::string cut_name(Chunker::Cut cut) {
  return cut == Chunker::Cut::counted ? "counted" : "in order";
}

constexpr std::size_t kTargets[] = {1, 100, 2000, std::size_t(1) << 20};

TEST(Chunker, ChunksOfMappedInputReadAsTheWhole) {
  const std::string text = testing::all_quirks();
  const std::vector<GameLog> whole = read_whole(text);
  ASSERT_GT(whole.size(), 80U);
  for (const std::size_t target : kTargets) {
    for (const Chunker::Cut cut : kCuts) {
      SCOPED_TRACE("target " + std::to_string(target) + ", " + cut_name(cut));
      const auto input = io::memory_input(text);
      Chunker chunker(*input, target, 1, cut);
      testing::expect_same_games(whole, read_chunks(chunker, text));
    }
  }
}

TEST(Chunker, ChunksOfStreamedInputReadAsTheWhole) {
  const std::string text = testing::all_quirks();
  const std::vector<GameLog> whole = read_whole(text);
  for (const std::size_t target : kTargets) {
    for (const std::size_t piece : {std::size_t(1), std::size_t(17), std::size_t(4096)}) {
      for (const Chunker::Cut cut : kCuts) {
        SCOPED_TRACE("target " + std::to_string(target) + ", reads of " + std::to_string(piece) +
                     ", " + cut_name(cut));
        TrickleInput input(text, piece);
        Chunker chunker(input, target, 1, cut);
        testing::expect_same_games(whole, read_chunks(chunker, text));
      }
    }
  }
}

// A chunk's games are numbered from the chunker's first game: a second file goes on where the
// first ended.
TEST(Chunker, NumbersGoOnFromTheFirstGameGiven) {
  const std::string text = testing::all_quirks();
  const std::vector<GameLog> whole = read_whole(text);
  for (const Chunker::Cut cut : kCuts) {
    SCOPED_TRACE(cut_name(cut));
    const auto input = io::memory_input(text);
    Chunker chunker(*input, 100, 1001, cut);
    testing::EventLog log = new_log();
    Chunk chunk;
    while (chunker.next(chunk)) read_chunk(chunk, log, ReaderOptions());
    ASSERT_EQ(log.games.size(), whole.size());
    EXPECT_EQ(log.games.front().number, 1001U);
    EXPECT_EQ(log.games.back().number, 1000 + whole.size());
  }
}

// Chunks cut in order are numbered as they are read: asking for the next before the last was
// read is a mistake the chunker reports.
TEST(Chunker, ChunksCutInOrderMustBeReadInOrder) {
  const std::string text = testing::all_quirks();
  const auto input = io::memory_input(text);
  Chunker chunker(*input, 100, 1, Chunker::Cut::in_order);
  Chunk first, second;
  ASSERT_TRUE(chunker.next(first));
  EXPECT_THROW(chunker.next(second), std::logic_error);
}

// Text without synchronisation points (no blank lines) is cut after whole games all the same,
// so that a chunk cut in order stays near its target size.
TEST(Chunker, ChunksCutInOrderWithoutSyncPoints) {
  std::string text;
  for (int i = 0; i < 2000; ++i) text += "[White \"" + std::to_string(i) + "\"]\n1. e4 e5 1-0\n";
  const std::vector<GameLog> whole = read_whole(text);
  ASSERT_EQ(whole.size(), 2000U);
  for (const bool streamed : {false, true}) {
    SCOPED_TRACE(streamed ? "streamed" : "mapped");
    const auto mapped = io::memory_input(text);
    TrickleInput trickle(text, 700);
    Chunker chunker(streamed ? static_cast<io::InputSource&>(trickle) : *mapped, 1000, 1,
                    Chunker::Cut::in_order);
    testing::EventLog log = new_log();
    Chunk chunk;
    std::size_t largest = 0;
    while (chunker.next(chunk)) {
      largest = std::max(largest, chunk.text.size());
      read_chunk(chunk, log, ReaderOptions());
    }
    EXPECT_LT(largest, 10000U);
    testing::expect_same_games(whole, log.games);
  }
}

// What a program reports of a text: every diagnostic (warnings too) as a line with its place
// and game number, and the games counted.
class ReportingVisitor : public Visitor {
 public:
  explicit ReportingVisitor(ChunkReport& report) : report_(report) {}
  void diagnostic(const Diagnostic& d) override { report_.diagnostic("t.pgn", d, true); }
  void end_game(const GameEnd& end) override { report_.end_game(end, false); }

 private:
  ChunkReport& report_;
};

ChunkReport report_whole(std::string_view text, std::uint64_t max_game = kDefaultMaxGameBytes) {
  ChunkReport report;
  ReportingVisitor visitor(report);
  ReaderOptions options;
  options.max_game_bytes = max_game;
  read_pgn(text, visitor, options);
  return report;
}

// Chunks numbered later are read in any order (here the last first), each as if it began an
// input; their reports, renumbered in input order from where the chunks before them end, are
// the report of the whole text (as if it began at `start`).
ChunkReport report_numbered_later(io::InputSource& input, std::size_t target, ChunkStart start = {},
                                  std::uint64_t max_game = kDefaultMaxGameBytes) {
  Chunker chunker(input, target, 1, Chunker::Cut::numbered_later);
  chunker.limit_game_size(max_game);
  std::vector<Chunk> chunks;
  for (Chunk chunk; chunker.next(chunk);) {
    EXPECT_TRUE(chunk.numbered_later);
    EXPECT_EQ(chunk.first_game, 1U);
    EXPECT_EQ(chunk.line, 1U);
    chunks.push_back(chunk);
  }
  std::vector<ChunkReport> reports(chunks.size());
  for (std::size_t i = chunks.size(); i-- > 0;) {
    reports[i].number_later();
    ReportingVisitor visitor(reports[i]);
    read_chunk(chunks[i], visitor, ReaderOptions());
  }
  ChunkReport all;
  for (std::size_t i = 0; i < chunks.size(); ++i) {
    reports[i].renumber(start);
    start = start.after(*chunks[i].numbering);
    all.lines += reports[i].lines;
    all.games += reports[i].games;
    all.rejected += reports[i].rejected;
  }
  return all;
}

void expect_same_report(const ChunkReport& expected, const ChunkReport& actual) {
  EXPECT_EQ(expected.lines, actual.lines);
  EXPECT_EQ(expected.games, actual.games);
  EXPECT_EQ(expected.rejected, actual.rejected);
}

// `text` read in chunks numbered later of each target size, mapped and streamed (in reads of
// `piece` bytes), reports what reading it whole reports.
void expect_reports_as_whole(const std::string& text, const ChunkReport& whole,
                             std::span<const std::size_t> targets, std::size_t piece) {
  for (const std::size_t target : targets) {
    SCOPED_TRACE("target " + std::to_string(target));
    const auto mapped = io::memory_input(text);
    expect_same_report(whole, report_numbered_later(*mapped, target));
    TrickleInput streamed(text, piece);
    expect_same_report(whole, report_numbered_later(streamed, target));
  }
}

TEST(Chunker, ChunksNumberedLaterReportAsTheWhole) {
  const std::string text = testing::all_quirks();
  const ChunkReport whole = report_whole(text);
  ASSERT_GT(std::count(whole.lines.begin(), whole.lines.end(), '\n'), 20);
  expect_reports_as_whole(text, whole, kTargets, 17);
}

// Without synchronisation points chunks are cut after whole games, inside a line where games
// share one: a diagnostic on a chunk's first line moves by the column the chunk begins at.
TEST(Chunker, ChunksNumberedLaterCutInsideALine) {
  std::string text;
  for (int line = 0; line < 300; ++line) {
    for (int game = 0; game < 5; ++game) text += game == line % 5 ? "1. e4 Ke7 Kf3 * " : "1. d4 d5 * ";
    text += "\n";
  }
  const ChunkReport whole = report_whole(text);
  ASSERT_EQ(whole.rejected, 300U);
  constexpr std::size_t kSmallTargets[] = {1, 30, 1000};
  expect_reports_as_whole(text, whole, kSmallTargets, 700);
}

// The report's places as if its text began on `first_line`: "t.pgn:LINE:" becomes
// "t.pgn:LINE+first_line-1:".
std::string moved_down(const std::string& lines, std::uint64_t first_line) {
  std::string out;
  std::istringstream in(lines);
  for (std::string line; std::getline(in, line);) {
    const std::size_t begin = line.find(':') + 1, end = line.find(':', begin);
    out += line.substr(0, begin) + std::to_string(std::stoull(line.substr(begin, end - begin)) + first_line - 1) +
           line.substr(end) + "\n";
  }
  return out;
}

// Lines are counted past 2^32 (a few lichess months read as one stream have more): a text read
// as if it began on line 2^32 + 5 reports its places from there, whole, in chunks that start
// there, and in chunks numbered later moved there.
TEST(Chunker, PlacesPastTheFourBillionthLine) {
  constexpr std::uint64_t kFirst = (std::uint64_t(1) << 32) + 5;
  const std::string text = testing::all_quirks();
  ChunkReport expected = report_whole(text);
  ASSERT_GT(std::count(expected.lines.begin(), expected.lines.end(), '\n'), 20);
  expected.lines = moved_down(expected.lines, kFirst);
  ASSERT_TRUE(expected.lines.starts_with("t.pgn:42949")) << expected.lines;

  ChunkReport whole;
  ReportingVisitor whole_visitor(whole);
  ReaderOptions options;
  options.place.line = kFirst;
  read_pgn(text, whole_visitor, options);
  expect_same_report(expected, whole);

  for (const Chunker::Cut cut : kCuts) {
    for (const bool streamed : {false, true}) {
      SCOPED_TRACE(cut_name(cut) + (streamed ? ", streamed" : ", mapped"));
      const auto mapped = io::memory_input(text);
      TrickleInput trickle(text, 700);
      Chunker chunker(streamed ? static_cast<io::InputSource&>(trickle) : *mapped, 100, 1, cut);
      chunker.start_at(0, kFirst);
      ChunkReport chunked;
      ReportingVisitor visitor(chunked);
      for (Chunk chunk; chunker.next(chunk);) read_chunk(chunk, visitor, ReaderOptions());
      expect_same_report(expected, chunked);
    }
  }

  const auto input = io::memory_input(text);
  expect_same_report(expected, report_numbered_later(*input, 100, ChunkStart{0, kFirst, 1}));
}

// A chunk numbered later does not know the numbers of its games: it cannot stop after one.
TEST(Chunker, ChunksNumberedLaterCannotStopAfterAGame) {
  const std::string text = testing::all_quirks();
  const auto input = io::memory_input(text);
  Chunker chunker(*input, 100, 1, Chunker::Cut::numbered_later);
  EXPECT_THROW(chunker.stop_after_game(10), std::logic_error);
  EXPECT_NO_THROW(chunker.stop_after_game(UINT64_MAX));
}

TEST(Chunker, CorpusFileInSmallChunks) {
  FENKIT_REQUIRE_CORPUS(path, "pgn/mliebelt-pgn-parser/twic-01-232games.pgn");
  const std::string text = fenkit::testing::read_file(path);
  const std::vector<GameLog> whole = read_whole(text);
  ASSERT_EQ(whole.size(), 232U);
  for (const std::size_t target : {std::size_t(1), std::size_t(5000)}) {
    SCOPED_TRACE(target);
    for (const Chunker::Cut cut : kCuts) {
      SCOPED_TRACE(cut_name(cut));
      const auto mapped = io::memory_input(text);
      Chunker by_map(*mapped, target, 1, cut);
      testing::expect_same_games(whole, read_chunks(by_map, text));
      TrickleInput streamed(text, 999);
      Chunker by_stream(streamed, target, 1, cut);
      testing::expect_same_games(whole, read_chunks(by_stream, text));
    }
  }
}

// Synchronisation points: "[Event " at the start of a line after a blank line (or the start).
TEST(Chunker, SyncPoints) {
  const std::string text = "[Event \"a\"]\n1. e4 *\n\n[Event \"b\"]\n{x\n[Event \"c\"]}\n \r\n[Event \"d\"]\n";
  // Offsets: "[Event \"b\"]" at 21, "[Event \"c\"]" at 36 (not after a blank line), "[Event
  // \"d\"]" at 52 (after a line holding a blank and a CR).
  ASSERT_EQ(text.substr(21, 7), "[Event ");
  ASSERT_EQ(text.substr(36, 7), "[Event ");
  ASSERT_EQ(text.substr(52, 7), "[Event ");
  EXPECT_EQ(next_sync_point(text, 0), 0U);
  EXPECT_EQ(next_sync_point(text, 1), 21U);
  EXPECT_EQ(next_sync_point(text, 21), 21U);
  EXPECT_EQ(next_sync_point(text, 22), 52U);
  EXPECT_EQ(next_sync_point(text, 53), text.size());
  EXPECT_EQ(next_sync_point(text, 1000), text.size());
}

// Synchronisation points without [Event: a tag line ('[', a name, blanks, '"') after blank
// lines that follow a line ending with a result.
TEST(Chunker, SyncPointsAfterAResult) {
  struct Case {
    std::string before;  // the text before the line "[White \"x\"]"
    bool sync;
  };
  const Case cases[] = {
      {"1. e4 e5 1-0\n\n", true},
      {"1. e4 e5 0-1 \t\n \n\n", true},
      {"1. e4 e5 1/2-1/2\r\n\r\n", true},
      {"1. e4 *\n\n", true},
      {"1. e4 1/2\n\n", true},
      {"1. e4 \xC2\xBD-\xC2\xBD\n\n", true},
      {"*\n\n", true},
      {"1. e4 e5 1-0\n", false},           // no blank line
      {"[Result \"1-0\"]\n\n", false},     // a tag line: blank lines inside a tag section
      {"1. e4 e5 {1-0}\n\n", false},       // a comment
      {"1. e4 e5 (1... c5 1-0)\n\n", false},
      {"1. e4 e5 x1-0\n\n", false},        // not a token of its own
      {"1. e4 e5 11-0\n\n", false},
      {"1. e4 e5\n\n", false},             // a game without a result
      {"1. e4 {the game ends 1-0\n\n", true},  // inside a comment too: the scanner ends it there
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.before);
    const std::string text = "[Site \"?\"]\n" + c.before + "[White \"x\"]\n";
    const std::size_t line = text.size() - 12;
    ASSERT_EQ(text.substr(line, 6), "[White");
    EXPECT_EQ(next_sync_point(text, 1), c.sync ? line : text.size());
  }
  // The line must begin a tag: a name, blanks and a quote.
  for (const char* line : {"[White\"x\"]", "[White x]", "[ \"x\"]", "[White", "[White   ", "[diagram]"}) {
    SCOPED_TRACE(line);
    const std::string text = std::string("1. e4 1-0\n\n") + line + "\n";
    EXPECT_EQ(next_sync_point(text, 1), text.size());
  }
  const std::string tabs = "1. e4 1-0\n\n[White\t\t\"x\"]\n";
  EXPECT_EQ(next_sync_point(tabs, 1), 11U);
  // Blank lines at the start of the text count as after a game.
  const std::string first = "\n\n[White \"x\"]\n";
  EXPECT_EQ(next_sync_point(first, 1), 2U);
  // A brace is no part of a tag name: inside a comment, the scanner stops looking at the '}'.
  const std::string brace = "1. e4 {x 1-0\n\n[Wh}ite \"x\"]\n";
  EXPECT_EQ(next_sync_point(brace, 1), brace.size());
}

class TempFile {
 public:
  explicit TempFile(std::string_view content)
      : path_(fs::temp_directory_path() /
              ("fenkit_chunker_test_" + std::to_string(::getpid()) + ".pgn")) {
    std::ofstream(path_, std::ios::binary).write(content.data(), std::streamsize(content.size()));
  }
  ~TempFile() {
    std::error_code ignored;
    fs::remove(path_, ignored);
  }
  std::string string() const { return path_.string(); }

 private:
  fs::path path_;
};

// Ranges cut at random points tile the file: together they read every game once, in order,
// each as the whole reading does (numbers aside: each range counts its games from 1).
void expect_ranges_tile(const std::string& text, std::uint32_t seed, int cuts) {
  TempFile file(text);
  const std::vector<GameLog> whole = read_whole(text);
  std::mt19937 random(seed);
  std::vector<std::uint64_t> points{0, text.size() + 100};  // the last range reaches past the end
  for (int i = 0; i < cuts; ++i) points.push_back(random() % text.size());
  std::sort(points.begin(), points.end());
  std::vector<GameLog> pieced;
  for (std::size_t i = 0; i + 1 < points.size(); ++i) {
    SCOPED_TRACE("range " + std::to_string(points[i]) + ":" + std::to_string(points[i + 1]));
    const auto input = io::open_input(file.string(), io::Access::mapped);
    Chunker chunker(*input, 3000);
    chunker.restrict_to(points[i], points[i + 1]);
    testing::EventLog log = new_log();
    Chunk chunk;
    while (chunker.next(chunk)) read_chunk(chunk, log, ReaderOptions());
    if (!log.games.empty()) {
      EXPECT_EQ(log.games.front().number, 1U);
    }
    for (GameLog& g : log.games) pieced.push_back(std::move(g));
  }
  testing::expect_same_games(whole, pieced, false);
}

TEST(Chunker, ByteRangesThatTileAFileReadEveryGameOnce) {
  std::string text;
  for (int i = 0; i < 3; ++i) text += testing::all_quirks();
  expect_ranges_tile(text, 1, 20);
  expect_ranges_tile(text, 2, 200);
}

TEST(Chunker, ByteRangesOverACorpusFile) {
  FENKIT_REQUIRE_CORPUS(path, "pgn/mliebelt-pgn-parser/twic-01-232games.pgn");
  expect_ranges_tile(fenkit::testing::read_file(path), 3, 20);
}

// open_range finds its edges in windows read around them, not in a mapping of the file: they are
// the synchronisation points next_sync_point finds in the whole text, at every offset of the
// quirk fixtures, and where what decides a point lies far from the offset (blank lines and tag
// lines longer than the first window, a result before many blank lines).
TEST(Chunker, ByteRangeEdgesReadAroundThemAreThoseOfTheWholeText) {
  auto expect_edges = [](const std::string& text, std::size_t step) {
    TempFile file(text);
    for (std::size_t offset = 0; offset <= text.size() + 1; offset += step) {
      const FileRange range = open_range(file.string(), offset, offset + 1);
      ASSERT_EQ(range.begin, next_sync_point(text, std::min(offset, text.size()))) << offset;
      ASSERT_EQ(range.end, std::max<std::uint64_t>(
                               range.begin, next_sync_point(text, std::min(offset + 1, text.size()))))
          << offset;
    }
  };
  expect_edges(testing::all_quirks(), 1);
  const std::string game = "[Site \"x\"]\n\n1. e4 e5 1-0\n";
  std::string far_apart = game;
  far_apart += std::string(200000, '\n');  // a result, then blank lines
  far_apart += game;
  far_apart += "\n[Long \"";
  far_apart += std::string(150000, 'v');
  far_apart += "\"]\n\n1. d4 *\n";
  far_apart += std::string(100000, ' ');  // blanks on a line
  far_apart += "\n\n";
  far_apart += game;
  far_apart += "{ a comment\n\n[Site \"not a game\"]\n}\n*\n\n";
  far_apart += game;
  far_apart += "\n[Site \"y\"]\n\n1. e4 e5\n";  // no result: the tag after the blank lines is none
  far_apart += std::string(200000, '\n');
  far_apart += game;
  expect_edges(far_apart, 997);
  // Megabytes without a point (movetext lines, then a line longer than a window), a tag whose
  // name alone is longer than one (no point: a tag's start is looked for in a line's first
  // kilobyte, where any real name ends), and one whose name ends just within that.
  far_apart += "1. e4 *\n";
  for (int i = 0; i < 300000; ++i) far_apart += "1. d4 d5\n";
  far_apart += std::string(1500000, 'w');
  far_apart += "\n1-0\n\n[";
  far_apart += std::string(1500000, 'N');
  far_apart += " \"v\"]\n\n*\n\n[";
  far_apart += std::string(1000, 'M');
  far_apart += "      \"v\"]\n\n*\n\n";
  far_apart += game;
  // The offsets around the points whose deciding bytes lie farthest away, and those whose
  // first window begins inside a result (the first game's "1-0" from byte 21 on).
  TempFile file(far_apart);
  const std::size_t long_tag = far_apart.find("[Long"), last_game = far_apart.rfind("[Site"),
                    no_result = far_apart.find("[Site \"y"), long_name = far_apart.find("[MMM"),
                    movetext = far_apart.find("1. d4 d5");
  ASSERT_EQ(next_sync_point(far_apart, no_result + 1), long_name);
  ASSERT_EQ(next_sync_point(far_apart, long_name + 1), last_game);
  std::vector<std::size_t> offsets = {1, movetext, movetext + 1000000, long_name - 1, long_name,
                                      long_name + 1};
  for (const std::size_t at : {long_tag, no_result, last_game})
    for (const std::size_t near : {at - 1, at, at + 1}) offsets.push_back(near);
  for (const std::size_t behind : {std::size_t(1) << 16, std::size_t(1) << 17})
    for (std::size_t result = 18; result < 28; ++result) offsets.push_back(result + behind);
  for (const std::size_t offset : offsets)
    EXPECT_EQ(open_range(file.string(), offset, offset).begin, next_sync_point(far_apart, offset))
        << offset;
}

// Damaged text: the quirk fixtures with bytes deleted, doubled or replaced by characters that
// matter to the scanner, at random. However broken, the text must be cut into the same games
// by every way of reading it (whole, in chunks, streamed, in byte ranges starting at every
// synchronisation point), and every game's text must be the input's.
TEST(Chunker, DamagedInputsReadAlikeEveryWay) {
  const std::string quirks = testing::all_quirks();
  std::mt19937 random(2024);
  for (int round = 0; round < 200; ++round) {
    const std::string text = testing::damaged(quirks, random);
    SCOPED_TRACE("round " + std::to_string(round));
    const std::vector<GameLog> whole = read_whole(text);
    std::size_t covered = 0;
    for (const GameLog& g : whole) {
      ASSERT_EQ(text.compare(g.where.offset, g.raw.size(), g.raw), 0) << "game " << g.number;
      covered += g.raw.size();
    }
    EXPECT_LE(covered, text.size());
    for (const Chunker::Cut cut : kCuts) {
      SCOPED_TRACE(cut_name(cut));
      {
        const auto input = io::memory_input(text);
        Chunker chunker(*input, 1 + random() % 200, 1, cut);
        testing::expect_same_games(whole, read_chunks(chunker, text));
      }
      {
        TrickleInput input(text, 1 + random() % 50);
        Chunker chunker(input, 1 + random() % 3000, 1, cut);
        testing::expect_same_games(whole, read_chunks(chunker, text));
      }
    }
    {
      // Cut at every synchronisation point, each piece read on its own.
      std::vector<GameLog> pieced;
      for (std::size_t start = 0; start < text.size();) {
        const std::size_t next = next_sync_point(text, start + 1);
        const auto input = io::memory_input(text);
        Chunker chunker(*input, 1000);
        chunker.restrict_to(start, next);
        testing::EventLog log = new_log();
        Chunk chunk;
        while (chunker.next(chunk)) read_chunk(chunk, log, ReaderOptions());
        for (GameLog& g : log.games) pieced.push_back(std::move(g));
        start = next;
      }
      testing::expect_same_games(whole, pieced, false);
    }
    if (HasFailure()) break;
  }
}

// ---------------------------------------------------------------- Tilings

// The games of the byte range [start, end) of `text`, numbered from `first_game`.
std::vector<GameLog> read_range(std::string_view text, std::uint64_t start, std::uint64_t end,
                                std::uint64_t first_game, std::size_t target,
                                std::uint64_t max_game = kDefaultMaxGameBytes) {
  const auto input = io::memory_input(text);
  Chunker chunker(*input, target, first_game, kCuts[target % 2]);
  chunker.limit_game_size(max_game);
  chunker.restrict_to(start, end);
  testing::EventLog log = new_log();
  Chunk chunk;
  while (chunker.next(chunk)) read_chunk(chunk, log, ReaderOptions());
  return std::move(log.games);
}

// Random tilings of `text` into byte ranges, each read on its own with its first game numbered
// as the games before its first synchronisation point say (as --game-offset does): together
// they read every game exactly once, with the numbers, places, events, verdicts and text of
// the whole reading.
void expect_tilings_read_as_whole(const std::string& text, std::mt19937& random, int tilings,
                                  int max_cuts, std::uint64_t max_game = kDefaultMaxGameBytes) {
  ReaderOptions options;
  options.max_game_bytes = max_game;
  const std::vector<GameLog> whole = read_whole(text, options);
  for (int t = 0; t < tilings && !::testing::Test::HasFailure(); ++t) {
    std::vector<std::uint64_t> points{0, text.size() + random() % 3};
    const int cuts = 1 + int(random() % std::uint32_t(max_cuts));
    for (int i = 0; i < cuts; ++i) points.push_back(random() % (text.size() + 1));
    std::sort(points.begin(), points.end());
    std::vector<GameLog> pieced;
    std::string tiling;
    for (std::size_t i = 0; i + 1 < points.size(); ++i) {
      const std::uint64_t begin = next_sync_point(text, std::size_t(std::min<std::uint64_t>(points[i], text.size())));
      const std::uint64_t first = 1 + std::uint64_t(std::count_if(whole.begin(), whole.end(), [&](const GameLog& g) {
                                        return g.where.offset < begin;
                                      }));
      for (GameLog& g :
           read_range(text, points[i], points[i + 1], first, 1 + random() % 4000, max_game))
        pieced.push_back(std::move(g));
      tiling += ' ';
      tiling += std::to_string(points[i]);
    }
    SCOPED_TRACE("tiling at" + tiling);
    testing::expect_same_games(whole, pieced);
  }
}

// The quirk fixtures without their [Event lines: games that begin with other tags, or with
// none.
std::string without_event_tags(const std::string& text) {
  std::string out;
  std::size_t pos = 0;
  while (pos < text.size()) {
    std::size_t eol = text.find('\n', pos);
    eol = eol == std::string::npos ? text.size() : eol + 1;
    if (text.compare(pos, 7, "[Event ") != 0) out.append(text, pos, eol - pos);
    pos = eol;
  }
  return out;
}

std::string with_crlf(const std::string& text) {
  std::string out;
  for (std::size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '\n' && (i == 0 || text[i - 1] != '\r')) out += '\r';
    out += text[i];
  }
  return out;
}

// Tag lines where a range could mistake them for a game's start: inside comments, after blank
// lines in tag sections, after results inside comments; tag-only games; games without results.
constexpr std::string_view kTagLikeLines =
    "[White \"a\"]\n[Black \"b\"]\n\n1. e4 {a comment\n\n[Black \"inside\"] the comment} e5 1-0\n\n"
    "[White \"c\"]\n\n1. d4 {the game ends 1-0\n\n[Site \"in the comment\"]} d5 *\n\n"
    "[White \"d\"]\n\n1. c4 {\n[Event \"x\"]\n\n[Event \"y\"] } c5 0-1\n\n"
    "[Site \"tag only\"]\n[Result \"*\"]\n\n[Site \"tag only, second\"]\n\n"
    "[Site \"blank\"]\n\n[Round \"lines\"]\n\n[White \"in the tags\"]\n\n1. Nf3 1/2-1/2\n\n\n"
    "[Round \"after two blank lines\"]\n1. Nf3 Nf6\n\n[Round \"no result before\"]\n\n1. g3 *\n"
    "; a line comment 1-0\n\n[White \"after it\"]\n1. b3 *\n\n{between games}\n\n[White \"e\"]\n1. a3 *\n";

TEST(Chunker, TilingsReadAsTheWhole) {
  const std::string quirks = testing::all_quirks();
  const std::string plain = without_event_tags(quirks);
  ASSERT_EQ(plain.find("\n[Event "), std::string::npos);
  std::mt19937 random(77);
  const std::pair<const char*, std::string> texts[] = {
      {"quirks", quirks},
      {"quirks without [Event", plain},
      {"quirks without [Event, CRLF", with_crlf(plain)},
      {"tag-like lines", std::string(kTagLikeLines) + std::string(kTagLikeLines)},
      {"tag-like lines, CRLF", with_crlf(std::string(kTagLikeLines))},
      {"all of them", quirks + plain + with_crlf(plain) + std::string(kTagLikeLines)},
  };
  for (const auto& [name, text] : texts) {
    SCOPED_TRACE(name);
    expect_tilings_read_as_whole(text, random, 60, 60);
    if (HasFailure()) return;
  }
}

// Damaged text with and without [Event lines: whatever the damage, every tiling reads as the
// whole.
TEST(Chunker, TilingsOfDamagedInputReadAsTheWhole) {
  const std::string quirks = testing::all_quirks();
  const std::string plain = without_event_tags(quirks) + std::string(kTagLikeLines);
  std::mt19937 random(4242);
  for (int round = 0; round < 150; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const std::string text = testing::damaged(round % 2 ? plain : quirks, random);
    expect_tilings_read_as_whole(text, random, 4, 80);
    if (HasFailure()) return;
  }
}

// `text` with pieces that make and unmake synchronisation points put in at random places.
std::string with_sync_pieces(std::string text, std::mt19937& random) {
  static const char* const kPieces[] = {"\n\n[White \"", "\n\n[Event ", " 1-0\n\n", "*\n\n",
                                        "\n",           "\r\n",       "{",         "}",
                                        "[",             "]",           "\"",        ";",
                                        "\n%",          "1/2",         " ",          "\n\n"};
  for (int i = 0; i < 40; ++i) {
    const std::size_t at = random() % (text.size() + 1);
    text.insert(at, kPieces[random() % std::size(kPieces)]);
  }
  return text;
}

// Such text reads alike whole, in tilings, and streamed in chunks (where the scanner sees
// only the text from a chunk's start, not what came before it).
TEST(Chunker, TextWithSyncPiecesReadsAlikeEveryWay) {
  const std::string quirks = testing::all_quirks();
  const std::string plain = without_event_tags(quirks) + std::string(kTagLikeLines);
  std::mt19937 random(31);
  for (int round = 0; round < 150; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const std::string text = with_sync_pieces(round % 2 ? plain : quirks, random);
    expect_tilings_read_as_whole(text, random, 4, 80);
    const std::vector<GameLog> whole = read_whole(text);
    TrickleInput input(text, 1 + random() % 50);
    Chunker chunker(input, 1 + random() % 3000, 1, kCuts[round % 2]);
    testing::expect_same_games(whole, read_chunks(chunker, text));
    if (HasFailure()) return;
  }
}

// `text` with tokens put in at random places, often against what stands there: move numbers,
// results, castling, promotions, annotations, variations, comments, no-break spaces. Where a
// game ends depends on whether a result starts a raw token, which such text puts to the test.
std::string with_glued_tokens(std::string text, std::mt19937& random) {
  static const char* const kPieces[] = {
      "1.", "12.", "3...", "0-1", "1-0", "1/2-1/2", "1/2", "*", "\xC2\xBD-\xC2\xBD", "O-O",
      "0-0", "0-0-0", "e8(Q)", "e8=Q", "exd6e.p.", "Nf3", "e4", "$3", "!?", "+", "#", "(",
      ")", "{", "}", " ", "\n", ";", "\xC2\xA0", "\xA0", "--", "Z0", ".", "\xE2\x80\xA6"};
  for (int i = 0; i < 60; ++i) {
    const std::size_t at = random() % (text.size() + 1);
    text.insert(at, kPieces[random() % std::size(kPieces)]);
  }
  return text;
}

// Finding games (the chunker) and reading them (the reader) take the same game boundaries
// however tokens are glued together: chunks cut after each game read as the whole does.
TEST(Chunker, TextWithGluedTokensReadsAlikeEveryWay) {
  const std::string quirks = testing::all_quirks();
  std::mt19937 random(55);
  for (int round = 0; round < 300; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const std::string text = with_glued_tokens(quirks, random);
    const std::vector<GameLog> whole = read_whole(text);
    const auto input = io::memory_input(text);
    Chunker chunker(*input, 1 + random() % 100, 1, Chunker::Cut::counted);
    testing::expect_same_games(whole, read_chunks(chunker, text));
    if (HasFailure()) return;
  }
}

// Games without [Event tags are divided between ranges: four equal ranges hold a quarter of
// the games each.
TEST(Chunker, RangesDivideGamesWithoutEventTags) {
  std::string text;
  for (int i = 0; i < 100; ++i)
    text += "[White \"" + std::to_string(i) + "\"]\n[Black \"x\"]\n\n1. e4 e5 2. Nf3 1-0\n\n";
  const std::size_t quarter = text.size() / 4;
  std::size_t total = 0;
  for (std::size_t i = 0; i < 4; ++i) {
    const std::size_t games = read_range(text, i * quarter, i == 3 ? text.size() : (i + 1) * quarter, 1, 1000).size();
    EXPECT_GE(games, 24U) << "range " << i;
    EXPECT_LE(games, 26U) << "range " << i;
    total += games;
  }
  EXPECT_EQ(total, 100U);
}

// Every PGN file of the corpus, tiled at random.
TEST(Chunker, TilingsOfTheCorpusReadAsTheWhole) {
  FENKIT_REQUIRE_CORPUS(dir, "pgn");
  std::vector<fs::path> files;
  for (const auto& entry : fs::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().extension() == ".pgn") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  ASSERT_FALSE(files.empty());
  std::mt19937 random(1234);
  for (const fs::path& file : files) {
    SCOPED_TRACE(file.string());
    const std::string text = fenkit::testing::read_file(file);
    if (text.empty()) continue;
    // Large files get fewer tilings; every file at least two.
    expect_tilings_read_as_whole(text, random, text.size() > (std::size_t(1) << 20) ? 1 : 3, 40);
    if (HasFailure()) return;
  }
}

// A read that ends inside a tag line must not decide where the tag ends: `[Round ]* "x"]` is
// one (broken) tag because a quote follows, but cut after `]* ` it looked like a tag `[Round ]`
// and a result, and streamed input in small reads made two games of one.
TEST(Chunker, TagLineCutByAReadWaitsForTheRestOfTheLine) {
  for (const std::string text : {"[Event \"a\"]\n[Round ]* \"x\"]\n1. e4 *\n",
                                 "lack\"]\n\n[]*\x1ansult \"*\"]\n  f *\n2.N3 f *\n"}) {
    const std::vector<GameLog> whole = read_whole(text);
    for (const std::size_t piece : {std::size_t(1), std::size_t(2), std::size_t(5)}) {
      SCOPED_TRACE("reads of " + std::to_string(piece));
      TrickleInput input(text, piece);
      Chunker chunker(input, 1);
      testing::expect_same_games(whole, read_chunks(chunker, text));
    }
  }
  const std::vector<GameLog> whole = read_whole("[Event \"a\"]\n[Round ]* \"x\"]\n1. e4 *\n");
  ASSERT_EQ(whole.size(), 1U);
  EXPECT_TRUE(whole[0].rejected);
}

// A malformed tag line that a cut may fall in: `[A]*[C]` after 248 blanks was quoted whole by
// the whole text and as `[A]*` by chunks of one byte (the fuzzer's input, kept in its corpus).
TEST(Chunker, AMalformedTagLineReadsAlikeWhereverTheCutFalls) {
  for (const std::string& text : {std::string(248, ' ') + "[A]*[C]\n", std::string("[A]*[C]\n"),
                                 std::string(" [A]*[C]\n[B \"x\"]\n1. e4 *\n")}) {
    const std::vector<GameLog> whole = read_whole(text);
    for (const Chunker::Cut cut : kCuts)
      for (const std::size_t target : {std::size_t(1), std::size_t(3), std::size_t(250)}) {
        SCOPED_TRACE(cut_name(cut) + ", target " + std::to_string(target));
        const auto memory = io::memory_input(text);
        Chunker in_memory(*memory, target, 1, cut);
        testing::expect_same_games(whole, read_chunks(in_memory, text));
        for (const std::size_t piece : {std::size_t(1), std::size_t(7)}) {
          TrickleInput input(text, piece);
          Chunker streamed(input, target, 1, cut);
          testing::expect_same_games(whole, read_chunks(streamed, text));
        }
      }
  }
}

// ---------------------------------------------------------------- Games past their limit

// `text` with long pieces put in at random places: NUL bytes, comments that are not closed,
// lines without a game boundary, runs of blanks, line ends and no-break spaces, escape lines,
// tag-like lines with long names after a result, [Event lines with long values. Games pass a
// small limit, and the search for the next game's tags passes over such pieces after them.
std::string with_long_pieces(std::string text, std::mt19937& random) {
  for (int i = 0; i < 6; ++i) {
    const std::size_t n = 200 + random() % 3000;
    std::string piece;
    switch (random() % 10) {
      case 0: piece = std::string(n, '\0'); break;
      case 1: piece = "{" + std::string(n, 'c'); break;
      case 2: piece = std::string(n, 'x'); break;
      case 3: piece = std::string(n, ' '); break;
      case 4: piece = std::string(n, '\n'); break;
      case 5: piece = "\n%" + std::string(n, 'z') + "\n"; break;
      case 6: piece = " 1-0\n\n[" + std::string(n, 'n') + (random() % 2 ? " \"v\"]\n" : std::string(n, ' ') + "\"v\"]\n"); break;
      case 7: piece = "\n\n[Event \"" + std::string(n, 'e') + "\"]\n"; break;
      case 8:
        for (std::size_t k = 0; k < n / 2; ++k) piece += random() % 4 ? "\xC2\xA0" : "\r\n";
        break;
      default: piece = " *\n\n" + std::string(n, ' ') + "\n[Site \"x\"]\n"; break;
    }
    text.insert(random() % (text.size() + 1), piece);
  }
  return text;
}

// With a small limit on a game's size, the games past it are cut at the same byte, and the input
// passed over to the same place, whole, in chunks mapped or streamed in pieces of any size, in
// chunks numbered later, and in byte ranges.
TEST(Chunker, GamesPastTheirLimitReadAlikeEveryWay) {
  const std::string quirks = testing::all_quirks();
  const std::string plain = without_event_tags(quirks) + std::string(kTagLikeLines);
  std::mt19937 random(99);
  std::size_t past_limit = 0;
  for (int round = 0; round < 60; ++round) {
    const std::string text = with_long_pieces(round % 2 ? plain : quirks, random);
    const std::uint64_t limit = 100 + random() % 4000;
    SCOPED_TRACE("round " + std::to_string(round) + ", limit " + std::to_string(limit));
    ReaderOptions options;
    options.max_game_bytes = limit;
    const std::vector<GameLog> whole = read_whole(text, options);
    for (const GameLog& g : whole)
      for (const std::string& e : g.only("error")) past_limit += e.find("longer than the limit") != std::string::npos;
    for (const Chunker::Cut cut : kCuts) {
      SCOPED_TRACE(cut_name(cut));
      {
        const auto input = io::memory_input(text);
        Chunker chunker(*input, 1 + random() % 3000, 1, cut);
        chunker.limit_game_size(limit);
        testing::expect_same_games(whole, read_chunks(chunker, text));
      }
      {
        TrickleInput input(text, 1 + random() % 5000);
        Chunker chunker(input, 1 + random() % 3000, 1, cut);
        chunker.limit_game_size(limit);
        testing::expect_same_games(whole, read_chunks(chunker, text));
      }
    }
    TrickleInput streamed(text, 1 + random() % 5000);
    expect_same_report(report_whole(text, limit),
                       report_numbered_later(streamed, 1 + random() % 3000, {}, limit));
    expect_tilings_read_as_whole(text, random, 3, 30, limit);
    if (HasFailure()) return;
  }
  EXPECT_GT(past_limit, 60U) << "games past their limit, in all";
}

// A game whose limit falls exactly at a synchronisation point ends there, within its limit, as
// a chunk cut there reads it (the fuzzer's input: the game was taken past its limit whole and
// not in the chunk that ends at the point).
TEST(Chunker, AGameThatEndsAtItsLimitIsWithinIt) {
  const std::string first = "1. e4 e5 (1... c5 2. Nf3 (2. c3 d\r\n\r\n";
  for (const std::string& text :
       {first + "[Event \"second\"]\n\n1. d4 *\n", "[White \"x\"]\n\n" + first + "[Event \"b\"]\n1. d4 *\n",
        "{" + first + "[Event \"second\"]\n\n1. d4 *\n"}) {
    const std::uint64_t limit = text.find("[Event");
    ReaderOptions options;
    options.max_game_bytes = limit;
    const std::vector<GameLog> whole = read_whole(text, options);
    ASSERT_EQ(whole.size(), 2U);
    EXPECT_FALSE(whole[0].raw.empty()) << "within its limit";
    for (const Chunker::Cut cut : kCuts)
      for (const std::size_t target : {std::size_t(1), std::size_t(9), std::size_t(100)}) {
        SCOPED_TRACE(cut_name(cut) + ", target " + std::to_string(target));
        const auto input = io::memory_input(text);
        Chunker mapped(*input, target, 1, cut);
        mapped.limit_game_size(limit);
        testing::expect_same_games(whole, read_chunks(mapped, text));
        TrickleInput trickle(text, 7);
        Chunker streamed(trickle, target, 1, cut);
        streamed.limit_game_size(limit);
        testing::expect_same_games(whole, read_chunks(streamed, text));
      }
  }
}

// Between games, long runs of blanks and line ends, and an escape line longer than a block, are
// passed through chunks (the escape line's rest passed over, never held whole): read alike
// streamed and whole.
TEST(Chunker, LongTextBetweenGamesReadsAlikeWithoutBeingHeld) {
  const std::string game = "[Event \"a\"]\n\n1. e4 e5 1-0\n";
  const std::string text = game + "\n%" + std::string(300000, 'z') + "\n" + game +
                           std::string(300000, ' ') + std::string(300000, '\n') + game +
                           "\n%" + std::string(200000, '%') + "\n\n1. d4 Kd7 *\n" + std::string(1000, '\n');
  const std::vector<GameLog> whole = read_whole(text);
  ASSERT_EQ(whole.size(), 4U);
  for (const Chunker::Cut cut : kCuts) {
    for (const std::size_t target : {std::size_t(1), std::size_t(1000), std::size_t(100000)}) {
      SCOPED_TRACE(cut_name(cut) + ", target " + std::to_string(target));
      TrickleInput input(text, 4096);
      Chunker chunker(input, target, 1, cut);
      testing::expect_same_games(whole, read_chunks(chunker, text));
      EXPECT_LT(chunker.largest_buffer(), std::max<std::size_t>(5 * target, 200000));
    }
  }
}

TEST(Chunker, ByteRangesNeedAMappedFile) {
  TrickleInput input("1. e4 *", 10);
  Chunker chunker(input);
  EXPECT_THROW(chunker.restrict_to(0, 5), std::runtime_error);
  // A regular file read in blocks (as it is by default) is no mapping either.
  TempFile file("1. e4 *\n");
  const auto streamed = io::open_input(file.string());
  Chunker in_blocks(*streamed);
  EXPECT_THROW(in_blocks.restrict_to(0, 5), std::runtime_error);
}

}  // namespace
}  // namespace fenkit::pgn
