// The move generator against Stockfish, move by move: `go perft N` prints each root move with
// the leaf count below it, and perft_divide() must give the same list. Skipped when Stockfish
// is not installed.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/perft.hpp"
#include "fenkit/fen/perft_suite.hpp"
#include "fenkit/fen/uci.hpp"
#include "test_support.hpp"

namespace fenkit::fen {
namespace {

using Divide = std::map<std::string, std::uint64_t>;

struct Sample {
  std::string fen;
  std::string origin;  // file:line, for messages
  bool chess960 = false;
};

// Runs one Stockfish process over all samples and returns one divide per sample.
std::vector<Divide> stockfish_divides(const std::string& program, const std::vector<Sample>& samples,
                                      int depth, bool chess960) {
  const std::filesystem::path script =
      std::filesystem::temp_directory_path() /
      ("fenkit-stockfish-" + std::to_string(::getpid()) + (chess960 ? "-960" : "") + ".txt");
  {
    std::ofstream out(script);
    if (chess960) out << "setoption name UCI_Chess960 value true\n";
    for (const Sample& s : samples) out << "position fen " << s.fen << "\ngo perft " << depth << "\n";
    out << "quit\n";
  }
  int status = 0;
  const std::string output = testing::run(program + " < '" + script.string() + "'", &status);
  std::filesystem::remove(script);
  EXPECT_EQ(status, 0);

  static const std::regex move_line("^([a-h][1-8][a-h][1-8][nbrq]?): ([0-9]+)$");
  std::vector<Divide> divides;
  Divide current;
  for (const std::string& line : testing::lines_of(output)) {
    std::smatch m;
    if (std::regex_match(line, m, move_line)) {
      current[m[1]] = std::stoull(m[2]);
    } else if (line.starts_with("Nodes searched:")) {
      divides.push_back(current);
      current.clear();
    }
  }
  return divides;
}

Divide our_divide(const Sample& s, int depth) {
  Position pos;
  const FenError error = read_fen(s.fen, pos, {.lenient = true, .chess960 = s.chess960});
  EXPECT_FALSE(error) << s.origin << ": " << error.message();
  Divide d;
  for (const auto& [move, nodes] : perft_divide(pos, depth))
    d[to_uci(move, {.king_takes_rook = s.chess960})] = nodes;
  return d;
}

void compare(const std::string& stockfish, const std::vector<Sample>& samples, int depth,
             bool chess960) {
  const std::vector<Divide> theirs = stockfish_divides(stockfish, samples, depth, chess960);
  ASSERT_EQ(theirs.size(), samples.size()) << "Stockfish answered fewer positions than asked";
  for (std::size_t i = 0; i < samples.size(); ++i) {
    const Divide ours = our_divide(samples[i], depth);
    const Divide& sf = theirs[i];
    for (const auto& [move, nodes] : sf) {
      const auto it = ours.find(move);
      if (it == ours.end())
        ADD_FAILURE() << samples[i].origin << " " << samples[i].fen << ": missing " << move;
      else
        EXPECT_EQ(it->second, nodes) << samples[i].origin << " " << samples[i].fen << ": " << move;
    }
    for (const auto& [move, nodes] : ours)
      if (!sf.count(move)) ADD_FAILURE() << samples[i].origin << " " << samples[i].fen << ": extra " << move;
  }
}

std::vector<PerftCase> read_suite(const std::filesystem::path& path) {
  std::ifstream in(path);
  std::vector<PerftSuiteError> errors;
  std::vector<PerftCase> cases = read_perft_suite(in, errors);
  EXPECT_TRUE(errors.empty()) << path;
  return cases;
}

// The fixture marks Chess960 positions in the comment line above them.
std::vector<Sample> fixture_samples(bool chess960) {
  const std::filesystem::path path = testing::data("fen/perft.epd");
  const std::vector<std::string> lines = testing::lines_of(testing::read_file(path));
  std::vector<Sample> samples;
  for (const PerftCase& c : read_suite(path)) {
    const bool is960 = c.line >= 2 && lines[c.line - 2].find("Chess960") != std::string::npos;
    if (is960 == chess960) samples.push_back({c.fen, "perft.epd:" + std::to_string(c.line), is960});
  }
  return samples;
}

TEST(StockfishOracle, DivideOfTheFixtureStandardPositions) {
  FENKIT_REQUIRE_PROGRAM(stockfish, "stockfish");
  const std::vector<Sample> samples = fixture_samples(false);
  ASSERT_GE(samples.size(), 20U);
  compare(stockfish, samples, 3, false);
}

TEST(StockfishOracle, DivideOfTheFixtureChess960Positions) {
  FENKIT_REQUIRE_PROGRAM(stockfish, "stockfish");
  const std::vector<Sample> samples = fixture_samples(true);
  ASSERT_GE(samples.size(), 9U);
  compare(stockfish, samples, 3, true);
}

// Every 40th position of the random-playout suite and every 20th of the Chess960 suite.
TEST(StockfishOracle, DivideOfCorpusSamples) {
  FENKIT_REQUIRE_PROGRAM(stockfish, "stockfish");
  FENKIT_REQUIRE_CORPUS(random_path, "perft/python-chess-random.perft");
  FENKIT_REQUIRE_CORPUS(fischer_path, "perft/ethereal-fischer.epd");
  std::vector<Sample> standard, chess960;
  const std::vector<PerftCase> random = read_suite(random_path);
  for (std::size_t i = 0; i < random.size(); i += 40)
    standard.push_back({random[i].fen, "python-chess-random.perft:" + std::to_string(random[i].line)});
  const std::vector<PerftCase> fischer = read_suite(fischer_path);
  for (std::size_t i = 0; i < fischer.size(); i += 20)
    chess960.push_back({fischer[i].fen, "ethereal-fischer.epd:" + std::to_string(fischer[i].line), true});
  compare(stockfish, standard, 3, false);
  compare(stockfish, chess960, 3, true);
}

}  // namespace
}  // namespace fenkit::fen
