"""Rows packed by a replay in one process and made into a frame in another (what
fenkit.dask's compute() sends): the frame equals replay_frame's for every kind of column, and
damaged bytes are refused."""

import struct

import numpy as np
import pytest

import fenkit
from conftest import DATA, module

pd = module("pandas")
from fenkit._replay import PackedFrame, frame_of_packed, packed_replay  # noqa: E402  (needs pandas)
from fenkit import _fenkit  # noqa: E402

SUITE = str(DATA / "pgn" / "suite.pgn")
LICHESS = str(DATA / "pgn" / "lichess-style.pgn")


@pytest.mark.parametrize("path, options", [
    (LICHESS, dict(tags=["WhiteElo", "Event"], eval=True, clock=True, next=True)),
    (SUITE, dict(variations=True, comments=True, nags=True, tags=["White", "Event"])),
    (SUITE, dict(planes=True, with_start=True, ep="legal")),
    (SUITE, dict(columns=["game", "fen"])),
    (SUITE, dict(final=True)),
    (str(DATA / "pgn" / "suite-errors.pgn"), dict(warnings=True)),
])
@pytest.mark.parametrize("compressed", [True, False])
def test_a_packed_replay_makes_the_frame_of_replay_frame(path, options, compressed):
    packed = packed_replay(path, compressed=compressed, **options)
    frame = frame_of_packed([packed])
    whole = fenkit.replay_frame(path, **options)
    pd.testing.assert_frame_equal(frame, whole)
    assert frame.attrs == whole.attrs


def test_the_big_file_in_pieces_joins_as_the_pieces_frames(big_pgn):
    """Ranges of a file packed apart: one frame, each piece's index from 0, no counts (as
    pd.concat joins the pieces' frames); FENs of many games and chunks come back whole."""
    pieces = fenkit.byte_ranges(big_pgn, 3)
    options = dict(tags=["White"], next=True)
    packed, frames, offset = [], [], 0
    for piece in pieces:
        packed.append(packed_replay(big_pgn, range=piece, game_offset=offset, **options))
        frames.append(fenkit.replay_frame(big_pgn, range=piece, game_offset=offset, **options))
        offset += fenkit.count_games(big_pgn, piece)
    frame = frame_of_packed(packed)
    joined = pd.concat(frames)
    pd.testing.assert_frame_equal(frame, joined)
    assert frame.attrs == joined.attrs == {}
    assert len(frame) == fenkit.replay(big_pgn, columns=["game"]).rows > 10000
    # Each part numbers its moves anew; a move is still one str in every part, as in one replay.
    for column in ("san", "uci", "next_san", "next_uci"):
        moves = frame[column].dropna()
        assert len({id(move) for move in moves}) == moves.nunique() > 100


def test_pieces_without_rows_leave_the_counts_of_the_one_with_rows(tmp_path):
    empty = tmp_path / "empty.pgn"
    empty.write_text("")
    packed = [packed_replay(str(empty)), packed_replay(SUITE), packed_replay(str(empty))]
    frame = frame_of_packed(packed)
    whole = fenkit.replay_frame(SUITE)
    pd.testing.assert_frame_equal(frame, whole)
    assert frame.attrs == whole.attrs
    nothing = frame_of_packed([packed_replay(str(empty))])
    assert len(nothing) == 0 and list(nothing.columns) == list(whole.columns)


def _unpack(*parts):
    unpacker = _fenkit._RowUnpacker()
    for part in parts:
        unpacker.add(part)
    return unpacker.columns()


def test_plain_rows_are_larger_and_make_the_same_columns():
    """Rows for a process on the same machine go uncompressed; both kinds make one frame."""
    compressed, _ = packed_replay(SUITE, tags=["Event"])
    plain, _ = packed_replay(SUITE, tags=["Event"], compressed=False)
    assert len(plain) > 1.5 * len(compressed)
    made = PackedFrame()
    made.add(packed_replay(SUITE, tags=["Event"]))
    made.add(packed_replay(SUITE, tags=["Event"], compressed=False))
    whole = fenkit.replay_frame(SUITE, tags=["Event"])
    pd.testing.assert_frame_equal(made.frame(), pd.concat([whole, whole]))


@pytest.mark.parametrize("compressed", [True, False])
def test_damaged_or_mixed_rows_are_refused(compressed):
    data, _ = packed_replay(SUITE, compressed=compressed)
    for cut in (5, len(data) // 2, len(data) - 3):
        with pytest.raises(ValueError, match="damaged"):
            _unpack(data[:cut])
    if compressed:  # the frame's checksum finds any change
        flipped = data.copy()
        flipped[len(flipped) // 2] ^= 0xFF
        with pytest.raises(ValueError):
            _unpack(flipped)
    other, _ = packed_replay(SUITE, tags=["White"], compressed=compressed)
    with pytest.raises(ValueError, match="other columns"):
        _unpack(data, other)
    with pytest.raises(ValueError, match="_packed= goes with the columns"):
        _fenkit._replay(SUITE, output=SUITE + ".out", _packed=True)
    assert isinstance(data, np.ndarray)


def _plain_rows_edited(path, old, new, column="san"):
    """The plain packed `column` of `path` (one chunk) with the bytes `old` (found once) made
    `new`, and the chunk's size mended, so that only that column is damaged."""
    data, _ = packed_replay(path, compressed=False, columns=["game", column])
    b = bytes(data)
    assert b.count(old) == 1
    edited = b.replace(old, new)
    # The chunk: its size, 0 for rows stored plain, then its columns to the end of the part.
    rows = fenkit.replay(path).rows
    for at in range(len(b) - 24):
        size, stored, first = struct.unpack_from("<QQQ", b, at)
        if stored == 0 and first == rows and at + 16 + size == len(b):
            head = edited[:at] + struct.pack("<Q", size + len(new) - len(old))
            return np.frombuffer(head + edited[at + 8:], dtype=np.uint8)
    raise AssertionError("no plain chunk found")


def test_damaged_moves_are_refused(tmp_path):
    """A move's text that is not ASCII, a number its part never gave, and a column with fewer
    moves than rows: each is refused, where a well-formed edit is read as written."""
    path = tmp_path / "knights.pgn"
    path.write_text('[Result "*"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 *\n')
    path = str(path)
    # Each move is a new text (1, its length, its bytes) until Nf3 comes again (2 + its number).
    well_formed = _plain_rows_edited(path, b"\x01\x03Ng1", b"\x01\x02h3")
    assert list(_unpack(well_formed)["san"]) == ["Nf3", "Nf6", "h3", "Ng8", "Nf3", "Nf6"]
    for old, new in [(b"\x01\x03Ng1", b"\x01\x03N\xc3\xa9"),   # not ASCII
                     (b"\x01\x03Ng8\x02", b"\x01\x03Ng8\x09"),  # Nf3 as number 7 of 4
                     (struct.pack("<Q", 6) + b"\x01\x03Nf3\x01\x03Nf6\x01\x03Ng1\x01\x03Ng8",
                      struct.pack("<Q", 5) + b"\x01\x03Nf3\x01\x03Nf6\x01\x03Ng1"),  # Ng8 gone
                     ]:
        with pytest.raises(ValueError, match="damaged"):
            _unpack(_plain_rows_edited(path, old, new))


def test_fens_given_as_moves_that_cannot_be_played_are_refused(tmp_path):
    """A FEN of the row before with a move played goes as the move's two bytes; one that moves
    nothing, the other side's piece or onto the mover's own piece is refused, where a move that
    can be played is played."""
    path = tmp_path / "open.pgn"
    path.write_text('[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 *\n')
    path = str(path)

    def move(origin, target):  # Move's bits: the target square, the origin's above it
        return struct.pack("<H", target | origin << 6)

    e7, e6, e5, a6, a5, g1, f3, b8, d7 = 52, 44, 36, 40, 32, 6, 21, 57, 51
    black_move = b"\x06" + move(e7, e5)  # the second row: 1... e5 after the start FEN of 1. e4
    other = tmp_path / "other.pgn"
    other.write_text('[Result "*"]\n\n1. e4 e6 *\n')
    played = _plain_rows_edited(path, black_move, b"\x06" + move(e7, e6), column="fen")
    assert _unpack(played)["fen"][1] == fenkit.replay(str(other), columns=["fen"])["fen"][1]
    for origin, target in [(a6, a5), (g1, f3), (b8, d7)]:
        with pytest.raises(ValueError, match="damaged"):
            _unpack(_plain_rows_edited(path, black_move, b"\x06" + move(origin, target),
                                       column="fen"))


def test_an_unpacker_takes_parts_until_it_makes_the_columns():
    data, _ = packed_replay(SUITE)
    unpacker = _fenkit._RowUnpacker()
    with pytest.raises(ValueError, match="no packed rows"):
        unpacker.columns()
    rows = fenkit.replay(SUITE).rows
    assert unpacker.add(data) == unpacker.add(data) == rows > 0
    columns = unpacker.columns()
    assert len(columns["fen"]) == 2 * rows
    for call in (lambda: unpacker.add(data), unpacker.columns):
        with pytest.raises(ValueError, match="already made"):
            call()
    # A first part refused for its header leaves the unpacker as it was.
    tagged, _ = packed_replay(SUITE, tags=["White", "Event"])
    bad = tagged.copy()
    at = bytes(bad).index(b"Event") + len(b"Event") + 1  # past the name and its source
    bad[at:at + 8] = np.frombuffer((7).to_bytes(8, "little"), dtype=np.uint8)
    fresh = _fenkit._RowUnpacker()
    with pytest.raises(ValueError, match="damaged"):
        fresh.add(bad)
    assert fresh.add(tagged) == rows
    assert list(fresh.columns()["Event"]) == list(fenkit.replay(SUITE, tags=["Event"])["Event"])
    broken = _fenkit._RowUnpacker()
    broken.add(data)
    with pytest.raises(ValueError, match="damaged"):
        broken.add(data[: len(data) - 3])
    with pytest.raises(ValueError, match="could not be unpacked"):
        broken.columns()


def test_partitions_in_pieces_have_the_rows_and_counts_of_their_pieces(big_pgn):
    """A partition brought in pieces (as compute() asks the workers for them) makes the frame
    and the counts of the partition replayed whole."""
    whole = fenkit.replay_frame(big_pgn, tags=["White"], warnings=True)
    made = PackedFrame()
    offset = 0
    for i, piece in enumerate(fenkit.byte_ranges(big_pgn, 4)):
        made.add(packed_replay(big_pgn, range=piece, game_offset=offset, first_line=1 if i == 0
                               else None, tags=["White"], warnings=True), piece_of_last=i > 0)
        offset += fenkit.count_games(big_pgn, piece)
    frame = made.frame()
    pd.testing.assert_frame_equal(frame, whole)
    assert frame.attrs == whole.attrs and frame.attrs["games"] == offset
