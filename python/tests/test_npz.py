"""Data sets as NumPy .npz files: what write_replay(format="npz") writes reads back, through
fenkit.read_npz or NumPy and pandas alone, as the rows replay_frame makes of the same games."""

import os
import zipfile

import numpy as np
import pandas as pd
import pytest

import fenkit
from conftest import DATA

LICHESS = str(DATA / "pgn" / "lichess-style.pgn")
OPTIONS = dict(tags=["White", "WhiteElo", "Site"], eval=True, clock=True, next=True)


def expected_frame(path, **options):
    """replay_frame's rows with an empty text as the .npz reads it back: None."""
    frame = fenkit.replay_frame(path, **options)
    frame.attrs = {}
    for name in frame.columns:
        if frame[name].dtype == object:
            frame[name] = frame[name].where(frame[name] != "", None)
    return frame


def test_read_back_as_replay_frame(tmp_path):
    out = tmp_path / "positions.npz"
    counts = fenkit.write_replay(LICHESS, out, format="npz", **OPTIONS)
    frame = expected_frame(LICHESS, **OPTIONS)
    assert counts.positions == len(frame) == 24 and counts.games == frame["game"].max() == 5
    assert list(counts) == []  # counts only, as for the other formats
    pd.testing.assert_frame_equal(fenkit.read_npz(out), frame)
    # Only the members NumPy makes, one per column, deflated; no pickle anywhere.
    with zipfile.ZipFile(out) as archive:
        assert archive.namelist() == [name + ".npy" for name in frame.columns]
        assert {i.compress_type for i in archive.infolist()} == {zipfile.ZIP_DEFLATED}
    assert os.listdir(tmp_path) == ["positions.npz"]  # no temporary left


def test_numpy_and_pandas_read_it_alone(tmp_path):
    out = tmp_path / "positions.npz"
    fenkit.write_replay(LICHESS, out, format="npz", **OPTIONS)
    with np.load(out, allow_pickle=False) as data:
        plain = pd.DataFrame(dict(data))
    frame = expected_frame(LICHESS, **OPTIONS)
    assert list(plain.columns) == list(frame.columns)
    assert plain["fen"].str.decode("ascii").tolist() == frame["fen"].tolist()
    assert plain["game"].dtype == np.int64 and plain["clk"].dtype == np.float64
    np.testing.assert_array_equal(plain["clk"].to_numpy(), frame["clk"].to_numpy())


def test_texts_beyond_ascii_and_missing_values(tmp_path):
    pgn = tmp_path / "names.pgn"
    pgn.write_text('[White "Nepomniachtchi, Ян"]\n[Black "Ding Liren"]\n\n1. e4 e5 *\n\n'
                   '[Black "x"]\n\n1. d4 *\n', encoding="utf-8")
    out = tmp_path / "names.npz"
    fenkit.write_replay(pgn, out, format="npz", tags=["White", "Black"], with_start=True)
    frame = fenkit.read_npz(out)
    assert frame["White"].tolist() == ["Nepomniachtchi, Ян"] * 3 + [None] * 2
    assert frame["san"].tolist() == [None, "e4", "e5", None, "d4"]
    pd.testing.assert_frame_equal(
        frame, expected_frame(pgn, tags=["White", "Black"], with_start=True))


def test_refusals_leave_nothing(tmp_path):
    out = tmp_path / "nags.npz"
    with pytest.raises(ValueError, match="nags"):
        fenkit.write_replay(DATA / "pgn" / "annotated.pgn", out, format="npz", nags=True)
    assert os.listdir(tmp_path) == []
    with pytest.raises(OSError):
        fenkit.write_replay(LICHESS, tmp_path / "no" / "such" / "folder.npz", format="npz")
    with pytest.raises(ValueError, match="compressed already"):
        fenkit.write_replay(LICHESS, tmp_path / "positions.npz.zst", format="npz")
    # A rejected game is counted and reported, as for the other formats.
    counts = fenkit.write_replay(DATA / "pgn" / "suite-errors.pgn", tmp_path / "e.npz",
                                 format="npz")
    assert counts.rejected >= 1 and counts.errors and ": error: " in counts.errors[0]
