// fenkit book merge: several books into one, as `polyglot merge-book` merges two.
#include "fenkit/epd/book_merge.hpp"

#include "book.hpp"
#include "fenkit/epd/book_writer.hpp"

namespace fenkit::tools {

int run_book_merge(const Args& args) {
  po::options_description options("book merge options");
  // clang-format off
  options.add_options()
      ("output,o", po::value<std::string>(), "the merged book (required)")
      ("first-wins", "a position in several books keeps the moves of the first only "
                     "(default: add up the weights of shared moves, as polyglot merge-book does)")
      ("ignore-trailing-bytes", "read books whose size is not a multiple of 16 (with a warning)")
      ("book", po::value<std::vector<std::string>>(), "the books, in order of precedence");
  // clang-format on
  add_compression_option(options);
  add_report_options(options);
  const CommandLine cl = parse_command_line(args, options, "book");
  const auto& v = cl.values;
  if (cl.help) {
    print_help("book merge", "A.bin B.bin [C.bin...] -o OUT.bin", options,
               {{"fenkit book merge a.bin b.bin -o ab.bin", "as polyglot merge-book"},
                {"fenkit book merge --first-wins main.bin extra.bin -o out.bin",
                 "extra.bin only fills the positions main.bin lacks"}},
               "A position found in several books gets the first book's moves in its order, the\n"
               "later books' weights added to the moves they share (capped at 65535), and their\n"
               "other moves after; the learn field is the first book's.");
    return kExitOk;
  }
  if (!v.count("output")) throw UsageError("-o OUT.bin is required");
  if (!v.count("book") || v["book"].as<std::vector<std::string>>().size() < 2)
    throw UsageError("at least two books are required");
  const auto mode =
      v.count("first-wins") ? epd::BookMergeMode::first_wins : epd::BookMergeMode::add_weights;

  CommandRun run(v, {.inputs_option = "book", .kind = "a book"});
  const std::string output = v["output"].as<std::string>();
  run.open_outputs({{"output", output}});
  std::vector<epd::BookEntry> merged;
  bool first = true;
  for (const std::string& path : run.inputs()) {
    std::optional<epd::Book> book;
    if (!open_book(path, v.count("ignore-trailing-bytes") > 0, run.diagnostics(), book))
      return run.finish();
    const std::vector<epd::BookEntry> entries = book->entries();
    merged = first ? entries : epd::merge_books(merged, entries, mode);
    first = false;
  }
  const std::vector<unsigned char> bytes = epd::book_bytes(merged);
  run.output(0).write(std::string_view(reinterpret_cast<const char*>(bytes.data()), bytes.size()));
  const std::size_t books = run.inputs().size();
  return run.finish(Summary("books", books, books, 0)
                        .then(std::to_string(merged.size()) + " entries written to " + output));
}

}  // namespace fenkit::tools
