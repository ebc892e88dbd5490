// GameHashSet, the set --unique keeps: every hash is new once and known after, across the
// table's growth, for hashes that share their low bits (long probe runs) and for the value
// that marks an empty slot.
#include "game_hash_set.hpp"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <unordered_set>

namespace fenkit::tools {
namespace {

TEST(GameHashSet, KnowsEveryHashAfterItsFirstInsert) {
  std::mt19937_64 random(29);
  std::vector<pgn::GameHash> hashes;
  for (int i = 0; i < 50'000; ++i) hashes.push_back({random(), random()});
  // Runs of hashes that land on the same slot, and differ only in their high half.
  for (std::uint64_t i = 0; i < 1'000; ++i) hashes.push_back({i + 1, 0x400});
  // And ones that differ only in the bits above any table's index.
  for (std::uint64_t i = 0; i < 1'000; ++i) hashes.push_back({7, (i + 1) << 40});
  hashes.push_back({0, 0});  // the empty slot's value
  hashes.push_back({0, 1});
  hashes.push_back({1, 0});

  GameHashSet set;
  for (const pgn::GameHash& h : hashes) EXPECT_TRUE(set.insert(h)) << h.high << ' ' << h.low;
  EXPECT_EQ(set.size(), hashes.size());
  for (const pgn::GameHash& h : hashes) EXPECT_FALSE(set.insert(h)) << h.high << ' ' << h.low;
  EXPECT_EQ(set.size(), hashes.size());
}

TEST(GameHashSet, CountsAsTheStandardSetDoes) {
  std::mt19937_64 random(11);
  GameHashSet set;
  std::unordered_set<pgn::GameHash, pgn::GameHashHasher> reference;
  for (int i = 0; i < 100'000; ++i) {
    // Few distinct values: most inserts find one already there.
    const pgn::GameHash h{random() % 64, random() % 512};
    EXPECT_EQ(set.insert(h), reference.insert(h).second);
  }
  EXPECT_EQ(set.size(), reference.size());
}

}  // namespace
}  // namespace fenkit::tools
