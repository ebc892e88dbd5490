// FEN reading and validation, then the notation of every legal move.
//
// The input is one FEN, read strictly and then leniently with every relaxable problem
// accepted, as standard chess, Chess960 and each variant. For each position that reads:
// - the FEN written reads back to an equal position and writes the same text;
// - every legal move written as SAN, LAN and UCI reads back to the same move.
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

// Everything that may be relaxed: all problems but the kings' (see setup.hpp).
Problems relaxable() {
  return Problems::all().without({Problem::missing_white_king, Problem::missing_black_king,
                                  Problem::too_many_white_kings, Problem::too_many_black_kings});
}

void check_position(const Position& pos, const FenOptions& options) {
  for (EpMode ep : {EpMode::standard, EpMode::legal}) {
    const std::string fen = to_fen(pos, {.ep = ep});
    Position again;
    const FenError error = read_fen(fen, again, options);
    FUZZ_CHECK(!error, fen + ": " + error.message());
    FUZZ_CHECK(to_fen(again, {.ep = ep}) == fen,
               fen + " came back as " + to_fen(again, {.ep = ep}));
    if (ep == EpMode::standard) FUZZ_CHECK(again == pos, fen + " reads back as another position");
  }

  MoveList moves;
  generate_legal(pos, moves);
  FUZZ_CHECK(moves.size() == count_legal(pos), to_fen(pos) + ": move counts differ");
  for (Move m : moves) {
    FUZZ_CHECK(pos.is_legal(m), to_fen(pos) + ": generated move is not legal");
    const std::string san = to_san(pos, m);
    const SanResult from_san = read_san(pos, san);
    FUZZ_CHECK(from_san && from_san.move == m, to_fen(pos) + ": SAN " + san + " reads back as " +
                                                   (from_san ? to_uci(pos, from_san.move) : "an error"));
    const std::string lan = to_lan(pos, m);
    const SanResult from_lan = read_san(pos, lan);
    FUZZ_CHECK(from_lan && from_lan.move == m, to_fen(pos) + ": LAN " + lan + " reads back as " +
                                                   (from_lan ? to_uci(pos, from_lan.move) : "an error"));
    const std::string uci = to_uci(pos, m);
    FUZZ_CHECK(read_uci(pos, uci) == m, to_fen(pos) + ": UCI " + uci + " reads back differently");
    Position after = pos;
    after.play_unchecked(m);
    // (In Atomic a king may be blown up, in Antichess taken, and the horde has none.)
    const Variant v = pos.variant();
    if (v != Variant::atomic && v != Variant::antichess && v != Variant::horde)
      FUZZ_CHECK(after.king_square(pos.side_to_move()) != no_square, to_fen(pos) + ": king lost");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const FenOptions strict;
  const FenOptions lenient{.lenient = true, .relax = relaxable()};
  const FenOptions chess960{.lenient = true, .relax = relaxable(), .chess960 = true};
  for (const FenOptions& options : {strict, lenient, chess960}) {
    Position pos;
    const FenError error = read_fen(text, pos, options);
    (void)error.message();
    if (!error) check_position(pos, options);
  }
  for (int v = 1; v < kVariantCount; ++v) {
    const FenOptions variant{.lenient = true, .relax = relaxable(), .variant = Variant(v)};
    Position pos;
    const FenError error = read_fen(text, pos, variant);
    (void)error.message();
    if (!error) check_position(pos, variant);
  }
  return 0;
}
