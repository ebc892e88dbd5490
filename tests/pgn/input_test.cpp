// Input sources: a memory buffer, a mapped file, standard input, a pipe and compressed files
// all give the reader the same games, with the same places; damaged input is an error.
#include <gtest/gtest.h>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <random>
#include <stdexcept>
#include <thread>

#include "event_log.hpp"
#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/input.hpp"

namespace fenkit::pgn {
namespace {

namespace fs = std::filesystem;
using testing::GameLog;

// A file in the temporary folder, removed at the end of the test.
class TempFile {
 public:
  explicit TempFile(const std::string& name, std::string_view content = {})
      : path_(fs::temp_directory_path() /
              ("fenkit_input_test_" + std::to_string(::getpid()) + "_" + name)) {
    std::ofstream(path_, std::ios::binary).write(content.data(), std::streamsize(content.size()));
  }
  ~TempFile() {
    std::error_code ignored;
    fs::remove(path_, ignored);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const fs::path& path() const { return path_; }
  std::string string() const { return path_.string(); }

 private:
  fs::path path_;
};

std::vector<GameLog> read_with(const std::string& path) {
  testing::EventLog log;
  log.offsets = true;
  read_pgn_file(path, log);
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
  read_pgn_file(fifo.string(), log);
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

// The file name of diagnostics is the path, or <stdin>.
TEST(PgnInput, OpenInputNamesItsSource) {
  TempFile file("named.pgn", "1. e4 *\n");
  EXPECT_EQ(open_input(file.string())->name(), file.string());
  EXPECT_FALSE(open_input(file.string())->mapped().empty()) << "a regular file is mapped";
  EXPECT_EQ(memory_input("1. e4 *")->name(), "<memory>");
}

TEST(PgnInput, UnreadableInputIsAnErrorNamingIt) {
  const std::string missing = (fs::temp_directory_path() / "fenkit-no-such-file.pgn").string();
  try {
    testing::EventLog log;
    read_pgn_file(missing, log);
    ADD_FAILURE() << "no error for a missing file";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find(missing), std::string::npos) << e.what();
  }
  testing::EventLog log;
  EXPECT_THROW(read_pgn_file(fs::temp_directory_path().string(), log), std::runtime_error);
}

TEST(PgnInput, EmptyInputHasNoGames) {
  TempFile file("empty.pgn");
  EXPECT_TRUE(read_with(file.string()).empty());
  EXPECT_TRUE(read_memory("").empty());
  EXPECT_TRUE(read_memory("\n\n% only an escape line\n  \n").empty());
}

TEST(PgnInput, CompressionIsRecognisedByItsMagicNumber) {
  using namespace std::string_view_literals;
  EXPECT_EQ(detect_compression("\x1f\x8b\x08"sv), Compression::gzip);
  EXPECT_EQ(detect_compression("BZh91AY"sv), Compression::bzip2);
  EXPECT_EQ(detect_compression("\xfd" "7zXZ\x00"sv), Compression::xz);
  EXPECT_EQ(detect_compression("\x28\xb5\x2f\xfd"sv), Compression::zstd);
  EXPECT_EQ(detect_compression("[Event \"x\"]"sv), Compression::none);
  EXPECT_EQ(detect_compression(""sv), Compression::none);
}

struct Compressor {
  const char* program;
  const char* flags;  // compress to standard output
};

constexpr Compressor kCompressors[] = {
    {"gzip", "-c"}, {"bzip2", "-1 -c"}, {"xz", "-c"}, {"zstd", "-q -c"}};

// Compresses `file` with `c` into `out`; false when the program is not installed (reported
// by name) or fails.
bool compress(const Compressor& c, const TempFile& file, const TempFile& out) {
  const std::string program = fenkit::testing::find_program(c.program);
  if (program.empty()) {
    fenkit::testing::report_missing_oracle(std::string(c.program) + " is not installed");
    return false;
  }
  int status = -1;
  fenkit::testing::run(program + " " + c.flags + " '" + file.string() + "' > '" + out.string() + "'",
                       &status);
  EXPECT_EQ(status, 0) << c.program;
  return status == 0;
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
      read_pgn_file(cut.string(), log);
      ADD_FAILURE() << "no error for a truncated file; " << log.games.size() << " games read";
    } catch (const std::runtime_error& e) {
      EXPECT_NE(std::string(e.what()).find(cut.string()), std::string::npos) << e.what();
    }
    EXPECT_GT(log.games.size(), 100U) << "the games before the cut are read";
    // The chunker hands out the same games before it reports the break.
    testing::EventLog chunked;
    chunked.offsets = true;
    const auto input = open_input(cut.string());
    Chunker chunker(*input, 10000);
    Chunk chunk;
    EXPECT_THROW(
        while (chunker.next(chunk)) read_chunk(chunk, chunked, ReaderOptions()), std::runtime_error);
    testing::expect_same_games(log.games, chunked.games);
  }
  if (tried == 0) FENKIT_MISSING_ORACLE("no compressor installed");
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
  const ReadStats stats = read_pgn_file(file.string(), mapped);
  EXPECT_EQ(stats.bytes, text.size());
  ASSERT_GT(mapped.games.size(), 10000U);
  testing::expect_same_games(mapped.games, read_through_pipe(text, 65521, log()));
}

}  // namespace
}  // namespace fenkit::pgn
