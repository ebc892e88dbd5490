// The standard opcode table, as the PGN standard (section 16.2.5) defines the opcodes.
#include <algorithm>
#include <limits>

#include "fenkit/epd/opcodes.hpp"

namespace fenkit::epd {

namespace {

constexpr std::int64_t kMax = std::numeric_limits<std::int64_t>::max();
// The clocks are a FEN's clock fields, which hold 32 bits.
constexpr std::int64_t kClockMax = std::numeric_limits<std::uint32_t>::max();

using enum OperandShape;

// Kept in ASCII order of name for the binary search in find_opcode().
constexpr OpcodeInfo kOpcodes[] = {
    {"acd", integer, 0, kMax, "analysis count: depth"},
    {"acn", integer, 0, kMax, "analysis count: nodes"},
    {"acs", integer, 0, kMax, "analysis count: seconds"},
    {"am", moves, 0, 0, "avoid move(s)"},
    {"bm", moves, 0, 0, "best move(s)"},
    {"c0", string, 0, 0, "comment (primary)"},
    {"c1", string, 0, 0, "comment"},
    {"c2", string, 0, 0, "comment"},
    {"c3", string, 0, 0, "comment"},
    {"c4", string, 0, 0, "comment"},
    {"c5", string, 0, 0, "comment"},
    {"c6", string, 0, 0, "comment"},
    {"c7", string, 0, 0, "comment"},
    {"c8", string, 0, 0, "comment"},
    {"c9", string, 0, 0, "comment"},
    // -32767 is the illegal position; 32767 - n is mate in n plies, for either side.
    {"ce", integer, -32767, 32767, "centipawn evaluation"},
    {"dm", integer, 1, kMax, "direct mate fullmove count"},
    {"draw_accept", none, 0, 0, "accept a draw offer"},
    {"draw_claim", none, 0, 0, "claim a draw"},
    {"draw_offer", none, 0, 0, "offer a draw"},
    {"draw_reject", none, 0, 0, "reject a draw offer"},
    {"eco", string, 0, 0, "Encyclopedia of Chess Openings code"},
    {"fmvn", integer, 1, kClockMax, "fullmove number"},
    {"hmvc", integer, 0, kClockMax, "halfmove clock"},
    {"id", string, 0, 0, "position identification"},
    {"nic", string, 0, 0, "New In Chess opening code"},
    {"noop", any, 0, 0, "no operation"},
    {"pm", move, 0, 0, "predicted move"},
    {"pv", variation, 0, 0, "predicted variation"},
    {"rc", integer, 0, kMax, "repetition count"},
    {"resign", none, 0, 0, "game resignation"},
    {"sm", move, 0, 0, "supplied move"},
    {"tcgs", integer, 1, kMax, "telecommunication: game selector"},
    {"tcri", two_strings, 0, 0, "telecommunication: receiver identification"},
    {"tcsi", two_strings, 0, 0, "telecommunication: sender identification"},
    {"v0", string, 0, 0, "variation name (primary)"},
    {"v1", string, 0, 0, "variation name"},
    {"v2", string, 0, 0, "variation name"},
    {"v3", string, 0, 0, "variation name"},
    {"v4", string, 0, 0, "variation name"},
    {"v5", string, 0, 0, "variation name"},
    {"v6", string, 0, 0, "variation name"},
    {"v7", string, 0, 0, "variation name"},
    {"v8", string, 0, 0, "variation name"},
    {"v9", string, 0, 0, "variation name"},
};

static_assert(std::ranges::is_sorted(kOpcodes, {}, &OpcodeInfo::name));

}  // namespace

std::span<const OpcodeInfo> standard_opcodes() { return kOpcodes; }

const OpcodeInfo* find_opcode(std::string_view name) {
  const auto* it = std::ranges::lower_bound(kOpcodes, name, {}, &OpcodeInfo::name);
  return it != std::end(kOpcodes) && it->name == name ? it : nullptr;
}

OperandShape shape_of(std::string_view opcode) {
  const OpcodeInfo* info = find_opcode(opcode);
  return info ? info->shape : OperandShape::any;
}

bool is_private_opcode(std::string_view name) {
  if (name.empty() || name[0] < 'A' || name[0] > 'Z') return false;
  return std::ranges::none_of(name, [](char c) { return c >= 'a' && c <= 'z'; });
}

}  // namespace fenkit::epd
