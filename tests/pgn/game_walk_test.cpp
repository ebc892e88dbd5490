// walk(): every move of a game with the positions around it, each notation, the key and FEN of
// the position after it, and its notes; variations in the record's order.
#include "fenkit/pgn/game_walk.hpp"

#include <gtest/gtest.h>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "fenkit/pgn/game_builder.hpp"
#include "fenkit/pgn/game_reader.hpp"
#include "fenkit/pgn/reader.hpp"
#include "test_support.hpp"

namespace fenkit::pgn {
namespace {

Game read_one(std::string_view text, const ReaderOptions& options = {}) {
  GameBuilder builder;
  read_pgn(text, builder, options);
  EXPECT_EQ(builder.games().size(), 1U);
  return builder.games().empty() ? Game{} : builder.games().front();
}

// Every main-line move of every game of the fixtures, against what libfen says of the move
// and of the positions the game's own replay gives.
TEST(Walk, TheMainLineAsLibfenSeesIt) {
  std::size_t plies = 0;
  for (const char* file : {"pgn/suite.pgn", "pgn/annotated.pgn", "pgn/lichess-style.pgn"}) {
    GameReader reader(fenkit::testing::data(file).string());
    for (const Game& game : reader) {
      if (game.rejected) continue;
      const std::vector<fen::Position> positions = game.mainline_positions();
      std::size_t i = 0;
      for (const Ply& ply : walk(game)) {
        ASSERT_LT(i + 1, positions.size());
        const fen::Position& before = positions[i];
        const fen::Position& after = positions[i + 1];
        const fen::Move move = game.mainline().nodes[i].move;
        EXPECT_EQ(ply.number(), i + 1);
        EXPECT_EQ(ply.depth(), 0U);
        EXPECT_EQ(ply.index(), i);
        EXPECT_EQ(ply.line(), kMainLine);
        EXPECT_EQ(ply.before(), before);
        EXPECT_EQ(ply.after(), after);
        EXPECT_EQ(ply.move(), move);
        EXPECT_EQ(ply.san(), fen::to_san(before, move));
        EXPECT_EQ(ply.uci(), fen::to_uci(before, move));
        EXPECT_EQ(ply.lan(), fen::to_lan(before, move));
        EXPECT_EQ(ply.fen(), fen::to_fen(after));
        EXPECT_EQ(ply.key(), fen::polyglot_key(after));
        ++i;
        ++plies;
      }
      EXPECT_EQ(i, game.plies()) << file << " game " << game.number;
    }
  }
  EXPECT_GT(plies, 150U);
}

// What a walk gives of each move, as text.
std::vector<std::string> seen(Walk&& moves) {
  std::vector<std::string> out;
  for (const Ply& ply : moves)
    out.push_back(std::string(ply.san()) + " " + std::string(ply.uci()) + " " +
                  std::string(ply.fen()) + " " + std::to_string(ply.key()) + " " +
                  fen::to_fen(ply.before()) + " " + std::to_string(ply.number()) + " " +
                  std::to_string(ply.depth()) + " " + ply.comment());
  return out;
}

// The reader's walk of the game it handed out last uses the positions it made while reading;
// of an earlier game, or on several threads, it plays the moves: the same plies either way.
TEST(Walk, TheReadersWalkIsTheGamesWalk) {
  std::string text;
  for (const char* file : {"pgn/suite.pgn", "pgn/annotated.pgn", "pgn/lichess-style.pgn",
                           "pgn/suite-errors.pgn"})
    text += fenkit::testing::read_file(fenkit::testing::data(file)) + "\n";
  for (const unsigned threads : {1U, 2U}) {
    GameReaderOptions options;
    options.threads = threads;
    GameReader reader = GameReader::from_text(text, "all", options);
    std::optional<Game> earlier;
    std::size_t games = 0;
    while (std::optional<Game> game = reader.next()) {
      for (const bool variations : {false, true}) {
        const WalkOptions how{.variations = variations};
        EXPECT_EQ(seen(reader.walk(*game, how)), seen(walk(*game, how))) << "game " << game->number;
        if (earlier) {
          EXPECT_EQ(seen(reader.walk(*earlier, how)), seen(walk(*earlier, how)))
              << "game " << earlier->number;
        }
      }
      earlier = std::move(game);
      ++games;
    }
    EXPECT_GT(games, 15U);
  }
}

// A game of another reader, with the same number, start and length, is walked by its moves.
TEST(Walk, TheReadersWalkOfAnotherReadersGame) {
  GameReader a = GameReader::from_text("1. e4 e5 2. Nf3 *");
  GameReader b = GameReader::from_text("1. d4 d5 2. c4 *");
  const std::optional<Game> ours = a.next(), theirs = b.next();
  ASSERT_TRUE(ours && theirs);
  EXPECT_EQ(seen(a.walk(*theirs)), seen(walk(*theirs)));
  EXPECT_EQ(seen(a.walk(*ours)), seen(walk(*ours)));
}

TEST(Walk, KeysAreRightWhicheverPliesAskForThem) {
  const Game game = read_one("1. e4 c5 2. Nf3 d6 3. d4 cxd4 4. Nxd4 Nf6 5. Nc3 a6 6. Be3 e5 *");
  // Asked on every third ply only: a key is worked out from the ply before when it is known.
  std::size_t i = 0;
  for (const Ply& ply : walk(game)) {
    if (i++ % 3 == 2) {
      EXPECT_EQ(ply.key(), fen::polyglot_key(ply.after())) << ply.san();
    }
  }
}

TEST(Walk, WrittenAsTheRecordHasIt) {
  const Game game = read_one("1. e2e4 e7-e5 2. Ng1-f3 Nc6 3. Bb5 a6 4. 0-0 *");
  std::vector<std::string> written, san;
  for (const Ply& ply : walk(game)) {
    written.emplace_back(ply.written());
    san.emplace_back(ply.san());
  }
  EXPECT_EQ(written, (std::vector<std::string>{"e2e4", "e7-e5", "Ng1-f3", "Nc6", "Bb5", "a6", "0-0"}));
  EXPECT_EQ(san, (std::vector<std::string>{"e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "O-O"}));
}

TEST(Walk, VariationsInTheOrderOfTheRecord) {
  const Game game =
      read_one("1. e4 e5 (1... c5 2. Nf3 (2. c3 d5) 2... d6) (1... e6) 2. Nf3 Nc6 *");
  std::vector<std::string> seen;
  for (const Ply& ply : walk(game, {.variations = true})) {
    seen.push_back(std::string(ply.san()) + " " + std::to_string(ply.number()) + " " +
                   std::to_string(ply.depth()));
    EXPECT_EQ(ply.key(), fen::polyglot_key(ply.after())) << seen.back();
    fen::Position after = ply.before();
    after.play(ply.move());
    EXPECT_EQ(after, ply.after()) << seen.back();
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"e4 1 0", "e5 2 0", "c5 2 1", "Nf3 3 1", "c3 3 2",
                                            "d5 4 2", "d6 4 1", "e6 2 1", "Nf3 3 0", "Nc6 4 0"}));
  // Without variations: the main line only.
  std::size_t n = 0;
  for (const Ply& ply : walk(game)) {
    EXPECT_EQ(ply.depth(), 0U);
    ++n;
  }
  EXPECT_EQ(n, 4U);
}

TEST(Walk, WhatTheRecordSaysOfEachMove) {
  const Game game = read_one(
      "1. e4 { [%eval 0.17] [%clk 0:03:00] } 1... c5 $1 { A fine reply. [%clk 0:02:58] } "
      "2. Nf3 { [%eval #-4] } *");
  std::size_t i = 0;
  for (const Ply& ply : walk(game)) {
    const CommentCommands c = ply.commands();
    if (i == 0) {
      EXPECT_EQ(c.eval_cp, 17);
      EXPECT_EQ(c.clock_ms, 180000U);
      EXPECT_EQ(ply.comment(), "");
      EXPECT_TRUE(ply.nags().empty());
    } else if (i == 1) {
      EXPECT_EQ(c.clock_ms, 178000U);
      EXPECT_EQ(ply.comment(), "A fine reply.");
      ASSERT_EQ(ply.nags().size(), 1U);
      EXPECT_EQ(*ply.nags().begin(), 1);
      EXPECT_EQ(*ply.comments().begin(), "A fine reply. [%clk 0:02:58]");
    } else {
      EXPECT_EQ(c.mate, -4);
    }
    ++i;
  }
  EXPECT_EQ(i, 3U);
}

TEST(Walk, FenAsTheOptionsSay) {
  const Game game = read_one("1. e4 Nf6 2. e5 d5 *");
  std::vector<std::string> standard, legal;
  for (const Ply& ply : walk(game)) standard.emplace_back(ply.fen());
  for (const Ply& ply : walk(game, {.fen = {.ep = fen::EpMode::legal}})) legal.emplace_back(ply.fen());
  EXPECT_EQ(standard[0], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
  EXPECT_EQ(legal[0], "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1");
  // After 2... d5 White's e5 pawn may take en passant: both write the square.
  EXPECT_EQ(standard[3], legal[3]);
  EXPECT_NE(legal[3].find(" d6 "), std::string::npos);
}

TEST(Walk, NullMovesAndGamesSetUpFromAPosition) {
  const Game game = read_one(
      "[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 40\"]\n\n40. e4 -- 41. e5 *");
  std::vector<std::string> san;
  for (const Ply& ply : walk(game)) {
    san.emplace_back(ply.san());
    EXPECT_EQ(ply.key(), fen::polyglot_key(ply.after()));
  }
  EXPECT_EQ(san, (std::vector<std::string>{"e4", "--", "e5"}));
}

TEST(Walk, AGameWithoutCheckedMovesHasNoPositions) {
  ReaderOptions options;
  options.check_moves = false;
  const Game game = read_one("1. e4 e5 *", options);
  EXPECT_THROW(walk(game), std::invalid_argument);
}

}  // namespace
}  // namespace fenkit::pgn
