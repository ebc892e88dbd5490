// fenkit.Book and fenkit.build_book: Polyglot opening books (libepd), read and built as
// `fenkit book probe` and `fenkit book build` do.
#include <pybind11/stl.h>


#include "common.hpp"
#include "fenkit/epd/book_builder.hpp"
#include "fenkit/epd/book_games.hpp"
#include "fenkit/epd/book_move.hpp"
#include "fenkit/epd/book_reader.hpp"
#include "fenkit/epd/book_writer.hpp"
#include "fenkit/fen/polyglot.hpp"
#include "fenkit/io/compression.hpp"
#include "fenkit/pgn/archive.hpp"

namespace fenkit::python {

namespace {

[[noreturn]] void raise_os_error(const std::string& message) { raise_error(PyExc_OSError, message); }

// A book pickles as its name and bytes (a book read from a file comes back as those bytes,
// without its file).
py::bytes book_bytes_of(const epd::Book& book) {
  const std::vector<unsigned char> bytes = epd::book_bytes(book.entries());
  return py::bytes(reinterpret_cast<const char*>(bytes.data()), bytes.size());
}

epd::Book book_from(const py::handle& name, const py::handle& bytes) {
  const std::string text = bytes.cast<std::string>();
  return epd::Book::from_bytes(name.cast<std::string>(),
                               std::vector<unsigned char>(text.begin(), text.end()));
}

epd::Book open_book(const py::object& path, bool ignore_trailing_bytes) {
  try {
    return epd::Book::open(path_of(path), {.ignore_trailing_bytes = ignore_trailing_bytes});
  } catch (const epd::BookError& e) {
    if (e.fault() == epd::BookFault::unreadable) raise_os_error(e.what());
    raise_error(PyExc_ValueError, e.what());
  }
}

py::list probe(const epd::Book& book, const py::handle& position) {
  const fen::Position pos = position_of(position);
  py::list out;
  for (const epd::BookMove& m : book.moves(pos)) {
    const std::string uci = m.move ? uci_of(pos, m.move) : epd::book_move_text(m.code);
    out.append(py::make_tuple(uci, m.weight, m.learn));
  }
  return out;
}

// A book build_book made, with what reading its games found (as replay's statistics).
struct BuiltBook : epd::Book {
  BuiltBook(epd::Book book) : epd::Book(std::move(book)) {}
  std::uint64_t games = 0, selected = 0, rejected = 0;
  std::vector<std::string> errors;  // FILE:LINE:COLUMN lines of the rejected games
};

// Raised from the calling thread's emit to stop reading at the first rejected game.
struct Rejected {
  std::string message;
};


BuiltBook build_book(const py::object& source, const std::optional<py::object>& output,
                     int max_ply, int min_games, double min_score, bool only_white,
                     bool only_black, bool uniform, int jobs, const std::string& errors,
                     const py::kwargs& kwargs) {
  if (errors != "raise" && errors != "skip" && errors != "collect")
    throw py::value_error("errors must be 'raise', 'skip' or 'collect', not '" + errors + "'");
  if (jobs < 0 || jobs > 256)
    throw py::value_error("jobs must be 0 (every core) to 256, not " + std::to_string(jobs));
  if (only_white && only_black) throw py::value_error("only_white does not go with only_black");
  if (max_ply < 0) throw py::value_error("max_ply must be 0 or more");
  if (min_games < 1) throw py::value_error("min_games must be 1 or more");
  if (!(min_score >= 0 && min_score <= 100)) throw py::value_error("min_score must be 0 to 100");
  const std::vector<std::string> paths = paths_of(source);
  for (const std::string& path : paths)
    // The PGN reader would take an EPD file's records for broken games: such a file is
    // refused by its name, as the program tells EPD input from PGN.
    if (io::content_extension(path) == ".epd")
      raise_error(PyExc_ValueError, path + ": build_book reads PGN games; a book from the bm and "
                                           "pm moves of EPD records is made by `fenkit book build`");
  const pgn::GameFilter filter = filter_from_kwargs(kwargs);
  const epd::BookBuildOptions options{.max_ply = max_ply,
                                      .min_games = min_games,
                                      .min_score = min_score,
                                      .only_white = only_white,
                                      .only_black = only_black,
                                      .uniform = uniform};
  std::vector<epd::BookEntry> entries;
  CollectingEvents events;
  pgn::ReportTotals totals;
  std::uint64_t selected = 0;
  std::string lines;
  std::optional<std::string> raised;
  {
    py::gil_scoped_release release;
    try {
      epd::BookBuilder builder(options);
      pgn::ReaderOptions reader;
      reader.move_locations = false;
      reader.comments = false;
      reader.reject_bad_variations = false;  // the main line only, as Polyglot (and the program)
      pgn::ArchiveOptions archive;
      archive.jobs = unsigned(jobs);
      archive.numbered_later = true;  // books hold no game numbers
      archive.limit_to(filter);
      pgn::read_archive<epd::BookGames>(
          paths, archive, events,
          pgn::visit_chunks<epd::BookGames>(
              reader,
              [&](const io::InputSource& input, epd::BookGames& result) {
                return epd::BookGameSelector(&filter, result, max_ply, input.name(), false);
              }),
          [&](epd::BookGames& result) {
            const pgn::ChunkReport& report = result.report;
            if (errors == "raise" && report.rejected) throw Rejected{first_error(report.lines)};
            totals.add(report);
            selected += result.games.size();
            if (errors == "collect") lines += report.lines;
            result.add_to(builder);
          });
      entries = builder.entries();
    } catch (const Rejected& r) {
      raised = r.message;
    }
  }
  if (raised) raise_error(PyExc_ValueError, *raised);
  if (!events.failures.empty()) raise_os_error(events.failures);
  if (output) {
    try {
      epd::write_book(path_of(*output), entries);
    } catch (const epd::BookError& e) {
      raise_os_error(e.what());
    }
  }
  BuiltBook book(epd::Book::from_bytes(output ? path_of(*output) : std::string("<built book>"),
                                       epd::book_bytes(entries)));
  book.games = totals.games;
  book.selected = selected;
  book.rejected = totals.rejected;
  book.errors = split_lines(lines);
  return book;
}

}  // namespace

void add_book(py::module_& m) {
  m.def("_polyglot_random64", [] {
    const auto& table = fen::polyglot_random64();
    return std::vector<std::uint64_t>(table.begin(), table.end());
  }, "The Polyglot format's 781 Random64 values (fenkit.polyglot.POLYGLOT_RANDOM_ARRAY).");
  py::class_<epd::Book>(m, "Book", R"doc(
A Polyglot opening book (.bin), mapped into memory and checked when opened.

Book(path) raises OSError for a file that cannot be read and ValueError for one that is not a
book (a size that is not a multiple of 16 bytes, unsorted keys), naming the byte at fault;
ignore_trailing_bytes=True reads the whole entries of a book with a stray tail.)doc")
      .def(py::init(&open_book), py::arg("path"), py::arg("ignore_trailing_bytes") = false)
      .def("probe", &probe, py::arg("position"),
           "The book's moves for a position (a Position or a FEN), in the book's order "
           "(heaviest first in built books), as (uci, weight, learn) tuples. Castling is in "
           "UCI as e1g1 (king takes rook in Chess960); a move that is not legal in the "
           "position (a key collision) is given as the book stores it.")
      .def(
          "__contains__",
          [](const epd::Book& book, const py::handle& position) {
            return book.contains(position_of(position));
          },
          py::arg("position"), "Whether the book has moves for the position.")
      .def("__len__", &epd::Book::size, "The number of entries.")
      .def_property_readonly(
          "name", [](const epd::Book& book) { return str_of(book.name()); },
          "The file the book was read from.")
      .def(
          "entries",
          [](const epd::Book& book) {
            py::list out;
            for (std::size_t i = 0; i < book.size(); ++i) {
              const epd::BookEntry e = book.entry(i);
              out.append(py::make_tuple(e.key, e.move, e.weight, e.learn));
            }
            return out;
          },
          "Every entry as (key, move code, weight, learn), in file order.")
      .def("to_bytes", &book_bytes_of, "The book's bytes, as a .bin file holds them.")
      .def(py::pickle(
          [](const epd::Book& book) {
            return py::make_tuple(py::bytes(book.name()), book_bytes_of(book));
          },
          [](const py::tuple& state) { return book_from(state[0], state[1]); }))
      .def("__repr__", [](const epd::Book& book) {
        return str_of("<Book " + book.name() + ": " + std::to_string(book.size()) + " entries>");
      });

  py::class_<BuiltBook, epd::Book>(m, "BuiltBook", R"doc(
A Book that build_book made: besides the book, what reading its games found.)doc")
      .def_readonly("games", &BuiltBook::games, "Games read (rejected ones included).")
      .def_readonly("selected", &BuiltBook::selected,
                    "Games the selection chose that could be read: those the book counts.")
      .def_readonly("rejected", &BuiltBook::rejected, "Games rejected (they give the book nothing).")
      .def_property_readonly(
          "errors", [](const BuiltBook& b) { return str_list(b.errors); },
          "The FILE:LINE:COLUMN messages of the rejected games (errors=\"collect\").")
      .def(py::pickle(
          [](const BuiltBook& b) {
            return py::make_tuple(py::bytes(b.name()), book_bytes_of(b), b.games, b.selected,
                                  b.rejected, b.errors);
          },
          [](const py::tuple& state) {
            BuiltBook b(book_from(state[0], state[1]));
            b.games = state[2].cast<std::uint64_t>();
            b.selected = state[3].cast<std::uint64_t>();
            b.rejected = state[4].cast<std::uint64_t>();
            b.errors = state[5].cast<std::vector<std::string>>();
            return b;
          }));

  m.def("build_book", &build_book, py::arg("source"), py::arg("output") = py::none(),
        py::arg("max_ply") = 1024, py::arg("min_games") = 3, py::arg("min_score") = 0.0,
        py::arg("only_white") = false, py::arg("only_black") = false, py::arg("uniform") = false,
        py::arg("jobs") = 0, py::arg("errors") = "collect", R"doc(
A Polyglot book from PGN games, as `fenkit book build` (and `polyglot make-book`) makes it:
the same games with the same options give the same bytes. source is a path or a list of
paths (compressed input is read directly); output, when given, is the .bin file to write.
max_ply, min_games, min_score (a percentage), only_white, only_black and uniform mean what
the program's options mean; the game-selection keywords (player=, min_elo=, result=, ...)
choose the games. Returns the book as a BuiltBook: a Book that also tells what reading the
games found, as replay does: .games (read), .selected (used), .rejected, and .errors, the
FILE:LINE:COLUMN lines
of the rejected games. A rejected game (an illegal, ambiguous or unknown move, a bad FEN tag,
broken syntax) gives the book nothing. errors="collect" (the default) keeps their messages,
"skip" only counts them, "raise" raises ValueError with the first. EPD files (.epd) are
refused with ValueError: the program builds books from their bm and pm moves.)doc");
}

}  // namespace fenkit::python
