#!/usr/bin/python3
"""A lichess month end to end, at the scale of one machine: the lichess-style archive repeated to
a month's shape (one .pgn.zst of several GB), cut into compressed shards by `fenkit pgn --split`,
and the shards replayed on a Dask LocalCluster into compressed positions
(`fenkit.dask.write_positions`), as docs/dask.md's recipe runs a real month.

Usage: PYTHONPATH=build/python bench/lichess_month.py [--size-gb 3] [--workers N] [SOURCE]

SOURCE: a lichess-style PGN (bench/make_lichess_style.py; default: made from the corpus's
masters archive and cached in ~/.cache/fenkit-bench). It is repeated whole until the month holds
--size-gb GB of PGN, compressed with `zstd -3` (lichess publishes zstd; the level changes the
decompression speed little), and kept in --workdir between runs.

Each stage prints its wall time, the PGN it went through in MB/s and MB/s per core, and peak
memory (the program's own; each Dask worker process's); a last line projects a month of 250 GB
of PGN onto 16 and 64 cores, from the per-core rates measured here and the one stage that
cannot be spread over cores (decompressing the month's one zstd stream, measured too).
"""

import argparse
import glob
import os
import shutil
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)


def cpu_model():
    with open("/proc/cpuinfo") as info:
        for line in info:
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    return "unknown CPU"


def run(command):
    """Runs a command; (wall seconds, its peak resident MB as /usr/bin/time measures it: a child
    of this process would inherit this process's peak in its own figure)."""
    report = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"month-time-{os.getpid()}")
    start = time.perf_counter()
    subprocess.run(["/usr/bin/time", "-f", "%M", "-o", report, *command], check=True)
    wall = time.perf_counter() - start
    with open(report) as figures:
        peak_kb = int(figures.read().split()[-1])
    os.unlink(report)
    return wall, peak_kb / 1024


class WorkerMemory:
    """The largest resident size each Dask worker process reaches, sampled every 50 ms (their
    own peak figures would count the memory of the process that started them)."""

    def __init__(self, client):
        import psutil
        import threading

        self._processes = [psutil.Process(pid) for pid in client.run(os.getpid).values()]
        self.peaks = [0] * len(self._processes)
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._thread.start()

    def _sample(self):
        while not self._stop.wait(0.05):
            for i, process in enumerate(self._processes):
                try:
                    self.peaks[i] = max(self.peaks[i], process.memory_info().rss)
                except Exception:
                    pass

    def stop(self):
        self._stop.set()
        self._thread.join()
        return sorted(peak / 1e6 for peak in self.peaks)


def lichess_style_source(cache):
    os.makedirs(cache, exist_ok=True)
    source = os.path.join(cache, "lichess-style.pgn")
    if not os.path.exists(source):
        masters = os.path.join(ROOT, "..", "shared", "corpus", "big", "pgnmentor-masters-76k.pgn.zst")
        if not os.path.exists(masters):
            sys.exit("give a lichess-style PGN (bench/make_lichess_style.py makes one)")
        subprocess.run([sys.executable, os.path.join(HERE, "make_lichess_style.py"), masters,
                        source], check=True)
    return source


def make_month(source, size, month):
    """SOURCE repeated until SIZE bytes, compressed as MONTH (kept: made once)."""
    if os.path.exists(month):
        return
    copies = max(1, -(-size // os.path.getsize(source)))
    partial = month + ".partial"
    with open(partial, "wb") as out:
        zstd = subprocess.Popen(["zstd", "-q", "-3", "-T0", "-c"], stdin=subprocess.PIPE, stdout=out)
        for _ in range(copies):
            with open(source, "rb") as text:
                shutil.copyfileobj(text, zstd.stdin, 1 << 20)
        zstd.stdin.close()
        if zstd.wait() != 0:
            sys.exit("zstd failed")
    os.replace(partial, month)


def pgn_bytes(month):
    """The bytes of PGN in MONTH (decompressed), and the seconds zstd takes to decompress it."""
    start = time.perf_counter()
    out = subprocess.run(f"zstd -dc {month} | wc -c", shell=True, check=True,
                         capture_output=True, text=True).stdout
    return int(out), time.perf_counter() - start


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("source", nargs="?")
    parser.add_argument("--size-gb", type=float, default=3.0)
    parser.add_argument("--workers", type=int, default=os.cpu_count())
    parser.add_argument("--games-per-shard", type=int, default=50_000)
    parser.add_argument("--workdir", default=os.path.expanduser("~/.cache/fenkit-bench/month"))
    parser.add_argument("--fenkit", default=os.path.join(ROOT, "build", "tools", "fenkit"))
    parser.add_argument("--format", default="csv", choices=["csv", "jsonl", "npz"])
    args = parser.parse_args(argv)

    import fenkit.dask
    from dask.distributed import Client, LocalCluster

    os.makedirs(args.workdir, exist_ok=True)
    source = args.source or lichess_style_source(os.path.dirname(args.workdir))
    month = os.path.join(args.workdir, f"month-{args.size_gb:g}GB.pgn.zst")
    make_month(source, int(args.size_gb * 1e9), month)
    size, unzstd = pgn_bytes(month)
    mb = size / 1e6
    cores = args.workers
    print(f"{time.strftime('%Y-%m-%d')}, {cpu_model()}, {os.cpu_count()} cores, {cores} used")
    print(f"month: {month}, {os.path.getsize(month) / 1e6:,.0f} MB zstd, {mb:,.0f} MB of PGN")
    print("| stage | wall s | MB/s of PGN | MB/s per core | peak memory |")
    print("|---|---|---|---|---|")
    print(f"| zstd -dc (one stream, one core) | {unzstd:.1f} | {mb / unzstd:,.0f} | "
          f"{mb / unzstd:,.0f} | - |")

    shards = os.path.join(args.workdir, "shards")
    shutil.rmtree(shards, ignore_errors=True)
    os.makedirs(shards)
    wall, peak = run([args.fenkit, "pgn", "-q", f"-j{cores}", "--split", str(args.games_per_shard),
                      "-o", os.path.join(shards, "month.pgn.zst"), month])
    parts = sorted(glob.glob(os.path.join(shards, "month-*.pgn.zst")))
    print(f"| shard: fenkit pgn -j{cores} --split {args.games_per_shard:,} ({len(parts)} shards) | "
          f"{wall:.1f} | {mb / wall:,.0f} | {mb / wall / cores:,.0f} | {peak:,.0f} MB |")
    shard_rate = mb / wall / cores

    if shutil.which("pgn-extract") or os.path.exists("/usr/games/pgn-extract"):
        # The same replay by pgn-extract (FEN after every move), on the first shard, one core.
        extract = shutil.which("pgn-extract") or "/usr/games/pgn-extract"
        shard_mb = int(subprocess.run(f"zstd -dc {parts[0]} | wc -c", shell=True, check=True,
                                      capture_output=True, text=True).stdout) / 1e6
        start = time.perf_counter()
        subprocess.run(f"zstd -dc {parts[0]} | {extract} -s -Wepd -o /dev/null", shell=True,
                       check=True, stderr=subprocess.DEVNULL)  # (its count of games read)
        wall = time.perf_counter() - start
        mine, _ = run([args.fenkit, "replay", "-q", "-j1", "-o", "/dev/null", parts[0]])
        print(f"| beside it, shard 1 ({shard_mb:,.0f} MB) on one core: pgn-extract -s -Wepd | "
              f"{wall:.1f} | {shard_mb / wall:,.0f} | {shard_mb / wall:,.0f} | - |")
        print(f"| beside it, shard 1 on one core: fenkit replay -j1 (FEN) | {mine:.1f} | "
              f"{shard_mb / mine:,.0f} | {shard_mb / mine:,.0f} | - |")

    positions = os.path.join(args.workdir, "positions")
    shutil.rmtree(positions, ignore_errors=True)
    compression = None if args.format == "npz" else "zst"
    with LocalCluster(n_workers=cores, threads_per_worker=1, processes=True,
                      dashboard_address=None) as cluster, Client(cluster) as client:
        memory = WorkerMemory(client)
        start = time.perf_counter()
        written = fenkit.dask.write_positions(parts, positions, format=args.format,
                                              compression=compression, eval=True, clock=True,
                                              tags=["WhiteElo", "BlackElo"])
        wall = time.perf_counter() - start
        peaks = memory.stop()
    out = sum(os.path.getsize(p) for p in written)
    print(f"| replay on Dask: write_positions({args.format}, {compression}), {cores} workers | "
          f"{wall:.1f} | {mb / wall:,.0f} | {mb / wall / cores:,.0f} | "
          f"{' / '.join(f'{p:,.0f}' for p in peaks)} MB a worker |")
    replay_rate = mb / wall / cores
    print(f"positions: {written.positions:,} ({written.positions / wall / 1e6:.2f} M/s), "
          f"{written.games:,} games, {written.rejected} rejected; "
          f"{out / 1e6:,.0f} MB written ({out / written.positions:.1f} bytes a position)")

    # A month: sharding is one pass over one zstd stream (bounded by its decompression on one
    # core, whatever the cores), the replay spreads over every core.
    month_mb = 250e3
    for n in (16, 64):
        shard = month_mb / min(shard_rate * n, mb / unzstd)
        replay = month_mb / (replay_rate * n)
        print(f"projection, 250 GB of PGN on {n} cores: shard {shard / 60:.0f} min + replay "
              f"{replay / 60:.0f} min = {(shard + replay) / 60:.0f} min")


if __name__ == "__main__":
    main()
