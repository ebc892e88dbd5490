// GameReader: the same games as the visitor reader from every kind of input, numbers that go on
// across inputs, rejected games as one value, selection, failures in their place, and the
// typed accessors of Game.
#include "fenkit/pgn/game_reader.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <random>
#include <ranges>
#include <sstream>
#include <thread>
#include <type_traits>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/pgn/game_builder.hpp"
#include "fenkit/pgn/game_filter.hpp"
#include "fenkit/io/input.hpp"
#include "fenkit/pgn/writer.hpp"
#include "fenkit/pgn/selecting_visitor.hpp"
#include "fenkit/pgn/whole_games.hpp"
#include "failing_stream.hpp"
#include "test_support.hpp"

namespace fenkit::pgn {
namespace {

using fenkit::testing::data;
using fenkit::testing::read_file;

static_assert(std::ranges::input_range<GameReader>);

std::vector<Game> built(const std::string& path, ReaderOptions options = {}) {
  GameBuilder builder;
  options.file_name = path;
  read_pgn(*io::open_input(path), builder, options);
  return std::move(builder.games());
}

std::vector<Game> pulled(GameReader& reader) {
  std::vector<Game> games;
  for (Game& game : reader) games.push_back(std::move(game));
  return games;
}

// Equal as records, and read from the same place with the same verdict.
void expect_same_games(const std::vector<Game>& got, const std::vector<Game>& want) {
  ASSERT_EQ(got.size(), want.size());
  for (std::size_t i = 0; i < got.size(); ++i) {
    EXPECT_EQ(got[i], want[i]) << "game " << i + 1;
    EXPECT_EQ(got[i].number, want[i].number);
    EXPECT_EQ(got[i].rejected, want[i].rejected) << "game " << i + 1;
    EXPECT_EQ(got[i].raw, want[i].raw);
    EXPECT_EQ(got[i].diagnostics.size(), want[i].diagnostics.size());
  }
}

TEST(GameReader, FromAPathTheGamesOfTheVisitorReader) {
  for (const char* name : {"pgn/suite.pgn", "pgn/suite-errors.pgn", "pgn/lichess-style.pgn",
                           "pgn/annotated.pgn"}) {
    const std::string path = data(name).string();
    GameReader reader(path);
    const std::vector<Game> games = pulled(reader);
    expect_same_games(games, built(path));
    EXPECT_EQ(reader.games(), games.size());
    EXPECT_EQ(reader.selected() + reader.rejected(), games.size());
    EXPECT_EQ(reader.input_name(), path);
  }
}

// As expect_same_games, and every place and message the same.
void expect_same_places(const std::vector<Game>& got, const std::vector<Game>& want) {
  expect_same_games(got, want);
  for (std::size_t i = 0; i < std::min(got.size(), want.size()); ++i) {
    EXPECT_EQ(got[i].where.offset, want[i].where.offset) << "game " << i + 1;
    EXPECT_EQ(got[i].where.line, want[i].where.line) << "game " << i + 1;
    EXPECT_EQ(got[i].where.column, want[i].where.column) << "game " << i + 1;
    for (std::size_t d = 0; d < std::min(got[i].diagnostics.size(), want[i].diagnostics.size()); ++d) {
      const Diagnostic& a = got[i].diagnostics[d];
      const Diagnostic& b = want[i].diagnostics[d];
      EXPECT_EQ(a.game, b.game);
      EXPECT_EQ(a.where.offset, b.where.offset);
      EXPECT_EQ(a.where.line, b.where.line);
      EXPECT_EQ(a.where.column, b.where.column);
      EXPECT_EQ(a.message, b.message);
    }
  }
}

// Several threads hand out what one thread does, in the same order, numbered and placed the
// same (chunks read as if they began the input are moved to their places), with and without a
// selection by number (which reads chunks counted as they are cut).
TEST(GameReader, ThreadsHandOutWhatOneThreadDoes) {
  std::string text;
  for (int copy = 0; copy < 4; ++copy)
    for (const char* name : {"pgn/suite.pgn", "pgn/suite-errors.pgn", "pgn/annotated.pgn",
                             "pgn/lichess-style.pgn"})
      text += read_file(data(name).string()) + "\n";
  GameReaderOptions one;
  one.chunk_bytes = 2048;  // many chunks
  GameReader single = GameReader::from_text(text, "all", one);
  const std::vector<Game> want = pulled(single);
  ASSERT_GT(want.size(), 50U);
  for (const unsigned threads : {2U, 3U, 0U}) {
    SCOPED_TRACE(threads);
    GameReaderOptions options = one;
    options.threads = threads;
    GameReader reader = GameReader::from_text(text, "all", options);
    expect_same_places(pulled(reader), want);
    EXPECT_EQ(reader.games(), want.size());

    GameFilter some;
    some.set_games(NumberSet::parse("3-9,40-"));
    GameReader selected = GameReader::from_text(text, "all", options);
    selected.select(std::move(some));
    std::vector<Game> expected;
    for (const Game& game : want)
      if (game.number >= 3 && game.number != 10 && (game.number <= 9 || game.number >= 40))
        expected.push_back(game);
    expect_same_places(pulled(selected), expected);
  }
}

// games() counts what was handed out and passed over, not what was read ahead: a progress
// report can follow it.
TEST(GameReader, CountsWhatItHandedOut) {
  const std::string path = data("pgn/suite.pgn").string();
  const std::size_t total = built(path).size();
  ASSERT_GT(total, 5U);
  for (const unsigned threads : {1U, 2U}) {
    GameReaderOptions options;
    options.threads = threads;
    GameReader reader(path, options);
    for (std::uint64_t n = 1; n <= 3; ++n) {
      ASSERT_TRUE(reader.next());
      EXPECT_EQ(reader.games(), n);
    }
    while (reader.next()) {
    }
    EXPECT_EQ(reader.games(), total);
  }
}

// A reader moved from has nothing left to read, and an iteration over it ends; the reader it
// was moved to goes on where it stood.
TEST(GameReader, AMovedFromReaderIsEmpty) {
  const std::string path = data("pgn/suite.pgn").string();
  const std::vector<Game> all = built(path);
  GameReader first(path);
  ASSERT_TRUE(first.next());
  GameReader second = std::move(first);
  EXPECT_FALSE(first.next());  // NOLINT(bugprone-use-after-move): what this test is about
  EXPECT_EQ(first.games(), 0U);
  EXPECT_EQ(first.input_name(), "");
  std::optional<Game> next = second.next();
  ASSERT_TRUE(next);
  EXPECT_EQ(*next, all[1]);

  GameReader iterated(path);
  std::optional<GameReader> moved_to;
  std::size_t seen = 0;
  for (const Game& game : iterated) {
    (void)game;
    if (++seen == 2) moved_to.emplace(std::move(iterated));
  }
  EXPECT_EQ(seen, 2U);
  ASSERT_TRUE(moved_to);
  EXPECT_EQ(pulled(*moved_to).size(), all.size() - 2);

  GameReader assigned(path);
  assigned = std::move(*moved_to);
  EXPECT_FALSE(assigned.next());
}

// A stream needs no name: std::cin reads as "<stream>".
static_assert(std::is_constructible_v<GameReader, std::istream&>);
TEST(GameReader, AStreamWithoutAName) {
  std::istringstream stream(read_file(data("pgn/suite.pgn").string()));
  GameReader reader(stream);
  EXPECT_EQ(pulled(reader).size(), built(data("pgn/suite.pgn").string()).size());
  EXPECT_EQ(reader.input_name(), "<stream>");
}

TEST(GameReader, RejectedGamesComeWholeWithTheirDiagnostics) {
  const std::string path = data("pgn/suite-errors.pgn").string();
  GameReader reader(path);
  std::size_t rejected = 0;
  while (std::optional<Game> game = reader.next()) {
    if (!game->rejected) continue;
    ++rejected;
    EXPECT_FALSE(game->raw.empty());
    ASSERT_FALSE(game->diagnostics.empty());
    EXPECT_GT(game->diagnostics.front().where.line, 0U);
    EXPECT_EQ(reader.input_name(), path);
  }
  EXPECT_GT(rejected, 0U);
  EXPECT_EQ(reader.rejected(), rejected);

  GameReaderOptions options;
  options.rejected_games = false;
  GameReader skipping(path, options);
  for (const Game& game : skipping) EXPECT_FALSE(game.rejected);
  EXPECT_EQ(skipping.rejected(), rejected);
}

TEST(GameReader, FromAStreamFedByAPipe) {
  const std::string path = data("pgn/lichess-style.pgn").string();
  const std::string text = read_file(path);
  int fds[2];
  ASSERT_EQ(::pipe(fds), 0);
  std::thread writer([&] {
    // In small pieces, so that games arrive cut anywhere.
    for (std::size_t i = 0; i < text.size(); i += 97)
      if (::write(fds[1], text.data() + i, std::min<std::size_t>(97, text.size() - i)) < 0) break;
    ::close(fds[1]);
  });
  std::ifstream stream("/dev/fd/" + std::to_string(fds[0]), std::ios::binary);
  GameReaderOptions options;
  options.reader.file_name = path;
  GameReader reader(stream, "<pipe>", options);
  const std::vector<Game> games = pulled(reader);
  writer.join();
  ::close(fds[0]);
  expect_same_games(games, built(path));
  EXPECT_EQ(reader.input_name(), "<pipe>");
}

// Games of about 2.4 kB (a comment of random letters each), named "game N" from 1.
std::string numbered_games(std::size_t size) {
  std::string text;
  std::mt19937 random(3);
  for (int i = 1; text.size() < size; ++i) {
    text += "[Event \"game " + std::to_string(i) + "\"]\n\n1. e4 {";
    for (int k = 0; k < 2400; ++k) text += char('a' + random() % 26);
    text += "} e5 2. Nf3 *\n\n";
  }
  return text;
}

// A stream that fails midway, whether it reports its failure by its state or throws it
// (exceptions(badbit)): every game whole before the failure comes, then next() throws once,
// naming the input and the byte, and the reader is at its end.
TEST(GameReader, AStreamThatFailsGivesEveryWholeGameBeforeTheFailure) {
  const std::string text = numbered_games(std::size_t(4) << 20);
  for (const std::size_t fail_at : {std::size_t(60000), std::size_t(3) << 20}) {
    // The games that end before the failure: those the next one begins before it.
    std::size_t whole = 0;
    for (std::size_t at = text.find("[Event", 1); at < fail_at; at = text.find("[Event", at + 1))
      ++whole;
    for (const bool exceptions : {false, true}) {
      SCOPED_TRACE("fails at " + std::to_string(fail_at) + (exceptions ? ", throwing" : ""));
      fenkit::testing::FailingStreambuf buffer(text, fail_at);
      std::istream stream(&buffer);
      if (exceptions) stream.exceptions(std::ios::badbit);
      GameReader reader(stream, "games.pgn");
      std::vector<Game> games;
      std::vector<std::string> failures;
      for (;;) {
        try {
          std::optional<Game> game = reader.next();
          if (!game) break;
          games.push_back(std::move(*game));
        } catch (const std::runtime_error& e) {
          failures.push_back(e.what());
        }
      }
      EXPECT_EQ(games.size(), whole);
      for (std::size_t i = 0; i < games.size(); ++i) {
        EXPECT_FALSE(games[i].rejected) << "game " << i + 1;
        const std::string* event = games[i].find_tag("Event");
        ASSERT_NE(event, nullptr);
        EXPECT_EQ(*event, "game " + std::to_string(i + 1));
      }
      EXPECT_EQ(failures.size(), 1U);
      if (failures.empty()) continue;
      EXPECT_TRUE(failures[0].starts_with("games.pgn: cannot read the stream at byte " +
                                          std::to_string(fail_at)))
          << failures[0];
    }
  }
}

TEST(GameReader, FromOwnedBytesAndFromAnInputSource) {
  const std::string path = data("pgn/suite.pgn").string();
  const std::vector<Game> want = built(path);
  // The text is gone once given: the reader keeps its own.
  GameReader owned = GameReader::from_text(read_file(path) + "\n");
  expect_same_games(pulled(owned), want);
  const auto source = io::memory_input(read_file(path), "suite");
  GameReader from_source(*source);
  expect_same_games(pulled(from_source), want);
}

TEST(GameReader, NumbersGoOnAcrossPathsAndAFailingInputIsReportedInItsPlace) {
  const std::string suite = data("pgn/suite.pgn").string();
  const std::string lichess = data("pgn/lichess-style.pgn").string();
  GameReader reader(std::vector<std::string>{suite, "/nonexistent/games.pgn", lichess});
  std::vector<Game> games;
  std::string failure;
  std::vector<std::string> names;
  for (;;) {
    try {
      std::optional<Game> game = reader.next();
      if (!game) break;
      games.push_back(std::move(*game));
      names.push_back(reader.input_name());
    } catch (const std::runtime_error& e) {
      EXPECT_TRUE(failure.empty());
      failure = e.what();
      EXPECT_EQ(games.size(), built(suite).size());  // after the first input's games
    }
  }
  EXPECT_NE(failure.find("/nonexistent/games.pgn"), std::string::npos) << failure;
  const std::size_t first = built(suite).size(), second = built(lichess).size();
  ASSERT_EQ(games.size(), first + second);
  for (std::size_t i = 0; i < games.size(); ++i) EXPECT_EQ(games[i].number, i + 1);
  EXPECT_EQ(names[first - 1], suite);
  EXPECT_EQ(names[first], lichess);
}

TEST(GameReader, SelectsWithAGameFilter) {
  const std::string path = data("pgn/suite.pgn").string();
  GameFilter filter;
  filter.add_result("1-0");
  GameReader reader(path);
  reader.select(std::move(filter));
  std::size_t n = 0;
  for (const Game& game : reader) {
    EXPECT_EQ(game.outcome(), Outcome::white_wins);
    ++n;
  }
  std::size_t want = 0;
  for (const Game& game : built(path)) want += !game.rejected && game.outcome() == Outcome::white_wins;
  EXPECT_GT(want, 0U);
  EXPECT_EQ(n, want);
  EXPECT_EQ(reader.selected(), want);
  EXPECT_EQ(reader.games(), built(path).size());
}

TEST(GameReader, AByteRangeReadsTheGamesThatBeginInIt) {
  const std::string path = data("pgn/suite.pgn").string();
  const std::vector<Game> all = built(path);
  const std::uint64_t size = read_file(path).size();
  std::vector<Game> games;
  std::uint64_t offset = 0;
  for (std::uint64_t start : {std::uint64_t(0), size / 3, 2 * size / 3}) {
    GameReaderOptions options;
    options.range = ByteRange{start, start == 2 * size / 3 ? UINT64_MAX : start + size / 3, {}};
    options.reader.first_game_number = 1 + offset;
    GameReader reader(path, options);
    for (Game& game : reader) games.push_back(std::move(game));
    offset = games.size();
  }
  expect_same_games(games, all);
  for (std::size_t i = 0; i < games.size(); ++i)
    EXPECT_EQ(games[i].where.line, all[i].where.line) << "game " << i + 1;
}

TEST(GameReader, TheCorpusAsTheVisitorReaderReadsIt) {
  const std::filesystem::path masters = fenkit::testing::optional_corpus("big/pgnmentor-masters-76k.pgn.zst");
  if (masters.empty()) GTEST_SKIP() << "no corpus";
  // The first 2000 games: the whole archive is read by the program's tests.
  GameFilter first;
  first.set_games(NumberSet::parse("1-2000"));
  GameReader reader(masters.string());
  reader.select(std::move(first));
  GameBuilder builder;
  ReaderOptions options;
  options.file_name = masters.string();
  options.last_game_number = 2000;
  read_pgn(*io::open_input(masters.string()), builder, options);
  expect_same_games(pulled(reader), builder.games());

  // The same games from a std::istream on a pipe that zstd writes, and from owned bytes.
  const std::string zstd = fenkit::testing::find_program("zstd");
  if (zstd.empty()) {
    fenkit::testing::report_missing_oracle("zstd is not installed");
    return;
  }
  FILE* pipe = ::popen(("'" + zstd + "' -dcq '" + masters.string() + "'").c_str(), "r");
  ASSERT_NE(pipe, nullptr);
  std::ifstream stream("/dev/fd/" + std::to_string(::fileno(pipe)), std::ios::binary);
  GameFilter first_from_pipe;
  first_from_pipe.set_games(NumberSet::parse("1-2000"));
  GameReaderOptions named;
  named.reader.file_name = masters.string();
  GameReader from_pipe(stream, "<pipe>", named);
  from_pipe.select(std::move(first_from_pipe));
  const std::vector<Game> piped = pulled(from_pipe);
  stream.close();
  ::pclose(pipe);
  expect_same_games(piped, builder.games());

  std::string text;
  for (const Game& game : builder.games()) text += game.rejected ? game.raw : to_pgn(game);
  GameReader owned = GameReader::from_text(std::move(text));
  const std::vector<Game> again = pulled(owned);
  ASSERT_EQ(again.size(), builder.games().size());
  for (std::size_t i = 0; i < again.size(); ++i) {
    if (!builder.games()[i].rejected) {
      EXPECT_EQ(again[i], builder.games()[i]) << "game " << i + 1;
    }
  }
}

#ifdef FENKIT_BINARY
// The moves of every game as `fenkit pgn -f jsonl` writes them.
TEST(GameReader, TheGamesOfFenkitPgnJsonl) {
  const std::filesystem::path masters = fenkit::testing::corpus("big/pgnmentor-masters-76k.pgn.zst");
  const std::string path = masters.empty() ? data("pgn/lichess-style.pgn").string() : masters.string();
  const std::vector<std::string> lines = fenkit::testing::lines_of(fenkit::testing::run(
      std::string("'") + FENKIT_BINARY + "' pgn -q -f jsonl --games 1-3000 '" + path + "'"));
  GameFilter first;
  first.set_games(NumberSet::parse("1-3000"));
  GameReaderOptions options;
  options.variations = false;
  GameReader reader(path, options);
  reader.select(std::move(first));
  std::size_t i = 0;
  for (const Game& game : reader) {
    if (game.rejected) continue;
    ASSERT_LT(i, lines.size());
    std::string moves = "\"moves\":[";
    fen::Position pos = game.start;
    for (const Node& node : game.mainline().nodes) {
      if (moves.back() != '[') moves += ',';
      moves += '"' + fen::to_san(pos, node.move) + '"';
      pos.play(node.move);
    }
    moves += ']';
    const std::string& line = lines[i++];
    EXPECT_TRUE(line.starts_with("{\"game\":" + std::to_string(game.number) + ",")) << line;
    EXPECT_NE(line.find(moves), std::string::npos) << "game " << game.number;
  }
  EXPECT_EQ(i, lines.size());
  EXPECT_GE(i, masters.empty() ? 5U : 2900U);  // the fixture's games, or most of the 3000
}
#endif

// ------------------------------------------------------------------ WholeGames

// What a visitor that stores as it goes would store: per game, its number, whether it was
// rejected, its moves and its diagnostics.
struct GameLog : Visitor {
  struct Entry {
    std::uint64_t number = 0;
    bool rejected = false;
    std::size_t moves = 0, diagnostics = 0;
    std::vector<std::string> tags;
  };
  std::vector<Entry> games;
  Entry current;
  Action begin_game(const GameStart& start) override {
    current = Entry{.number = start.number};
    return Action::proceed;
  }
  void tag(std::string_view name, std::string_view) override { current.tags.emplace_back(name); }
  Action move(const MoveEvent&) override {
    ++current.moves;
    return Action::proceed;
  }
  void diagnostic(const Diagnostic&) override { ++current.diagnostics; }
  void end_game(const GameEnd& end) override {
    current.rejected = end.rejected;
    games.push_back(current);
  }
};

TEST(WholeGames, ARejectedGameShowsNoMoveAndAGoodOneAllOfThem) {
  const std::string path = data("pgn/suite-errors.pgn").string();
  GameLog streamed, whole_log;
  read_pgn(*io::open_input(path), streamed);
  WholeGames whole(whole_log);
  read_pgn(*io::open_input(path), whole);
  ASSERT_EQ(whole_log.games.size(), streamed.games.size());
  std::size_t rejected_with_moves = 0;
  for (std::size_t i = 0; i < streamed.games.size(); ++i) {
    const GameLog::Entry &a = streamed.games[i], &b = whole_log.games[i];
    EXPECT_EQ(a.number, b.number);
    EXPECT_EQ(a.rejected, b.rejected);
    EXPECT_EQ(a.tags, b.tags);
    EXPECT_EQ(a.diagnostics, b.diagnostics) << "game " << a.number;
    if (a.rejected) {
      rejected_with_moves += a.moves > 0;  // the streaming reader showed them
      EXPECT_EQ(b.moves, 0U) << "game " << a.number;
    } else {
      EXPECT_EQ(a.moves, b.moves) << "game " << a.number;
    }
  }
  EXPECT_GT(rejected_with_moves, 0U);  // else the file would not show the difference
}

// ------------------------------------------------------------------ SelectingVisitor

// Takes the first move of each game only, and says whether it was selected.
struct FirstMoveOnly : GameLog {
  std::vector<bool> selected;
  bool results = false;
  Action move(const MoveEvent& event) override {
    GameLog::move(event);
    return Action::skip;
  }
  void result(std::string_view) override { results = true; }
  void end_game(const GameEnd& end) override {
    GameLog::end_game(end);
    selected.push_back(end.selected);
  }
};

TEST(SelectingVisitor, KeepsAnInnerSkipWhileTheVerdictWaitsOnTheMoves) {
  // Game 1 reaches the position after 1. e4 e5 2. Nf3; game 2 does not; game 3 its tags exclude.
  const std::string text =
      "[White \"A\"]\n\n1. e4 e5 2. Nf3 Nc6 1-0\n\n[White \"B\"]\n\n1. d4 d5 0-1\n\n"
      "[White \"C\"]\n\n1. e4 e5 2. Nf3 *\n\n";
  GameFilter filter;
  filter.add_position(fen::position_from_fen(
      "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"));
  filter.add_white("A");
  filter.add_white("B");
  SelectingVisitor<FirstMoveOnly> visitor(&filter);
  read_pgn(text, visitor);
  const FirstMoveOnly& inner = visitor.inner();
  ASSERT_EQ(inner.games.size(), 3U);
  EXPECT_EQ(inner.selected, (std::vector<bool>{true, false, false}));
  for (const GameLog::Entry& game : inner.games) EXPECT_LE(game.moves, 1U);
  EXPECT_EQ(inner.games[2].moves, 0U);  // excluded by its tags: no movetext at all
  EXPECT_FALSE(inner.results);          // a skip hides the result, as the reader's own does

  // Without a filter, the reader's own skip, and every good game selected.
  SelectingVisitor<FirstMoveOnly> all(nullptr);
  read_pgn(text, all);
  EXPECT_EQ(all.inner().selected, (std::vector<bool>{true, true, true}));
}

// Records the order of the calls that concern tags.
struct TagOrder : Visitor {
  std::vector<std::string> calls;
  Action begin_game(const GameStart&) override {
    calls.push_back("begin");
    return Action::proceed;
  }
  void tag(std::string_view name, std::string_view value) override {
    calls.push_back(std::string(name) + "=" + std::string(value));
  }
  Action end_tags() override {
    calls.push_back("end_tags");
    return Action::proceed;
  }
  void end_game(const GameEnd& end) override {
    calls.push_back(end.selected ? "selected" : "left out");
  }
};

TEST(SelectingVisitor, PassesTheTagsOnOnlyForAGameTheyLetOn) {
  // Game 2 its tags exclude: the inner visitor hears nothing of its tags, and those of the
  // others come whole, in their order, escapes undone, before end_tags.
  const std::string text =
      "[Event \"a \\\"b\\\"\"]\n[White \"Kasparov\"]\n\n1. e4 1-0\n\n"
      "[Event \"c\"]\n[White \"Karpov\"]\n\n1. d4 0-1\n\n"
      "[White \"Garry Kasparov\"]\n[Black \"X\"]\n\n1. c4 *\n\n";
  GameFilter filter;
  filter.add_white("kasparov");
  SelectingVisitor<TagOrder> visitor(&filter);
  read_pgn(text, visitor);
  EXPECT_EQ(visitor.inner().calls,
            (std::vector<std::string>{"begin", "Event=a \"b\"", "White=Kasparov", "end_tags",
                                      "selected", "begin", "left out", "begin",
                                      "White=Garry Kasparov", "Black=X", "end_tags", "selected"}));

  // A filter that waits on the moves cannot exclude a game by its tags: they come as read.
  GameFilter by_length;
  by_length.set_min_plies(2);
  SelectingVisitor<TagOrder> waiting(&by_length);
  read_pgn(text, waiting);
  EXPECT_EQ(std::count(waiting.inner().calls.begin(), waiting.inner().calls.end(), "end_tags"), 3);
  EXPECT_EQ(waiting.inner().calls[2], "White=Kasparov");
  EXPECT_EQ(std::count(waiting.inner().calls.begin(), waiting.inner().calls.end(), "selected"), 0);
}

// ------------------------------------------------------------------ Typed accessors

Game game_of(const std::string& text) {
  GameReader reader = GameReader::from_text(text);
  std::optional<Game> game = reader.next();
  EXPECT_TRUE(game && !game->rejected);
  return game ? std::move(*game) : Game{};
}

TEST(GameRecord, TagsTyped) {
  const Game g = game_of(
      "[White \"A\"]\n[WhiteElo \"2712\"]\n[BlackElo \"?\"]\n[Result \"1/2-1/2\"]\n"
      "[Date \"2021.??.14\"]\n[ECO \"C42\"]\n[TimeControl \"40/7200:300+30\"]\n\n1. e4 e5 1/2-1/2\n");
  EXPECT_EQ(g.elo(fen::Color::white), 2712);
  EXPECT_EQ(g.elo(fen::Color::black), std::nullopt);
  EXPECT_EQ(g.outcome(), Outcome::draw);
  EXPECT_EQ(g.date(), (PgnDate{2021, std::nullopt, 14}));
  EXPECT_EQ(g.eco(), "C42");
  const std::vector<TimeControlPeriod> periods{{40, 7200, 0, false}, {0, 300, 30, false}};
  EXPECT_EQ(g.time_control(), periods);
  EXPECT_EQ(g.plies(), 2U);

  const Game h = game_of("[Date \"????.??.??\"]\n[ECO \"F00\"]\n[TimeControl \"-\"]\n"
                         "[WhiteElo \"27x\"]\n\n1. e4 0-1\n");
  EXPECT_EQ(h.date(), std::nullopt);
  EXPECT_EQ(h.eco(), std::nullopt);
  EXPECT_EQ(h.time_control(), std::nullopt);
  EXPECT_EQ(h.elo(fen::Color::white), std::nullopt);
  EXPECT_EQ(h.outcome(), Outcome::black_wins);  // from the movetext, without a Result tag
  EXPECT_EQ(game_of("[TimeControl \"*180\"]\n\n*\n").time_control(),
            (std::vector<TimeControlPeriod>{{0, 180, 0, true}}));
  EXPECT_EQ(game_of("[UTCDate \"2024.01.31\"]\n\n*\n").date(), (PgnDate{2024, 1, 31}));
  EXPECT_EQ(game_of("\n*\n").outcome(), Outcome::unknown);
}

TEST(GameRecord, CommandsAndTextOfAMovesComments) {
  const Game g = game_of(
      "1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... c5 { A fine reply. [%clk 0:0:7] } { and more }"
      " 2. Nf3 { [%eval #-4] } *\n");
  const std::vector<Node>& nodes = g.mainline().nodes;
  ASSERT_EQ(nodes.size(), 3U);
  EXPECT_EQ(g.commands(nodes[0]).eval_cp, 17);
  EXPECT_EQ(g.commands(nodes[0]).clock_ms, 180000U);
  EXPECT_EQ(g.comment_text(nodes[0]), "");
  EXPECT_EQ(g.commands(nodes[1]).eval_cp, std::nullopt);
  EXPECT_EQ(g.comment_text(nodes[1]), "A fine reply. and more");
  EXPECT_EQ(g.commands(nodes[2]).mate, -4);
  EXPECT_FALSE(g.commands(nodes[2]).clock_ms.has_value());
}

}  // namespace
}  // namespace fenkit::pgn
