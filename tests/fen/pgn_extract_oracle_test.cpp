// SAN writing, play() and FEN writing against pgn-extract, game by game over the corpus PGN
// files. pgn-extract rewrites each game three times: as UCI moves (-Wuci), as canonical SAN
// with the FEN after every move (--fencomments), and the same with the en-passant square only
// when a capture is possible (--nofauxep). We replay the UCI moves with read_uci and compare
// write_san, write_fen (EpMode::standard) and write_fen (EpMode::legal) with its output.
// Skipped when pgn-extract is not installed.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "tag_scan.hpp"
#include "test_support.hpp"

namespace fenkit::fen {
namespace {

// A game as pgn-extract printed it: its start and the tokens of its movetext.
struct PrintedGame {
  testing::GameStart start;
  std::vector<std::string> moves;     // SAN or UCI tokens
  std::vector<std::string> comments;  // the FEN comment after each move, if any
};

std::vector<PrintedGame> parse_output(const std::string& text) {
  std::vector<PrintedGame> games;
  const std::vector<testing::GameStart> starts = testing::game_starts(text);
  std::string movetext;
  auto finish = [&] {
    if (games.empty()) return;
    PrintedGame& g = games.back();
    for (std::size_t i = 0; i < movetext.size();) {
      if (movetext[i] == ' ') {
        ++i;
      } else if (movetext[i] == '{') {
        const std::size_t close = movetext.find('}', i);
        std::string comment = movetext.substr(i + 1, close - i - 1);
        comment.erase(0, comment.find_first_not_of(' '));
        comment.erase(comment.find_last_not_of(' ') + 1);
        g.comments.push_back(comment);
        i = close + 1;
      } else {
        const std::size_t end = std::min(movetext.find(' ', i), movetext.size());
        const std::string token = movetext.substr(i, end - i);
        // --noresults leaves the result of a game without moves.
        if (token != "*" && token != "1-0" && token != "0-1" && token != "1/2-1/2")
          g.moves.push_back(token);
        i = end;
      }
    }
    movetext.clear();
  };
  for (const std::string& line : testing::lines_of(text)) {
    if (line.starts_with("[Event ")) {
      finish();
      games.push_back({starts.at(games.size())});
    } else if (!line.empty() && line[0] != '[') {
      movetext += ' ' + line;
    }
  }
  finish();
  return games;
}

std::string pgn_extract(const std::string& program, const std::string& options,
                        const std::vector<std::filesystem::path>& files) {
  std::string command = program + " -s -V -C -N --nomovenumbers --noresults -w 100000 " + options;
  for (const auto& f : files) command += " '" + f.string() + "'";
  command += " 2>/dev/null";
  return testing::run(command);
}

// read_uci, except for castling: in Chess960 games pgn-extract writes castling sometimes as
// the king's move to its destination (e1c1 for a rook on d1), which can look like an ordinary
// king move (f1g1), sometimes as king-takes-rook (e1h1). Castling is therefore recognised from
// the SAN pgn-extract printed for the same ply, in either UCI form.
// Promotions come as e7e8Q, which read_uci takes as it is.
Move read_pgn_extract_uci(const Position& pos, const std::string& text, const std::string& san) {
  if (!san.starts_with("O-O")) return read_uci(pos, text);
  const bool king_side = !san.starts_with("O-O-O");
  MoveList legal;
  generate_legal(pos, legal);
  for (Move c : legal)
    if (c.is_castling() && (c.to() > c.from()) == king_side &&
        (to_uci(c, {}) == text || to_uci(c, {.king_takes_rook = true}) == text))
      return c;
  return Move::none();
}

// FEN fields compared one by one; for Chess960 the castling field is compared as rights,
// since pgn-extract writes some X-FEN rights with a file letter where an outermost rook
// needs none (corpus/SOURCES.md).
bool same_fen(const std::string& ours, const std::string& theirs, bool chess960) {
  if (ours == theirs) return true;
  if (!chess960) return false;
  Position a, b;
  if (read_fen(ours, a, {.chess960 = true}) || read_fen(theirs, b, {.chess960 = true})) return false;
  return a == b;
}

struct Totals {
  std::size_t games = 0, plies = 0, san_mismatches = 0, fen_mismatches = 0, reported = 0;
  // One writer for all games, so that it also meets unrelated positions one after the other.
  FenWriter writer;
};

void replay(const PrintedGame& uci, const PrintedGame& san, const PrintedGame& legal_ep,
            std::size_t number, Totals& totals) {
  const std::string where = "game " + std::to_string(number);
  ASSERT_EQ(uci.moves.size(), san.moves.size()) << where;
  ASSERT_EQ(san.comments.size(), san.moves.size()) << where;
  ASSERT_EQ(legal_ep.comments.size(), san.moves.size()) << where;
  Position pos;
  if (!uci.start.fen.empty()) {
    // Puzzle collections write fullmove 0; pgn-extract reads it as 1, and so do we when the
    // problem is accepted.
    const FenError e = read_fen(uci.start.fen, pos,
                                {.lenient = true, .relax = {Problem::fullmove_zero},
                                 .chess960 = uci.start.chess960});
    ASSERT_FALSE(e) << where << ": [FEN \"" << uci.start.fen << "\"]: " << e.message();
  }
  const bool chess960 = pos.is_chess960();
  auto report = [&](const std::string& what) {
    if (++totals.reported <= 30) ADD_FAILURE() << where << ": " << what;
  };
  for (std::size_t i = 0; i < uci.moves.size(); ++i) {
    const std::string ply = " ply " + std::to_string(i + 1) + " ";
    const Move m = read_pgn_extract_uci(pos, uci.moves[i], san.moves[i]);
    if (m.is_none()) {
      report(ply + "cannot read " + uci.moves[i] + " in " + to_fen(pos));
      return;
    }
    const std::string written = to_san(pos, m);
    if (written != san.moves[i]) {
      ++totals.san_mismatches;
      report(ply + "SAN " + written + ", pgn-extract " + san.moves[i] + " in " + to_fen(pos));
    }
    pos.play(m);
    ++totals.plies;
    const std::string fen = to_fen(pos), legal = to_fen(pos, {.ep = EpMode::legal});
    char buffer[kMaxFenLength];
    if (std::string(buffer, totals.writer.write(pos, buffer)) != fen) {
      ++totals.fen_mismatches;
      report(ply + "FenWriter differs from write_fen: " + std::string(buffer, totals.writer.write(pos, buffer)));
    }
    if (!same_fen(fen, san.comments[i], chess960)) {
      ++totals.fen_mismatches;
      report(ply + "after " + written + ": FEN " + fen + ", pgn-extract " + san.comments[i]);
    }
    if (!same_fen(legal, legal_ep.comments[i], chess960)) {
      ++totals.fen_mismatches;
      report(ply + "after " + written + ": --ep legal FEN " + legal + ", pgn-extract --nofauxep " +
             legal_ep.comments[i]);
    }
  }
  ++totals.games;
}

TEST(PgnExtractOracle, SanAndFenAfterEveryMoveOfTheCorpusGames) {
  FENKIT_REQUIRE_PROGRAM(pgn_extract_program, "pgn-extract");
  FENKIT_REQUIRE_CORPUS(pgn_dir, "pgn");
  // Every PGN of the corpus but the 8 MB of opening lines, which add no new situations.
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(pgn_dir))
    if (entry.path().extension() == ".pgn" && entry.path().filename() != "8moves_v3.pgn")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  ASSERT_GT(files.size(), 50U);

  const std::vector<PrintedGame> uci = parse_output(pgn_extract(pgn_extract_program, "-Wuci", files));
  const std::vector<PrintedGame> san = parse_output(pgn_extract(pgn_extract_program, "--fencomments", files));
  const std::vector<PrintedGame> legal_ep =
      parse_output(pgn_extract(pgn_extract_program, "--fencomments --nofauxep", files));
  ASSERT_GT(uci.size(), 5000U);
  ASSERT_EQ(uci.size(), san.size());
  ASSERT_EQ(uci.size(), legal_ep.size());

  Totals totals;
  for (std::size_t i = 0; i < uci.size(); ++i) replay(uci[i], san[i], legal_ep[i], i + 1, totals);
  EXPECT_EQ(totals.games, uci.size());
  EXPECT_EQ(totals.san_mismatches, 0U);
  EXPECT_EQ(totals.fen_mismatches, 0U);
  EXPECT_GT(totals.plies, 200000U);
  RecordProperty("games", int(totals.games));
  RecordProperty("plies", int(totals.plies));
}

}  // namespace
}  // namespace fenkit::fen
