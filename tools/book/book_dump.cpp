// fenkit book dump: every position of a book, one line each, as EPD or JSON lines.
//
// A book holds keys, not positions, so the positions are found by playing from the start
// position (or --fen) through the book (book_walk.hpp). Keys that the walk does not reach
// cannot be written; they are counted and reported.
//
//   epd:   <4 FEN fields> bm e4 d4; c0 "e4=120 d4=80 c4=0";
//          bm holds the moves of positive weight, c0 every move with its weight.
//   jsonl: {"fen":"<4 FEN fields>","key":"463b96181691fc9c",
//           "moves":[{"san":"e4","uci":"e2e4","weight":120,"learn":0}]}   (on one line)
#include "book.hpp"
#include "fenkit/epd/book_move.hpp"
#include "fenkit/epd/book_walk.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::tools {

namespace {

enum class DumpFormat { epd, jsonl };

struct DumpedMove {
  std::string san, uci;
  std::uint16_t weight;
  std::uint32_t learn;
};

void write_epd(const std::string& fen, const std::vector<DumpedMove>& moves, std::string& out) {
  out += fen;
  std::string best, weights;
  for (const DumpedMove& m : moves) {
    if (m.weight) best += " " + m.san;
    weights += (weights.empty() ? "" : " ") + m.san + "=" + std::to_string(m.weight);
  }
  if (!best.empty()) out += " bm" + best + ";";
  out += " c0 \"" + weights + "\";\n";
}

void write_jsonl(const std::string& fen, std::uint64_t key, const std::vector<DumpedMove>& moves,
                 std::string& out) {
  // FEN, SAN and UCI never contain characters that JSON needs escaped.
  out += "{\"fen\":\"" + fen + "\",\"key\":\"" + key_text(key) + "\",\"moves\":[";
  for (std::size_t i = 0; i < moves.size(); ++i) {
    const DumpedMove& m = moves[i];
    out += i ? ",{" : "{";
    out += "\"san\":\"" + m.san + "\",\"uci\":\"" + m.uci +
           "\",\"weight\":" + std::to_string(m.weight) + ",\"learn\":" + std::to_string(m.learn) +
           "}";
  }
  out += "]}\n";
}

// Writes every position the walk reached, with its moves; returns the number of book moves
// that are not legal in their position (reported, and left out).
std::size_t write_positions(CommandRun& run, const epd::Book& book, const epd::BookWalk& walk,
                            DumpFormat format, const std::string& path) {
  io::OutputFile& out = run.output(0);
  std::string text;
  std::vector<DumpedMove> moves;
  std::size_t illegal = 0;
  for (const fen::Position& pos : walk.positions) {
    const fen::UciOptions uci{.king_takes_rook = pos.is_chess960()};
    const std::string fen = fen::to_fen(pos, {.clocks = false});
    moves.clear();
    for (const epd::BookMove& m : book.moves(pos)) {
      if (!m.move) {
        ++illegal;
        run.diagnostics().error(path, "book move " + epd::book_move_text(m.code) +
                                          " is not legal in " + fen + "; left out");
        continue;
      }
      moves.push_back(
          DumpedMove{fen::to_san(pos, m.move), fen::to_uci(m.move, uci), m.weight, m.learn});
    }
    if (format == DumpFormat::epd)
      write_epd(fen, moves, text);
    else
      write_jsonl(fen, fen::polyglot_key(pos), moves, text);
    if (text.size() > (1U << 16)) {
      out.write(text);
      text.clear();
    }
  }
  out.write(text);
  return illegal;
}

po::options_description dump_options() {
  po::options_description options("book dump options");
  // clang-format off
  options.add_options()
      ("format,f", one_of({"epd", "jsonl"})->default_value("epd"), "epd or jsonl")
      ("fen", po::value<std::vector<std::string>>()->composing(),
       "start the walk from this position instead of the standard start (repeatable)")
      ("chess960", "read --fen castling rights as Chess960")
      ("gap", integer(0, 64)->default_value(1),
       "positions outside the book the walk may pass through after a book move")
      ("ignore-trailing-bytes", "read a book whose size is not a multiple of 16 (with a warning)")
      ("book", po::value<std::vector<std::string>>(), "the book file");
  // clang-format on
  add_output_option(options);
  add_compression_option(options);
  add_report_options(options);
  return options;
}

}  // namespace

int run_book_dump(const Args& args) {
  const po::options_description options = dump_options();
  const CommandLine cl = parse_command_line(args, options, "book");
  const auto& v = cl.values;
  if (cl.help) {
    print_help("book dump", "BOOK.bin [--format epd|jsonl] [--fen FEN]...", options,
               {{"fenkit book dump book.bin > book.epd", "every position of the book, as EPD"},
                {"fenkit book dump -f jsonl --gap 2 book.bin", "JSON lines, through 2-ply gaps"},
                {"fenkit book dump book.bin | fenkit book build -o same.bin",
                 "the book built back from its dump, byte for byte"}},
               "EPD lines hold bm with the moves of positive weight and c0 with every move and its\n"
               "weight, which `book build` reads back. Positions the walk cannot reach from the\n"
               "start (or --fen) are counted and named in a warning. Exit status 1 if a book\n"
               "move is not legal in its position.");
    return kExitOk;
  }
  if (!v.count("book") || v["book"].as<std::vector<std::string>>().size() != 1)
    throw UsageError("one book file is required");
  const std::string path = v["book"].as<std::vector<std::string>>().front();
  const DumpFormat format = v["format"].as<std::string>() == "epd" ? DumpFormat::epd : DumpFormat::jsonl;
  std::vector<fen::Position> roots;
  for (const std::string& text : v.count("fen") ? v["fen"].as<std::vector<std::string>>()
                                                : std::vector<std::string>{})
    roots.push_back(position_from_words({text}, v.count("chess960") > 0));
  if (roots.empty()) roots.emplace_back();

  CommandRun run(v, {.inputs_option = "book", .kind = "a book"});
  run.open_outputs({{"output", output_from(v)}});
  std::optional<epd::Book> book;
  if (!open_book(path, v.count("ignore-trailing-bytes") > 0, run.diagnostics(), book))
    return run.finish();
  const epd::BookWalk walk =
      epd::walk_book(*book, roots, {.max_gap = int(v["gap"].as<std::int64_t>())});
  const std::size_t illegal = write_positions(run, *book, walk, format, path);
  if (walk.unreached_keys)
    run.diagnostics().file_warning(
        path, std::to_string(walk.unreached_keys) + " of " + std::to_string(walk.keys) +
                  " positions (" + std::to_string(walk.unreached_entries) +
                  " entries) were not reached from the " +
                  (v.count("fen") ? "given positions" : "start position") +
                  " and are not written; --fen or a larger --gap may reach them");
  return run.finish(Summary("positions", walk.keys, walk.positions.size(), 0)
                        .also(walk.unreached_keys, "not reached")
                        .also(illegal, "illegal moves left out"));
}

}  // namespace fenkit::tools
