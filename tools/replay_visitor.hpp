// The visitor behind `fenkit replay`: writes a line per position in the chosen format.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/pgn/visitor.hpp"
#include "cli.hpp"
#include "output_buffer.hpp"

namespace fenkit::tools {

enum class ReplayFormat { fen, epd, csv, jsonl };

struct ReplayOptions {
  ReplayFormat format = ReplayFormat::fen;
  fen::EpMode ep = fen::EpMode::standard;
  bool with_start = false;  // ply 0: the game's start position
  bool variations = false;  // positions inside variations too
  bool san = false;         // fen format: a SAN column after the FEN
  bool uci = false;         // fen format: a UCI column after the FEN
  bool warnings = false;    // report warnings, not only errors
  std::uint32_t min_ply = 0;
  std::uint32_t max_ply = UINT32_MAX;
  std::uint32_t every = 1;
  std::int64_t game_offset = 0;  // added to every game number written
};

// What one chunk of input produced, kept until it can be written in order.
struct ReplayResult {
  OutputBuffer output;
  ChunkReport report;
  std::uint64_t positions = 0;
};

class ReplayVisitor : public pgn::Visitor {
 public:
  ReplayVisitor(const ReplayOptions& options, std::string file_name, ReplayResult& result,
                bool keep_rejects);

  pgn::Action begin_game(const pgn::GameStart& start) override;
  void start_position(const fen::Position& pos) override;
  pgn::Action move(const pgn::MoveEvent& event) override;
  pgn::Action begin_variation() override;
  void end_variation() override;
  void diagnostic(const pgn::Diagnostic& d) override;
  void end_game(const pgn::GameEnd& end) override;

 private:
  bool wanted(std::uint32_t ply) const;
  void write_position(const fen::Position& pos, const fen::Position* before, fen::Move move,
                      std::uint32_t ply);
  void write_path();

  const ReplayOptions& options_;
  fen::FenWriter fen_writer_;
  std::string file_name_;
  ReplayResult& result_;
  bool keep_rejects_;
  std::uint64_t game_ = 0;
  std::size_t game_output_start_ = 0;
  std::uint64_t game_positions_ = 0;

  // Where the current variation hangs off its parent, per nesting level: ply and index.
  struct Branch {
    std::uint32_t ply;
    std::uint32_t index;
  };
  std::vector<Branch> path_;
  std::vector<std::uint32_t> last_ply_;   // per level: the ply of the last move seen
  std::vector<Branch> last_branch_;      // per level: the last branch opened from it
};

}  // namespace fenkit::tools
