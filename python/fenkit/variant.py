"""python-chess's variant boards (``chess.variant``) over fenkit's positions.

``CrazyhouseBoard``, ``ThreeCheckBoard``, ``AtomicBoard``, ``AntichessBoard`` (with
``GiveawayBoard``), ``KingOfTheHillBoard``, ``RacingKingsBoard`` and ``HordeBoard`` are
``fenkit.Board`` playing by lichess's rules of the variant: legal moves, push, SAN and UCI
(drops ``N@f3``, promotion to king), FEN (the crazyhouse pocket and ``~``, three-check's
remaining checks), checks and the variant's end (``is_variant_end``, ``is_variant_win``,
``outcome()``) are the compiled ones. ``find_variant("King of the Hill")`` finds a class by any
name python-chess or lichess gives it.
"""

from typing import Iterable, List, Optional, Type, Union

from ._board import Board, Color, PieceType, _position_init
from ._chess import BLACK, PAWN, PIECE_SYMBOLS, PIECE_TYPES, WHITE, Move, piece_symbol
from ._fenkit import Position

__all__ = [
    "VariantBoard", "CrazyhouseBoard", "CrazyhousePocket", "ThreeCheckBoard", "AtomicBoard",
    "AntichessBoard", "GiveawayBoard", "KingOfTheHillBoard", "RacingKingsBoard", "HordeBoard",
    "VARIANTS", "find_variant",
]

_STANDARD_ARRAY = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR"


class VariantBoard(Board):
    """A Board of one of the variants: the class names the rules (its ``_variant``); a board
    class's default FEN is its variant's start (None: an empty board)."""

    _variant = "standard"

    def __init__(self, fen: Optional[str] = None, chess960: bool = False) -> None:
        _position_init(self, chess960=chess960, variant=self._variant)
        if fen is None:
            self.clear()
        elif fen != type(self).starting_fen:
            self.set_fen(fen)

    @classmethod
    def empty(cls, *, chess960: bool = False) -> "VariantBoard":  # type: ignore[override]
        return cls(None, chess960=chess960)

    def has_insufficient_material(self, color: Color) -> bool:
        """Whether `color` cannot win any more, by the variant's rules (python-chess's)."""
        return bool(self._insufficient_material(color))


class CrazyhousePocket:
    """The pieces one side holds in hand: counted by type, as python-chess's pocket. A pocket
    taken from a board (``board.pockets[WHITE]``) changes the board when changed."""

    def __init__(self, symbols: Iterable[str] = "", *, _board: Optional["CrazyhouseBoard"] = None,
                 _color: Color = WHITE) -> None:
        self._board = _board
        self._color = _color
        if _board is not None:
            self._pieces = [0] + list(_board._pocket_counts[_color]) + [0]
        else:
            self._pieces = [0] * 7
            for symbol in symbols:
                self.add(PIECE_SYMBOLS.index(symbol))

    def _store(self) -> None:
        if self._board is not None:
            self._board._set_pocket(self._color, self._pieces[1:6])

    def reset(self) -> None:
        self._pieces = [0] * 7
        self._store()

    def add(self, piece_type: PieceType) -> None:
        self._pieces[piece_type] += 1
        self._store()

    def remove(self, piece_type: PieceType) -> None:
        if not self._pieces[piece_type]:
            raise ValueError(f"cannot remove {piece_symbol(piece_type)} from {self!r}")
        self._pieces[piece_type] -= 1
        self._store()

    def count(self, piece_type: PieceType) -> int:
        return self._pieces[piece_type]

    def __len__(self) -> int:
        return sum(self._pieces[1:])

    def __str__(self) -> str:
        return "".join(piece_symbol(pt) * self.count(pt) for pt in reversed(PIECE_TYPES))

    def __repr__(self) -> str:
        return f"CrazyhousePocket('{self}')"

    def copy(self) -> "CrazyhousePocket":
        pocket = CrazyhousePocket()
        pocket._pieces = self._pieces[:]
        return pocket


class CrazyhouseBoard(VariantBoard):
    aliases = ["Crazyhouse", "Crazy House", "House", "ZH"]
    uci_variant = "crazyhouse"
    xboard_variant = "crazyhouse"
    starting_fen = _STANDARD_ARRAY + "[] w KQkq - 0 1"
    _variant = "crazyhouse"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)

    @property
    def pockets(self) -> List[CrazyhousePocket]:
        """The pockets, indexed by colour (pockets[WHITE], pockets[BLACK])."""
        return [CrazyhousePocket(_board=self, _color=BLACK), CrazyhousePocket(_board=self, _color=WHITE)]

    @property
    def promoted(self) -> int:  # type: ignore[override]
        return self._promoted_mask

    def san(self, move: Union[Move, str]) -> str:
        # A pawn drop as python-chess writes it ("@e4"); lichess's "P@e4" is read either way.
        text = super().san(move)
        return text[1:] if isinstance(move, Move) and move.drop == PAWN else text

    def clear_board(self) -> None:
        super().clear_board()
        self._set_pocket(WHITE, [0] * 5)
        self._set_pocket(BLACK, [0] * 5)

    def legal_drop_squares_mask(self) -> int:
        drops = {move.to_square for move in self.legal_moves if move.drop}
        return sum(1 << square for square in drops)


class ThreeCheckBoard(VariantBoard):
    aliases = ["Three-check", "Three check", "Threecheck", "Three check chess", "3-check",
               "3 check", "3check"]
    uci_variant = "3check"
    xboard_variant = "3check"
    starting_fen = _STANDARD_ARRAY + " w KQkq - 3+3 0 1"
    _variant = "threecheck"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)

    def clear_board(self) -> None:
        super().clear_board()
        self._set_remaining_checks(WHITE, 3)
        self._set_remaining_checks(BLACK, 3)


class AtomicBoard(VariantBoard):
    aliases = ["Atomic", "Atom", "Atomic chess"]
    uci_variant = "atomic"
    xboard_variant = "atomic"
    starting_fen = _STANDARD_ARRAY + " w KQkq - 0 1"
    connected_kings = True
    _variant = "atomic"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class AntichessBoard(VariantBoard):
    aliases = ["Antichess", "Anti chess", "Anti"]
    uci_variant = "antichess"
    xboard_variant = "giveaway"
    starting_fen = _STANDARD_ARRAY + " w - - 0 1"
    connected_kings = True
    one_king = False
    captures_compulsory = True
    _variant = "antichess"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class GiveawayBoard(AntichessBoard):
    """lichess's Antichess rules under python-chess's other name (stalemate wins)."""

    aliases = ["Giveaway", "Giveaway chess", "Give away", "Give away chess"]
    uci_variant = "giveaway"
    starting_fen = _STANDARD_ARRAY + " w KQkq - 0 1"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class KingOfTheHillBoard(VariantBoard):
    aliases = ["King of the Hill", "KOTH", "kingOfTheHill"]
    uci_variant = "kingofthehill"
    xboard_variant = "kingofthehill"
    starting_fen = _STANDARD_ARRAY + " w KQkq - 0 1"
    _variant = "kingofthehill"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class RacingKingsBoard(VariantBoard):
    aliases = ["Racing Kings", "Racing", "Race", "racingkings"]
    uci_variant = "racingkings"
    xboard_variant = "racingkings"
    starting_fen = "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    _variant = "racingkings"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


class HordeBoard(VariantBoard):
    aliases = ["Horde", "Horde chess"]
    uci_variant = "horde"
    xboard_variant = "horde"
    starting_fen = "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"
    _variant = "horde"

    def __init__(self, fen: Optional[str] = starting_fen, chess960: bool = False) -> None:
        super().__init__(fen, chess960)


VARIANTS: List[Type[Board]] = [
    Board, AntichessBoard, GiveawayBoard, AtomicBoard, KingOfTheHillBoard, RacingKingsBoard,
    HordeBoard, ThreeCheckBoard, CrazyhouseBoard,
]

def find_variant(name: str) -> Type[Board]:
    """The board class of a variant by any of its names (python-chess's aliases, lichess's
    names and keys: "King of the Hill", "kingOfTheHill", "koth"); ValueError for a variant
    fenkit does not play."""
    for variant in VARIANTS:
        if any(alias.lower() == name.lower() for alias in variant.aliases):
            return variant
    try:
        key = Position(variant=name).variant
    except ValueError:
        raise ValueError(f"unsupported variant: {name}") from None
    for variant in VARIANTS:
        if getattr(variant, "_variant", "standard") == key:
            return variant
    raise ValueError(f"unsupported variant: {name}")
