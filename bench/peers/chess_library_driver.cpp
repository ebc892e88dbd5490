// Benchmark driver for chess-library (Disservin/chess-library, header-only): reads one PGN file
// with its streaming reader pgn::StreamParser and a visitor.
//
//   chess_library_driver parse  FILE   count games and main-line moves, no board
//   chess_library_driver replay FILE   resolve every SAN move on a board (legality checked)
//
// Prints "games N plies N illegal N" on standard output. In replay mode a game stops at its
// first move that cannot be resolved; plies counts the moves played before it and illegal
// the games that stopped so.
//
// Built by bench/compare_peers.sh against the user's copy of the library:
//   g++ -std=c++17 -O3 -march=native -DNDEBUG -I CHESS_LIBRARY_DIR/include chess_library_driver.cpp
// (C++17: GCC 12 stops with an internal compiler error on the library in C++20 mode.)
#include <cstdio>
#include <cstring>
#include <exception>
#include <fstream>
#include <iostream>
#include <string_view>

#include "chess.hpp"

namespace {

class CountVisitor : public chess::pgn::Visitor {
   public:
    void startPgn() override {}
    void header(std::string_view, std::string_view) override {}
    void startMoves() override {}
    void move(std::string_view san, std::string_view) override {
        // The reader also reports comments before the first move as a move without text.
        if (!san.empty()) ++plies;
    }
    void endPgn() override { ++games; }

    long long games = 0;
    long long plies = 0;
};

class ReplayVisitor : public chess::pgn::Visitor {
   public:
    void startPgn() override {
        board_.setFen(chess::constants::STARTPOS);
        ok_ = true;
    }
    void header(std::string_view key, std::string_view value) override {
        if (key == "FEN" && !board_.setFen(value)) ok_ = false;
    }
    void startMoves() override {}
    void move(std::string_view san, std::string_view) override {
        if (!ok_ || san.empty()) return;
        try {
            const chess::Move m = chess::uci::parseSan(board_, san, moves_);
            if (m == chess::Move::NO_MOVE) {
                ok_ = false;
                return;
            }
            board_.makeMove(m);
            ++plies;
        } catch (const std::exception&) {  // illegal, ambiguous or unreadable SAN
            ok_ = false;
        }
    }
    void endPgn() override {
        ++games;
        if (!ok_) ++illegal;
    }

    long long games = 0;
    long long plies = 0;
    long long illegal = 0;

   private:
    chess::Board board_;
    chess::Movelist moves_;
    bool ok_ = true;
};

int usage() {
    std::fprintf(stderr, "usage: chess_library_driver parse|replay FILE\n");
    return 2;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc != 3) return usage();
    const bool replay = std::strcmp(argv[1], "replay") == 0;
    if (!replay && std::strcmp(argv[1], "parse") != 0) return usage();

    std::ifstream in(argv[2], std::ios::binary);
    if (!in) {
        std::fprintf(stderr, "cannot open %s\n", argv[2]);
        return 2;
    }
    chess::pgn::StreamParser parser(in);
    long long games = 0, plies = 0, illegal = 0;
    chess::pgn::StreamParserError error;
    if (replay) {
        ReplayVisitor v;
        error = parser.readGames(v);
        games = v.games, plies = v.plies, illegal = v.illegal;
    } else {
        CountVisitor v;
        error = parser.readGames(v);
        games = v.games, plies = v.plies;
    }
    std::printf("games %lld plies %lld illegal %lld\n", games, plies, illegal);
    if (error) {
        std::fprintf(stderr, "read error: %s\n", error.message().c_str());
        return 1;
    }
    return 0;
}
