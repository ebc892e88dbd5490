// Micro-benchmarks of libfen: perft, FEN read and write (write_fen and FenWriter), SAN read
// and write, and the pieces they are made of (legal move generation, play, Polyglot keys).
//
// The FEN and SAN benchmarks run over the positions of real games when the corpus is present
// (the 19,777 plies of pgn/expected-replay/twic-01-232games.fen.tsv) and over random playouts
// otherwise; the label of each result says which.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/movegen.hpp"
#include "fenkit/fen/perft.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"

namespace fen = fenkit::fen;

namespace {

// ---------------------------------------------------------------- Perft

constexpr const char* kKiwipete = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

// Runs perft(depth) and reports leaves per second; the count is checked against the published
// value so that a broken generator cannot look fast.
void perft(benchmark::State& state, const char* fen_text, int depth, std::uint64_t expected) {
  const fen::Position pos = fen::position_from_fen(fen_text);
  std::uint64_t nodes = 0;
  for (auto _ : state) {
    const std::uint64_t n = fen::perft(pos, depth);
    if (n != expected) {
      state.SkipWithError("wrong node count");
      return;
    }
    nodes += n;
  }
  state.counters["nodes/s"] = benchmark::Counter(double(nodes), benchmark::Counter::kIsRate);
}

BENCHMARK_CAPTURE(perft, start_5, fen::kStartFen.data(), 5, 4'865'609)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft, start_6, fen::kStartFen.data(), 6, 119'060'324)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft, kiwipete_4, kKiwipete, 4, 4'085'603)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(perft, kiwipete_5, kKiwipete, 5, 193'690'690)->Unit(benchmark::kMillisecond);

// ---------------------------------------------------------------- Sample positions

struct Ply {
  std::string fen;  // the position before the move
  fen::Position position;
  fen::Move move;
  std::string san;
};

struct Sample {
  std::vector<Ply> plies;
  std::string label;
};

std::vector<Ply> from_corpus() {
  const std::filesystem::path dir(FENKIT_CORPUS_DIR);
  std::ifstream table(dir / "pgn/expected-replay/twic-01-232games.fen.tsv");
  std::vector<Ply> plies;
  if (!table) return plies;
  // Columns: game, ply, san, fen after the move. The position before a move is the previous
  // row's FEN, or the start position at ply 1 (no game of that file has a [FEN] tag).
  fen::Position pos;
  for (std::string line; std::getline(table, line);) {
    if (line.empty() || line[0] == '#' || line.starts_with("game\t")) continue;
    std::vector<std::string> f;
    std::istringstream fields(line);
    for (std::string field; std::getline(fields, field, '\t');) f.push_back(field);
    if (f.size() < 4) continue;
    if (f[1] == "1") pos = fen::Position::start();
    const fen::SanResult r = fen::read_san(pos, f[2]);
    if (!r) return {};
    plies.push_back({fen::to_fen(pos), pos, r.move, f[2]});
    pos.play_unchecked(r.move);
  }
  return plies;
}

// Random games from the start position, with a fixed seed: the same plies on every run.
std::vector<Ply> from_random_playouts() {
  std::mt19937 random(20240501);
  std::vector<Ply> plies;
  for (int game = 0; game < 250; ++game) {
    fen::Position pos;
    for (int ply = 0; ply < 80; ++ply) {
      fen::MoveList moves;
      fen::generate_legal(pos, moves);
      if (moves.empty() || pos.halfmove_clock() >= 100) break;
      const fen::Move m = moves[random() % moves.size()];
      plies.push_back({fen::to_fen(pos), pos, m, fen::to_san(pos, m)});
      pos.play_unchecked(m);
    }
  }
  return plies;
}

const Sample& sample() {
  static const Sample s = [] {
    Sample out{from_corpus(), "twic-01 games"};
    if (out.plies.empty()) out = {from_random_playouts(), "random playouts"};
    return out;
  }();
  return s;
}

// ---------------------------------------------------------------- FEN

void fen_read(benchmark::State& state) {
  const Sample& s = sample();
  std::size_t bytes = 0;
  for (const Ply& p : s.plies) bytes += p.fen.size();
  fen::Position pos;
  for (auto _ : state) {
    for (const Ply& p : s.plies) {
      const fen::FenError e = fen::read_fen(p.fen, pos);
      benchmark::DoNotOptimize(e);
      benchmark::DoNotOptimize(pos);
    }
  }
  state.SetItemsProcessed(std::int64_t(state.iterations() * s.plies.size()));
  state.SetBytesProcessed(std::int64_t(state.iterations() * bytes));
  state.SetLabel(s.label);
}
BENCHMARK(fen_read);

// The syntax layer alone, without validation.
void fen_read_setup(benchmark::State& state) {
  const Sample& s = sample();
  fen::Setup setup;
  for (auto _ : state) {
    for (const Ply& p : s.plies) {
      const fen::FenError e = fen::read_setup(p.fen, setup);
      benchmark::DoNotOptimize(e);
      benchmark::DoNotOptimize(setup);
    }
  }
  state.SetItemsProcessed(std::int64_t(state.iterations() * s.plies.size()));
  state.SetLabel(s.label);
}
BENCHMARK(fen_read_setup);

void fen_write(benchmark::State& state, fen::EpMode ep) {
  const Sample& s = sample();
  char buffer[fen::kMaxFenLength];
  std::size_t bytes = 0;
  for (auto _ : state) {
    for (const Ply& p : s.plies) {
      const std::size_t n = fen::write_fen(p.position, buffer, {.ep = ep});
      benchmark::DoNotOptimize(buffer);
      bytes += n;
    }
  }
  state.SetItemsProcessed(std::int64_t(state.iterations() * s.plies.size()));
  state.SetBytesProcessed(std::int64_t(bytes));
  state.SetLabel(s.label);
}
BENCHMARK_CAPTURE(fen_write, ep_standard, fen::EpMode::standard);
BENCHMARK_CAPTURE(fen_write, ep_legal, fen::EpMode::legal);

// FenWriter over the plies in game order, as a replay writes them.
void fen_writer(benchmark::State& state) {
  const Sample& s = sample();
  char buffer[fen::kMaxFenLength];
  fen::FenWriter writer;
  std::size_t bytes = 0;
  for (auto _ : state) {
    for (const Ply& p : s.plies) {
      bytes += writer.write(p.position, buffer);
      benchmark::DoNotOptimize(buffer);
    }
  }
  state.SetItemsProcessed(std::int64_t(state.iterations() * s.plies.size()));
  state.SetBytesProcessed(std::int64_t(bytes));
  state.SetLabel(s.label);
}
BENCHMARK(fen_writer);

// ---------------------------------------------------------------- SAN

void san_read(benchmark::State& state) {
  const Sample& s = sample();
  for (auto _ : state) {
    for (const Ply& p : s.plies) {
      const fen::SanResult r = fen::read_san(p.position, p.san);
      benchmark::DoNotOptimize(r);
    }
  }
  state.SetItemsProcessed(std::int64_t(state.iterations() * s.plies.size()));
  state.SetLabel(s.label);
}
BENCHMARK(san_read);

void san_write(benchmark::State& state) {
  const Sample& s = sample();
  char buffer[fen::kMaxSanLength];
  for (auto _ : state) {
    for (const Ply& p : s.plies) {
      const std::size_t n = fen::write_san(p.position, p.move, buffer);
      benchmark::DoNotOptimize(n);
      benchmark::DoNotOptimize(buffer);
    }
  }
  state.SetItemsProcessed(std::int64_t(state.iterations() * s.plies.size()));
  state.SetLabel(s.label);
}
BENCHMARK(san_write);

void uci_read(benchmark::State& state) {
  const Sample& s = sample();
  std::vector<std::string> texts;
  for (const Ply& p : s.plies) texts.push_back(fen::to_uci(p.move, {}));
  for (auto _ : state) {
    for (std::size_t i = 0; i < texts.size(); ++i) {
      const fen::Move m = fen::read_uci(s.plies[i].position, texts[i]);
      benchmark::DoNotOptimize(m);
    }
  }
  state.SetItemsProcessed(std::int64_t(state.iterations() * texts.size()));
  state.SetLabel(s.label);
}
BENCHMARK(uci_read);

// ---------------------------------------------------------------- Building blocks

void generate_legal(benchmark::State& state) {
  const Sample& s = sample();
  fen::MoveList moves;
  std::size_t generated = 0;
  for (auto _ : state) {
    for (const Ply& p : s.plies) {
      fen::generate_legal(p.position, moves);
      generated += moves.size();
    }
  }
  state.SetItemsProcessed(std::int64_t(state.iterations() * s.plies.size()));
  state.counters["moves/s"] = benchmark::Counter(double(generated), benchmark::Counter::kIsRate);
  state.SetLabel(s.label);
}
BENCHMARK(generate_legal);

void play(benchmark::State& state) {
  const Sample& s = sample();
  for (auto _ : state) {
    for (const Ply& p : s.plies) {
      fen::Position next = p.position;
      next.play_unchecked(p.move);
      benchmark::DoNotOptimize(next);
    }
  }
  state.SetItemsProcessed(std::int64_t(state.iterations() * s.plies.size()));
  state.SetLabel(s.label);
}
BENCHMARK(play);

void polyglot_key(benchmark::State& state) {
  const Sample& s = sample();
  for (auto _ : state) {
    for (const Ply& p : s.plies) benchmark::DoNotOptimize(fen::polyglot_key(p.position));
  }
  state.SetItemsProcessed(std::int64_t(state.iterations() * s.plies.size()));
  state.SetLabel(s.label);
}
BENCHMARK(polyglot_key);

}  // namespace

BENCHMARK_MAIN();
