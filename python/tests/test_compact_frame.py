"""CompactFrame, the partition fenkit.dask's workers send: a pickle round trip gives the same
frame, for the columns a replay makes and for what the packing must leave to pickle."""

import pickle

import numpy as np
import pytest

import fenkit
from conftest import DATA, module

pd = module("pandas")
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


def test_every_kind_of_column_comes_back_equal(big_pgn):
    frame = fenkit.replay_frame(big_pgn, tags=["White", "ECO"], eval=True, clock=True, next=True,
                                comments=True, nags=True, planes=True, with_start=True)
    loaded = round_trip(frame)
    pd.testing.assert_frame_equal(loaded, frame)
    # Rows that shared an object (a move, a tag's value) share one again.
    white = loaded["White"].to_numpy()
    assert white[1] is white[2]


def test_repeated_objects_round_trip_in_the_extension():
    objects = ["e4", None, "Nf3", ("a", 1)]
    values = np.array([objects[i % 7 % 4] for i in range(1000)], dtype=object)
    distinct, codes, count = fenkit._fenkit._pack_repeated(values)
    assert count == 1000 and len(distinct) == 4 and len(codes) < 1000
    unpacked = fenkit._fenkit._unpack_repeated(distinct, codes, count)
    assert all(a is b for a, b in zip(unpacked, values))
    # Many distinct objects: codes would not pay, pickle is left to it.
    assert fenkit._fenkit._pack_repeated(np.array([str(i) for i in range(1000)], dtype=object)) is None
    assert fenkit._fenkit._pack_repeated(np.array(["x"], dtype=object)) is None
    with pytest.raises(ValueError):  # a code past the distinct objects
        fenkit._fenkit._unpack_repeated(distinct[:2], codes, count)
    with pytest.raises(ValueError):  # fewer codes than rows
        fenkit._fenkit._unpack_repeated(distinct, codes, count + 1)


def test_numbers_round_trip_in_the_extension():
    games = np.repeat(np.arange(1, 1001, dtype=np.int64), 80)
    packed = fenkit._fenkit._pack_numbers(games)
    assert len(packed) * 10 < games.nbytes
    back = fenkit._fenkit._unpack_numbers(packed, games.nbytes).view(np.int64)
    assert np.array_equal(back, games)
    noise = np.random.default_rng(1).integers(0, 2**63, 10_000, dtype=np.int64)
    assert fenkit._fenkit._pack_numbers(noise) is None  # does not shrink by half
    assert fenkit._fenkit._pack_numbers(games[::2]) is None  # not contiguous
    with pytest.raises(ValueError):
        fenkit._fenkit._unpack_numbers(packed, games.nbytes + 8)


def test_a_column_of_too_many_distinct_values_keeps_its_sharing():
    # The first rows repeat one value, then every row has its own (a tag such as Site): too
    # many for codes, so pickle takes it, and the rows that shared a str still do.
    values = np.array(["same"] * 2000 + [f"site {i}" for i in range(100_000)], dtype=object)
    values[1] = values[0]
    loaded = round_trip(pd.DataFrame({"Site": values}))
    assert list(loaded["Site"]) == list(values)
    column = loaded["Site"].to_numpy()
    assert column[0] is column[1] is column[1999]


def test_a_column_of_none_packs_as_one_object():
    values = np.empty(1000, dtype=object)  # every item None
    distinct, codes, count = fenkit._fenkit._pack_repeated(values)
    assert distinct == [None] and count == 1000
    assert fenkit._fenkit._pack_strings(values) is None
