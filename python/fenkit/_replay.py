"""The data set of ``fenkit replay`` as NumPy columns or a pandas DataFrame."""

import inspect
import os
from typing import TYPE_CHECKING, Any, Dict, Iterable, List, Optional, Sequence, Tuple, Union

from . import _fenkit
from ._npz import load_columns, save_columns

if TYPE_CHECKING:
    import numpy.typing as npt
    import pandas

PathLike = Union[str, bytes, "os.PathLike[str]", "os.PathLike[bytes]"]
Paths = Union[PathLike, Sequence[PathLike]]
ByteRange = Tuple[int, Optional[int]]


class ReplayData(Dict[str, "npt.NDArray[Any]"]):
    """The columns of a replay: a dict from column name to a NumPy array (one entry per row).

    Besides the columns it carries what the reading found:

    - ``games``: games read (every game, rejected and unselected ones too; for a range, the
      games that begin in it). Adding up ``games`` of the ranges before a range gives the
      ``game_offset`` that makes its game numbers global.
    - ``selected``: games that passed the selection and were replayed.
    - ``rejected``: games that could not be replayed (they give no rows).
    - ``positions``: rows written.
    - ``bytes``: bytes of PGN text read.
    - ``errors``: with ``errors="collect"``, the reader's messages for the rejected games
      (``FILE:LINE:COLUMN: error: game N: ...``), in input order, and with ``warnings=True``
      its warnings among them; empty otherwise.
    """

    def __init__(self, columns: Dict[str, Any], stats: Dict[str, Any]) -> None:
        super().__init__(columns)
        self.games = stats["games"]
        self.selected = stats["selected"]
        self.rejected = stats["rejected"]
        self.positions = stats["positions"]
        self.bytes = stats["bytes"]
        self.errors = stats["errors"]

    @property
    def rows(self) -> int:
        """The number of rows."""
        return self.positions

    def __repr__(self) -> str:
        return (f"<ReplayData {self.positions} rows, columns {list(self.keys())}; "
                f"{self.games} games, {self.selected} used, {self.rejected} rejected>")


def check_jobs(jobs: int) -> None:
    """ValueError unless ``jobs`` is a number of threads the program takes (0: every core)."""
    if not 0 <= jobs <= 256:
        raise ValueError(f"jobs must be 0 (every core) to 256, not {jobs}")


def byte_range(range: ByteRange) -> Tuple[int, int]:
    """``(start, end)`` as the reader takes it (``end=None``: the end of the file)."""
    start, end = range
    start, end = int(start), (2**64 - 1) if end is None else int(end)
    if start < 0 or end < 0:
        raise ValueError(f"range: start and end must be 0 or more, not {start} and {end}")
    return start, end


def _call(path, *, output, format, columns, tags, min_ply, max_ply, every, jobs, range,
          **options):
    """The arguments of ``replay`` and ``write_replay`` checked as the program checks its
    options, and handed to the extension: (columns, counts)."""
    for name, value, least in (("min_ply", min_ply, 0), ("max_ply", max_ply, 0),
                               ("every", every, 1)):
        if value is not None and value < least:
            raise ValueError(f"{name} must be {least} or more, not {value}")
    check_jobs(jobs)
    if isinstance(tags, str):
        tags = [t for t in tags.split(",") if t]
    if isinstance(columns, str):
        columns = [c for c in columns.split(",") if c]
    if range is not None:
        range = byte_range(range)
    if format is not None:
        options["format"] = format
    return _fenkit._replay(path, output=output, columns=None if columns is None else list(columns),
                           tags=list(tags), min_ply=min_ply, max_ply=max_ply, every=every,
                           jobs=jobs, range=range, **options)


def replay(path: Paths, columns: Optional[Union[str, Iterable[str]]] = None,
           tags: Union[str, Iterable[str]] = (), eval: bool = False, clock: bool = False,
           next: bool = False, *, comments: bool = False, nags: bool = False,
           with_start: bool = False, variations: bool = False, final: bool = False,
           min_ply: int = 0, max_ply: Optional[int] = None, every: int = 1, ep: str = "standard",
           jobs: int = 0, range: Optional[ByteRange] = None, game_offset: int = 0,
           first_line: Optional[int] = None, errors: str = "collect", warnings: bool = False,
           planes: bool = False, max_game_bytes: Optional[int] = None,
           **selection: Any) -> ReplayData:
    """The rows of ``fenkit replay`` (a row per position) as a ``ReplayData``: a dict of
    NumPy arrays, one per column.

    The rows are those of ``fenkit replay -f jsonl`` with the same options, in the same order
    (the same library code writes them): one per position after each main-line move of every
    selected game that can be replayed. The archive is read on ``jobs`` threads (0: every
    core) with the GIL released; other Python threads run meanwhile.

    ``path``: a PGN file or a list of them (compressed ones are read directly; game numbers go
    on across files). ``range=(start, end)``: only the games that begin in that byte range of
    the one (uncompressed) file, numbered from 1 (the ``--range`` contract; see
    ``byte_ranges``); ``game_offset`` is added to every game number. ``first_line``: the line
    the range's first game begins on, when it is known (1 + the lines of the ranges before it,
    ``fenkit.dask`` counts them): else the lines before the range are counted, for the places
    of the messages, which on a large file is most of a late range's work.

    Columns, and their NumPy types:

    - ``game`` (int64), ``ply`` (int64; 0 for the start position), ``path`` (str, with
      ``variations``: where the side line hangs, ``"12:1/14:2"``), ``san``, ``uci`` (str; None
      for the start position), ``fen`` (str). ``columns=[...]`` keeps only the named ones of
      these (fewer objects to make).
    - ``tags=["White", "WhiteElo", ...]``: a column per tag, str, None where a game lacks it.
      Both lists may also be given as one str, the names separated by commas (``"game,fen"``),
      as the program takes them.
    - ``eval=True``: ``eval`` (centipawns, White's view) and ``mate`` (moves, positive when
      White mates), float64 with NaN where the comment after the move has no ``[%eval]``.
    - ``clock=True``: ``clk`` (seconds left, float64, NaN where missing).
    - ``comments=True``: ``comment`` (str: the comment after the move without its commands).
    - ``nags=True``: ``nags`` (a list of ints per row).
    - ``next=True``: ``next_san``, ``next_uci`` (str: the move played from the position; None
      at the end of a line).
    - ``planes=True``: the board as numbers, for learning: twelve uint64 columns ``P``, ``N``,
      ``B``, ``R``, ``Q``, ``K``, ``p``, ``n``, ``b``, ``r``, ``q``, ``k``, each the squares of
      that piece as a mask (bit n for square n, a1 = 0: python-chess's ``pieces_mask``);
      ``turn`` (bool, True when White is to move), ``castling_rights`` (uint64, the rooks that
      keep a right, as python-chess's) and ``ep_square`` (int8, -1 for none; as ``ep`` says).

    Strings are object arrays of ``str`` (NumPy's fixed-width strings would cost the longest
    FEN's width for every row). Missing numbers are NaN in float64 columns; ``replay_frame``
    makes ``eval`` and ``mate`` pandas' nullable Int64.

    Other options mean what the program's options mean: ``with_start`` (ply 0 rows),
    ``variations``, ``final``, ``min_ply``, ``max_ply``, ``every``, ``ep`` ("standard" or
    "legal"), ``max_game_bytes`` (``--max-game-size``, in bytes; None: 64 MiB). The keyword arguments of the game selection (``player=``, ``min_elo=``, ...; see
    the module's documentation) choose the games.

    ``errors``: rejected games never give rows. ``"collect"`` (the default) keeps their
    messages in ``.errors``; ``"skip"`` only counts them (``.rejected``); ``"raise"`` raises
    ValueError with the first one. ``warnings=True`` puts the reader's warnings (slips a game
    survives, as ``fenkit replay -W`` shows them) in ``.errors`` too, each in its place among
    the errors. An input that cannot be read raises OSError.
    """
    data, stats = _call(path, output=None, format=None, header=True, columns=columns, tags=tags,
                        eval=eval, clock=clock, next=next, comments=comments, nags=nags,
                        with_start=with_start, variations=variations, final=final,
                        min_ply=min_ply, max_ply=max_ply, every=every, ep=ep, jobs=jobs,
                        range=range, game_offset=game_offset, first_line=first_line,
                        errors=errors, warnings=warnings, planes=planes,
                        max_game_bytes=max_game_bytes, **selection)
    return ReplayData(data, stats)


def packed_replay(path, *args, compressed=True, **kwargs):
    """``replay(...)``'s rows as bytes, for a process that makes them into columns with
    ``frame_of_packed``, and its counts: ``(bytes, counts)``. No Python object is made per row,
    so a Dask worker sends its partition at the cost of replaying it. ``compressed``: zstd (for
    a process across a network); else the bytes as they are (one on the same machine)."""
    bound = inspect.signature(replay).bind(path, *args, **kwargs)
    bound.apply_defaults()
    arguments = dict(bound.arguments)
    selection = arguments.pop("selection")
    return _call(output=None, format=None, header=True, _packed=True, _compressed=compressed,
                 **arguments, **selection)


def _attrs(data):
    """The ``attrs`` of ``replay_frame``: the counts of a ``ReplayData``."""
    return dict(games=data.games, selected=data.selected, rejected=data.rejected,
                positions=data.positions, errors=list(data.errors))


def _data_frame(columns, index):
    """The DataFrame of replay's columns: ``eval`` and ``mate`` as pandas' nullable Int64."""
    import pandas as pd

    frame = pd.DataFrame(columns, index=index, copy=False)
    for name in ("eval", "mate"):
        if name in frame:
            frame[name] = frame[name].astype("Int64")
    return frame


class PackedFrame:
    """The DataFrame of ``packed_replay`` results added in order, as Dask's ``compute()`` joins
    the frames that ``replay_frame`` makes of the same ranges. Each result is unpacked as it is
    added (the strs made then), so that a result can be added while later ones are still being
    made elsewhere.

    A partition may come in several pieces (``add(..., piece_of_last=True)``): its rows and
    counts are those of its pieces together. The frame is ``pd.concat`` of the partitions' frames:
    the partitions without rows left out, each partition's index counting its rows from 0, and
    the counts in ``attrs`` where every partition with rows has the same ones (one partition,
    or the same file read twice when nothing in it is reported: its messages name their games,
    whose numbers go on from partition to partition) as pandas keeps them; with no rows at all,
    the first partition's frame."""

    def __init__(self):
        self._unpacker = _fenkit._RowUnpacker()
        self._partitions = []  # [rows, counts] of each

    def add(self, packed, piece_of_last=False, game_offset=0):
        """Adds a result; ``game_offset`` is added to its game numbers (a piece replayed with
        its games numbered from 1: the messages in its counts are the caller's to number)."""
        data, stats = packed
        rows = self._unpacker.add(data, game_offset)
        counts = _attrs(ReplayData({}, stats))
        if not piece_of_last or not self._partitions:
            self._partitions.append([rows, counts])
            return
        last = self._partitions[-1]
        last[0] += rows
        for name, value in counts.items():
            last[1][name] = last[1][name] + value  # numbers add up, lists of errors join

    def frame(self):
        import numpy as np
        import pandas as pd

        columns = self._unpacker.columns()
        with_rows = [(rows, counts) for rows, counts in self._partitions if rows]
        if len(with_rows) > 1:
            index = pd.Index(np.concatenate([np.arange(rows, dtype=np.int64)
                                             for rows, _ in with_rows]))
        else:
            index = pd.RangeIndex(sum(rows for rows, _ in with_rows))
        frame = _data_frame(columns, index)
        kept = [counts for _, counts in with_rows or self._partitions[:1]]
        if all(counts == kept[0] for counts in kept[1:]):
            frame.attrs.update(kept[0])
        return frame


def frame_of_packed(packed):
    """The DataFrame of ``packed_replay`` results, one per partition, in order
    (``[(bytes, counts), ...]``): see ``PackedFrame``."""
    made = PackedFrame()
    for part in packed:
        made.add(part)
    return made.frame()


def write_replay(path: Paths, output: PathLike, format: str = "jsonl",
                 tags: Union[str, Iterable[str]] = (), eval: bool = False, clock: bool = False,
                 next: bool = False, *, header: bool = True, comments: bool = False,
                 nags: bool = False, with_start: bool = False, variations: bool = False,
                 final: bool = False, min_ply: int = 0, max_ply: Optional[int] = None,
                 every: int = 1, ep: str = "standard", jobs: int = 0,
                 range: Optional[ByteRange] = None, game_offset: int = 0,
                 first_line: Optional[int] = None, errors: str = "collect",
                 warnings: bool = False, max_game_bytes: Optional[int] = None,
                 **selection: Any) -> ReplayData:
    """Writes the rows of ``fenkit replay -f FORMAT`` to the file ``output``, as the program
    writes them (the same library code, no Python per row), and returns their counts as a
    ``ReplayData`` without columns (``games``, ``selected``, ``rejected``, ``positions``,
    ``bytes``, ``errors``).

    ``format``: ``"jsonl"``, ``"csv"`` (with its header line unless ``header=False``, for the
    parts after the first of a data set written in pieces), ``"fen"``, ``"epd"``, or ``"npz"``:
    the columns of ``replay`` in NumPy's ``.npz`` (``read_npz``; texts as fixed-width bytes,
    deflated), which ``np.load`` and pandas read with no other package. The other
    arguments are those of ``replay`` (``columns`` aside: a file has the format's columns).
    As the program writes its outputs: a name ending in ``.gz`` or ``.zst`` is written
    compressed (zstd on ``jobs`` threads), and the file is written under a temporary name and
    renamed into place at the end, so that a run that fails (a file that cannot be written,
    which raises OSError; a rejected game with ``errors="raise"``) leaves no cut file.
    """
    # An .npz is made of replay's columns, which the library hands over instead of writing.
    npz = format == "npz"
    if npz and os.fsdecode(output).endswith((".gz", ".zst")):
        raise ValueError("format='npz' is compressed already: name the output .npz")
    columns, stats = _call(path, output=None if npz else output, format=None if npz else format,
                           header=header, columns=None, tags=tags, eval=eval, clock=clock,
                           next=next, comments=comments, nags=nags, with_start=with_start,
                           variations=variations, final=final, min_ply=min_ply,
                           max_ply=max_ply, every=every, ep=ep, jobs=jobs, range=range,
                           game_offset=game_offset, first_line=first_line, errors=errors,
                           warnings=warnings, max_game_bytes=max_game_bytes, **selection)
    if npz:
        save_columns(columns, output)
    return ReplayData({}, stats)


def read_npz(path: PathLike) -> "pandas.DataFrame":
    """The DataFrame of an ``.npz`` data set (``write_replay(..., format="npz")``, or a part of
    ``fenkit.dask.write_positions(..., format="npz")``), as ``replay_frame`` makes it: texts as
    str (None where empty), ``eval`` and ``mate`` as nullable Int64. Without fenkit,
    ``pandas.DataFrame(dict(numpy.load(path)))`` reads the same columns, texts as bytes."""
    import pandas as pd

    columns = load_columns(path)
    rows = len(next(iter(columns.values()))) if columns else 0
    return _data_frame(columns, pd.RangeIndex(rows))


def count_games(path: PathLike, range: Optional[ByteRange] = None) -> int:
    """The games of a PGN file, or of the byte range ``range=(start, end)`` of an uncompressed
    one, counted as ``replay`` numbers them but without replaying them (a pass of the reader's
    lexer): the counts of the ranges before a range add up to its ``game_offset``."""
    return _fenkit._count_range(path, None if range is None else byte_range(range))[0]


def replay_frame(path: Paths, *args: Any, **kwargs: Any) -> "pandas.DataFrame":
    """``replay(...)`` as a pandas DataFrame (needs pandas), with the same arguments.

    Columns keep their order; ``eval`` and ``mate`` become pandas' nullable ``Int64`` (missing
    values are ``<NA>``), ``clk`` stays float64 with NaN. The DataFrame's ``attrs`` hold the
    counts of the replay (``games``, ``selected``, ``rejected``, ``positions``, ``errors``).
    """
    import pandas as pd

    data = replay(path, *args, **kwargs)
    # (The index is given so that a frame without columns still has its rows.)
    frame = _data_frame(dict(data), pd.RangeIndex(data.rows))
    frame.attrs.update(_attrs(data))
    return frame


# replay_frame takes replay's arguments: inspect.signature, help() and editors show them.
replay_frame.__signature__ = inspect.signature(replay)  # type: ignore[attr-defined]
