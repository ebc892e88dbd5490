// Perft: the move generator against every suite of the corpus and the in-repo fixture.
//
// Counts above kNodeBudget are skipped to keep the run short; set FENKIT_DEEP_PERFT=1 to
// check every count (minutes to hours).
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/perft.hpp"
#include "fenkit/fen/perft_suite.hpp"
#include "test_support.hpp"

namespace fenkit::fen {
namespace {

constexpr std::uint64_t kNodeBudget = 1'000'000;

std::uint64_t node_budget() {
  const char* deep = std::getenv("FENKIT_DEEP_PERFT");
  return deep && *deep && *deep != '0' ? UINT64_MAX : kNodeBudget;
}

// Runs every count of a suite within the budget; returns how many were checked.
std::size_t run_suite(const std::filesystem::path& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::vector<PerftSuiteError> errors;
  const std::vector<PerftCase> cases = read_perft_suite(in, errors);
  EXPECT_TRUE(errors.empty()) << path << ":" << (errors.empty() ? 0 : errors[0].line);
  EXPECT_FALSE(cases.empty()) << path;
  std::size_t checked = 0;
  const std::uint64_t budget = node_budget();
  for (const PerftCase& c : cases) {
    const auto variant = find_variant(c.variant);
    EXPECT_TRUE(variant) << path << ":" << c.line << ": unknown variant " << c.variant;
    if (!variant) continue;
    Position pos;
    const FenError error = read_fen(c.fen, pos,
                                    {.lenient = true, .chess960 = variant->chess960,
                                     .variant = variant->variant});
    EXPECT_FALSE(error) << path << ":" << c.line << ": " << error.message();
    if (error) continue;
    for (const auto& [depth, nodes] : c.expected) {
      if (nodes > budget) continue;
      ++checked;
      EXPECT_EQ(perft(pos, depth), nodes) << path << ":" << c.line << " depth " << depth << " " << c.fen;
    }
  }
  return checked;
}

class CorpusPerft : public ::testing::TestWithParam<const char*> {};

TEST_P(CorpusPerft, MatchesEveryCountWithinBudget) {
  FENKIT_REQUIRE_CORPUS(path, std::string("perft/") + GetParam());
  EXPECT_GT(run_suite(path), 0U);
}

INSTANTIATE_TEST_SUITE_P(Suites, CorpusPerft,
                         ::testing::Values("ethereal-standard.epd", "ethereal-fischer.epd",
                                           "pychess-frc_perftsuite.epd", "pychess-perftsuite.epd",
                                           "pychess-perftsuite2-sedlak.epd",
                                           "python-chess-chess960.perft",
                                           "python-chess-random.perft",
                                           "python-chess-tricky.perft"),
                         [](const auto& info) {
                           std::string name = info.param;
                           for (char& c : name)
                             if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
                           return name;
                         });

// The variants' suites in the repository (tests/data/perft): positions of their own, every
// count agreed by python-chess and shakmaty when written. Each block names its variant.
class VariantPerft : public ::testing::TestWithParam<const char*> {};

TEST_P(VariantPerft, MatchesEveryCount) {
  const std::filesystem::path path = testing::data(std::string("perft/") + GetParam() + ".perft");
  EXPECT_GT(run_suite(path), 30U);
  // The suite is the variant's: its blocks name it.
  std::ifstream in(path);
  std::vector<PerftSuiteError> errors;
  for (const PerftCase& c : read_perft_suite(in, errors))
    EXPECT_EQ(variant_key(find_variant(c.variant)->variant), GetParam()) << c.line;
}

INSTANTIATE_TEST_SUITE_P(Suites, VariantPerft,
                         ::testing::Values("crazyhouse", "threecheck", "atomic", "antichess",
                                           "kingofthehill", "racingkings", "horde"));

// The in-repo fixture (tests/data/fen/perft.epd, counts from Stockfish): every count, so
// that perft is tested even without the corpus. About 25 million leaves in all.
TEST(Perft, InRepoFixture) {
  std::ifstream in(testing::data("fen/perft.epd"));
  ASSERT_TRUE(in);
  std::vector<PerftSuiteError> errors;
  const std::vector<PerftCase> cases = read_perft_suite(in, errors);
  EXPECT_TRUE(errors.empty());
  ASSERT_EQ(cases.size(), 32U);
  std::size_t counts = 0;
  for (const PerftCase& c : cases) {
    Position pos;
    const FenError error = read_fen(c.fen, pos);
    ASSERT_FALSE(error) << "perft.epd:" << c.line << ": " << error.message();
    for (const auto& [depth, nodes] : c.expected) {
      EXPECT_EQ(perft(pos, depth), nodes) << "perft.epd:" << c.line << " depth " << depth;
      ++counts;
    }
  }
  EXPECT_EQ(counts, 143U);
}

TEST(Perft, StartPositionToDepthFive) {
  const Position start;
  const std::uint64_t expected[] = {1, 20, 400, 8902, 197281, 4865609};
  for (int depth = 0; depth <= 5; ++depth) EXPECT_EQ(perft(start, depth), expected[depth]);
}

TEST(Perft, DivideSumsToTotal) {
  const Position pos = position_from_fen(
      "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1");
  std::uint64_t sum = 0;
  const auto divide = perft_divide(pos, 3);
  for (const auto& [move, count] : divide) sum += count;
  EXPECT_EQ(divide.size(), 48U);
  EXPECT_EQ(sum, perft(pos, 3));
}

TEST(Perft, SuiteReaderReportsBadLines) {
  std::istringstream in("# comment\n8/8/8/8/8/8/8/K6k w - - 0 1 ;D1 3\nnot a suite line\n");
  std::vector<PerftSuiteError> errors;
  const auto cases = read_perft_suite(in, errors);
  ASSERT_EQ(cases.size(), 1U);
  EXPECT_EQ(cases[0].line, 2U);
  ASSERT_EQ(errors.size(), 1U);
  EXPECT_EQ(errors[0].line, 3U);
}

}  // namespace
}  // namespace fenkit::fen
