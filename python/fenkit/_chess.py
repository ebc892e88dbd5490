"""Squares, colours, pieces, moves and game outcomes with python-chess's names and meanings.

Squares are numbered 0-63 from a1 (A1 = 0, B1 = 1, ..., H8 = 63), colours are booleans
(WHITE = True), piece types 1-6 (PAWN .. KING); a set of squares is a 64-bit mask, one bit per
square, as python-chess's SquareSet and Position.pieces_mask have them.
"""

from __future__ import annotations

__all__ = [
    "WHITE", "BLACK", "COLORS", "COLOR_NAMES",
    "PAWN", "KNIGHT", "BISHOP", "ROOK", "QUEEN", "KING", "PIECE_TYPES", "PIECE_SYMBOLS",
    "PIECE_NAMES", "UNICODE_PIECE_SYMBOLS", "FILE_NAMES", "RANK_NAMES", "SQUARES", "SQUARE_NAMES",
    "piece_symbol", "piece_name", "square", "square_file", "square_rank", "square_name",
    "parse_square", "square_mirror",
    "Piece", "Move", "SquareSet", "Termination", "Outcome", "LegalMoves",
    "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError",
    "A1", "B1", "C1", "D1", "E1", "F1", "G1", "H1",
    "A2", "B2", "C2", "D2", "E2", "F2", "G2", "H2",
    "A3", "B3", "C3", "D3", "E3", "F3", "G3", "H3",
    "A4", "B4", "C4", "D4", "E4", "F4", "G4", "H4",
    "A5", "B5", "C5", "D5", "E5", "F5", "G5", "H5",
    "A6", "B6", "C6", "D6", "E6", "F6", "G6", "H6",
    "A7", "B7", "C7", "D7", "E7", "F7", "G7", "H7",
    "A8", "B8", "C8", "D8", "E8", "F8", "G8", "H8",
]

import enum
from dataclasses import dataclass
from collections.abc import Iterator
from typing import List, Optional, cast

from ._squares import SquareSet  # defined with the other square sets; re-exported here

WHITE = True
BLACK = False
COLORS = [WHITE, BLACK]
COLOR_NAMES = ["black", "white"]

PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING = range(1, 7)
PIECE_TYPES = [PAWN, KNIGHT, BISHOP, ROOK, QUEEN, KING]
PIECE_SYMBOLS: List[Optional[str]] = [None, "p", "n", "b", "r", "q", "k"]
PIECE_NAMES: List[Optional[str]] = [None, "pawn", "knight", "bishop", "rook", "queen", "king"]
UNICODE_PIECE_SYMBOLS = {
    "R": "\u2656", "r": "\u265c", "N": "\u2658", "n": "\u265e", "B": "\u2657", "b": "\u265d",
    "Q": "\u2655", "q": "\u265b", "K": "\u2654", "k": "\u265a", "P": "\u2659", "p": "\u265f",
}

FILE_NAMES = ["a", "b", "c", "d", "e", "f", "g", "h"]
RANK_NAMES = ["1", "2", "3", "4", "5", "6", "7", "8"]
SQUARES = list(range(64))
SQUARE_NAMES = [f + r for r in RANK_NAMES for f in FILE_NAMES]
(A1, B1, C1, D1, E1, F1, G1, H1,
 A2, B2, C2, D2, E2, F2, G2, H2,
 A3, B3, C3, D3, E3, F3, G3, H3,
 A4, B4, C4, D4, E4, F4, G4, H4,
 A5, B5, C5, D5, E5, F5, G5, H5,
 A6, B6, C6, D6, E6, F6, G6, H6,
 A7, B7, C7, D7, E7, F7, G7, H7,
 A8, B8, C8, D8, E8, F8, G8, H8) = SQUARES


def piece_symbol(piece_type: int) -> str:
    """'p', 'n', 'b', 'r', 'q' or 'k'."""
    return cast(str, PIECE_SYMBOLS[piece_type])


def piece_name(piece_type: int) -> str:
    """'pawn' .. 'king'."""
    return cast(str, PIECE_NAMES[piece_type])


def square(file_index: int, rank_index: int) -> int:
    """The square of a file and a rank, each 0-7."""
    return rank_index * 8 + file_index


def square_file(sq: int) -> int:
    return sq & 7


def square_rank(sq: int) -> int:
    return sq >> 3


def square_name(sq: int) -> str:
    """'e4' for E4."""
    return SQUARE_NAMES[sq]


def parse_square(name: str) -> int:
    """E4 for 'e4'; ValueError for anything else."""
    return SQUARE_NAMES.index(name)


def square_mirror(sq: int) -> int:
    """The square seen from the other side (e2 for e7)."""
    return sq ^ 0x38


class InvalidMoveError(ValueError):
    """A move that cannot be read (not SAN, not UCI)."""


class IllegalMoveError(ValueError):
    """A move that is not legal in the position."""


class AmbiguousMoveError(ValueError):
    """A SAN move that more than one legal move fits."""


@dataclass
class Piece:
    """A piece: its type (PAWN .. KING) and colour (WHITE or BLACK)."""

    piece_type: int
    color: bool

    def __hash__(self) -> int:
        return self.piece_type + (-1 if self.color else 5)

    def symbol(self) -> str:
        """'P' for a white pawn, 'n' for a black knight."""
        symbol = piece_symbol(self.piece_type)
        return symbol.upper() if self.color else symbol

    def unicode_symbol(self, *, invert_color: bool = False) -> str:
        symbol = self.symbol()
        return UNICODE_PIECE_SYMBOLS[symbol.swapcase() if invert_color else symbol]

    def __str__(self) -> str:
        return self.symbol()

    def __repr__(self) -> str:
        return f"Piece.from_symbol({self.symbol()!r})"

    @classmethod
    def from_symbol(cls, symbol: str) -> "Piece":
        """The piece of a letter: 'P' a white pawn, 'n' a black knight."""
        return cls(PIECE_SYMBOLS.index(symbol.lower()), symbol.isupper())


@dataclass(unsafe_hash=True)
class Move:
    """A move from one square to another, with the piece type a pawn promotes to.

    Castling is the king's move to the g- or c-file in standard chess and the king taking its
    own rook in Chess960, as UCI writes them and python-chess keeps them. Move.null() is the
    null move, 0000, which is false.
    """

    from_square: int
    to_square: int
    promotion: Optional[int] = None
    drop: Optional[int] = None  # the piece type a drop puts on to_square (Crazyhouse: N@f3)

    def uci(self) -> str:
        """'e2e4', 'e7e8q', 'N@f3' for a drop, or '0000' for the null move."""
        if self.drop:
            return piece_symbol(self.drop).upper() + "@" + SQUARE_NAMES[self.to_square]
        if not self:
            return "0000"
        text = SQUARE_NAMES[self.from_square] + SQUARE_NAMES[self.to_square]
        return text + piece_symbol(self.promotion) if self.promotion else text

    def xboard(self) -> str:
        return self.uci() if self else "@@@@"

    def __bool__(self) -> bool:
        return bool(self.from_square or self.to_square or self.promotion or self.drop)

    def __str__(self) -> str:
        return self.uci()

    def __repr__(self) -> str:
        return f"Move.from_uci({self.uci()!r})"

    @classmethod
    def from_uci(cls, uci: str) -> "Move":
        """The move of a UCI string ('e2e4', 'e7e8q', 'N@f3', '0000'); InvalidMoveError (a
        ValueError) when it cannot be one. A promotion to any piece letter is read, as
        python-chess reads it; whether the move is legal is the board's question."""
        if uci == "0000":
            return cls.null()
        if len(uci) == 4 and uci[1] == "@":
            try:
                drop = PIECE_SYMBOLS.index(uci[0].lower())
                square = SQUARE_NAMES.index(uci[2:])
            except ValueError:
                raise InvalidMoveError(f"invalid uci: {uci!r}") from None
            return cls(square, square, drop=drop)
        if len(uci) not in (4, 5):
            raise InvalidMoveError(f"expected uci string to be of length 4 or 5: {uci!r}")
        try:
            from_square = SQUARE_NAMES.index(uci[0:2])
            to_square = SQUARE_NAMES.index(uci[2:4])
            promotion = PIECE_SYMBOLS.index(uci[4]) if len(uci) == 5 else None
        except ValueError:
            raise InvalidMoveError(f"invalid uci: {uci!r}") from None
        if from_square == to_square:
            raise InvalidMoveError(f"invalid uci (use 0000 for null moves): {uci!r}")
        return cls(from_square, to_square, promotion)

    @classmethod
    def null(cls) -> "Move":
        return cls(0, 0)


class Termination(enum.Enum):
    """How a game ended (python-chess's names)."""

    CHECKMATE = 1
    STALEMATE = 2
    INSUFFICIENT_MATERIAL = 3
    SEVENTYFIVE_MOVES = 4
    FIVEFOLD_REPETITION = 5
    FIFTY_MOVES = 6
    THREEFOLD_REPETITION = 7
    VARIANT_WIN = 8
    VARIANT_LOSS = 9
    VARIANT_DRAW = 10


@dataclass(frozen=True)
class Outcome:
    """How a game ended, and the winner (None for a draw)."""

    termination: Termination
    winner: Optional[bool]

    def result(self) -> str:
        """'1-0', '0-1' or '1/2-1/2'."""
        return "1/2-1/2" if self.winner is None else ("1-0" if self.winner else "0-1")


class LegalMoves:
    """The legal moves of a position: iterate, test with `in`, count with len().

    Calling it, as in fenkit's older legal_moves(), gives the list of the moves in UCI.
    """

    __slots__ = ("_position",)

    def __init__(self, position) -> None:
        self._position = position

    def __iter__(self) -> Iterator[Move]:
        return iter(self._position._legal_move_list())

    def __len__(self) -> int:
        return self._position._legal_move_count()

    def count(self) -> int:
        return len(self)

    def __bool__(self) -> bool:
        return self._position._legal_move_count() > 0

    def __contains__(self, move) -> bool:
        if isinstance(move, str):
            try:
                move = Move.from_uci(move)
            except ValueError:
                return False
        return self._position.is_legal(move)

    def __call__(self) -> list:
        return self._position._legal_ucis()

    def __repr__(self) -> str:
        sans = ", ".join(self._position.san(m) for m in self)
        return f"<LegalMoves ({sans})>"
