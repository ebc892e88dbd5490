"""Byte ranges: fenkit.read_range, replay(range=...), byte_ranges; the Dask example and the GNU
parallel recipe of docs/dask.md, each checked against one whole `fenkit replay` run."""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import fenkit
from conftest import SOURCE, cli_jsonl, missing, module, repeated_pgn, rows_of, run_cli


def test_byte_ranges(tmp_path):
    path = tmp_path / "ten.pgn"
    path.write_bytes(b"x" * 10)
    assert fenkit.byte_ranges(path, 3) == [(0, 3), (3, 6), (6, 10)]
    assert fenkit.byte_ranges(path, 1) == [(0, 10)]
    with pytest.raises(ValueError):
        fenkit.byte_ranges(path, 0)


def test_ranges_tile_the_file(big_pgn):
    whole = fenkit.replay(big_pgn, with_start=True, tags=["White"])
    games = [(g.number, g.offset) for g in fenkit.read_games(big_pgn, comments=False)]
    pieces = fenkit.byte_ranges(big_pgn, 7)
    offset = 0
    rows = []
    numbers = []
    for start, end in pieces:
        part = fenkit.replay(big_pgn, with_start=True, tags=["White"], range=(start, end),
                             game_offset=offset)
        read = list(fenkit.read_range(big_pgn, start, end, comments=False))
        assert all(start <= g.offset < end or start == 0 for g in read)
        numbers += [g.number + offset for g in read]
        assert part.games == len(read)
        offset += part.games
        rows += rows_of(part)
    assert rows == rows_of(whole)
    assert numbers == [n for n, _ in games]
    # A range that holds no game start.
    assert list(fenkit.read_range(big_pgn, 1, 2)) == []
    assert list(fenkit.read_range(big_pgn, 0, None))[-1].number == len(games)


def test_range_equals_the_program(fenkit_binary, big_pgn):
    size = big_pgn.stat().st_size
    start, end = size // 3, 2 * size // 3
    expected = cli_jsonl(fenkit_binary, "replay", "-f", "jsonl", "-q", "--range",
                         f"{start}:{end}", "--game-offset", "5", big_pgn)
    assert rows_of(fenkit.replay(big_pgn, range=(start, end), game_offset=5)) == expected


def test_range_errors(tmp_path):
    packed = tmp_path / "sample.pgn.gz"
    import gzip
    packed.write_bytes(gzip.compress((SOURCE / "examples" / "sample.pgn").read_bytes()))
    # One clear error for compressed input, wherever a byte range is asked for.
    message = "a byte range needs a regular uncompressed file"
    with pytest.raises(ValueError, match=message):
        fenkit.read_range(packed, 0, 100)
    with pytest.raises(ValueError, match=message):
        fenkit.replay(packed, range=(0, 100))
    with pytest.raises(ValueError, match=message):
        fenkit.byte_ranges(packed, 4)
    with pytest.raises(ValueError, match=message):
        fenkit.count_games(packed, range=(0, 100))
    with pytest.raises(ValueError, match=message):
        fenkit.write_replay(packed, tmp_path / "rows.jsonl", range=(0, 100))
    assert not (tmp_path / "rows.jsonl").exists()
    # A pipe gets the same words, at once: it is not opened (which would wait for a writer; one
    # comes after a while here, so that a reader that waits fails instead of hanging).
    pipe = tmp_path / "games.fifo"
    os.mkfifo(pipe)
    writer = subprocess.Popen(["sh", "-c", 'sleep 2; while :; do : > "$0"; done', str(pipe)])
    try:
        assert not fenkit._fenkit._byte_ranges_possible(str(pipe))
        with pytest.raises(ValueError, match=message):
            fenkit.replay(pipe, range=(0, 100))
        with pytest.raises(ValueError, match=message):
            fenkit.byte_ranges(pipe, 2)
    finally:
        writer.kill()
        writer.wait()
    with pytest.raises(OSError):
        fenkit.byte_ranges(tmp_path / "missing.pgn", 2)
    with pytest.raises(ValueError, match="end is before start"):
        fenkit.replay(SOURCE / "examples" / "sample.pgn", range=(10, 5))
    with pytest.raises(ValueError, match="exactly one file"):
        fenkit.replay([SOURCE / "examples" / "sample.pgn"] * 2, range=(0, 5))


def test_gnu_parallel_recipe(fenkit_binary, big_pgn, tmp_path):
    """The recipe of docs/dask.md, as written there (five pieces): the pieces, joined, are the
    FENs of one run."""
    page = (SOURCE / "docs" / "dask.md").read_text()
    first = "size=$(stat -c %s games.pgn); n=$(nproc)"
    assert first in page, "docs/dask.md has lost its GNU parallel recipe"
    start = page.index(first)
    recipe = page[start:page.index("```", start)]
    if not shutil.which("parallel"):   # after the recipe is found: a lost recipe fails anyway
        missing("GNU parallel")
    binary, archive = Path(fenkit_binary).resolve(), Path(big_pgn).resolve()
    script = "set -e\n" + (recipe.replace("n=$(nproc)", "n=5")
                           .replace("fenkit replay", f"{binary} replay -q")
                           .replace("games.pgn", str(archive)))
    subprocess.run(["bash", "-c", script], cwd=tmp_path, capture_output=True, check=True)
    whole, _ = run_cli(fenkit_binary, "replay", "-q", big_pgn)
    assert len(list(tmp_path.glob("piece-*.fen"))) == 5
    assert (tmp_path / "positions.fen").read_bytes() == whole and len(whole) > 1 << 20


def load_example():
    spec = importlib.util.spec_from_file_location("dask_replay",
                                                  SOURCE / "examples" / "dask_replay.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_dask_example(fenkit_binary, tmp_path, medium_pgn):
    distributed = module("distributed")
    corpus = os.environ.get("FENKIT_CORPUS_DIR", "")
    path = os.path.join(corpus, "pgn", "pychess-testing", "world_matches.pgn")
    if not os.path.exists(path):
        if os.environ.get("FENKIT_REQUIRE_CORPUS") == "1":
            pytest.fail("the corpus is missing and FENKIT_REQUIRE_CORPUS=1")
        path = str(medium_pgn)
    example = load_example()
    # Workers as threads of this process (in-process transport: nothing listens on the network).
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=False,
                                  dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        written, (games, rejected, positions) = example.run(
            client, path, tmp_path / "out", 6, tags=["White", "Black"], eval=True)
    assert len(written) == 6
    rows = []
    for part in written:
        with open(part, encoding="utf-8") as f:
            rows += [json.loads(line) for line in f]
    expected = cli_jsonl(fenkit_binary, "replay", "-f", "jsonl", "-q", "--tags", "White,Black",
                         "--eval", path)
    assert positions == len(expected)
    assert rows == expected


WORKER_RUN = """
import resource, sys
import fenkit
from fenkit._replay import packed_replay

path, output = sys.argv[1], sys.argv[2]
start, end = int(sys.argv[3]), int(sys.argv[4])
before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
# What a Dask worker runs for a partition late in the file: its count, its frame, its packed
# rows and its written part; the lines before the range are counted (no first_line given).
games, lines = fenkit._fenkit._count_range(path, (start, end))
frame = fenkit.replay_frame(path, range=(start, end), jobs=1)
packed = packed_replay(path, range=(start, end), jobs=1)
written = fenkit.write_replay(path, output, range=(start, end), jobs=1)
assert games > 0 and len(frame) == written.positions > 0, (games, len(frame), written.positions)
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - before)
"""


def test_a_range_late_in_a_large_file_takes_no_more_memory(tmp_path):
    """What a worker reads of a file is its range and the edges around it: its resident memory
    does not grow with the size of the file (a mapping of the whole file held every page that
    counting the lines before the range touched: the size of the file, less the range). The
    same last megabyte but one is read of a 4 MB file and of a 256 MB one."""
    def grown_kib(megabytes):
        path = repeated_pgn(tmp_path / f"{megabytes}.pgn", megabytes << 20)
        size = path.stat().st_size
        run = subprocess.run(
            [sys.executable, "-c", WORKER_RUN, str(path), str(tmp_path / "part.jsonl"),
             str(size - (2 << 20)), str(size - (1 << 20))],
            check=True, capture_output=True, text=True)
        path.unlink()
        return int(run.stdout)

    small, large = grown_kib(4), grown_kib(256)
    assert large - small < 32 << 10, f"{small >> 10} MB, {large >> 10} MB with the larger file"


def test_places_past_the_four_billionth_line():
    """A range's first line may lie past 2^32 (a few lichess months read as one stream have
    that many lines): its messages give the line as it is."""
    path = SOURCE / "tests" / "data" / "pgn" / "quirks" / "illegal-move.pgn"
    alone = fenkit.replay(path).errors
    assert alone == [f"{path}:2:13: error: game 1: move 2. illegal move Ke3: no piece can make it"]
    far = fenkit.replay(path, range=(0, path.stat().st_size), first_line=2**32 + 5, game_offset=7)
    assert far.errors == [alone[0].replace(":2:13:", f":{2**32 + 6}:13:").replace("game 1", "game 8")]


def test_places_past_the_four_billionth_line_in_written_parts(tmp_path):
    """The same through write_replay, on one thread and on two (chunks read in any order and
    renumbered from the range's first line), and in a pickled game."""
    import pickle
    import re
    text = (SOURCE / "tests" / "data" / "pgn" / "quirks" / "illegal-move.pgn").read_text()
    path = tmp_path / "many.pgn"
    path.write_text((text.strip() + "\n\n") * 20000)
    size = path.stat().st_size
    far = 2**32 + 5
    moved = lambda e: re.sub(r":(\d+):", lambda m: f":{int(m.group(1)) + far - 1}:", e, count=1)
    for jobs in (1, 2):
        near = fenkit.write_replay(path, tmp_path / "near.fen", format="fen", range=(0, size),
                                   jobs=jobs).errors
        written = fenkit.write_replay(path, tmp_path / "far.fen", format="fen", range=(0, size),
                                      first_line=far, jobs=jobs).errors
        assert len(near) == 20000 and written == [moved(e) for e in near]
    read = next(iter(fenkit.read_games(path, errors="partial")))
    state = list(read.__getstate__())
    state[3] = (state[3][0], far, state[3][2])
    state[10] = [(d[0], d[1], far + 1) + tuple(d[3:]) for d in state[10]]
    game = type(read).__new__(type(read))
    game.__setstate__(tuple(state))
    back = pickle.loads(pickle.dumps(game))
    assert back.line == far
    assert back.__getstate__()[10][0][2] == far + 1


def test_standard_input_has_no_byte_ranges():
    """"-" is standard input, a stream: a range of it is refused at once, nothing read."""
    assert not fenkit._fenkit._byte_ranges_possible("-")
    with pytest.raises(ValueError, match="a byte range needs a regular uncompressed file"):
        fenkit.replay("-", range=(0, 100))
