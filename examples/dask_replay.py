#!/usr/bin/env python3
"""Replays a PGN archive on a Dask distributed cluster, one byte range per task.

The file is cut into byte ranges that tile it (fenkit.byte_ranges); each worker replays the
games that begin in its range with fenkit.replay(range=...), as `fenkit replay --range` does,
and keeps its rows. The client then adds up the games of the ranges before each one, and each
worker writes its range's rows as JSON lines (the rows of `fenkit replay -f jsonl`, game
numbers made global) to OUTDIR/part-NNNNN.jsonl. Concatenated in order, the parts hold the
rows of one `fenkit replay -f jsonl FILE` run.

    # a local cluster of 4 worker processes on this machine
    python3 examples/dask_replay.py --workers 4 --pieces 16 -o out games.pgn
    # a running cluster (dask scheduler / dask worker tcp://SCHEDULER:8786 on the machines)
    python3 examples/dask_replay.py --scheduler tcp://SCHEDULER:8786 -o /shared/out /shared/games.pgn

Every worker reads the file itself, so on a real cluster the file (and OUTDIR) must be at the
same path on every machine (a shared file system). The file must be uncompressed (ranges need
a file one can seek in).
"""

import argparse
import json
import math
import os
import sys

import fenkit


def replay_piece(path, piece, options):
    """The rows of the games that begin in `piece` = (start, end), numbered from 1."""
    return fenkit.replay(path, range=piece, jobs=options.pop("jobs", 1), **options)


def games_of(data):
    return data.games


def json_value(value):
    if value is None:
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float):
        if math.isnan(value):
            return None
        if value.is_integer():
            return int(value)
    return value


def write_piece(data, offset, out_path):
    """Writes a range's rows as JSON lines, `offset` added to the game numbers."""
    names = list(data.keys())
    columns = [data[name] for name in names]
    with open(out_path, "w", encoding="utf-8", errors="surrogateescape") as out:
        for i in range(len(columns[0]) if columns else 0):
            row = {name: json_value(column[i]) for name, column in zip(names, columns)}
            if "game" in row:
                row["game"] += offset
            out.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")))
            out.write("\n")
    return out_path


def run(client, path, outdir, pieces, **options):
    """Replays `path` on the cluster of `client` in `pieces` ranges; returns the paths of the
    parts written, in order, and the counts (games, rejected, positions)."""
    path = os.path.abspath(path)
    os.makedirs(outdir, exist_ok=True)
    ranges = fenkit.byte_ranges(path, pieces)
    # The rows stay on the workers; only their game counts come back.
    parts = [client.submit(replay_piece, path, piece, dict(options), pure=False)
             for piece in ranges]
    counts = client.gather([client.submit(games_of, part) for part in parts])
    offsets = [sum(counts[:i]) for i in range(len(counts))]
    names = [os.path.join(os.path.abspath(outdir), f"part-{i:05d}.jsonl")
             for i in range(len(ranges))]
    written = client.gather([client.submit(write_piece, part, offset, name)
                             for part, offset, name in zip(parts, offsets, names)])
    totals = client.gather([client.submit(lambda d: (d.games, d.rejected, d.positions), part)
                            for part in parts])
    return written, tuple(map(sum, zip(*totals)))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", help="an uncompressed PGN file (at the same path on every worker)")
    parser.add_argument("-o", "--outdir", required=True, help="folder of the part-NNNNN.jsonl files")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--scheduler", help="address of a running scheduler (tcp://HOST:8786)")
    where.add_argument("--workers", type=int, default=2, help="local worker processes (default 2)")
    parser.add_argument("--pieces", type=int, default=0,
                        help="byte ranges (default: 4 per worker thread)")
    parser.add_argument("--tags", default="", help="tag columns, comma-separated")
    parser.add_argument("--eval", action="store_true", help="eval and mate columns")
    parser.add_argument("--clock", action="store_true", help="clk column")
    parser.add_argument("--next", action="store_true", help="next_san and next_uci columns")
    parser.add_argument("--with-start", action="store_true", help="rows for start positions")
    args = parser.parse_args(argv)

    from dask.distributed import Client, LocalCluster

    if args.scheduler:
        client = Client(args.scheduler)
        cluster = None
    else:
        cluster = LocalCluster(n_workers=args.workers, threads_per_worker=1,
                               host="127.0.0.1", dashboard_address=None)
        client = Client(cluster)
    try:
        threads = sum(client.nthreads().values()) or 1
        pieces = args.pieces or 4 * threads
        written, (games, rejected, positions) = run(
            client, args.pgn, args.outdir, pieces, tags=[t for t in args.tags.split(",") if t],
            eval=args.eval, clock=args.clock, next=args.next, with_start=args.with_start)
    finally:
        client.close()
        if cluster is not None:
            cluster.close()
    print(f"{games} games, {rejected} rejected; {positions} positions in {len(written)} parts "
          f"in {args.outdir}", file=sys.stderr)
    return 1 if rejected else 0


if __name__ == "__main__":
    sys.exit(main())
