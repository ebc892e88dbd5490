// What the tests of input share, those of its bytes (tests/io) and those of the games read
// through it (tests/pgn): temporary files, files compressed by each format's own program,
// UTF-16 text, and an input drained to its end or its error.
#pragma once

#include <gtest/gtest.h>
#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <memory>
#include <optional>
#include <random>
#include <stdexcept>
#include <string>
#include <string_view>

#include "fenkit/io/input.hpp"
#include "test_support.hpp"

namespace fenkit::testing {

// A file in the temporary folder, removed at the end of the test.
class TempFile {
 public:
  explicit TempFile(const std::string& name, std::string_view content = {})
      : path_(std::filesystem::temp_directory_path() /
              ("fenkit_input_test_" + std::to_string(::getpid()) + "_" + name)) {
    std::ofstream(path_, std::ios::binary).write(content.data(), std::streamsize(content.size()));
  }
  ~TempFile() {
    std::error_code ignored;
    std::filesystem::remove(path_, ignored);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  const std::filesystem::path& path() const { return path_; }
  std::string string() const { return path_.string(); }

 private:
  std::filesystem::path path_;
};

// ---------------------------------------------------------------- Compressed files

struct Compressor {
  const char* program;
  const char* flags;  // compress to standard output
};

inline constexpr Compressor kCompressors[] = {
    {"gzip", "-c"}, {"bzip2", "-1 -c"}, {"xz", "-c"}, {"zstd", "-q -c"}};

// Compresses `file` with `c` into `out`; false when the program is not installed (reported
// by name) or fails.
inline bool compress(const Compressor& c, const TempFile& file, const TempFile& out) {
  const std::string program = find_program(c.program);
  if (program.empty()) {
    report_missing_oracle(std::string(c.program) + " is not installed");
    return false;
  }
  int status = -1;
  run(program + " " + c.flags + " '" + file.string() + "' > '" + out.string() + "'", &status);
  EXPECT_EQ(status, 0) << c.program;
  return status == 0;
}

// `text` compressed by `c`; empty when the program is not installed.
inline std::string packed_with(const Compressor& c, std::string_view text) {
  TempFile plain(std::string(c.program) + "-plain.pgn", text);
  TempFile packed(std::string(c.program) + "-packed.pgn");
  if (!compress(c, plain, packed)) return {};
  return read_file(packed.path());
}

// What the format's own program recovers from a damaged file (its standard output).
inline std::string recovered_by(const Compressor& c, const TempFile& file) {
  return run(find_program(c.program) + " -q -dc < '" + file.string() + "' 2>/dev/null");
}

// What every format says of data cut short or damaged, after the file's name.
inline constexpr std::string_view kBroken = ": cannot decompress: the data is corrupt or cut short";

// Games with comments of random letters, so that the compressed size grows with the text
// (repeated text would shrink to nothing) and a cut anywhere falls among games.
inline std::string random_games(std::size_t size, unsigned seed) {
  std::string text;
  std::mt19937 random(seed);
  for (int i = 0; text.size() < size; ++i) {
    text += "[Event \"game " + std::to_string(i) + "\"]\n\n1. e4 {";
    for (int k = 0; k < 60; ++k) text += char('a' + random() % 26);
    text += "} e5 2. Nf3 *\n\n";
  }
  return text;
}

// ---------------------------------------------------------------- UTF-16

// `utf8` as UTF-16 after a byte-order mark; nullopt when `utf8` is not valid UTF-8.
inline std::optional<std::string> utf16(std::string_view utf8, bool big_endian) {
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

// ---------------------------------------------------------------- Draining an input

// The bytes an input gives, read in blocks of an odd size, and the message of the error that
// ends them (empty at a normal end).
struct Drained {
  std::string bytes;
  std::string error;
};

inline Drained drain(std::unique_ptr<io::InputSource> (*open)(std::string_view),
                     std::string_view from) {
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

// A file's, as open_input gives them.
inline Drained drain(const std::string& path) {
  return drain([](std::string_view p) { return io::open_input(std::string(p)); }, path);
}

}  // namespace fenkit::testing
