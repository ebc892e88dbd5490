#!/usr/bin/env python3
"""Replays PGN archives on a Dask distributed cluster: fenkit.dask.write_positions.

The files are cut into byte ranges (a compressed file is one piece); each worker replays its
pieces through the library and writes their rows as JSON lines (those of `fenkit replay -f
jsonl`, game numbers global) to OUTDIR/part-NNNNN.jsonl, with no Python per row. Concatenated
in order, the parts hold the rows of one `fenkit replay -f jsonl FILE...` run.

    # a local cluster of 4 worker processes on this machine
    python3 examples/dask_replay.py --workers 4 --pieces 16 -o out games.pgn
    # a running cluster (dask scheduler / dask worker tcp://SCHEDULER:8786 on the machines)
    python3 examples/dask_replay.py --scheduler tcp://SCHEDULER:8786 -o /shared/out /shared/games.pgn

Every worker reads the files itself, so on a real cluster they (and OUTDIR) must be at the same
path on every machine (a shared file system).
"""

import argparse
import math
import os
import sys

import fenkit.dask


def run(client, path, outdir, pieces, **options):
    """Replays `path` on the cluster of `client` (Dask's scheduler from then on) in about
    `pieces` byte ranges; returns the paths of the parts written, in order, and the counts
    (games, rejected, positions)."""
    blocksize = max(1, math.ceil(os.path.getsize(path) / pieces))
    written = fenkit.dask.write_positions(path, outdir, blocksize=blocksize, **options)
    return list(written), (written.games, written.rejected, written.positions)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("pgn", help="a PGN file, compressed or not (at the same path on every worker)")
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
