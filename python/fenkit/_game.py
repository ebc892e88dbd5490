"""What fenkit.Game adds in Python: python-chess's view of a game's main line, node by node
(move, SAN, UCI, comment, NAGs, evaluation, clock, the position), and its evaluations."""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, List, Optional, Tuple, Union

from ._chess import WHITE, Move
from ._fenkit import Game, Position


class Cp:
    """An evaluation in centipawns (python-chess's chess.engine.Cp)."""

    __slots__ = ("cp",)

    def __init__(self, cp: int) -> None:
        self.cp = cp

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        return self.cp

    def mate(self) -> None:
        return None

    def is_mate(self) -> bool:
        return False

    def __neg__(self) -> "Cp":
        return Cp(-self.cp)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Cp) and other.cp == self.cp

    def __hash__(self) -> int:
        return hash(("cp", self.cp))

    def __repr__(self) -> str:
        return f"Cp({self.cp:+d})"


class Mate:
    """Mate in a number of moves, positive when the side it is seen from mates
    (python-chess's chess.engine.Mate)."""

    __slots__ = ("moves",)

    def __init__(self, moves: int) -> None:
        self.moves = moves

    def score(self, *, mate_score: Optional[int] = None) -> Optional[int]:
        if mate_score is None:
            return None
        return mate_score - self.moves if self.moves > 0 else -mate_score - self.moves

    def mate(self) -> int:
        return self.moves

    def is_mate(self) -> bool:
        return True

    def __neg__(self) -> "Mate":
        return Mate(-self.moves)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Mate) and other.moves == self.moves

    def __hash__(self) -> int:
        return hash(("mate", self.moves))

    def __repr__(self) -> str:
        return f"Mate({self.moves:+d})"


class PovScore:
    """A score seen from one side (python-chess's chess.engine.PovScore): white(), black(),
    pov(color)."""

    __slots__ = ("relative", "turn")

    def __init__(self, relative: Union[Cp, Mate], turn: bool) -> None:
        self.relative = relative
        self.turn = turn

    def pov(self, color: bool) -> Union[Cp, Mate]:
        return self.relative if self.turn == color else -self.relative

    def white(self) -> Union[Cp, Mate]:
        return self.pov(WHITE)

    def black(self) -> Union[Cp, Mate]:
        return self.pov(not WHITE)

    def is_mate(self) -> bool:
        return self.relative.is_mate()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PovScore) and self.white() == other.white()

    def __repr__(self) -> str:
        return f"PovScore({self.relative!r}, {'WHITE' if self.turn else 'BLACK'})"


class GameNode:
    """One main-line move of a game and what is written after it, with python-chess's names:
    ``move``, ``san()``, ``uci()``, ``comment`` (the comments without their [%...] commands,
    where python-chess keeps the commands in it; ``comments``: as written), ``nags`` (a set),
    ``eval()`` (a PovScore from White's view, as lichess writes it), ``eval_depth()``,
    ``clock()`` and ``emt()`` (seconds), ``ply()``, ``turn()`` and ``board()`` (the position
    after the move, made on demand, with the game's moves on its move stack).

    A node is a view of what was read: its attributes cannot be set (an edit here would not
    reach the game's to_pgn()). fenkit.pgn's games are the ones to edit."""

    __slots__ = ("_game", "_move", "_comment", "_comments", "_nags", "_ply", "_uci", "_san",
                 "_eval_cp", "_mate", "_eval_depth", "_clock_ms", "_emt_ms")

    def __init__(self, game: Game, ply: int, data) -> None:
        (self._uci, self._san, self._comment, self._comments, nags, self._eval_cp, self._mate,
         self._eval_depth, self._clock_ms, self._emt_ms) = data
        self._game = game
        self._ply = ply
        self._nags = frozenset(nags)
        self._move = Move.from_uci(self._uci)

    @property
    def game(self) -> Game:
        """The game the node belongs to."""
        return self._game

    @property
    def move(self) -> Move:
        return self._move

    @property
    def comment(self) -> str:
        """The comments after the move without their [%...] commands."""
        return self._comment

    @property
    def comments(self) -> List[str]:
        """The comments after the move, as written."""
        return self._comments

    @property
    def nags(self) -> "frozenset[int]":
        """The NAGs after the move."""
        return self._nags

    def san(self) -> str:
        return self._san

    def uci(self) -> str:
        return self._uci

    def ply(self) -> int:
        """Half-moves from the game's start position to the position after the move."""
        return self._ply

    def turn(self) -> bool:
        """The side to move after the move."""
        return self.game.start.turn == (self._ply % 2 == 0)

    def eval(self) -> Optional[PovScore]:
        if self._mate is not None:
            return PovScore(Mate(self._mate), WHITE)
        if self._eval_cp is not None:
            return PovScore(Cp(self._eval_cp), WHITE)
        return None

    def eval_depth(self) -> Optional[int]:
        return self._eval_depth

    def clock(self) -> Optional[float]:
        return None if self._clock_ms is None else self._clock_ms / 1000

    def emt(self) -> Optional[float]:
        return None if self._emt_ms is None else self._emt_ms / 1000

    def board(self) -> Position:
        pos = self.game.start
        for node in self.game.mainline()[: self._ply]:
            pos.push(node.move)
        return pos

    def __repr__(self) -> str:
        return f"<GameNode ply {self._ply}: {self._san}>"


def _mainline(self) -> List[GameNode]:
    """The main line's moves as nodes (python-chess's game.mainline()), first to last."""
    return [GameNode(self, ply, data) for ply, data in enumerate(self._mainline_data(), 1)]


def _mainline_moves(self) -> List[Move]:
    """The main line as fenkit.Move values (python-chess's game.mainline_moves())."""
    return [Move.from_uci(uci) for uci in self.uci]


def _end(self) -> Optional[GameNode]:
    """The last node of the main line (None for a game without moves)."""
    line = self.mainline()
    return line[-1] if line else None


def _board(self) -> Position:
    """The start position (python-chess's game.board())."""
    return self.start


# The compiled class gets its Python methods here (its stub, _fenkit.pyi, declares them).
Game.mainline = _mainline  # type: ignore[assignment]
Game.mainline_moves = _mainline_moves  # type: ignore[assignment]
Game.end = _end  # type: ignore[assignment]
Game.board = _board  # type: ignore[assignment]
_ROSTER_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?",
                    "Black": "?", "Result": "*"}


def _headers(self) -> "MappingProxyType[str, str]":
    """The tags as python-chess's headers show them: the seven-tag roster first, in its
    order, "?" (or "????.??.??", "*") where the game has no such tag, then the others in input
    order. Read-only: a game read is a record (fenkit.pgn's games are the ones to edit)."""
    tags = self.tags
    headers = {name: tags.get(name, default) for name, default in _ROSTER_DEFAULTS.items()}
    for name, value in tags.items():
        headers.setdefault(name, value)
    return MappingProxyType(headers)


Game.headers = property(_headers)  # type: ignore[assignment]
