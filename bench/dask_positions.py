#!/usr/bin/python3
"""Times fenkit.dask against the program on one machine: write_positions on a LocalCluster of
worker processes (one thread each) beside `fenkit replay -jN -f jsonl > FILE`, and
read_positions(...).compute() beside fenkit.replay_frame, on the same file, interleaved; the
same frame computed as Dask computes any frame (each partition's frame sent to the client and
joined there, where compute() brings the rows packed and makes the frame once); and
read_positions(...).compute(scheduler="threads"), the same partitions on this process's threads
(no worker processes, nothing pickled).

Usage: PYTHONPATH=build/python bench/dask_positions.py [--runs N] [--workers N] FILE...

FILE: PGN files (the corpus archive decompressed, the lichess-style copy of
bench/make_lichess_style.py). The cluster is started once, before the timings; each figure is
the median of the runs, and the ratio that of the medians. write_positions and the program
each start after a sync and take turns at going first (the second writer would otherwise pay
for the first's pages being written back).
"""

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import dask.dataframe as dd
import fenkit
import fenkit.dask
from dask.distributed import Client, LocalCluster


def timed(function):
    start = time.perf_counter()
    function()
    return time.perf_counter() - start


def written(times, function):
    """Times a run that writes files, after the pages written before it are on disk."""
    os.sync()
    times.append(timed(function))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("files", nargs="+")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--fenkit", default="build/tools/fenkit")
    args = parser.parse_args(argv)
    scratch = tempfile.mkdtemp()
    cpu = next((line.split(":", 1)[1].strip() for line in open("/proc/cpuinfo")
                if line.startswith("model name")), "unknown CPU")
    print(f"{time.strftime('%Y-%m-%d')}, {cpu}, {os.cpu_count()} cores; {args.workers} worker "
          f"processes of one thread; medians of {args.runs} runs")
    print("| file | write_positions | fenkit replay -j%d -f jsonl > FILE | ratio | "
          "read_positions().compute() | frames joined | with threads | replay_frame | ratio | "
          "frames joined | with threads |"
          % args.workers)
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    try:
        with LocalCluster(n_workers=args.workers, threads_per_worker=1, host="127.0.0.1",
                          dashboard_address=None) as cluster, Client(cluster):
            for path in args.files:
                times = {"write": [], "cli": [], "read": [], "joined": [], "threads": [],
                         "frame": []}
                for run in range(args.runs):
                    out = os.path.join(scratch, "parts")
                    one = os.path.join(scratch, "one.jsonl")
                    command = f"'{args.fenkit}' replay -q -j{args.workers} -f jsonl '{path}' > '{one}'"

                    def parts():
                        written(times["write"], lambda: fenkit.dask.write_positions(path, out))
                        shutil.rmtree(out)

                    def program():
                        written(times["cli"],
                                lambda: subprocess.run(command, shell=True, check=True))
                        os.remove(one)

                    # Both write hundreds of megabytes: the one that writes second would pay
                    # for the first's pages being written back, so each starts after a sync,
                    # and they take turns at going first.
                    for write in (parts, program) if run % 2 == 0 else (program, parts):
                        write()
                    times["read"].append(timed(lambda: fenkit.dask.read_positions(path).compute()))
                    times["joined"].append(timed(
                        lambda: dd.DataFrame.compute(fenkit.dask.read_positions(path))))
                    times["threads"].append(timed(
                        lambda: fenkit.dask.read_positions(path).compute(scheduler="threads")))
                    times["frame"].append(timed(lambda: fenkit.replay_frame(path)))
                m = {k: statistics.median(v) for k, v in times.items()}
                print(f"| {os.path.basename(path)} | {m['write']:.2f} s | {m['cli']:.2f} s | "
                      f"{m['write'] / m['cli']:.2f}x | {m['read']:.2f} s | {m['joined']:.2f} s | "
                      f"{m['threads']:.2f} s | {m['frame']:.2f} s | "
                      f"{m['read'] / m['frame']:.2f}x | {m['joined'] / m['frame']:.2f}x | "
                      f"{m['threads'] / m['frame']:.2f}x |", flush=True)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
