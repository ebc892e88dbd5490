// The game tree's conveniences: positions along the main line, and variations and comments
// added in one call, written out as export format.
#include <gtest/gtest.h>

#include <stdexcept>

#include "fenkit/fen/fen.hpp"
#include "fenkit/pgn/game_builder.hpp"
#include "fenkit/pgn/reader.hpp"
#include "fenkit/pgn/writer.hpp"

namespace fenkit::pgn {
namespace {

Game read_one(std::string_view text) {
  GameBuilder builder;
  read_pgn(text, builder);
  EXPECT_EQ(builder.games().size(), 1U);
  return builder.games().front();
}

TEST(GameEdit, PositionsAlongTheMainLine) {
  const Game game = read_one("1. e4 e5 2. Nf3 *");
  EXPECT_EQ(fen::to_fen(game.position_after(0)), fen::kStartFen);
  EXPECT_EQ(fen::to_fen(game.position_after(3)),
            "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2");
  EXPECT_THROW(game.position_after(4), std::out_of_range);
  const auto positions = game.mainline_positions();
  ASSERT_EQ(positions.size(), 4U);
  EXPECT_EQ(positions[3], game.position_after(3));
}

TEST(GameEdit, VariationsAndCommentsInOneCall) {
  Game game = read_one("1. e4 e5 2. Nf3 Nc6 *");
  game.add_variation(2, {"c5", "Nf3", "d6"});
  game.add_comment(0, "A quiet game.");
  game.add_comment(3, "The usual.");
  EXPECT_EQ(to_pgn(game),
            "[Event \"?\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n[Round \"?\"]\n[White \"?\"]\n"
            "[Black \"?\"]\n[Result \"*\"]\n\n"
            "{ A quiet game. } 1. e4 e5 (1... c5 2. Nf3 d6) 2. Nf3 { The usual. } 2... Nc6 *\n\n");
  // An illegal move adds nothing and says which.
  try {
    game.add_variation(1, {"d4", "d5", "Ke3"});
    ADD_FAILURE() << "added";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("Ke3"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(game.variations(game.mainline().nodes[0]).empty());
  EXPECT_THROW(game.add_variation(5, {"a6"}), std::out_of_range);
  EXPECT_THROW(game.add_comment(5, "x"), std::out_of_range);
}

}  // namespace
}  // namespace fenkit::pgn
