// fenkit.read_games: games one at a time from a file, as trees (libpgn's GameReader), chosen
// by the command line's game selection. Reading is streamed: a chunk of whole games at a time
// (a few hundred kilobytes) is read with the GIL released, and its games are handed out one by
// one; no more than one chunk's games is held.
#include <pybind11/stl.h>
#include <structmember.h>

#include <cstring>
#include <memory>
#include <optional>

#include "common.hpp"
#include "python_chess.hpp"
#include "fenkit/fen/printable.hpp"
#include "fenkit/fen/san.hpp"
#include "fenkit/pgn/archive.hpp"
#include "fenkit/pgn/game_builder.hpp"
#include "fenkit/pgn/game_reader.hpp"
#include "fenkit/pgn/game_walk.hpp"
#include "fenkit/io/input.hpp"
#include "fenkit/pgn/report.hpp"
#include "fenkit/pgn/writer.hpp"

namespace fenkit::python {

namespace {

// ------------------------------------------------------------------ Game

struct PyGame {
  pgn::Game game;
  std::string file;  // the input's name, for diagnostics
  // A rejected game read with errors="partial": its moves are those read before the error.
  bool partial = false;

  std::vector<std::string> diagnostic_lines(bool errors_only) const {
    std::vector<std::string> lines;
    for (const pgn::Diagnostic& d : game.diagnostics) {
      if (errors_only && d.severity != pgn::Severity::error) continue;
      std::string line;
      pgn::append_diagnostic(line, file, d);
      if (!line.empty() && line.back() == '\n') line.pop_back();
      lines.push_back(std::move(line));
    }
    return lines;
  }
  std::optional<std::string> error() const {
    if (!game.rejected) return std::nullopt;
    std::vector<std::string> lines = diagnostic_lines(true);
    if (lines.empty()) return file + ": error: game " + std::to_string(game.number) + " rejected";
    return lines.front();
  }
  void need_moves(const char* what) const {
    if (game.rejected && !partial)
      raise_error(PyExc_ValueError, "game " + std::to_string(game.number) +
                                        " was rejected, it has no " + what + ": " + *error());
  }
};

// Calls `each(before, move, after)` for every main-line move.
template <typename Each>
void replay_mainline(const PyGame& g, Each each) {
  fen::Position pos = g.game.start;
  for (const pgn::Node& node : g.game.mainline().nodes) {
    const fen::Position before = pos;
    if (node.move.is_null()) pos.play_null();
    else pos.play(node.move);
    each(before, node.move, pos);
  }
}

py::list sans(const PyGame& g) {
  g.need_moves("moves");
  py::list out;
  char text[fen::kMaxSanLength];
  replay_mainline(g, [&](const fen::Position& before, fen::Move move, const fen::Position& after) {
    out.append(py::str(text, fen::write_san(before, move, after, text)));
  });
  return out;
}

py::list ucis(const PyGame& g) {
  g.need_moves("moves");
  py::list out;
  replay_mainline(g, [&](const fen::Position& before, fen::Move move, const fen::Position&) {
    out.append(uci_of(before, move));
  });
  return out;
}

py::list fens(const PyGame& g, const std::string& ep, bool with_start) {
  g.need_moves("positions");
  fen::FenWriter writer({.ep = ep_mode(ep)});
  char text[fen::kMaxFenLength];
  py::list out;
  if (with_start) out.append(py::str(text, writer.write(g.game.start, text)));
  replay_mainline(g, [&](const fen::Position&, fen::Move, const fen::Position& after) {
    out.append(py::str(text, writer.write(after, text)));
  });
  return out;
}

py::list positions(const PyGame& g, bool with_start) {
  g.need_moves("positions");
  py::list out;
  if (with_start) out.append(py::cast(PyPosition{g.game.start, {}}));
  replay_mainline(g, [&](const fen::Position&, fen::Move, const fen::Position& after) {
    out.append(py::cast(PyPosition{after, {}}));
  });
  return out;
}

// Per main-line move, what Game.mainline()'s nodes hold (fenkit/_game.py): the move in UCI and
// SAN, the comment without commands, the comments as written, the NAGs, and the commands.
py::list mainline_data(const PyGame& g) {
  g.need_moves("moves");
  py::list out;
  const std::vector<pgn::Node>& nodes = g.game.mainline().nodes;
  std::size_t i = 0;
  char san[fen::kMaxSanLength];
  replay_mainline(g, [&](const fen::Position& before, fen::Move move, const fen::Position& after) {
    const pgn::Node& node = nodes[i++];
    const pgn::CommentCommands c = g.game.commands(node);
    auto optional_number = [](const auto& value) -> py::object {
      if (!value) return py::none();
      return py::int_(*value);
    };
    py::list comments;
    std::string nags;
    for (std::string_view comment : g.game.comments(node)) comments.append(str_of(comment));
    for (std::uint8_t nag : g.game.nags(node)) nags += char(nag);
    out.append(py::make_tuple(uci_of(before, move), py::str(san, fen::write_san(before, move, after, san)),
                              str_of(g.game.comment_text(node)), comments, py::bytes(nags),
                              optional_number(c.eval_cp), optional_number(c.mate),
                              optional_number(c.eval_depth), optional_number(c.clock_ms),
                              optional_number(c.elapsed_ms)));
  });
  return out;
}

py::dict tags(const PyGame& g) {
  py::dict out;
  for (const pgn::Tag& tag : g.game.tags) {
    py::str name = str_of(tag.name);
    if (!out.contains(name)) out[name] = str_of(tag.value);  // the first of repeated tags
  }
  return out;
}

// ------------------------------------------------------------------ Pickling

// A game pickles as its tree, in tuples and bytes (so that no text has to be valid UTF-8); the
// tree nests as deep as the reader lets variations nest (ReaderOptions::max_variation_depth).

py::bytes bytes_of(std::string_view text) { return py::bytes(text.data(), text.size()); }

// A line: (its starting comments, its nodes); a node: (move, as written, its notes in order),
// a note (0, comment), (1, NAG) or (2, variation).
py::tuple line_state(const pgn::Game& game, const pgn::Line& line) {
  py::list starting, nodes;
  for (std::string_view c : game.comments(line.starting)) starting.append(bytes_of(c));
  for (const pgn::Node& node : line.nodes) {
    py::list notes;
    for (const pgn::Note& note : game.notes(node)) {
      switch (note.kind) {
        case pgn::Note::Kind::comment: notes.append(py::make_tuple(0, bytes_of(game.comment(note)))); break;
        case pgn::Note::Kind::nag: notes.append(py::make_tuple(1, note.nag)); break;
        case pgn::Note::Kind::variation:
          notes.append(py::make_tuple(2, line_state(game, game.variation(note))));
          break;
      }
    }
    nodes.append(py::make_tuple(node.move.bits(), bytes_of(game.written(node)), notes));
  }
  return py::make_tuple(starting, nodes);
}

void line_from(pgn::Game& game, pgn::LineId line, const py::handle& state) {
  const auto parts = state.cast<py::tuple>();
  for (const py::handle c : parts[0])
    game.append_comment(line, pgn::Game::kBeforeFirstMove, c.cast<std::string>());
  std::size_t index = 0;
  for (const py::handle item : parts[1]) {
    const auto fields = item.cast<py::tuple>();
    game.append_move(line, fen::Move::from_bits(fields[0].cast<std::uint16_t>()),
                     fields[1].cast<std::string>());
    for (const py::handle n : fields[2]) {
      const auto note = n.cast<py::tuple>();
      switch (note[0].cast<int>()) {
        case 0: game.append_comment(line, index, note[1].cast<std::string>()); break;
        case 1: game.append_nag(line, index, note[1].cast<std::uint8_t>()); break;
        default: line_from(game, game.append_variation(line, index), note[1]); break;
      }
    }
    ++index;
  }
}

py::tuple game_state(const PyGame& g) {
  const pgn::Game& game = g.game;
  py::list tags, diagnostics;
  for (const pgn::Tag& tag : game.tags) tags.append(py::make_tuple(bytes_of(tag.name), bytes_of(tag.value)));
  for (const pgn::Diagnostic& d : game.diagnostics)
    diagnostics.append(py::make_tuple(int(d.severity), d.where.offset, d.where.line, d.where.column,
                                      d.game, bytes_of(d.message)));
  return py::make_tuple(2, bytes_of(g.file), game.number,
                        py::make_tuple(game.where.offset, game.where.line, game.where.column), tags,
                        bytes_of(fen::to_fen(game.start)), game.start.is_chess960(),
                        game.moves_checked, line_state(game, game.mainline()), bytes_of(game.result),
                        diagnostics, game.rejected, bytes_of(game.raw), g.partial);
}

PyGame game_from_state(const py::tuple& state) {
  if (state.size() != 14 || state[0].cast<int>() != 2)
    throw py::value_error("not the state of a pickled fenkit.Game of this version");
  PyGame g;
  g.file = state[1].cast<std::string>();
  pgn::Game& game = g.game;
  game.number = state[2].cast<std::uint64_t>();
  const auto where = state[3].cast<py::tuple>();
  game.where = pgn::Location{where[0].cast<std::uint64_t>(), where[1].cast<std::uint64_t>(),
                             where[2].cast<std::uint32_t>()};
  for (const py::handle tag : state[4]) {
    const auto pair = tag.cast<py::tuple>();
    game.tags.push_back(pgn::Tag{pair[0].cast<std::string>(), pair[1].cast<std::string>()});
  }
  const std::string start = state[5].cast<std::string>();
  if (const fen::FenError e = fen::read_fen(start, game.start,
                                            {.lenient = true, .relax = fen::Problems::all(),
                                             .chess960 = state[6].cast<bool>()}))
    throw py::value_error("not the state of a pickled fenkit.Game: " + e.message());
  game.moves_checked = state[7].cast<bool>();
  line_from(game, pgn::kMainLine, state[8]);
  game.result = state[9].cast<std::string>();
  for (const py::handle item : state[10]) {
    const auto d = item.cast<py::tuple>();
    game.diagnostics.push_back(pgn::Diagnostic{
        pgn::Severity(d[0].cast<int>()),
        pgn::Location{d[1].cast<std::uint64_t>(), d[2].cast<std::uint64_t>(), d[3].cast<std::uint32_t>()},
        d[4].cast<std::uint64_t>(), d[5].cast<std::string>()});
  }
  game.rejected = state[11].cast<bool>();
  game.raw = state[12].cast<std::string>();
  if (state.size() == 14) g.partial = state[13].cast<bool>();
  return g;
}

// ------------------------------------------------------------------ Input from Python files

// A Python file object opened for reading, in binary or text mode (text is encoded as UTF-8).
class PyFileSource : public io::InputSource {
 public:
  PyFileSource(py::object file, std::string name)
      : InputSource(std::move(name)), file_(std::move(file)) {}
  ~PyFileSource() override {
    py::gil_scoped_acquire gil;
    file_ = py::object();
  }

  std::size_t read(char* buffer, std::size_t size) override {
    py::gil_scoped_acquire gil;
    while (pending_.size() - used_ < size && !eof_) {
      py::object data = file_.attr("read")(std::max<std::size_t>(size, 1 << 16));
      std::string bytes;
      // Text as UTF-8; what a text file decoded with errors="surrogateescape" could not
      // decode goes back to its bytes.
      if (py::isinstance<py::str>(data))
        bytes = data.attr("encode")("utf-8", "surrogateescape").cast<std::string>();
      else bytes = py::bytes(data).cast<std::string>();
      if (bytes.empty()) eof_ = true;
      pending_.erase(0, used_);
      used_ = 0;
      pending_ += bytes;
      raw_ += bytes.size();
    }
    const std::size_t n = std::min(size, pending_.size() - used_);
    std::memcpy(buffer, pending_.data() + used_, n);
    used_ += n;
    return n;
  }
  std::uint64_t raw_bytes_read() const override { return raw_; }

 private:
  py::object file_;
  std::string pending_;
  std::size_t used_ = 0;
  std::uint64_t raw_ = 0;
  bool eof_ = false;
};

// ------------------------------------------------------------------ The reader

enum class Errors { raise, skip, collect, partial };

Errors errors_mode(const std::string& word) {
  if (word == "raise") return Errors::raise;
  if (word == "skip") return Errors::skip;
  if (word == "collect") return Errors::collect;
  if (word == "partial") return Errors::partial;
  throw py::value_error("errors must be 'raise', 'skip', 'collect' or 'partial', not '" + word + "'");
}

[[noreturn]] void raise_os_error(const std::string& message) { raise_error(PyExc_OSError, message); }

// The library's GameReader, with the GIL let go while it reads, and the errors modes.
class GameReader {
 public:
  GameReader(const py::object& source, pgn::GameFilter filter, const std::string& errors,
             const std::optional<std::pair<std::uint64_t, std::uint64_t>>& range,
             bool comments, bool variations, std::size_t chunk_bytes,
             std::optional<std::uint64_t> max_game_bytes)
      : errors_(errors_mode(errors)) {
    pgn::GameReaderOptions options;
    options.chunk_bytes = chunk_bytes;
    if (max_game_bytes) {
      if (*max_game_bytes == 0) throw py::value_error("max_game_bytes must be 1 or more");
      options.reader.max_game_bytes = *max_game_bytes;
    }
    options.variations = variations;
    options.reader.move_locations = false;
    options.reader.comments = comments;
    // Without variations, a bad move in a side line is a warning (as `fenkit pgn -f jsonl`
    // and `replay` have it); with them, it rejects the game, whose tree would be cut short.
    options.reader.reject_bad_variations = variations;
    if (range) {
      if (range->second < range->first) throw py::value_error("range: end is before start");
      options.range = pgn::ByteRange{range->first, range->second, std::nullopt};
    }
    if (py::hasattr(source, "read")) {
      if (range) throw py::value_error("range: a byte range is read from a file named by its path");
      std::string name = "<file>";
      if (py::hasattr(source, "name")) {
        const py::object given = source.attr("name");
        if (py::isinstance<py::str>(given) || py::isinstance<py::bytes>(given) ||
            py::hasattr(given, "__fspath__"))
          name = path_of(given);  // (an int is a descriptor, not a name)
      }
      input_ = std::make_unique<PyFileSource>(source, name);
      // Bytes are read as a file's are (compressed, UTF-16); text has been decoded already.
      if (!py::isinstance(source, py::module_::import("io").attr("TextIOBase")))
        input_ = io::decoded_input(std::move(input_));
      reader_.emplace(*input_, options);
    } else {
      const std::string path = path_of(source);
      try {
        // Opened now, so that a missing file raises at once, as open() does.
        if (!range) {
          input_ = io::open_input(path);
          reader_.emplace(*input_, options);
        } else {
          require_byte_ranges(path);
          reader_.emplace(path, options);
        }
      } catch (const py::builtin_exception&) {
        throw;
      } catch (const py::error_already_set&) {
        throw;
      } catch (const std::exception& e) {
        raise_os_error(e.what());
      }
    }
    reader_->select(std::move(filter));
  }

  PyGame next() {
    // next() lets the GIL go: another thread calling it meanwhile would read the same input
    // at once. As a generator does, the second caller is refused.
    if (busy_) throw py::value_error("GameReader already executing (in another thread)");
    busy_ = true;
    struct Idle {
      bool& busy;
      ~Idle() { busy = false; }
    } idle{busy_};
    for (;;) {
      if (!reader_) throw py::stop_iteration();
      std::optional<pgn::Game> game;
      std::exception_ptr failure;
      {
        py::gil_scoped_release release;
        try {
          game = reader_->next();
        } catch (...) {
          failure = std::current_exception();
        }
      }
      if (failure) {
        finish();  // the input broke off: the games before the break have come
        try {
          std::rethrow_exception(failure);
        } catch (const py::error_already_set&) {
          throw;
        } catch (const std::exception& e) {
          raise_os_error(e.what());
        }
      }
      if (!game) {
        finish();
        throw py::stop_iteration();
      }
      PyGame g{std::move(*game), reader_->input_name()};
      if (!g.game.rejected) return g;
      switch (errors_) {
        case Errors::skip:
          continue;
        case Errors::collect:
          return g;
        case Errors::partial:
          g.partial = true;
          return g;
        case Errors::raise:
          raise_error(PyExc_ValueError, *g.error());
      }
    }
  }

  // Lets the input go (a file it opened is closed); the iteration ends. The counts stay.
  void close() {
    if (busy_) throw py::value_error("GameReader already executing (in another thread)");
    finish();
  }

  std::uint64_t games() const { return reader_ ? reader_->games() : games_; }
  std::uint64_t selected() const { return reader_ ? reader_->selected() : selected_; }
  std::uint64_t rejected() const { return reader_ ? reader_->rejected() : rejected_; }
  std::string name() const { return reader_ ? reader_->input_name() : name_; }

 private:
  void finish() {
    if (reader_) {
      games_ = reader_->games();
      selected_ = reader_->selected();
      rejected_ = reader_->rejected();
      name_ = reader_->input_name();
    }
    reader_.reset();
    input_.reset();
  }

  Errors errors_;
  std::unique_ptr<io::InputSource> input_;  // what reader_ reads, when it is not a path
  std::optional<pgn::GameReader> reader_;
  bool busy_ = false;  // in next(), read and written with the GIL held
  std::uint64_t games_ = 0, selected_ = 0, rejected_ = 0;
  std::string name_;
};


// ------------------------------------------------------------------ fenkit.pgn's trees

// One game's text, as fenkit.pgn.read_game took it from its handle (tags, movetext, up to the
// blank line that ends it), read as python-chess reads: comments kept as written, a result
// missing at the end allowed, a game with a bad move kept with the moves before it. `line` is
// where the text begins in the handle, so that messages name the handle's lines. None when the
// text holds no game.
py::object parse_game_text(std::string_view text, const std::string& name, std::uint64_t line,
                           std::uint64_t number) {
  pgn::GameBuilder builder;
  builder.keep_comment_blanks(true);
  pgn::ReaderOptions options;
  options.file_name = name;
  options.move_locations = false;
  options.first_game_number = number;
  options.place.line = line;
  options.place.ends_input = false;
  {
    py::gil_scoped_release release;
    pgn::read_pgn(text, builder, options);
  }
  if (builder.games().empty()) return py::none();
  PyGame g{std::move(builder.games().front()), name};
  g.partial = true;
  return py::cast(std::move(g));
}

// Every move of the game's tree, depth first in the record's order, with the index (in this
// walk) of the move it follows, -1 for the game's start, and whether it begins a variation:
// `each(ply, parent, starts_line)`. A variation's first move is an alternative to the last
// move given one level up, so it follows that move's parent.
template <typename Each>
void walk_tree(const PyGame& g, Each each) {
  std::vector<std::int64_t> parent_of;      // of each move given
  std::vector<std::int64_t> last_at_depth;  // the last move given at each depth
  for (const pgn::Ply& ply : pgn::walk(g.game, {.variations = true})) {
    const std::size_t depth = ply.depth();
    if (last_at_depth.size() <= depth) last_at_depth.resize(depth + 1, -1);
    std::int64_t parent = -1;
    const bool starts_line = ply.index() == 0 && depth > 0;
    if (ply.index() > 0) parent = last_at_depth[depth];
    else if (starts_line) parent = parent_of[std::size_t(last_at_depth[depth - 1])];
    each(ply, parent, starts_line);
    parent_of.push_back(parent);
    last_at_depth[depth] = std::int64_t(parent_of.size()) - 1;
  }
}

// The game's tree as fenkit.pgn builds its nodes from it: (comments before the first move,
// nodes), each node (index of its parent node or -1 for the game, UCI, SAN, comments after it,
// NAGs as bytes, comments before it when it begins a variation), parents before children and
// each node's children in their order (the main continuation first).
py::tuple tree_data(const PyGame& g) {
  py::list nodes;
  auto comments_of = [&](auto range) {
    py::list out;
    for (std::string_view c : range) out.append(str_of(c));
    return out;
  };
  py::list game_comments = comments_of(g.game.comments(g.game.mainline().starting));
  if (g.game.rejected && !g.partial) return py::make_tuple(game_comments, nodes);
  walk_tree(g, [&](const pgn::Ply& ply, std::int64_t parent, bool starts_line) {
    py::object starting = starts_line ? py::object(comments_of(g.game.comments(g.game.line(ply.line()).starting)))
                                      : py::object(py::list());
    std::string nags;
    for (std::uint8_t nag : ply.nags()) nags += char(nag);
    const std::string_view uci = ply.uci();
    const std::string_view san = ply.san();
    nodes.append(py::make_tuple(parent, py::str(uci.data(), uci.size()), py::str(san.data(), san.size()),
                                comments_of(ply.comments()), py::bytes(nags), starting));
  });
  return py::make_tuple(game_comments, nodes);
}

// fenkit.pgn's nodes made here rather than in a Python loop (a dozen attributes a node, on every
// move of every game a script reads): the ChildNode class's slots are written by their offsets,
// as the Python code they replace (pgn.py's _build_tree) would set them.
struct NodeSlots {
  PyTypeObject* type = nullptr;
  Py_ssize_t parent, move, variations, comment, starting_comment, nags, stamp, depth, root, san, uci;
};

Py_ssize_t slot_offset(PyTypeObject* type, const char* name) {
  const py::object slot = py::reinterpret_steal<py::object>(
      PyObject_GetAttrString(reinterpret_cast<PyObject*>(type), name));
  if (!slot || Py_TYPE(slot.ptr()) != &PyMemberDescr_Type)
    throw py::type_error(std::string("fenkit.pgn node class has no slot ") + name);
  const PyMemberDef* member = reinterpret_cast<PyMemberDescrObject*>(slot.ptr())->d_member;
  if (member->type != T_OBJECT_EX) throw py::type_error(std::string("slot ") + name + " holds no object");
  return member->offset;
}

void set_slot(PyObject* object, Py_ssize_t offset, PyObject* value) {  // steals `value`
  PyObject** at = reinterpret_cast<PyObject**>(reinterpret_cast<char*>(object) + offset);
  Py_XSETREF(*at, value);
}

PyObject* get_slot(PyObject* object, Py_ssize_t offset) {  // borrowed
  return *reinterpret_cast<PyObject**>(reinterpret_cast<char*>(object) + offset);
}

// The comments of a node as python-chess's reader joins them: each without one blank after
// '{' and one before '}', the empty ones left out, the rest joined by blanks.
py::str joined_comments(auto range) {
  std::string out;
  bool first = true;
  for (std::string_view c : range) {
    if (!c.empty() && c.front() == ' ') c.remove_prefix(1);
    if (!c.empty() && c.back() == ' ') c.remove_suffix(1);
    if (c.empty()) continue;
    if (!first) out += ' ';
    out.append(c);
    first = false;
  }
  return str_of(out);
}

void build_nodes(const PyGame& g, const py::object& game, const py::type& child_class,
                 const py::dict& moves, const py::object& stamp) {
  static NodeSlots slots;
  auto* type = reinterpret_cast<PyTypeObject*>(child_class.ptr());
  if (slots.type != type) {
    slots = NodeSlots{type,
                      slot_offset(type, "_parent"),
                      slot_offset(type, "_move"),
                      slot_offset(type, "variations"),
                      slot_offset(type, "comment"),
                      slot_offset(type, "starting_comment"),
                      slot_offset(type, "_nags"),
                      slot_offset(type, "_stamp"),
                      slot_offset(type, "_depth"),
                      slot_offset(type, "_root"),
                      slot_offset(type, "_san"),
                      slot_offset(type, "_uci")};
  }
  const auto& start = g.game.mainline().starting;
  if (start.count != 0) {
    bool any = false;
    for (std::string_view c : g.game.comments(start)) any = any || !c.empty();
    if (any) game.attr("comment") = joined_comments(g.game.comments(start));
  }
  if (g.game.rejected && !g.partial) return;
  const py::str empty("");
  std::vector<py::object> built;  // the nodes made, in the walk's order
  std::vector<long> depth_of;
  const py::object game_variations = game.attr("variations");
  walk_tree(g, [&](const pgn::Ply& ply, std::int64_t parent, bool starts_line) {
    PyObject* parent_node = parent < 0 ? game.ptr() : built[std::size_t(parent)].ptr();
    const long parent_depth = parent < 0 ? 0 : depth_of[std::size_t(parent)];
    PyObject* node = type->tp_alloc(type, 0);
    if (node == nullptr) throw py::error_already_set();
    py::object owned = py::reinterpret_steal<py::object>(node);

    const std::string_view uci = ply.uci();
    py::str uci_text(uci.data(), uci.size());
    PyObject* move = PyDict_GetItem(moves.ptr(), uci_text.ptr());  // borrowed
    py::object made;
    if (move == nullptr) {
      made = chess_move(ply.before(), ply.move());
      PyDict_SetItem(moves.ptr(), uci_text.ptr(), made.ptr());
      move = made.ptr();
    }
    const std::string_view san = ply.san();
    Py_INCREF(parent_node);
    set_slot(node, slots.parent, parent_node);
    Py_INCREF(move);
    set_slot(node, slots.move, move);
    set_slot(node, slots.variations, PyList_New(0));
    set_slot(node, slots.comment, joined_comments(ply.comments()).release().ptr());
    if (starts_line) {
      set_slot(node, slots.starting_comment,
               joined_comments(g.game.comments(g.game.line(ply.line()).starting)).release().ptr());
    } else {
      set_slot(node, slots.starting_comment, empty.inc_ref().ptr());
    }
    auto nags = ply.nags();
    if (nags.empty()) {
      set_slot(node, slots.nags, py::none().inc_ref().ptr());
    } else {
      PyObject* set = PySet_New(nullptr);
      for (std::uint8_t nag : nags) PySet_Add(set, py::int_(nag).ptr());
      set_slot(node, slots.nags, set);
    }
    set_slot(node, slots.stamp, stamp.inc_ref().ptr());
    set_slot(node, slots.depth, PyLong_FromLong(parent_depth + 1));
    set_slot(node, slots.root, game.inc_ref().ptr());
    set_slot(node, slots.san, py::str(san.data(), san.size()).release().ptr());
    set_slot(node, slots.uci, uci_text.release().ptr());
    PyObject* siblings = parent < 0 ? game_variations.ptr() : get_slot(parent_node, slots.variations);
    if (PyList_Append(siblings, node) < 0) throw py::error_already_set();

    built.push_back(std::move(owned));
    depth_of.push_back(parent_depth + 1);
  });
}

}  // namespace

void add_games(py::module_& m) {
  m.def("_parse_game_text", &parse_game_text, py::arg("text"), py::arg("name"), py::arg("line"),
        py::arg("number"));
  py::class_<PyGame>(m, "Game", R"doc(
One game of a PGN file, held as a tree (tags, main line, comments, NAGs, variations).

tags: dict of the tag pairs (the first value of a repeated tag); moves: the main line in SAN;
uci: the main line in UCI; start_fen: the position the moves start from; result: the
movetext's result ("1-0", "0-1", "1/2-1/2", "*"; without one, the Result tag's); number: the
game's number
in its file (from 1, every game counted, rejected ones too); offset: the byte offset where the
game starts. A game the reader rejected (read_games with errors="collect") has error set to
the reader's message ("FILE:LINE:COLUMN: error: game N: ...") and raw to its text; it has no
moves, except with errors="partial", where it has those read before the error (as
python-chess keeps them). Games pickle (whole: tree, place, diagnostics), for multiprocessing and Dask.)doc")
      .def_property_readonly("tags", &tags, "The tag pairs, as a dict (in input order).")
      .def_property_readonly("moves", &sans, "The main line in canonical SAN.")
      .def_property_readonly("uci", &ucis, "The main line in UCI.")
      .def_property_readonly(
          "start_fen", [](const PyGame& g) { return fen::to_fen(g.game.start); },
          "The FEN of the start position (the standard one, or the [FEN] tag's).")
      .def_property_readonly(
          "start", [](const PyGame& g) { return PyPosition{g.game.start, {}}; },
          "The start position, as a Position.")
      .def_property_readonly(
          "result",
          [](const PyGame& g) { return g.game.result.empty() ? std::string("*") : g.game.result; },
          "The game's result: the movetext's ('1-0', '0-1', '1/2-1/2' or '*'); for a movetext "
          "without one, the Result tag's (the reader warns of it), else '*'.")
      .def_property_readonly(
          "number", [](const PyGame& g) { return g.game.number; },
          "The game's number in its input, from 1 (rejected games count).")
      .def_property_readonly(
          "offset", [](const PyGame& g) { return g.game.where.offset; },
          "The byte offset of the game's first byte in its input.")
      .def_property_readonly(
          "line", [](const PyGame& g) { return g.game.where.line; },
          "The line of the game's first byte in its input (from 1).")
      .def_property_readonly(
          "plies",
          [](const PyGame& g) {
            g.need_moves("plies");  // not the count of the moves read before the error
            return g.game.mainline().nodes.size();
          },
          "The number of half-moves of the main line (ValueError for a rejected game, as moves).")
      .def_property_readonly(
          "error",
          [](const PyGame& g) -> std::optional<py::str> {
            if (std::optional<std::string> error = g.error()) return str_of(*error);
            return std::nullopt;
          },
          "None, or for a rejected game the reader's error message.")
      .def_property_readonly(
          "raw",
          [](const PyGame& g) -> std::optional<py::str> {
            if (!g.game.rejected) return std::nullopt;
            return str_of(g.game.raw);
          },
          "For a rejected game, its text as read; None otherwise.")
      .def_property_readonly(
          "diagnostics", [](const PyGame& g) { return str_list(g.diagnostic_lines(false)); },
          "What the reader said of the game (warnings and errors), as FILE:LINE:COLUMN lines.")
      .def("fens", &fens, py::arg("ep") = "standard", py::arg("with_start") = false,
           "The FEN after every main-line move (with_start: the start position first); "
           "ep='standard' or 'legal' as in Position.fen().")
      .def("positions", &positions, py::arg("with_start") = false,
           "The Position after every main-line move (with_start: the start position first).")
      .def("_mainline_data", &mainline_data)
      .def("_tree_data", &tree_data)
      .def("_build_nodes", &build_nodes, py::arg("game"), py::arg("child_class"), py::arg("moves"),
           py::arg("stamp"))
      .def(
          "final_fen",
          [](const PyGame& g, const std::string& ep) {
            g.need_moves("positions");
            fen::Position last = g.game.start;
            replay_mainline(g, [&](const fen::Position&, fen::Move, const fen::Position& after) {
              last = after;
            });
            return fen::to_fen(last, {.ep = ep_mode(ep)});
          },
          py::arg("ep") = "standard", "The FEN of the position after the last main-line move.")
      .def(
          "to_pgn",
          [](const PyGame& g, bool comments, bool variations, bool nags) {
            if (g.game.rejected) return str_of(g.game.raw);
            pgn::WriterOptions options;
            options.comments = comments;
            options.variations = variations;
            options.nags = nags;
            return str_of(pgn::to_pgn(g.game, options));
          },
          py::arg("comments") = true, py::arg("variations") = true, py::arg("nags") = true,
          "The game in PGN export format (libpgn's writer: seven-tag roster first, 79 columns, "
          "canonical SAN), ending with a blank line. A rejected game gives its raw text.")
      .def(py::pickle(&game_state, &game_from_state))
      .def("__repr__", [](const PyGame& g) {
        auto tag = [&](std::string_view name) {
          const std::string* value = g.game.find_tag(name);
          return value ? fen::printable(*value) : std::string("?");
        };
        return "<Game " + std::to_string(g.game.number) + ": " + tag("White") + " - " +
               tag("Black") + " " + (g.game.result.empty() ? "*" : g.game.result) +
               (g.game.rejected ? " (rejected)" : "") + ">";
      });

  py::class_<GameReader>(m, "GameReader", R"doc(
The iterator read_games returns: games in input order, read a chunk at a time.

games: games read so far (all of them, also those the selection leaves out and the rejected
ones); selected: games read and selected; rejected: games the reader rejected so far (also with
errors="skip", which leaves them out of the iteration).)doc")
      .def(py::init([](const py::object& source, const std::string& errors,
                       const std::optional<std::pair<std::uint64_t, std::uint64_t>>& range,
                       bool comments, bool variations, std::size_t chunk_bytes,
                       std::optional<std::uint64_t> max_game_bytes, const py::kwargs& kwargs) {
             return std::make_unique<GameReader>(source, filter_from_kwargs(kwargs), errors, range,
                                                 comments, variations, chunk_bytes,
                                                 max_game_bytes);
           }),
           py::arg("source"), py::arg("errors") = "raise", py::arg("range") = py::none(),
           py::arg("comments") = true, py::arg("variations") = true,
           py::arg("chunk_bytes") = std::size_t(256) << 10,
           py::arg("max_game_bytes") = py::none())
      .def("__iter__", [](GameReader& r) -> GameReader& { return r; })
      .def("__next__", &GameReader::next)
      .def("close", &GameReader::close, "Lets the input go (a file it opened is closed); the iteration ends.")
      .def("__enter__", [](GameReader& r) -> GameReader& { return r; })
      .def("__exit__", [](GameReader& r, const py::args&) { r.close(); })
      .def_property_readonly("games", &GameReader::games, "Games read so far.")
      .def_property_readonly("selected", &GameReader::selected, "Games selected so far.")
      .def_property_readonly("rejected", &GameReader::rejected, "Games rejected so far.")
      .def_property_readonly(
          "name", [](const GameReader& r) { return str_of(r.name()); }, "The input's name.");
}

}  // namespace fenkit::python
