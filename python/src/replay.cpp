// fenkit.replay: the data set of `fenkit replay` as columns. The archive is read as the program
// reads it (pgn::read_archive: chunks of whole games on every core, results in input order),
// each chunk's rows made by pgn::PositionRows as columns (the rows of the JSON-lines format) on
// its worker thread; the GIL is held only to turn a finished chunk into Python objects, so
// other Python threads run meanwhile.
#include <pybind11/numpy.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <optional>
#include <set>

#include "columns.hpp"
#include "common.hpp"
#include "object_arenas.hpp"
#include "row_packing.hpp"
#include "fenkit/io/output_file.hpp"
#include "fenkit/pgn/position_rows.hpp"
#include "fenkit/pgn/archive.hpp"

namespace fenkit::python {

namespace {

// Raised from the calling thread's emit to stop reading at the first rejected game.
struct Rejected {
  std::string message;
};

// The file rows are written to (fenkit.write_replay), as the program writes its outputs
// (io::OutputFile): under a temporary name, renamed into place once every row is written, so
// that a run that fails leaves no cut file; compressed when the name ends in .gz or .zst (zstd
// on the run's threads). A failed write stops the reading and is raised as OSError naming the
// file.
class RowFile {
 public:
  struct Failed {
    std::string message;
  };
  RowFile(const std::string& path, unsigned threads) {
    try {
      file_ = std::make_unique<io::OutputFile>(path, io::CompressionSettings{0, threads});
    } catch (const io::OutputError& e) {
      raise_error(PyExc_OSError, e.what());
    }
  }
  void write(std::string_view bytes) {
    try {
      file_->write(bytes);
    } catch (const io::OutputError& e) {
      fail(e);
    }
  }
  // Writes what is left and puts the file in place.
  void commit() {
    try {
      file_->commit();
    } catch (const io::OutputError& e) {
      fail(e);
    }
  }
  const std::string& error() const { return error_; }

 private:
  [[noreturn]] void fail(const io::OutputError& e) {
    error_ = e.what();
    throw Failed{error_};
  }
  std::unique_ptr<io::OutputFile> file_;
  std::string error_;
};

// The rows go to `output` (a path) in a text format of the program ("jsonl", "csv", "fen",
// "epd", written by the library's writer with no Python per row), or, without one, into
// columns of values: Python objects, or with `packed` bytes that _RowUnpacker makes them of in
// another process (row_packing.hpp), compressed for one on another machine.
py::tuple replay(const py::object& source, const std::optional<py::object>& output,
                 const std::string& format, bool header,
                 const std::optional<std::vector<std::string>>& columns,
                 const std::vector<std::string>& tags, bool eval, bool clock, bool comments,
                 bool nags, bool next, bool with_start, bool variations, bool final,
                 std::uint32_t min_ply, std::optional<std::uint32_t> max_ply, std::uint32_t every,
                 const std::string& ep, unsigned jobs,
                 const std::optional<std::pair<std::uint64_t, std::uint64_t>>& range,
                 std::int64_t game_offset, std::optional<std::uint64_t> first_line,
                 const std::string& errors, bool warnings, bool planes, bool packed,
                 bool compressed, std::optional<std::uint64_t> max_game_bytes,
                 const py::kwargs& kwargs) {
  const std::vector<std::string> paths = paths_of(source);
  if (errors != "raise" && errors != "skip" && errors != "collect")
    throw py::value_error("errors must be 'raise', 'skip' or 'collect', not '" + errors + "'");

  const pgn::GameFilter filter = filter_from_kwargs(kwargs);
  pgn::PositionRowOptions options;
  options.format = pgn::RowFormat::columns;
  if (output && packed) throw py::value_error("_packed= goes with the columns of values, not with a file");
  if (output) {
    if (format == "jsonl") options.format = pgn::RowFormat::jsonl;
    else if (format == "csv") options.format = pgn::RowFormat::csv;
    else if (format == "fen") options.format = pgn::RowFormat::fen;
    else if (format == "epd") options.format = pgn::RowFormat::epd;
    else throw py::value_error("format must be 'jsonl', 'csv', 'fen' or 'epd', not '" + format + "'");
    if (columns) throw py::value_error("columns= goes with the columns of values, not with a file");
    if (planes) throw py::value_error("planes= goes with the columns of values, not with a file");
  }
  options.ep = ep_mode(ep);
  options.with_start = with_start;
  options.variations = variations;
  options.min_ply = min_ply;
  if (max_ply) options.max_ply = *max_ply;
  options.every = every;
  options.game_offset = game_offset;
  options.tags = tags;
  options.eval = eval;
  options.clock = clock;
  options.comments = comments;
  options.nags = nags;
  options.next = next;
  options.final = final;
  options.warnings = warnings;
  options.planes = planes;
  // The program's rules (PositionRowOptions::problem), with the arguments' names.
  if (const std::optional<std::string> problem =
          options.problem([](std::string_view key) { return std::string(key); }))
    throw py::value_error(*problem);

  // The columns, in the order of the JSON keys.
  using S = ColumnSource;
  std::vector<ColumnSpec> specs;
  specs.push_back({"game", S::game});
  specs.push_back({"ply", S::ply});
  if (variations) specs.push_back({"path", S::path});
  specs.push_back({"san", S::san});
  specs.push_back({"uci", S::uci});
  specs.push_back({"fen", S::fen});
  const std::size_t base_columns = specs.size();
  for (std::size_t i = 0; i < tags.size(); ++i)
    specs.push_back({tags[i], S::tag, i});
  if (eval) {
    specs.push_back({"eval", S::eval});
    specs.push_back({"mate", S::mate});
  }
  if (clock) specs.push_back({"clk", S::clk});
  if (comments) specs.push_back({"comment", S::comment});
  if (nags) specs.push_back({"nags", S::nags});
  if (next) {
    specs.push_back({"next_san", S::next_san});
    specs.push_back({"next_uci", S::next_uci});
  }
  if (planes) {
    // White's pieces, then Black's, named by their FEN letters.
    const char* letters = "PNBRQKpnbrqk";
    for (std::size_t i = 0; i < 12; ++i) specs.push_back({std::string(1, letters[i]), S::plane, i});
    specs.push_back({"turn", S::turn});
    specs.push_back({"castling_rights", S::castling});
    specs.push_back({"ep_square", S::ep_square});
  }
  std::set<std::string> names;
  for (const ColumnSpec& spec : specs)
    if (!names.insert(spec.name).second)
      throw py::value_error("two columns are called '" + spec.name + "'");
  if (columns) {
    for (const std::string& name : *columns)
      if (!names.count(name))
        throw py::value_error("columns: no column '" + name + "' (there are game, ply, " +
                              std::string(variations ? "path, " : "") +
                              "san, uci, fen, and those that tags, eval, clock, comments, "
                              "nags and next ask for)");
    // A text column left out is not made at all.
    pgn::PositionRowOptions::RowText& made = options.row_text;
    for (std::size_t i = 0; i < base_columns; ++i) {
      ColumnSpec& spec = specs[i];
      spec.keep = std::find(columns->begin(), columns->end(), spec.name) != columns->end();
      switch (spec.source) {
        case S::path: made.path = spec.keep; break;
        case S::san: made.san = spec.keep; break;
        case S::uci: made.uci = spec.keep; break;
        case S::fen: made.fen = spec.keep; break;
        default: break;  // game and ply: always made
      }
    }
  }

  pgn::ArchiveOptions archive;
  archive.jobs = jobs;
  if (max_game_bytes) {
    if (*max_game_bytes == 0) throw py::value_error("max_game_bytes must be 1 or more");
    archive.max_game_bytes = *max_game_bytes;
  }
  // FEN lines written to a file hold no game numbers; the columns made here do.
  archive.numbered_later = output && !options.rows_hold_game_numbers();
  archive.limit_to(filter);
  if (range) {
    if (paths.size() != 1) throw py::value_error("range needs exactly one file");
    if (range->second < range->first) throw py::value_error("range: end is before start");
    require_byte_ranges(paths[0]);
    archive.range = pgn::ByteRange{range->first, range->second, first_line};
  }
  const pgn::ReaderOptions reader = options.reader_options();

  std::optional<ColumnBuilder> builder;
  std::optional<RowPacker> packer;
  if (packed) {
    // Rows whose position follows from the row before go as moves; the unpacker writes their
    // FENs (a fifth of the bytes, and the workers write few FENs).
    options.row_text.fen_moves = true;
    packer.emplace(specs, options.ep, compressed);
  }
  else if (!output)
    builder.emplace(specs);
  CollectingEvents events;
  pgn::ReportTotals report_totals;
  std::uint64_t selected = 0, positions = 0, bytes = 0;
  std::string lines;
  std::optional<std::string> raised;
  ColumnsPool pool;
  pgn::detail::BufferPool buffers;
  const std::unique_ptr<RowFile> file =
      output ? std::make_unique<RowFile>(path_of(*output), pgn::detail::resolve_jobs(jobs)) : nullptr;
  if (file && header && options.format == pgn::RowFormat::csv) file->write(options.csv_header());
  {
    std::optional<PrefaultedArenas> arenas;  // for the strs the builder makes
    if (builder) arenas.emplace();
    py::gil_scoped_release release;
    try {
      const pgn::ArchiveTotals totals = pgn::read_archive<pgn::PositionRowChunk>(
          paths, archive, events,
          pgn::visit_chunks<pgn::PositionRowChunk>(
              reader,
              [&](const io::InputSource& input, pgn::PositionRowChunk& piece) {
                if (file)
                  piece.output = buffers.take();
                else
                  piece.columns = pool.take();
                return pgn::PositionRowSelector(&filter, options, input.name(), piece, false);
              }),
          [&](pgn::PositionRowChunk& piece) {
            const pgn::ChunkReport& report = piece.report;
            if (errors == "raise" && report.rejected) throw Rejected{first_error(report.lines)};
            report_totals.add(report);
            selected += piece.selected;
            positions += piece.positions;
            if (errors == "collect") lines += report.lines;
            if (file) {
              file->write(piece.output.view());
              buffers.give(std::move(piece.output));
              return;
            }
            if (packer) {
              packer->append(piece.columns);
            } else {
              py::gil_scoped_acquire gil;
              builder->append(piece.columns);
            }
            pool.give(std::move(piece.columns));
          });
      bytes = totals.bytes;
      if (file) file->commit();
    } catch (const Rejected& r) {
      raised = r.message;
    } catch (const RowFile::Failed& f) {
      raised = f.message;
    }
  }
  if (file && !file->error().empty()) raise_error(PyExc_OSError, file->error());
  if (raised) raise_error(PyExc_ValueError, *raised);
  if (!events.failures.empty()) raise_error(PyExc_OSError, events.failures);
  py::dict stats;
  stats["games"] = report_totals.games;
  stats["rejected"] = report_totals.rejected;
  stats["selected"] = selected;
  stats["positions"] = positions;
  stats["bytes"] = bytes;
  stats["errors"] = str_list(split_lines(lines));
  if (packer) {
    // An array, not bytes: pickle's protocol 5 sends it beside the pickle, without a copy. It
    // holds the packer's memory itself (no copy of hundreds of megabytes here either).
    return py::make_tuple(packer->release(), stats);
  }
  return py::make_tuple(builder ? builder->arrays() : py::dict(), stats);
}

// Whether `path` can be read in byte ranges: a regular file whose bytes are its text (an empty
// one too). OSError when it cannot be opened.
bool byte_ranges_possible(const std::string& path) {
  // A pipe or a device has no size to cut into ranges; it is not opened either (opening a pipe
  // to look at its first bytes would wait for a writer).
  // Standard input ("-") is a stream too, whatever a file of that name may be.
  if (path == "-") return false;
  std::error_code unknown;
  const auto status = std::filesystem::status(path, unknown);
  if (!unknown && std::filesystem::exists(status) && !std::filesystem::is_regular_file(status) &&
      !std::filesystem::is_directory(status))
    return false;
  try {
    // (Only a regular uncompressed file is read as a FileSource, which knows its size.)
    const std::unique_ptr<io::InputSource> input = io::open_input(path);
    return input->size_hint() != 0 || std::filesystem::file_size(path, unknown) == 0;
  } catch (const std::exception& e) {
    raise_error(PyExc_OSError, e.what());
  }
}

}  // namespace

void require_byte_ranges(const std::string& path) {
  if (!byte_ranges_possible(path))
    raise_error(PyExc_ValueError, "range: " + path + ": a byte range needs a regular uncompressed "
                                  "file (not a pipe, compressed or UTF-16 input)");
}

namespace {

// The games that begin in the byte range of a file (or in the whole input, compressed or not),
// counted as the chunker counts them for numbering, without reading them, and the lines they
// take: what the ranges before a range add up to are its game_offset and its first line.
py::tuple count_range(const py::object& source,
                      const std::optional<std::pair<std::uint64_t, std::uint64_t>>& range) {
  const std::string path = path_of(source);
  if (range) require_byte_ranges(path);
  pgn::RangeCounts counts;
  std::string failure;
  {
    py::gil_scoped_release release;
    try {
      if (range) {
        counts = pgn::count_range(path, range->first, range->second);
      } else {
        const std::unique_ptr<io::InputSource> input = io::open_input(path);
        pgn::Chunker chunker(*input, std::size_t(4) << 20);
        for (pgn::Chunk chunk; chunker.next(chunk);) {
          counts.games += chunk.games;
          counts.lines += std::uint64_t(std::count(chunk.text.begin(), chunk.text.end(), '\n'));
        }
      }
    } catch (const std::exception& e) {
      failure = e.what();
    }
  }
  if (!failure.empty()) raise_error(PyExc_OSError, failure);
  return py::make_tuple(counts.games, counts.lines);
}

}  // namespace

void add_replay(py::module_& m) {
  m.def("_byte_ranges_possible", [](const py::object& path) { return byte_ranges_possible(path_of(path)); },
        py::arg("path"),
        "Whether the file can be read in byte ranges (a regular file whose bytes are its text).");
  m.def("_require_byte_ranges", [](const py::object& path) { require_byte_ranges(path_of(path)); },
        py::arg("path"), "ValueError when the file cannot be read in byte ranges.");
  m.def("_count_range", &count_range, py::arg("source"), py::arg("range") = py::none(),
        "(games, lines) of a byte range of a file (or of the whole input): the games counted as "
        "the reader numbers them, without replaying them, and the line ends.");
  m.def("_replay", &replay, py::arg("source"), py::arg("output") = py::none(),
        py::arg("format") = "jsonl", py::arg("header") = true, py::arg("columns") = py::none(),
        py::arg("tags") = std::vector<std::string>(), py::arg("eval") = false,
        py::arg("clock") = false, py::arg("comments") = false, py::arg("nags") = false,
        py::arg("next") = false, py::arg("with_start") = false, py::arg("variations") = false,
        py::arg("final") = false, py::arg("min_ply") = 0, py::arg("max_ply") = py::none(),
        py::arg("every") = 1, py::arg("ep") = "standard", py::arg("jobs") = 0,
        py::arg("range") = py::none(), py::arg("game_offset") = 0,
        py::arg("first_line") = py::none(), py::arg("errors") = "collect",
        py::arg("warnings") = false, py::arg("planes") = false, py::arg("_packed") = false,
        py::arg("_compressed") = true, py::arg("max_game_bytes") = py::none(),
        "The rows of `fenkit replay -f jsonl` as (dict of NumPy arrays, statistics), or with "
        "_packed=True as (bytes for _RowUnpacker, statistics; zstd-compressed unless "
        "_compressed=False); see fenkit.replay.");
}

}  // namespace fenkit::python
