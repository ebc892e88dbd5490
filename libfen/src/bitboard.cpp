// The attack tables, computed at compile time.
#include "bitboard.hpp"

#include <cstddef>

namespace fenkit::fen::detail {
namespace {

constexpr Bitboard leaper_attacks(Square s, const Step* steps, int n) {
  Bitboard b = 0;
  for (int i = 0; i < n; ++i) {
    int f = file_of(s) + steps[i].df, r = rank_of(s) + steps[i].dr;
    if (f >= 0 && f < 8 && r >= 0 && r < 8) b |= square_bb(make_square(f, r));
  }
  return b;
}

constexpr std::array<Bitboard, 64> leaper_table(const Step* steps, int n) {
  std::array<Bitboard, 64> t{};
  for (int s = 0; s < 64; ++s) t[s] = leaper_attacks(Square(s), steps, n);
  return t;
}

constexpr Step kKnightSteps[8] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
constexpr Step kKingSteps[8] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
constexpr Step kWhitePawnSteps[2] = {{-1, 1}, {1, 1}};
constexpr Step kBlackPawnSteps[2] = {{-1, -1}, {1, -1}};

// between[a][b]: the squares strictly between a and b when they share a line, else empty.
constexpr std::array<std::array<Bitboard, 64>, 64> make_between() {
  std::array<std::array<Bitboard, 64>, 64> between{};
  for (int kind = 0; kind < 2; ++kind) {
    const auto& steps = kind == 0 ? kRookSteps : kBishopSteps;
    for (int a = 0; a < 64; ++a) {
      const Bitboard from_a_empty = walk_rays(Square(a), 0, steps);
      for (int b = 0; b < 64; ++b) {
        if (a == b || !(from_a_empty & square_bb(Square(b)))) continue;
        between[a][b] = walk_rays(Square(a), square_bb(Square(b)), steps) &
                        walk_rays(Square(b), square_bb(Square(a)), steps);
      }
    }
  }
  return between;
}

// Relevant occupancy: the squares whose occupant can stop a ray, i.e. every ray square but
// the last one before the edge.
constexpr Bitboard relevant_mask(Square s, const Step (&steps)[4]) {
  Bitboard mask = 0;
  for (const Step& st : steps) {
    int f = file_of(s) + st.df, r = rank_of(s) + st.dr;
    for (; f + st.df >= 0 && f + st.df < 8 && r + st.dr >= 0 && r + st.dr < 8;
         f += st.df, r += st.dr) {
      if (f < 0 || f > 7 || r < 0 || r > 7) break;
      mask |= square_bb(make_square(f, r));
    }
  }
  return mask;
}

// Magic multipliers for builds without BMI2, found by random search and checked below
// by the table builder (a wrong multiplier makes the constant expression fail to compile).
// clang-format off
constexpr Bitboard kRookMagics[64] = {
  0x5280124000800020ULL, 0x0040002000401004ULL, 0x28800c2000801000ULL, 0x0b00283000210044ULL,
  0x2a00300804a00200ULL, 0x5180020004008001ULL, 0x0080020001000080ULL, 0x4300004024820100ULL,
  0x0089800040008821ULL, 0x0200802000400080ULL, 0x3b81002008104101ULL, 0x0224800802100280ULL,
  0x8001800400810800ULL, 0x0081800a01800400ULL, 0x0084000290010804ULL, 0x084100029a004300ULL,
  0x0000208000400080ULL, 0x00300c4008402000ULL, 0x0000410011002000ULL, 0x0281010020081000ULL,
  0x1810828008002400ULL, 0x4020080104204010ULL, 0x1300840001820810ULL, 0x040002001080590cULL,
  0x8000400080008020ULL, 0x1100200140005000ULL, 0x0442008200102040ULL, 0x820e100080800800ULL,
  0x0800040080080080ULL, 0x02a0040080020080ULL, 0x2004080400214290ULL, 0x0d01040a000450a1ULL,
  0x0832008902002040ULL, 0x0490002000400040ULL, 0x8820080040401000ULL, 0x0008000880801000ULL,
  0x8890040080800802ULL, 0x0420020080800400ULL, 0x4000821004000188ULL, 0x302000a042000401ULL,
  0x8000804008248004ULL, 0x100050002000c000ULL, 0x200a001080220040ULL, 0x2010008008008010ULL,
  0x0006040008008080ULL, 0x0006000400808002ULL, 0x4020010208040090ULL, 0x08800045008e0004ULL,
  0x4001014280002500ULL, 0x000040220e810200ULL, 0x0000801000200080ULL, 0x0000080080100080ULL,
  0x4002006010440a00ULL, 0x0040801200040180ULL, 0x6005000200040100ULL, 0x0810242900409200ULL,
  0x0085608106001242ULL, 0x1106210080184001ULL, 0x3002110900200041ULL, 0x0020041000210009ULL,
  0x0049008800021005ULL, 0x4609000802040013ULL, 0x0000411002008804ULL, 0x002a004408802102ULL,
};
constexpr Bitboard kBishopMagics[64] = {
  0xc010041004104010ULL, 0x6820080100408820ULL, 0x080404209a021021ULL, 0xb008060844050000ULL,
  0x4102021000801000ULL, 0x1106823042000020ULL, 0x000c020844040010ULL, 0x0002008044022018ULL,
  0x0400204284080880ULL, 0x0068080208620023ULL, 0x2408104c008020c0ULL, 0x8800080681000010ULL,
  0x090c108820000018ULL, 0x4400008210400040ULL, 0x0200910402200454ULL, 0x1004020049041100ULL,
  0x20a00040c4442088ULL, 0x10108008108a9082ULL, 0x5001085001020010ULL, 0x6084004804121400ULL,
  0x042c800400a00804ULL, 0x8282018901008204ULL, 0x0004801042282000ULL, 0x2809012020880480ULL,
  0x0210500042420210ULL, 0x40124804200804a9ULL, 0x2002032026040400ULL, 0x0202008018008102ULL,
  0x0019020004008400ULL, 0x2009090002100088ULL, 0x00084501004c0210ULL, 0x0188404208820840ULL,
  0x00240241442004a4ULL, 0x0088011500680808ULL, 0x0001004800010800ULL, 0x1011840400280120ULL,
  0x2040148021120020ULL, 0x2c20109080010050ULL, 0x4804380200009080ULL, 0x0401004100908408ULL,
  0x400822022000109cULL, 0x0000840420000201ULL, 0x0203024103801001ULL, 0x0100052018000100ULL,
  0x4000080104000040ULL, 0x0040080891020488ULL, 0x2a08010822100080ULL, 0x00104102088a1020ULL,
  0x1822108484400000ULL, 0x8802020524228004ULL, 0x05ea020062080200ULL, 0x6800861020880030ULL,
  0x3110002002049010ULL, 0x6000040810011020ULL, 0x2020080200842e00ULL, 0x60204400820c5004ULL,
  0x0192010421040200ULL, 0x0046324042105008ULL, 0x880040084c140400ULL, 0x0490010101040908ULL,
  0x4001808040104100ULL, 0x11c000a0220a6209ULL, 0x00a0101010208084ULL, 0xa660014108008080ULL,
};
// clang-format on

constexpr std::array<SliderEntry, 64> make_entries(const Step (&steps)[4], const Bitboard* magics) {
  std::array<SliderEntry, 64> e{};
  std::uint32_t offset = 0;
  for (int s = 0; s < 64; ++s) {
    Bitboard mask = relevant_mask(Square(s), steps);
    int bits = std::popcount(mask);
    e[s] = SliderEntry{mask, magics[s], offset, std::uint8_t(64 - bits)};
    offset += std::uint32_t(1) << bits;
  }
  return e;
}

// Software pext, only for building the table in the order BMI2 indexes it.
constexpr std::uint32_t soft_pext(Bitboard value, Bitboard mask) {
  std::uint32_t result = 0;
  int bit = 0;
  for (; mask; mask &= mask - 1, ++bit)
    if (value & (mask & -mask)) result |= std::uint32_t(1) << bit;
  return result;
}

template <std::size_t N>
constexpr std::array<Bitboard, N> make_slider_table(const std::array<SliderEntry, 64>& entries,
                                                    const Step (&steps)[4]) {
  std::array<Bitboard, N> table{};
  for (int s = 0; s < 64; ++s) {
    const SliderEntry& e = entries[s];
    Bitboard subset = 0;
    do {  // every subset of the mask, by the carry-rippler trick
#if defined(__BMI2__)
      std::uint32_t index = soft_pext(subset, e.mask);
#else
      std::uint32_t index = std::uint32_t((subset * e.magic) >> e.shift);
#endif
      Bitboard attacks = walk_rays(Square(s), subset, steps);
      Bitboard& slot = table[e.offset + index];
      if (slot != 0 && slot != attacks) throw "magic multiplier collides";
      slot = attacks;
      subset = (subset - e.mask) & e.mask;
    } while (subset);
  }
  return table;
}

}  // namespace

constinit const std::array<Bitboard, 64> kKnightAttacks = leaper_table(kKnightSteps, 8);
// One entry more: no_square (64) attacks nothing, so that a side without a king (Horde's
// horde) needs no test of its own where the other side's moves are generated.
constinit const std::array<Bitboard, 65> kKingAttacks = [] {
  std::array<Bitboard, 65> t{};
  const std::array<Bitboard, 64> board = leaper_table(kKingSteps, 8);
  for (int s = 0; s < 64; ++s) t[std::size_t(s)] = board[std::size_t(s)];
  return t;
}();
constinit const std::array<std::array<Bitboard, 64>, 2> kPawnAttacks = {
    leaper_table(kWhitePawnSteps, 2), leaper_table(kBlackPawnSteps, 2)};
constinit const std::array<std::array<Bitboard, 64>, 64> kBetween = make_between();

namespace {
constexpr std::array<Bitboard, 64> empty_board_rays(const Step (&steps)[4]) {
  std::array<Bitboard, 64> t{};
  for (int s = 0; s < 64; ++s) t[s] = walk_rays(Square(s), 0, steps);
  return t;
}
}  // namespace

constinit const std::array<Bitboard, 64> kRookRays = empty_board_rays(kRookSteps);
constinit const std::array<Bitboard, 64> kBishopRays = empty_board_rays(kBishopSteps);

namespace {
constexpr auto kRookEntriesValue = make_entries(kRookSteps, kRookMagics);
constexpr auto kBishopEntriesValue = make_entries(kBishopSteps, kBishopMagics);
constinit const std::array<Bitboard, 102400> kRookTable =
    make_slider_table<102400>(kRookEntriesValue, kRookSteps);
constinit const std::array<Bitboard, 5248> kBishopTable =
    make_slider_table<5248>(kBishopEntriesValue, kBishopSteps);
}  // namespace

constinit const std::array<SliderEntry, 64> kRookEntries = kRookEntriesValue;
constinit const std::array<SliderEntry, 64> kBishopEntries = kBishopEntriesValue;

const Bitboard* const kRookAttacks = kRookTable.data();
const Bitboard* const kBishopAttacks = kBishopTable.data();

}  // namespace fenkit::fen::detail
