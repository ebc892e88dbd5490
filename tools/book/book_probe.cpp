// fenkit book probe: the book moves of one position, with their weights and shares.
#include <cstdio>

#include "book.hpp"
#include "fenkit/epd/book_move.hpp"
#include "fenkit/fen/fen.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/fen/uci.hpp"

namespace fenkit::tools {

int run_book_probe(const Args& args) {
  po::options_description options("book probe options");
  // clang-format off
  options.add_options()
      ("chess960", "read castling rights as Chess960")
      ("ignore-trailing-bytes", "read a book whose size is not a multiple of 16 (with a warning)")
      ("learn", "add a column with the learn field")
      ("args", po::value<std::vector<std::string>>(), "BOOK.bin, then the position (default: the start)");
  // clang-format on
  add_report_options(options);
  const CommandLine cl = parse_command_line(args, options, "args");
  const auto& v = cl.values;
  if (cl.help) {
    print_help("book probe", "BOOK.bin [FEN]", options,
               {{"fenkit book probe book.bin", "the book moves of the start position"},
                {"fenkit book probe book.bin rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1",
                 "the replies to 1. e4"}},
               "Prints one line per book move: SAN, UCI, weight, and the weight's share of the\n"
               "position's total. Exit status 1 if the position is not in the book or a book\n"
               "move is not legal there.");
    return kExitOk;
  }
  if (!v.count("args")) throw UsageError("a book file is required");
  std::vector<std::string> words = v["args"].as<std::vector<std::string>>();
  const std::string path = words.front();
  words.erase(words.begin());
  const fen::Position pos =
      words.empty() ? fen::Position() : position_from_words(words, v.count("chess960") > 0);

  CommandRun run(v, {.inputs_option = nullptr});
  run.open_outputs({{"output", "-"}});
  Diagnostics& diag = run.diagnostics();
  std::optional<epd::Book> book;
  if (!open_book(path, v.count("ignore-trailing-bytes") > 0, diag, book)) return run.finish();
  const std::vector<epd::BookMove> moves = book->moves(pos);
  if (moves.empty()) {
    diag.error(path, "the position is not in the book: " + fen::to_fen(pos));
    return run.finish();
  }

  std::uint64_t total = 0;
  for (const epd::BookMove& m : moves) total += m.weight;
  const fen::UciOptions uci{.king_takes_rook = pos.is_chess960()};
  for (const epd::BookMove& m : moves) {
    const std::string san = m.move ? fen::to_san(pos, m.move) : "?";
    const std::string coordinates = m.move ? fen::to_uci(m.move, uci) : epd::book_move_text(m.code);
    const double share = total ? 100.0 * m.weight / double(total) : 0.0;
    char line[96];
    int n = std::snprintf(line, sizeof line, "%-8s %-6s %6u %6.2f%%", san.c_str(),
                          coordinates.c_str(), unsigned(m.weight), share);
    if (v.count("learn"))
      n += std::snprintf(line + n, sizeof line - std::size_t(n), " %10lu",
                         static_cast<unsigned long>(m.learn));
    line[n++] = '\n';
    run.output(0).write(std::string_view(line, std::size_t(n)));
    if (!m.move)
      diag.error(path, "book move " + epd::book_move_text(m.code) + " is not legal in " +
                           fen::to_fen(pos));
  }
  return run.finish();
}

}  // namespace fenkit::tools
