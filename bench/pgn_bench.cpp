// Micro-benchmarks of libpgn's reader: reading an archive from memory without replaying the
// moves (parse only) and with every move resolved and played (replay), through a visitor that
// only counts. The rates are bytes of PGN and plies per second.
//
// The archive is the corpus's masters archive (decompressed by the library's own input), or
// FENKIT_BENCH_PGN when set (any PGN file, compressed or not); without either, the in-repo
// fixtures repeated. The label says which.
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <string>

#include "fenkit/io/input.hpp"
#include "fenkit/pgn/reader.hpp"

namespace io = fenkit::io;
namespace pgn = fenkit::pgn;

namespace {

struct Archive {
  std::string text;
  std::string label;
};

std::string read_all(const std::string& path) {
  std::unique_ptr<io::InputSource> input = io::open_input(path);
  std::string text;
  char buffer[1 << 16];
  while (const std::size_t n = input->read(buffer, sizeof buffer)) text.append(buffer, n);
  return text;
}

const Archive& archive() {
  static const Archive archive = [] {
    namespace fs = std::filesystem;
    if (const char* path = std::getenv("FENKIT_BENCH_PGN")) return Archive{read_all(path), path};
    const fs::path masters = fs::path(FENKIT_CORPUS_DIR) / "big/pgnmentor-masters-76k.pgn.zst";
    if (fs::exists(masters)) return Archive{read_all(masters.string()), "masters archive"};
    std::string text;
    for (int i = 0; i < 50; ++i)
      for (const auto& entry : fs::directory_iterator(FENKIT_SOURCE_DIR "/tests/data/pgn"))
        if (entry.path().extension() == ".pgn") text += read_all(entry.path().string()) + "\n\n";
    return Archive{text, "in-repo fixtures x50"};
  }();
  return archive;
}

class Counter : public pgn::Visitor {
 public:
  std::uint64_t plies = 0;
  pgn::Action move(const pgn::MoveEvent&) override {
    ++plies;
    return pgn::Action::proceed;
  }
};

void read(benchmark::State& state, bool replay) {
  const Archive& a = archive();
  pgn::ReaderOptions options;
  options.check_moves = replay;
  options.comments = false;
  options.move_locations = false;
  std::uint64_t plies = 0;
  for (auto _ : state) {
    Counter counter;
    pgn::read_pgn(a.text, counter, options);
    plies += counter.plies;
  }
  state.SetBytesProcessed(std::int64_t(a.text.size() * state.iterations()));
  state.counters["plies/s"] = benchmark::Counter(double(plies), benchmark::Counter::kIsRate);
  state.SetLabel(a.label);
}

BENCHMARK_CAPTURE(read, parse_only, false)->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(read, replay, true)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
