// fenkit replay against references made by other programs:
// - the corpus's expected-replay tables (FEN after every ply, from pgn-extract and python-chess);
// - pgn-extract itself, over every PGN file of the corpus and over an in-repo fixture
//   (tests/data/pgn/replay-oracle.pgn), for the games it accepts.
// Both FEN conventions are checked: the en-passant square after every double push (pgn-extract's
// default, fenkit's --ep standard) and only when a capture is possible (--nofauxep, --ep legal).
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <future>
#include <map>
#include <set>
#include <sstream>

#include "tool_test_support.hpp"

namespace fenkit::tools {
namespace {

using testing::fenkit;
using testing::quote;
using testing::Outcome;
using fenkit::testing::lines_of;

std::vector<std::string> split(const std::string& line, char separator) {
  std::vector<std::string> out;
  std::stringstream in(line);
  for (std::string field; std::getline(in, field, separator);) out.push_back(field);
  return out;
}

// ------------------------------------------------------------------ expected-replay tables

struct Ply {
  std::string game, ply, san, fen;
  bool operator==(const Ply&) const = default;
};

std::ostream& operator<<(std::ostream& out, const Ply& p) {
  return out << p.game << "." << p.ply << " " << p.san << " " << p.fen;
}

// Every position fenkit writes (csv: game,ply,san,uci,fen).
std::vector<Ply> replay_plies(const std::string& file, bool legal_ep) {
  const Outcome r = fenkit(std::string("replay -q -f csv ") + (legal_ep ? "--ep legal " : "") + quote(file));
  EXPECT_LE(r.status, 1) << r.err;
  std::vector<Ply> out;
  const auto lines = lines_of(r.out);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = split(lines[i], ',');
    if (f.size() != 5) {
      ADD_FAILURE() << "bad csv line: " << lines[i];
      continue;
    }
    out.push_back(Ply{f[0], f[1], f[2], f[4]});
  }
  return out;
}

void expect_same_plies(const std::vector<Ply>& expected, const std::vector<Ply>& actual) {
  EXPECT_EQ(expected.size(), actual.size());
  for (std::size_t i = 0; i < std::min(expected.size(), actual.size()); ++i) {
    if (expected[i] == actual[i]) continue;
    ADD_FAILURE() << "row " << i + 1 << ":\nexpected " << expected[i] << "\nfenkit   " << actual[i];
    return;
  }
}

TEST(ReplayOracle, ExpectedReplayTables) {
  FENKIT_REQUIRE_CORPUS(dir, "pgn/expected-replay");
  int tables = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".tsv") continue;
    SCOPED_TRACE(entry.path().filename().string());
    std::string input;
    std::vector<Ply> fen, fen_nofauxep;
    bool header = false;
    for (const std::string& line : lines_of(fenkit::testing::read_file(entry.path()))) {
      if (line.starts_with("#")) {
        if (const std::size_t at = line.find("Input: "); at != std::string::npos)
          input = line.substr(at + 7);
        continue;
      }
      if (!header) {
        EXPECT_EQ(line, "game\tply\tsan\tfen\tfen_nofauxep");
        header = true;
        continue;
      }
      const auto f = split(line, '\t');
      ASSERT_EQ(f.size(), 5U) << line;
      fen.push_back(Ply{f[0], f[1], f[2], f[3]});
      fen_nofauxep.push_back(Ply{f[0], f[1], f[2], f[4]});
    }
    const auto pgn = fenkit::testing::corpus(input);
    ASSERT_FALSE(pgn.empty()) << "input " << input << " not found";
    ASSERT_GT(fen.size(), 300U);
    expect_same_plies(fen, replay_plies(pgn.string(), false));
    expect_same_plies(fen_nofauxep, replay_plies(pgn.string(), true));
    ++tables;
  }
  EXPECT_EQ(tables, 3);
}

// ------------------------------------------------------------------ pgn-extract

struct FenGame {
  std::string label;        // "game N" (fenkit) or "pgn-extract game N"
  std::uint64_t number = 0;
  bool chess960 = false;
  std::vector<std::string> fens;
};

// The castling field holds only K, Q, k, q (or "-").
bool standard_castling(const std::string& fen) {
  const auto fields = split(fen, ' ');
  return fields.size() > 2 && fields[2].find_first_not_of("KQkq-") == std::string::npos;
}

// Equal FENs, all six fields; in Chess960 games, and wherever a castling field names rook files
// (pgn-extract writes KQc where X-FEN says KQq), all fields but castling.
bool same_position(const std::string& theirs, const std::string& ours, bool chess960) {
  if (!chess960 && standard_castling(theirs) && standard_castling(ours)) return theirs == ours;
  auto a = split(theirs, ' '), b = split(ours, ' ');
  if (a.size() != 6 || b.size() != 6) return false;
  a.erase(a.begin() + 2);
  b.erase(b.begin() + 2);
  return a == b;
}

bool same_game(const FenGame& theirs, const FenGame& ours) {
  if (theirs.fens.size() != ours.fens.size()) return false;
  for (std::size_t i = 0; i < theirs.fens.size(); ++i)
    if (!same_position(theirs.fens[i], ours.fens[i], theirs.chess960)) return false;
  return true;
}

std::string collapse_blanks(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool blank = c == ' ' || c == '\n' || c == '\r' || c == '\t';
    if (blank && (out.empty() || out.back() == ' ')) continue;
    out += blank ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

// The games pgn-extract writes with a FEN comment after every move (-C -N -V: no other
// comments, no NAGs, no variations), split where a line starts with "[Event ".
std::vector<FenGame> pgn_extract_games(const std::string& program, const std::string& file,
                                       bool legal_ep) {
  const std::string out = fenkit::testing::run(
      program + " -s -C -N -V -w10000 --fencomments " + (legal_ep ? "--nofauxep " : "") +
      quote(file) + " 2>/dev/null");
  std::vector<FenGame> games;
  const std::string text = "\n" + out;
  for (std::size_t start = text.find("\n[Event "); start != std::string::npos;) {
    const std::size_t end = text.find("\n[Event ", start + 1);
    const std::string game = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    FenGame g;
    g.number = games.size() + 1;
    g.label = "pgn-extract game " + std::to_string(g.number);
    std::string lower = game;
    std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
    const std::size_t variant = lower.find("\n[variant \"");
    if (variant != std::string::npos) {
      const std::string line = lower.substr(variant, lower.find('\n', variant + 1) - variant);
      g.chess960 = line.find("960") != std::string::npos || line.find("fischer") != std::string::npos;
    }
    for (std::size_t open = game.find('{'); open != std::string::npos; open = game.find('{', open + 1)) {
      const std::size_t close = game.find('}', open);
      if (close == std::string::npos) break;
      g.fens.push_back(collapse_blanks(game.substr(open + 1, close - open - 1)));
    }
    games.push_back(std::move(g));
    start = end;
  }
  return games;
}

struct FenkitReplay {
  std::vector<FenGame> games;                           // games with at least one position
  std::map<std::uint64_t, std::vector<std::string>> warnings;  // by game number
};

FenkitReplay fenkit_games(const std::string& file, bool legal_ep) {
  // pgn-extract plays standard chess and Chess960: the games of other variants are left out.
  const Outcome r = fenkit(std::string("replay -q -W -f csv --variant standard --variant chess960 ") +
                           (legal_ep ? "--ep legal " : "") + quote(file));
  EXPECT_LE(r.status, 1) << r.err;
  FenkitReplay result;
  const auto lines = lines_of(r.out);
  for (std::size_t i = 1; i < lines.size(); ++i) {
    const auto f = split(lines[i], ',');
    if (f.size() != 5) continue;
    const std::uint64_t number = std::stoull(f[0]);
    if (result.games.empty() || result.games.back().number != number)
      result.games.push_back(FenGame{"game " + f[0], number, false, {}});
    result.games.back().fens.push_back(f[4]);
  }
  // FILE:LINE:COLUMN: warning: game N: MESSAGE
  for (const std::string& line : lines_of(r.err)) {
    const std::size_t at = line.find(": warning: game ");
    if (at == std::string::npos) continue;
    const std::size_t number_at = at + 16;
    const std::size_t colon = line.find(':', number_at);
    result.warnings[std::stoull(line.substr(number_at, colon - number_at))].push_back(
        line.substr(colon + 2));
  }
  return result;
}

// Why pgn-extract refuses a game fenkit replays, from fenkit's warnings about it: it needs a
// result at the end of the movetext, --allownullmoves for a null move in the main line, and a
// FEN for a SetUp tag. Empty when there is no such warning.
std::string known_reason(const std::vector<std::string>& warnings) {
  for (const std::string& w : warnings) {
    if (w.find("no result") != std::string::npos) return "no result";
    if (w.find("null move") != std::string::npos && w.find("main line") != std::string::npos)
      return "null move in the main line";
    if (w.find("SetUp tag without a FEN") != std::string::npos) return "SetUp without FEN";
  }
  return {};
}

struct Agreement {
  std::size_t compared = 0;  // games pgn-extract accepts, found in fenkit's output
};

// Every game pgn-extract writes positions for is one of fenkit's, in order, with the same
// positions; and the games only fenkit replays are exactly those with a known reason.
Agreement expect_agreement(const std::string& pgn_extract, const std::string& file, bool legal_ep) {
  SCOPED_TRACE(file + (legal_ep ? " (legal e.p.)" : ""));
  auto theirs_future = std::async(std::launch::async, pgn_extract_games, pgn_extract, file, legal_ep);
  const FenkitReplay ours = fenkit_games(file, legal_ep);
  std::vector<FenGame> theirs = theirs_future.get();
  std::erase_if(theirs, [](const FenGame& g) { return g.fens.empty(); });

  Agreement result;
  std::set<std::uint64_t> extra;  // fenkit's game numbers pgn-extract has no game for
  std::size_t next = 0;
  int reported = 0;
  for (const FenGame& g : theirs) {
    std::size_t k = next;
    while (k < ours.games.size() && !same_game(g, ours.games[k])) ++k;
    if (k == ours.games.size()) {
      if (reported++ < 3) {
        std::string detail;
        if (next < ours.games.size()) {
          const FenGame& o = ours.games[next];
          for (std::size_t i = 0; i < std::min(g.fens.size(), o.fens.size()); ++i) {
            if (same_position(g.fens[i], o.fens[i], g.chess960)) continue;
            detail = "\n  first difference with fenkit's " + o.label + " at ply " +
                     std::to_string(i + 1) + ":\n  pgn-extract " + g.fens[i] + "\n  fenkit      " +
                     o.fens[i];
            break;
          }
        }
        ADD_FAILURE() << g.label << " (" << g.fens.size()
                      << " positions) is not among fenkit's games" << detail;
      }
      continue;
    }
    for (std::size_t i = next; i < k; ++i) extra.insert(ours.games[i].number);
    next = k + 1;
    ++result.compared;
  }
  for (std::size_t i = next; i < ours.games.size(); ++i) extra.insert(ours.games[i].number);

  // The extra games, and the games with a reason to be refused, are the same set.
  std::set<std::uint64_t> explained;
  for (const FenGame& g : ours.games)
    if (const auto w = ours.warnings.find(g.number);
        w != ours.warnings.end() && !known_reason(w->second).empty())
      explained.insert(g.number);
  for (const std::uint64_t n : extra)
    if (!explained.contains(n)) ADD_FAILURE() << "game " << n << " only fenkit replays, without a known reason";
  for (const std::uint64_t n : explained)
    if (!extra.contains(n))
      ADD_FAILURE() << "game " << n << " (" << known_reason(ours.warnings.at(n))
                    << ") is also replayed by pgn-extract";
  return result;
}

std::vector<std::filesystem::path> corpus_pgn_files(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().extension() == ".pgn") files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

TEST(ReplayOracle, PgnExtractAgreesOverTheCorpus) {
  FENKIT_REQUIRE_CORPUS(dir, "pgn");
  FENKIT_REQUIRE_PROGRAM(pgn_extract, "pgn-extract");
  std::size_t compared = 0;
  for (const auto& file : corpus_pgn_files(dir))
    for (const bool legal_ep : {false, true})
      compared += expect_agreement(pgn_extract, file.string(), legal_ep).compared;
  // Most of the corpus is comparable (each game counted once per e.p. convention).
  EXPECT_GT(compared, 2 * 30000U);
}

// The in-repo fixture: castling both ways, en passant, promotions and an underpromotion from a
// FEN with Black to move, a game with comments and variations, Chess960, mate. pgn-extract
// accepts every game, so fenkit must write exactly its positions.
TEST(ReplayOracle, PgnExtractAgreesOnTheFixture) {
  FENKIT_REQUIRE_PROGRAM(pgn_extract, "pgn-extract");
  const std::string file = testing::data("pgn/replay-oracle.pgn");
  for (const bool legal_ep : {false, true}) {
    SCOPED_TRACE(legal_ep);
    const Agreement a = expect_agreement(pgn_extract, file, legal_ep);
    EXPECT_EQ(a.compared, 6U);
    const Outcome r = fenkit("replay -W " + quote(file));
    EXPECT_EQ(r.status, 0);
    EXPECT_NE(r.err.find("6 games, 6 used, 0 rejected"), std::string::npos) << r.err;
  }
}

}  // namespace
}  // namespace fenkit::tools
