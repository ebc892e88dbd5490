"""python-chess's Board and BaseBoard over fenkit's Position.

``Board`` is a ``Position`` (the compiled class: moves, checks, FEN, keys) with python-chess's
defaults and its editable state: ``fen()`` writes the en-passant square only where a capture is
legal, ``Board(None)`` is an empty board, the pieces, the side to move, the castling rights,
the en-passant square and the clocks can be set, and copies and pickles keep the move stack.
A board may hold any arrangement, as python-chess's may: ``status()`` says what is wrong with
it, and one without exactly one king of each side has no moves.
"""

from __future__ import annotations

import enum
import math
import re
from typing import (TYPE_CHECKING, Any, Callable, Dict, Iterable, Iterator, List, Mapping, Optional, Tuple,
                    Type, TypeVar, Union)

from ._chess import AmbiguousMoveError, IllegalMoveError, InvalidMoveError
from ._chess import (BLACK, COLORS, FILE_NAMES, KING, KNIGHT, PAWN, PIECE_SYMBOLS, QUEEN, ROOK,
                     BISHOP, SQUARE_NAMES, UNICODE_PIECE_SYMBOLS, WHITE, LegalMoves, Move, Piece,
                     square, square_file, square_rank)
from ._fenkit import Position, _install_board_state
from ._squares import (BB_ALL, BB_BACKRANKS, BB_EMPTY, BB_FILES, BB_PAWN_ATTACKS, BB_RANK_1,
                       BB_RANK_8, BB_RAYS, BB_SQUARES, Bitboard, Square, SquareSet, between, lsb,
                       msb, popcount, ray, scan_forward, scan_reversed)

Color = bool
PieceType = int

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
STARTING_BOARD_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


class Status(enum.IntFlag):
    """What is wrong with a board (python-chess's flags); VALID when nothing is."""

    VALID = 0
    NO_WHITE_KING = 1 << 0
    NO_BLACK_KING = 1 << 1
    TOO_MANY_KINGS = 1 << 2
    TOO_MANY_WHITE_PAWNS = 1 << 3
    TOO_MANY_BLACK_PAWNS = 1 << 4
    PAWNS_ON_BACKRANK = 1 << 5
    TOO_MANY_WHITE_PIECES = 1 << 6
    TOO_MANY_BLACK_PIECES = 1 << 7
    BAD_CASTLING_RIGHTS = 1 << 8
    INVALID_EP_SQUARE = 1 << 9
    OPPOSITE_CHECK = 1 << 10
    EMPTY = 1 << 11
    RACE_CHECK = 1 << 12
    RACE_OVER = 1 << 13
    RACE_MATERIAL = 1 << 14
    TOO_MANY_CHECKERS = 1 << 15
    IMPOSSIBLE_CHECK = 1 << 16


STATUS_VALID = Status.VALID
STATUS_NO_WHITE_KING = Status.NO_WHITE_KING
STATUS_NO_BLACK_KING = Status.NO_BLACK_KING
STATUS_TOO_MANY_KINGS = Status.TOO_MANY_KINGS
STATUS_TOO_MANY_WHITE_PAWNS = Status.TOO_MANY_WHITE_PAWNS
STATUS_TOO_MANY_BLACK_PAWNS = Status.TOO_MANY_BLACK_PAWNS
STATUS_PAWNS_ON_BACKRANK = Status.PAWNS_ON_BACKRANK
STATUS_TOO_MANY_WHITE_PIECES = Status.TOO_MANY_WHITE_PIECES
STATUS_TOO_MANY_BLACK_PIECES = Status.TOO_MANY_BLACK_PIECES
STATUS_BAD_CASTLING_RIGHTS = Status.BAD_CASTLING_RIGHTS
STATUS_INVALID_EP_SQUARE = Status.INVALID_EP_SQUARE
STATUS_OPPOSITE_CHECK = Status.OPPOSITE_CHECK
STATUS_EMPTY = Status.EMPTY
STATUS_RACE_CHECK = Status.RACE_CHECK
STATUS_RACE_OVER = Status.RACE_OVER
STATUS_RACE_MATERIAL = Status.RACE_MATERIAL
STATUS_TOO_MANY_CHECKERS = Status.TOO_MANY_CHECKERS
STATUS_IMPOSSIBLE_CHECK = Status.IMPOSSIBLE_CHECK

BoardT = TypeVar("BoardT", bound="Board")
BaseBoardT = TypeVar("BaseBoardT", bound="BaseBoard")

_FEN_PIECES = set("pnbrqkPNBRQK")
_CASTLING_TO_STANDARD = {(4, 7): 6, (4, 0): 2, (60, 63): 62, (60, 56): 58}
_CASTLING_TO_KING_TAKES_ROOK = {(4, 6): 7, (4, 2): 0, (60, 62): 63, (60, 58): 56}
_CASTLING_FEN = re.compile(r"^(?:-|[KQABCDEFGH]{0,2}[kqabcdefgh]{0,2})\Z")
# The 960 back ranks, by Scharnagl number: the knights' places among the five squares left
# after the bishops and the queen (the number's last digit, 0-9).
_KNIGHT_PLACES = [(0, 1), (0, 2), (0, 3), (0, 4), (1, 2), (1, 3), (1, 4), (2, 3), (2, 4), (3, 4)]


def _chess960_back_rank(scharnagl: int) -> List[int]:
    """The piece types of the back rank (a to h) of Chess960 start position `scharnagl`."""
    if not 0 <= scharnagl <= 959:
        raise ValueError(f"chess960 position index not 0 <= {scharnagl!r} <= 959")
    rank: List[Optional[int]] = [None] * 8
    n, light = divmod(scharnagl, 4)
    rank[2 * light + 1] = BISHOP
    n, dark = divmod(n, 4)
    rank[2 * dark] = BISHOP
    n, queen = divmod(n, 6)
    free = [f for f in range(8) if rank[f] is None]
    rank[free[queen]] = QUEEN
    free = [f for f in range(8) if rank[f] is None]
    for i in _KNIGHT_PLACES[n]:
        rank[free[i]] = KNIGHT
    free = [f for f in range(8) if rank[f] is None]
    rank[free[0]], rank[free[1]], rank[free[2]] = ROOK, KING, ROOK
    return [piece_type for piece_type in rank if piece_type is not None]


def _from_square_set(squares: Union[int, Iterable[int]]) -> int:
    return int(squares) if isinstance(squares, (int, SquareSet)) else int(SquareSet(squares))


_PROMOTION_ORDER = {QUEEN: 0, ROOK: 1, BISHOP: 2, KNIGHT: 3}


def _generation_order(board: "BaseBoard", moves: List[Move]) -> List[Move]:
    """The legal moves in python-chess's order, which scripts print and index: out of check,
    piece moves (from h8 towards a1, each piece's targets likewise), castling (h-side first),
    pawn captures, single steps, double steps, en passant; in check, the king's moves first."""
    in_check = board.is_check()
    king = board.king(board.turn)

    def key(move: Move) -> Tuple[int, int, int, int]:
        f, t = move.from_square, move.to_square
        promotion = _PROMOTION_ORDER.get(move.promotion or 0, 0)
        if in_check and f == king:
            return (0, 0, -t, 0)
        piece_type = board.piece_type_at(f)
        if piece_type != PAWN:
            if board.is_castling(move):
                return (2, 0, -t, 0)
            return (1, -f, -t, 0)
        if board.is_en_passant(move):
            return (6, -f, 0, 0)
        if square_file(f) != square_file(t):
            return (3, -f, -t, promotion)
        if abs(t - f) == 8:
            return (4, -t, 0, promotion)
        return (5, -t, 0, 0)

    return sorted(moves, key=key)


class LegalMoveGenerator(LegalMoves):
    """The legal moves of a board: iterate, test with ``in``, count with len() or count()."""

    def __iter__(self) -> Iterator[Move]:
        board = self._position
        return iter(_generation_order(board, board._legal_move_list()))

    def __repr__(self) -> str:
        board = self._position
        sans = ", ".join(board.san(move) for move in self)
        return f"<LegalMoveGenerator at {id(self):#x} ({sans})>"


class PseudoLegalMoveGenerator:
    """The pseudo-legal moves of a board (legal but for leaving the king in check)."""

    __slots__ = ("_board",)

    def __init__(self, board: "Board") -> None:
        self._board = board

    def __iter__(self) -> Iterator[Move]:
        return self._board.generate_pseudo_legal_moves()

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def count(self) -> int:
        return len(self)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __contains__(self, move: Move) -> bool:
        return self._board.is_pseudo_legal(move)

    def __repr__(self) -> str:
        board = self._board
        texts = []
        for move in self:
            texts.append(board.san(move) if board.is_legal(move) else board.uci(move))
        return f"<PseudoLegalMoveGenerator at {id(self):#x} ({', '.join(texts)})>"


_position_fen = Position.fen
_position_set_fen = Position.set_fen
_position_init = Position.__init__
# The compiled getters of the state Board makes settable.
_get_castling_rights: Callable[[Position], int] = Position.castling_rights.fget  # type: ignore[attr-defined]
_get_ep_square: Callable[[Position], Optional[int]] = Position.ep_square.fget  # type: ignore[attr-defined]
_get_chess960: Callable[[Position], bool] = Position.chess960.fget  # type: ignore[attr-defined]


class BaseBoard(Position):
    """A board of pieces (python-chess's BaseBoard): Board without the side to move, castling,
    en passant and clocks in what it reads and writes."""

    def __init__(self, board_fen: Optional[str] = STARTING_BOARD_FEN) -> None:
        _position_init(self)
        if board_fen is None:
            self.clear_board()
        elif board_fen != STARTING_BOARD_FEN:
            self._read_board_fen(board_fen)

    # ------------------------------------------------------------------ The pieces
    @property
    def pawns(self) -> Bitboard:
        return self.pieces_mask(PAWN, WHITE) | self.pieces_mask(PAWN, BLACK)

    @property
    def knights(self) -> Bitboard:
        return self.pieces_mask(KNIGHT, WHITE) | self.pieces_mask(KNIGHT, BLACK)

    @property
    def bishops(self) -> Bitboard:
        return self.pieces_mask(BISHOP, WHITE) | self.pieces_mask(BISHOP, BLACK)

    @property
    def rooks(self) -> Bitboard:
        return self.pieces_mask(ROOK, WHITE) | self.pieces_mask(ROOK, BLACK)

    @property
    def queens(self) -> Bitboard:
        return self.pieces_mask(QUEEN, WHITE) | self.pieces_mask(QUEEN, BLACK)

    @property
    def kings(self) -> Bitboard:
        return self.pieces_mask(KING, WHITE) | self.pieces_mask(KING, BLACK)

    @property
    def promoted(self) -> Bitboard:
        """Always empty: only Crazyhouse keeps which pieces were promoted."""
        return BB_EMPTY

    @property  # type: ignore[override]
    def occupied_co(self) -> List[Bitboard]:
        """The squares of each colour's pieces: occupied_co[WHITE], occupied_co[BLACK]."""
        occupied_co = Position.occupied_co
        return [occupied_co(self, BLACK), occupied_co(self, WHITE)]

    def piece_map(self, *, mask: Bitboard = BB_ALL) -> Dict[Square, Piece]:
        # h8 first, as python-chess fills it.
        pieces = Position.piece_map(self)
        return {sq: pieces[sq] for sq in sorted(pieces, reverse=True) if mask >> sq & 1}

    if TYPE_CHECKING:
        def pieces(self, piece_type: PieceType, color: Color) -> SquareSet:
            """The squares of the pieces of a type and colour. (Compiled:
            _install_board_state, below the class.)"""

    def attacks_mask(self, square: Square) -> Bitboard:
        """The squares the piece on `square` attacks (0 for an empty square)."""
        return self._attacks_mask(square)

    def attacks(self, square: Square) -> SquareSet:
        return SquareSet(self._attacks_mask(square))

    def attackers(self, color: Color, square: Square) -> SquareSet:
        return SquareSet(self.attackers_mask(color, square))

    def checkers(self) -> SquareSet:
        return SquareSet(self.checkers_mask())

    def pin_mask(self, color: Color, square: Square) -> Bitboard:
        """The line along which the piece on `square` is pinned to the king of `color`
        (BB_ALL when it is not pinned)."""
        king = self.king(color)
        if king is None or king == square:
            return BB_ALL
        line = BB_RAYS[king][square]
        if not line:
            return BB_ALL
        occupied = self.occupied
        if between(king, square) & occupied:
            return BB_ALL
        straight = square_file(king) == square_file(square) or square_rank(king) == square_rank(square)
        slider = ROOK if straight else BISHOP
        snipers = (self.pieces_mask(slider, not color) | self.pieces_mask(QUEEN, not color)) & line
        # The square counts as occupied: python-chess answers for an empty square too.
        here = BB_SQUARES[square]
        for sniper in scan_forward(snipers):
            if between(king, sniper) & (occupied | here) == here:
                return line
        return BB_ALL

    def pin(self, color: Color, square: Square) -> SquareSet:
        """The squares the piece on `square` may move to without leaving the line of its pin
        to the king of `color` (every square when it is not pinned)."""
        return SquareSet(self.pin_mask(color, square))

    def is_pinned(self, color: Color, square: Square) -> bool:
        return self.pin_mask(color, square) != BB_ALL

    # ------------------------------------------------------------------ Setting pieces
    def set_piece_at(self, square: Square, piece: Optional[Piece], promoted: bool = False) -> None:
        if piece is None:
            self._set_piece(square, 0, WHITE)
        else:
            self._set_piece(square, piece.piece_type, piece.color)
        self._edited()

    def remove_piece_at(self, square: Square) -> Optional[Piece]:
        piece = self.piece_at(square)
        self._set_piece(square, 0, WHITE)
        self._edited()
        return piece

    def set_piece_map(self, pieces: Mapping[Square, Piece]) -> None:
        self._clear_pieces()
        for sq, piece in pieces.items():
            self._set_piece(sq, piece.piece_type, piece.color)
        self._edited()

    def _edited(self) -> None:
        """After the pieces changed: castling rights whose king or rook left go (python-chess
        drops them when it writes or plays), and the history no longer leads here."""
        self._set_castling_mask(self.castling_rights)
        self._clear_stack()

    def clear_board(self) -> None:
        self._clear_pieces()
        self._set_castling_mask(0)
        self._clear_stack()

    def reset_board(self) -> None:
        self._read_board_fen(STARTING_BOARD_FEN)
        self._clear_stack()

    def set_board_fen(self, fen: str) -> None:
        self._read_board_fen(fen)
        self._edited()

    def _clear_pieces(self) -> None:
        for sq in scan_forward(self.occupied):
            self._set_piece(sq, 0, WHITE)

    def _read_board_fen(self, fen: str) -> None:
        """Sets the pieces from the first field of a FEN (ValueError for a malformed one)."""
        fen = fen.strip()
        if " " in fen:
            raise ValueError(f"expected position part of fen, got multiple parts: {fen!r}")
        rows = fen.split("/")
        if len(rows) != 8:
            raise ValueError(f"expected 8 rows in position part of fen: {fen!r}")
        placed: List[Tuple[int, int, bool]] = []
        for row_index, row in enumerate(rows):
            files = 0
            previous_digit = False
            previous_piece = False
            for ch in row:
                if ch in "12345678":
                    if previous_digit:
                        raise ValueError(f"two subsequent digits in position part of fen: {fen!r}")
                    files += int(ch)
                    previous_digit, previous_piece = True, False
                elif ch == "~":
                    if not previous_piece:
                        raise ValueError(f"'~' not after piece in position part of fen: {fen!r}")
                    previous_digit, previous_piece = False, False
                elif ch in _FEN_PIECES:
                    if files < 8:
                        placed.append((square(files, 7 - row_index), PIECE_SYMBOLS.index(ch.lower()),
                                       ch.isupper()))
                    files += 1
                    previous_digit, previous_piece = False, True
                else:
                    raise ValueError(f"invalid character in position part of fen: {fen!r}")
            if files != 8:
                raise ValueError(f"expected 8 columns per row in position part of fen: {fen!r}")
        self._clear_pieces()
        for sq, piece_type, color in placed:
            self._set_piece(sq, piece_type, color)

    # ------------------------------------------------------------------ Chess960 start positions
    def set_chess960_pos(self, scharnagl: int) -> None:
        back_rank = _chess960_back_rank(scharnagl)
        self._clear_pieces()
        for file_index, piece_type in enumerate(back_rank):
            self._set_piece(file_index, piece_type, WHITE)
            self._set_piece(56 + file_index, piece_type, BLACK)
            self._set_piece(8 + file_index, PAWN, WHITE)
            self._set_piece(48 + file_index, PAWN, BLACK)
        self._clear_stack()

    def chess960_pos(self) -> Optional[int]:
        """The Scharnagl number (0-959) of the arrangement, if it is a Chess960 start one."""
        board_fen = self.board_fen()
        rows = board_fen.split("/")
        if rows[1] != "pppppppp" or rows[6] != "PPPPPPPP" or rows[2:6] != ["8"] * 4:
            return None
        if rows[0] != rows[7].lower():
            return None
        back_rank = [PIECE_SYMBOLS.index(ch) for ch in rows[0]]
        for n in range(960):
            if _chess960_back_rank(n) == back_rank:
                return n
        return None

    @classmethod
    def from_chess960_pos(cls: Type[BaseBoardT], scharnagl: int) -> BaseBoardT:
        board = cls.empty()
        board.set_chess960_pos(scharnagl)
        return board

    @classmethod
    def empty(cls: Type[BaseBoardT]) -> BaseBoardT:
        return cls(None)

    # ------------------------------------------------------------------ Turning the board
    def transform(self: BaseBoardT, f: Callable[[Bitboard], Bitboard]) -> BaseBoardT:
        board = self.copy(stack=False)
        board.apply_transform(f)
        return board

    def apply_transform(self, f: Callable[[Bitboard], Bitboard]) -> None:
        pieces = [(f(BB_SQUARES[sq]), piece) for sq, piece in Position.piece_map(self).items()]
        rights = f(self.castling_rights)
        ep = self.ep_square
        self._clear_pieces()
        for mask, piece in pieces:
            if mask:
                self._set_piece(lsb(mask), piece.piece_type, piece.color)
        self._set_castling_mask(rights)
        self._set_ep_square(None if ep is None or not f(BB_SQUARES[ep]) else lsb(f(BB_SQUARES[ep])))
        self._edited()

    def mirror(self: BaseBoardT) -> BaseBoardT:
        board = self.copy(stack=False)
        board.apply_mirror()
        return board

    def apply_mirror(self) -> None:
        mirrored = Position.mirror(self)
        self._assign(mirrored, False)

    # ------------------------------------------------------------------ Text
    def unicode(self, *, invert_color: bool = False, borders: bool = False,
                empty_square: str = "\u2b58", orientation: Color = WHITE) -> str:
        """The board in Unicode chess symbols, a8 first (h1 first for orientation=BLACK)."""
        out: List[str] = []
        for rank_index in (range(7, -1, -1) if orientation else range(8)):
            if borders:
                out.append("  " + "-" * 17 + "\n" + str(rank_index + 1) + " ")
            for i, file_index in enumerate(range(8) if orientation else range(7, -1, -1)):
                if borders:
                    out.append("|")
                elif i > 0:
                    out.append(" ")
                piece = self.piece_at(square(file_index, rank_index))
                out.append(UNICODE_PIECE_SYMBOLS[piece.symbol().swapcase() if invert_color else piece.symbol()]
                           if piece else empty_square)
            if borders:
                out.append("|")
            if borders or (rank_index > 0 if orientation else rank_index < 7):
                out.append("\n")
        if borders:
            out.append("  " + "-" * 17 + "\n")
            out.append("   " + ("a b c d e f g h" if orientation else "h g f e d c b a"))
        return "".join(out)

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.board_fen()!r})"

    def copy(self: BaseBoardT, stack: Union[bool, int] = True) -> BaseBoardT:
        board = type(self).__new__(type(self))
        _position_init(board)
        board._assign(self, bool(stack))
        if stack is not True and stack:
            moves = self.move_stack[-int(stack):]
            board._assign(self, False)
            board._rewind(self, moves)
        return board

    def _rewind(self, source: "BaseBoard", moves: List[Move]) -> None:
        """Keeps only the last `moves` of the source's stack: the board goes back as many
        moves and plays them again."""
        start = source.copy()
        for _ in moves:
            start.pop()
        self._assign(start, False)
        for move in moves:
            self.push(move)

    def __copy__(self: BaseBoardT) -> BaseBoardT:
        return self.copy()

    def __deepcopy__(self: BaseBoardT, memo: Dict[int, object]) -> BaseBoardT:
        board = self.copy()
        memo[id(self)] = board
        return board


class Board(BaseBoard):
    """A position and the moves that led to it, with python-chess's Board's names, defaults and
    meanings (``Board()`` the start position, ``Board(None)`` an empty board,
    ``Board(fen, chess960=True)``)."""

    aliases: List[str] = ["Standard", "Chess", "Classical", "Normal", "Illegal", "From Position"]
    uci_variant: Optional[str] = "chess"
    xboard_variant: Optional[str] = "normal"
    starting_fen = STARTING_FEN
    connected_kings = False
    one_king = True
    captures_compulsory = False

    def __init__(self, fen: Optional[str] = STARTING_FEN, *, chess960: bool = False) -> None:
        _position_init(self)
        if chess960:
            self._set_chess960(True)
        if fen is None:
            self.clear()
        elif fen != STARTING_FEN:
            self.set_fen(fen)

    # ------------------------------------------------------------------ Settable state
    if TYPE_CHECKING:
        # At run time these are compiled descriptors (_install_board_state, below the class):
        # read per position by loops, they cost what an attribute costs.
        @property
        def turn(self) -> Color: ...

        @turn.setter
        def turn(self, color: Color) -> None: ...

        @property
        def halfmove_clock(self) -> int: ...

        @halfmove_clock.setter
        def halfmove_clock(self, value: int) -> None: ...

        @property
        def fullmove_number(self) -> int: ...

        @fullmove_number.setter
        def fullmove_number(self, value: int) -> None: ...

    @property
    def castling_rights(self) -> Bitboard:
        """The rooks that keep a castling right, as a mask (BB_A1 | BB_H1 | ... at the start);
        rights without their king and rook in place are dropped when set."""
        return _get_castling_rights(self)

    @castling_rights.setter
    def castling_rights(self, mask: Bitboard) -> None:
        self._set_castling_mask(int(mask))

    @property
    def ep_square(self) -> Optional[Square]:
        """The square a pawn that just moved two steps passed, or None."""
        return _get_ep_square(self)

    @ep_square.setter
    def ep_square(self, square: Optional[Square]) -> None:
        self._set_ep_square(square)

    @property
    def chess960(self) -> bool:
        return _get_chess960(self)

    @chess960.setter
    def chess960(self, value: bool) -> None:
        self._set_chess960(value)

    @property
    def legal_moves(self) -> LegalMoveGenerator:
        return LegalMoveGenerator(self)

    @property
    def pseudo_legal_moves(self) -> PseudoLegalMoveGenerator:
        return PseudoLegalMoveGenerator(self)

    def ply(self) -> int:
        """Half-moves played since the start of the game, from the move number and the side."""
        return 2 * (self.fullmove_number - 1) + (self.turn == BLACK)

    # ------------------------------------------------------------------ FEN and EPD
    def fen(self, *, shredder: bool = False, en_passant: str = "legal",  # type: ignore[override]
            promoted: Optional[bool] = None) -> str:
        """The FEN: the en-passant square where a capture is legal (en_passant="legal"), after
        any double step ("fen"), or where a pawn could take pseudo-legally ("xfen");
        shredder=True writes castling by rook files (HAha)."""
        if not shredder and en_passant == "legal" and self._has_kings():
            return _position_fen(self, "legal")
        return self.epd(shredder=shredder, en_passant=en_passant) + \
            f" {self.halfmove_clock} {self.fullmove_number}"

    def shredder_fen(self, *, en_passant: str = "legal", promoted: Optional[bool] = None) -> str:
        return self.fen(shredder=True, en_passant=en_passant, promoted=promoted)

    def _ep_square_written(self, en_passant: str) -> Optional[Square]:
        if en_passant == "fen":
            return self.ep_square
        if en_passant == "xfen":
            return self.ep_square if self.has_pseudo_legal_en_passant() else None
        return self.ep_square if self._has_kings() and self.has_legal_en_passant() else None

    def epd(self, *, shredder: bool = False, en_passant: str = "legal",  # type: ignore[override]
            promoted: Optional[bool] = None, **operations: Any) -> str:
        """The four fields of the FEN, then the operations given as keyword arguments:
        ``epd(bm=move, id="BK.01", acd=20)`` (moves as SAN, lists of moves for am/bm sorted, a
        list for pv played in turn, strings quoted, None an opcode alone)."""
        ep = self._ep_square_written(en_passant)
        fields = [self.board_fen(), "w" if self.turn else "b",
                  self.castling_shredder_fen() if shredder else self.castling_xfen(),
                  SQUARE_NAMES[ep] if ep is not None else "-"]
        if operations:
            fields.append(self._epd_operations(operations))
        return " ".join(fields)

    def _epd_operations(self, operations: Mapping[str, Any]) -> str:
        parts = []
        for opcode, operand in operations.items():
            _check_opcode(opcode)
            if operand is None:
                parts.append(opcode + ";")
            elif isinstance(operand, Move):
                parts.append(f"{opcode} {self.san(operand)};")
            elif isinstance(operand, bool) or isinstance(operand, int):
                parts.append(f"{opcode} {operand};")
            elif isinstance(operand, float):
                if not math.isfinite(operand):
                    raise ValueError(f"expected numeric epd operand to be finite, got: {operand}")
                parts.append(f"{opcode} {operand};")
            elif opcode == "pv" and not isinstance(operand, str) and hasattr(operand, "__iter__"):
                board = self.copy(stack=False)
                sans = []
                for move in operand:
                    sans.append(board.san(move))
                    board.push(move)
                parts.append(f"{opcode} {' '.join(sans)};")
            elif opcode in ("am", "bm") and not isinstance(operand, str) and hasattr(operand, "__iter__"):
                parts.append(f"{opcode} {' '.join(sorted(self.san(m) for m in operand))};")
            else:
                text = str(operand)
                for plain, escaped in (("\\", "\\\\"), ("\t", "\\t"), ("\r", "\\r"),
                                       ("\n", "\\n"), ("\"", "\\\"")):
                    text = text.replace(plain, escaped)
                parts.append(f"{opcode} \"{text}\";")
        return " ".join(parts)

    def set_epd(self, epd: str) -> Dict[str, Any]:
        """Sets the position of an EPD record; returns its operations (hmvc and fmvn set the
        clocks)."""
        parts = epd.strip().rstrip(";").split(None, 4)
        if len(parts) <= 4:
            self.set_fen(epd)
            return {}
        operations = _read_epd_operations(parts.pop(), lambda: type(self)(" ".join(parts) + " 0 1",
                                                                         chess960=self.chess960))
        parts.append(str(operations.get("hmvc", 0)))
        parts.append(str(operations.get("fmvn", 1)))
        self.set_fen(" ".join(parts))
        return operations

    @classmethod
    def from_epd(cls: Type[BoardT], epd: str, *, chess960: bool = False) -> Tuple[BoardT, Dict[str, Any]]:
        board = cls.empty(chess960=chess960)
        return board, board.set_epd(epd)

    def set_fen(self, fen: str) -> None:
        """Sets the position of a FEN (fields after the first may be left out) and clears the
        move stack; ValueError for a malformed FEN. Any arrangement of pieces is taken."""
        try:
            _position_set_fen(self, fen)
            return
        except ValueError:
            pass  # not one libfen takes as it stands: read field by field, as python-chess does
        parts = fen.split()
        if not parts:
            raise ValueError("empty fen")
        board_part = parts.pop(0)
        turn_part = parts.pop(0) if parts else "w"
        castling_part = parts.pop(0) if parts else "-"
        ep_part = parts.pop(0) if parts else "-"
        halfmove_part = parts.pop(0) if parts else "0"
        fullmove_part = parts.pop(0) if parts else "1"
        if parts:
            raise ValueError(f"fen string has more parts than expected: {fen!r}")
        if turn_part not in ("w", "b"):
            raise ValueError(f"expected 'w' or 'b' for turn part of fen: {fen!r}")
        if not _CASTLING_FEN.match(castling_part):
            raise ValueError(f"invalid castling part in fen: {fen!r}")
        if ep_part != "-" and ep_part not in SQUARE_NAMES:
            raise ValueError(f"invalid en passant part in fen: {fen!r}")
        try:
            halfmove = int(halfmove_part)
            fullmove = int(fullmove_part)
        except ValueError:
            raise ValueError(f"invalid half-move clock or full-move number in fen: {fen!r}") from None
        if halfmove < 0:
            raise ValueError(f"half-move clock cannot be negative: {fen!r}")
        if fullmove < 0:
            raise ValueError(f"full-move number cannot be negative: {fen!r}")
        self._read_board_fen(board_part)
        self._set_turn(turn_part == "w")
        self._read_castling_fen(castling_part)
        self._set_ep_square(None if ep_part == "-" else SQUARE_NAMES.index(ep_part))
        self._set_halfmove_clock(halfmove)
        self._set_fullmove_number(max(fullmove, 1))
        self._clear_stack()

    def set_castling_fen(self, castling_fen: str) -> None:
        if not castling_fen or not _CASTLING_FEN.match(castling_fen):
            raise ValueError(f"invalid castling fen: {castling_fen!r}")
        self._read_castling_fen(castling_fen)
        self._clear_stack()

    def _read_castling_fen(self, castling_fen: str) -> None:
        mask = BB_EMPTY
        for flag in castling_fen if castling_fen != "-" else "":
            color = flag.isupper()
            backrank = BB_RANK_1 if color else BB_RANK_8
            rooks = self.pieces_mask(ROOK, color) & backrank
            king = self.king(color)
            lower = flag.lower()
            if lower == "q":
                candidates = [sq for sq in scan_forward(rooks) if king is None or sq < king]
                if candidates:
                    mask |= BB_SQUARES[candidates[0]]
                else:
                    mask |= BB_SQUARES[0 if color else 56]
            elif lower == "k":
                candidates = [sq for sq in scan_reversed(rooks) if king is None or sq > king]
                if candidates:
                    mask |= BB_SQUARES[candidates[0]]
                else:
                    mask |= BB_SQUARES[7 if color else 63]
            else:
                mask |= BB_FILES[FILE_NAMES.index(lower)] & backrank
        self._set_castling_mask(mask)

    def castling_shredder_fen(self) -> str:
        rights = self.castling_rights
        text = "".join(FILE_NAMES[square_file(sq)].upper() for sq in scan_reversed(rights & BB_RANK_1))
        text += "".join(FILE_NAMES[square_file(sq)] for sq in scan_reversed(rights & BB_RANK_8))
        return text or "-"

    def castling_xfen(self) -> str:
        out = []
        rights = self.castling_rights
        for color in COLORS:
            king = self.king(color)
            if king is None:
                continue
            backrank = BB_RANK_1 if color else BB_RANK_8
            own_rooks = self.pieces_mask(ROOK, color) & backrank
            for rook in scan_reversed(rights & backrank):
                a_side = square_file(rook) < square_file(king)
                others = own_rooks & ~BB_SQUARES[rook]
                outer = any((square_file(o) < square_file(rook)) == a_side for o in scan_forward(others))
                letter = FILE_NAMES[square_file(rook)] if outer else ("q" if a_side else "k")
                out.append(letter.upper() if color else letter)
        return "".join(out) or "-"

    def clean_castling_rights(self) -> Bitboard:
        return self.castling_rights

    def has_chess960_castling_rights(self) -> bool:
        """Whether a castling right could not be written in standard FEN (a rook not in its
        corner, or a king off the e-file)."""
        rights = self.castling_rights
        for color in COLORS:
            backrank = BB_RANK_1 if color else BB_RANK_8
            if rights & backrank:
                if self.king(color) != (4 if color else 60):
                    return True
                if rights & backrank & ~(BB_SQUARES[0 if color else 56] | BB_SQUARES[7 if color else 63]):
                    return True
        return False

    def has_pseudo_legal_en_passant(self) -> bool:
        ep = self._valid_ep_square()
        if ep is None:
            return False
        return bool(BB_PAWN_ATTACKS[not self.turn][ep] & self.pieces_mask(PAWN, self.turn))

    def _valid_ep_square(self) -> Optional[Square]:
        ep = self.ep_square
        if not ep:
            return None
        if self.turn == WHITE:
            if square_rank(ep) != 5:
                return None
            pawn, origin = ep - 8, ep + 8
        else:
            if square_rank(ep) != 2:
                return None
            pawn, origin = ep + 8, ep - 8
        if not self.pieces_mask(PAWN, not self.turn) >> pawn & 1:
            return None
        if self.occupied & (BB_SQUARES[ep] | BB_SQUARES[origin]):
            return None
        return ep

    # ------------------------------------------------------------------ Setting up
    def clear(self) -> None:
        """An empty board: White to move, no castling, no en passant, clocks at 0 and 1."""
        self._clear_pieces()
        self._set_turn(WHITE)
        self._set_castling_mask(0)
        self._set_ep_square(None)
        self._set_halfmove_clock(0)
        self._set_fullmove_number(1)
        self._clear_stack()

    def clear_stack(self) -> None:
        self._clear_stack()

    def reset(self) -> None:
        chess960 = self.chess960
        Position.reset(self)
        self._set_chess960(chess960)

    def reset_board(self) -> None:
        super().reset_board()
        self._set_castling_mask(self.rooks)

    def set_piece_at(self, square: Square, piece: Optional[Piece], promoted: bool = False) -> None:
        super().set_piece_at(square, piece, promoted)

    def set_chess960_pos(self, scharnagl: int) -> None:
        super().set_chess960_pos(scharnagl)
        self._set_chess960(True)
        self._set_turn(WHITE)
        self._set_castling_mask(self.rooks)
        self._set_ep_square(None)
        self._set_halfmove_clock(0)
        self._set_fullmove_number(1)

    def chess960_pos(self, *, ignore_turn: bool = False, ignore_castling: bool = False,
                     ignore_counters: bool = True) -> Optional[int]:
        if self.ep_square is not None:
            return None
        if not ignore_turn and self.turn != WHITE:
            return None
        if not ignore_castling and self.castling_rights != self.rooks:
            return None
        if not ignore_counters and (self.fullmove_number != 1 or self.halfmove_clock != 0):
            return None
        return super().chess960_pos()

    @classmethod
    def empty(cls: Type[BoardT], *, chess960: bool = False) -> BoardT:
        return cls(None, chess960=chess960)

    @classmethod
    def from_chess960_pos(cls: Type[BoardT], scharnagl: int) -> BoardT:
        board = cls.empty(chess960=True)
        board.set_chess960_pos(scharnagl)
        return board

    def root(self: BoardT) -> BoardT:
        board = self.copy(stack=False)
        board._assign(Position.root(self), False)
        return board

    # ------------------------------------------------------------------ Moves
    if TYPE_CHECKING:
        def push(self, move: Move) -> None:
            """Plays a move and puts it on the stack. As python-chess's, it does not insist on a
            legal move: one that is not is played as it says (the piece goes to its square, the
            turn passes; _push_any); check with is_legal() or ``move in board.legal_moves``
            first. (Compiled: _install_board_state, below the class.)"""

    def parse_san(self, san: str) -> Move:
        try:
            return Position.parse_san(self, san)
        except ValueError as error:
            raise _san_error(str(error)) from None

    def push_san(self, san: str) -> Move:
        move = self.parse_san(san)
        self.push(move)
        return move

    def parse_uci(self, uci: str) -> Move:
        move = Move.from_uci(uci)
        if not move:
            return move
        move = self._castling_as_played(move)
        if not self.is_legal(move):
            raise IllegalMoveError(f"illegal uci: {uci!r} in {self.fen()}")
        return move

    def push_uci(self, uci: str) -> Move:
        move = self.parse_uci(uci)
        self.push(move)
        return move

    def _castling_as_played(self, move: Move) -> Move:
        """Castling written the other way round as this board plays it: the king onto its rook
        (e1h1) becomes e1g1 in standard chess, e1g1 becomes e1h1 in Chess960."""
        if move.promotion or move.from_square not in (4, 60) or self.piece_type_at(move.from_square) != KING:
            return move
        other = (_CASTLING_TO_KING_TAKES_ROOK if self.chess960 else _CASTLING_TO_STANDARD).get(
            (move.from_square, move.to_square))
        return move if other is None else Move(move.from_square, other)

    def find_move(self, from_square: Square, to_square: Square,
                  promotion: Optional[PieceType] = None) -> Move:
        """The legal move from one square to another (a pawn reaching the last rank becomes a
        queen unless told; castling either way); IllegalMoveError when there is none."""
        if promotion is None and self.piece_type_at(from_square) == PAWN and \
                BB_SQUARES[to_square] & BB_BACKRANKS:
            promotion = QUEEN
        move = Move(from_square, to_square, promotion)
        if not self.chess960:
            move = self._castling_as_played(move)
        if not self.is_legal(move):
            raise IllegalMoveError(f"no matching legal move for {move.uci()} "
                                   f"({SQUARE_NAMES[from_square]} -> {SQUARE_NAMES[to_square]}) in {self.fen()}")
        return move

    def san_and_push(self, move: Move) -> str:
        san = self.san(move)
        self.push(move)
        return san

    def variation_san(self, variation: Iterable[Move]) -> str:
        """Moves played in turn from this position, in SAN with move numbers:
        '1. e4 e5 2. Nf3' (or '1... e5 2. Nf3' from Black's move)."""
        board = self.copy(stack=False)
        out = []
        for move in variation:
            if not board.is_legal(move):
                raise IllegalMoveError(f"illegal move {move} in position {board.fen()}")
            if board.turn == WHITE:
                out.append(f"{board.fullmove_number}. {board.san_and_push(move)}")
            elif not out:
                out.append(f"{board.fullmove_number}...{board.san_and_push(move)}")
            else:
                out.append(board.san_and_push(move))
        return " ".join(out)

    def xboard(self, move: Move, chess960: Optional[bool] = None) -> str:
        if not move:
            return "@@@@"
        if (self.chess960 if chess960 is None else chess960) and self.is_castling(move):
            return "O-O" if self.is_kingside_castling(move) else "O-O-O"
        return self.uci(move)

    def parse_xboard(self, xboard: str) -> Move:
        return self.parse_san(xboard)

    def push_xboard(self, xboard: str) -> Move:
        return self.push_san(xboard)

    def generate_legal_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        for move in _generation_order(self, self._legal_move_list()):
            if from_mask >> move.from_square & 1 and to_mask >> move.to_square & 1:
                yield move

    def generate_legal_captures(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        for move in self.generate_legal_moves(from_mask, to_mask):
            if self.is_capture(move):
                yield move

    def generate_legal_ep(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        for move in self.generate_legal_moves(from_mask, to_mask):
            if self.is_en_passant(move):
                yield move

    def generate_castling_moves(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        # As python-chess, `to_mask` selects by the rook castled with (the square the king
        # takes in Chess960; the corner beyond the king's target in standard chess).
        for move in self.generate_legal_moves(from_mask, BB_ALL):
            if self.is_castling(move) and to_mask >> self._castling_rook(move) & 1:
                yield move

    def _castling_rook(self, move: Move) -> Square:
        if self.chess960:
            return move.to_square
        return move.to_square + 1 if square_file(move.to_square) == 6 else move.to_square - 2

    def generate_pseudo_legal_moves(self, from_mask: Bitboard = BB_ALL,
                                    to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        """The moves of the side to move that obey how pieces move, whether or not they leave
        the king in check (legal castling moves among them)."""
        us = self.turn
        own = Position.occupied_co(self, us)
        theirs = Position.occupied_co(self, not us)
        occupied = own | theirs
        for sq in scan_forward(own & from_mask & ~self.pieces_mask(PAWN, us)):
            for to in scan_forward(self._attacks_mask(sq) & ~own & to_mask):
                yield Move(sq, to)
        for move in self.generate_castling_moves(from_mask, to_mask):
            yield move
        step = 8 if us else -8
        last_rank = 7 if us else 0
        ep = self._valid_ep_square()
        for sq in scan_forward(self.pieces_mask(PAWN, us) & from_mask):
            targets = BB_PAWN_ATTACKS[us][sq] & theirs
            if ep is not None and BB_PAWN_ATTACKS[us][sq] >> ep & 1:
                targets |= BB_SQUARES[ep]
            one = sq + step
            if 0 <= one < 64 and not occupied >> one & 1:
                targets |= BB_SQUARES[one]
                two = one + step
                if square_rank(sq) == (1 if us else 6) and not occupied >> two & 1:
                    targets |= BB_SQUARES[two]
            for to in scan_forward(targets & to_mask):
                if square_rank(to) == last_rank:
                    for promotion in (QUEEN, ROOK, BISHOP, KNIGHT):
                        yield Move(sq, to, promotion)
                else:
                    yield Move(sq, to)

    def generate_pseudo_legal_captures(self, from_mask: Bitboard = BB_ALL,
                                       to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        theirs = Position.occupied_co(self, not self.turn)
        ep = self._valid_ep_square()
        for move in self.generate_pseudo_legal_moves(from_mask, to_mask):
            if theirs >> move.to_square & 1 or (
                    move.to_square == ep and self.piece_type_at(move.from_square) == PAWN):
                yield move

    def generate_pseudo_legal_ep(self, from_mask: Bitboard = BB_ALL, to_mask: Bitboard = BB_ALL) -> Iterator[Move]:
        ep = self._valid_ep_square()
        if ep is None:
            return
        for move in self.generate_pseudo_legal_moves(from_mask & self.pieces_mask(PAWN, self.turn),
                                                     to_mask & BB_SQUARES[ep]):
            yield move

    def is_pseudo_legal(self, move: Move) -> bool:
        if not move:
            return False
        if self.is_legal(move):
            return True
        if self.color_at(move.from_square) != self.turn:
            return False
        return any(m == move for m in self.generate_pseudo_legal_moves(BB_SQUARES[move.from_square],
                                                                       BB_SQUARES[move.to_square]))

    def is_into_check(self, move: Move) -> bool:
        return self.is_pseudo_legal(move) and not self.is_legal(move)

    def was_into_check(self) -> bool:
        king = self.king(not self.turn)
        return king is not None and self.is_attacked_by(self.turn, king)

    def is_irreversible(self, move: Move) -> bool:
        if self.is_zeroing(move):
            return True
        rights = self.castling_rights
        if not rights:
            return False
        after = self.copy(stack=False)
        after.push(move)
        return after.castling_rights != rights or (self.ep_square is not None and self.has_legal_en_passant())

    # ------------------------------------------------------------------ Judging the board
    def status(self) -> Status:
        errors = Status.VALID
        occupied = self.occupied
        white = Position.occupied_co(self, WHITE)
        black = Position.occupied_co(self, BLACK)
        kings = self.kings
        if not occupied:
            errors |= Status.EMPTY
        if not white & kings:
            errors |= Status.NO_WHITE_KING
        if not black & kings:
            errors |= Status.NO_BLACK_KING
        if popcount(kings) > 2:
            errors |= Status.TOO_MANY_KINGS
        if popcount(white) > 16:
            errors |= Status.TOO_MANY_WHITE_PIECES
        if popcount(black) > 16:
            errors |= Status.TOO_MANY_BLACK_PIECES
        if popcount(self.pieces_mask(PAWN, WHITE)) > 8:
            errors |= Status.TOO_MANY_WHITE_PAWNS
        if popcount(self.pieces_mask(PAWN, BLACK)) > 8:
            errors |= Status.TOO_MANY_BLACK_PAWNS
        if self.pawns & BB_BACKRANKS:
            errors |= Status.PAWNS_ON_BACKRANK
        valid_ep = self._valid_ep_square()
        if self.ep_square != valid_ep:
            errors |= Status.INVALID_EP_SQUARE
        if self.was_into_check():
            errors |= Status.OPPOSITE_CHECK
        checkers = self.checkers_mask()
        if checkers:
            our_king = self.king(self.turn)
            if popcount(checkers) > 2:
                errors |= Status.TOO_MANY_CHECKERS
            if valid_ep is not None:
                pushed_to = valid_ep ^ 8
                if popcount(checkers) > 1 or (msb(checkers) != pushed_to and self._checked_before_double_step(valid_ep)):
                    errors |= Status.IMPOSSIBLE_CHECK
            elif popcount(checkers) > 2 or (
                    popcount(checkers) == 2 and our_king is not None
                    and ray(lsb(checkers), msb(checkers)) >> our_king & 1):
                errors |= Status.IMPOSSIBLE_CHECK
        return errors

    def _checked_before_double_step(self, ep: Square) -> bool:
        """Whether the king to move was in check already before the double step that gave the
        en-passant square (the step cannot have given a check it did not make itself)."""
        before = self.copy(stack=False)
        pushed_to, pushed_from = ep ^ 8, ep ^ 24
        pawn = before.piece_at(pushed_to)
        before._set_piece(pushed_to, 0, WHITE)
        if pawn is not None:
            before._set_piece(pushed_from, pawn.piece_type, pawn.color)
        king = before.king(before.turn)
        return king is not None and before.is_attacked_by(not before.turn, king)

    def is_valid(self) -> bool:
        return self.status() == Status.VALID

    def has_insufficient_material(self, color: Color) -> bool:
        """Whether `color` cannot mate whatever the other side does."""
        own = Position.occupied_co(self, color)
        if own & (self.pawns | self.rooks | self.queens):
            return False
        if own & self.knights:
            return popcount(own) <= 2 and not (Position.occupied_co(self, not color) & ~self.kings & ~self.queens)
        if own & self.bishops:
            same_colour = not (self.bishops & 0x55AA_55AA_55AA_55AA) or not (self.bishops & ~0x55AA_55AA_55AA_55AA)
            return same_colour and not self.pawns and not self.knights
        return True

    # ------------------------------------------------------------------ Values
    def __repr__(self) -> str:
        if self.chess960:
            return f"{type(self).__name__}({self.fen()!r}, chess960=True)"
        return f"{type(self).__name__}({self.fen()!r})"

    def __reduce__(self) -> Tuple[Any, ...]:
        # The position the stack starts from and the moves, so that pop() works after loading.
        root = Position.root(self)
        return (_unpickle_board, (type(self), _position_fen(root, "standard"), self.chess960,
                                  [move.uci() for move in self.move_stack]))


_install_board_state(BaseBoard, SquareSet)
_install_board_state(Board, SquareSet)  # (Board's own push is Python: the compiled one replaces it)


def _unpickle_board(cls: Type[BoardT], root_fen: str, chess960: bool, moves: List[str]) -> BoardT:
    board = cls(root_fen, chess960=chess960)
    for uci in moves:
        board.push(Move.from_uci(uci))
    return board


def _check_opcode(opcode: str) -> None:
    if not opcode:
        raise ValueError("empty string is not a valid epd opcode")
    if opcode == "-":
        raise ValueError("dash (-) is not a valid epd opcode")
    if not opcode[0].isalpha() or not all(ch.isalnum() or ch == "_" for ch in opcode):
        raise ValueError(f"invalid epd opcode: {opcode!r}")


def _read_epd_operations(text: str, make_board: Callable[[], Board]) -> Dict[str, Any]:
    """The operations of an EPD record: a character at a time, as strings may hold ';'."""
    operations: Dict[str, Any] = {}
    state = "opcode"
    opcode = ""
    operand = ""
    board: Optional[Board] = None

    def move_operand() -> Any:
        nonlocal board
        if board is None:
            board = make_board()
        if opcode == "pv":
            line = []
            for token in operand.split():
                move = board.parse_san(token)
                line.append(move)
                board.push(move)
            while board.move_stack:
                board.pop()
            return line
        if opcode in ("am", "bm"):
            return [board.parse_san(token) for token in operand.split()]
        return board.parse_san(operand)

    for ch in list(text) + [None]:
        if state == "opcode":
            if ch in (" ", "\t", "\r", "\n"):
                if opcode == "-":
                    opcode = ""
                elif opcode:
                    _check_opcode(opcode)
                    state = "after_opcode"
            elif ch is None or ch == ";":
                if opcode == "-":
                    opcode = ""
                elif opcode:
                    _check_opcode(opcode)
                    operations[opcode] = [] if opcode in ("pv", "am", "bm") else None
                    opcode = ""
            else:
                opcode += ch
        elif state == "after_opcode":
            if ch in (" ", "\t", "\r", "\n"):
                continue
            if ch == "\"":
                state = "string"
            elif ch is None or ch == ";":
                operations[opcode] = [] if opcode in ("pv", "am", "bm") else None
                opcode, state = "", "opcode"
            elif ch in "+-.0123456789":
                operand, state = ch, "numeric"
            else:
                operand, state = ch, "san"
        elif state == "numeric":
            if ch is None or ch == ";":
                if "." in operand or "e" in operand or "E" in operand:
                    value = float(operand)
                    if not math.isfinite(value):
                        raise ValueError(f"invalid numeric operand for epd operation {opcode!r}: {operand!r}")
                    operations[opcode] = value
                else:
                    operations[opcode] = int(operand)
                opcode, operand, state = "", "", "opcode"
            else:
                operand += ch
        elif state == "string":
            if ch is None or ch == "\"":
                operations[opcode] = operand
                opcode, operand, state = "", "", "opcode"
            elif ch == "\\":
                state = "string_escape"
            else:
                operand += ch
        elif state == "string_escape":
            if ch is None:
                operations[opcode] = operand
                opcode, operand, state = "", "", "opcode"
            else:
                operand += {"r": "\r", "n": "\n", "t": "\t"}.get(ch, ch)
                state = "string"
        elif state == "san":
            if ch is None or ch == ";":
                operations[opcode] = move_operand()
                opcode, operand, state = "", "", "opcode"
            else:
                operand += ch
    return operations


def _san_error(message: str) -> ValueError:
    """python-chess's kind of error for a SAN move that could not be read."""
    lowered = message.lower()
    if "ambiguous" in lowered:
        return AmbiguousMoveError(message)
    if "not a move" in lowered or "invalid" in lowered or "empty" in lowered:
        return InvalidMoveError(message)
    return IllegalMoveError(message)


__all__ = [
    "Board", "BaseBoard", "LegalMoveGenerator", "PseudoLegalMoveGenerator", "Status",
    "InvalidMoveError", "IllegalMoveError", "AmbiguousMoveError", "STARTING_FEN",
    "STARTING_BOARD_FEN", "Color", "PieceType", "BoardT", "BaseBoardT",
    "STATUS_VALID", "STATUS_NO_WHITE_KING", "STATUS_NO_BLACK_KING", "STATUS_TOO_MANY_KINGS",
    "STATUS_TOO_MANY_WHITE_PAWNS", "STATUS_TOO_MANY_BLACK_PAWNS", "STATUS_PAWNS_ON_BACKRANK",
    "STATUS_TOO_MANY_WHITE_PIECES", "STATUS_TOO_MANY_BLACK_PIECES", "STATUS_BAD_CASTLING_RIGHTS",
    "STATUS_INVALID_EP_SQUARE", "STATUS_OPPOSITE_CHECK", "STATUS_EMPTY", "STATUS_RACE_CHECK",
    "STATUS_RACE_OVER", "STATUS_RACE_MATERIAL", "STATUS_TOO_MANY_CHECKERS",
    "STATUS_IMPOSSIBLE_CHECK",
]
