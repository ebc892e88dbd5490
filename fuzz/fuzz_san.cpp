// SAN reading against a position.
//
// The input is a position and a token. With a line break, the text before it is a FEN (read
// leniently, every relaxable problem accepted) and the text after it the token; without one,
// the first byte chooses one of a few fixed positions and the rest is the token. Whatever the
// token, read_san must not crash; when it names a move, that move is legal, and its canonical
// SAN reads back to the same move. UCI reading of the token is held to the same.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"
#include "fuzz_check.hpp"

namespace {

using namespace fenkit::fen;

// Positions where SAN has much to resolve: castling both ways, en passant, promotions with
// and without capture, pins, several pieces of a kind reaching one square, Chess960 castling.
constexpr std::string_view kPositions[] = {
    kStartFen,
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
    "1n2k3/P1P5/8/8/8/8/5p1p/K5N1 b - - 0 1",
    "N3k2N/8/8/3N4/N4N1N/2R5/1R6/4K3 w - - 0 1",
    "Q6Q/8/8/2k5/8/8/Q7/4K2Q w - - 0 1",
    "bqnb1rkr/pp3ppp/3ppn2/2p5/5P2/P2P4/NPP1P1PP/BQ1BNRKR w HFhf - 2 9",
    "3k4/8/8/8/8/8/4r3/R3K2R w KQ - 0 1",
};
constexpr std::size_t kPositionCount = sizeof kPositions / sizeof kPositions[0];

Problems relaxable() {
  return Problems::all().without({Problem::missing_white_king, Problem::missing_black_king,
                                  Problem::too_many_white_kings, Problem::too_many_black_kings});
}

void check_legal(const Position& pos, Move m, std::string_view token, const char* reader) {
  MoveList legal;
  generate_legal(pos, legal);
  FUZZ_CHECK(legal.contains(m), to_fen(pos) + ": " + reader + " read '" + std::string(token) +
                                    "' as the illegal " + to_uci(pos, m));
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size == 0) return 0;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  Position pos;
  std::string_view token;
  if (const std::size_t newline = text.find('\n'); newline != std::string_view::npos) {
    if (read_fen(text.substr(0, newline), pos, {.lenient = true, .relax = relaxable()})) return 0;
    token = text.substr(newline + 1);
  } else {
    pos = position_from_fen(kPositions[data[0] % kPositionCount]);
    token = text.substr(1);
  }

  SanMove parsed;
  const bool syntax_ok = parse_san(token, parsed);
  const SanResult result = read_san(pos, token);
  (void)describe(pos, token, result);
  FUZZ_CHECK(syntax_ok || result.error == SanError::syntax,
             "'" + std::string(token) + "' does not parse, yet read_san did not say syntax");
  if (syntax_ok) {
    const SanResult resolved = resolve_san(pos, parsed);
    FUZZ_CHECK(resolved.error == result.error && resolved.move == result.move,
               "'" + std::string(token) + "': resolve_san and read_san differ");
  }
  if (result) {
    if (!result.move.is_null()) {
      check_legal(pos, result.move, token, "read_san");
      const std::string san = to_san(pos, result.move);
      const SanResult again = read_san(pos, san);
      FUZZ_CHECK(
          again && again.move == result.move,
          to_fen(pos) + ": '" + std::string(token) + "' written as " + san + " does not read back");
    }
  }

  const Move uci = read_uci(pos, token);
  if (uci && !uci.is_null()) {
    check_legal(pos, uci, token, "read_uci");
    const std::string written = to_uci(pos, uci);
    FUZZ_CHECK(read_uci(pos, written) == uci,
               to_fen(pos) + ": UCI " + written + " reads back differently");
  }
  return 0;
}
