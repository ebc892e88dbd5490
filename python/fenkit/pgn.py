"""python-chess's ``chess.pgn`` over fenkit's PGN reader: games as trees of nodes, visitors,
and the PGN writers, with python-chess 1.11's names, behaviour and output bytes.

``read_game(handle)`` reads one game from a text handle, line by line as python-chess does (so
the handle is left at the next game), and hands the game's text to fenkit's compiled parser; the
nodes are built from its result without replaying moves in Python. Comments, NAGs, variations,
``[%eval]``/``[%clk]``/``[%emt]`` commands, the visitors (``GameBuilder``, ``HeadersBuilder``,
``BoardBuilder``, ``SkipVisitor``, ``StringExporter``, ``FileExporter``) and the tree edits
(``add_variation``, ``promote``, ``demote``, ...) behave as python-chess's.

A game that the compiled reader finds bad or odd (an illegal move, text python-chess skips, a
tag line in the movetext, ...) is read again token by token with python-chess's rules, so that
its tree and errors are python-chess's too; so is every game for a visitor that reads moves
itself (``parse_san`` overridden). The nodes keep the SAN the reader gave them (python-chess works
it out from the start position each time), until the tree or the start position is edited.

Differences: variants other than standard chess and Chess960 are not supported (``Headers.variant``
raises ValueError for them; the games are read as standard chess, with that error in
``Game.errors``); the messages of ``Game.errors`` are fenkit's ("NAME:LINE:COLUMN: error: game N:
...") and are logged as "fenkit.pgn".
"""

from __future__ import annotations

import abc
import dataclasses
import enum
import logging
import re
import typing
import weakref
from typing import (Any, Callable, Dict, Generic, Iterable, Iterator, List, Literal, Mapping,
                    MutableMapping, Optional, Set, TextIO, Tuple, Type, TypeVar, Union)

from . import _board as _board_module
from . import _chess
from . import _fenkit
from ._board import Board
from .variant import find_variant
from ._chess import SQUARE_NAMES, WHITE, Move
from ._game import Cp, Mate, PovScore

LOGGER = logging.getLogger(__name__)

# The compiled parser of one game's text (see python/src/games.cpp).
_parse_game_text: Callable[[str, str, int, int], Any] = getattr(_fenkit, "_parse_game_text")
_comment_eval: Callable[[str], Any] = getattr(_fenkit, "_comment_eval")
_comment_time: Callable[[str, str], Any] = getattr(_fenkit, "_comment_time")


# Numeric Annotation Glyphs (NAGs), as PGN numbers them. The first six also have move suffixes:
# ! ? !! ?? !? ?!.
NAG_NULL = 0
NAG_GOOD_MOVE = 1
NAG_MISTAKE = 2
NAG_BRILLIANT_MOVE = 3
NAG_BLUNDER = 4
NAG_SPECULATIVE_MOVE = 5
NAG_DUBIOUS_MOVE = 6
NAG_FORCED_MOVE = 7
NAG_SINGULAR_MOVE = 8
NAG_WORST_MOVE = 9
NAG_DRAWISH_POSITION = 10
NAG_QUIET_POSITION = 11
NAG_ACTIVE_POSITION = 12
NAG_UNCLEAR_POSITION = 13
NAG_WHITE_SLIGHT_ADVANTAGE = 14
NAG_BLACK_SLIGHT_ADVANTAGE = 15
NAG_WHITE_MODERATE_ADVANTAGE = 16
NAG_BLACK_MODERATE_ADVANTAGE = 17
NAG_WHITE_DECISIVE_ADVANTAGE = 18
NAG_BLACK_DECISIVE_ADVANTAGE = 19
NAG_WHITE_ZUGZWANG = 22
NAG_BLACK_ZUGZWANG = 23
NAG_WHITE_MODERATE_COUNTERPLAY = 132
NAG_BLACK_MODERATE_COUNTERPLAY = 133
NAG_WHITE_DECISIVE_COUNTERPLAY = 134
NAG_BLACK_DECISIVE_COUNTERPLAY = 135
NAG_WHITE_MODERATE_TIME_PRESSURE = 136
NAG_BLACK_MODERATE_TIME_PRESSURE = 137
NAG_WHITE_SEVERE_TIME_PRESSURE = 138
NAG_BLACK_SEVERE_TIME_PRESSURE = 139
NAG_NOVELTY = 146

# A tag line: [Name "value"], the name a letter or digit then letters, digits and _+#=:-; the
# value everything up to the last quote before the closing bracket (escapes are not read).
TAG_REGEX = re.compile(r'\[([0-9A-Za-z][-0-9A-Za-z_+#=:]*)\s+"([^\r]*)"]\s*\Z')
TAG_NAME_REGEX = re.compile(r"[0-9A-Za-z][-0-9A-Za-z_+#=:]*\Z")

# The commands of lichess and ChessBase in comments. The *_COMMAND patterns find one for
# reading it (they begin with their literal text, which the search looks for quickly); the
# *_REGEX ones also take one blank on each side, for replacing or removing it.
_CLOCK_VALUE = r"(?P<hours>\d+):(?P<minutes>\d+):(?P<seconds>\d+(?:\.\d*)?)"
_EVAL_VALUE = (r"(?:\#(?P<mate>[+-]?\d+)|(?P<cp>[+-]?(?:\d{0,10}\.\d{1,2}|\d{1,10}\.?)))"
               r"(?:,(?P<depth>\d+))?")
_ARROWS_VALUE = r"(?P<arrows>[RGYB][a-h][1-8](?:[a-h][1-8])?(?:,[RGYB][a-h][1-8](?:[a-h][1-8])?)*)"

_CLOCK_COMMAND = re.compile(r"\[%clk\s" + _CLOCK_VALUE + r"\]")
_EMT_COMMAND = re.compile(r"\[%emt\s" + _CLOCK_VALUE + r"\]")
_EVAL_COMMAND = re.compile(r"\[%eval\s" + _EVAL_VALUE + r"\]")

CLOCK_REGEX = re.compile(r"(?P<prefix>\s?)\[%clk\s" + _CLOCK_VALUE + r"\](?P<suffix>\s?)")
EMT_REGEX = re.compile(r"(?P<prefix>\s?)\[%emt\s" + _CLOCK_VALUE + r"\](?P<suffix>\s?)")
EVAL_REGEX = re.compile(r"(?P<prefix>\s?)\[%eval\s" + _EVAL_VALUE + r"\](?P<suffix>\s?)")
ARROWS_REGEX = re.compile(r"(?P<prefix>\s?)\[%(?:csl|cal)\s" + _ARROWS_VALUE + r"\](?P<suffix>\s?)")

TAG_ROSTER = ["Event", "Site", "Date", "Round", "White", "Black", "Result"]
_ROSTER_DEFAULTS = {"Event": "?", "Site": "?", "Date": "????.??.??", "Round": "?", "White": "?",
                    "Black": "?", "Result": "*"}
_ROSTER_SET = frozenset(TAG_ROSTER)

STARTING_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"

# Variant names (lowercase) read as standard chess, and as Chess960.
_STANDARD_NAMES = frozenset(["standard", "chess", "classical", "normal", "illegal", "from position"])
_CHESS960_NAMES = frozenset(["chess960", "chess 960", "fischerandom", "fischerrandom",
                             "fischer random"])
_WILD_NAMES = frozenset(["wild/0", "wild/1", "wild/2", "wild/3", "wild/4", "wild/5", "wild/6",
                         "wild/7", "wild/8", "wild/8a"])


class SkipType(enum.Enum):
    """What a visitor returns to have a game, its movetext or a variation skipped."""
    SKIP = None


SKIP = SkipType.SKIP

ResultT = TypeVar("ResultT", covariant=True)


# ------------------------------------------------------------------ errors

def _error_class(name: str) -> Type[ValueError]:
    """python-chess's exception class `name` where fenkit has it, else ValueError."""
    for module in (_chess, _board_module):
        found = getattr(module, name, None)
        if isinstance(found, type) and issubclass(found, ValueError):
            return found
    return ValueError


_IllegalMoveError = _error_class("IllegalMoveError")
_AmbiguousMoveError = _error_class("AmbiguousMoveError")
_InvalidMoveError = _error_class("InvalidMoveError")


def _reader_error(message: str) -> ValueError:
    """The exception for a message of the reader: python-chess's classes where they apply."""
    if "ambiguous" in message:
        return _AmbiguousMoveError(message)
    if "illegal move" in message:
        return _IllegalMoveError(message)
    if "not a move" in message:
        return _InvalidMoveError(message)
    return ValueError(message)


# ------------------------------------------------------------------ time controls

class TimeControlType(enum.Enum):
    UNKNOWN = 0
    UNLIMITED = 1
    STANDARD = 2
    RAPID = 3
    BLITZ = 4
    BULLET = 5


@dataclasses.dataclass
class TimeControlPart:
    """One period of a time control: ``moves`` to play (0: the rest of the game) in ``time``
    seconds, with an increment or a delay per move."""
    moves: int = 0
    time: int = 0
    increment: float = 0
    delay: float = 0


@dataclasses.dataclass
class TimeControl:
    """A TimeControl tag read (PGN standard, section 9.6.1): its periods and its kind by the
    FIDE rule on the first period's time plus 60 increments (bullet under 3 minutes, blitz
    under 15, rapid under 60, standard from 60)."""
    parts: List[TimeControlPart] = dataclasses.field(default_factory=list)
    type: TimeControlType = TimeControlType.UNKNOWN


def _time_control_part(text: str) -> TimeControlPart:
    part = TimeControlPart()
    period, plus, bonus = text.partition("+")
    if plus:
        if bonus.lower().endswith("d"):
            part.delay = float(bonus[:-1])
        else:
            part.increment = float(bonus)
    moves, slash, seconds = period.partition("/")
    if slash:
        part.moves = int(moves)
        part.time = int(seconds.split("/")[0])
    else:
        part.time = int(moves)
    return part


def parse_time_control(time_control: str) -> TimeControl:
    """The TimeControl tag's value read: "40/7200:3600", "180+2", "-" (no limit), "?"
    (unknown). ValueError for a value it cannot read."""
    control = TimeControl()
    if not time_control or time_control.startswith("?"):
        return control
    if time_control.startswith("-"):
        control.type = TimeControlType.UNLIMITED
        return control
    control.parts = [_time_control_part(text) for text in time_control.split(":")]
    if any(part.moves == 0 for part in control.parts[:-1]):
        raise ValueError("Only last part can be 'sudden death'.")
    first = control.parts[0]
    total = first.time + 60 * first.increment
    if total < 3 * 60:
        control.type = TimeControlType.BULLET
    elif total < 15 * 60:
        control.type = TimeControlType.BLITZ
    elif total < 60 * 60:
        control.type = TimeControlType.RAPID
    else:
        control.type = TimeControlType.STANDARD
    return control


# ------------------------------------------------------------------ arrows

class Arrow:
    """An arrow (or, with head == tail, a marked square) of a ``[%cal]`` or ``[%csl]`` command
    (python-chess's chess.svg.Arrow)."""

    __slots__ = ("tail", "head", "color")

    _LETTERS = {"red": "R", "yellow": "Y", "blue": "B"}
    _COLORS = {"G": "green", "R": "red", "Y": "yellow", "B": "blue"}

    def __init__(self, tail: int, head: int, *, color: str = "green") -> None:
        self.tail = tail
        self.head = head
        self.color = color

    def pgn(self) -> str:
        """The arrow as the commands write it: 'Ga1' (a square), 'Ya2h2' (an arrow); colours
        other than red, yellow and blue are written green."""
        letter = self._LETTERS.get(self.color, "G")
        if self.tail == self.head:
            return letter + SQUARE_NAMES[self.tail]
        return letter + SQUARE_NAMES[self.tail] + SQUARE_NAMES[self.head]

    def __str__(self) -> str:
        return self.pgn()

    def __repr__(self) -> str:
        return (f"Arrow({SQUARE_NAMES[self.tail].upper()}, {SQUARE_NAMES[self.head].upper()}, "
                f"color={self.color!r})")

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Arrow) and self.tail == other.tail and self.head == other.head
                and self.color == other.color)

    def __hash__(self) -> int:
        return hash((self.tail, self.head, self.color))

    @classmethod
    def from_pgn(cls, pgn: str) -> "Arrow":
        """The arrow of 'Ga1', 'Ya2h2' or, without a colour letter, 'a2h2' (green).
        ValueError when it is none of these."""
        color = cls._COLORS.get(pgn[:1])
        if color is None:
            color = "green"
        else:
            pgn = pgn[1:]
        if len(pgn) == 2:
            tail = head = _square(pgn)
        elif len(pgn) == 4:
            tail, head = _square(pgn[:2]), _square(pgn[2:])
        else:
            raise ValueError(f"invalid arrow: {pgn!r}")
        return cls(tail, head, color=color)


def _square(name: str) -> int:
    try:
        return SQUARE_NAMES.index(name)
    except ValueError:
        raise ValueError(f"invalid square name: {name!r}") from None


# ------------------------------------------------------------------ comment commands

def _replace_command(pattern: "re.Pattern[str]", command: str, comment: str) -> Tuple[str, int]:
    """The comment with the first match of `pattern` replaced by `command`, or removed when
    `command` is empty (then one blank of those around it stays); and the count replaced."""

    def replacement(match: "re.Match[str]") -> str:
        before, after = match.group("prefix"), match.group("suffix")
        if command:
            return before + command + after
        return after if before else ""

    return pattern.subn(replacement, comment, count=1)


def _clock_text(seconds: float) -> str:
    seconds = max(0, seconds)
    hours = int(seconds // 3600)
    minutes = int(seconds % 3600 // 60)
    rest = seconds % 3600 % 60
    return f"{hours:d}:{minutes:02d}:" + f"{rest:06.3f}".rstrip("0").rstrip(".")


def _eval_of(comment: str) -> Optional[Tuple[Optional[int], Optional[int], Optional[int]]]:
    """(mate, centipawns, depth) of the comment's first valid [%eval ...], or None: read by the
    compiled reader, or by _EVAL_COMMAND where the text is beyond it (the same answers)."""
    found = _comment_eval(comment)
    if found is not NotImplemented:
        read: Optional[Tuple[Optional[int], Optional[int], Optional[int]]] = found
        return read
    match = _EVAL_COMMAND.search(comment)
    if match is None:
        return None
    mate, cp, depth = match.group("mate", "cp", "depth")
    return (int(mate) if mate else None, None if mate else round(float(cp) * 100),
            int(depth) if depth else None)


def _time_of(comment: str, name: str, pattern: "re.Pattern[str]") -> Optional[float]:
    """The seconds of the comment's first valid [%clk ...] or [%emt ...], or None (as
    _eval_of reads)."""
    found = _comment_time(comment, name)
    if found is not NotImplemented:
        seconds: Optional[float] = found
        return seconds
    match = pattern.search(comment)
    return None if match is None else _clock_seconds(match)


def _clock_seconds(match: "re.Match[str]") -> float:
    hours, minutes, seconds = match.group("hours", "minutes", "seconds")
    return int(hours) * 3600 + int(minutes) * 60 + float(seconds)


# ------------------------------------------------------------------ the tree

# Nodes keep what the parser gave (SAN, UCI) and their depth below the game, valid while no
# node of any game has been moved under another parent or given another move since (each such
# edit counts in _edits) and the game's start position (FEN and Variant tags) is the one they
# were made for. Otherwise they are worked out again, as python-chess always does.
_edits = 0

_MOVES: Dict[str, Move] = {}


def _move_of(uci: str) -> Move:
    move = _MOVES.get(uci)
    if move is None:
        move = _MOVES[uci] = Move.from_uci(uci)
    return move


def _edited() -> None:
    global _edits
    _edits += 1


def _ply_of(board: Board) -> int:
    """python-chess's Board.ply(): half-moves from the start as told by the move number."""
    return 2 * (board.fullmove_number - 1) + (0 if board.turn else 1)


class GameNode(abc.ABC):
    """A node of a game's tree: the game itself (a ``Game``) or a move of it (a ``ChildNode``),
    with the moves that may follow (``variations``, the main one first), the comment after the
    move and, for the game, before the first move."""

    __slots__ = ("_parent", "_move", "variations", "comment", "starting_comment", "_nags",
                 "_stamp", "_depth", "_root", "_san", "_uci")

    _parent: Optional[GameNode]
    _move: Optional[Move]
    variations: List[ChildNode]
    comment: str
    starting_comment: str
    _nags: Optional[Set[int]]
    _stamp: int
    _depth: int
    _root: Game
    _san: Optional[str]
    _uci: Optional[str]

    def __init__(self, *, comment: str = "") -> None:
        self._parent = None
        self._move = None
        self.variations = []
        self.comment = comment
        self.starting_comment = ""
        self._nags = None
        self._stamp = -1
        self._san = None
        self._uci = None

    @property
    def parent(self) -> Optional[GameNode]:
        """The node before this one; None for the game."""
        return self._parent

    @parent.setter
    def parent(self, parent: Optional[GameNode]) -> None:
        self._parent = parent
        _edited()

    @property
    def move(self) -> Optional[Move]:
        """The move that leads to this node; None for the game."""
        return self._move

    @move.setter
    def move(self, move: Optional[Move]) -> None:
        self._move = move
        _edited()

    @property
    def nags(self) -> Set[int]:
        """The NAGs of the move, as a set of numbers (the game has none)."""
        nags = self._nags
        if nags is None:
            nags = self._nags = set()
        return nags

    @nags.setter
    def nags(self, nags: Set[int]) -> None:
        self._nags = nags

    def _fresh(self) -> bool:
        """Whether the cached depth, SAN and UCI hold; works them out again (depth) or drops
        them (SAN, UCI) when not."""
        if self._stamp == _edits and self._root._same_start():
            return True
        self._refresh()
        return False

    def _refresh(self) -> None:
        chain: List[GameNode] = []
        node: GameNode = self
        while True:
            if node._stamp == _edits and node._root._same_start():
                break
            chain.append(node)
            parent = node._parent
            if parent is None:
                break
            node = parent
        for node in reversed(chain):
            parent = node._parent
            if parent is None:
                node._depth = 0
                node._root = node if isinstance(node, Game) else _orphan_root
            else:
                node._depth = parent._depth + 1
                node._root = parent._root
            node._stamp = _edits
            node._san = None
            node._uci = None

    @abc.abstractmethod
    def board(self) -> Board:
        """A new board with the position at this node (the game's start position for the game;
        after the move for a move, with the moves from the start on its move stack)."""

    @abc.abstractmethod
    def ply(self) -> int:
        """The number of half-moves to this node, counted as the start position's move number
        and side to move tell (python-chess's Board.ply())."""

    def turn(self) -> bool:
        """The side to move at this node (WHITE is True)."""
        return self.ply() % 2 == 0

    def root(self) -> GameNode:
        """The node at the top of the tree (the game)."""
        node = self
        while node._parent is not None:
            node = node._parent
        return node

    def game(self) -> Game:
        """The game this node is part of."""
        root = self.root()
        assert isinstance(root, Game), "GameNode not rooted in Game"
        return root

    def end(self) -> GameNode:
        """The last node of the main line from here."""
        node = self
        while node.variations:
            node = node.variations[0]
        return node

    def is_end(self) -> bool:
        """Whether no move follows this node."""
        return not self.variations

    def starts_variation(self) -> bool:
        """Whether this node begins a variation: it is not its parent's first continuation
        (then it may have a starting comment)."""
        parent = self._parent
        if parent is None or not parent.variations:
            return False
        return parent.variations[0] != self

    def is_mainline(self) -> bool:
        """Whether this node is on the game's main line."""
        node = self
        while node._parent is not None:
            parent = node._parent
            if not parent.variations or parent.variations[0] != node:
                return False
            node = parent
        return True

    def is_main_variation(self) -> bool:
        """Whether this node is its parent's first continuation (the game is)."""
        parent = self._parent
        if parent is None:
            return True
        return not parent.variations or parent.variations[0] == self

    def __getitem__(self, move: Union[int, Move, GameNode]) -> ChildNode:
        try:
            return self.variations[move]  # type: ignore[index]
        except TypeError:
            for variation in self.variations:
                if variation._move == move or variation == move:
                    return variation
        raise KeyError(move)

    def __contains__(self, move: Union[int, Move, GameNode]) -> bool:
        try:
            self[move]
        except KeyError:
            return False
        return True

    def variation(self, move: Union[int, Move, GameNode]) -> ChildNode:
        """The continuation by its index, its move or itself."""
        return self[move]

    def has_variation(self, move: Union[int, Move, GameNode]) -> bool:
        """Whether this node has the continuation (index, move or node)."""
        return move in self

    def promote_to_main(self, move: Union[int, Move, GameNode]) -> None:
        """Makes the continuation the first one."""
        variation = self[move]
        self.variations.remove(variation)
        self.variations.insert(0, variation)

    def promote(self, move: Union[int, Move, GameNode]) -> None:
        """Moves the continuation one place up."""
        variation = self[move]
        i = self.variations.index(variation)
        if i > 0:
            self.variations[i - 1], self.variations[i] = self.variations[i], self.variations[i - 1]

    def demote(self, move: Union[int, Move, GameNode]) -> None:
        """Moves the continuation one place down."""
        variation = self[move]
        i = self.variations.index(variation)
        if i < len(self.variations) - 1:
            self.variations[i + 1], self.variations[i] = self.variations[i], self.variations[i + 1]

    def remove_variation(self, move: Union[int, Move, GameNode]) -> None:
        """Removes the continuation (and what follows it)."""
        self.variations.remove(self.variation(move))

    def add_variation(self, move: Move, *, comment: str = "", starting_comment: str = "",
                      nags: Iterable[int] = ()) -> ChildNode:
        """Adds a continuation by `move`, last of the continuations, and returns it."""
        return ChildNode(self, move, comment=comment, starting_comment=starting_comment, nags=nags)

    def add_main_variation(self, move: Move, *, comment: str = "",
                           nags: Iterable[int] = ()) -> ChildNode:
        """Adds a continuation by `move` as the first one, and returns it."""
        node = self.add_variation(move, comment=comment, nags=nags)
        self.variations.insert(0, self.variations.pop())
        return node

    def next(self) -> Optional[ChildNode]:
        """The first continuation, or None."""
        return self.variations[0] if self.variations else None

    def mainline(self) -> Mainline[ChildNode]:
        """The nodes of the main line after this node."""
        return Mainline(self, _same_node)

    def mainline_moves(self) -> Mainline[Move]:
        """The moves of the main line after this node."""
        return Mainline(self, _node_move)

    def add_line(self, moves: Iterable[Move], *, comment: str = "", starting_comment: str = "",
                 nags: Iterable[int] = ()) -> GameNode:
        """Adds the moves one after the other from this node, `starting_comment` on the first,
        `comment` and `nags` on the last (added to what it has); returns the last node."""
        node: GameNode = self
        for move in moves:
            node = node.add_variation(move, starting_comment=starting_comment)
            starting_comment = ""
        node.comment = node.comment + " " + comment if node.comment else comment
        node.nags.update(nags)
        return node

    # Commands in the comment.

    def eval(self) -> Optional[PovScore]:
        """The evaluation of the first valid ``[%eval ...]`` of the comment (pawns, or #moves
        to mate, from White's side), or None."""
        comment = self.comment
        if "[%eval" not in comment:
            return None
        found = _eval_of(comment)
        if found is None:
            return None
        turn = self.turn()
        moves, centipawns = found[0], found[1]
        if moves is not None:
            if moves == 0:
                # Mate given: the side to move has been mated.
                return PovScore(Mate(0), turn)
            return PovScore(Mate(moves if turn else -moves), turn)
        assert centipawns is not None  # (one of the two is read)
        return PovScore(Cp(centipawns if turn else -centipawns), turn)

    def eval_depth(self) -> Optional[int]:
        """The depth of the first valid ``[%eval ...]`` of the comment, or None."""
        comment = self.comment
        if "[%eval" not in comment:
            return None
        found = _eval_of(comment)
        return None if found is None else found[2]

    def set_eval(self, score: Optional[PovScore], depth: Optional[int] = None) -> None:
        """Replaces the first valid ``[%eval ...]`` of the comment by `score` (and `depth`),
        adds one at the end when there is none, removes it for None."""
        command = ""
        if score is not None:
            white: Any = typing.cast(Any, score).white()
            depth_text = "" if depth is None else f",{max(depth, 0):d}"
            cp = white.score()
            if cp is not None:
                command = f"[%eval {float(cp) / 100:.2f}{depth_text}]"
            elif white.mate():
                command = f"[%eval #{white.mate()}{depth_text}]"
        self.comment, found = _replace_command(EVAL_REGEX, command, self.comment)
        if not found and command:
            if self.comment and not self.comment.endswith(" "):
                self.comment += " "
            self.comment += command

    def arrows(self) -> List[Arrow]:
        """The arrows and marked squares of the ``[%csl ...]`` and ``[%cal ...]`` commands of the
        comment."""
        return [Arrow.from_pgn(text)
                for match in ARROWS_REGEX.finditer(self.comment)
                for text in match.group("arrows").split(",")]

    def set_arrows(self, arrows: Iterable[Union[Arrow, Tuple[int, int]]]) -> None:
        """Replaces the ``[%csl ...]`` and ``[%cal ...]`` commands of the comment by ones for
        `arrows` (Arrow objects or (tail, head) pairs), written at its start."""
        squares: List[str] = []
        lines: List[str] = []
        for item in arrows:
            arrow = item if isinstance(item, Arrow) else Arrow(item[0], item[1])
            (squares if arrow.tail == arrow.head else lines).append(arrow.pgn())
        self.comment = ARROWS_REGEX.sub(lambda m: _drop_command(m), self.comment)
        commands = ""
        if squares:
            commands += f"[%csl {','.join(squares)}]"
        if lines:
            commands += f"[%cal {','.join(lines)}]"
        if commands and self.comment and not self.comment.startswith((" ", "\n")):
            self.comment = commands + " " + self.comment
        else:
            self.comment = commands + self.comment

    def clock(self) -> Optional[float]:
        """The clock of the first valid ``[%clk ...]`` of the comment: the player's time left
        after the move, in seconds; or None."""
        comment = self.comment
        if "[%clk" not in comment:
            return None
        return _time_of(comment, "clk", _CLOCK_COMMAND)

    def set_clock(self, seconds: Optional[float]) -> None:
        """Replaces the first valid ``[%clk ...]`` of the comment, adds one at the end when there
        is none, removes it for None."""
        self.comment = _set_time(CLOCK_REGEX, "clk", seconds, self.comment)

    def emt(self) -> Optional[float]:
        """The time the move took, from the first valid ``[%emt ...]`` of the comment, in
        seconds; or None."""
        comment = self.comment
        if "[%emt" not in comment:
            return None
        return _time_of(comment, "emt", _EMT_COMMAND)

    def set_emt(self, seconds: Optional[float]) -> None:
        """Replaces the first valid ``[%emt ...]`` of the comment, adds one at the end when there
        is none, removes it for None."""
        self.comment = _set_time(EMT_REGEX, "emt", seconds, self.comment)

    # Visitors.

    @abc.abstractmethod
    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Visits the node's move and what follows it, in PGN order; the visitor's result."""

    def accept_subgame(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Visits the game as if it began at this node: its tags (with FEN and SetUp for this
        position), then the moves after this node; the visitor's result."""
        if visitor.begin_game() is not SKIP:
            game = self.game()
            board = self.board()
            setup = Game.without_tag_roster()
            setup.setup(board)
            visitor.begin_headers()
            for name, value in game.headers.items():
                if name not in setup.headers:
                    visitor.visit_header(name, value)
            for name, value in setup.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                visitor.visit_board(board)
                if self.variations:
                    _walk(self.variations[0], board, visitor, True)
                visitor.visit_result(game.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))


def _drop_command(match: "re.Match[str]") -> str:
    before, after = match.group("prefix"), match.group("suffix")
    return after if before else ""


def _set_time(pattern: "re.Pattern[str]", name: str, seconds: Optional[float],
              comment: str) -> str:
    command = "" if seconds is None else f"[%{name} {_clock_text(seconds)}]"
    comment, found = _replace_command(pattern, command, comment)
    if not found and command:
        if comment and not comment.endswith((" ", "\n")):
            comment += " "
        comment += command
    return comment


def _same_node(node: ChildNode) -> ChildNode:
    return node


def _node_move(node: ChildNode) -> Move:
    return node._move


class ChildNode(GameNode):
    """A move of a game, with the node it is played from (``parent``), its ``nags`` and, when it
    begins a variation, its ``starting_comment``."""

    __slots__ = ()

    _parent: GameNode
    _move: Move

    def __init__(self, parent: GameNode, move: Move, *, comment: str = "",
                 starting_comment: str = "", nags: Iterable[int] = ()) -> None:
        self._parent = parent
        self._move = move
        self.variations = []
        self.comment = comment
        self.starting_comment = starting_comment
        self._nags = set(nags)
        self._san = None
        self._uci = None
        if parent._stamp == _edits:
            self._stamp = _edits
            self._depth = parent._depth + 1
            self._root = parent._root
        else:
            self._stamp = -1
        parent.variations.append(self)

    @property  # type: ignore[override]
    def parent(self) -> GameNode:
        """The node this move is played from."""
        return self._parent

    @parent.setter
    def parent(self, parent: GameNode) -> None:
        self._parent = parent
        _edited()

    @property  # type: ignore[override]
    def move(self) -> Move:
        """The move that leads to this node."""
        return self._move

    @move.setter
    def move(self, move: Move) -> None:
        self._move = move
        _edited()

    def board(self) -> Board:
        moves: List[Move] = []
        node: GameNode = self
        while node._parent is not None:
            moves.append(node._move)  # type: ignore[arg-type]
            node = node._parent
        board = node.game().board()
        push = board.push
        for move in reversed(moves):
            push(move)
        return board

    def ply(self) -> int:
        if self._stamp != _edits or not self._root._same_start():
            self._refresh()
        root = self._root
        return self._depth + (root._start_ply() if root is not _orphan_root else 0)

    def turn(self) -> bool:
        # ply()'s answer, its calls inlined: eval() asks it at every node.
        root = self._root
        if self._stamp == _edits and root is not _orphan_root and root._same_start():
            ply = root._start_ply_cache
            if ply is not None:
                return (self._depth + ply) % 2 == 0
        return self.ply() % 2 == 0

    def san(self) -> str:
        """The move in SAN, as played from the parent's position."""
        if self._san is not None and self._fresh():
            # (A pawn drop read as lichess writes it, P@e4, is told as python-chess does: @e4.)
            return self._san[1:] if self._san[0] == "P" else self._san
        san = self._parent.board().san(self._move)
        self._san = san
        if self._stamp == _edits:
            self._root._sans_cached = True
        return san

    def uci(self, *, chess960: Optional[bool] = None) -> str:
        """The move in UCI, as played from the parent's position (castling as the king's move
        to g or c, or, in Chess960 or with ``chess960=True``, as the king taking its rook)."""
        if chess960 is None:
            if self._uci is not None and self._fresh():
                return self._uci
            uci = self._parent.board().uci(self._move)
            self._uci = uci
            if self._stamp == _edits:
                self._root._sans_cached = True
            return uci
        board: Any = self._parent.board()
        return typing.cast(str, board.uci(self._move, chess960=chess960))

    def end(self) -> ChildNode:
        return typing.cast(ChildNode, super().end())

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        _walk(self, self._parent.board(), visitor, False)
        return visitor.result()

    def __repr__(self) -> str:
        try:
            board = self._parent.board()
        except ValueError:
            return f"<{type(self).__name__} at {id(self):#x} (dangling: {self._move})>"
        number = f"{board.fullmove_number}{'.' if board.turn == WHITE else '...'}"
        return f"<{type(self).__name__} at {id(self):#x} ({number} {board.san(self._move)} ...)>"


GameT = TypeVar("GameT", bound="Game")


class Game(GameNode):
    """A game: its tags (``headers``), the comment before its first move, its moves as a tree,
    and the ``errors`` met while reading it."""

    __slots__ = ("headers", "errors", "_start_key", "_start_ply_cache", "_sans_cached",
                 "_start_headers", "_start_version")

    headers: Headers
    errors: List[Exception]

    def __init__(self, headers: Optional[Union[Mapping[str, str],
                                                Iterable[Tuple[str, str]]]] = None) -> None:
        super().__init__()
        self.headers = Headers(headers)
        self.errors = []
        self._root = self
        self._depth = 0
        self._stamp = _edits
        self._start_key: Tuple[Optional[str], Optional[str]] = self._start_tags()
        self._start_headers: Optional[Mapping[str, str]] = None
        self._start_version = -1
        self._start_ply_cache: Optional[int] = None
        self._sans_cached = False  # whether nodes keep SAN or UCI made for the start position

    def _start_tags(self) -> Tuple[Optional[str], Optional[str]]:
        headers = self.headers
        if type(headers) is Headers:
            others = headers._others
            return others.get("FEN"), others.get("Variant")
        return headers.get("FEN"), headers.get("Variant")

    def _same_start(self) -> bool:
        """Whether the FEN and Variant tags are still those the nodes' caches were made for
        (when not, the nodes' SAN and UCI are dropped)."""
        headers = self.headers
        if headers is self._start_headers and type(headers) is Headers and \
                headers._start_version == self._start_version:
            return True  # the same Headers, its FEN and Variant untouched: no need to look
        self._start_headers = headers
        self._start_version = getattr(headers, "_start_version", -1)
        key = self._start_tags()
        if key == self._start_key:
            return True
        self._start_key = key
        self._start_ply_cache = None
        if self._sans_cached:
            self._sans_cached = False
            _edited()
        return False

    def _start_ply(self) -> int:
        ply = self._start_ply_cache
        if ply is None:
            ply = self._start_ply_cache = _ply_of(self.board()) if "FEN" in self.headers else 0
        return ply

    def board(self) -> Board:
        return self.headers.board()

    def ply(self) -> int:
        self._same_start()
        return self._start_ply()

    @property  # type: ignore[override]
    def parent(self) -> None:
        return None

    @parent.setter
    def parent(self, parent: None) -> None:
        if parent is not None:
            raise ValueError("a game has no parent")

    @property  # type: ignore[override]
    def move(self) -> None:
        return None

    @move.setter
    def move(self, move: None) -> None:
        if move is not None:
            raise ValueError("a game has no move")

    def setup(self, board: Union[Board, str]) -> None:
        """Makes the game start from `board` (a board or a FEN): sets the FEN and SetUp tags, or
        removes them for the standard start position, and the Variant tag (Chess960)."""
        if isinstance(board, str):
            setup: Any = Board(board)
            if _has_chess960_castling(setup):
                setattr(setup, "chess960", True)
        else:
            setup = board
        fen = setup.fen()
        if fen == STARTING_FEN:
            self.headers.pop("FEN", None)
            self.headers.pop("SetUp", None)
        else:
            self.headers["FEN"] = fen
            self.headers["SetUp"] = "1"
        if setup.chess960:
            self.headers["Variant"] = "Chess960"
        else:
            self.headers.pop("Variant", None)

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        """Visits the game, tags then moves, in PGN order; the visitor's result."""
        if visitor.begin_game() is not SKIP:
            for name, value in self.headers.items():
                visitor.visit_header(name, value)
            if visitor.end_headers() is not SKIP:
                if not (self.variations and _exports_quickly(visitor) and self._export(visitor)):
                    board = self.board()
                    visitor.visit_board(board)
                    if self.comment:
                        visitor.visit_comment(self.comment)
                    if self.variations:
                        _walk(self.variations[0], board, visitor, True)
                visitor.visit_result(self.headers.get("Result", "*"))
        visitor.end_game()
        return visitor.result()

    def _export(self, visitor: BaseVisitor[Any]) -> bool:
        """Writes the moves to one of fenkit's exporters from the nodes' SAN, without a board;
        False (nothing written) when some SAN must be worked out again."""
        if "Variant" in self.headers:
            self.headers.variant()  # ValueError for a variant without a board, as board() has
        return _export_tree(self, typing.cast("StringExporterMixin", visitor))

    def time_control(self) -> TimeControl:
        """The TimeControl tag read (UNKNOWN without one)."""
        return parse_time_control(self.headers.get("TimeControl", ""))

    @classmethod
    def from_board(cls: Type[GameT], board: Board) -> GameT:
        """A game of the moves on the board's move stack, from its root position, with the
        result the final position has."""
        game = cls()
        game.setup(typing.cast(Any, board).root())
        node: GameNode = game
        for move in board.move_stack:
            node = node.add_variation(move)
        game.headers["Result"] = board.result()
        return game

    @classmethod
    def without_tag_roster(cls: Type[GameT]) -> GameT:
        """A game without the Seven Tag Roster's tags."""
        return cls(headers={})

    @classmethod
    def builder(cls: Type[GameT]) -> GameBuilder[GameT]:
        return GameBuilder(Game=cls)

    def __repr__(self) -> str:
        headers = self.headers
        errors = f", {len(self.errors)} errors" if self.errors else ""
        return (f"<{type(self).__name__} at {id(self):#x} ({headers.get('White', '?')!r} vs. "
                f"{headers.get('Black', '?')!r}, {headers.get('Date', '????.??.??')!r} at "
                f"{headers.get('Site', '?')!r}{errors})>")


class _OrphanRoot(Game):
    """The root recorded for nodes whose tree has no game at its top."""

    __slots__ = ()

    def _same_start(self) -> bool:
        return True



def _has_chess960_castling(board: Any) -> bool:
    check = getattr(board, "has_chess960_castling_rights", None)
    return bool(check()) if check is not None else bool(board.chess960)


HeadersT = TypeVar("HeadersT", bound="Headers")


_START_TAGS = frozenset(("FEN", "Variant"))


class Headers(MutableMapping[str, str]):
    """A game's tags: the Seven Tag Roster first, in its order, then the others in the order
    they were set. Without `data`, the roster with its unknown values ("?", "????.??.??", "*")."""

    def __init__(self, data: Optional[Union[Mapping[str, str], Iterable[Tuple[str, str]]]] = None,
                 **kwargs: str) -> None:
        self._tag_roster: Dict[str, str] = {}
        self._others: Dict[str, str] = {}
        # Counts changes of the FEN and Variant tags: a game's nodes keep what they worked out
        # from its start position (ply, SAN) while the count stays.
        self._start_version = 0
        if data is None:
            self._tag_roster.update(_ROSTER_DEFAULTS)
            data = ()
        self.update(data, **kwargs)

    def is_chess960(self) -> bool:
        """Whether the Variant tag names Chess960."""
        return self.get("Variant", "").lower() in _CHESS960_NAMES

    def is_wild(self) -> bool:
        """Whether the Variant tag names a FICS wild variant."""
        return self.get("Variant", "").lower() in _WILD_NAMES

    def variant(self) -> Type[Board]:
        """The board class of the Variant tag: Board for standard chess, Chess960 and wild;
        ValueError for a variant fenkit does not play."""
        if "Variant" not in self or self.is_chess960() or self.is_wild():
            return Board
        name = self["Variant"]
        if name.lower() in _STANDARD_NAMES:
            return Board
        return find_variant(name)

    def board(self) -> Board:
        """The start position the tags give (FEN, Variant)."""
        board_class = self.variant()
        board: Any = board_class(self.get("FEN", board_class.starting_fen), chess960=self.is_chess960())
        if not board.chess960 and _has_chess960_castling(board):
            setattr(board, "chess960", True)
        return typing.cast(Board, board)

    def __setitem__(self, key: str, value: str) -> None:
        if key in _ROSTER_SET:
            self._tag_roster[key] = value
        elif not TAG_NAME_REGEX.match(key):
            raise ValueError(f"invalid pgn header tag: {key!r}")
        elif "\n" in value or "\r" in value:
            raise ValueError(f"line break in pgn header {key}: {value!r}")
        else:
            if key in _START_TAGS:
                self._start_version += 1
            self._others[key] = value

    def __getitem__(self, key: str) -> str:
        return self._tag_roster[key] if key in _ROSTER_SET else self._others[key]

    def __delitem__(self, key: str) -> None:
        if key in _ROSTER_SET:
            del self._tag_roster[key]
        else:
            del self._others[key]
            if key in _START_TAGS:
                self._start_version += 1

    def __contains__(self, key: object) -> bool:
        return key in self._tag_roster or key in self._others

    def get(self, key: str, default: Any = None) -> Any:
        if key in _ROSTER_SET:
            return self._tag_roster.get(key, default)
        return self._others.get(key, default)

    def __iter__(self) -> Iterator[str]:
        roster = self._tag_roster
        for key in TAG_ROSTER:
            if key in roster:
                yield key
        yield from self._others

    def __len__(self) -> int:
        return len(self._tag_roster) + len(self._others)

    def copy(self: HeadersT) -> HeadersT:
        return type(self)(self)

    def __copy__(self: HeadersT) -> HeadersT:
        return self.copy()

    def __repr__(self) -> str:
        return f"{type(self).__name__}({', '.join(f'{k}={v!r}' for k, v in self.items())})"

    @classmethod
    def builder(cls: Type[HeadersT]) -> HeadersBuilder[HeadersT]:
        return HeadersBuilder(Headers=cls)


def _read_headers(pairs: List[Tuple[str, str]], roster_defaults: bool) -> Headers:
    """Headers of tag pairs read (valid names; a repeated tag keeps its last value)."""
    headers = Headers.__new__(Headers)
    roster: Dict[str, str] = dict(_ROSTER_DEFAULTS) if roster_defaults else {}
    others: Dict[str, str] = {}
    for name, value in pairs:
        if name in _ROSTER_SET:
            roster[name] = value
        else:
            others[name] = value
    headers._tag_roster = roster
    headers._others = others
    headers._start_version = 0
    return headers


_orphan_root = _OrphanRoot()

MainlineMapT = TypeVar("MainlineMapT")


class Mainline(Generic[MainlineMapT]):
    """The main line after a node, as the nodes (or what `f` makes of each): iterate it, forwards
    or reversed, print it, or visit it."""

    __slots__ = ("start", "f")

    def __init__(self, start: GameNode, f: Callable[[ChildNode], MainlineMapT]) -> None:
        self.start = start
        self.f = f

    def __bool__(self) -> bool:
        return bool(self.start.variations)

    def __iter__(self) -> Iterator[MainlineMapT]:
        node = self.start
        f = self.f
        if f is _same_node:
            while node.variations:
                node = node.variations[0]
                yield node  # type: ignore[misc]
        else:
            while node.variations:
                node = node.variations[0]
                yield f(node)

    def __reversed__(self) -> Iterator[MainlineMapT]:
        node = self.start.end()
        while node._parent is not None and node is not self.start:
            yield self.f(typing.cast(ChildNode, node))
            node = node._parent

    def accept(self, visitor: BaseVisitor[ResultT]) -> ResultT:
        node = self.start
        board = node.board()
        while node.variations:
            node = node.variations[0]
            _accept_node(node, board, visitor)
            board.push(node._move)
        return visitor.result()

    def __str__(self) -> str:
        return self.accept(StringExporter(columns=None))

    def __repr__(self) -> str:
        text = self.accept(StringExporter(columns=None, comments=False))
        return f"<Mainline at {id(self):#x} ({text})>"


# ------------------------------------------------------------------ visiting a tree

def _accept_node(node: ChildNode, board: Board, visitor: BaseVisitor[Any]) -> None:
    """One node's events: starting comment, move, position after it, NAGs, comment."""
    if node.starting_comment:
        visitor.visit_comment(node.starting_comment)
    move = node._move
    visitor.visit_move(board, move)
    board.push(move)
    visitor.visit_board(board)
    board.pop()
    if node._nags:
        for nag in sorted(node._nags):
            visitor.visit_nag(nag)
    if node.comment:
        visitor.visit_comment(node.comment)


def _walk(first: ChildNode, board: Board, visitor: BaseVisitor[Any], sidelines: bool) -> None:
    """Visits `first` (played on `board`), the variations that are alternatives to it (with
    `sidelines`), then what follows it, in PGN order; `board` is as it was after."""
    _accept_node(first, board, visitor)
    # Each frame: [node, its alternatives still to visit, how many visited, moves pushed,
    # whether the frame is a variation (closed by end_variation)].
    frames: List[List[Any]] = [[first, first._parent.variations[1:] if sidelines else [], 0, 0,
                                False]]
    while frames:
        frame = frames[-1]
        node: ChildNode = frame[0]
        alternatives: List[ChildNode] = frame[1]
        if frame[2] < len(alternatives):
            variation = alternatives[frame[2]]
            frame[2] += 1
            if visitor.begin_variation() is not SKIP:
                _accept_node(variation, board, visitor)
                frames.append([variation, [], 0, 0, True])
            else:
                visitor.end_variation()
            continue
        if node.variations:
            board.push(node._move)
            frame[3] += 1
            child = node.variations[0]
            _accept_node(child, board, visitor)
            frame[0] = child
            frame[1] = node.variations[1:]
            frame[2] = 0
            continue
        for _ in range(frame[3]):
            board.pop()
        frames.pop()
        if frame[4]:
            visitor.end_variation()


# ------------------------------------------------------------------ visitors

class BaseVisitor(abc.ABC, Generic[ResultT]):
    """The events of a game in PGN order, as reading a game (``read_game``) or walking a tree
    (``accept``) gives them; a method may return SKIP where it says so. ``result()`` is what
    ``read_game`` and ``accept`` return."""

    def begin_game(self) -> Optional[SkipType]:
        """A game begins (SKIP: skip it)."""
        pass

    def begin_headers(self) -> Optional[Headers]:
        """The tags begin (when reading)."""
        pass

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        """A tag."""
        pass

    def end_headers(self) -> Optional[SkipType]:
        """The tags end (SKIP: skip the moves)."""
        pass

    def begin_parse_san(self, board: Board, san: str) -> Optional[SkipType]:
        """When reading, before a move in SAN is read."""
        pass

    def parse_san(self, board: Board, san: str) -> Move:
        """When reading, reads a move in SAN (an override may read odd notations)."""
        return board.parse_san(san)

    def visit_move(self, board: Board, move: Move) -> None:
        """A move, with the board before it (to be left as it is)."""
        pass

    def visit_board(self, board: Board) -> None:
        """The start position and the position after each move (to be left as it is)."""
        pass

    def visit_comment(self, comment: str) -> None:
        """A comment."""
        pass

    def visit_nag(self, nag: int) -> None:
        """A NAG."""
        pass

    def begin_variation(self) -> Optional[SkipType]:
        """A variation begins (SKIP: skip it); not called for the main line."""
        pass

    def end_variation(self) -> None:
        """A variation ends."""
        pass

    def visit_result(self, result: str) -> None:
        """The game's result (when walking a tree, its Result tag)."""
        pass

    def end_game(self) -> None:
        """The game ends."""
        pass

    @abc.abstractmethod
    def result(self) -> ResultT:
        """What the visitor made."""

    def handle_error(self, error: Exception) -> None:
        """An error met while reading: raises it."""
        raise error


class GameBuilder(BaseVisitor[GameT]):
    """Builds a game's tree (``read_game``'s visitor); errors are collected in
    ``Game.errors`` and logged. Override ``handle_error`` to raise or ignore them."""

    @typing.overload
    def __init__(self: GameBuilder[Game]) -> None: ...
    @typing.overload
    def __init__(self: GameBuilder[GameT], *, Game: Type[GameT]) -> None: ...

    def __init__(self, *, Game: Any = Game) -> None:
        self.Game = Game

    def begin_game(self) -> None:
        self.game: GameT = self.Game()
        self.variation_stack: List[GameNode] = [self.game]
        self.starting_comment = ""
        self.in_variation = False

    def begin_headers(self) -> Headers:
        return self.game.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.game.headers[tagname] = tagvalue

    def visit_nag(self, nag: int) -> None:
        self.variation_stack[-1].nags.add(nag)

    def begin_variation(self) -> None:
        parent = self.variation_stack[-1]._parent
        assert parent is not None, "begin_variation called, but root node on top of stack"
        self.variation_stack.append(parent)
        self.in_variation = False

    def end_variation(self) -> None:
        self.variation_stack.pop()

    def visit_result(self, result: str) -> None:
        if self.game.headers.get("Result", "*") == "*":
            self.game.headers["Result"] = result

    def visit_comment(self, comment: str) -> None:
        top = self.variation_stack[-1]
        if self.in_variation or (top._parent is None and top.is_end()):
            # After a move, or before the game's first move: the node's comment.
            top.comment = " ".join(filter(None, [top.comment, comment]))
        else:
            # Before a variation's first move.
            self.starting_comment = " ".join(filter(None, [self.starting_comment, comment]))

    def visit_move(self, board: Board, move: Move) -> None:
        node = self.variation_stack[-1].add_variation(move)
        node.starting_comment = self.starting_comment
        self.variation_stack[-1] = node
        self.starting_comment = ""
        self.in_variation = True

    def handle_error(self, error: Exception) -> None:
        """Logs the error (logger "fenkit.pgn") and adds it to the game's ``errors``."""
        LOGGER.error("%s while parsing %r", error, self.game)
        self.game.errors.append(error)

    def result(self) -> GameT:
        """The game built."""
        return self.game


class HeadersBuilder(BaseVisitor[HeadersT]):
    """Collects a game's tags, skipping its moves (``read_headers``)."""

    @typing.overload
    def __init__(self: HeadersBuilder[Headers]) -> None: ...
    @typing.overload
    def __init__(self: HeadersBuilder[HeadersT], *, Headers: Type[Headers]) -> None: ...

    def __init__(self, *, Headers: Any = Headers) -> None:
        self.Headers = Headers

    def begin_headers(self) -> HeadersT:
        self.headers: HeadersT = self.Headers({})
        return self.headers

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        self.headers[tagname] = tagvalue

    def end_headers(self) -> SkipType:
        return SKIP

    def result(self) -> HeadersT:
        return self.headers


class BoardBuilder(BaseVisitor[Board]):
    """The game's final position, with its main line on the move stack."""

    def begin_game(self) -> None:
        self.skip_variation_depth = 0

    def begin_variation(self) -> SkipType:
        self.skip_variation_depth += 1
        return SKIP

    def end_variation(self) -> None:
        self.skip_variation_depth = max(self.skip_variation_depth - 1, 0)

    def visit_board(self, board: Board) -> None:
        if not self.skip_variation_depth:
            self.board = board

    def result(self) -> Board:
        return self.board


class SkipVisitor(BaseVisitor[Literal[True]]):
    """Skips a game (``skip_game``)."""

    def begin_game(self) -> SkipType:
        return SKIP

    def end_headers(self) -> SkipType:
        return SKIP

    def begin_variation(self) -> SkipType:
        return SKIP

    def result(self) -> Literal[True]:
        return True


class StringExporterMixin:
    """Writes a game as PGN: the tags, a blank line, the movetext in lines of at most `columns`
    characters (None: one line), with move numbers where needed, comments ``{ ... }``, NAGs
    ``$n`` and variations ``( ... )`` unless told not to, and the result."""

    def __init__(self, *, columns: Optional[int] = 80, headers: bool = True,
                 comments: bool = True, variations: bool = True) -> None:
        self.columns = columns
        self.headers = headers
        self.comments = comments
        self.variations = variations
        self.found_headers = False
        self.force_movenumber = True
        self.lines: List[str] = []
        self.current_line = ""
        self.variation_depth = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.lines.append(self.current_line.rstrip())
        self.current_line = ""

    def write_token(self, token: str) -> None:
        if self.columns is not None and self.columns - len(self.current_line) < len(token):
            self.flush_current_line()
        self.current_line += token

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.lines.append(line.rstrip())

    def end_game(self) -> None:
        self.write_line()

    def begin_headers(self) -> None:
        self.found_headers = False

    def visit_header(self, tagname: str, tagvalue: str) -> None:
        if self.headers:
            self.found_headers = True
            self.write_line(f'[{tagname} "{tagvalue}"]')

    def end_headers(self) -> None:
        if self.found_headers:
            self.write_line()

    def begin_variation(self) -> Optional[SkipType]:
        self.variation_depth += 1
        if self.variations:
            self.write_token("( ")
            self.force_movenumber = True
            return None
        return SKIP

    def end_variation(self) -> None:
        self.variation_depth -= 1
        if self.variations:
            self.write_token(") ")
            self.force_movenumber = True

    def visit_comment(self, comment: str) -> None:
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token("{ " + comment.replace("}", "").strip() + " } ")
            self.force_movenumber = True

    def visit_nag(self, nag: int) -> None:
        if self.comments and (self.variations or not self.variation_depth):
            self.write_token("$" + str(nag) + " ")

    def visit_move(self, board: Board, move: Move) -> None:
        if self.variations or not self.variation_depth:
            self._write_move(board.turn, board.fullmove_number, board.san(move))

    def _write_move(self, turn: bool, number: int, san: str) -> None:
        if turn == WHITE:
            self.write_token(str(number) + ". ")
        elif self.force_movenumber:
            self.write_token(str(number) + "... ")
        self.write_token(san + " ")
        self.force_movenumber = False

    def visit_result(self, result: str) -> None:
        self.write_token(result + " ")


class StringExporter(StringExporterMixin, BaseVisitor[str]):
    """Writes a game as a PGN string (no newline at its end)."""

    def result(self) -> str:
        if self.current_line:
            return "\n".join(self.lines + [self.current_line.rstrip()]).rstrip()
        return "\n".join(self.lines).rstrip()

    def __str__(self) -> str:
        return self.result()


class FileExporter(StringExporterMixin, BaseVisitor[int]):
    """Writes a game as PGN to a text file, a blank line after it; the result is the number of
    characters written for the game."""

    def __init__(self, handle: TextIO, *, columns: Optional[int] = 80, headers: bool = True,
                 comments: bool = True, variations: bool = True) -> None:
        super().__init__(columns=columns, headers=headers, comments=comments,
                         variations=variations)
        self.handle = handle
        self.written = 0

    def begin_game(self) -> None:
        self.written = 0

    def flush_current_line(self) -> None:
        if self.current_line:
            self.written += self.handle.write(self.current_line.rstrip())
            self.written += self.handle.write("\n")
        self.current_line = ""

    def write_line(self, line: str = "") -> None:
        self.flush_current_line()
        self.written += self.handle.write(line.rstrip())
        self.written += self.handle.write("\n")

    def result(self) -> int:
        return self.written

    def __repr__(self) -> str:
        return f"<FileExporter at {id(self):#x}>"

    def __str__(self) -> str:
        return self.__repr__()


# The exporters' events that a subclass may change; when it changes none, Game.accept writes the
# moves from the nodes' SAN without a board.
_EXPORT_EVENTS = ("visit_move", "visit_comment", "visit_nag", "begin_variation",
                  "end_variation", "visit_board", "write_token", "_write_move")
_QUICK_EXPORTERS: Dict[type, bool] = {}


def _exports_quickly(visitor: BaseVisitor[Any]) -> bool:
    cls = type(visitor)
    quick = _QUICK_EXPORTERS.get(cls)
    if quick is None:
        quick = (issubclass(cls, StringExporterMixin)
                 and all(getattr(cls, name) is getattr(StringExporterMixin, name, None)
                         or (name == "visit_board"
                             and getattr(cls, name) is BaseVisitor.visit_board)
                         for name in _EXPORT_EVENTS))
        _QUICK_EXPORTERS[cls] = quick
    return quick


def _export_tree(game: Game, exporter: StringExporterMixin) -> bool:
    """Writes the game's movetext to `exporter` from the nodes' SAN (what _walk would write);
    False, having written nothing, when some SAN is not known."""
    first = game.variations[0]
    if not first._fresh():
        return False
    # Every node's cache holds when the tree was not edited since it was read; check them all
    # first, so that nothing is half written.
    pending: List[GameNode] = [game]
    while pending:
        parent = pending.pop()
        for child in parent.variations:
            if child._san is None or child._stamp != _edits or child._parent is not parent:
                return False
            pending.append(child)
    start = game._start_ply()
    if game.comment:
        exporter.visit_comment(game.comment)
    write_node = _export_node
    write_node(first, start, exporter)
    frames: List[List[Any]] = [[first, game.variations[1:], 0, start, False]]
    while frames:
        frame = frames[-1]
        node: ChildNode = frame[0]
        alternatives: List[ChildNode] = frame[1]
        if frame[2] < len(alternatives):
            variation = alternatives[frame[2]]
            frame[2] += 1
            if exporter.begin_variation() is not SKIP:
                write_node(variation, frame[3], exporter)
                frames.append([variation, [], 0, frame[3], True])
            else:
                exporter.end_variation()
            continue
        if node.variations:
            child = node.variations[0]
            ply = frame[3] + 1
            write_node(child, ply, exporter)
            frame[0] = child
            frame[1] = node.variations[1:]
            frame[2] = 0
            frame[3] = ply
            continue
        frames.pop()
        if frame[4]:
            exporter.end_variation()
    return True


def _export_node(node: ChildNode, ply: int, exporter: StringExporterMixin) -> None:
    """_accept_node for the exporters, the move played at half-move `ply` (from the game's
    start count)."""
    if node.starting_comment:
        exporter.visit_comment(node.starting_comment)
    if exporter.variations or not exporter.variation_depth:
        san: str = node._san  # type: ignore[assignment]
        exporter._write_move(ply % 2 == 0, ply // 2 + 1, san[1:] if san[0] == "P" else san)
    if node._nags:
        for nag in sorted(node._nags):
            exporter.visit_nag(nag)
    if node.comment:
        exporter.visit_comment(node.comment)


# ------------------------------------------------------------------ reading

# Per handle: [lines read from it, games read from it, its position after them (None: not
# known)], to name the lines of its messages.
_HANDLES: "weakref.WeakKeyDictionary[Any, List[Any]]" = weakref.WeakKeyDictionary()

# GameBuilder's events; a subclass that changes none of them is built from the parser's tree
# directly.
_BUILD_EVENTS = ("begin_game", "begin_headers", "visit_header", "end_headers", "begin_parse_san",
                 "parse_san", "visit_move", "visit_board", "visit_comment", "visit_nag",
                 "begin_variation", "end_variation", "visit_result", "end_game")
_DIRECT_BUILDERS: Dict[type, bool] = {}


def _builds_directly(visitor: BaseVisitor[Any]) -> bool:
    """Whether the visitor is a GameBuilder that the parser's tree can be given directly: its
    class changes none of the events, and its Game class makes its nodes as Game does."""
    cls = type(visitor)
    direct = _DIRECT_BUILDERS.get(cls)
    if direct is None:
        direct = issubclass(cls, GameBuilder) and all(
            getattr(cls, name) is getattr(GameBuilder, name) for name in _BUILD_EVENTS)
        _DIRECT_BUILDERS[cls] = direct
    if not direct:
        return False
    game_class = getattr(visitor, "Game", None)
    return (isinstance(game_class, type) and issubclass(game_class, Game)
            and game_class.add_variation is GameNode.add_variation)


def _parses_itself(visitor: BaseVisitor[Any]) -> bool:
    """Whether the visitor reads the moves itself (begin_parse_san or parse_san changed): it
    is then given every move as written."""
    cls = type(visitor)
    return (cls.begin_parse_san is not BaseVisitor.begin_parse_san
            or cls.parse_san is not BaseVisitor.parse_san)


def _handle_state(handle: Any) -> List[Any]:
    try:
        state = _HANDLES.get(handle)
    except TypeError:
        return [0, 0, None]
    if state is None:
        state = [0, 0, None]
        try:
            _HANDLES[handle] = state
        except TypeError:
            pass
    elif state[2] is not None:
        try:
            moved = handle.tell() != state[2]
        except (OSError, ValueError, AttributeError):
            moved = False
        if moved:
            # Seeked: the lines are counted from here.
            state[0] = state[1] = 0
    return state


def _note_position(handle: Any, state: List[Any]) -> None:
    try:
        state[2] = handle.tell()
    except (OSError, ValueError, AttributeError):
        state[2] = None


def _skip_movetext(readline: Callable[[], str], line: str, lineno: int) -> Tuple[str, int]:
    """Reads the rest of a game's movetext without looking at it (python-chess's rule: to a
    blank line outside comments, or the end); the last line read and its number."""
    inside = False
    while line:
        if not inside:
            if line[0] == "%":
                line = readline()
                lineno += 1
                continue
            if line.isspace():
                break
        inside = _comment_open_after(line, inside)[0]
        line = readline()
        lineno += 1
    return line, lineno


def _comment_open_after(line: str, inside: bool) -> Tuple[bool, int]:
    """Whether a brace comment is open at the end of `line` (one is open at its start when
    `inside`), and where a rest-of-line comment (';' outside braces) begins (-1: none)."""
    if ";" not in line:
        if inside and "}" not in line:
            return True, -1
        return line.rfind("{") > line.rfind("}"), -1
    at = 0
    while True:
        if inside:
            close = line.find("}", at)
            if close < 0:
                return True, -1
            at = close + 1
            inside = False
        else:
            open_ = line.find("{", at)
            semicolon = line.find(";", at)
            if semicolon >= 0 and (open_ < 0 or semicolon < open_):
                return False, semicolon
            if open_ < 0:
                return False, -1
            at = open_ + 1
            inside = True


@typing.overload
def read_game(handle: TextIO) -> Optional[Game]: ...
@typing.overload
def read_game(handle: TextIO, *,
              Visitor: Callable[[], BaseVisitor[ResultT]]) -> Optional[ResultT]: ...


def read_game(handle: TextIO, *, Visitor: Any = GameBuilder) -> Any:
    """Reads the next game of a text handle (a file opened in text mode, io.StringIO), leaving
    the handle at the line after it; the game (or the visitor's result), None at the end.

    As python-chess: blank lines and lines beginning with '%' or ';' before a game are skipped;
    the tag lines come first (one blank line may separate them; malformed ones are skipped), the
    movetext follows and runs to a blank line outside comments or the end of the input. A game
    without tags is read too. Errors (such as an illegal move: the game keeps the moves before
    it) go to the visitor's ``handle_error``, which for the default GameBuilder adds them to
    ``Game.errors``.
    """
    visitor = Visitor()
    readline = handle.readline
    state = _handle_state(handle)
    lineno = state[0]

    # Blank lines and comment lines before the game.
    line = readline()
    lineno += 1
    if line[:1] == "\ufeff":
        line = line.lstrip("\ufeff")
    while line and (line.isspace() or line[0] == "%" or line[0] == ";"):
        line = readline()
        lineno += 1
    if not line:
        state[0] = lineno - 1
        _note_position(handle, state)
        return None

    # The tag lines.
    pairs: List[Tuple[str, str]] = []
    blank_allowed = True
    tag_match = TAG_REGEX.match
    while line:
        first = line[0]
        if first == "%" or first == ";":
            line = readline()
            lineno += 1
            continue
        if blank_allowed and line.isspace():
            blank_allowed = False
            line = readline()
            lineno += 1
            continue
        if first != "[":
            break
        blank_allowed = True
        match = tag_match(line)
        if match is not None:
            pairs.append((match.group(1), match.group(2)))
        line = readline()
        lineno += 1

    state[1] += 1
    number = state[1]
    direct = _builds_directly(visitor)
    skipping = False
    headers: Optional[Headers] = None
    if direct:
        visitor.begin_game()
        game: Game = visitor.game
        if type(game.headers) is Headers and not game.headers._others:
            roster = game.headers._tag_roster
            others = game.headers._others
            for name, value in pairs:
                if name in _ROSTER_SET:
                    roster[name] = value
                else:
                    others[name] = value
        else:
            for name, value in pairs:
                game.headers[name] = value
        headers = game.headers
    else:
        skipping = visitor.begin_game() is SKIP
        if not skipping:
            managed = visitor.begin_headers()
            for name, value in pairs:
                visitor.visit_header(name, value)
            headers = managed if isinstance(managed, Headers) else _read_headers(pairs, False)
            skipping = visitor.end_headers() is SKIP

    # The start position.
    board: Optional[Board] = None
    start_tags = ""
    if not skipping:
        assert headers is not None
        chess960 = False
        board_class: Type[Board] = Board
        variant = headers.get("Variant")
        if variant is not None:
            try:
                board_class = headers.variant()
            except ValueError as error:
                visitor.handle_error(error)
            chess960 = headers.is_chess960()
        fen = headers.get("FEN")
        if fen is not None or chess960 or not direct or board_class is not Board:
            try:
                board = board_class(fen if fen is not None else board_class.starting_fen,
                                    chess960=chess960)
            except ValueError as error:
                visitor.handle_error(error)
                skipping = True
            else:
                if not board.chess960 and _has_chess960_castling(board):
                    setattr(board, "chess960", True)
                if board_class is not Board:  # the compiled reader plays by the variant's rules
                    start_tags = f'[Variant "{board_class.aliases[0]}"] '
                elif board.chess960:
                    start_tags = '[Variant "Chess960"] '
                if fen is not None:
                    start_tags += f'[FEN "{fen}"]'

    if skipping:
        line, lineno = _skip_movetext(readline, line, lineno)
        state[0] = lineno if line else lineno - 1
        _note_position(handle, state)
        visitor.end_game()
        return visitor.result()

    # The movetext: its lines to the blank line outside comments that ends it.
    first_line = lineno
    lines: List[str] = []
    append = lines.append
    inside = False
    plain = True  # no '%' line and no rest-of-line comment
    while line:
        if inside or ";" in line:
            if not inside and line[0] == "%":
                plain = False
            else:
                inside, cut = _comment_open_after(line, inside)
                if cut >= 0:
                    plain = False
        else:
            first = line[0]
            if first == "%":
                plain = False
            elif line.isspace():
                break
            else:
                inside = line.rfind("{") > line.rfind("}")
        append(line)
        line = readline()
        lineno += 1
    state[0] = lineno if line else lineno - 1
    _note_position(handle, state)

    # The compiled reader gets the lines as python-chess reads them (rest-of-line comments cut,
    # a comment left open closed at the end), after a tag line for the start position.
    body = "".join(lines) if plain else _parser_text(lines)
    text = (start_tags or '[Event "?"]') + "\n" + body + (" }" if inside else "")
    source = getattr(handle, "name", None)
    source = source if isinstance(source, str) else "<stream>"
    parsed = None
    if direct or not _parses_itself(visitor):
        try:
            parsed = _parse_game_text(text, source, first_line - 1, number)
        except (TypeError, UnicodeError):
            pass  # text the compiled reader does not take (lone surrogates)
    if parsed is None or _unlike_python_chess(parsed, body):
        # Errors or odd text: read as python-chess reads, token by token.
        if board is None:
            board = Board()
        if direct:
            game._start_key = game._start_tags()
            game._start_ply_cache = _ply_of(board) if fen is not None else 0
        visitor.visit_board(board)
        _ReadLikePythonChess(visitor, board, lines, source, first_line, number).run()
        visitor.end_game()
        return visitor.result()

    result: str = parsed.result
    if direct:
        _start_nodes(game, _ply_of(board) if board is not None and fen is not None else 0)
        parsed._build_nodes(game, ChildNode, _MOVES, _edits)
        if result != "*" and game.headers.get("Result", "*") == "*":
            game.headers["Result"] = result
        visitor.end_game()
        return visitor.result()

    assert board is not None
    visitor.visit_board(board)
    _drive(visitor, board, parsed._tree_data())
    if result != "*" or "*" in body:
        visitor.visit_result(result)
    visitor.end_game()
    return visitor.result()


def _parser_text(lines: List[str]) -> str:
    """The movetext lines with what python-chess ignores made ignorable for the compiled reader
    without adding blank lines: rest-of-line comments cut ('%' lines it skips as well)."""
    out: List[str] = []
    inside = False
    for line in lines:
        if not inside and line[0] == "%":
            out.append(line)
            continue
        inside, cut = _comment_open_after(line, inside)
        if cut < 0:
            out.append(line)
        elif line[:cut].strip():
            out.append(line[:cut] + "\n")
        else:
            out.append("%\n")
    return "".join(out)


# Warnings of the compiled reader that python-chess's reading agrees with (others tell of text
# that python-chess reads otherwise).
_AGREED_WARNINGS = ("game has no result at the end", "in the main line", "but the Result tag",
                    "has mated", "ends in stalemate", "SetUp tag without")


# A variation without moves: '(', blanks and comments only, ')'.
_MOVELESS_VARIATION = re.compile(r"\((?:\s|\{[^}]*\})*\)")


def _unlike_python_chess(parsed: Any, body: str) -> bool:
    """Whether the compiled reader's game may differ from python-chess's reading: it met an
    error or read something leniently, it may have taken a line for the start of another game
    (a tag line, text after the result), or its result is not the one python-chess keeps (the
    first of the movetext other than '*'). Text that only looks so (in comments) costs a slower
    reading, not a different one."""
    if parsed.error is not None or "\n[" in body or "0000" in body:
        return True
    if body.count("[") != body.count("[%"):
        return True  # a '[' that is not a comment's command: a tag to the compiled reader
    if "(" in body and _MOVELESS_VARIATION.search(body):
        return True  # python-chess gives its comments to the move after it
    for diagnostic in parsed.diagnostics:
        if not any(agreed in diagnostic for agreed in _AGREED_WARNINGS):
            return True
    # A result anywhere but at the very end: python-chess reads on after it, and keeps the first
    # one other than '*'.
    end = len(body.rstrip())
    for result in ("1-0", "0-1", "1/2-1/2", "*"):
        at = body.find(result)
        if at >= 0 and at + len(result) != end:
            return True
    return False


# A token of movetext as python-chess finds them; what matches none of these is skipped.
_TOKEN_REGEX = re.compile(r"""
      (?P<san>[NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?
        | [PNBRQK]?@[a-h][1-8] | -- | Z0 | 0000 | @@@@ | O-O(?:-O)? | 0-0(?:-0)?)
    | (?P<comment>\{.*)
    | (?P<rest>;.*)
    | (?P<nag>\$[0-9]+)
    | (?P<open>\()
    | (?P<close>\))
    | (?P<result>\*|1-0|0-1|1/2-1/2)
    | (?P<suffix>[?!]{1,2})
    """, re.DOTALL | re.VERBOSE)

_SUFFIX_NAGS = {"!": NAG_GOOD_MOVE, "?": NAG_MISTAKE, "!!": NAG_BRILLIANT_MOVE,
                "??": NAG_BLUNDER, "!?": NAG_SPECULATIVE_MOVE, "?!": NAG_DUBIOUS_MOVE}


class _ReadLikePythonChess:
    """Reads a game's movetext lines token by token into a visitor, with python-chess's
    rules: unknown text skipped, a bad move reported and the rest of its line of play skipped
    to the next ')', moves read with the visitor's parse_san."""

    def __init__(self, visitor: BaseVisitor[Any], board: Board, lines: List[str], source: str,
                 first_line: int, number: int) -> None:
        self.visitor = visitor
        self.board = board
        self.lines = lines
        self.source = source
        self.first_line = first_line
        self.number = number
        self.own_parse = type(visitor).parse_san is BaseVisitor.parse_san

    def run(self) -> None:
        visitor = self.visitor
        lines = self.lines
        boards = [self.board]
        skip_depth = 0
        index = 0
        line = lines[0] if lines else ""
        column = 0  # of line[0] in its line
        fresh = True
        while line:
            if fresh:
                if line[0] == "%" or line[0] == ";":
                    index += 1
                    line = lines[index] if index < len(lines) else ""
                    column = 0
                    continue
                if line.isspace():
                    return
            fresh = True
            for match in _TOKEN_REGEX.finditer(line):
                kind = match.lastgroup
                token = match.group()
                if kind == "comment":
                    rest = token[2:] if token.startswith("{ ") else token[1:]
                    pieces: List[str] = []
                    while rest and "}" not in rest:
                        pieces.append(rest)
                        index += 1
                        rest = lines[index] if index < len(lines) else ""
                        column = 0
                    if rest:
                        close = rest.find("}")
                        end = close - 1 if close > 0 and rest[close - 1] == " " else close
                        pieces.append(rest[:end])
                        if not pieces[:-1]:  # the comment ends on the line it began on
                            column += match.start() + (len(token) - len(rest)) + close + 1
                        else:
                            column = close + 1
                        rest = rest[close + 1:]
                    line = rest
                    if not skip_depth:
                        visitor.visit_comment("".join(pieces))
                    fresh = False
                    break
                if kind == "open":
                    if skip_depth:
                        skip_depth += 1
                    elif boards[-1].move_stack:
                        if visitor.begin_variation() is SKIP:
                            skip_depth = 1
                        else:
                            board = boards[-1].copy()
                            board.pop()
                            boards.append(board)
                elif kind == "close":
                    if skip_depth == 1:
                        skip_depth = 0
                        visitor.end_variation()
                    elif skip_depth:
                        skip_depth -= 1
                    elif len(boards) > 1:
                        visitor.end_variation()
                        boards.pop()
                elif skip_depth:
                    continue
                elif kind == "rest":
                    break
                elif kind == "nag":
                    visitor.visit_nag(int(token[1:]))
                elif kind == "suffix":
                    visitor.visit_nag(_SUFFIX_NAGS[token])
                elif kind == "result" and len(boards) == 1:
                    visitor.visit_result(token)
                else:
                    board = boards[-1]
                    if visitor.begin_parse_san(board, token) is not SKIP:
                        try:
                            move = visitor.parse_san(board, token)
                        except ValueError as error:
                            visitor.handle_error(self._located(error, board, index,
                                                               column + match.start()))
                            skip_depth = 1
                        else:
                            visitor.visit_move(board, move)
                            board.push(move)
                    visitor.visit_board(board)
            if fresh:
                index += 1
                line = lines[index] if index < len(lines) else ""
                column = 0

    def _located(self, error: ValueError, board: Board, index: int, column: int) -> Exception:
        """The error of the default parse_san, with the place and move as the reader writes
        them ("NAME:LINE:COLUMN: error: game N: move 3. ...")."""
        if not self.own_parse:
            return error
        move = f"{board.fullmove_number}{'.' if board.turn else '...'}"
        return _reader_error(f"{self.source}:{self.first_line + index}:{column + 1}: error: game "
                             f"{self.number}: move {move} {error}")


def _joined(comments: List[str]) -> str:
    """Comments as python-chess reads them: each without one blank after '{' and one before
    '}', the empty ones dropped, the rest joined by blanks."""
    kept = []
    for comment in comments:
        if comment[:1] == " ":
            comment = comment[1:]
        if comment[-1:] == " ":
            comment = comment[:-1]
        if comment:
            kept.append(comment)
    return " ".join(kept)


def _trimmed(comment: str) -> str:
    if comment[:1] == " ":
        comment = comment[1:]
    if comment[-1:] == " ":
        comment = comment[:-1]
    return comment


def _start_nodes(game: Game, start_ply: int) -> None:
    """What a game keeps for the nodes the compiled reader makes under it (Game._build_nodes,
    the same as _build_tree's)."""
    game._start_key = game._start_tags()
    game._start_ply_cache = start_ply
    game._sans_cached = True
    game._stamp = _edits


def _drive(visitor: BaseVisitor[Any], board: Board, tree: Any) -> None:
    """Gives a visitor the events of reading the parser's tree, in the order of the text (each
    comment and NAG on its own; a variation on a copy of the board)."""
    game_comments, nodes = tree
    for comment in game_comments:
        visitor.visit_comment(_trimmed(comment))
    if not nodes:
        return
    children: List[List[int]] = [[] for _ in range(len(nodes) + 1)]
    for index, node in enumerate(nodes, 1):
        children[node[0] + 1].append(index)

    def play(index: int, on: Board) -> None:
        _, uci, san, after, nags, starting = nodes[index - 1]
        for comment in starting:
            visitor.visit_comment(_trimmed(comment))
        move = _move_of(uci)
        visitor.visit_move(on, move)
        on.push(move)
        visitor.visit_board(on)
        for nag in nags:
            visitor.visit_nag(nag)
        for comment in after:
            visitor.visit_comment(_trimmed(comment))

    first = children[0][0]
    play(first, board)
    # Each frame: [node, board, its alternatives, how many visited, whether a variation].
    frames: List[List[Any]] = [[first, board, children[0][1:], 0, False]]
    while frames:
        frame = frames[-1]
        alternatives: List[int] = frame[2]
        if frame[3] < len(alternatives):
            variation = alternatives[frame[3]]
            frame[3] += 1
            if visitor.begin_variation() is not SKIP:
                copy = frame[1].copy()
                copy.pop()
                play(variation, copy)
                frames.append([variation, copy, [], 0, True])
                continue
            visitor.end_variation()
            continue
        following = children[frame[0]]
        if following:
            play(following[0], frame[1])
            frame[0] = following[0]
            frame[2] = following[1:]
            frame[3] = 0
            continue
        frames.pop()
        if frame[4]:
            visitor.end_variation()


def read_headers(handle: TextIO) -> Optional[Headers]:
    """Reads the next game's tags and skips its moves (quickly); None at the end."""
    return typing.cast(Optional[Headers], read_game(handle, Visitor=HeadersBuilder))


def skip_game(handle: TextIO) -> bool:
    """Skips the next game; False at the end."""
    return bool(read_game(handle, Visitor=SkipVisitor))
