#!/usr/bin/env python3
"""python-chess's loop of a program that stores games and positions, for bench/compare_pull.sh.

Every game of FILE (or its first --games) read with chess.pgn.read_game, its main line played
on the game's board, and for every position after a move the FEN and the Polyglot key
(chess.polyglot.zobrist_hash). The FEN writes the en-passant square after every double push
(en_passant="fen"), as fenkit's FEN does by default, so that the checksum compares.

    PYTHONPATH=~/src/python-chess python3 bench/python_chess_pull.py [--games N] FILE

Prints "games N rejected N positions N checksum X" as bench/pull_positions does: the checksum
is the sum of key ^ FEN length over the positions of the good games, modulo 2^64. A game
python-chess reports errors for (an illegal move, a FEN tag it cannot use) is rejected whole.
"""

import argparse
import sys

import chess
import chess.pgn
import chess.polyglot


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file")
    parser.add_argument("--games", type=int, default=0, help="stop after N games (0: all)")
    args = parser.parse_args()

    games = rejected = positions = checksum = 0
    zobrist_hash = chess.polyglot.zobrist_hash
    with open(args.file, encoding="utf-8-sig", errors="replace") as stream:
        while args.games == 0 or games + rejected < args.games:
            game = chess.pgn.read_game(stream)
            if game is None:
                break
            if game.errors:
                rejected += 1
                continue
            board = game.board()
            count = total = 0
            for move in game.mainline_moves():
                board.push(move)
                fen = board.fen(en_passant="fen")
                total += zobrist_hash(board) ^ len(fen)
                count += 1
            games += 1
            positions += count
            checksum = (checksum + total) & 0xFFFFFFFFFFFFFFFF
    print(f"games {games} rejected {rejected} positions {positions} checksum {checksum:016x}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
