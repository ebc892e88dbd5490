// Prints the final position of every game of a PGN file as FEN, with the game's players:
// a small example of the streaming reader and a visitor.
#include <fenkit/fen/fen.hpp>
#include <fenkit/io/input.hpp>
#include <fenkit/pgn/reader.hpp>
#include <iostream>
#include <string>

class LastPosition : public fenkit::pgn::Visitor {
 public:
  void tag(std::string_view name, std::string_view value) override {
    if (name == "White") white_ = value;
    if (name == "Black") black_ = value;
  }
  void start_position(const fenkit::fen::Position& pos) override { last_ = pos; }
  fenkit::pgn::Action move(const fenkit::pgn::MoveEvent& event) override {
    if (event.depth == 0) last_ = *event.after;
    return fenkit::pgn::Action::proceed;
  }
  void end_game(const fenkit::pgn::GameEnd& end) override {
    if (!end.rejected) std::cout << white_ << " - " << black_ << ": " << fenkit::fen::to_fen(last_) << '\n';
    white_.clear();
    black_.clear();
  }
  void diagnostic(const fenkit::pgn::Diagnostic& d) override {
    std::cerr << d.where.line << ':' << d.where.column << ": game " << d.game << ": " << d.message << '\n';
  }

 private:
  std::string white_, black_;
  fenkit::fen::Position last_;
};

int main(int argc, char** argv) {
  if (argc != 2) {
    std::cerr << "usage: last_positions FILE.pgn\n";
    return 2;
  }
  LastPosition visitor;
  const auto stats = fenkit::pgn::read_pgn(*fenkit::io::open_input(argv[1]), visitor);
  return stats.rejected ? 1 : 0;
}
