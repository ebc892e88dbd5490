#!/usr/bin/env python3
"""Writes a PGN file of random-playout games for each of lichess's variants, the input of
bench/compare_variants.sh.

usage: bench/make_variant_games.py [--out-dir DIR] [--games N] [--min-size MB] [--max-plies N]
                                   [--seed S] [--jobs N] [VARIANT...]

  VARIANT      crazyhouse, threecheck, atomic, antichess, kingofthehill, racingkings, horde
               (default: all seven); each goes to DIR/VARIANT.pgn
  --out-dir    default /tmp/variant-bench
  --games      at least this many games a file (default 3000) ...
  --min-size   ... and at least this many MB (default 5): games are added until both hold
  --max-plies  a game stops after this many plies unless the rules end it first (default 300)
  --seed       default 1
  --jobs       worker processes (default: one per core)

The moves and their SAN come from python-chess (GPL; not part of this project: only imported
when the script runs, from PYTHONPATH or an installed copy). Every game starts from the
variant's start position and plays a move drawn at random among the legal ones until the
variant's rules end the game (mate, stalemate, a variant's own win, the 75-move rule) or the
ply limit is reached (result "*"). Each game draws from its own generator, seeded with the
seed, the variant and the game's number, so that a file is the same byte for byte whatever the
number of workers. Random playouts are not real games: they serve to time readers, not to
measure how real games look.

The games are written as lichess exports them: the Variant tag by lichess's name (Crazyhouse,
Three-check, Atomic, Antichess, King of the Hill, Racing Kings, Horde), no FEN tag for the
variant's own start, the main line on one line, pawn drops as P@e4 (python-chess writes @e4).
"""

import argparse
import os
import random
import sys
from multiprocessing import Pool

# Our name (file name) -> (python-chess board class name, lichess Variant tag)
VARIANTS = {
    "crazyhouse": ("CrazyhouseBoard", "Crazyhouse"),
    "threecheck": ("ThreeCheckBoard", "Three-check"),
    "atomic": ("AtomicBoard", "Atomic"),
    "antichess": ("AntichessBoard", "Antichess"),
    "kingofthehill": ("KingOfTheHillBoard", "King of the Hill"),
    "racingkings": ("RacingKingsBoard", "Racing Kings"),
    "horde": ("HordeBoard", "Horde"),
}

BATCH = 256  # games handed to the workers at a time


def play_game(job):
    """One random playout: returns the game's PGN text."""
    import chess  # only when run; see the docstring
    import chess.variant

    name, seed, number, max_plies = job
    class_name, tag = VARIANTS[name]
    board = getattr(chess.variant, class_name)()
    rng = random.Random(f"{seed}:{name}:{number}")
    tokens = []
    result = "*"
    while True:
        if board.is_variant_end():
            result = board.result()
            break
        moves = list(board.legal_moves)
        if not moves:
            result = board.result()
            break
        if board.is_seventyfive_moves():
            result = "1/2-1/2"
            break
        if len(board.move_stack) >= max_plies:
            break
        move = rng.choice(moves)
        san = board.san(move)
        if move.drop == chess.PAWN:
            san = "P" + san
        if board.turn == chess.WHITE:
            tokens.append(f"{board.fullmove_number}.")
        board.push(move)
        tokens.append(san)
    tags = [
        ("Event", "Random playout"),
        ("Site", "-"),
        ("Date", "2024.01.01"),
        ("Round", str(number + 1)),
        ("White", "random"),
        ("Black", "random"),
        ("Result", result),
        ("Variant", tag),
    ]
    head = "".join(f'[{key} "{value}"]\n' for key, value in tags)
    tokens.append(result)
    return f"{head}\n{' '.join(tokens)}\n\n"


def write_variant(pool, name, path, args):
    written = games = 0
    with open(path, "w", encoding="ascii", newline="\n") as out:
        start = 0
        while games < args.games or written < args.min_size * 1_000_000:
            jobs = [(name, args.seed, n, args.max_plies) for n in range(start, start + BATCH)]
            start += BATCH
            for text in pool.imap(play_game, jobs, chunksize=16):
                # The stop is checked game by game, so the file does not depend on BATCH.
                if games >= args.games and written >= args.min_size * 1_000_000:
                    break
                out.write(text)
                written += len(text)
                games += 1
    return games, written


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("variants", nargs="*", metavar="VARIANT", default=list(VARIANTS))
    parser.add_argument("--out-dir", default="/tmp/variant-bench")
    parser.add_argument("--games", type=int, default=3000)
    parser.add_argument("--min-size", type=float, default=5.0)
    parser.add_argument("--max-plies", type=int, default=300)
    parser.add_argument("--seed", default="1")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    for name in args.variants:
        if name not in VARIANTS:
            parser.error(f"unknown variant {name!r} (one of: {', '.join(VARIANTS)})")
    try:
        import chess.variant  # noqa: F401  (fail early, in this process)
    except ImportError:
        sys.exit("python-chess is needed: put its source tree on PYTHONPATH")
    os.makedirs(args.out_dir, exist_ok=True)
    with Pool(args.jobs) as pool:
        for name in args.variants:
            path = os.path.join(args.out_dir, f"{name}.pgn")
            games, written = write_variant(pool, name, path, args)
            print(f"{path}: {games} games, {written / 1e6:.1f} MB", flush=True)


if __name__ == "__main__":
    main()
