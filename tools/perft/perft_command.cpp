// fenkit perft: leaf counts of one position, or a whole suite checked against its counts.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "command_run.hpp"
#include "commands.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/perft.hpp"
#include "fenkit/fen/perft_suite.hpp"
#include "fenkit/fen/uci.hpp"
#include "fenkit/fen/variant.hpp"
#include "fenkit/io/input.hpp"
#include "fenkit/io/line_reader.hpp"
#include "threads.hpp"

namespace fenkit::tools {

namespace {

using fen::Position;

// Deeper than any perft that finishes: 20 plies from the start are 10^28 leaves.
constexpr int kMaxDepth = 30;

// The rules a --variant option or a suite's variant line names.
fen::VariantName variant_named(const std::string& name) {
  const std::optional<fen::VariantName> found = fen::find_variant(name);
  if (!found) throw UsageError("unknown variant '" + name + "'");
  return *found;
}

fen::FenOptions fen_options(const fen::VariantName& variant) {
  return {.lenient = true, .chess960 = variant.chess960, .variant = variant.variant};
}

Position read_position(const std::string& text, const fen::VariantName& variant) {
  Position pos;
  fen::FenError error = fen::read_fen(text, pos, fen_options(variant));
  if (error) {
    const std::string where = error.column ? " at column " + std::to_string(error.column) : "";
    throw UsageError("bad FEN" + where + ": " + error.message());
  }
  return pos;
}

int run_single(CommandRun& run, const std::string& fen_text, const fen::VariantName& variant,
               int depth, bool divide) {
  const Position pos = read_position(fen_text, variant);
  run.open_outputs({{"output", "-"}});
  io::OutputFile& out = run.output(0);
  const auto start = std::chrono::steady_clock::now();
  std::uint64_t nodes = 0;
  if (divide) {
    const fen::UciOptions uci{.king_takes_rook = pos.is_chess960()};
    for (const auto& [move, count] : fen::perft_divide(pos, depth)) {
      out.write(fen::to_uci(move, uci) + ": " + std::to_string(count) + "\n");
      nodes += count;
    }
    out.write("\n");
  } else {
    nodes = fen::perft(pos, depth);
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.write(std::to_string(nodes) + "\n");
  char line[128];
  std::snprintf(line, sizeof line, "perft(%d): %llu nodes in %.3f s (%.1f M nodes/s)", depth,
                static_cast<unsigned long long>(nodes), seconds,
                seconds > 0 ? double(nodes) / seconds / 1e6 : 0.0);
  return run.finish(Summary().then(line));
}

struct CaseResult {
  std::string error;  // FEN problem, if any
  std::vector<std::pair<int, std::uint64_t>> got;  // counts computed, in suite order
};

// The suite's cases, and its lines that hold no readable case (reported). A suite that breaks off
// (a damaged compressed file) is reported; the cases before the break still run.
fen::PerftSuiteReader read_suite(CommandRun& run) {
  fen::PerftSuiteReader suite;
  const std::string name = display_name(run.inputs().front());
  try {
    if (const std::unique_ptr<io::InputSource> in = run.open_input(run.inputs().front())) {
      io::LineReader lines(*in);
      for (std::string_view line; lines.next(line);) suite.add_line(line);
    }
  } catch (const std::runtime_error& e) {
    run.input_failed(name, e.what());
  }
  for (const auto& e : suite.errors) run.diagnostics().error(name, e.line, 1, e.message);
  return suite;
}

int run_suite(CommandRun& run, const fen::VariantName& default_variant, int max_depth,
              std::uint64_t max_nodes, unsigned jobs) {
  run.open_outputs();
  const fen::PerftSuiteReader suite = read_suite(run);
  const std::string name = display_name(run.inputs().front());
  const std::vector<fen::PerftCase>& cases = suite.cases;
  std::vector<CaseResult> results(cases.size());
  parallel_for(cases.size(), jobs, [&](std::size_t i) {
    const fen::PerftCase& c = cases[i];
    fen::VariantName variant = default_variant;
    if (!c.variant.empty()) {
      const std::optional<fen::VariantName> named = fen::find_variant(c.variant);
      if (!named) {
        results[i].error = "unknown variant '" + c.variant + "'";
        return;
      }
      variant = *named;
    }
    Position pos;
    if (fen::FenError error = fen::read_fen(c.fen, pos, fen_options(variant))) {
      results[i].error = error.message();
      return;
    }
    for (const auto& [depth, nodes] : c.expected) {
      if (depth > max_depth || nodes > max_nodes) continue;
      results[i].got.emplace_back(depth, fen::perft(pos, depth));
    }
  });

  std::size_t checked = 0, mismatches = 0, bad_fens = 0;
  for (std::size_t i = 0; i < cases.size(); ++i) {
    const fen::PerftCase& c = cases[i];
    if (!results[i].error.empty()) {
      run.diagnostics().error(name, c.line, 1, "bad FEN: " + results[i].error);
      ++bad_fens;
      continue;
    }
    for (const auto& [depth, got] : results[i].got) {
      ++checked;
      const auto expected = std::find_if(c.expected.begin(), c.expected.end(),
                                         [d = depth](const auto& e) { return e.first == d; });
      if (got == expected->second) continue;
      ++mismatches;
      run.diagnostics().error(name, c.line, 1,
                              "perft(" + std::to_string(depth) + ") of " + c.fen + " is " +
                                  std::to_string(got) + ", expected " +
                                  std::to_string(expected->second));
    }
  }
  // Every line that holds a position is counted: used, or rejected (unreadable, a bad FEN).
  const std::size_t rejected = suite.errors.size() + bad_fens;
  return run.finish(Summary("positions", cases.size() + suite.errors.size(),
                            cases.size() - bad_fens, rejected)
                        .then(std::to_string(checked) + " counts checked, " +
                              std::to_string(mismatches) + " mismatches"));
}

}  // namespace

int run_perft(const Args& args) {
  po::options_description options("perft options");
  options.add_options()
      ("depth,d", integer(0, kMaxDepth), "depth in plies")
      ("divide", "list each root move (UCI) with its count before the total")
      ("variant", po::value<std::string>()->value_name("NAME"),
       "the rules: crazyhouse, threecheck, atomic, antichess, kingofthehill, racingkings, horde, "
       "chess960 (lichess's and python-chess's names too); suite: for cases without a variant line")
      ("suite", po::value<std::string>()->value_name("FILE"),
       "run a perft suite file (EPD ';D1 n' or 'perft d n' blocks)")
      ("max-depth", integer(0, kMaxDepth), "suite: skip depths above this (default: none)")
      ("max-nodes", count(0), "suite: skip counts larger than this (default: none)")
      ("fen", po::value<std::vector<std::string>>(), "the position (all remaining words)");
  add_jobs_option(options, "suite: worker threads");
  add_report_options(options);
  const CommandLine cl = parse_command_line(args, options, "fen");
  const auto& v = cl.values;
  if (cl.help) {
    print_help("perft", "--depth D [--divide] [FEN] | --suite FILE [--max-depth D]", options,
               {{"fenkit perft --depth 6", "119060324, the leaves 6 plies below the start"},
                {"fenkit perft --depth 3 --divide r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
                 "the count below each root move, as engines print it"},
                {"fenkit perft --suite perftsuite.epd --max-nodes 10000000",
                 "every count of a suite up to 10 M nodes, mismatches reported"}},
               "The last line of standard output is the node count; timing goes to standard\n"
               "error (-q leaves it out).");
    return kExitOk;
  }
  const fen::VariantName variant =
      v.count("variant") ? variant_named(v["variant"].as<std::string>()) : fen::VariantName{};
  if (v.count("suite")) {
    refuse_together(v, "suite", "depth");
    refuse_together(v, "suite", "divide");
    if (v.count("fen")) throw UsageError("--suite takes no FEN");
    CommandRun run(v, {.inputs_option = "suite", .kind = "a perft suite"});
    return run_suite(run, variant,
                     v.count("max-depth") ? int(v["max-depth"].as<std::int64_t>()) : kMaxDepth,
                     v.count("max-nodes") ? v["max-nodes"].as<std::uint64_t>() : UINT64_MAX,
                     jobs_from(v));
  }
  refuse_unless(v, "max-depth", false, "--suite");
  refuse_unless(v, "max-nodes", false, "--suite");
  refuse_unless(v, "jobs", false, "--suite");
  if (!v.count("depth")) throw UsageError("--depth is required (or --suite)");
  const int depth = int(v["depth"].as<std::int64_t>());
  std::string fen_text;
  if (v.count("fen")) {
    for (const std::string& word : v["fen"].as<std::vector<std::string>>())
      fen_text += (fen_text.empty() ? "" : " ") + word;
  } else {
    fen_text = std::string(fen::variant_start_fen(variant.variant));
  }
  CommandRun run(v, {.inputs_option = nullptr});
  return run_single(run, fen_text, variant, depth, v.count("divide") > 0);
}

}  // namespace fenkit::tools
