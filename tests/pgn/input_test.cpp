// Input sources: a memory buffer, a mapped file, standard input, a pipe and compressed files
// all give the reader the same games, with the same places; damaged input is an error.
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
#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/input.hpp"
#include "test_support.hpp"

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
  // A regular file is read in blocks, unless a mapping is asked for.
  EXPECT_TRUE(open_input(file.string())->mapped().empty());
  EXPECT_EQ(open_input(file.string())->size_hint(), 8U);
  EXPECT_FALSE(open_input(file.string(), Access::mapped)->mapped().empty());
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

// ---------------------------------------------------------------- Cut and damaged compressed input

// Games with comments of random letters, so that the compressed size grows with the text
// (repeated text would shrink to nothing) and a cut anywhere falls among games.
std::string random_games(std::size_t size, unsigned seed) {
  std::string text;
  std::mt19937 random(seed);
  for (int i = 0; text.size() < size; ++i) {
    text += "[Event \"game " + std::to_string(i) + "\"]\n\n1. e4 {";
    for (int k = 0; k < 60; ++k) text += char('a' + random() % 26);
    text += "} e5 2. Nf3 *\n\n";
  }
  return text;
}

// `text` compressed by `c`; empty when the program is not installed.
std::string packed_with(const Compressor& c, std::string_view text) {
  TempFile plain(std::string(c.program) + "-plain.pgn", text);
  TempFile packed(std::string(c.program) + "-packed.pgn");
  if (!compress(c, plain, packed)) return {};
  return fenkit::testing::read_file(packed.path());
}

// What the format's own program recovers from a damaged file (its standard output).
std::string recovered_by(const Compressor& c, const TempFile& file) {
  return fenkit::testing::run(fenkit::testing::find_program(c.program) + " -q -dc < '" +
                              file.string() + "' 2>/dev/null");
}

constexpr std::string_view kBroken = ": cannot decompress: the data is corrupt or cut short";

// The bytes an input gives, read in blocks of an odd size, and the message of the error that
// ends them (empty at a normal end).
struct Drained {
  std::string bytes;
  std::string error;
};

Drained drain(std::unique_ptr<InputSource> (*open)(std::string_view), std::string_view from) {
  Drained d;
  try {
    const auto input = open(from);
    char block[7919];
    for (std::size_t n; (n = input->read(block, sizeof block)) > 0;) d.bytes.append(block, n);
  } catch (const std::runtime_error& e) {
    d.error = e.what();
  }
  return d;
}

Drained drain(const std::string& path) {
  return drain([](std::string_view p) { return open_input(std::string(p)); }, path);
}

// Bytes given by the caller, read through decoded_input.
Drained drain_decoded(std::string_view bytes) {
  return drain([](std::string_view b) { return decoded_input(memory_input(b, "stream")); }, bytes);
}

// Reads a file whole, then in chunks; both must end with `error` (empty: no error) and give
// the same games.
std::vector<GameLog> read_expecting(const std::string& path, const std::string& error) {
  testing::EventLog log;
  log.offsets = true;
  log.check_positions = false;
  std::string got;
  try {
    read_pgn_file(path, log);
  } catch (const std::runtime_error& e) {
    got = e.what();
  }
  EXPECT_EQ(got, error);
  testing::EventLog chunked;
  chunked.offsets = true;
  chunked.check_positions = false;
  got.clear();
  try {
    const auto input = open_input(path);
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

// Damaged bytes inside a compressed file are reported in the same words for every format,
// after what was decoded before them (bzip2 and zstd decode whole blocks of 100 and 128 kB:
// the damage is placed after the first).
TEST(PgnInput, DamagedCompressedDataIsReportedAlikeForEveryFormat) {
  const std::string text = random_games(400000, 5);
  int tried = 0;
  for (const Compressor& c : kCompressors) {
    SCOPED_TRACE(c.program);
    std::string packed = packed_with(c, text);
    if (packed.empty()) continue;
    ++tried;
    for (std::size_t k = 0; k < 16; ++k) packed[packed.size() * 4 / 5 + k] ^= char(0x5A);
    TempFile file(std::string(c.program) + "-damaged.pgn", packed);
    const Drained got = drain(file.string());
    EXPECT_EQ(got.error, file.string() + std::string(kBroken));
    EXPECT_GT(got.bytes.size(), 1000U) << "the bytes before the damage are read";
  }
  if (tried == 0) FENKIT_MISSING_ORACLE("no compressor (gzip, bzip2, xz, zstd) installed");
}

// ---------------------------------------------------------------- UTF-16

// `utf8` as UTF-16 after a byte-order mark; nullopt when `utf8` is not valid UTF-8.
std::optional<std::string> utf16(std::string_view utf8, bool big_endian) {
  std::string out = big_endian ? "\xFE\xFF" : "\xFF\xFE";
  auto unit = [&](std::uint32_t u) {
    const char high = char(u >> 8), low = char(u & 0xFF);
    out += big_endian ? high : low;
    out += big_endian ? low : high;
  };
  for (std::size_t i = 0; i < utf8.size();) {
    const auto c = static_cast<unsigned char>(utf8[i]);
    const std::size_t n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > utf8.size()) return std::nullopt;
    std::uint32_t code = n == 1 ? c : c & (0x7F >> n);
    for (std::size_t k = 1; k < n; ++k) {
      const auto next = static_cast<unsigned char>(utf8[i + k]);
      if ((next >> 6) != 2) return std::nullopt;
      code = code << 6 | (next & 0x3F);
    }
    i += n;
    if (code >= 0x10000) {
      unit(0xD800 + ((code - 0x10000) >> 10));
      unit(0xDC00 + ((code - 0x10000) & 0x3FF));
    } else {
      unit(code);
    }
  }
  return out;
}

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
    EXPECT_TRUE(open_input(file.string())->mapped().empty()) << "read through the converter";
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

// A lone surrogate is one replacement character; text that ends inside a character was cut
// short, and is an error after the games before.
TEST(PgnInput, BrokenUtf16) {
  const std::string game = "[Event \"x\"]\n\n1. e4 {a";
  std::string wide = *utf16(game, false);
  wide += std::string("\x00\xDC", 2);  // a low surrogate alone
  wide += utf16("b} *\n\n[Event \"y\"]\n\n1. d4 *\n", false)->substr(2);
  TempFile lone("lone-surrogate.pgn", wide);
  const Drained got = drain(lone.string());
  EXPECT_EQ(got.error, "");
  EXPECT_EQ(got.bytes, game + "\xEF\xBF\xBD" + "b} *\n\n[Event \"y\"]\n\n1. d4 *\n");

  TempFile odd("odd-length.pgn", wide + "\n");
  const Drained cut = drain(odd.string());
  EXPECT_EQ(cut.error, odd.string() + ": cannot read UTF-16: the text ends inside a character");
  EXPECT_EQ(cut.bytes, got.bytes);
  testing::EventLog log;
  EXPECT_THROW(read_pgn_file(odd.string(), log), std::runtime_error);
  ASSERT_EQ(log.games.size(), 2U);
  EXPECT_EQ(log.games[1].outline(), (std::vector<std::string>{"d4", "*"}));
}

// ---------------------------------------------------------------- Lines

// Hands out its text in pieces of at most `piece` bytes, then fails if `failure` is given.
class PieceInput : public InputSource {
 public:
  PieceInput(std::string_view text, std::size_t piece, std::string failure = {})
      : InputSource("<pieces>"), text_(text), piece_(piece), failure_(std::move(failure)) {}
  std::size_t read(char* buffer, std::size_t size) override {
    const std::size_t n = std::min({size, piece_, text_.size() - pos_});
    std::copy_n(text_.data() + pos_, n, buffer);
    pos_ += n;
    if (n == 0 && !failure_.empty()) throw std::runtime_error(failure_);
    return n;
  }

 private:
  std::string_view text_;
  std::size_t piece_;
  std::size_t pos_ = 0;
  std::string failure_;
};

std::vector<std::string> lines_from(InputSource& input) {
  LineReader reader(input);
  std::vector<std::string> lines;
  std::string_view line;
  while (reader.next(line)) {
    lines.emplace_back(line);
    EXPECT_EQ(reader.line_number(), lines.size());
  }
  return lines;
}

TEST(LineReader, LinesOfEveryKindOfInput) {
  const std::string long_line(200000, 'x');
  const std::string text = "\xEF\xBB\xBF" "first\r\n\nthird\n" + long_line + "\n\xEF\xBB\xBF" "sixth\nlast";
  const std::vector<std::string> expected = {"first\r", "", "third", long_line, "\xEF\xBB\xBF" "sixth", "last"};
  {
    SCOPED_TRACE("memory");
    const auto input = memory_input(text);
    EXPECT_EQ(lines_from(*input), expected);
  }
  for (const std::size_t piece : {1, 2, 7, 65536}) {
    SCOPED_TRACE("pieces of " + std::to_string(piece));
    PieceInput input(text, piece);
    EXPECT_EQ(lines_from(input), expected);
  }
  {
    SCOPED_TRACE("mapped file");
    TempFile file("lines.txt", text);
    EXPECT_EQ(lines_from(*open_input(file.string())), expected);
  }
  {
    SCOPED_TRACE("UTF-16 file");
    TempFile file("lines16.txt", *utf16(text.substr(3), true));
    EXPECT_EQ(lines_from(*open_input(file.string())), expected);
  }
  const auto empty = memory_input("");
  EXPECT_TRUE(lines_from(*empty).empty());
  const auto newline = memory_input("\n");
  EXPECT_EQ(lines_from(*newline), std::vector<std::string>{""});
  const auto bom_only = memory_input("\xEF\xBB\xBF");
  EXPECT_TRUE(lines_from(*bom_only).empty());
}

// An input that breaks off: the whole lines before the break, then the error; the line the
// break cuts is not handed out.
TEST(LineReader, BreakAfterTheWholeLines) {
  for (const std::size_t piece : {1, 3, 4096}) {
    PieceInput input("one\ntwo\nthr", piece, "<pieces>: broken");
    LineReader reader(input);
    std::string_view line;
    ASSERT_TRUE(reader.next(line));
    EXPECT_EQ(line, "one");
    ASSERT_TRUE(reader.next(line));
    EXPECT_EQ(line, "two");
    try {
      reader.next(line);
      ADD_FAILURE() << "no error; got '" << line << "'";
    } catch (const std::runtime_error& e) {
      EXPECT_STREQ(e.what(), "<pieces>: broken");
    }
  }
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

// A caller's bytes (a stream, not a file) are read as a file's would be: decompressed by
// content, UTF-16 converted, plain text as it is; a cut compressed stream ends in the same error.
TEST(PgnInput, DecodedInputReadsACallersBytesAsAFilesAre) {
  const std::string text = random_games(20000, 5);
  EXPECT_EQ(drain_decoded(text).bytes, text);
  EXPECT_EQ(drain_decoded("").bytes, "");
  EXPECT_EQ(drain_decoded("[").bytes, "[");
  EXPECT_EQ(drain_decoded(*utf16(text, true)).bytes, text);
  int tried = 0;
  for (const Compressor& c : kCompressors) {
    SCOPED_TRACE(c.program);
    const std::string packed = packed_with(c, text);
    if (packed.empty()) continue;
    ++tried;
    const Drained whole = drain_decoded(packed);
    EXPECT_EQ(whole.error, "");
    EXPECT_EQ(whole.bytes, text);
    const Drained cut = drain_decoded(std::string_view(packed).substr(0, packed.size() / 2));
    EXPECT_EQ(cut.error, std::string("stream") + std::string(kBroken));
    EXPECT_TRUE(text.starts_with(cut.bytes));
  }
  if (tried == 0) FENKIT_MISSING_ORACLE("no compressor installed");
}

// A stream that gives `bytes`, then fails; counts its reads.
class FailingSource : public InputSource {
 public:
  FailingSource(std::string bytes, int& reads)
      : InputSource("stream"), bytes_(std::move(bytes)), reads_(reads) {}
  std::size_t read(char* buffer, std::size_t size) override {
    ++reads_;
    const std::size_t n = std::min(size, bytes_.size() - offset_);
    if (n == 0) throw std::runtime_error("stream: cannot read");
    std::memcpy(buffer, bytes_.data() + offset_, n);
    offset_ += n;
    return n;
  }

 private:
  std::string bytes_;
  std::size_t offset_ = 0;
  int& reads_;
};

// decoded_input reads nothing until it is read; a stream that fails, at once or after some
// bytes, gives those bytes and then its error.
TEST(PgnInput, DecodedInputReadsLazilyAndPassesFailuresOn) {
  for (const std::string bytes : {"", "[E", "[Event \"x\"]\n\n1. e4 *\n"}) {
    SCOPED_TRACE(bytes);
    int reads = 0;
    const auto input = decoded_input(std::make_unique<FailingSource>(bytes, reads));
    EXPECT_EQ(reads, 0);
    std::string got, error;
    try {
      char block[5];
      for (std::size_t n; (n = input->read(block, sizeof block)) > 0;) got.append(block, n);
    } catch (const std::runtime_error& e) {
      error = e.what();
    }
    EXPECT_EQ(got, bytes);
    EXPECT_EQ(error, "stream: cannot read");
  }
}

}  // namespace
}  // namespace fenkit::pgn
