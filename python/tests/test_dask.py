"""fenkit.dask on a LocalCluster of two worker processes on loopback: the data frame equals
fenkit.replay_frame over the same files, and the parts written, concatenated, equal one run of
the program, byte for byte, for plain and compressed files read at once."""

import gzip
import os
import shutil
import subprocess

import pytest

import fenkit
from fenkit._replay import PackedFrame
from conftest import DATA, cli_jsonl, missing, module, run_cli

distributed = module("distributed")
fenkit_dask = module("fenkit.dask")
dd = module("dask.dataframe")


@pytest.fixture(scope="module")
def client():
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  host="127.0.0.1", dashboard_address=None) as cluster, \
            distributed.Client(cluster) as client:
        yield client


@pytest.fixture(scope="module")
def inputs(tmp_path_factory, big_pgn, corpus_or_none):
    """Files of several kinds at once: plain ones read in byte ranges, a gzip and (with zstd
    installed) a zstd file read whole, one with a rejected game."""
    folder = tmp_path_factory.mktemp("dask")
    packed = folder / "suite.pgn.gz"
    with open(DATA / "pgn" / "suite.pgn", "rb") as f, gzip.open(packed, "wb") as g:
        g.write(f.read())
    files = [str(big_pgn), str(packed), str(DATA / "pgn" / "suite-errors.pgn")]
    if shutil.which("zstd"):
        zst = folder / "lichess.pgn.zst"
        subprocess.run(["zstd", "-q", "-o", str(zst), str(DATA / "pgn" / "lichess-style.pgn")],
                       check=True)
        files.append(str(zst))
    else:
        missing("zstd")
    if corpus_or_none:
        files.append(str(corpus_or_none))
    return files


@pytest.fixture(scope="module")
def corpus_or_none():
    corpus = os.environ.get("FENKIT_CORPUS_DIR", "")
    path = os.path.join(corpus, "pgn", "pychess-testing", "world_matches.pgn")
    if os.path.exists(path):
        return path
    if os.environ.get("FENKIT_REQUIRE_CORPUS") == "1":
        pytest.fail("the corpus is missing and FENKIT_REQUIRE_CORPUS=1")
    return None


@pytest.mark.parametrize("format", ["jsonl", "csv", "fen", "epd"])
def test_parts_equal_one_run(client, inputs, tmp_path, fenkit_binary, format):
    options = ["--tags", "White,Black", "--eval"] if format != "fen" else ["--tags", "White"]
    written = fenkit_dask.write_positions(
        inputs, tmp_path / "out", format=format, blocksize=1 << 20,
        tags=["White", "Black"] if format != "fen" else ["White"], eval=format != "fen")
    assert len(written) > len(inputs)  # the plain files were cut into several ranges
    assert all(os.path.basename(p).endswith("." + format) for p in written)
    got = b"".join(open(p, "rb").read() for p in written)
    result = subprocess.run([fenkit_binary, "replay", "-f", format, *options, *inputs],
                            capture_output=True)
    assert got == result.stdout and len(got) > 1 << 20
    # The counts, and the messages of the rejected games, as the program says them.
    assert written.rejected == 1 and written.games > written.selected
    assert written.errors == [line for line in result.stderr.decode().splitlines()
                              if ": error: " in line]


@pytest.mark.parametrize("compression", ["gz", "zst"])
def test_compressed_parts_are_one_stream_of_the_whole(client, inputs, tmp_path, fenkit_binary,
                                                     compression):
    written = fenkit_dask.write_positions(inputs, tmp_path / "out", format="csv",
                                          blocksize=1 << 20, tags=["White"],
                                          compression=compression)
    assert len(written) > len(inputs)
    assert all(p.endswith(".csv." + compression) for p in written)
    joined = tmp_path / ("all.csv." + compression)
    with open(joined, "wb") as out:
        for part in written:
            with open(part, "rb") as piece:
                shutil.copyfileobj(piece, out)
    if compression == "gz":
        with gzip.open(joined, "rb") as whole:
            got = whole.read()
    else:
        zstd = shutil.which("zstd")
        if zstd is None:
            missing("the zstd program")
        got = subprocess.run([zstd, "-dc", str(joined)], capture_output=True, check=True).stdout
    result = subprocess.run([fenkit_binary, "replay", "-f", "csv", "--tags", "White", *inputs],
                            capture_output=True)
    assert got == result.stdout and len(got) > 1 << 20
    assert os.path.getsize(joined) * 3 < len(got)  # the room it saves
    with pytest.raises(ValueError):
        fenkit_dask.write_positions(inputs, tmp_path / "bad", compression="bz2")


def test_npz_parts_read_back_as_one_frame(client, inputs, tmp_path):
    """Parts as NumPy's .npz: read back (fenkit.dask.read_npz) as the frame of the whole, an
    empty text read as None."""
    options = dict(tags=["White", "Black"], eval=True, clock=True)
    written = fenkit_dask.write_positions(inputs, tmp_path / "out", format="npz",
                                          blocksize=1 << 20, **options)
    assert len(written) > len(inputs) and all(p.endswith(".npz") for p in written)
    frame = fenkit_dask.read_npz(list(written))
    assert frame.npartitions == len(written)
    got = frame.compute().reset_index(drop=True)
    expected = fenkit.replay_frame(inputs, **options)
    expected.attrs = {}
    for name in ("White", "Black"):
        expected[name] = expected[name].where(expected[name] != "", None)
    pd = module("pandas")
    pd.testing.assert_frame_equal(got, expected)
    assert written.positions == len(expected) and written.rejected == 1
    with pytest.raises(ValueError, match="compressed already"):
        fenkit_dask.write_positions(inputs, tmp_path / "bad", format="npz", compression="zst")


def test_a_file_listed_twice_is_read_twice(client, tmp_path, fenkit_binary):
    """Each listing of a file counts its lines from 1 (the places of the messages), as the
    program counts them; game numbers go on."""
    errors = str(DATA / "pgn" / "suite-errors.pgn")
    written = fenkit_dask.write_positions([errors, errors], tmp_path / "out")
    result = subprocess.run([fenkit_binary, "replay", "-f", "jsonl", errors, errors],
                            capture_output=True)
    assert b"".join(open(p, "rb").read() for p in written) == result.stdout
    expected = [line for line in result.stderr.decode().splitlines() if ": error: " in line]
    assert len(expected) == 2 and expected[0].split(":")[1] == expected[1].split(":")[1]
    assert written.errors == expected


def test_frame_equals_replay_frame(client, inputs):
    frame = fenkit_dask.read_positions(inputs, blocksize=1 << 20, tags=["WhiteElo"], eval=True,
                                       clock=True, next=True)
    assert frame.npartitions > len(inputs)
    got = frame.compute().reset_index(drop=True)
    whole = fenkit.replay_frame(inputs, tags=["WhiteElo"], eval=True, clock=True, next=True)
    whole.attrs.clear()
    assert list(got.columns) == list(whole.columns)
    assert got.dtypes.to_dict() == whole.dtypes.to_dict()
    assert got.equals(whole)


def test_compute_brings_the_rows_packed(client, inputs, monkeypatch):
    """compute() of read_positions on the cluster sends the rows packed and makes the frame on
    the client: the frame the partitions joined make, index and attrs included, also where a
    partition comes in pieces. Frames derived from it, and compute() on other schedulers, go
    Dask's way."""
    made, pieces = [], []

    class Counted(PackedFrame):
        def add(self, packed, piece_of_last=False, game_offset=0):
            pieces.append(piece_of_last)
            super().add(packed, piece_of_last, game_offset)

        def frame(self):
            made.append(len(self._partitions))
            return super().frame()

    monkeypatch.setattr(fenkit_dask, "PackedFrame", Counted)
    monkeypatch.setattr(fenkit_dask, "_PIECE", 1 << 18)  # a partition of 1 MiB in 4 pieces
    options = dict(blocksize=1 << 20, tags=["WhiteElo"], eval=True, clock=True, next=True,
                   comments=True, nags=True)
    frame = fenkit_dask.read_positions(inputs, **options)
    assert isinstance(frame, fenkit_dask.PositionsFrame)
    got = frame.compute()
    assert made == [frame.npartitions]
    assert pieces.count(False) == frame.npartitions and pieces.count(True) > frame.npartitions
    joined = dd.DataFrame.compute(frame)  # the partitions made on the workers, joined
    assert got.equals(joined) and got.index.equals(joined.index) and got.attrs == joined.attrs
    assert got.dtypes.to_dict() == joined.dtypes.to_dict()
    assert frame.compute(scheduler="threads").equals(got)
    late = frame[frame.ply > 30]
    assert late.compute().equals(got[got.ply > 30])
    assert made == [frame.npartitions]
    # One partition with rows, or several with the same counts (a file read twice): the
    # counts stay, as pandas keeps them when all the frames joined have them alike.
    suite = str(DATA / "pgn" / "suite.pgn")
    for paths in ([suite], [suite, suite]):
        same = fenkit_dask.read_positions(paths, eval=True, blocksize=1 << 30)
        assert same.npartitions == len(paths)
        assert same.compute().equals(dd.DataFrame.compute(same))
        assert same.compute().attrs == dd.DataFrame.compute(same).attrs != {}
    # A column assigned in place: the frame's graph is no longer the one read_positions made.
    changed = fenkit_dask.read_positions(inputs, **options)
    changed["twice"] = changed.ply * 2
    assert list(changed.compute().columns) == list(got.columns) + ["twice"]
    assert made == [frame.npartitions, 1, 1, 2, 2]  # (each compute() above but the last)


def test_a_partition_in_pieces_keeps_the_places_of_its_messages(client, tmp_path, monkeypatch):
    """One partition brought in many pieces: the messages of a game rejected far into the
    file name its line, and the counts are the partition's, as replay_frame gives them."""
    path = tmp_path / "errors-late.pgn"
    games = (DATA / "pgn" / "suite.pgn").read_text()
    path.write_text((games + "\n") * 20 + (DATA / "pgn" / "suite-errors.pgn").read_text())
    monkeypatch.setattr(fenkit_dask, "_PIECE", 1024)
    frame = fenkit_dask.read_positions(str(path), blocksize=1 << 30)
    assert frame.npartitions == 1 and len(fenkit_dask._pieces(frame._fenkit_parts[1])) > 10
    got = frame.compute()
    whole = fenkit.replay_frame(str(path))
    assert got.equals(whole) and got.index.equals(whole.index)
    assert got.attrs == whole.attrs and whole.attrs["rejected"] == 1
    line = int(whole.attrs["errors"][0].split(":")[1])
    assert line > 20 * games.count("\n")  # in the last lines, not counted from a piece's start
    # Warnings in every piece: each piece's messages are numbered on from the games and lines
    # of the pieces before it.
    warned = tmp_path / "warnings.pgn"
    quirk = (DATA / "pgn" / "quirks" / "missing-result.pgn").read_text()
    warned.write_text((games + "\n" + quirk + "\n") * 20)
    got = fenkit_dask.read_positions(str(warned), blocksize=1 << 30, warnings=True).compute()
    whole = fenkit.replay_frame(str(warned), warnings=True)
    assert got.attrs == whole.attrs and len(whole.attrs["errors"]) == 40
    # errors="raise": the first rejected game's message, with its place in the file.
    with pytest.raises(ValueError) as raised:
        fenkit_dask.read_positions(str(path), blocksize=1 << 30, errors="raise").compute()
    with pytest.raises(ValueError) as expected:
        fenkit.replay_frame(str(path), errors="raise")
    assert str(raised.value) == str(expected.value) != ""
    # The same file again after another: games numbered on across the files, lines from 1 in
    # each (the messages of frames with different counts are not kept, as pandas joins them).
    paths = [str(path), str(DATA / "pgn" / "suite-errors.pgn"), str(path)]
    frame = fenkit_dask.read_positions(paths, blocksize=1 << 30, warnings=True)
    got, whole = frame.compute(), fenkit.replay_frame(paths, warnings=True)
    assert got.equals(dd.DataFrame.compute(frame))
    assert list(got.game) == list(whole.game) and got.game.iloc[-1] > 300


def test_default_partitions_follow_the_cluster(client, big_pgn):
    frame = fenkit_dask.read_positions(big_pgn, columns=["game", "fen"])
    # Without a blocksize, a file smaller than 64 MiB still gives each thread a partition.
    assert frame.npartitions == 2
    assert len(frame) == fenkit.replay(big_pgn, columns=["game"]).rows


def test_arguments_that_a_partition_sets_are_refused(tmp_path):
    path = str(DATA / "pgn" / "suite.pgn")
    for name in ("range", "game_offset", "jobs", "games"):
        with pytest.raises(ValueError, match=name):
            fenkit_dask.read_positions(path, **{name: 1})
    with pytest.raises(ValueError, match="format"):
        fenkit_dask.write_positions(path, tmp_path, format="xml")
    with pytest.raises(ValueError, match="blocksize"):
        fenkit_dask.read_positions(path, blocksize=0)


def test_write_replay_and_count_games(tmp_path, fenkit_binary, big_pgn):
    """The pieces the module is made of: rows written by the library, games counted apart."""
    out = tmp_path / "rows.csv"
    data = fenkit.write_replay(big_pgn, out, format="csv", next=True)
    expected, _ = run_cli(fenkit_binary, "replay", "-q", "-f", "csv", "--next", big_pgn)
    assert out.read_bytes() == expected
    assert data.positions == len(expected.splitlines()) - 1 and not data.keys()
    ranges = fenkit.byte_ranges(big_pgn, 7)
    assert sum(fenkit.count_games(big_pgn, r) for r in ranges) == fenkit.count_games(big_pgn) \
        == data.games
    rows = cli_jsonl(fenkit_binary, "replay", "-q", "-f", "jsonl", "--range",
                     f"{ranges[3][0]}:{ranges[3][1]}", big_pgn)
    offset = sum(fenkit.count_games(big_pgn, r) for r in ranges[:3])
    whole = cli_jsonl(fenkit_binary, "replay", "-q", "-f", "jsonl", big_pgn)
    first = next(i for i, row in enumerate(whole) if row["game"] == offset + 1)
    assert [dict(row, game=row["game"] + offset) for row in rows] == whole[first:first + len(rows)]
    with pytest.raises(OSError):
        fenkit.write_replay(big_pgn, tmp_path / "no" / "such" / "folder.jsonl")
    with pytest.raises(ValueError, match="format"):
        fenkit.write_replay(big_pgn, out, format="xml")


def test_write_replay_writes_as_the_program_does(tmp_path, fenkit_binary, big_pgn):
    """Compressed by name (gzip by the standard library, zstd by the zstd program), and never a
    cut file: a run stopped by a rejected game leaves nothing under the name, nor a temporary
    file beside it, and a file that was there stays as it was."""
    expected, _ = run_cli(fenkit_binary, "replay", "-q", "-f", "fen", big_pgn)
    fenkit.write_replay(big_pgn, tmp_path / "rows.fen.gz", format="fen", jobs=2)
    assert gzip.decompress((tmp_path / "rows.fen.gz").read_bytes()) == expected
    if shutil.which("zstd"):
        fenkit.write_replay(big_pgn, tmp_path / "rows.fen.zst", format="fen", jobs=2)
        unpacked = subprocess.run(["zstd", "-dc", str(tmp_path / "rows.fen.zst")],
                                  stdout=subprocess.PIPE, check=True).stdout
        assert unpacked == expected
    bad = tmp_path / "bad.pgn"
    bad.write_bytes(open(big_pgn, "rb").read() + b'\n[Event "x"]\n\n1. e5 *\n')
    with pytest.raises(ValueError):
        fenkit.write_replay(bad, tmp_path / "cut.fen", format="fen", errors="raise")
    (tmp_path / "kept.fen").write_bytes(b"before\n")
    with pytest.raises(ValueError):
        fenkit.write_replay(bad, tmp_path / "kept.fen", format="fen", errors="raise")
    assert (tmp_path / "kept.fen").read_bytes() == b"before\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "bad.pgn", "kept.fen", "rows.fen.gz"] + (["rows.fen.zst"] if shutil.which("zstd") else [])


def test_rows_go_compressed_only_to_another_machine(client, inputs, monkeypatch):
    """Workers on the client's machine send their rows as they are (copied, not sent); a worker
    elsewhere makes compute() compress them, and the frame is the same."""
    assert fenkit_dask._on_this_machine(client)

    class Elsewhere:
        def __init__(self, *workers):
            self.workers = workers

        def scheduler_info(self):
            return {"workers": {address: {} for address in self.workers}}

    assert fenkit_dask._on_this_machine(Elsewhere("tcp://127.0.0.1:1", "tcp://[::1]:2",
                                                  "tcp://localhost:3"))
    assert not fenkit_dask._on_this_machine(Elsewhere("tcp://127.0.0.1:1", "tcp://203.0.113.5:1"))

    frame = fenkit_dask.read_positions(inputs[:2], blocksize=1 << 20, tags=["White"])
    here = frame.compute()
    monkeypatch.setattr(fenkit_dask, "_on_this_machine", lambda client: False)
    elsewhere = fenkit_dask.read_positions(inputs[:2], blocksize=1 << 20, tags=["White"]).compute()
    assert here.equals(elsewhere) and here.attrs == elsewhere.attrs
    assert here.equals(dd.DataFrame.compute(frame)) and len(here) > 0


def test_a_game_cut_by_the_end_of_the_file_is_rejected_in_every_partition_plan(client, tmp_path):
    # Only the file's last partition ends the input: a game without result at the end of an
    # earlier one is followed by another, and keeps its warning.
    text = (DATA / "pgn" / "lichess-style.pgn").read_text(encoding="utf-8")
    whole = text[:text.rindex("[Event ")]
    path = tmp_path / "cut.pgn"
    path.write_text(whole[:whole.rindex(" 41... Kd6")], encoding="utf-8")
    expected = fenkit.replay_frame(str(path))
    assert expected.attrs["rejected"] == 1
    expected.attrs.clear()
    for blocksize in (300, 1000, 1 << 20):
        frame = fenkit_dask.read_positions(str(path), blocksize=blocksize)
        got = frame.compute().reset_index(drop=True)
        assert got.equals(expected)
    written = fenkit_dask.write_positions(str(path), str(tmp_path / "parts"), blocksize=300)
    assert written.rejected == 1
    assert len(written.errors) == 1 and "the input ends inside the game" in written.errors[0]


def test_max_rows_bounds_the_rows_of_a_partition(client, big_pgn):
    whole = fenkit.replay_frame(str(big_pgn))
    bound = len(whole) // 8
    frame = fenkit_dask.read_positions(str(big_pgn), max_rows=bound)
    sizes = frame.map_partitions(len).compute()
    assert frame.npartitions >= 6 and sum(sizes) == len(whole)
    # Judged by the rows of the file's first 2 MB: about the bound, never far above it.
    assert max(sizes) <= 1.5 * bound
    got = frame.compute()
    assert got.reset_index(drop=True).equals(whole)
    with pytest.raises(ValueError):
        fenkit_dask.read_positions(str(big_pgn), max_rows=0)


def test_filters_are_pushed_into_the_reader(client, big_pgn):
    frame = fenkit_dask.read_positions(str(big_pgn), columns=["game", "ply", "fen"], tags=["White"],
                                       filters=[("ply", ">=", 2), ("ply", "<", 4),
                                                ("Result", "==", "1-0")])
    got = frame.compute().reset_index(drop=True)
    expected = fenkit.replay_frame(str(big_pgn), columns=["game", "ply", "fen"], tags=["White"],
                                   min_ply=2, max_ply=3, tag=["Result=1-0"])
    assert len(got) > 0 and got.equals(expected)
    assert set(got["ply"]) == {2, 3}
    with pytest.raises(ValueError):
        fenkit_dask.read_positions(str(big_pgn), filters=[("ply", "in", [1, 2])])
