// Games read through every kind of input (fenkit::io): a memory buffer, a mapped file, standard
// input, a pipe, compressed and UTF-16 files all give the reader the same games, with the same
// places; input that breaks off gives every game before the break, then an error. (The bytes
// themselves are tested in tests/io.)
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>

#include "event_log.hpp"
#include "fenkit/io/input.hpp"
#include "fenkit/pgn/chunker.hpp"
#include "input_files.hpp"
#include "test_support.hpp"

namespace fenkit::pgn {
namespace {

namespace fs = std::filesystem;
using fenkit::testing::compress;
using fenkit::testing::Compressor;
using fenkit::testing::drain;
using fenkit::testing::Drained;
using fenkit::testing::kBroken;
using fenkit::testing::kCompressors;
using fenkit::testing::packed_with;
using fenkit::testing::random_games;
using fenkit::testing::recovered_by;
using fenkit::testing::TempFile;
using fenkit::testing::utf16;
using testing::GameLog;

std::vector<GameLog> read_with(const std::string& path) {
  testing::EventLog log;
  log.offsets = true;
  read_pgn(*io::open_input(path), log);
  return std::move(log.games);
}

std::vector<GameLog> read_memory(std::string_view text) {
  testing::EventLog log;
  log.offsets = true;
  read_pgn(text, log);
  return std::move(log.games);
}

// Writes `text` to `fd` in pieces of `piece` bytes (odd sizes, so that the reader's blocks end
// anywhere), then closes it.
void write_in_pieces(int fd, std::string_view text, std::size_t piece) {
  for (std::size_t pos = 0; pos < text.size();) {
    const ssize_t n = ::write(fd, text.data() + pos, std::min(piece, text.size() - pos));
    if (n <= 0) break;
    pos += std::size_t(n);
  }
  ::close(fd);
}

// Reads `text` as it comes through a named pipe, written in pieces by another thread.
std::vector<GameLog> read_through_pipe(std::string_view text, std::size_t piece,
                                       testing::EventLog log = {}) {
  const fs::path fifo =
      fs::temp_directory_path() / ("fenkit_input_test_" + std::to_string(::getpid()) + ".fifo");
  fs::remove(fifo);
  EXPECT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::thread writer([&] { write_in_pieces(::open(fifo.c_str(), O_WRONLY), text, piece); });
  read_pgn(*io::open_input(fifo.string()), log);
  writer.join();
  fs::remove(fifo);
  return std::move(log.games);
}

TEST(PgnInput, MappedFileStandardInputPipeAndMemoryAgree) {
  const std::string text = testing::all_quirks();
  const std::vector<GameLog> expected = read_memory(text);
  ASSERT_GT(expected.size(), 80U);

  TempFile file("all.pgn", text);
  SCOPED_TRACE("mapped file");
  testing::expect_same_games(expected, read_with(file.string()));

  {
    SCOPED_TRACE("pipe");
    testing::EventLog log;
    log.offsets = true;
    testing::expect_same_games(expected, read_through_pipe(text, 7, log));
  }
  {
    // Standard input ("-"), here a pipe put in place of descriptor 0.
    SCOPED_TRACE("standard input");
    int fds[2];
    ASSERT_EQ(::pipe(fds), 0);
    const int saved = ::dup(STDIN_FILENO);
    ::dup2(fds[0], STDIN_FILENO);
    ::close(fds[0]);
    std::thread writer([&] { write_in_pieces(fds[1], text, 4093); });
    const std::vector<GameLog> from_stdin = read_with("-");
    writer.join();
    ::dup2(saved, STDIN_FILENO);
    ::close(saved);
    testing::expect_same_games(expected, from_stdin);
  }
}

// Damaged text written through a pipe in small pieces reads as from memory: the reader's
// buffer ends at every kind of place, inside tags, comments, results and broken tokens.
TEST(PgnInput, DamagedTextThroughAPipeReadsAsFromMemory) {
  const std::string quirks = testing::all_quirks();
  std::mt19937 random(99);
  for (int round = 0; round < 20; ++round) {
    SCOPED_TRACE("round " + std::to_string(round));
    const std::string text = testing::damaged(quirks, random);
    testing::EventLog log;
    log.offsets = true;
    testing::expect_same_games(read_memory(text), read_through_pipe(text, 1 + random() % 13, log));
    if (HasFailure()) break;
  }
}

TEST(PgnInput, UnreadableInputIsAnErrorNamingIt) {
  const std::string missing = (fs::temp_directory_path() / "fenkit-no-such-file.pgn").string();
  try {
    testing::EventLog log;
    read_pgn(*io::open_input(missing), log);
    ADD_FAILURE() << "no error for a missing file";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(missing), std::string::npos) << e.what();
  }
  testing::EventLog log;
  EXPECT_THROW(read_pgn(*io::open_input(fs::temp_directory_path().string()), log), std::runtime_error);
}

TEST(PgnInput, EmptyInputHasNoGames) {
  TempFile file("empty.pgn");
  EXPECT_TRUE(read_with(file.string()).empty());
  EXPECT_TRUE(read_memory("").empty());
  EXPECT_TRUE(read_memory("\n\n% only an escape line\n  \n").empty());
}

// Each compressed form gives the same games; the name (".pgn") says nothing of the format.
TEST(PgnInput, CompressedFilesAreReadByContent) {
  const std::string text = testing::all_quirks();
  const std::vector<GameLog> expected = read_memory(text);
  TempFile plain("plain.pgn", text);
  int tried = 0;
  for (const Compressor& c : kCompressors) {
    SCOPED_TRACE(c.program);
    TempFile packed(std::string(c.program) + ".pgn");
    if (!compress(c, plain, packed)) continue;
    ++tried;
    ASSERT_NE(fenkit::testing::read_file(packed.path()), text);
    testing::expect_same_games(expected, read_with(packed.string()));
  }
  if (tried == 0) FENKIT_MISSING_ORACLE("no compressor installed");
}

// A compressed file cut short is an error, not a quiet end of the games: the games before the
// cut may be read, then the reader throws, naming the file.
TEST(PgnInput, TruncatedCompressedFilesAreErrors) {
  // Games with comments of random letters, so that half of the compressed bytes hold about
  // half of the games (repeated text would shrink to nothing; bzip2 -1 keeps its blocks small).
  std::string text;
  std::mt19937 random(7);
  for (int i = 0; text.size() < 600000; ++i) {
    text += "[Event \"game " + std::to_string(i) + "\"]\n\n1. e4 {";
    for (int k = 0; k < 60; ++k) text += char('a' + random() % 26);
    text += "} e5 2. Nf3 *\n\n";
  }
  TempFile plain("long.pgn", text);
  int tried = 0;
  for (const Compressor& c : kCompressors) {
    SCOPED_TRACE(c.program);
    TempFile packed(std::string(c.program) + "-whole.pgn");
    if (!compress(c, plain, packed)) continue;
    ++tried;
    const std::string bytes = fenkit::testing::read_file(packed.path());
    TempFile cut(std::string(c.program) + "-cut.pgn", std::string_view(bytes).substr(0, bytes.size() / 2));
    testing::EventLog log;
    log.offsets = true;
    try {
      read_pgn(*io::open_input(cut.string()), log);
      ADD_FAILURE() << "no error for a truncated file; " << log.games.size() << " games read";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(cut.string()), std::string::npos) << e.what();
    }
    EXPECT_GT(log.games.size(), 100U) << "the games before the cut are read";
    // The chunker hands out the same games before it reports the break.
    testing::EventLog chunked;
    chunked.offsets = true;
    const auto input = io::open_input(cut.string());
    Chunker chunker(*input, 10000);
    Chunk chunk;
    EXPECT_THROW(
        while (chunker.next(chunk)) read_chunk(chunk, chunked, ReaderOptions()), std::runtime_error);
    testing::expect_same_games(log.games, chunked.games);
  }
  if (tried == 0) FENKIT_MISSING_ORACLE("no compressor installed");
}

// ---------------------------------------------------------------- Cut and damaged compressed input

// Reads a file whole, then in chunks; both must end with `error` (empty: no error) and give
// the same games.
std::vector<GameLog> read_expecting(const std::string& path, const std::string& error) {
  testing::EventLog log;
  log.offsets = true;
  log.check_positions = false;
  std::string got;
  try {
    read_pgn(*io::open_input(path), log);
  } catch (const std::runtime_error& e) {
    got = e.what();
  }
  EXPECT_EQ(got, error);
  testing::EventLog chunked;
  chunked.offsets = true;
  chunked.check_positions = false;
  got.clear();
  try {
    const auto input = io::open_input(path);
    Chunker chunker(*input, 5000);
    Chunk chunk;
    while (chunker.next(chunk)) read_chunk(chunk, chunked, ReaderOptions());
  } catch (const std::runtime_error& e) {
    got = e.what();
  }
  EXPECT_EQ(got, error) << "in chunks";
  testing::expect_same_games(log.games, chunked.games);
  return std::move(log.games);
}

// A compressed file cut anywhere gives every byte its format lets be decoded before the cut
// (at least as many as the format's own program recovers), then the error; the reader gives
// exactly the games those bytes hold whole, as the whole file's first games. Each format, in
// one stream and in two streams one after the other (as `cat a.gz b.gz` and pbzip2 make).
TEST(PgnInput, CutCompressedFilesKeepEveryGameBeforeTheCut) {
  const std::string text = random_games(300000, 11);
  testing::EventLog whole_log;
  whole_log.offsets = true;
  whole_log.check_positions = false;
  read_pgn(text, whole_log);
  const std::vector<GameLog>& whole = whole_log.games;
  // The second stream begins with a game.
  const std::size_t half = text.find("[Event", text.size() / 2);
  int tried = 0;
  for (const Compressor& c : kCompressors) {
    for (const bool two_streams : {false, true}) {
      SCOPED_TRACE(std::string(c.program) + (two_streams ? ", two streams" : ", one stream"));
      const std::string first = packed_with(c, two_streams ? text.substr(0, half) : text);
      if (first.empty()) continue;
      ++tried;
      const std::string packed = two_streams ? first + packed_with(c, text.substr(half)) : first;
      // A file of two streams cut between them is whole: the cut is not there.
      const std::size_t boundary = two_streams ? first.size() : 0;
      constexpr std::size_t kCuts = 24;
      for (std::size_t i = 0; i <= kCuts; ++i) {
        const std::size_t cut = 6 + (packed.size() - 7) * i / kCuts;
        if (cut == boundary) continue;
        SCOPED_TRACE("cut after " + std::to_string(cut) + " of " + std::to_string(packed.size()));
        TempFile file(std::string(c.program) + "-cut.pgn", std::string_view(packed).substr(0, cut));
        const std::string error = file.string() + std::string(kBroken);
        const Drained got = drain(file.string());
        EXPECT_EQ(got.error, error);
        ASSERT_EQ(text.compare(0, got.bytes.size(), got.bytes), 0) << "not the text's beginning";
        const std::string recovered = recovered_by(c, file);
        ASSERT_EQ(text.compare(0, recovered.size(), recovered), 0);
        EXPECT_GE(got.bytes.size(), recovered.size()) << "fewer bytes than " << c.program << " recovers";

        // Games held whole by the bytes: at least those the next game begins after, at most
        // those that end within the bytes.
        std::size_t at_least = 0, at_most = 0;
        for (std::size_t k = 0; k < whole.size(); ++k) {
          if (k + 1 < whole.size() && whole[k + 1].where.offset < got.bytes.size()) at_least = k + 1;
          if (whole[k].where.offset + whole[k].raw.size() <= got.bytes.size()) at_most = k + 1;
        }
        const std::vector<GameLog> games = read_expecting(file.string(), error);
        EXPECT_GE(games.size(), at_least);
        EXPECT_LE(games.size(), at_most);
        testing::expect_same_games(
            std::vector<GameLog>(whole.begin(), whole.begin() + std::ptrdiff_t(std::min(games.size(), whole.size()))),
            games);
        if (HasFailure()) return;
      }
    }
  }
  if (tried == 0) FENKIT_MISSING_ORACLE("no compressor (gzip, bzip2, xz, zstd) installed");
}

// Streams one after another read as one text; bytes after the last stream that begin no
// stream are an error, after all the games.
TEST(PgnInput, ConcatenatedStreamsReadAsOneText) {
  const std::string text = testing::all_quirks();
  const std::vector<GameLog> expected = read_memory(text);
  const std::size_t half = text.find("\n[Event", text.size() / 2) + 1;
  int tried = 0;
  for (const Compressor& c : kCompressors) {
    SCOPED_TRACE(c.program);
    const std::string first = packed_with(c, text.substr(0, half));
    if (first.empty()) continue;
    ++tried;
    const std::string packed = first + packed_with(c, text.substr(half));
    TempFile file(std::string(c.program) + "-two.pgn", packed);
    testing::expect_same_games(expected, read_with(file.string()));
    EXPECT_EQ(drain(file.string()).bytes, text);

    TempFile junk(std::string(c.program) + "-junk.pgn", packed + "junk after the streams\n");
    const Drained got = drain(junk.string());
    EXPECT_EQ(got.bytes, text);
    EXPECT_EQ(got.error, junk.string() + std::string(kBroken));
  }
  if (tried == 0) FENKIT_MISSING_ORACLE("no compressor (gzip, bzip2, xz, zstd) installed");
}

// ---------------------------------------------------------------- UTF-16

// The quirk fixtures that are UTF-8 (the Latin-1 ones cannot be told apart once converted),
// with characters beyond the Basic Multilingual Plane in a comment.
std::string utf8_quirks() {
  std::vector<fs::path> files;
  for (const auto& entry : fs::directory_iterator(testing::quirk("")))
    if (entry.path().extension() == ".pgn") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  std::string all;
  for (const auto& f : files) {
    const std::string text = fenkit::testing::read_file(f);
    if (utf16(text, false)) all += text + "\n\n";
  }
  return all + "[Event \"clef\"]\n\n1. e4 {\xF0\x9D\x84\x9E and \xC3\xA9} *\n";
}

// A UTF-16 file, either byte order, read from a file, a pipe or compressed, gives the games
// of its UTF-8 form, in the same places.
TEST(PgnInput, Utf16IsReadAsUtf8) {
  const std::string text = utf8_quirks();
  const std::vector<GameLog> expected = read_memory(text);
  ASSERT_GT(expected.size(), 70U);
  for (const bool big : {false, true}) {
    SCOPED_TRACE(big ? "big-endian" : "little-endian");
    const std::string wide = *utf16(text, big);
    TempFile file("utf16.pgn", wide);
    EXPECT_TRUE(io::open_input(file.string())->mapped().empty()) << "read through the converter";
    testing::expect_same_games(expected, read_with(file.string()));
    EXPECT_EQ(drain(file.string()).bytes, text);
    {
      testing::EventLog log;
      log.offsets = true;
      SCOPED_TRACE("pipe");
      testing::expect_same_games(expected, read_through_pipe(wide, 3, log));
    }
    const Compressor gzip = kCompressors[0];
    TempFile packed("utf16.pgn.gz");
    if (compress(gzip, file, packed)) {
      SCOPED_TRACE("gzip");
      testing::expect_same_games(expected, read_with(packed.string()));
    }
  }
}

// Text that ends inside a UTF-16 character was cut short: an error, after the games before it
// (the bytes are tested in tests/io).
TEST(PgnInput, Utf16CutInsideACharacterIsAnErrorAfterTheGamesBefore) {
  std::string wide = *utf16("[Event \"x\"]\n\n1. e4 {a", false);
  wide += std::string("\x00\xDC", 2);  // a low surrogate alone: one replacement character
  wide += utf16("b} *\n\n[Event \"y\"]\n\n1. d4 *\n", false)->substr(2);
  TempFile odd("odd-length.pgn", wide + "\n");
  testing::EventLog log;
  EXPECT_THROW(read_pgn(*io::open_input(odd.string()), log), std::runtime_error);
  ASSERT_EQ(log.games.size(), 2U);
  EXPECT_EQ(log.games[1].outline(), (std::vector<std::string>{"d4", "*"}));
}

// Reading through a pipe keeps only part of the input in memory: a buffer of a few megabytes
// that games straddle, and that a single game larger than it must grow. More than 10 MB of
// games of every kind, one of them holding a 5 MB comment, written in pieces of odd sizes,
// read as from a mapped file.
TEST(PgnInput, StreamedReadingEqualsMappedReadingAcrossBufferBoundaries) {
  const std::string quirks = testing::all_quirks();
  std::string text;
  while (text.size() < (std::size_t(6) << 20)) text += quirks;
  text += "[Event \"huge comment\"]\n\n1. e4 {" + std::string(std::size_t(5) << 20, 'x') +
          "} e5 1-0\n\n";
  while (text.size() < (std::size_t(14) << 20)) text += quirks;
  TempFile file("big.pgn", text);

  auto log = [] {
    testing::EventLog l;
    l.offsets = true;
    l.check_positions = false;
    return l;
  };
  testing::EventLog mapped = log();
  const ReadStats stats = read_pgn(*io::open_input(file.string()), mapped);
  EXPECT_EQ(stats.bytes, text.size());
  ASSERT_GT(mapped.games.size(), 10000U);
  testing::expect_same_games(mapped.games, read_through_pipe(text, 65521, log()));
}

}  // namespace
}  // namespace fenkit::pgn
