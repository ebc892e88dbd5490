"""Polyglot opening books (.bin) with python-chess's ``chess.polyglot`` names and meanings.

A book is a file of 16-byte big-endian records (key u64, move u16, weight u16, learn u32),
sorted by key; the key is the Polyglot Zobrist hash of a position (``Position.polyglot_key``).
``open_reader(path)`` maps a book to memory and finds a position's entries by binary search::

    with fenkit.polyglot.open_reader("book.bin") as reader:
        for entry in reader.find_all(board):
            print(entry.move, entry.weight, entry.learn)

Given a position, the entries' moves are the board's moves (castling, stored by Polyglot as the
king taking its rook, becomes e1g1 and the like on a standard board), and entries whose move is
not legal there (key collisions, broken books) are left out; given a key (an int), the entries
are as stored. ``POLYGLOT_RANDOM_ARRAY`` is the format's table of 781 numbers (libfen's).
"""

from __future__ import annotations

import functools
import mmap
import operator
import os
import random as _random
import struct
from types import TracebackType
from typing import (Callable, Container, Iterator, List, NamedTuple, Optional, Sequence,
                    Tuple, Type, Union, cast)

from ._chess import A1, A8, C1, C8, E1, E8, G1, G8, H1, H8, KING, PAWN, Move, square_file
from . import _fenkit
from ._fenkit import Position

__all__ = [
    "ENTRY_STRUCT", "POLYGLOT_RANDOM_ARRAY", "Entry", "MemoryMappedReader", "ZobristHasher",
    "open_reader", "zobrist_hash",
]

StrOrBytesPath = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]

ENTRY_STRUCT = struct.Struct(">QHHI")
"""One book entry: key, move, weight, learn (big-endian)."""

_KEY_STRUCT = struct.Struct(">Q")

# The 781 numbers of the Polyglot format: 64 per kind of piece (black pawn, white pawn, black
# knight, ..., white king) and square (a1 = 0), then the four castling rights (white short,
# white long, black short, black long), the eight en-passant files and the side to move. Built
# on first use by the module's __getattr__ (below).


# ------------------------------------------------------------------------------ Zobrist keys

def zobrist_hash(board: Position, *,
                 _hasher: Optional[Callable[[Position], int]] = None) -> int:
    """The Polyglot key of a position: the key its entries have in a book."""
    if _hasher is not None:
        return _hasher(board)
    return board.polyglot_key()


class ZobristHasher:
    """A Zobrist hash as Polyglot computes it, with a table of 781 numbers of one's own.

    With POLYGLOT_RANDOM_ARRAY it gives Position.polyglot_key() (which is much faster); the
    parts are there to hash only some features of a position.
    """

    def __init__(self, array: Sequence[int]) -> None:
        if len(array) < 781:
            raise ValueError(f"a Zobrist table needs 781 numbers, not {len(array)}")
        self.array = array

    def hash_board(self, board: Position) -> int:
        """The pieces' part."""
        key = 0
        for square, piece in board.piece_map().items():
            key ^= self.array[64 * _piece_kind(piece.piece_type, piece.color) + square]
        return key

    def hash_castling(self, board: Position) -> int:
        """The castling rights' part."""
        key = 0
        rights = (board.has_kingside_castling_rights(True),
                  board.has_queenside_castling_rights(True),
                  board.has_kingside_castling_rights(False),
                  board.has_queenside_castling_rights(False))
        for offset, right in enumerate(rights):
            if right:
                key ^= self.array[768 + offset]
        return key

    def hash_ep_square(self, board: Position) -> int:
        """The en-passant file, hashed when a pawn of the side to move stands next to the pawn
        that has just made its double step (whether or not the capture would be legal: so the
        format has it)."""
        ep_square = board.ep_square
        if ep_square is None:
            return 0
        passed = ep_square - 8 if board.turn else ep_square + 8  # the pawn that can be taken
        pawns = board.pieces_mask(PAWN, board.turn)
        file = square_file(ep_square)
        for side in (-1, 1):
            if 0 <= file + side < 8 and pawns >> (passed + side) & 1:
                return self.array[772 + file]
        return 0

    def hash_turn(self, board: Position) -> int:
        """The side to move's part: a number when White is to move."""
        return self.array[780] if board.turn else 0

    def __call__(self, board: Position) -> int:
        return (self.hash_board(board) ^ self.hash_castling(board) ^ self.hash_ep_square(board)
                ^ self.hash_turn(board))


def _piece_kind(piece_type: int, color: bool) -> int:
    """The piece's place in the table: black pawn 0, white pawn 1, black knight 2, ..."""
    return 2 * (piece_type - 1) + (1 if color else 0)


POLYGLOT_RANDOM_ARRAY: List[int] = _fenkit._polyglot_random64()


# ------------------------------------------------------------------------------ Books

class Entry(NamedTuple):
    """An entry of a Polyglot book."""

    key: int  # the Polyglot key of the position
    raw_move: int  # the move as the book codes it (use `move`)
    weight: int  # how much the move is to be played, relative to the position's other entries
    learn: int  # what the book's maker put there (often 0; some books count games)
    move: Move  # the move: castling as on the board probed, see MemoryMappedReader.find_all


@functools.lru_cache(maxsize=None)
def _decode(raw_move: int) -> Move:
    """The move a book's code stands for, as python-chess reads it: bits 0-5 the target square,
    6-11 the origin, 12-14 the promotion (1 knight .. 4 queen, one less than the piece type).
    A move onto its own square is read as a drop of that piece type (no chess move is)."""
    to_square = raw_move & 0x3F
    from_square = raw_move >> 6 & 0x3F
    piece = raw_move >> 12 & 0x7
    piece_type = piece + 1 if piece else None
    if from_square == to_square:
        return Move(from_square, to_square, None, piece_type)
    return Move(from_square, to_square, piece_type)


# Polyglot writes castling as the king taking its rook; a standard board plays it as e1g1.
_CASTLING = {(E1, H1): G1, (E1, A1): C1, (E8, H8): G8, (E8, A8): C8}


def _as_played(board: Position, move: Move) -> Move:
    """A book's move as the board plays it (castling to the g- or c-file outside Chess960)."""
    to_square = _CASTLING.get((move.from_square, move.to_square))
    if (to_square is None or board.chess960 or move.promotion or move.drop is not None
            or board.piece_type_at(move.from_square) != KING):
        return move
    return Move(move.from_square, to_square)


class MemoryMappedReader:
    """A Polyglot book mapped to memory: its entries by index, and a position's by key."""

    def __init__(self, filename: StrOrBytesPath) -> None:
        self._buffer: Union[mmap.mmap, bytes] = b""
        fd = os.open(filename, os.O_RDONLY | getattr(os, "O_BINARY", 0))
        try:
            try:
                self._buffer = mmap.mmap(fd, 0, access=mmap.ACCESS_READ)
            except (ValueError, OSError):
                pass  # an empty file cannot be mapped: a book without entries
        finally:
            os.close(fd)
        size = len(self._buffer)
        if size % ENTRY_STRUCT.size:
            self.close()
            raise OSError(f"{filename!r} is not a Polyglot book: its {size} bytes are not "
                          f"whole entries of {ENTRY_STRUCT.size}")
        self._count = size // ENTRY_STRUCT.size
        if isinstance(self._buffer, mmap.mmap) and hasattr(mmap, "MADV_RANDOM"):
            self._buffer.madvise(mmap.MADV_RANDOM)  # probes read a page here and there

    def __enter__(self) -> MemoryMappedReader:
        return self

    def __exit__(self, exc_type: Optional[Type[BaseException]],
                 exc_value: Optional[BaseException], traceback: Optional[TracebackType]) -> None:
        self.close()

    def close(self) -> None:
        """Unmaps the book; reading it afterwards raises ValueError."""
        if isinstance(self._buffer, mmap.mmap):
            self._buffer.close()

    def __len__(self) -> int:
        self._check_open()
        return self._count

    def __getitem__(self, index: int) -> Entry:
        """The entry at an index (negative ones count from the end), its move as stored."""
        position = operator.index(index)
        if position < 0:
            position += len(self)
        if not 0 <= position < len(self):
            raise IndexError(f"book entry {index} out of range ({len(self)} entries)")
        key, raw_move, weight, learn = ENTRY_STRUCT.unpack_from(self._buffer,
                                                                position * ENTRY_STRUCT.size)
        return Entry(key, raw_move, weight, learn, _decode(raw_move))

    def __iter__(self) -> Iterator[Entry]:
        """The entries in file order, their moves as stored."""
        self._check_open()
        for key, raw_move, weight, learn in ENTRY_STRUCT.iter_unpack(self._buffer):
            yield Entry(key, raw_move, weight, learn, _decode(raw_move))

    def __contains__(self, entry: object) -> bool:
        if not isinstance(entry, Entry):
            return False
        return any(current == entry for current in self.find_all(entry.key, minimum_weight=0))

    def bisect_key_left(self, key: int) -> int:
        """The index of the first entry whose key is not less than `key`."""
        low, high = 0, len(self)
        while low < high:
            middle = (low + high) // 2
            if _KEY_STRUCT.unpack_from(self._buffer, middle * ENTRY_STRUCT.size)[0] < key:
                low = middle + 1
            else:
                high = middle
        return low

    def find_all(self, board: Union[Position, int], *, minimum_weight: int = 1,
                 exclude_moves: Container[Move] = ()) -> Iterator[Entry]:
        """The entries of a position (or of a key), in the book's order.

        Entries lighter than `minimum_weight` are left out (weight 0 is the usual way to delete
        an entry without rewriting the book), and those whose move is in `exclude_moves`. Given
        a position, the moves are as the board plays them (castling as e1g1 outside Chess960,
        king takes rook in Chess960) and the entries whose move is not legal there are left
        out; given a key, the moves are as stored.
        """
        context, key = _position_and_key(board)
        for index in range(self.bisect_key_left(key), len(self)):
            entry_key, raw_move, weight, learn = ENTRY_STRUCT.unpack_from(
                self._buffer, index * ENTRY_STRUCT.size)
            if entry_key != key:
                break
            if weight < minimum_weight:
                continue
            move = _decode(raw_move)
            if context is not None:
                move = _as_played(context, move)
            if exclude_moves and move in exclude_moves:
                continue
            if context is not None and not context.is_legal(move):
                continue
            yield Entry(key, raw_move, weight, learn, move)

    def find(self, board: Union[Position, int], *, minimum_weight: int = 1,
             exclude_moves: Container[Move] = ()) -> Entry:
        """The main entry of a position: the first of the heaviest ones (see find_all).
        IndexError when there is none (get() gives None instead)."""
        best: Optional[Entry] = None
        for entry in self.find_all(board, minimum_weight=minimum_weight,
                                   exclude_moves=exclude_moves):
            if best is None or entry.weight > best.weight:
                best = entry
        if best is None:
            raise IndexError("no book entry for the position")
        return best

    def get(self, board: Union[Position, int], default: Optional[Entry] = None, *,
            minimum_weight: int = 1, exclude_moves: Container[Move] = ()) -> Optional[Entry]:
        """find(), or `default` when the book has no entry for the position."""
        try:
            return self.find(board, minimum_weight=minimum_weight, exclude_moves=exclude_moves)
        except IndexError:
            return default

    def choice(self, board: Union[Position, int], *, minimum_weight: int = 1,
               exclude_moves: Container[Move] = (),
               random: Optional[_random.Random] = None) -> Entry:
        """One of the position's entries (see find_all), each as likely as the others; drawn
        with `random` (or the random module). IndexError when there is none."""
        randint = _random.randint if random is None else random.randint
        chosen: Optional[Entry] = None
        # One pass, keeping the n-th entry with chance 1/n. The draws are python-chess's, so a
        # Random seeded alike picks the same entry.
        for index, entry in enumerate(self.find_all(board, minimum_weight=minimum_weight,
                                                    exclude_moves=exclude_moves)):
            if chosen is None or randint(0, index) == index:
                chosen = entry
        if chosen is None:
            raise IndexError("no book entry for the position")
        return chosen

    def weighted_choice(self, board: Union[Position, int], *,
                        exclude_moves: Container[Move] = (),
                        random: Optional[_random.Random] = None) -> Entry:
        """One of the position's entries (weight 1 or more, see find_all), as likely as its
        share of their weights; drawn with `random` (or the random module). IndexError when
        there is none."""
        entries = list(self.find_all(board, exclude_moves=exclude_moves))
        total = sum(entry.weight for entry in entries)
        if not total:
            raise IndexError("no book entry for the position")
        randint = _random.randint if random is None else random.randint
        draw = randint(0, total - 1)
        for entry in entries:
            draw -= entry.weight
            if draw < 0:
                return entry
        raise AssertionError("the draw is below the total weight")

    def _check_open(self) -> None:
        if isinstance(self._buffer, mmap.mmap) and self._buffer.closed:
            raise ValueError("the book is closed")


def _position_and_key(board: Union[Position, int]) -> Tuple[Optional[Position], int]:
    if isinstance(board, Position):
        return board, zobrist_hash(board)
    try:
        return None, int(board)  # as python-chess: whatever int() takes is a key
    except (TypeError, ValueError):
        # A position of another class, if it has polyglot_key().
        return cast(Position, board), zobrist_hash(cast(Position, board))


def open_reader(path: StrOrBytesPath) -> MemoryMappedReader:
    """Opens a Polyglot book (see MemoryMappedReader); use it in a ``with`` block, or close()
    it."""
    return MemoryMappedReader(path)
