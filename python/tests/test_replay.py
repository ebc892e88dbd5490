"""fenkit.replay and fenkit.replay_frame: the rows of `fenkit replay -f jsonl`."""

import math
import os
import subprocess
import sys
import threading
import time

import numpy as np
import pytest

import fenkit
from conftest import DATA, SOURCE, cli_jsonl, fixture_pgns, module, rows_of, run_cli

SAMPLE = SOURCE / "examples" / "sample.pgn"

# Command-line options and the same as keyword arguments.
OPTION_SETS = [
    ([], {}),
    (["--with-start"], {"with_start": True}),
    (["--tags", "White,WhiteElo,Result,Missing", "--eval", "--clock", "--next", "--comments",
      "--nags"],
     {"tags": ["White", "WhiteElo", "Result", "Missing"], "eval": True, "clock": True,
      "next": True, "comments": True, "nags": True}),
    (["--variations", "--with-start", "--next", "--eval"],
     {"variations": True, "with_start": True, "next": True, "eval": True}),
    (["--final", "--tags", "White,Black,Result"], {"final": True, "tags": "White,Black,Result"}),
    (["--ep", "legal", "--min-ply", "2", "--max-ply", "20", "--every", "3"],
     {"ep": "legal", "min_ply": 2, "max_ply": 20, "every": 3}),
]


@pytest.mark.parametrize("path", fixture_pgns(), ids=lambda p: p.name)
@pytest.mark.parametrize("args,kwargs", OPTION_SETS, ids=lambda o: str(o))
def test_rows_equal_the_program(fenkit_binary, path, args, kwargs):
    expected = cli_jsonl(fenkit_binary, "replay", "-f", "jsonl", "-q", *args, path)
    data = fenkit.replay(path, **kwargs)
    assert rows_of(data) == expected
    assert data.positions == len(expected) == data.rows


def test_many_chunks_and_threads(fenkit_binary, big_pgn):
    args = ["--with-start", "--tags", "White,Black", "--eval", "--clock", "--next"]
    expected = cli_jsonl(fenkit_binary, "replay", "-f", "jsonl", "-q", "-j", "2", *args, big_pgn)
    kwargs = {"with_start": True, "tags": ["White", "Black"], "eval": True, "clock": True,
              "next": True}
    one = fenkit.replay(big_pgn, jobs=1, **kwargs)
    two = fenkit.replay(big_pgn, jobs=2, **kwargs)
    assert one.bytes > 2 << 20  # several chunks
    assert rows_of(two) == expected
    for name in one:
        assert list(map(str, one[name])) == list(map(str, two[name])), name


def test_column_types():
    data = fenkit.replay(DATA / "pgn" / "lichess-style.pgn", tags=["WhiteElo"], eval=True,
                         clock=True, nags=True, with_start=True)
    assert list(data) == ["game", "ply", "san", "uci", "fen", "WhiteElo", "eval", "mate", "clk",
                          "nags"]
    assert data["game"].dtype == np.int64 and data["ply"].dtype == np.int64
    assert data["fen"].dtype == object and isinstance(data["fen"][0], str)
    assert data["san"][0] is None and data["ply"][0] == 0  # the start position
    assert data["eval"].dtype == np.float64 and math.isnan(data["eval"][0])
    assert data["eval"][1] == 17 and data["clk"][1] == 180
    assert data["mate"][8] == -4
    assert isinstance(data["nags"][0], list)
    assert data.games == 3 or data.games >= 1


def test_columns_subset():
    full = fenkit.replay(SAMPLE)
    some = fenkit.replay(SAMPLE, columns=["game", "fen"])
    assert list(some) == ["game", "fen"]
    assert list(some["fen"]) == list(full["fen"])
    assert list(some["game"]) == list(full["game"])
    for name in ["san", "uci", "ply"]:  # the text columns left out are not made
        assert list(fenkit.replay(SAMPLE, columns=[name])[name]) == list(full[name]), name
    with pytest.raises(ValueError, match="no column 'board'"):
        fenkit.replay(SAMPLE, columns=["board"])


def test_selection_equals_the_program(fenkit_binary):
    path = DATA / "pgn" / "lichess-style.pgn"
    expected = cli_jsonl(fenkit_binary, "replay", "-f", "jsonl", "-q", "--min-elo", "1900",
                         "--result", "0-1", path)
    data = fenkit.replay(path, min_elo=1900, result="0-1")
    assert rows_of(data) == expected
    assert data.selected == len(set(r["game"] for r in expected))


def test_game_offset(fenkit_binary):
    expected = cli_jsonl(fenkit_binary, "replay", "-f", "jsonl", "-q", "--game-offset", "1000",
                         SAMPLE)
    assert rows_of(fenkit.replay(SAMPLE, game_offset=1000)) == expected


def test_rejected_games(fenkit_binary):
    path = DATA / "pgn" / "quirks" / "illegal-move.pgn"
    _, status = run_cli(fenkit_binary, "replay", "-q", path)
    assert status == 1
    import subprocess
    stderr = subprocess.run([fenkit_binary, "replay", path], capture_output=True).stderr.decode()
    cli_errors = [line for line in stderr.splitlines() if ": error: " in line]
    data = fenkit.replay(path)
    assert data.rejected >= 1 and data.errors == cli_errors
    assert rows_of(data) == cli_jsonl(fenkit_binary, "replay", "-f", "jsonl", "-q", path)
    skipped = fenkit.replay(path, errors="skip")
    assert skipped.errors == [] and skipped.rejected == data.rejected
    with pytest.raises(ValueError, match="illegal move"):
        fenkit.replay(path, errors="raise")


def test_the_options_keep_the_programs_rules(tmp_path, fenkit_binary):
    """One set of rules for the rows' options: each combination the program refuses, the module
    refuses with the same message, its options named as arguments."""
    cases = [
        (["--final", "--every", "2"], dict(final=True, every=2), None),
        (["--final", "--variations"], dict(final=True, variations=True), None),
        (["--min-ply", "5", "--max-ply", "2"], dict(min_ply=5, max_ply=2), None),
        (["--tags", "White,White"], dict(tags=["White", "White"]), None),
        (["--tags", "Two words"], dict(tags=["Two words"]), None),
        (["-f", "epd", "--clock"], dict(clock=True), "epd"),
        (["-f", "epd", "--tags", ",".join(f"T{i}" for i in range(11))],
         dict(tags=[f"T{i}" for i in range(11)]), "epd"),
    ]
    for cli_args, kwargs, file_format in cases:
        result = subprocess.run([fenkit_binary, "replay", *cli_args, str(SAMPLE)],
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=False)
        assert result.returncode == 2, cli_args
        message = result.stderr.decode().splitlines()[0].split("fenkit replay: ", 1)[1]
        as_argument = message.replace("--format", "format").replace("--", "").replace("-", "_")
        with pytest.raises(ValueError) as raised:
            if file_format:
                fenkit.write_replay(SAMPLE, tmp_path / "rows.txt", format=file_format, **kwargs)
            else:
                fenkit.replay(SAMPLE, **kwargs)
        assert str(raised.value) == as_argument, (cli_args, message)
    assert not (tmp_path / "rows.txt").exists()


def test_argument_errors():
    with pytest.raises(ValueError, match="final does not go with with_start"):
        fenkit.replay(SAMPLE, final=True, with_start=True)
    with pytest.raises(ValueError, match="ep must be"):
        fenkit.replay(SAMPLE, ep="maybe")
    with pytest.raises(ValueError, match="errors must be"):
        fenkit.replay(SAMPLE, errors="maybe")
    with pytest.raises(ValueError, match="two columns"):
        fenkit.replay(SAMPLE, tags=["fen"])
    with pytest.raises(TypeError, match="unexpected keyword"):
        fenkit.replay(SAMPLE, colour="white")
    with pytest.raises(OSError, match="no-such-file"):
        fenkit.replay(SOURCE / "no-such-file.pgn")
    for name, least in (("min_ply", 0), ("max_ply", 0), ("every", 1)):
        with pytest.raises(ValueError, match=f"{name} must be {least} or more"):
            fenkit.replay(SAMPLE, **{name: least - 1})
    for jobs in (-1, 300):
        with pytest.raises(ValueError, match="jobs must be 0"):
            fenkit.replay(SAMPLE, jobs=jobs)
        with pytest.raises(ValueError, match="jobs must be 0"):
            fenkit.build_book(SAMPLE, jobs=jobs)
    for start, end in ((-1, 5), (0, -5)):
        with pytest.raises(ValueError, match="must be 0 or more"):
            fenkit.replay(SAMPLE, range=(start, end))
        with pytest.raises(ValueError, match="must be 0 or more"):
            fenkit.read_games(SAMPLE, range=(start, end))
        with pytest.raises(ValueError, match="must be 0 or more"):
            fenkit.read_range(SAMPLE, start, end)
    with open(SAMPLE, "rb") as f:
        with pytest.raises(TypeError, match="not a file object"):
            fenkit.replay(f)
        with pytest.raises(TypeError, match="not a file object"):
            fenkit.build_book(f)


def test_columns_and_tags_as_one_str():
    listed = fenkit.replay(SAMPLE, columns=["game", "fen"], tags=["White", "Black"])
    joined = fenkit.replay(SAMPLE, columns="game,fen", tags="White,Black")
    assert list(joined) == list(listed) == ["game", "fen", "White", "Black"]
    for name in listed:
        assert list(joined[name]) == list(listed[name])


def test_a_file_name_that_is_not_utf8(tmp_path):
    # os.listdir gives such a name with surrogates; it names the same file.
    raw = os.fsencode(tmp_path) + b"/n\xffme.pgn"
    with open(raw, "wb") as f:
        f.write(SAMPLE.read_bytes() + b"\n[Event \"bad\"]\n\n1. e4 e5 2. Ke3 *\n")
    name = os.fsdecode(raw)
    data = fenkit.replay(name)
    assert data.positions == fenkit.replay(SAMPLE).positions
    assert data.errors and data.errors[0].startswith(name + ":")
    assert len(list(fenkit.read_games(name, errors="skip"))) == len(list(fenkit.read_games(SAMPLE)))
    with pytest.raises(ValueError) as raised:
        list(fenkit.read_games(name))
    assert str(raised.value).startswith(name + ":")
    assert fenkit.read_games(name).name == name
    with open(raw, "rb") as f:
        reader = fenkit.read_games(f, errors="skip")
        assert reader.name == name and len(list(reader)) == len(list(fenkit.read_games(SAMPLE)))
    book = raw.replace(b".pgn", b".bin")
    assert fenkit.build_book(name, output=book, min_games=1).name == os.fsdecode(book)
    assert fenkit.Book(os.fsdecode(book)).name == os.fsdecode(book)


def test_replay_frame(fenkit_binary):
    pd = module("pandas")
    path = DATA / "pgn" / "lichess-style.pgn"
    frame = fenkit.replay_frame(path, tags=["White"], eval=True, clock=True)
    assert isinstance(frame, pd.DataFrame)
    assert list(frame.columns) == ["game", "ply", "san", "uci", "fen", "White", "eval", "mate",
                                   "clk"]
    assert str(frame["eval"].dtype) == "Int64"
    expected = cli_jsonl(fenkit_binary, "replay", "-f", "jsonl", "-q", "--tags", "White",
                         "--eval", "--clock", path)
    assert len(frame) == len(expected) == frame.attrs["positions"]
    assert frame["fen"].tolist() == [r["fen"] for r in expected]
    assert [None if v is pd.NA else int(v) for v in frame["eval"]] == [r["eval"] for r in expected]
    # Without columns a frame still has its rows.
    assert fenkit.replay_frame(path, columns=[]).shape == (len(expected), 0)


def test_gil_is_released(big_pgn):
    done = threading.Event()
    result = {}

    def work():
        # Several replays, so that the thread works long enough to be measured.
        started = time.perf_counter()
        while time.perf_counter() - started < 0.6:
            result["data"] = fenkit.replay(big_pgn, columns=["game"], jobs=1)
        done.set()

    ticks = 0
    thread = threading.Thread(target=work)
    started = time.perf_counter()
    thread.start()
    while not done.is_set():
        ticks += 1
        sum(range(200))  # Python work, which needs the GIL
        time.sleep(0.001)
    thread.join()
    elapsed = time.perf_counter() - started
    assert result["data"].positions > 100000
    # Held during the replays, the GIL would have let the loop run only a few times.
    assert ticks > 0.25 * elapsed / 0.0012, (ticks, elapsed)


def test_shared_move_strs_are_counted_once_per_row():
    columns = ["san", "uci", "next_san", "next_uci"]
    for name in columns:
        for row in [1, 5, 17]:
            data = fenkit.replay(SAMPLE, next=True)
            value = data[name][row]
            rows = sum(1 for column in columns for x in data[column] if x is value)
            assert rows >= 1
            held = sys.getrefcount(value)
            del data  # the rows' references go with their arrays: no more, no fewer
            assert held - sys.getrefcount(value) == rows, (name, row, value)
            alone = "".join([name, "!"])  # a str that only this function holds
            assert sys.getrefcount(value) == sys.getrefcount(alone), (name, row, value)


def test_replays_in_threads_at_once(big_pgn):
    alone = fenkit.replay(big_pgn, with_start=True, tags=["White"])
    results = [None] * 3

    def work(i):
        results[i] = fenkit.replay(big_pgn, with_start=True, tags=["White"], jobs=1)

    threads = [threading.Thread(target=work, args=(i,)) for i in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for data in results:
        for name in alone:
            assert list(data[name]) == list(alone[name]), name


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs fork")
def test_fork_while_a_replay_runs(big_pgn):
    stop = threading.Event()

    def work():
        while not stop.is_set():
            fenkit.replay(big_pgn, columns=["fen"], jobs=1)

    thread = threading.Thread(target=work)
    thread.start()
    try:
        time.sleep(0.2)
        pid = os.fork()
        if pid == 0:  # the child makes objects enough for new arenas, and a replay of its own
            strs = [str(i) * 8 for i in range(300000)]
            data = fenkit.replay(SAMPLE)
            os._exit(0 if len(strs) == 300000 and data.rows > 0 else 1)
        for _ in range(600):  # a child stuck on a lock would never end
            done, status = os.waitpid(pid, os.WNOHANG)
            if done:
                break
            time.sleep(0.05)
        else:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
            pytest.fail("the forked child hung")
        assert os.waitstatus_to_exitcode(status) == 0
    finally:
        stop.set()
        thread.join()


# In a fresh interpreter, whose memory has not been used before: the memory of the strs goes back
# to the system with them.
GIVES_BACK = """
import gc, os, sys
import fenkit
def resident():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
before = resident()
data = fenkit.replay(sys.argv[1], columns=["fen"])
rows, grown = data.rows, resident() - before
del data
gc.collect()
print(rows, grown, resident() - before)
"""


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc")
def test_memory_of_the_strs_is_given_back(big_pgn):
    out = subprocess.run([sys.executable, "-c", GIVES_BACK, str(big_pgn)], check=True,
                         capture_output=True, text=True).stdout
    rows, grown, left = map(int, out.split())
    strs = 112 * rows  # a FEN's str takes 112 or 128 bytes
    assert rows > 50000 and grown > strs
    # (The rest is the reader's memory, which the C library keeps for its next use.)
    assert grown - left > 0.75 * strs, (grown, left, strs)


def test_replay_frame_shows_the_arguments_of_replay():
    import inspect
    frame = inspect.signature(fenkit.replay_frame)
    assert frame == inspect.signature(fenkit.replay)
    assert {"columns", "tags", "eval", "clock", "next", "jobs", "range"} <= set(frame.parameters)


def test_replay_data_pickles_and_documents_itself():
    import pickle
    data = fenkit.replay(SAMPLE, tags=["White"])
    copy = pickle.loads(pickle.dumps(data))
    assert type(copy) is fenkit.ReplayData and copy.games == data.games
    assert rows_of(copy) == rows_of(data)
    assert repr(data).startswith("<ReplayData ")
    for function in [fenkit.replay, fenkit.replay_frame, fenkit.byte_ranges, fenkit.ReplayData]:
        assert function.__doc__


def test_compressed_writes_go_on_in_a_forked_child(tmp_path):
    """A child made by fork() (multiprocessing's way on Linux) writes compressed files as its
    parent did: what the parent kept for its next compressed file (a zstd context with threads)
    is not handed to the child, which has none of those threads."""
    source = str(DATA / "pgn" / "lichess-style.pgn")
    fenkit.write_replay(source, tmp_path / "parent.csv.zst", format="csv", jobs=2)
    child = os.fork()
    if child == 0:
        try:
            fenkit.write_replay(source, tmp_path / "child.csv.zst", format="csv", jobs=2)
            os._exit(0)
        except BaseException:
            os._exit(1)
    deadline = time.monotonic() + 60
    while True:
        done, status = os.waitpid(child, os.WNOHANG)
        if done:
            break
        if time.monotonic() > deadline:
            os.kill(child, 9)
            os.waitpid(child, 0)
            pytest.fail("the child's compressed write hung")
        time.sleep(0.02)
    assert os.waitstatus_to_exitcode(status) == 0
    assert (tmp_path / "child.csv.zst").read_bytes() == (tmp_path / "parent.csv.zst").read_bytes()
