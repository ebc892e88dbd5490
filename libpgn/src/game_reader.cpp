// GameReader: pieces of the input (chunks of whole games) read into batches of games, on the
// calling thread or on workers, and the batches' games handed out one at a time in input order.
#include "fenkit/pgn/game_reader.hpp"

#include <algorithm>
#include <memory>
#include <stdexcept>
#include <utility>

#include "fenkit/pgn/archive.hpp"
#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/detail/parallel.hpp"
#include "fenkit/pgn/game_builder.hpp"
#include "fenkit/pgn/game_filter.hpp"
#include "fenkit/io/input.hpp"
#include "fenkit/pgn/selecting_visitor.hpp"
#include "chunk_games.hpp"

namespace fenkit::pgn {

namespace {

// Games passed over (not selected, or rejected and not wanted), as they count.
struct Passed {
  std::uint64_t games = 0;
  std::uint64_t rejected = 0;
};

// The games of one chunk, in order, and what was passed over before each and after the last.
struct Batch {
  std::vector<Game> games;
  std::vector<Passed> passed_before;
  Passed passed_after;

  void clear() {
    games.clear();
    passed_before.clear();
    passed_after = {};
  }
};

// The positions of the main line of the game read last, kept while it is handed out so that a
// walk of it plays no move again (GameReader::walk). A game longer than kMostPlies is walked by
// playing its moves: memory stays within a few megabytes whatever the game.
struct MainlinePositions {
  static constexpr std::size_t kMostPlies = std::size_t(1) << 15;
  std::vector<fen::Position> positions;
  std::vector<fen::Move> moves;  // that led to them: a game is known by its number and moves
  bool complete = false;         // all of the game's, none missed
  std::uint64_t game = 0;
};

// Builds the trees of the games GameEnd::selected keeps, and of the rejected ones when they
// are wanted, into a batch; variations only when they are wanted. SelectingVisitor gives it the
// filter's verdicts: a game its tags exclude is neither built nor rejected. With `positions`,
// the main line's positions are kept as the reader makes them.
class BatchBuilder final : public GameBuilder {
 public:
  BatchBuilder(const GameReaderOptions& options, Batch*& out, MainlinePositions* positions)
      : GameBuilder([this](Game&& game) {
          if (!keep_) return;
          out_->passed_before.push_back(out_->passed_after);
          out_->passed_after = {};
          out_->games.push_back(std::move(game));
        }),
        variations_(options.variations),
        rejected_games_(options.rejected_games),
        out_(out),
        positions_(positions) {}

  Action begin_game(const GameStart& start) override {
    if (positions_) {
      positions_->positions.clear();
      positions_->moves.clear();
      positions_->complete = true;
      positions_->game = start.number;
    }
    return GameBuilder::begin_game(start);
  }
  void start_position(const fen::Position& position) override {
    if (positions_) positions_->positions.push_back(position);
    GameBuilder::start_position(position);
  }
  Action move(const MoveEvent& event) override {
    if (positions_ && event.depth == 0) keep_position(event);
    return GameBuilder::move(event);
  }
  Action begin_variation() override {
    return variations_ ? GameBuilder::begin_variation() : Action::skip;
  }
  void end_game(const GameEnd& end) override {
    keep_ = end.rejected ? rejected_games_ : end.selected;
    if (!keep_) {
      ++out_->passed_after.games;
      out_->passed_after.rejected += end.rejected;
    }
    GameBuilder::end_game(end);
  }

 private:
  void keep_position(const MoveEvent& event) {
    MainlinePositions& p = *positions_;
    if (!event.after || p.positions.size() > MainlinePositions::kMostPlies) {
      p.complete = false;
      return;
    }
    p.positions.push_back(*event.after);
    p.moves.push_back(event.move);
  }

  bool variations_;
  bool rejected_games_;
  Batch*& out_;
  MainlinePositions* positions_;
  bool keep_ = false;
};

// A chunk being read on a worker, and what it became.
struct Task {
  Chunk chunk;
  Batch batch;
};

}  // namespace

struct GameReader::State {
  explicit State(const GameReaderOptions& o) : options(o) {}

  GameReaderOptions options;
  GameFilter filter;
  bool filtering = false;
  bool started = false;
  std::uint64_t last_game = UINT64_MAX;

  // What is still to read: paths to open, or one input given whole (the caller's, or one the
  // reader made of a stream or a text, which it then owns).
  std::vector<std::string> paths;
  std::size_t next_path = 0;
  io::InputSource* given = nullptr;
  std::unique_ptr<io::InputSource> made;
  std::string text;

  // The input being read.
  std::unique_ptr<io::InputSource> opened;
  io::InputSource* input = nullptr;
  std::unique_ptr<Chunker> chunker;
  std::string name;
  std::uint64_t games_read = 0;  // in the inputs before this one, and in its chunks handed out

  // Reading on workers: the chunks in flight, where the next one to hand out begins (chunks
  // numbered later), and the input's failure, thrown once the chunks before it are handed out.
  std::unique_ptr<detail::OrderedWork<Task>> workers;
  std::vector<std::unique_ptr<Task>> spare;
  bool numbered_later = false;
  ChunkStart next_start;
  std::exception_ptr broke;

  // Reading on the calling thread: the chunk being read a game at a time, into `ready`, with
  // the builder (which keeps its arrays from game to game) and the positions of the game read
  // last.
  Chunk chunk;
  std::unique_ptr<detail::ChunkGames> chunk_games;
  Batch* building = nullptr;
  std::unique_ptr<BatchBuilder> builder;
  std::unique_ptr<SelectingVisitor<BatchBuilder>> selecting;
  MainlinePositions positions;

  // The games read and not yet handed out.
  Batch ready;
  std::size_t next_ready = 0;
  std::uint64_t games = 0, selected = 0, rejected = 0;

  void start();
  bool open_next();
  void close_input() {
    workers.reset();
    chunk_games.reset();
    chunk = Chunk();
    chunker.reset();
    opened.reset();
    input = nullptr;
  }
  ReaderOptions reader_options() const {
    ReaderOptions reader = options.reader;
    reader.file_name = name;
    // The tree converts comments to UTF-8 where it looks at them anyway (GameBuilder).
    reader.comments_in_utf8 = false;
    return reader;
  }
  // Reads a whole chunk into `batch` (on a worker).
  void read(const Chunk& chunk, Batch& batch) const {
    batch.clear();
    Batch* out = &batch;
    if (filtering) {
      SelectingVisitor<BatchBuilder> builder(&filter, options, out, nullptr);
      read_chunk(chunk, builder, reader_options());
    } else {
      BatchBuilder builder(options, out, nullptr);
      read_chunk(chunk, builder, reader_options());
    }
  }
  // The visitor that reads on the calling thread, made once.
  Visitor& visitor() {
    if (!builder && !selecting) {
      building = &ready;
      if (filtering)
        selecting = std::make_unique<SelectingVisitor<BatchBuilder>>(&filter, options, building, &positions);
      else
        builder = std::make_unique<BatchBuilder>(options, building, &positions);
    }
    return selecting ? static_cast<Visitor&>(*selecting) : *builder;
  }
  // The positions of `game`, when it is the game read last (the same number, start and moves:
  // not a game of another reader) and they were all kept.
  const fen::Position* positions_of(const Game& game) const {
    const MainlinePositions& p = positions;
    if (workers || !p.complete || p.game != game.number ||
        p.positions.size() != game.plies() + 1 || p.positions.front() != game.start)
      return nullptr;
    const std::vector<Node>& nodes = game.mainline().nodes;
    for (std::size_t i = 0; i < nodes.size(); ++i)
      if (nodes[i].move != p.moves[i]) return nullptr;
    return p.positions.data();
  }
  // Reads the next chunk into `ready`; false at the end of the inputs.
  bool fill();
  bool fill_on_this_thread();
  bool fill_from_workers();
  void count(const Passed& passed) {
    games += passed.games;
    rejected += passed.rejected;
  }
};

void GameReader::State::start() {
  started = true;
  last_game = std::min(options.reader.last_game_number, filtering ? filter.last_game() : UINT64_MAX);
  if (options.threads == 0) options.threads = detail::resolve_jobs(0);
}

bool GameReader::State::open_next() {
  OpenedInput opened_input;
  if (given) {
    input = given;
    given = nullptr;
  } else if (next_path < paths.size()) {
    const std::string& path = paths[next_path++];
    name = path == "-" ? "<stdin>" : path;  // for a failure to open it
    opened_input = open_archive_input(path, options.range);
    opened = std::move(opened_input.input);
    input = opened.get();
  } else {
    return false;
  }
  name = input->name();
  const std::uint64_t first = options.reader.first_game_number + games_read;
  // Several threads read chunks numbered later (no pass to count games before reading them),
  // unless game numbers decide what is read: chunks counted as they are cut then.
  const bool threaded = options.threads > 1;
  numbered_later = threaded && last_game == UINT64_MAX && !(filtering && filter.selects_by_number());
  const Chunker::Cut cut = !threaded         ? Chunker::Cut::in_order
                           : numbered_later ? Chunker::Cut::numbered_later
                                            : Chunker::Cut::counted;
  chunker = std::make_unique<Chunker>(*input, options.chunk_bytes, first, cut);
  if (!numbered_later) chunker->stop_after_game(last_game);
  chunker->limit_game_size(options.reader.max_game_bytes);
  if (opened_input.goes_on) chunker->input_goes_on();
  if (opened_input.offset || opened_input.line != 1)
    chunker->start_at(opened_input.offset, opened_input.line);
  next_start = ChunkStart{first - 1, opened_input.line, 1};
  if (threaded)
    workers = std::make_unique<detail::OrderedWork<Task>>(
        options.threads, [this](Task& task) { read(task.chunk, task.batch); });
  return true;
}

bool GameReader::State::fill() {
  for (;;) {
    if (!chunker) {
      if (options.reader.first_game_number + games_read > last_game || !open_next()) return false;
    }
    if (workers ? fill_from_workers() : fill_on_this_thread()) return true;
  }
}

bool GameReader::State::fill_on_this_thread() {
  // A game at a time: the next one is read when it is asked for, so that what reading it made
  // (its positions, its text) is still in the cache when the caller looks at it.
  for (;;) {
    if (!chunk_games) {
      bool more;
      try {
        more = chunker->next(chunk);
      } catch (...) {
        close_input();  // broke off: what came before it has been handed out
        throw;
      }
      if (!more) {
        close_input();
        return false;
      }
      chunk_games = std::make_unique<detail::ChunkGames>(chunk, visitor(), reader_options());
    }
    const std::size_t had = ready.games.size();
    if (!chunk_games->next()) {
      chunk_games.reset();
      continue;
    }
    if (ready.games.size() > had) return true;
  }
}

bool GameReader::State::fill_from_workers() {
  // Keep the workers busy: a few chunks a thread in flight.
  const std::size_t most = 2 * workers->threads() + 2;
  while (!broke && workers->in_flight() < most) {
    std::unique_ptr<Task> task;
    if (spare.empty()) {
      task = std::make_unique<Task>();
    } else {
      task = std::move(spare.back());
      spare.pop_back();
    }
    bool more = false;
    try {
      more = chunker->next(task->chunk);
    } catch (...) {
      broke = std::current_exception();
    }
    if (!more) {
      spare.push_back(std::move(task));
      break;
    }
    workers->push(std::move(task));
  }
  std::unique_ptr<Task> done;
  try {
    done = workers->pop();
  } catch (...) {
    close_input();
    throw;
  }
  if (!done) {
    const std::exception_ptr failure = broke;
    broke = nullptr;
    close_input();
    if (failure) std::rethrow_exception(failure);
    return false;
  }
  if (numbered_later) {
    // Read as if it began the input: its games and places move by what came before it.
    const ChunkStart start = next_start;
    for (Game& game : done->batch.games) {
      game.number = start.game(game.number);
      game.where.column = start.column_of(game.where.line, game.where.column);
      game.where.line = start.line_of(game.where.line);
      for (Diagnostic& d : game.diagnostics) {
        d.game = start.game(d.game);
        d.where.column = start.column_of(d.where.line, d.where.column);
        d.where.line = start.line_of(d.where.line);
      }
    }
    next_start = start.after(*done->chunk.numbering);
  }
  // The chunk's text goes back to the chunker; the task's buffers serve a later chunk.
  done->chunk = Chunk();
  std::swap(ready, done->batch);
  spare.push_back(std::move(done));
  return true;
}

GameReader::GameReader(State* state) : state_(state) {}

GameReader::GameReader(std::vector<std::string> paths, const GameReaderOptions& options)
    : GameReader([&] {
        if (options.range && paths.size() != 1)
          throw std::invalid_argument("a byte range is read from one file");
        auto state = std::make_unique<State>(options);
        state->paths = std::move(paths);
        if (!state->paths.empty()) state->name = state->paths.front();
        return state.release();
      }()) {}

GameReader::GameReader(const std::string& path, const GameReaderOptions& options)
    : GameReader(std::vector<std::string>{path}, options) {}

GameReader::GameReader(io::InputSource& input, const GameReaderOptions& options)
    : GameReader([&] {
        if (options.range) throw std::invalid_argument("a byte range is read from a file");
        auto state = std::make_unique<State>(options);
        state->name = input.name();
        state->given = &input;
        return state.release();
      }()) {}

GameReader::GameReader(std::istream& stream, std::string name, const GameReaderOptions& options)
    : GameReader([&] {
        if (options.range) throw std::invalid_argument("a byte range is read from a file");
        auto state = std::make_unique<State>(options);
        state->made = io::decoded_input(io::stream_input(stream, std::move(name)));
        state->name = state->made->name();
        state->given = state->made.get();
        return state.release();
      }()) {}

GameReader GameReader::from_text(std::string text, std::string name,
                                 const GameReaderOptions& options) {
  if (options.range) throw std::invalid_argument("a byte range is read from a file");
  auto state = std::make_unique<State>(options);
  state->text = std::move(text);
  state->made = io::memory_input(std::string_view(state->text), std::move(name));
  state->name = state->made->name();
  state->given = state->made.get();
  return GameReader(state.release());
}

GameReader::~GameReader() { delete state_; }

GameReader::GameReader(GameReader&& other) noexcept : state_(std::exchange(other.state_, nullptr)) {}

GameReader& GameReader::operator=(GameReader&& other) noexcept {
  if (this != &other) {
    delete state_;
    state_ = std::exchange(other.state_, nullptr);
  }
  return *this;
}

GameReader& GameReader::select(GameFilter filter) {
  if (!state_ || state_->started)
    throw std::logic_error("GameReader::select is called before the first game is read");
  state_->filter = std::move(filter);
  state_->filtering = !state_->filter.empty();
  return *this;
}

std::optional<Game> GameReader::next() {
  if (!state_) return std::nullopt;  // moved from
  State& s = *state_;
  if (!s.started) s.start();
  while (s.next_ready == s.ready.games.size()) {
    s.count(s.ready.passed_after);
    s.games_read += s.ready.passed_after.games;
    s.ready.clear();
    s.next_ready = 0;
    if (!s.fill()) {
      // (What was passed over after the last game handed out.)
      s.count(s.ready.passed_after);
      s.games_read += s.ready.passed_after.games;
      s.ready.clear();
      return std::nullopt;
    }
  }
  const std::size_t i = s.next_ready++;
  s.count(s.ready.passed_before[i]);
  s.games_read += s.ready.passed_before[i].games + 1;
  Game& game = s.ready.games[i];
  ++s.games;
  if (game.rejected)
    ++s.rejected;
  else
    ++s.selected;
  return std::move(game);
}

Walk GameReader::walk(const Game& game, const WalkOptions& options) const {
  return Walk(game, options, state_ ? state_->positions_of(game) : nullptr);
}

std::uint64_t GameReader::games() const { return state_ ? state_->games : 0; }
std::uint64_t GameReader::selected() const { return state_ ? state_->selected : 0; }
std::uint64_t GameReader::rejected() const { return state_ ? state_->rejected : 0; }
const std::string& GameReader::input_name() const {
  static const std::string none;
  return state_ ? state_->name : none;
}

}  // namespace fenkit::pgn
