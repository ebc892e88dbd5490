// Reading FEN text: every syntax error with its field and column, lenient reading, and the
// three ways of writing castling rights (KQkq, X-FEN, Shredder-FEN).
#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <array>
#include <optional>
#include <random>
#include <string>
#include <string_view>

#include "fenkit/fen/fen.hpp"

namespace fenkit::fen {
namespace {

using ::testing::HasSubstr;

// ---------------------------------------------------------------- Syntax errors

// One malformed FEN. The expected column is not written as a number but found in the text:
// `at` is a piece of `text` whose first character is where the error must point (the
// offending character, or the start of a bad clock). An empty `at` means "just past the end",
// where a missing field is noticed.
struct SyntaxCase {
  const char* name;
  std::string text;
  FenSyntax syntax;
  FenField field;
  std::string at;
  int rank = 0;  // checked for the rank errors only
  bool lenient = false;
};

std::size_t expected_column(const SyntaxCase& c) {
  if (c.at.empty()) return c.text.size() + 1;
  const std::size_t index = c.text.find(c.at);
  EXPECT_NE(index, std::string::npos) << c.name << ": marker not in text";
  return index + 1;
}

const SyntaxCase kSyntaxCases[] = {
    {"empty text", "", FenSyntax::empty, FenField::placement, ""},
    {"only blanks", "  \t ", FenSyntax::empty, FenField::placement, ""},
    {"unknown piece letter", "rnbqkbnr/ppppXppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     FenSyntax::bad_character, FenField::placement, "Xppp"},
    {"digit nine", "rnbqkbnr/pppppppp/9/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     FenSyntax::bad_character, FenField::placement, "9/"},
    {"digit zero", "rnbqkbnr/pppppppp/08/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     FenSyntax::bad_character, FenField::placement, "08"},
    // The ninth square of rank 7 is the ninth 'p'.
    {"nine pieces on a rank", "rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     FenSyntax::rank_too_long, FenField::placement, "p/8/8/8/8/P", 7},
    // "54" on rank 6: five empty squares, then four more than fit.
    {"digits adding up past 8", "rnbqkbnr/pppppppp/54/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     FenSyntax::rank_too_long, FenField::placement, "4/", 6},
    {"piece after a full rank of digits", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNRR w KQkq - 0 1",
     FenSyntax::rank_too_long, FenField::placement, "R w", 1},
    // Seven squares on rank 7: the error is at the '/' that ends it.
    {"seven squares on a rank", "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
     FenSyntax::rank_too_short, FenField::placement, "/8/8/8/8/P", 7},
    // The last rank is short: noticed at the blank that ends the placement.
    {"short last rank", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
     FenSyntax::rank_too_short, FenField::placement, " w", 1},
    // The eighth '/' would start a ninth rank.
    {"nine ranks", "8/8/8/8/8/8/8/8/8 w - - 0 1", FenSyntax::too_many_ranks,
     FenField::placement, "/8 w"},
    {"seven ranks", "8/8/8/8/8/8/8 w - - 0 1", FenSyntax::too_few_ranks, FenField::placement,
     " w"},
    {"side is not w or b", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
     FenSyntax::bad_character, FenField::side_to_move, "x KQkq"},
    {"two letters for the side", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR wb KQkq - 0 1",
     FenSyntax::bad_character, FenField::side_to_move, "b KQkq"},
    {"upper-case side", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR W KQkq - 0 1",
     FenSyntax::bad_character, FenField::side_to_move, "W KQkq"},
    {"castling letter outside A-H, KQkq", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkx - 0 1",
     FenSyntax::bad_character, FenField::castling, "x -"},
    {"digit in castling", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQ1 - 0 1",
     FenSyntax::bad_character, FenField::castling, "1 -"},
    // Eight letters fit (four per side at most in any notation); the ninth does not.
    {"nine castling letters", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqKQkqK - 0 1",
     FenSyntax::bad_character, FenField::castling, "K - 0"},
    {"en-passant rank 9", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e9 0 1",
     FenSyntax::bad_character, FenField::en_passant, "e9"},
    {"en-passant file i", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq i3 0 1",
     FenSyntax::bad_character, FenField::en_passant, "i3"},
    {"text after the en-passant square", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3x 0 1",
     FenSyntax::bad_character, FenField::en_passant, "x 0"},
    {"halfmove clock not a number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
     FenSyntax::bad_number, FenField::halfmove_clock, "x 1"},
    {"negative halfmove clock", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - -1 1",
     FenSyntax::bad_number, FenField::halfmove_clock, "-1 1"},
    {"number with letters", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 12a 1",
     FenSyntax::bad_number, FenField::halfmove_clock, "12a"},
    // 2^32 does not fit the clock's 32 bits.
    {"halfmove clock overflows", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 4294967296 1",
     FenSyntax::bad_number, FenField::halfmove_clock, "4294967296"},
    {"dash clock in strict mode", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - - 1",
     FenSyntax::bad_number, FenField::halfmove_clock, "- 1"},
    {"fullmove not a number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 one",
     FenSyntax::bad_number, FenField::fullmove_number, "one"},
    {"negative fullmove number", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 -3",
     FenSyntax::bad_number, FenField::fullmove_number, "-3"},
    {"only the placement", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR", FenSyntax::missing_field,
     FenField::side_to_move, ""},
    {"no castling field", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w", FenSyntax::missing_field,
     FenField::castling, ""},
    {"trailing blank, no castling field", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w ",
     FenSyntax::missing_field, FenField::castling, ""},
    {"four fields in strict mode", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -",
     FenSyntax::missing_field, FenField::halfmove_clock, ""},
    {"five fields in strict mode", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0",
     FenSyntax::missing_field, FenField::fullmove_number, ""},
    {"three fields even when lenient", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq",
     FenSyntax::missing_field, FenField::en_passant, "", 0, true},
    // Strict reading takes one blank between fields; the second one is where the castling
    // field should have started.
    {"two blanks in strict mode", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w  KQkq - 0 1",
     FenSyntax::bad_character, FenField::castling, " KQkq"},
    {"seventh field", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra",
     FenSyntax::unexpected_text, FenField::fullmove_number, "extra"},
    {"seventh field when lenient", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 c0",
     FenSyntax::unexpected_text, FenField::fullmove_number, "c0", 0, true},
    {"opcodes are not clocks", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - bm e4;",
     FenSyntax::bad_number, FenField::halfmove_clock, "bm", 0, true},
};

class FenSyntaxError : public ::testing::TestWithParam<SyntaxCase> {};

TEST_P(FenSyntaxError, NamesFieldAndColumn) {
  const SyntaxCase& c = GetParam();
  fen::Setup setup;
  const FenError error = read_setup(c.text, setup, {.lenient = c.lenient});
  ASSERT_TRUE(error) << c.text;
  EXPECT_EQ(error.syntax, c.syntax) << error.message();
  EXPECT_EQ(error.field, c.field) << error.message();
  EXPECT_EQ(error.column, expected_column(c)) << error.message();
  if (c.syntax == FenSyntax::rank_too_long || c.syntax == FenSyntax::rank_too_short) {
    EXPECT_EQ(error.rank, c.rank);
    EXPECT_THAT(error.message(), HasSubstr("rank " + std::to_string(c.rank)));
  }
  if (c.syntax == FenSyntax::bad_character || c.syntax == FenSyntax::bad_number ||
      c.syntax == FenSyntax::missing_field) {
    EXPECT_THAT(error.message(), HasSubstr(field_name(c.field)));
  }
  EXPECT_TRUE(error.problems.empty());

  // read_fen reports the same syntax error and leaves its output alone.
  Position pos = Position::empty();
  const FenError via_fen = read_fen(c.text, pos, {.lenient = c.lenient});
  EXPECT_EQ(via_fen.syntax, c.syntax);
  EXPECT_EQ(via_fen.column, error.column);
  EXPECT_EQ(pos, Position::empty());
}

INSTANTIATE_TEST_SUITE_P(Cases, FenSyntaxError, ::testing::ValuesIn(kSyntaxCases),
                         [](const auto& info) {
                           std::string name = info.param.name;
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });

TEST(FenRead, EverySyntaxErrorHasACase) {
  bool seen[16] = {};
  for (const SyntaxCase& c : kSyntaxCases) seen[int(c.syntax)] = true;
  for (FenSyntax s : {FenSyntax::empty, FenSyntax::bad_character, FenSyntax::rank_too_long,
                      FenSyntax::rank_too_short, FenSyntax::too_many_ranks,
                      FenSyntax::too_few_ranks, FenSyntax::missing_field, FenSyntax::bad_number,
                      FenSyntax::unexpected_text})
    EXPECT_TRUE(seen[int(s)]) << "no case for FenSyntax " << int(s);
}

TEST(FenRead, FieldNamesAreDistinct) {
  const FenField fields[] = {FenField::placement,  FenField::side_to_move,
                             FenField::castling,   FenField::en_passant,
                             FenField::halfmove_clock, FenField::fullmove_number};
  for (FenField a : fields)
    for (FenField b : fields)
      if (a != b) {
        EXPECT_STRNE(field_name(a), field_name(b));
      }
}

// ---------------------------------------------------------------- What a FEN says

TEST(FenRead, SixFieldsIntoSetup) {
  fen::Setup s;
  ASSERT_FALSE(read_setup("r3k2r/8/8/3pP3/8/8/8/R3K2R w Kq d6 7 42", s));
  EXPECT_EQ(s.board[a8], Piece::black_rook);
  EXPECT_EQ(s.board[e8], Piece::black_king);
  EXPECT_EQ(s.board[d5], Piece::black_pawn);
  EXPECT_EQ(s.board[e5], Piece::white_pawn);
  EXPECT_EQ(s.board[h1], Piece::white_rook);
  EXPECT_EQ(s.board[e4], Piece::none);
  EXPECT_EQ(s.side_to_move, Color::white);
  ASSERT_EQ(s.castling_count, 2);
  EXPECT_EQ(s.castling[0], 'K');
  EXPECT_EQ(s.castling[1], 'q');
  EXPECT_EQ(s.en_passant, d6);
  EXPECT_EQ(s.halfmove_clock, 7U);
  EXPECT_EQ(s.fullmove_number, 42U);
}

TEST(FenRead, StartPositionEqualsDefaultPosition) {
  Position pos = Position::empty();
  ASSERT_FALSE(read_fen(kStartFen, pos));
  EXPECT_EQ(pos, Position::start());
  EXPECT_FALSE(pos.is_chess960());
}

TEST(FenRead, PositionFromFenThrowsWithTheMessage) {
  EXPECT_EQ(position_from_fen(kStartFen), Position::start());
  try {
    position_from_fen("8/8/8/8/8/8/8/8 w - - 0 1");
    FAIL() << "no exception";
  } catch (const std::invalid_argument& e) {
    EXPECT_THAT(e.what(), HasSubstr("white has no king"));
  }
}

// Two digits in a row in a rank ("44") are not FEN (python-chess refuses them too): a named
// problem, refused unless relaxed, when the digits add up. Digits on either side of a '/' are
// in different ranks.
TEST(FenRead, ConsecutiveDigitsAreANamedProblem) {
  const char* const cases[][2] = {
      {"8/8/44/8/8/8/8/k6K w - - 0 1", "8/8/8/8/8/8/8/k6K w - - 0 1"},
      {"rnbqkbnr/pppppppp/8/8/3311/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
       "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"},
      {"k16/8/8/8/8/8/8/7K b - - 3 9", "k7/8/8/8/8/8/8/7K b - - 3 9"},
      {"4k3/8/8/8/8/8/8/R3K11R w KQ - 0 1", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1"},
  };
  for (const auto& [text, same] : cases) {
    SCOPED_TRACE(text);
    fen::Setup setup;
    ASSERT_FALSE(read_setup(text, setup)) << "the text reads";
    EXPECT_TRUE(setup.consecutive_digits);
    Position pos = Position::empty();
    const FenError error = read_fen(text, pos);
    EXPECT_EQ(error.syntax, FenSyntax::ok);
    EXPECT_EQ(error.problems, Problems{Problem::consecutive_digits});
    EXPECT_EQ(error.message(), "two digits in a row in the piece placement");
    EXPECT_EQ(pos, Position::empty());
    ASSERT_FALSE(read_fen(text, pos, {.relax = {Problem::consecutive_digits}}));
    EXPECT_EQ(pos, position_from_fen(same));
  }
  for (const char* fine : {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
                           "7k/8/8/8/8/8/8/K7 w - - 0 1", "1k6/8/8/8/8/8/8/6K1 w - - 0 1"}) {
    fen::Setup setup;
    ASSERT_FALSE(read_setup(fine, setup)) << fine;
    EXPECT_FALSE(setup.consecutive_digits) << fine;
  }
  Problem named;
  ASSERT_TRUE(problem_from_name("consecutive_digits", named));
  EXPECT_EQ(named, Problem::consecutive_digits);
}

// ---------------------------------------------------------------- Lenient reading

struct LenientCase {
  const char* text;
  unsigned halfmove;
  unsigned fullmove;
};

// ---------------------------------------------------------------- The placement, read the plain way

// A placement read as the standard describes it: eight ranks split at '/', each of pieces and
// the digits 1-8 filling exactly eight squares. The board (a8 first in the text, square 56)
// and whether two digits stand together, or nothing for a placement that is not one.
struct PlainPlacement {
  std::array<Piece, 64> board;
  bool consecutive_digits;
};
std::optional<PlainPlacement> read_plain(std::string_view text) {
  const std::string_view letters = "PNBRQKpnbrqk";
  const Piece pieces[] = {Piece::white_pawn, Piece::white_knight, Piece::white_bishop,
                          Piece::white_rook, Piece::white_queen, Piece::white_king,
                          Piece::black_pawn, Piece::black_knight, Piece::black_bishop,
                          Piece::black_rook, Piece::black_queen, Piece::black_king};
  PlainPlacement out{};
  out.board.fill(Piece::none);
  int rank = 7, file = 0;
  bool last_digit = false;
  for (const char c : text) {
    if (c == '/') {
      if (file != 8 || rank == 0) return std::nullopt;
      --rank;
      file = 0;
      last_digit = false;
    } else if (c >= '1' && c <= '8') {
      file += c - '0';
      out.consecutive_digits |= last_digit;
      last_digit = true;
    } else if (const std::size_t i = letters.find(c); i != std::string_view::npos) {
      if (file < 8) out.board[std::size_t(rank * 8 + file)] = pieces[i];
      ++file;
      last_digit = false;
    } else {
      return std::nullopt;
    }
    if (file > 8) return std::nullopt;
  }
  if (rank != 0 || file != 8) return std::nullopt;
  return out;
}

// Random placements, most of them real ones and the rest a few characters away (a character
// changed, dropped or doubled): read_setup agrees with the plain reading on every one.
TEST(FenRead, PlacementsReadAsThePlainWayReadsThem) {
  std::mt19937 random(20261125);
  const std::string alphabet = "PNBRQKpnbrqk12345678/";
  auto pick = [&](std::size_t n) { return std::size_t(random() % n); };
  std::size_t valid = 0, invalid = 0;
  for (int round = 0; round < 20000; ++round) {
    std::string text;
    for (int rank = 0; rank < 8; ++rank) {
      if (rank) text += '/';
      int empty = 0;
      for (int file = 0; file < 8; ++file) {
        if (pick(3) == 0) {
          if (empty) text += char('0' + empty);
          empty = 0;
          text += alphabet[pick(12)];
        } else if (++empty && pick(6) == 0) {  // a run of empty squares written in two digits
          text += char('0' + empty);
          empty = 0;
        }
      }
      if (empty) text += char('0' + empty);
    }
    for (std::size_t changes = pick(4) == 0 ? 1 + pick(3) : 0; changes; --changes) {
      const std::size_t at = pick(text.size());
      switch (pick(3)) {
        case 0: text[at] = alphabet[pick(alphabet.size())]; break;
        case 1: text.erase(at, 1); break;
        default: text.insert(at, 1, text[at]); break;
      }
      if (text.empty()) text.assign(1, '8');  // (not = "8": GCC 12 warns of a false overlap)
    }
    SCOPED_TRACE(text);
    const std::optional<PlainPlacement> plain = read_plain(text);
    fen::Setup setup;
    const FenError error = read_setup(text + " w - - 0 1", setup);
    ASSERT_EQ(!error, plain.has_value()) << error.message();
    if (!plain) {
      ++invalid;
      EXPECT_EQ(error.field, FenField::placement);
      continue;
    }
    ++valid;
    EXPECT_EQ(setup.board, plain->board);
    EXPECT_EQ(setup.consecutive_digits, plain->consecutive_digits);
  }
  EXPECT_GT(valid, 10000U);
  EXPECT_GT(invalid, 2000U);
}

// Tails at the edges of the common shape " w KQkq - 0 1", which is read by a shorter way than
// the others: each reads as the field rules say, the short way or not.
TEST(FenRead, TailsJustOutsideTheCommonShape) {
  struct Tail {
    std::string text;
    Color side;
    std::string castling;
    Square en_passant;
    std::uint32_t halfmove, fullmove;
  };
  const Tail accepted[] = {
      {" w KQkq - 0 1", Color::white, "KQkq", no_square, 0, 1},
      {" b - e3 12 345", Color::black, "", e3, 12, 345},
      {" b kq a6 999999999 1", Color::black, "kq", a6, 999999999, 1},
      {" w KQkqA - 0 1", Color::white, "KQkqA", no_square, 0, 1},  // X-FEN: a fifth letter
      {" w HAha - 0 1", Color::white, "HAha", no_square, 0, 1},
      {" w KQkq - 1234567890 1", Color::white, "KQkq", no_square, 1234567890, 1},  // ten digits
      {" w KQkq - 00 01", Color::white, "KQkq", no_square, 0, 1},
      {" w KQkq - 0 1 ", Color::white, "KQkq", no_square, 0, 1},  // a blank after
      {" w KKKK - 0 1", Color::white, "KKKK", no_square, 0, 1},
  };
  for (const Tail& t : accepted) {
    SCOPED_TRACE(t.text);
    fen::Setup s;
    const FenError e = read_setup(std::string("4k3/8/8/8/8/8/8/4K3") + t.text, s);
    ASSERT_FALSE(e) << e.message();
    EXPECT_EQ(s.side_to_move, t.side);
    EXPECT_EQ(std::string(s.castling.data(), s.castling_count), t.castling);
    EXPECT_EQ(s.en_passant, t.en_passant);
    EXPECT_EQ(s.halfmove_clock, t.halfmove);
    EXPECT_EQ(s.fullmove_number, t.fullmove);
  }
  // Refused, and where: the column of the first character of `at` in the text.
  const std::pair<std::string, std::string> refused[] = {
      {" w KQkq - 0 1x", "1x"},       {" w KQkq - 0", ""},
      {" w KQkq e9 0 1", "e9"},      {" w KQkq - 99999999999 1", "99999999999"},
      {" x KQkq - 0 1", "x KQkq"},   {" w KQkq  - 0 1", " - 0 1"},
      {" w KQkqKQkqK - 0 1", "K -"}, {" w KQkq - -1 1", "-1 1"},
  };
  for (const auto& [tail, at] : refused) {
    SCOPED_TRACE(tail);
    const std::string text = std::string("4k3/8/8/8/8/8/8/4K3") + tail;
    fen::Setup s;
    const FenError e = read_setup(text, s);
    ASSERT_TRUE(e);
    EXPECT_EQ(e.column, at.empty() ? text.size() + 1 : text.rfind(at) + 1) << e.message();
  }
}

TEST(FenRead, LenientTakesFourOrFiveFieldsBlanksAndDashes) {
  const LenientCase cases[] = {
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -", 0, 1},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - ", 0, 1},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5", 5, 1},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 5  ", 5, 1},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - - -", 0, 1},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3 -", 3, 1},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - - 9", 0, 9},
      {"  rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR   w  KQkq\t-  2   30  ", 2, 30},
      {"rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw\tKQkq\t-\t0\t1", 0, 1},
  };
  for (const LenientCase& c : cases) {
    fen::Setup s;
    const FenError e = read_setup(c.text, s, {.lenient = true});
    ASSERT_FALSE(e) << c.text << ": " << e.message();
    EXPECT_EQ(s.halfmove_clock, c.halfmove) << c.text;
    EXPECT_EQ(s.fullmove_number, c.fullmove) << c.text;
    EXPECT_EQ(s.castling_count, 4) << c.text;
    Position pos;
    EXPECT_FALSE(read_fen(c.text, pos, {.lenient = true})) << c.text;
  }
}

TEST(FenRead, StrictTakesOneBlankBetweenFields) {
  fen::Setup s;
  // A single tab is a blank as well.
  EXPECT_FALSE(read_setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR\tw KQkq - 0 1", s));
  EXPECT_TRUE(read_setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -  0 1", s));
}

TEST(FenRead, EpdFieldsOnlyStopsAfterTheEnPassantField) {
  const std::string epd = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - bm Bb5; id \"x\";";
  fen::Setup s;
  std::size_t consumed = 0;
  ASSERT_FALSE(read_setup(epd, s, {.lenient = true, .epd_fields_only = true}, &consumed));
  EXPECT_EQ(consumed, epd.find(" bm"));
  EXPECT_EQ(s.board[c6], Piece::black_knight);
  EXPECT_EQ(s.halfmove_clock, 0U);
  EXPECT_EQ(s.fullmove_number, 1U);

  // The clocks of a six-field line are left to the caller as well.
  const std::string six = "8/8/8/8/8/8/8/K6k b - - 12 60 ;D1 3";
  ASSERT_FALSE(read_setup(six, s, {.epd_fields_only = true}, &consumed));
  EXPECT_EQ(consumed, six.find(" 12"));
  EXPECT_EQ(s.side_to_move, Color::black);

  // An en-passant square is part of the four fields.
  const std::string ep = "4k3/8/8/3pP3/8/8/8/4K3 w - d6 hmvc 0;";
  ASSERT_FALSE(read_setup(ep, s, {.epd_fields_only = true}, &consumed));
  EXPECT_EQ(consumed, ep.find(" hmvc"));
  EXPECT_EQ(s.en_passant, d6);

  // A missing en-passant field is still an error, with its column.
  const std::string three = "4k3/8/8/8/8/8/8/4K3 w - bm Kd2;";
  const FenError e = read_setup(three, s, {.epd_fields_only = true}, &consumed);
  EXPECT_EQ(e.syntax, FenSyntax::bad_character);
  EXPECT_EQ(e.field, FenField::en_passant);
  EXPECT_EQ(e.column, three.find("bm") + 1);
}

TEST(FenRead, ConsumedCoversTheWholeFen) {
  const std::string fen = std::string(kStartFen) + "  ";
  fen::Setup s;
  std::size_t consumed = 0;
  ASSERT_FALSE(read_setup(fen, s, {}, &consumed));
  EXPECT_EQ(consumed, fen.size());
}

// ---------------------------------------------------------------- Castling notations

// The rook each right names, as read through read_fen.
struct Rights {
  Square white_king_side = no_square, white_queen_side = no_square;
  Square black_king_side = no_square, black_queen_side = no_square;
};

void expect_rights(const Position& pos, const Rights& r, const std::string& context) {
  const CastlingRights& c = pos.castling();
  auto check = [&](Color color, CastlingSide side, Square expected) {
    EXPECT_EQ(c.has(color, side), expected != no_square) << context;
    if (expected != no_square && c.has(color, side)) {
      EXPECT_EQ(c.rook_square(color, side), expected) << context;
    }
  };
  check(Color::white, CastlingSide::king_side, r.white_king_side);
  check(Color::white, CastlingSide::queen_side, r.white_queen_side);
  check(Color::black, CastlingSide::king_side, r.black_king_side);
  check(Color::black, CastlingSide::queen_side, r.black_queen_side);
}

TEST(FenCastling, StandardKQkq) {
  const Position pos = position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
  expect_rights(pos, {h1, a1, h8, a8}, "KQkq");
  EXPECT_FALSE(pos.is_chess960());
}

TEST(FenCastling, ShredderLettersOnAStandardSetupAreStandardChess) {
  const Position shredder = position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1");
  EXPECT_EQ(shredder, position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
  EXPECT_FALSE(shredder.is_chess960());
}

TEST(FenCastling, LetterOrderDoesNotMatter) {
  EXPECT_EQ(position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w qkQK - 0 1"),
            position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"));
}

TEST(FenCastling, ShredderChess960) {
  // CPW Chess960 position: kings on g1/g8, rooks on f and h.
  const Position pos =
      position_from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9");
  expect_rights(pos, {h1, f1, h8, f8}, "HFhf");
  EXPECT_TRUE(pos.is_chess960());
  // X-FEN says the same with KQkq, since f and h are the outermost rooks.
  EXPECT_EQ(pos, position_from_fen("bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w KQkq - 2 9"));
}

TEST(FenCastling, XFenKAndQNameTheOutermostRook) {
  // Two white rooks on each side of the king on e1: K is h1, Q is a1.
  const Position pos = position_from_fen("4k3/8/8/8/8/8/8/RR2K1RR w KQ - 0 1");
  expect_rights(pos, {h1, a1, no_square, no_square}, "outermost");
  // A file letter names an inner rook; the king and rook positions make it Chess960.
  const Position inner = position_from_fen("4k3/8/8/8/8/8/8/RR2K1RR w GB - 0 1");
  expect_rights(inner, {g1, b1, no_square, no_square}, "inner");
  EXPECT_TRUE(inner.is_chess960());
  // Mixed: K for the outer king-side rook, b for an inner black queen-side rook.
  const Position mixed = position_from_fen("rr2k2r/8/8/8/8/8/8/4K2R w Kkb - 0 1");
  expect_rights(mixed, {h1, no_square, h8, b8}, "mixed");
  EXPECT_TRUE(mixed.is_chess960());
}

TEST(FenCastling, Chess960FlagFromOptionsOrFromTheSetup) {
  // Standard-looking rights: standard chess unless the caller says Chess960.
  EXPECT_FALSE(position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1").is_chess960());
  EXPECT_TRUE(position_from_fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", {.chess960 = true}).is_chess960());
  // A king off the e-file with a right is Chess960 whatever the notation.
  EXPECT_TRUE(position_from_fen("rk4r1/8/8/8/8/8/8/RK4R1 w KQkq - 0 1").is_chess960());
  // Without rights there is nothing to tell.
  EXPECT_FALSE(position_from_fen("rk4r1/8/8/8/8/8/8/RK4R1 w - - 0 1").is_chess960());
}

}  // namespace
}  // namespace fenkit::fen
