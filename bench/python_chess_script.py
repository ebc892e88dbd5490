#!/usr/bin/env python3
"""A python-chess script, unchanged but for its import, for bench/compare_python_chess.sh.

Every game of FILE is read with chess.pgn.read_game and its main line walked: for every
position after a move, the material of each side (len(board.pieces(type, color)) times the
piece's value), board.is_check(), the node's evaluation (node.eval().white(), mates as
score(mate_score=100000)) and its clock (node.clock()). One summary line is printed at the end
(games, positions, sums and a checksum over the positions in order), so that two runs can be
compared: with python-chess and with fenkit, it must be the same.

    PYTHONPATH=~/src/python-chess python3 bench/python_chess_script.py FILE
    PYTHONPATH=build/python python3 bench/python_chess_script.py --module fenkit FILE

--module fenkit runs the same code with `import fenkit as chess` in place of python-chess.
--node-board takes each position from node.board() instead of pushing the moves on one board
(python-chess replays the game from its root on every call: quadratic in the game's length).
--trace prints one line per position as well, to find where two runs part.
"""

import argparse
import sys

parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
parser.add_argument("file")
parser.add_argument("--module", choices=["chess", "fenkit"], default="chess",
                    help="the module imported as chess (default: python-chess)")
parser.add_argument("--node-board", action="store_true",
                    help="node.board() for every position instead of board.push(node.move)")
parser.add_argument("--trace", action="store_true", help="print every position's figures")
args = parser.parse_args()

# The only difference between the two runs.
if args.module == "fenkit":
    import fenkit as chess  # chess.pgn comes with it, as the import below gives it
else:
    import chess
    import chess.pgn

VALUES = {chess.PAWN: 1, chess.KNIGHT: 3, chess.BISHOP: 3, chess.ROOK: 5, chess.QUEEN: 9}
MASK = (1 << 61) - 1


def material(board, color):
    return sum(len(board.pieces(piece_type, color)) * value for piece_type, value in VALUES.items())


def main():
    games = positions = checks = errors = 0
    evals = eval_sum = mates = clocks = 0
    clock_sum = 0.0
    material_sum = {chess.WHITE: 0, chess.BLACK: 0}
    results = {}
    digest = 0  # the positions' figures in order, so that a swap or a shift shows too

    # As python_chess_pull.py reads: a stray byte of another encoding does not stop the run.
    with open(args.file, encoding="utf-8-sig", errors="replace") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            games += 1
            errors += len(game.errors)
            result = game.headers.get("Result", "*")
            results[result] = results.get(result, 0) + 1
            board = game.board()
            ply = 0
            for node in game.mainline():
                if args.node_board:
                    board = node.board()
                else:
                    board.push(node.move)
                ply += 1
                positions += 1

                white = material(board, chess.WHITE)
                black = material(board, chess.BLACK)
                material_sum[chess.WHITE] += white
                material_sum[chess.BLACK] += black
                check = board.is_check()
                checks += check

                pov = node.eval()
                score = None
                if pov is not None:
                    white_pov = pov.white()
                    score = white_pov.score(mate_score=100000)
                    evals += 1
                    eval_sum += score
                    mates += white_pov.is_mate()
                clock = node.clock()
                if clock is not None:
                    clocks += 1
                    clock_sum += clock

                item = ((white * 64 + black) * 2 + check) * 1_000_003
                item += 7_777_777 if score is None else score
                item = item * 100_000_007 + (99 if clock is None else round(clock * 1000))
                digest = (digest * 1_000_003 + item) & MASK
                if args.trace:
                    print(f"game {games} ply {ply} {node.move.uci()} material {white} {black} "
                          f"check {int(check)} eval {score} clock {clock}")

    print(f"games {games} errors {errors} positions {positions} "
          f"results {' '.join(f'{k}:{v}' for k, v in sorted(results.items()))} "
          f"material {material_sum[chess.WHITE]} {material_sum[chess.BLACK]} checks {checks} "
          f"evals {evals} mates {mates} eval_sum {eval_sum} clocks {clocks} "
          f"clock_sum {clock_sum!r} digest {digest:016x}")
    # Under fenkit, no part of python-chess may have done the work.
    if args.module == "fenkit" and any(m == "chess" or m.startswith("chess.") for m in sys.modules):
        sys.exit("python-chess was imported in the fenkit run")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
