"""Squares and sets of squares as 64-bit masks, with python-chess's names and meanings.

A bitboard is a Python int with bit n set for square n (A1 = bit 0, H1 = bit 7, H8 = bit 63).
The constants (BB_*), the bit functions (lsb, scan_forward, flip_*, shift_*), the distances,
ray and between, and SquareSet behave as python-chess 1.11's do for every square and every
64-bit mask; the tables are built from file, rank and diagonal lines with whole-board bit
operations, at import (a couple of milliseconds).

BB_DIAG_ATTACKS, BB_FILE_ATTACKS and BB_RANK_ATTACKS (a dict per square from an occupancy of
its BB_*_MASKS entry to the squares a slider reaches) are built on first use: some ten thousand
entries, too slow to build at every import for the few programs that read them.
"""

from __future__ import annotations

import sys
from itertools import chain
from typing import Callable, Dict, Iterable, Iterator, List, SupportsInt, Union, cast

_BIT_COUNT = sys.version_info >= (3, 10)  # int.bit_count, the fastest count of a mask

__all__ = [
    "Square", "Bitboard", "IntoSquareSet", "SQUARES_180",
    "BB_EMPTY", "BB_ALL", "BB_SQUARES",
    "BB_A1", "BB_B1", "BB_C1", "BB_D1", "BB_E1", "BB_F1", "BB_G1", "BB_H1",
    "BB_A2", "BB_B2", "BB_C2", "BB_D2", "BB_E2", "BB_F2", "BB_G2", "BB_H2",
    "BB_A3", "BB_B3", "BB_C3", "BB_D3", "BB_E3", "BB_F3", "BB_G3", "BB_H3",
    "BB_A4", "BB_B4", "BB_C4", "BB_D4", "BB_E4", "BB_F4", "BB_G4", "BB_H4",
    "BB_A5", "BB_B5", "BB_C5", "BB_D5", "BB_E5", "BB_F5", "BB_G5", "BB_H5",
    "BB_A6", "BB_B6", "BB_C6", "BB_D6", "BB_E6", "BB_F6", "BB_G6", "BB_H6",
    "BB_A7", "BB_B7", "BB_C7", "BB_D7", "BB_E7", "BB_F7", "BB_G7", "BB_H7",
    "BB_A8", "BB_B8", "BB_C8", "BB_D8", "BB_E8", "BB_F8", "BB_G8", "BB_H8",
    "BB_CORNERS", "BB_CENTER", "BB_LIGHT_SQUARES", "BB_DARK_SQUARES",
    "BB_FILE_A", "BB_FILE_B", "BB_FILE_C", "BB_FILE_D",
    "BB_FILE_E", "BB_FILE_F", "BB_FILE_G", "BB_FILE_H", "BB_FILES",
    "BB_RANK_1", "BB_RANK_2", "BB_RANK_3", "BB_RANK_4",
    "BB_RANK_5", "BB_RANK_6", "BB_RANK_7", "BB_RANK_8", "BB_RANKS", "BB_BACKRANKS",
    "BB_KNIGHT_ATTACKS", "BB_KING_ATTACKS", "BB_PAWN_ATTACKS",
    "BB_DIAG_MASKS", "BB_FILE_MASKS", "BB_RANK_MASKS", "BB_RAYS",
    "lsb", "msb", "scan_forward", "scan_reversed", "popcount",
    "flip_vertical", "flip_horizontal", "flip_diagonal", "flip_anti_diagonal",
    "shift_down", "shift_2_down", "shift_up", "shift_2_up", "shift_right", "shift_2_right",
    "shift_left", "shift_2_left", "shift_up_left", "shift_up_right", "shift_down_left",
    "shift_down_right",
    "square_distance", "square_manhattan_distance", "square_knight_distance",
    "ray", "between", "SquareSet",
]

# The type names python-chess's annotations use.
Square = int
Bitboard = int
IntoSquareSet = Union[SupportsInt, Iterable[Square]]

SQUARES_180: List[Square] = [sq ^ 0x38 for sq in range(64)]

BB_EMPTY: Bitboard = 0
BB_ALL: Bitboard = 0xFFFF_FFFF_FFFF_FFFF
BB_SQUARES: List[Bitboard] = [1 << sq for sq in range(64)]
(BB_A1, BB_B1, BB_C1, BB_D1, BB_E1, BB_F1, BB_G1, BB_H1,
 BB_A2, BB_B2, BB_C2, BB_D2, BB_E2, BB_F2, BB_G2, BB_H2,
 BB_A3, BB_B3, BB_C3, BB_D3, BB_E3, BB_F3, BB_G3, BB_H3,
 BB_A4, BB_B4, BB_C4, BB_D4, BB_E4, BB_F4, BB_G4, BB_H4,
 BB_A5, BB_B5, BB_C5, BB_D5, BB_E5, BB_F5, BB_G5, BB_H5,
 BB_A6, BB_B6, BB_C6, BB_D6, BB_E6, BB_F6, BB_G6, BB_H6,
 BB_A7, BB_B7, BB_C7, BB_D7, BB_E7, BB_F7, BB_G7, BB_H7,
 BB_A8, BB_B8, BB_C8, BB_D8, BB_E8, BB_F8, BB_G8, BB_H8) = BB_SQUARES

BB_CORNERS: Bitboard = BB_A1 | BB_H1 | BB_A8 | BB_H8
BB_CENTER: Bitboard = BB_D4 | BB_E4 | BB_D5 | BB_E5

# a1 is dark, and colours alternate along ranks and files: light where file + rank is odd.
BB_LIGHT_SQUARES: Bitboard = 0x55AA_55AA_55AA_55AA
BB_DARK_SQUARES: Bitboard = BB_ALL ^ BB_LIGHT_SQUARES

BB_FILES: List[Bitboard] = [0x0101_0101_0101_0101 << f for f in range(8)]
BB_FILE_A, BB_FILE_B, BB_FILE_C, BB_FILE_D, BB_FILE_E, BB_FILE_F, BB_FILE_G, BB_FILE_H = BB_FILES
BB_RANKS: List[Bitboard] = [0xFF << (8 * r) for r in range(8)]
BB_RANK_1, BB_RANK_2, BB_RANK_3, BB_RANK_4, BB_RANK_5, BB_RANK_6, BB_RANK_7, BB_RANK_8 = BB_RANKS
BB_BACKRANKS: Bitboard = BB_RANK_1 | BB_RANK_8


# Bits


def lsb(bb: Bitboard) -> int:
    """The lowest square of a mask (-1 for an empty one)."""
    return (bb & -bb).bit_length() - 1


def msb(bb: Bitboard) -> int:
    """The highest square of a mask (-1 for an empty one)."""
    return bb.bit_length() - 1


def scan_forward(bb: Bitboard) -> Iterator[Square]:
    """The squares of a mask, lowest first."""
    while bb:
        low = bb & -bb
        yield low.bit_length() - 1
        bb ^= low


def scan_reversed(bb: Bitboard) -> Iterator[Square]:
    """The squares of a mask, highest first."""
    while bb:
        sq = bb.bit_length() - 1
        yield sq
        bb ^= 1 << sq


popcount: Callable[[Bitboard], int]
if sys.version_info >= (3, 10):
    popcount = int.bit_count
else:  # pragma: no cover  (Python 3.9 has no int.bit_count)
    def popcount(bb: Bitboard) -> int:
        """The number of squares in a mask."""
        return bin(bb).count("1")


# Flips. A mask's eight bytes are its eight ranks (rank 1 the lowest byte), and each byte's bits
# its files (file a the lowest bit): byte order is the vertical, bit order in a byte the
# horizontal, so those flips are C-level byte work rather than shifts in Python.

_REVERSED_BYTE = bytes(int(f"{byte:08b}"[::-1], 2) for byte in range(256))


def flip_vertical(bb: Bitboard) -> Bitboard:
    """The mask mirrored top to bottom (a1 to a8)."""
    return int.from_bytes((int(bb) & BB_ALL).to_bytes(8, "little"), "big")


def flip_horizontal(bb: Bitboard) -> Bitboard:
    """The mask mirrored left to right (a1 to h1)."""
    return int.from_bytes((int(bb) & BB_ALL).to_bytes(8, "little").translate(_REVERSED_BYTE), "little")


def flip_diagonal(bb: Bitboard) -> Bitboard:
    """The mask mirrored about the a1-h8 diagonal (b1 to a2): files become ranks.

    Transposed block by block, smallest first: each step swaps the lower-right and upper-left
    quarters of every block (1x1 quarters of 2x2 blocks, 7 bits apart; then 2x2 ones, 14 apart;
    then 4x4 ones, 28 apart).
    """
    bb = int(bb)  # (a SquareSet given is not changed by the steps below)
    t = (bb ^ (bb >> 7)) & 0x00AA_00AA_00AA_00AA
    bb ^= t ^ (t << 7)
    t = (bb ^ (bb >> 14)) & 0x0000_CCCC_0000_CCCC
    bb ^= t ^ (t << 14)
    t = (bb ^ (bb >> 28)) & 0x0000_0000_F0F0_F0F0
    return (bb ^ t ^ (t << 28)) & BB_ALL


def flip_anti_diagonal(bb: Bitboard) -> Bitboard:
    """The mask mirrored about the a8-h1 diagonal (a1 to h8, g1 to h7).

    As flip_diagonal, but each step swaps the lower-left and upper-right quarters of every
    block (9, 18 and 36 bits apart).
    """
    bb = int(bb)  # (a SquareSet given is not changed by the steps below)
    t = (bb ^ (bb >> 9)) & 0x0055_0055_0055_0055
    bb ^= t ^ (t << 9)
    t = (bb ^ (bb >> 18)) & 0x0000_3333_0000_3333
    bb ^= t ^ (t << 18)
    t = (bb ^ (bb >> 36)) & 0x0000_0000_0F0F_0F0F
    return (bb ^ t ^ (t << 36)) & BB_ALL


# Shifts. A step that leaves the board loses the square; one across the a/h edge would wrap
# onto the next rank, so the files it would land on from there are cleared.

_NOT_FILE_A = BB_ALL ^ BB_FILE_A
_NOT_FILE_H = BB_ALL ^ BB_FILE_H
_NOT_FILES_AB = BB_ALL ^ BB_FILE_A ^ BB_FILE_B
_NOT_FILES_GH = BB_ALL ^ BB_FILE_G ^ BB_FILE_H


def shift_down(b: Bitboard) -> Bitboard:
    return b >> 8


def shift_2_down(b: Bitboard) -> Bitboard:
    return b >> 16


def shift_up(b: Bitboard) -> Bitboard:
    return (b << 8) & BB_ALL


def shift_2_up(b: Bitboard) -> Bitboard:
    return (b << 16) & BB_ALL


def shift_right(b: Bitboard) -> Bitboard:
    return (b << 1) & _NOT_FILE_A


def shift_2_right(b: Bitboard) -> Bitboard:
    return (b << 2) & _NOT_FILES_AB


def shift_left(b: Bitboard) -> Bitboard:
    return (b >> 1) & _NOT_FILE_H


def shift_2_left(b: Bitboard) -> Bitboard:
    return (b >> 2) & _NOT_FILES_GH


def shift_up_left(b: Bitboard) -> Bitboard:
    return (b << 7) & _NOT_FILE_H


def shift_up_right(b: Bitboard) -> Bitboard:
    return (b << 9) & _NOT_FILE_A


def shift_down_left(b: Bitboard) -> Bitboard:
    return (b >> 9) & _NOT_FILE_H


def shift_down_right(b: Bitboard) -> Bitboard:
    return (b >> 7) & _NOT_FILE_A


# Step attacks: every square of a mask moved at once.


def _knight_targets(bb: Bitboard) -> Bitboard:
    """The squares a knight reaches from any square of bb."""
    return (((bb << 17 | bb >> 15) & _NOT_FILE_A) | ((bb << 15 | bb >> 17) & _NOT_FILE_H)
            | ((bb << 10 | bb >> 6) & _NOT_FILES_AB) | ((bb << 6 | bb >> 10) & _NOT_FILES_GH))


def _king_targets(bb: Bitboard) -> Bitboard:
    """The squares a king reaches from any square of bb."""
    row = bb | shift_left(bb) | shift_right(bb)
    return (row | (row << 8 & BB_ALL) | row >> 8) ^ bb


BB_KNIGHT_ATTACKS: List[Bitboard] = [_knight_targets(bb) for bb in BB_SQUARES]
BB_KING_ATTACKS: List[Bitboard] = [_king_targets(bb) for bb in BB_SQUARES]
# Indexed by colour: BLACK (False, 0) captures downwards, WHITE (True, 1) upwards.
BB_PAWN_ATTACKS: List[List[Bitboard]] = [
    [shift_down_left(bb) | shift_down_right(bb) for bb in BB_SQUARES],
    [shift_up_left(bb) | shift_up_right(bb) for bb in BB_SQUARES],
]


# Lines: the file, the rank, the diagonal (a1-h8 direction) and the anti-diagonal (a8-h1
# direction) through each square, edge to edge.

_MAIN_DIAGONAL = 0x8040_2010_0804_0201  # a1-h8
_MAIN_ANTI_DIAGONAL = 0x0102_0408_1020_4080  # a8-h1
# Diagonal k holds the squares with rank - file == k - 7; anti-diagonal k those with
# rank + file == k.
_DIAGONALS = [(_MAIN_DIAGONAL << 8 * (k - 7)) & BB_ALL if k >= 7 else _MAIN_DIAGONAL >> 8 * (7 - k)
              for k in range(15)]
_ANTI_DIAGONALS = [(_MAIN_ANTI_DIAGONAL << 8 * (k - 7)) & BB_ALL if k >= 7
                   else _MAIN_ANTI_DIAGONAL >> 8 * (7 - k) for k in range(15)]
_FILE_LINE = [BB_FILES[sq & 7] for sq in range(64)]
_RANK_LINE = [BB_RANKS[sq >> 3] for sq in range(64)]
_DIAG_LINE = [_DIAGONALS[(sq >> 3) - (sq & 7) + 7] for sq in range(64)]
_ANTI_LINE = [_ANTI_DIAGONALS[(sq >> 3) + (sq & 7)] for sq in range(64)]

# What a slider's first move along a line can block: the line without its two end squares
# (which stop nothing further on) and without the slider's square. A diagonal meets the board's
# edge only at its ends, so for diagonals that is the line without the edge ring.
_RING = BB_FILE_A | BB_FILE_H | BB_RANK_1 | BB_RANK_8
BB_DIAG_MASKS: List[Bitboard] = [(_DIAG_LINE[sq] | _ANTI_LINE[sq]) & ~_RING & ~(1 << sq)
                                 for sq in range(64)]
BB_FILE_MASKS: List[Bitboard] = [_FILE_LINE[sq] & ~(BB_RANK_1 | BB_RANK_8) & ~(1 << sq)
                                 for sq in range(64)]
BB_RANK_MASKS: List[Bitboard] = [_RANK_LINE[sq] & ~(BB_FILE_A | BB_FILE_H) & ~(1 << sq)
                                 for sq in range(64)]


def _rays_and_betweens() -> tuple[List[List[Bitboard]], List[List[Bitboard]]]:
    rays = [[0] * 64 for _ in range(64)]
    betweens = [[0] * 64 for _ in range(64)]
    for a in range(64):
        ray_row, between_row = rays[a], betweens[a]
        for line in (_FILE_LINE[a], _RANK_LINE[a], _DIAG_LINE[a], _ANTI_LINE[a]):
            for b in scan_forward(line & ~(1 << a)):
                ray_row[b] = line
                # The squares of the line whose numbers lie strictly between a's and b's.
                low, high = min(a, b), max(a, b)
                between_row[b] = line & ((1 << high) - (2 << low))
    return rays, betweens


BB_RAYS, _BETWEEN = _rays_and_betweens()


def ray(a: Square, b: Square) -> Bitboard:
    """The whole file, rank or diagonal through a and b, edge to edge; empty if they are not on
    one (or are the same square)."""
    return BB_RAYS[a][b]


def between(a: Square, b: Square) -> Bitboard:
    """The squares strictly between a and b on their file, rank or diagonal; empty if they are not
    on one."""
    return _BETWEEN[a][b]


# Distances


def square_distance(a: Square, b: Square) -> int:
    """King moves from a to b (the larger of the file and rank differences)."""
    return max(abs((a & 7) - (b & 7)), abs((a >> 3) - (b >> 3)))


def square_manhattan_distance(a: Square, b: Square) -> int:
    """Rook steps of one square from a to b (the file difference plus the rank difference)."""
    return abs((a & 7) - (b & 7)) + abs((a >> 3) - (b >> 3))


def _knight_distances() -> bytes:
    """Knight moves between each pair of squares (index a * 64 + b), by breadth-first search
    from each square, a whole ring of squares per step."""
    table = bytearray(64 * 64)
    for a in range(64):
        reached = frontier = 1 << a
        moves = 0
        while frontier:
            for b in scan_forward(frontier):
                table[a * 64 + b] = moves
            frontier = _knight_targets(frontier) & ~reached
            reached |= frontier
            moves += 1
    return bytes(table)


_KNIGHT_DISTANCE = _knight_distances()


def square_knight_distance(a: Square, b: Square) -> int:
    """Knight moves from a to b on the 8x8 board."""
    return _KNIGHT_DISTANCE[a * 64 + b]


# Slider attack tables, built on first use (see the module's documentation).

BB_DIAG_ATTACKS: List[Dict[Bitboard, Bitboard]]
BB_FILE_ATTACKS: List[Dict[Bitboard, Bitboard]]
BB_RANK_ATTACKS: List[Dict[Bitboard, Bitboard]]


def _carry_rippler(mask: Bitboard) -> Iterator[Bitboard]:
    """Every subset of mask, the empty one first: subtracting mask and keeping mask's bits counts
    upwards in the bits of mask alone."""
    subset = 0
    while True:
        yield subset
        subset = (subset - mask) & mask
        if not subset:
            return


def _line_attacks(sq: Square, line: Bitboard, occupied: Bitboard) -> Bitboard:
    """The squares of line a slider on sq reaches, up to and including the first occupied square
    each way."""
    upper = line & ~((2 << sq) - 1)  # squares numbered above sq
    blockers = upper & occupied
    if blockers:
        upper &= ((blockers & -blockers) << 1) - 1  # through the lowest blocker
    lower = line & ((1 << sq) - 1)
    blockers = lower & occupied
    if blockers:
        lower &= -(1 << (blockers.bit_length() - 1))  # from the highest blocker
    return upper | lower


def _attack_table(masks: List[Bitboard],
                  lines: List[List[Bitboard]]) -> List[Dict[Bitboard, Bitboard]]:
    table: List[Dict[Bitboard, Bitboard]] = []
    for sq in range(64):
        sq_lines = [line[sq] for line in lines]
        table.append({occupied: _sum_attacks(sq, sq_lines, occupied)
                      for occupied in _carry_rippler(masks[sq])})
    return table


def _sum_attacks(sq: Square, sq_lines: List[Bitboard], occupied: Bitboard) -> Bitboard:
    attacks = 0
    for line in sq_lines:
        attacks |= _line_attacks(sq, line, occupied)
    return attacks


_LAZY_TABLES: Dict[str, Callable[[], List[Dict[Bitboard, Bitboard]]]] = {
    "BB_DIAG_ATTACKS": lambda: _attack_table(BB_DIAG_MASKS, [_DIAG_LINE, _ANTI_LINE]),
    "BB_FILE_ATTACKS": lambda: _attack_table(BB_FILE_MASKS, [_FILE_LINE]),
    "BB_RANK_ATTACKS": lambda: _attack_table(BB_RANK_MASKS, [_RANK_LINE]),
}


def __getattr__(name: str) -> List[Dict[Bitboard, Bitboard]]:
    build = _LAZY_TABLES.get(name)
    if build is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    table = build()
    globals()[name] = table  # later reads find the module attribute and skip __getattr__
    return table


# SquareSet

# Each rank byte's eight squares, file a first: as bools for tolist, as "1 . . . . . . 1" for
# __str__.
_BYTE_BOOLS = [tuple(byte >> f & 1 == 1 for f in range(8)) for byte in range(256)]
_RANK_TEXT = [" ".join("1" if bit else "." for bit in bools) for bools in _BYTE_BOOLS]


def _mask_of(squares: object) -> Bitboard:
    """The mask of what SquareSet() takes: an int or anything with __int__ (masked to 64 bits),
    or an iterable of squares. Raises what SquareSet() raises: TypeError for neither, IndexError
    for a square number out of range."""
    if type(squares) is SquareSet:
        return squares.mask
    if type(squares) is int:
        return squares & BB_ALL
    to_int = getattr(squares, "__int__", None)
    if to_int is not None:
        mask: int = to_int()
        return mask & BB_ALL
    mask = 0
    for sq in cast(Iterable[Square], squares):
        mask |= BB_SQUARES[sq]
    return mask


# Results are made without __init__, which would only check again what is known.
_new = object.__new__


class SquareSet:
    """A set of squares, kept as a 64-bit mask (bit n for square n), iterated from a1 to h8.

    SquareSet(mask) takes an int (or anything with __int__, including a SquareSet), of which the
    low 64 bits are kept; SquareSet(squares) takes an iterable of square numbers. Set operations
    and the operators & | ^ - take either form too. It is mutable, and so, as a set, not hashable.
    """

    __slots__ = ("mask",)

    mask: Bitboard

    def __init__(self, squares: IntoSquareSet = BB_EMPTY) -> None:
        if type(squares) is int:  # the common case, without a call
            self.mask = squares & BB_ALL
        else:
            self.mask = _mask_of(squares)

    # Set

    def __contains__(self, square: Square) -> bool:
        return bool(BB_SQUARES[square] & self.mask)

    def __iter__(self) -> Iterator[Square]:
        return scan_forward(self.mask)

    def __reversed__(self) -> Iterator[Square]:
        return scan_reversed(self.mask)

    def __len__(self) -> int:
        return self.mask.bit_count() if _BIT_COUNT else popcount(self.mask)

    def __bool__(self) -> bool:
        return bool(self.mask)

    def __int__(self) -> int:
        return self.mask

    def __index__(self) -> int:
        return self.mask

    # MutableSet

    def add(self, square: Square) -> None:
        """Adds a square."""
        self.mask |= BB_SQUARES[square]

    def discard(self, square: Square) -> None:
        """Takes a square out, if it is in."""
        self.mask &= ~BB_SQUARES[square]

    def remove(self, square: Square) -> None:
        """Takes a square out; KeyError if it is not in."""
        bit = BB_SQUARES[square]
        if not self.mask & bit:
            raise KeyError(square)
        self.mask ^= bit

    def pop(self) -> Square:
        """Takes out and returns the lowest square; KeyError if the set is empty."""
        mask = self.mask
        if not mask:
            raise KeyError("pop from empty SquareSet")
        low = mask & -mask
        self.mask = mask ^ low
        return low.bit_length() - 1

    def clear(self) -> None:
        """Takes every square out."""
        self.mask = BB_EMPTY

    # Comparisons: equal to an int, SquareSet or iterable of the same squares. <= < >= > are
    # subset and superset as for Python's sets (python-chess 1.11 has none of the four, and
    # raises TypeError for them).

    def __eq__(self, other: object) -> bool:
        try:
            return self.mask == _mask_of(other)
        except (TypeError, ValueError):
            return NotImplemented

    # A mutable set has no hash (defining __eq__ already says so; spelled out for readers).
    __hash__ = None  # type: ignore[assignment]

    def __le__(self, other: IntoSquareSet) -> bool:
        try:
            return not self.mask & ~_mask_of(other)
        except (TypeError, ValueError):
            return NotImplemented

    def __ge__(self, other: IntoSquareSet) -> bool:
        try:
            return not _mask_of(other) & ~self.mask
        except (TypeError, ValueError):
            return NotImplemented

    def __lt__(self, other: IntoSquareSet) -> bool:
        try:
            mask = _mask_of(other)
        except (TypeError, ValueError):
            return NotImplemented
        return self.mask != mask and not self.mask & ~mask

    def __gt__(self, other: IntoSquareSet) -> bool:
        try:
            mask = _mask_of(other)
        except (TypeError, ValueError):
            return NotImplemented
        return self.mask != mask and not mask & ~self.mask

    def isdisjoint(self, other: IntoSquareSet) -> bool:
        """True if no square is in both."""
        return not self.mask & _mask_of(other)

    def issubset(self, other: IntoSquareSet) -> bool:
        """True if every square of this set is in other."""
        return not self.mask & ~_mask_of(other)

    def issuperset(self, other: IntoSquareSet) -> bool:
        """True if every square of other is in this set."""
        return not _mask_of(other) & ~self.mask

    # New sets (always SquareSet, also from a subclass's, as python-chess makes them)

    def __or__(self, other: IntoSquareSet) -> SquareSet:
        result = _new(SquareSet)
        result.mask = self.mask | (other.mask if type(other) is SquareSet else _mask_of(other))
        return result

    def __and__(self, other: IntoSquareSet) -> SquareSet:
        result = _new(SquareSet)
        result.mask = self.mask & (other.mask if type(other) is SquareSet else _mask_of(other))
        return result

    def __sub__(self, other: IntoSquareSet) -> SquareSet:
        result = _new(SquareSet)
        result.mask = self.mask & ~(other.mask if type(other) is SquareSet else _mask_of(other))
        return result

    def __xor__(self, other: IntoSquareSet) -> SquareSet:
        result = _new(SquareSet)
        result.mask = self.mask ^ (other.mask if type(other) is SquareSet else _mask_of(other))
        return result

    union = __or__
    intersection = __and__
    difference = __sub__
    symmetric_difference = __xor__

    def copy(self) -> SquareSet:
        result = _new(SquareSet)
        result.mask = self.mask
        return result

    def __invert__(self) -> SquareSet:
        result = _new(SquareSet)
        result.mask = self.mask ^ BB_ALL
        return result

    def __lshift__(self, shift: int) -> SquareSet:
        result = _new(SquareSet)
        result.mask = (self.mask << shift) & BB_ALL
        return result

    def __rshift__(self, shift: int) -> SquareSet:
        result = _new(SquareSet)
        result.mask = self.mask >> shift
        return result

    # In place

    def update(self, *others: IntoSquareSet) -> None:
        """Adds the squares of each of others."""
        for other in others:
            self.mask |= _mask_of(other)

    def intersection_update(self, *others: IntoSquareSet) -> None:
        """Keeps the squares that are in each of others."""
        for other in others:
            self.mask &= _mask_of(other)

    def difference_update(self, other: IntoSquareSet) -> None:
        """Takes out the squares of other."""
        self.mask &= ~_mask_of(other)

    def symmetric_difference_update(self, other: IntoSquareSet) -> None:
        """Keeps the squares in exactly one of this set and other."""
        self.mask ^= _mask_of(other)

    def __ior__(self, other: IntoSquareSet) -> SquareSet:
        self.mask |= _mask_of(other)
        return self

    def __iand__(self, other: IntoSquareSet) -> SquareSet:
        self.mask &= _mask_of(other)
        return self

    def __isub__(self, other: IntoSquareSet) -> SquareSet:
        self.mask &= ~_mask_of(other)
        return self

    def __ixor__(self, other: IntoSquareSet) -> SquareSet:
        self.mask ^= _mask_of(other)
        return self

    def __ilshift__(self, shift: int) -> SquareSet:
        self.mask = (self.mask << shift) & BB_ALL
        return self

    def __irshift__(self, shift: int) -> SquareSet:
        self.mask >>= shift
        return self

    # Other forms

    def carry_rippler(self) -> Iterator[Bitboard]:
        """Every subset of this set, as masks, the empty one first."""
        return _carry_rippler(self.mask)

    def mirror(self) -> SquareSet:
        """The set mirrored top to bottom (a1 to a8)."""
        return SquareSet(flip_vertical(self.mask))

    def tolist(self) -> List[bool]:
        """64 bools, a1 first: True where the square is in the set."""
        return list(chain.from_iterable(map(_BYTE_BOOLS.__getitem__,
                                            self.mask.to_bytes(8, "little"))))

    def __repr__(self) -> str:
        return f"SquareSet({self.mask:#021_x})"

    def __str__(self) -> str:
        """The board, rank 8 first: "1" for a square in the set, "." for one not."""
        mask = self.mask
        return "\n".join(_RANK_TEXT[mask >> shift & 0xFF] for shift in range(56, -8, -8))

    @classmethod
    def ray(cls, a: Square, b: Square) -> SquareSet:
        """The whole file, rank or diagonal through a and b (see ray())."""
        return cls(BB_RAYS[a][b])

    @classmethod
    def between(cls, a: Square, b: Square) -> SquareSet:
        """The squares strictly between a and b (see between())."""
        return cls(_BETWEEN[a][b])

    @classmethod
    def from_square(cls, square: Square) -> SquareSet:
        """The set of one square."""
        return cls(BB_SQUARES[square])
