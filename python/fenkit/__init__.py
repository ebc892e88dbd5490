"""fenkit: chess game records around the FEN position, from Python.

The C++ libraries of fenkit (libfen, libpgn, libepd) for Python programs:

- ``Position``: a position with python-chess's Board's names and meanings (``piece_at``,
  ``push``, ``pop``, ``legal_moves``, ``outcome``, ...); FEN read and write, moves in SAN, UCI
  and LAN, check, mate, the draw rules, Polyglot key. ``Move``, ``Piece``, ``SquareSet``,
  ``Outcome`` and the constants (``WHITE``, ``A1`` .. ``H8``, ``PAWN`` .. ``KING``) are
  python-chess's too.
- ``read_games(path_or_file, **selection)``: the games of a PGN file, one at a time (streamed),
  as ``Game`` objects; ``read_range(path, start, end)`` reads the games that begin in a byte range.
- ``replay(path, ...)``: the data set of ``fenkit replay`` (a row per position) as a dict of
  NumPy arrays, read on every core; ``replay_frame(...)`` gives it as a pandas DataFrame.
- ``Book(path)`` and ``build_book(...)``: Polyglot opening books (``build_book`` returns a
  ``BuiltBook``, a ``Book`` that also counts the games read and rejected).
- ``write_replay(path, output, format=...)``: the rows of ``fenkit replay`` written to a file by
  the library (no Python per row), or in NumPy's ``.npz`` (``format="npz"``), which
  ``read_npz(path)`` reads back as a DataFrame; ``count_games(path, range)`` counts games without
  replaying.
- ``byte_ranges(path, pieces)``: byte ranges that tile a file, for ``range=`` (Dask, GNU parallel).
- ``fenkit.dask`` (with Dask installed): ``read_positions`` (a ``dask.dataframe`` of positions)
  and ``write_positions`` (each worker writes its part through the library's writer).

Game selection: ``read_games``, ``read_range``, ``replay`` and ``build_book`` take the game
selection of the command line as keyword arguments, named as its options with ``_`` for ``-``:
``white``, ``black``, ``player``, ``between``, ``regex``, ``tag``, ``result``, ``min_elo``, ``eco``,
``date_from``, ``date_to``, ``time_control``, ``min_plies``, ``max_plies``, ``variant``,
``position``, ``position_file``, ``games``, ``invert``. A list gives an option several times
(``result=["1-0", "0-1"]``), except for ``games``, whose list or ``range`` of numbers is the
option's own list (``games=[1, 5]``, ``games=range(1, 101)``); ``regex=True`` and
``invert=True`` are flags. They mean exactly
what ``fenkit pgn --help`` says (the same code builds the filter); a value the program refuses
raises ValueError with its message.
"""

from typing import IO, Any, Optional, Tuple, Union

from ._fenkit import Book, BuiltBook, Game, GameReader, Position, build_book
from . import _position  # noqa: F401  (Position's methods written in Python)
from ._game import Cp, GameNode, Mate, PovScore
from ._chess import *  # noqa: F401,F403  (python-chess's constants and small types)
from ._chess import LegalMoves, Move, Outcome, Piece, SquareSet, Termination
from ._squares import *  # noqa: F401,F403  (BB_* masks and their functions, python-chess's)
from ._board import *  # noqa: F401,F403  (Board, BaseBoard, Status, the move errors)
from ._board import BaseBoard, Board
from ._ranges import byte_ranges
from ._replay import ReplayData, count_games, read_npz, replay, replay_frame, write_replay
from ._replay import byte_range as _byte_range
from ._replay import PathLike as _PathLike

__all__ = [
    "BaseBoard",
    "Board",
    "Book",
    "BuiltBook",
    "Game",
    "GameNode",
    "GameReader",
    "Cp",
    "Mate",
    "PovScore",
    "LegalMoves",
    "Move",
    "Outcome",
    "Piece",
    "Position",
    "SquareSet",
    "Termination",
    "ReplayData",
    "build_book",
    "byte_ranges",
    "count_games",
    "read_games",
    "read_range",
    "replay",
    "replay_frame",
    "write_replay",
    "read_npz",
]


def read_games(path_or_file: Union[_PathLike, IO[bytes], IO[str]], *, errors: str = "raise",
               comments: bool = True, variations: bool = True,
               range: Optional[Tuple[int, Optional[int]]] = None,
               max_game_bytes: Optional[int] = None, **selection: Any) -> GameReader:
    """The games of a PGN input, one at a time, as ``Game`` objects, in input order.

    ``path_or_file`` is a path (str or os.PathLike; gzip, bzip2, xz and zstd files are read
    directly) or a file object open for reading: in binary mode its bytes are read as a file's
    (compressed or UTF-16 input too); in text mode, as UTF-8 (``offset`` then counts the bytes
    of that UTF-8, not of the file). The input is read a chunk of whole games at a time (a few hundred kilobytes, with the GIL released), so the
    memory used does not grow with the input.

    ``errors`` says what happens to a game the reader rejects (an illegal, ambiguous or unknown
    move, a bad ``[FEN]`` tag, broken syntax):

    - ``"raise"`` (the default): ValueError with the reader's message
      (``FILE:LINE:COLUMN: error: game N: ...``) when the iteration reaches the game; the
      iteration may go on after it.
    - ``"skip"``: the game is left out; the iterator's ``rejected`` counts it.
    - ``"collect"``: the game is yielded with ``error`` set to the message and ``raw`` to its
      text (and no moves); ``rejected`` counts it.
    - ``"partial"``: as ``"collect"``, but the game keeps the moves read before the error (its
      main line up to the illegal move), as python-chess keeps them.

    ``comments=False`` reads faster where comments are not wanted. ``variations=False`` leaves
    side lines out of the games; a bad move in a side line is then only a warning (as in
    ``fenkit replay`` and ``fenkit pgn -f jsonl``), while with variations it rejects the game.
    ``range=(start, end)`` reads only the games that begin in that byte range (see
    ``read_range``). The keyword arguments of the game selection choose games (see the module's
    documentation); games that are not selected are not yielded. ``max_game_bytes``: the longest
    game read (None: 64 MiB, as the program's ``--max-game-size``); a longer one is rejected,
    its text not kept, and the input passed over to the next game's tags.

    Returns a ``GameReader``: an iterator with the counts ``games`` (read), ``selected`` and
    ``rejected``; ``close()``, or a ``with`` block, lets its input go before the end.
    """
    return GameReader(path_or_file, errors=errors,
                      range=None if range is None else _byte_range(range), comments=comments,
                      variations=variations, max_game_bytes=max_game_bytes, **selection)


def read_range(path: _PathLike, start: int, end: Optional[int], **options: Any) -> GameReader:
    """The games of ``path`` that begin in the byte range ``[start, end)``, as ``read_games``.

    The contract of ``fenkit replay --range START:END``: each edge moves forward to the next
    synchronisation point (a line after a blank line that starts ``[Event``, or a tag line after
    a game's result), so ranges that tile a file read every game exactly once, in order. Game
    numbers count from 1 within the range. ``path`` must be an uncompressed file. ``end=None``
    means the end of the file. Other keyword arguments are those of ``read_games``.
    """
    return read_games(path, range=(start, end), **options)


# `import fenkit as chess` then `chess.pgn.read_game(...)`: the submodules a script that did
# `import chess.pgn` / `import chess.polyglot` reaches without importing them by name.
from . import engine, pgn, polyglot, variant  # noqa: E402
