// Every FEN and EPD position of the corpus reads, and writing it back gives the same fields.
//
// Normalisations (the only differences allowed between what a file says and what write_fen
// writes back):
//   - castling letters are written White first, king side before queen side ("EGeg" comes
//     back as "GEge", "BFbf" as "FBfb"); Shredder-FEN input is compared with Shredder-FEN
//     output and X-FEN/KQkq input with the default output;
//   - blanks between fields become one space (the files have runs of blanks and tabs).
// Positions that legitimately fail are listed below with the reason; every other line must
// read, so nothing is skipped without a word.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "test_support.hpp"

namespace fenkit::fen {
namespace {

using testing::lines_of;

enum class Layout {
  fen_lines,    // one FEN per line
  epd,          // four EPD fields, then operations (or the two clocks of a FEN)
  perft_epd,    // FEN ;D1 n ;D2 n ...
  perft_block,  // "epd FEN" lines among id/perft lines
  csv,          // a FEN in the given comma-separated column, first line a header
  tsv,          // FENs in the tab-separated columns 3 and 4 (expected-replay files)
};

// A line that must fail, and how.
struct ExpectedFailure {
  std::size_t line;
  FenSyntax syntax;         // ok when the failure is a validation problem
  FenField field;
  const char* at;           // syntax errors: the text the column points to
  Problems problems;        // validation failures
  const char* why;
};

struct CorpusFile {
  const char* path;
  Layout layout;
  std::size_t positions;  // non-comment lines that hold a position, per corpus/SOURCES.md
  bool chess960 = false;  // read as a [Variant "Chess960"] game would
  int column = 0;         // csv only
  std::vector<ExpectedFailure> failures = {};
  bool compressed = false;
};

const Problems kTooManyWhitePieces{Problem::too_many_white_pieces};

const CorpusFile kFiles[] = {
    {"epd/GetMated.epd", Layout::epd, 3119},
    {"epd/arasan-tests/arasan2024.epd", Layout::epd, 200},
    {"epd/arasan-tests/bt2630.epd", Layout::epd, 30},
    {"epd/arasan-tests/ecmgcp.epd", Layout::epd, 183},
    {"epd/arasan-tests/eet.epd", Layout::epd, 100},
    {"epd/arasan-tests/iq4.epd", Layout::epd, 183},
    {"epd/arasan-tests/lapuce2.epd", Layout::epd, 35},
    {"epd/arasan-tests/pet.epd", Layout::epd, 48},
    {"epd/arasan-tests/wacnew.epd", Layout::epd, 300},
    {"epd/bratko-kopec.epd", Layout::epd, 24},
    {"epd/edge-cases/pychess-kkppr.fen", Layout::fen_lines, 1},
    {"epd/edge-cases/pychess-pawn.epd", Layout::epd, 1},
    {"epd/edge-cases/python-chess-pv.epd", Layout::epd, 1},
    {"epd/edge-cases/python-chess-string-escaping.epd", Layout::epd, 1},
    {"epd/python-chess-endgame-wdl-dtz.epd", Layout::epd, 200},
    {"epd/sarona-EPD-sets/256_Peter_Martan.epd", Layout::epd, 256},
    {"epd/sarona-EPD-sets/HTC114.epd", Layout::epd, 114},
    {"epd/sarona-EPD-sets/Midgames239.epd", Layout::epd, 239},
    {"epd/sarona-EPD-sets/Silent_but_Deadly.epd", Layout::epd, 134},
    {"epd/sarona-EPD-sets/TCEC_CCC_TestPos.epd", Layout::epd, 46, false, 0,
     {{29, FenSyntax::bad_character, FenField::en_passant, "bm Kc2", {},
       "three fields before the operations: the en-passant field is missing"}}},
    {"epd/sarona-EPD-sets/Zugzwang-Allgeuer.epd", Layout::epd, 38, false, 0,
     {{7, FenSyntax::bad_character, FenField::placement, "a8/Q", {},
       "the second half of a c0 string broken over two lines, not a position"}}},
    {"epd/sarona-EPD-sets/bratko-kopec.epd", Layout::epd, 24},
    {"epd/sarona-EPD-sets/fortresses.epd", Layout::epd, 169, false, 0,
     {{8, FenSyntax::ok, FenField::placement, nullptr, kTooManyWhitePieces,
       "white has 15 bishops and 8 pawns besides the king: 24 pieces"},
      {9, FenSyntax::ok, FenField::placement, nullptr, kTooManyWhitePieces,
       "white has 20 bishops, 6 rooks, 2 queens and 4 pawns: 33 pieces"},
      {10, FenSyntax::ok, FenField::placement, nullptr, kTooManyWhitePieces,
       "white has 14 rooks, 12 bishops and 8 pawns: 35 pieces"}}},
    {"epd/sarona-EPD-sets/hard-mates-blass-uri.epd", Layout::epd, 24},
    {"epd/sarona-EPD-sets/hardtestpos-clean.epd", Layout::epd, 389},
    {"epd/sarona-EPD-sets/inputEpdCA.epd", Layout::epd, 326},
    {"epd/sarona-EPD-sets/kaufman.epd", Layout::epd, 25},
    {"epd/sarona-EPD-sets/nite-odds-masterlist-1000.epd", Layout::epd, 1000},
    {"epd/sarona-EPD-sets/nn-ab.epd", Layout::epd, 40},
    {"epd/sarona-EPD-sets/nolot.epd", Layout::epd, 11},
    // The first position has five black queens and eight white rooks: unusual, but the
    // promotions are paid for by missing pawns (4 of 8, 6 of 8), so it is a legal setup.
    {"epd/sarona-EPD-sets/rybka-forum.epd", Layout::epd, 34},
    {"epd/sarona-EPD-sets/wac-revised.epd", Layout::epd, 200},
    {"epd/sarona-EPD-sets/wac.epd", Layout::epd, 299},
    {"epd/stockfish-books/2moves_v1.epd", Layout::epd, 40457},
    {"epd/stockfish-books/3moves_FRC.epd.zst", Layout::epd, 126113, true, 0, {}, true},
    {"epd/stockfish-books/4mvs_+90_+99.epd", Layout::epd, 635},
    {"epd/stockfish-books/6mvs_+90_+99.epd", Layout::epd, 2933},
    {"epd/stockfish-books/8mvs_+90_+99.epd", Layout::epd, 8533},
    {"epd/stockfish-books/DFRC_openings-every96th.epd", Layout::epd, 9600, true},
    {"epd/stockfish-books/FRC_openings.epd", Layout::epd, 960, true},
    {"epd/stockfish-books/UHO_4060_v4.epd.zst", Layout::epd, 241670, false, 0, {}, true},
    {"epd/stockfish-books/stalemates_200d30_v1.epd", Layout::epd, 10796},
    {"epd/sts/STS1-STS15_LAN_v3.epd", Layout::epd, 1500},
    {"epd/sts/STS1-STS15_LAN_v6.epd", Layout::epd, 1188},
    {"perft/ethereal-fischer.epd", Layout::perft_epd, 960, true},
    {"perft/ethereal-standard.epd", Layout::perft_epd, 128},
    {"perft/pychess-frc_perftsuite.epd", Layout::perft_epd, 9, true},
    {"perft/pychess-perftsuite.epd", Layout::perft_epd, 127},
    {"perft/pychess-perftsuite2-sedlak.epd", Layout::perft_epd, 32},
    {"perft/python-chess-chess960.perft", Layout::perft_block, 960, true},
    {"perft/python-chess-random.perft", Layout::perft_block, 6838},
    {"perft/python-chess-tricky.perft", Layout::perft_block, 19},
    {"polyglot/polyglot-key-test-vectors.csv", Layout::csv, 9, false, 1},
    {"polyglot/derived-polyglot-keys-perft-positions.csv", Layout::csv, 177, false, 0},
    {"pgn/expected-replay/chess960rwch.fen.tsv", Layout::tsv, 2 * 1692, true},
    {"pgn/expected-replay/cutechess-fischerrandom.fen.tsv", Layout::tsv, 2 * 396, true},
    {"pgn/expected-replay/twic-01-232games.fen.tsv", Layout::tsv, 2 * 19777},
};

// ---------------------------------------------------------------- Extracting the positions

struct Record {
  std::size_t line;
  std::string text;  // the FEN, or the whole EPD line
};

std::string trim(const std::string& s) {
  const std::size_t first = s.find_first_not_of(" \t");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t") - first + 1);
}

std::vector<std::string> split(const std::string& s, char separator) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    if (i == s.size() || s[i] == separator) {
      parts.push_back(s.substr(start, i - start));
      start = i + 1;
    }
  }
  return parts;
}

std::vector<Record> records_of(const CorpusFile& file, const std::string& content) {
  std::vector<Record> out;
  const std::vector<std::string> lines = lines_of(content);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const std::string line = trim(lines[i]);
    if (line.empty() || line[0] == '#') continue;
    switch (file.layout) {
      case Layout::fen_lines:
      case Layout::epd: out.push_back({i + 1, line}); break;
      case Layout::perft_epd: out.push_back({i + 1, trim(line.substr(0, line.find(';')))}); break;
      case Layout::perft_block:
        if (line.starts_with("epd ")) out.push_back({i + 1, trim(line.substr(4))});
        break;
      case Layout::csv:
        if (!line.starts_with("moves_from_startpos,") && !line.starts_with("epd4,"))
          out.push_back({i + 1, split(line, ',').at(file.column)});
        break;
      case Layout::tsv:
        if (!line.starts_with("game\t")) {
          const std::vector<std::string> f = split(line, '\t');
          out.push_back({i + 1, f.at(3)});
          out.push_back({i + 1, f.at(4)});
        }
        break;
    }
  }
  return out;
}

// ---------------------------------------------------------------- Comparing the fields

std::vector<std::string> fields_of(const std::string& fen) {
  std::vector<std::string> fields;
  std::string current;
  for (char c : fen) {
    if (c == ' ' || c == '\t') {
      if (!current.empty()) fields.push_back(current);
      current.clear();
    } else {
      current += c;
    }
  }
  if (!current.empty()) fields.push_back(current);
  return fields;
}

bool has_file_letters(const std::string& castling) {
  return std::any_of(castling.begin(), castling.end(), [](char c) {
    return (c >= 'A' && c <= 'H') || (c >= 'a' && c <= 'h');
  });
}

std::string sorted(std::string s) {
  std::sort(s.begin(), s.end());
  return s;
}

struct Tally {
  std::size_t read = 0;
  std::size_t castling_reordered = 0;
  std::size_t six_field_checks = 0;
};

// Compares the first `given.size()` fields of what we write with what the file says.
void compare_fields(const Position& pos, const std::vector<std::string>& given,
                    const std::string& where, Tally& tally) {
  const std::vector<std::string> ours = fields_of(to_fen(pos));
  const std::vector<std::string> shredder =
      fields_of(to_fen(pos, {.castling = CastlingNotation::shredder}));
  ASSERT_GE(given.size(), 4U) << where;
  for (std::size_t i = 0; i < given.size() && i < 6; ++i) {
    if (i != 2) {
      EXPECT_EQ(ours[i], given[i]) << where << ": field " << i + 1;
      continue;
    }
    const std::string& expected = has_file_letters(given[2]) ? shredder[2] : ours[2];
    if (expected == given[2]) continue;
    // The one normalisation: the order of the letters.
    EXPECT_EQ(sorted(expected), sorted(given[2])) << where << ": castling " << given[2];
    ++tally.castling_reordered;
  }
}

bool is_number(const std::string& s) {
  return !s.empty() && std::all_of(s.begin(), s.end(), [](char c) { return std::isdigit(static_cast<unsigned char>(c)); });
}

// Reads one record; on failure, checks it against the expected failures.
void check_record(const CorpusFile& file, const Record& r, Tally& tally,
                  std::map<std::size_t, bool>& failures_seen) {
  const std::string where = std::string(file.path) + ":" + std::to_string(r.line);
  const ExpectedFailure* expected = nullptr;
  for (const ExpectedFailure& f : file.failures)
    if (f.line == r.line) expected = &f;

  Position pos;
  FenError error;
  std::vector<std::string> given;
  std::size_t consumed = 0;
  if (file.layout == Layout::epd) {
    fen::Setup setup;
    error = read_setup(r.text, setup, {.lenient = true, .epd_fields_only = true}, &consumed);
    if (!error) error.problems = make_position(setup, pos, {.chess960 = file.chess960});
    if (!error) given = fields_of(r.text.substr(0, consumed));
  } else {
    error = read_fen(r.text, pos, {.lenient = true, .chess960 = file.chess960});
    if (!error) given = fields_of(r.text);
  }

  if (expected) {
    failures_seen[r.line] = true;
    EXPECT_TRUE(error) << where << " should fail: " << expected->why;
    EXPECT_EQ(error.syntax, expected->syntax) << where << ": " << error.message();
    EXPECT_EQ(error.problems, expected->problems) << where << ": " << error.message();
    if (expected->syntax != FenSyntax::ok) {
      EXPECT_EQ(error.field, expected->field) << where;
      EXPECT_EQ(error.column, r.text.find(expected->at) + 1) << where;
    }
    return;
  }
  ASSERT_FALSE(error) << where << ": " << error.message() << "\n  " << r.text;
  ++tally.read;
  compare_fields(pos, given, where, tally);

  // An EPD line that is a whole FEN (the opening books): the clocks round-trip as well.
  if (file.layout == Layout::epd) {
    const std::vector<std::string> rest = fields_of(r.text.substr(consumed));
    if (rest.size() == 2 && is_number(rest[0]) && is_number(rest[1])) {
      Position full;
      const FenError e = read_fen(r.text, full, {.chess960 = file.chess960});
      ASSERT_FALSE(e) << where << ": " << e.message();
      compare_fields(full, fields_of(r.text), where, tally);
      ++tally.six_field_checks;
    }
  }
}

class CorpusFen : public ::testing::TestWithParam<CorpusFile> {};

TEST_P(CorpusFen, ReadsAndWritesBackTheSameFields) {
  const CorpusFile& file = GetParam();
  FENKIT_REQUIRE_CORPUS(path, file.path);
  std::string content;
  if (file.compressed) {
    FENKIT_REQUIRE_PROGRAM(zstd, "zstd");
    int status = 0;
    content = testing::run(zstd + " -dc '" + path.string() + "'", &status);
    ASSERT_EQ(status, 0) << "zstd failed on " << path;
  } else {
    content = testing::read_file(path);
  }
  const std::vector<Record> records = records_of(file, content);
  EXPECT_EQ(records.size(), file.positions) << file.path;

  Tally tally;
  std::map<std::size_t, bool> failures_seen;
  for (const Record& r : records) {
    check_record(file, r, tally, failures_seen);
    if (::testing::Test::HasFatalFailure()) return;
  }
  for (const ExpectedFailure& f : file.failures)
    EXPECT_TRUE(failures_seen.count(f.line)) << file.path << ":" << f.line << " not seen";
  EXPECT_EQ(tally.read + file.failures.size(), records.size());
  RecordProperty("positions", int(tally.read));
  RecordProperty("castling_reordered", int(tally.castling_reordered));
  RecordProperty("six_field_checks", int(tally.six_field_checks));
}

INSTANTIATE_TEST_SUITE_P(Files, CorpusFen, ::testing::ValuesIn(kFiles), [](const auto& info) {
  std::string name = info.param.path;
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return name;
});

// The reordering normalisation happens where the file's letter order differs from ours, and
// nowhere else: pychess writes Shredder letters in alphabetical order.
TEST(CorpusFenNormalisation, ShredderLetterOrder) {
  const Position pos = position_from_fen("R3rkrR/8/8/8/8/8/8/r3RKRr w EGeg - 0 1");
  EXPECT_EQ(to_fen(pos, {.castling = CastlingNotation::shredder}),
            "R3rkrR/8/8/8/8/8/8/r3RKRr w GEge - 0 1");
  EXPECT_EQ(to_fen(pos), "R3rkrR/8/8/8/8/8/8/r3RKRr w KQkq - 0 1");
}

}  // namespace
}  // namespace fenkit::fen
