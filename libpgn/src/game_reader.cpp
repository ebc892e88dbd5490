#include "fenkit/pgn/game_reader.hpp"

#include <algorithm>
#include <deque>
#include <stdexcept>
#include <utility>

#include "fenkit/pgn/chunker.hpp"
#include "fenkit/pgn/game_builder.hpp"
#include "fenkit/pgn/selecting_visitor.hpp"

namespace fenkit::pgn {

namespace {

// Builds the trees of the games GameEnd::selected keeps, and of the rejected ones when they
// are wanted, into `out`; variations only when they are wanted. SelectingVisitor gives it the
// filter's verdicts: a game its tags exclude is neither built nor rejected.
class ReaderBuilder final : public GameBuilder {
 public:
  ReaderBuilder(const GameReaderOptions& options, std::deque<Game>& out)
      : GameBuilder([this](Game&& game) {
          if (keep_) out_.push_back(std::move(game));
        }),
        variations_(options.variations),
        rejected_games_(options.rejected_games),
        out_(out) {}

  std::uint64_t selected = 0, rejected = 0;

  Action begin_variation() override {
    return variations_ ? GameBuilder::begin_variation() : Action::skip;
  }
  void end_game(const GameEnd& end) override {
    if (end.rejected) {
      ++rejected;
      keep_ = rejected_games_;
    } else {
      keep_ = end.selected;
      selected += keep_;
    }
    GameBuilder::end_game(end);
  }

 private:
  bool variations_;
  bool rejected_games_;
  std::deque<Game>& out_;
  bool keep_ = false;
};

}  // namespace

struct GameReader::State {
  State(GameReaderOptions o, GameFilter f) : options(std::move(o)), filter(std::move(f)) {}

  GameReaderOptions options;
  GameFilter filter;
  std::uint64_t last_game = UINT64_MAX;

  // What is still to read: paths to open, or one input given whole.
  std::vector<std::string> paths;
  std::size_t next_path = 0;
  std::unique_ptr<InputSource> given;

  std::unique_ptr<InputSource> input;
  std::unique_ptr<Chunker> chunker;
  std::string name;
  std::deque<Game> ready;
  std::uint64_t games = 0, selected = 0, rejected = 0;

  // Opens the next input; false when none is left. Throws for one that cannot be opened,
  // which is then passed over.
  bool open_next();
  // Reads the next chunk of games into `ready`; false at the end of the inputs.
  bool fill();
  void close_input() {
    chunker.reset();
    input.reset();
  }
};

bool GameReader::State::open_next() {
  OpenedInput opened;
  if (given) {
    opened.input = std::move(given);
  } else if (next_path < paths.size()) {
    const std::string& path = paths[next_path++];
    name = path == "-" ? "<stdin>" : path;  // for a failure to open it
    opened = open_archive_input(path, options.range);
  } else {
    return false;
  }
  input = std::move(opened.input);
  name = input->name();
  chunker = std::make_unique<Chunker>(*input, options.chunk_bytes,
                                      options.reader.first_game_number + games,
                                      Chunker::Cut::in_order);
  chunker->stop_after_game(last_game);
  chunker->limit_game_size(options.reader.max_game_bytes);
  if (opened.goes_on) chunker->input_goes_on();
  if (opened.offset || opened.line != 1) chunker->start_at(opened.offset, opened.line);
  return true;
}

bool GameReader::State::fill() {
  for (;;) {
    if (!chunker) {
      if (options.reader.first_game_number + games > last_game || !open_next()) return false;
    }
    Chunk chunk;
    bool more;
    try {
      more = chunker->next(chunk);
    } catch (...) {
      close_input();  // broke off: what came before it has been read
      throw;
    }
    if (!more) {
      close_input();
      continue;
    }
    SelectingVisitor<ReaderBuilder> builder(&filter, options, ready);
    ReaderOptions reader = options.reader;
    reader.file_name = name;
    games += read_chunk(chunk, builder, reader).games;
    selected += builder.inner().selected;
    rejected += builder.inner().rejected;
    return true;
  }
}

GameReader::GameReader(std::unique_ptr<State> state) : state_(std::move(state)) {
  state_->last_game = std::min(state_->filter.last_game(), state_->options.reader.last_game_number);
}

GameReader::GameReader(std::vector<std::string> paths, GameReaderOptions options,
                       GameFilter filter)
    : GameReader([&] {
        if (options.range && paths.size() != 1)
          throw std::invalid_argument("a byte range is read from one file");
        auto state = std::make_unique<State>(std::move(options), std::move(filter));
        state->paths = std::move(paths);
        if (!state->paths.empty()) state->name = state->paths.front();
        return state;
      }()) {}

GameReader::GameReader(const std::string& path, GameReaderOptions options, GameFilter filter)
    : GameReader(std::vector<std::string>{path}, std::move(options), std::move(filter)) {}

GameReader::GameReader(std::unique_ptr<InputSource> input, GameReaderOptions options,
                       GameFilter filter)
    : GameReader([&] {
        if (options.range) throw std::invalid_argument("a byte range is read from a file");
        auto state = std::make_unique<State>(std::move(options), std::move(filter));
        state->name = input->name();
        state->given = std::move(input);
        return state;
      }()) {}

GameReader::GameReader(std::istream& stream, std::string name, GameReaderOptions options,
                       GameFilter filter)
    : GameReader(decoded_input(stream_input(stream, std::move(name))), std::move(options),
                 std::move(filter)) {}

GameReader GameReader::from_text(std::string text, std::string name, GameReaderOptions options,
                                 GameFilter filter) {
  return GameReader(memory_input(std::move(text), std::move(name)), std::move(options),
                    std::move(filter));
}

GameReader::~GameReader() = default;
GameReader::GameReader(GameReader&&) noexcept = default;
GameReader& GameReader::operator=(GameReader&&) noexcept = default;

std::optional<Game> GameReader::next() {
  State& s = *state_;
  while (s.ready.empty())
    if (!s.fill()) return std::nullopt;
  Game game = std::move(s.ready.front());
  s.ready.pop_front();
  return game;
}

std::uint64_t GameReader::games() const { return state_->games; }
std::uint64_t GameReader::selected() const { return state_->selected; }
std::uint64_t GameReader::rejected() const { return state_->rejected; }
const std::string& GameReader::input_name() const { return state_->name; }

}  // namespace fenkit::pgn
