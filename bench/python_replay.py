#!/usr/bin/env python3
"""Times the Python module against the fenkit program.

1. fenkit.replay over the big archive (the data set as NumPy columns) against
   `fenkit replay -f jsonl` writing the same rows to /dev/null (the program's work alone) and
   to a file (the program's data set kept where a user can read it; the file is removed after
   each run);
   and fenkit.replay with the board planes (planes=True) beside the FEN column;
2. fenkit.read_games over the first games of the archive (games/s, and positions/s with each
   game's FENs), beside python-chess when it is installed (python3-chess is not in Debian 12;
   its README's figure of about 17,000 positions/s for reading PGN is the reference then).

    PYTHONPATH=build/python python3 bench/python_replay.py [--binary build/tools/fenkit]
        [--archive ../shared/corpus/big/pgnmentor-masters-76k.pgn.zst] [--runs 5] [--games 5000]

Prints one line per measurement (medians of --runs runs).
"""

import argparse
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = pathlib.Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "build" / "python"))

import fenkit  # noqa: E402


def median_time(runs, work):
    times = []
    result = None
    for _ in range(runs):
        started = time.perf_counter()
        result = work()
        times.append(time.perf_counter() - started)
        if runs > 1 and hasattr(result, "keys"):
            result = {"positions": result.positions}
    return statistics.median(times), result


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--binary", default=str(ROOT / "build" / "tools" / "fenkit"))
    default = ROOT.parent / "shared" / "corpus" / "big" / "pgnmentor-masters-76k.pgn.zst"
    if not default.exists():
        default = pathlib.Path("/work/shared/corpus/big/pgnmentor-masters-76k.pgn.zst")
    parser.add_argument("--archive", default=str(default))
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--jobs", type=int, default=0)
    args = parser.parse_args()
    archive = args.archive
    print(f"archive {archive} ({os.path.getsize(archive) / 1e6:.1f} MB on disk), "
          f"{os.cpu_count()} cores, jobs {args.jobs or 'all'}")

    def cli(fmt, to_file=False):
        command = [args.binary, "replay", "-q", "-f", fmt, "-j", str(args.jobs), archive]
        if not to_file:
            with open(os.devnull, "wb") as null:
                subprocess.run(command, stdout=null, check=False)
            return
        with tempfile.NamedTemporaryFile(suffix="." + fmt) as out:
            subprocess.run(command, stdout=out, check=False)

    cli_jsonl, _ = median_time(args.runs, lambda: cli("jsonl"))
    cli_file, _ = median_time(args.runs, lambda: cli("jsonl", to_file=True))
    cli_fen, _ = median_time(args.runs, lambda: cli("fen"))
    positions = fenkit.replay(archive, columns=["game"], jobs=args.jobs).positions
    print(f"fenkit replay -f jsonl   {cli_jsonl:6.2f} s  {positions / cli_jsonl / 1e6:5.2f} M positions/s"
          "  (to /dev/null)")
    print(f"  the same to a file     {cli_file:6.2f} s  {positions / cli_file / 1e6:5.2f} M positions/s")
    print(f"fenkit replay (fen)      {cli_fen:6.2f} s  {positions / cli_fen / 1e6:5.2f} M positions/s"
          "  (to /dev/null)")
    timed = {}
    for label, columns, planes in [("all columns", None, False),
                                   ("game, ply, fen", ["game", "ply", "fen"], False),
                                   ("fen only", ["fen"], False),
                                   ("planes only", ["game"], True)]:
        seconds, _ = median_time(args.runs, lambda: fenkit.replay(archive, columns=columns,
                                                                  planes=planes, jobs=args.jobs))
        timed[label] = seconds
        print(f"fenkit.replay {label:<14} {seconds:6.2f} s  "
              f"{positions / seconds / 1e6:5.2f} M positions/s  {seconds / cli_jsonl:4.2f}x the "
              f"program (jsonl to /dev/null), {seconds / cli_file:4.2f}x (to a file)")
    # The board planes (twelve uint64 masks, turn, castling, en passant) against the FEN column:
    # the data set a learner reads the board from, made either way.
    print(f"  planes over the FEN column: {timed['planes only'] / timed['fen only']:4.2f}x")

    # read_games over the first games of the archive.
    def iterate(with_fens):
        games = plies = 0
        for game in fenkit.read_games(archive, games=f"1-{args.games}", errors="skip"):
            games += 1
            if with_fens:
                plies += len(game.fens())
        return games, plies

    seconds, (games, _) = median_time(args.runs, lambda: iterate(False))
    print(f"fenkit.read_games        {seconds:6.2f} s  {games / seconds:8.0f} games/s ({games} games)")
    seconds, (games, plies) = median_time(args.runs, lambda: iterate(True))
    print(f"read_games + Game.fens() {seconds:6.2f} s  {games / seconds:8.0f} games/s  "
          f"{plies / seconds:9.0f} positions/s")
    try:
        import chess.pgn
    except ImportError:
        print("python-chess: not installed (python3-chess is not in Debian 12); its README "
              "gives about 17,000 positions/s for reading PGN")
        return
    import io
    text = "".join(g.to_pgn() for g in fenkit.read_games(archive, games=f"1-{args.games}",
                                                          errors="skip"))

    def pychess():
        stream = io.StringIO(text)
        games = plies = 0
        while (game := chess.pgn.read_game(stream)) is not None:
            games += 1
            board = game.board()
            for move in game.mainline_moves():
                board.push(move)
                board.fen()
                plies += 1
        return games, plies

    seconds, (games, plies) = median_time(1, pychess)
    print(f"python-chess             {seconds:6.2f} s  {games / seconds:8.0f} games/s  "
          f"{plies / seconds:9.0f} positions/s")


if __name__ == "__main__":
    main()
