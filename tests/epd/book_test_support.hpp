// Helpers of the book tests: random games, their PGN text, temporary folders, and a reader
// of .bin files written independently of libepd's (a few lines of big-endian decoding).
#pragma once

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "fenkit/epd/book_builder.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/position.hpp"
#include "fenkit/fen/san.hpp"

namespace fenkit::testing {

struct TestGame {
  std::vector<fen::Move> moves;
  std::string result;  // the Result tag: "1-0", "0-1", "1/2-1/2" or "*"
};

// How random games are played: at each ply the move is the k-th legal move (in generation
// order) with k drawn from a geometric distribution, so low `spread` makes games share
// their openings (repeated pairs, ties, min-games cuts) and high `spread` explores.
struct GameShape {
  int min_plies = 1;
  int max_plies = 12;
  double spread = 0.5;  // probability of moving past each candidate
};

inline std::vector<TestGame> random_games(std::size_t count, std::uint64_t seed,
                                          const GameShape& shape) {
  std::mt19937_64 rng(seed);
  std::vector<TestGame> games;
  const char* results[] = {"1-0", "0-1", "1/2-1/2", "*"};
  for (std::size_t g = 0; g < count; ++g) {
    TestGame game;
    fen::Position pos;
    const int plies = std::uniform_int_distribution<int>(shape.min_plies, shape.max_plies)(rng);
    std::geometric_distribution<int> pick(1.0 - shape.spread);
    for (int ply = 0; ply < plies; ++ply) {
      fen::MoveList legal;
      fen::generate_legal(pos, legal);
      if (legal.empty()) break;
      const fen::Move m = legal[std::size_t(std::min<int>(pick(rng), int(legal.size()) - 1))];
      game.moves.push_back(m);
      pos.play(m);
    }
    game.result = results[std::uniform_int_distribution<int>(0, 3)(rng)];
    games.push_back(std::move(game));
  }
  return games;
}

// The games as PGN, every move in canonical SAN, lines under 80 columns.
inline std::string games_pgn(const std::vector<TestGame>& games) {
  std::string text;
  for (std::size_t g = 0; g < games.size(); ++g) {
    text +=
        "[Event \"game " + std::to_string(g + 1) + "\"]\n[Result \"" + games[g].result + "\"]\n\n";
    fen::Position pos;
    std::string line;
    auto put = [&](const std::string& token) {
      if (!line.empty() && line.size() + 1 + token.size() > 79) {
        text += line + "\n";
        line.clear();
      }
      line += (line.empty() ? "" : " ") + token;
    };
    for (std::size_t i = 0; i < games[g].moves.size(); ++i) {
      if (i % 2 == 0) put(std::to_string(i / 2 + 1) + ".");
      put(fen::to_san(pos, games[g].moves[i]));
      pos.play(games[g].moves[i]);
    }
    put(games[g].result);
    text += line + "\n\n";
  }
  return text;
}

inline void feed(epd::BookBuilder& builder, const std::vector<TestGame>& games) {
  for (const TestGame& game : games)
    builder.add_game(fen::Position(), game.moves, epd::parse_game_result(game.result));
}

// A fresh folder under the system's temporary directory, removed with the object.
class TempDir {
 public:
  TempDir() {
    std::random_device device;
    path_ = std::filesystem::temp_directory_path() /
            ("fenkit-book-test-" + std::to_string(device()) + std::to_string(device()));
    std::filesystem::create_directories(path_);
  }
  ~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  std::filesystem::path operator/(const std::string& name) const { return path_ / name; }
  const std::filesystem::path& path() const { return path_; }

 private:
  std::filesystem::path path_;
};

inline void write_text(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p, std::ios::binary);
  out << text;
}

// Independent of libepd: the entries of a .bin file, decoded by hand.
struct RawEntry {
  std::uint64_t key;
  unsigned move, weight;
  std::uint32_t learn;
  bool operator==(const RawEntry&) const = default;
};

inline std::vector<RawEntry> raw_entries(const std::string& bytes) {
  std::vector<RawEntry> entries;
  auto byte = [&](std::size_t i) { return std::uint64_t(static_cast<unsigned char>(bytes[i])); };
  for (std::size_t at = 0; at + 16 <= bytes.size(); at += 16) {
    RawEntry e{};
    for (int i = 0; i < 8; ++i) e.key = e.key << 8 | byte(at + i);
    e.move = unsigned(byte(at + 8) << 8 | byte(at + 9));
    e.weight = unsigned(byte(at + 10) << 8 | byte(at + 11));
    for (int i = 12; i < 16; ++i) e.learn = std::uint32_t(e.learn << 8 | byte(at + i));
    entries.push_back(e);
  }
  return entries;
}

}  // namespace fenkit::testing
