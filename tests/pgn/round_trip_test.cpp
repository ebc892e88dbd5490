// Round trip over the corpus: reading a written game gives the same tree again; and what
// is written agrees with pgn-extract's export format.
//
// For every .pgn file of the corpus: read it into trees, write them, read what was written,
// and compare. Writing changes a game on purpose in two ways only, stated here apart from
// the writer: the seven-tag roster comes first (missing roster tags filled in) with the other
// tags after it in input order, and the movetext always ends with a result. Everything else
// (moves, comments, NAGs, variations, start position) must come back equal (Game's
// operator==), and writing the games read back must give the same text again.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>

#include "fenkit/pgn/game_builder.hpp"
#include "fenkit/pgn/reader.hpp"
#include "fenkit/pgn/writer.hpp"
#include "fenkit/fen/variant.hpp"
#include "pgn_text.hpp"
#include "test_support.hpp"

namespace fenkit::pgn {
namespace {

std::vector<std::filesystem::path> corpus_pgn_files(const std::filesystem::path& dir) {
  std::vector<std::filesystem::path> files;
  for (const auto& entry : std::filesystem::recursive_directory_iterator(dir))
    if (entry.is_regular_file() && entry.path().extension() == ".pgn")
      files.push_back(entry.path());
  std::sort(files.begin(), files.end());
  return files;
}

std::vector<Game> read_games(std::string_view text, const std::string& name) {
  GameBuilder builder;
  ReaderOptions options;
  options.file_name = name;
  read_pgn(text, builder, options);
  return std::move(builder.games());
}

std::string write_games(const std::vector<Game>& games, const WriterOptions& options = {}) {
  std::string out;
  PgnWriter writer(out, options);
  for (const Game& g : games) g.accept(writer);
  return out;
}

// pgn-extract copies Latin-1 text through as it is; fenkit hands tag values and comments on in
// UTF-8. Lines that are not UTF-8 are converted (Latin-1) before comparing.
bool valid_utf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const int extra = c < 0x80 ? 0 : (c & 0xE0) == 0xC0 ? 1 : (c & 0xF0) == 0xE0 ? 2 : (c & 0xF8) == 0xF0 ? 3 : -1;
    if (extra < 0 || i + std::size_t(extra) >= s.size() + (extra == 0 ? 1 : 0)) return false;
    for (int k = 1; k <= extra; ++k)
      if ((static_cast<unsigned char>(s[i + std::size_t(k)]) & 0xC0) != 0x80) return false;
    i += std::size_t(extra) + 1;
  }
  return true;
}

std::string latin1_lines_to_utf8(const std::string& text) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    std::size_t end = text.find('\n', start);
    end = end == std::string::npos ? text.size() : end + 1;
    const std::string_view line(text.data() + start, end - start);
    if (valid_utf8(line)) {
      out.append(line);
    } else {
      for (const char ch : line) {
        const auto c = static_cast<unsigned char>(ch);
        if (c < 0x80) {
          out.push_back(ch);
        } else {
          out.push_back(char(0xC0 | (c >> 6)));
          out.push_back(char(0x80 | (c & 0x3F)));
        }
      }
    }
    start = end;
  }
  return out;
}

bool is_result(std::string_view s) {
  return s == "1-0" || s == "0-1" || s == "1/2-1/2" || s == "*";
}

// The game as export format must record it: roster first, from the first tag of each name
// or "?" ("????.??.??" for Date, the result for Result); all other tags in input order;
// the movetext's result, else the Result tag's if valid, else "*".
Game as_exported(const Game& g) {
  Game e = g;
  const std::string* result_tag = g.find_tag("Result");
  e.result = !g.result.empty()                      ? g.result
             : result_tag && is_result(*result_tag) ? *result_tag
                                                    : "*";
  std::vector<bool> used(g.tags.size());
  e.tags.clear();
  for (std::string_view name : kSevenTagRoster) {
    std::size_t i = 0;
    while (i < g.tags.size() && g.tags[i].name != name) ++i;
    if (i < g.tags.size()) {
      e.tags.push_back(g.tags[i]);
      used[i] = true;
    } else {
      e.tags.push_back(Tag{std::string(name), name == "Date"     ? "????.??.??"
                                              : name == "Result" ? e.result
                                                                 : "?"});
    }
  }
  // A SetUp tag without a FEN tag is left out.
  const bool setup_alone = g.find_tag("FEN") == nullptr;
  for (std::size_t i = 0; i < g.tags.size(); ++i)
    if (!used[i] && !(setup_alone && g.tags[i].name == "SetUp")) e.tags.push_back(g.tags[i]);
  return e;
}

// What the writer keeps of a game's notes, and so what reading its text gives back.
struct Kept {
  bool variations = true, comments = true, nags = true;
};

void copy_line(const Game& g, const Line& from, Game& out, LineId to, const Kept& kept) {
  if (kept.comments)
    for (std::string_view c : g.comments(from.starting))
      out.append_comment(to, Game::kBeforeFirstMove, c);
  for (std::size_t i = 0; i < from.nodes.size(); ++i) {
    const Node& node = from.nodes[i];
    out.append_move(to, node.move, g.written(node));
    for (const Note& note : g.notes(node)) {
      switch (note.kind) {
        case Note::Kind::comment:
          // A comment after a dropped variation's ")" follows the move it was an alternative to.
          if (kept.comments) out.append_comment(to, i, g.comment(note));
          break;
        case Note::Kind::nag:
          if (kept.nags) out.append_nag(to, i, note.nag);
          break;
        case Note::Kind::variation:
          if (kept.variations) copy_line(g, g.variation(note), out, out.append_variation(to, i), kept);
          break;
      }
    }
  }
}

// The game with what `kept` says of its notes.
Game with_notes(const Game& g, const Kept& kept) {
  Game out;
  out.number = g.number;
  out.where = g.where;
  out.tags = g.tags;
  out.start = g.start;
  out.moves_checked = g.moves_checked;
  out.result = g.result;
  copy_line(g, g.mainline(), out, kMainLine, kept);
  return out;
}

struct Case {
  const char* name;
  WriterOptions options;
  Kept kept;
};

const Case kCases[] = {
    {"everything", {}, {}},
    {"without variations", {.variations = false}, {.variations = false}},
    {"without comments", {.comments = false}, {.comments = false}},
    {"without NAGs", {.nags = false}, {.nags = false}},
};

TEST(RoundTrip, ReadingAWrittenGameGivesTheSameTree) {
  FENKIT_REQUIRE_CORPUS(dir, "pgn");
  std::size_t games_checked = 0;
  for (const std::filesystem::path& file : corpus_pgn_files(dir)) {
    SCOPED_TRACE(file.string());
    const std::vector<Game> first = read_games(fenkit::testing::read_file(file), file.string());
    std::vector<const Game*> accepted;
    for (const Game& g : first)
      if (!g.rejected) accepted.push_back(&g);

    for (const Case& c : kCases) {
      SCOPED_TRACE(c.name);
      const std::string written = write_games(first, c.options);
      testing::expect_good_layout(written);
      const std::vector<Game> second = read_games(written, file.string() + " (written)");
      ASSERT_EQ(second.size(), accepted.size()) << "rejected games are not written";
      int reported = 0;
      for (std::size_t i = 0; i < second.size() && reported < 5; ++i) {
        const Game expected = with_notes(as_exported(*accepted[i]), c.kept);
        const bool same = !second[i].rejected && second[i] == expected;
        EXPECT_TRUE(same) << "game " << accepted[i]->number << " of the file\n"
                          << (second[i].diagnostics.empty()
                                  ? std::string()
                                  : second[i].diagnostics[0].message + "\n")
                          << "expected:\n"
                          << to_pgn(expected, c.options) << "read back:\n"
                          << to_pgn(second[i], c.options);
        reported += same ? 0 : 1;
      }
      // Export format is a fixed point of reading and writing.
      EXPECT_EQ(write_games(second, c.options), written);
      if (std::string_view(c.name) == "everything") games_checked += second.size();
    }
  }
  EXPECT_GT(games_checked, 1000U);
}

// The writer serves streams and trees alike: writing what the reader delivers gives the
// same text as writing the trees built from it.
TEST(RoundTrip, WritingAStreamEqualsWritingItsTrees) {
  FENKIT_REQUIRE_CORPUS(dir, "pgn");
  for (const std::filesystem::path& file : corpus_pgn_files(dir)) {
    SCOPED_TRACE(file.string());
    const std::string text = fenkit::testing::read_file(file);
    for (const Case& c : kCases) {
      SCOPED_TRACE(c.name);
      std::string streamed;
      PgnWriter writer(streamed, c.options);
      ReaderOptions options;
      options.file_name = file.string();
      read_pgn(text, writer, options);
      const std::string from_trees = write_games(read_games(text, file.string()), c.options);
      if (streamed == from_trees) continue;
      // Show the first game that differs.
      const auto a = testing::split_games(streamed), b = testing::split_games(from_trees);
      std::size_t i = 0;
      while (i < std::min(a.size(), b.size()) && a[i].tags == b[i].tags &&
             a[i].movetext == b[i].movetext)
        ++i;
      ADD_FAILURE() << "game " << i + 1 << " of " << a.size() << " written from the stream and "
                    << b.size() << " from trees differs:\n"
                    << (i < a.size() ? testing::joined_movetext(a[i].movetext) : "(none)") << "\n"
                    << (i < b.size() ? testing::joined_movetext(b[i].movetext) : "(none)");
    }
  }
}

// Movetext tokens, a comment "{ ... }" being one token, with the two differences from
// pgn-extract that are fenkit's choice taken out (see writer_test.cpp): pgn-extract keeps a
// NAG that came after a comment after it, where fenkit writes a move's NAGs first; and it
// drops empty comments. Within each run of comments and NAGs the NAGs go first.
std::vector<std::string> comparable_tokens(const std::string& joined) {
  std::vector<std::string> tokens;
  for (std::size_t i = 0; i < joined.size();) {
    if (joined[i] == ' ') {
      ++i;
      continue;
    }
    const std::size_t end =
        joined[i] == '{' ? joined.find('}', i) + 1 : std::min(joined.find(' ', i), joined.size());
    tokens.push_back(joined.substr(i, end - i));
    i = end;
  }
  std::erase(tokens, std::string("{ }"));
  auto annotation = [](const std::string& t) { return t[0] == '{' || t[0] == '$'; };
  for (auto run = tokens.begin(); run != tokens.end();) {
    auto end = std::find_if_not(run, tokens.end(), annotation);
    std::stable_partition(run, end, [](const std::string& t) { return t[0] == '$'; });
    run = end == tokens.end() ? end : end + 1;
  }
  return tokens;
}

// Whether a game's Variant tag names one of the variants fenkit plays (not Chess960).
bool plays_a_variant(const testing::GameText& game) {
  for (const std::string& tag : game.tags) {
    if (!tag.starts_with("[Variant \"")) continue;
    const std::string value = tag.substr(10, tag.rfind('"') - 10);
    const auto variant = fenkit::fen::find_variant(value);
    return variant && variant->variant != fenkit::fen::Variant::standard;
  }
  return false;
}

TEST(CorpusOracle, WritesWhatPgnExtractWrites) {
  FENKIT_REQUIRE_CORPUS(dir, "pgn");
  FENKIT_REQUIRE_PROGRAM(pgn_extract, "pgn-extract");
  std::size_t compared = 0, identical_lines = 0;
  std::vector<std::string> skipped;
  for (const std::filesystem::path& file : corpus_pgn_files(dir)) {
    SCOPED_TRACE(file.string());
    std::string ours;
    PgnWriter writer(ours);
    ReaderOptions options;
    options.file_name = file.string();
    read_pgn(fenkit::testing::read_file(file), writer, options);
    const std::string theirs_text = latin1_lines_to_utf8(
        fenkit::testing::run(pgn_extract + " -s -w79 '" + file.string() + "' 2>/dev/null"));
    const auto a = testing::split_games(ours), b = testing::split_games(theirs_text);
    // Only files where both accept the same number of games can be compared game by game.
    if (a.size() != b.size()) {
      skipped.push_back(file.filename().string());
      continue;
    }
    int reported = 0;
    for (std::size_t i = 0; i < a.size(); ++i) {
      // pgn-extract plays standard chess and Chess960 only: a variant game's movetext it leaves
      // out.
      if (plays_a_variant(a[i])) continue;
      ++compared;
      identical_lines += a[i].movetext == b[i].movetext;
      auto tags_a = a[i].tags, tags_b = b[i].tags;
      const bool roster_same = tags_a.size() >= 7 && tags_b.size() >= 7 &&
                               std::equal(tags_a.begin(), tags_a.begin() + 7, tags_b.begin());
      std::sort(tags_a.begin(), tags_a.end());
      std::sort(tags_b.begin(), tags_b.end());
      auto tokens_a = comparable_tokens(testing::joined_movetext(a[i].movetext));
      const auto tokens_b = comparable_tokens(testing::joined_movetext(b[i].movetext));
      // pgn-extract drops a comment written before a game's tags; fenkit keeps it as the
      // game's first comment.
      if (!tokens_a.empty() && tokens_a.front()[0] == '{' &&
          (tokens_b.empty() || tokens_b.front()[0] != '{'))
        tokens_a.erase(tokens_a.begin());
      const bool same = roster_same && tags_a == tags_b && tokens_a == tokens_b;
      if (!same && reported++ < 3) {
        ADD_FAILURE() << "game " << i + 1
                      << "\nfenkit:      " << testing::joined_movetext(a[i].movetext)
                      << "\npgn-extract: " << testing::joined_movetext(b[i].movetext);
      }
    }
  }
  // Most of the corpus must have been compared for this to mean something. Movetext without
  // comments and variations is laid out alike, so most games agree line for line too.
  EXPECT_GT(compared, 30000U) << "files skipped: " << ::testing::PrintToString(skipped);
  EXPECT_GT(identical_lines, compared * 9 / 10);
}

}  // namespace
}  // namespace fenkit::pgn
