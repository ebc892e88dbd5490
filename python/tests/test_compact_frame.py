"""CompactFrame, the partition fenkit.dask's workers send: a pickle round trip gives the same
frame, for the columns a replay makes and for what the packing must leave to pickle."""

import pickle

import numpy as np
import pytest

import fenkit
from conftest import DATA

pd = pytest.importorskip("pandas")
from fenkit._compact_frame import CompactFrame, compact  # noqa: E402  (needs pandas)


def round_trip(frame):
    loaded = pickle.loads(pickle.dumps(compact(frame), protocol=5))
    assert type(loaded) is pd.DataFrame
    return loaded


def test_a_replay_frame_comes_back_equal(big_pgn):
    frame = fenkit.replay_frame(big_pgn, tags=["White", "Event"], eval=True, clock=True,
                                next=True)
    assert len(frame) > 1000
    loaded = round_trip(frame)
    pd.testing.assert_frame_equal(loaded, frame)
    # The FENs were packed (they are distinct objects), and came back as new strs.
    assert loaded["fen"].iloc[5] is not frame["fen"].iloc[5]


@pytest.mark.parametrize("values", [
    ["é♞", "", "8/8/8/8/8/8/8/K1k5 w - - 0 1", "\x00x"],          # any str, the separator too
    ["a", None, "b"],                                               # not all str
    ["a\udcff", "b"],                                               # no UTF-8 form
    [1, 2.5, "x"],
])
def test_columns_of_any_objects_come_back_equal(values):
    frame = pd.DataFrame({"x": np.array(values, dtype=object), "n": np.arange(len(values))},
                         index=pd.RangeIndex(10, 10 + len(values)))
    frame.attrs["games"] = 3
    loaded = round_trip(frame)
    pd.testing.assert_frame_equal(loaded, frame)
    assert loaded.attrs == {"games": 3}


def test_empty_and_repeated_column_names():
    empty = fenkit.replay_frame(DATA / "pgn" / "lichess-style.pgn").iloc[:0]
    pd.testing.assert_frame_equal(round_trip(empty), empty)
    twice = pd.DataFrame([["a", "b"], ["c", "d"]], columns=["x", "x"])
    pd.testing.assert_frame_equal(round_trip(twice), twice)


def test_frames_made_from_it_are_plain():
    compact = CompactFrame(pd.DataFrame({"x": ["a", "b"]}))
    assert type(compact.head(1)) is pd.DataFrame
    assert type(pd.concat([compact, compact])) is pd.DataFrame


def test_packed_strings_round_trip_in_the_extension():
    values = np.array(["e4", "é", "", "Nf3", "x" * 3_000_000], dtype=object)
    data, count = fenkit._fenkit._pack_strings(values)
    assert count == 5 and len(data) < 1000  # compressed: the long string is one letter repeated
    assert list(fenkit._fenkit._unpack_strings(data, count)) == list(values)
    assert fenkit._fenkit._pack_strings(np.array(["a", 1], dtype=object)) is None
    # Damaged or cut data, or more strings than it holds, is refused.
    with pytest.raises(ValueError):
        fenkit._fenkit._unpack_strings(data, count + 1)
    with pytest.raises(ValueError):
        fenkit._fenkit._unpack_strings(data[: len(data) // 2], count)
    with pytest.raises(ValueError):
        fenkit._fenkit._unpack_strings(np.frombuffer(b"not zstd at all", dtype=np.uint8), 1)
    many = np.array([f"fen {i}" for i in range(300_000)], dtype=object)
    assert list(fenkit._fenkit._unpack_strings(*fenkit._fenkit._pack_strings(many))) == list(many)
