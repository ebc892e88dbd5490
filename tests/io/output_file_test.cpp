// OutputFile: a file appears under its name whole or not at all (written under a temporary name
// beside it, renamed at commit), a file that was there stays as it was until then, a name that
// asks for compression is written compressed (and read back by open_input), and a write that
// fails is one OutputError naming the file.
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <fstream>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "fenkit/io/input.hpp"
#include "fenkit/io/output_compression.hpp"
#include "fenkit/io/output_error.hpp"
#include "fenkit/io/output_file.hpp"
#include "input_files.hpp"
#include "test_support.hpp"

namespace fenkit::io {
namespace {

namespace fs = std::filesystem;

// A folder of the test's own, removed at the end.
class TempFolder {
 public:
  explicit TempFolder(const std::string& name)
      : path_(fs::temp_directory_path() /
              ("fenkit_output_test_" + std::to_string(::getpid()) + "_" + name)) {
    fs::remove_all(path_);
    fs::create_directories(path_);
  }
  ~TempFolder() {
    std::error_code ignored;
    fs::remove_all(path_, ignored);
  }
  TempFolder(const TempFolder&) = delete;
  TempFolder& operator=(const TempFolder&) = delete;
  std::string file(const std::string& name) const { return (path_ / name).string(); }
  // The names of the files in the folder, sorted.
  std::vector<std::string> names() const {
    std::vector<std::string> all;
    for (const auto& entry : fs::directory_iterator(path_)) all.push_back(entry.path().filename());
    std::sort(all.begin(), all.end());
    return all;
  }

 private:
  fs::path path_;
};

TEST(OutputFile, AppearsUnderItsNameOnlyWhenCommitted) {
  TempFolder folder("commit");
  const std::string path = folder.file("games.pgn");
  OutputFile out(path);
  out.write("1. e4 *\n");
  EXPECT_FALSE(out.is_stream());
  const std::vector<std::string> before = folder.names();
  ASSERT_EQ(before.size(), 1U);
  EXPECT_TRUE(before[0].starts_with(".games.pgn.partial-")) << before[0];
  out.commit();
  EXPECT_EQ(folder.names(), std::vector<std::string>{"games.pgn"});
  EXPECT_EQ(fenkit::testing::read_file(path), "1. e4 *\n");
  EXPECT_EQ(out.bytes_written(), 8U);
}

// What a killed run left (its process gone) is removed by the next run writing in that folder;
// the temporary files of live processes, of other machines and of older names stay.
TEST(OutputFile, AKilledRunsPartialFileIsRemovedByTheNext) {
  TempFolder folder("stale");
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  ASSERT_GT(child, 0);
  ::waitpid(child, nullptr, 0);  // a process number now of no process
  // This machine's tag, as the library names its own temporary files (found in a folder of
  // its own: a process looks for stale files once per folder).
  std::string host;
  {
    TempFolder elsewhere("stale-probe");
    OutputFile probe(elsewhere.file("probe.txt"));
    const std::string name = elsewhere.names().at(0);  // .probe.txt.partial-HOST-PID-XXXXXX
    host = name.substr(std::string(".probe.txt.partial-").size(), 8);
  }
  const std::string dead = ".out.jsonl.partial-" + host + "-" + std::to_string(child) + "-abcdef";
  const std::string live = ".out.jsonl.partial-" + host + "-" + std::to_string(::getppid()) + "-abcdef";
  const std::string other = ".out.jsonl.partial-0badc0de-" + std::to_string(child) + "-abcdef";
  const std::string older = ".out.jsonl.partial-abcdef";
  for (const std::string& name : {dead, live, other, older})
    std::ofstream(folder.file(name)) << "cut";
  OutputFile out(folder.file("next.jsonl"));
  out.write("{}\n");
  out.commit();
  const std::vector<std::string> names = folder.names();
  EXPECT_EQ(std::count(names.begin(), names.end(), dead), 0);
  for (const std::string& kept : {live, other, older, std::string("next.jsonl")})
    EXPECT_EQ(std::count(names.begin(), names.end(), kept), 1) << kept;
}

// A run that ends without committing (an error, an exception) leaves the file that was there as
// it was, and nothing of its own.
TEST(OutputFile, AFileNotCommittedLeavesNothingAndTheOldFileStays) {
  TempFolder folder("abandon");
  const std::string path = folder.file("games.pgn");
  fenkit::testing::run("printf 'old' > '" + path + "'");
  {
    OutputFile out(path);
    out.write("new text");
  }
  EXPECT_EQ(folder.names(), std::vector<std::string>{"games.pgn"});
  EXPECT_EQ(fenkit::testing::read_file(path), "old");
  OutputFile given_up(path);
  given_up.write("new text");
  given_up.abandon();
  given_up.commit();  // does nothing once abandoned
  EXPECT_EQ(folder.names(), std::vector<std::string>{"games.pgn"});
  EXPECT_EQ(fenkit::testing::read_file(path), "old");
}

// .gz and .zst are written compressed; a suspended file goes on in a new frame (member), and the
// whole reads back as one text.
TEST(OutputFile, NamesThatAskForCompressionAreWrittenCompressed) {
  TempFolder folder("compressed");
  std::string text;
  for (int i = 0; i < 20000; ++i)
    text += "[Event \"game " + std::to_string(i) + "\"]\n\n1. e4 *\n\n";
  for (const std::string name : {"games.pgn.gz", "games.pgn.zst"}) {
    SCOPED_TRACE(name);
    const std::string path = folder.file(name);
    OutputFile out(path, CompressionSettings{0, 2});
    out.write(std::string_view(text).substr(0, text.size() / 2));
    out.suspend();
    out.write(std::string_view(text).substr(text.size() / 2));
    out.commit();
    const std::string packed = fenkit::testing::read_file(path);
    EXPECT_EQ(detect_compression(packed), compression_for(name));
    EXPECT_LT(packed.size(), text.size() / 4);
    EXPECT_EQ(fenkit::testing::drain(path).bytes, text);
  }
}

TEST(OutputFile, AWriteThatFailsIsOneOutputErrorNamingTheFile) {
  if (!fs::exists("/dev/full")) GTEST_SKIP() << "no /dev/full";
  OutputFile out("/dev/full");
  EXPECT_TRUE(out.is_stream());
  try {
    out.write(std::string(std::size_t(1) << 20, 'x'));  // more than is buffered: written at once
    ADD_FAILURE() << "no error";
  } catch (const OutputError& e) {
    EXPECT_STREQ(e.what(), "/dev/full: error: cannot write: No space left on device");
  }
}

TEST(OutputFile, AFolderThatDoesNotExistIsAnOutputError) {
  try {
    OutputFile out("/nonexistent-folder/games.pgn");
    ADD_FAILURE() << "no error";
  } catch (const OutputError& e) {
    EXPECT_STREQ(e.what(),
                 "/nonexistent-folder/games.pgn: error: cannot write: No such file or directory");
  }
}

TEST(Compressor, WritesTheFormatsItCanAndRefusesTheOthers) {
  EXPECT_EQ(make_compressor(Compression::none, {}), nullptr);
  EXPECT_NE(make_compressor(Compression::gzip, {}), nullptr);
  EXPECT_NE(make_compressor(Compression::zstd, {}), nullptr);
  EXPECT_THROW(make_compressor(Compression::xz, {}), std::invalid_argument);
  EXPECT_THROW(make_compressor(Compression::bzip2, {}), std::invalid_argument);
  EXPECT_EQ(default_level(Compression::gzip), 6);
  EXPECT_EQ(max_level(Compression::zstd), 19);
}

}  // namespace
}  // namespace fenkit::io
