"""Positions of PGN archives on a Dask cluster, at the speed of the program.

- ``read_positions(paths, ...)``: a ``dask.dataframe.DataFrame`` of the rows of
  ``fenkit.replay_frame``: one partition per byte range of each uncompressed file and one per
  compressed file, game numbers global (as one ``fenkit replay`` run over all the files numbers
  them). Its ``compute()`` on a cluster has the workers send their rows packed, and makes the
  frame on the client once (``PositionsFrame``).
- ``write_positions(paths, outdir, format=...)``: each worker writes the rows of its partition
  to ``OUTDIR/part-NNNNN.EXT`` through the library's writer (no Python per row); concatenated in
  order, the parts are the output of one ``fenkit replay -f FORMAT`` run, byte for byte. With
  ``format="npz"`` each part is NumPy's ``.npz`` of the partition's columns instead (made in the
  worker's memory first), which ``read_npz`` reads back.

Both run on Dask's current scheduler: the distributed ``Client`` made last (``Client(address)``
for a running cluster, ``Client(LocalCluster(...))`` on one machine), or Dask's local threads.
Every worker reads the files itself, so on a cluster they must be at the same path on every
machine (a shared file system), as must ``outdir``.

Game numbers are made global, and the places of messages exact, by counting the games and lines
of each partition but the last (the reader's lexer alone, a small part of the time of replaying
them), each count a task that the partitions after it wait for; a compressed file that is not
the last is read once more for it. ``compute()`` on a cluster counts nothing first: each piece
is replayed as if it began its file, and the client numbers the games on from the counts that
come with the rows (and counts the lines before a piece only when it has messages).

Large compressed archives are best cut first into compressed shards, which are then read in
parallel::

    fenkit pgn --split 1000000 -o shards/month.pgn.zst lichess_db_standard_rated_2024-01.pgn.zst
    frame = fenkit.dask.read_positions(sorted(glob.glob("shards/month-*.pgn.zst")), eval=True)
"""

import ipaddress
import math
import os
import re
import socket

import dask
import dask.dataframe as dd

from ._compact_frame import compact
from ._ranges import byte_ranges, tile
from . import _fenkit
from ._replay import (PackedFrame, byte_range, packed_replay, read_npz as _read_npz, replay,
                      replay_frame, write_replay)

__all__ = ["read_positions", "write_positions", "read_npz", "PositionsFrame", "WrittenPositions"]

_EXTENSIONS = {"jsonl": ".jsonl", "csv": ".csv", "fen": ".fen", "epd": ".epd", "npz": ".npz"}


def _threads():
    """The threads that run tasks: the distributed client's workers', or this machine's."""
    try:
        from distributed import get_client

        return max(1, sum(get_client().nthreads().values()))
    except (ImportError, ValueError):
        return os.cpu_count() or 1


# The rows a partition holds at most by default: with the default columns a worker holding
# one partition's frame stays near 256 MB (a row's Python strings take about 250 bytes).
DEFAULT_MAX_ROWS = 400_000

# The bytes read from a file's start to learn how many bytes it takes a row.
_SAMPLE_BYTES = 2 << 20


def _bytes_per_row(path, size, options):
    """The bytes of `path` a row takes, from its first _SAMPLE_BYTES replayed with the
    options the partitions have (a selection or ply bounds keep fewer rows); None when the
    sample gives no row."""
    pieces = max(1, math.ceil(size / _SAMPLE_BYTES))
    first = byte_ranges(path, pieces)[0]
    # The options that decide which rows there are (the columns do not), errors collected.
    decisive = {key: value for key, value in options.items()
                if key not in ("columns", "tags", "eval", "clock", "next", "comments", "nags",
                               "errors", "planes")}
    rows = replay(path, columns=[], range=first, jobs=1, **decisive).rows
    return (first[1] - first[0]) / rows if rows else None


def _partitions(paths, blocksize, max_rows=None, options=None):
    """(path, range or None, entry) of every partition, in input order; ``entry`` is the index
    of its file in ``paths`` (a file listed twice is read twice, its lines counted from 1 each
    time). Without a blocksize, each uncompressed file is cut into pieces of at most 64 MiB,
    and into at least as many as there are threads to read them. With ``max_rows``, pieces are
    made small enough to hold about that many rows each, by the rows its first bytes give."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    if blocksize is not None and blocksize < 1:
        raise ValueError(f"blocksize must be 1 or more, not {blocksize}")
    if max_rows is not None and max_rows < 1:
        raise ValueError(f"max_rows must be 1 or more, not {max_rows}")
    least = 1 if blocksize is not None else _threads()
    blocksize = blocksize or 64 << 20
    parts = []
    for entry, path in enumerate(paths):
        path = os.path.abspath(os.fsdecode(path))
        size = os.path.getsize(path)
        # Compressed or UTF-16 input (the library decides, as it reads) is one partition.
        if size == 0 or not _fenkit._byte_ranges_possible(path):
            parts.append((path, None, entry))
            continue
        block = blocksize
        if max_rows is not None and size > _SAMPLE_BYTES:
            per_row = _bytes_per_row(path, size, options or {})
            if per_row:
                block = min(block, max(1, int(per_row * max_rows)))
        pieces = max(least, math.ceil(size / block))
        parts += [(path, piece, entry) for piece in byte_ranges(path, pieces)]
    return parts


# read_positions' filters= and the replay options each is pushed down to.
_PLY_BOUNDS = {
    "==": lambda n: {"min_ply": n, "max_ply": n},
    ">=": lambda n: {"min_ply": n},
    ">": lambda n: {"min_ply": n + 1},
    "<=": lambda n: {"max_ply": n},
    "<": lambda n: {"max_ply": n - 1},
}
_TAG_OPS = {"==": "=", "!=": "!=", "<": "<", "<=": "<=", ">": ">", ">=": ">="}


def _pushed_down(filters, options):
    """The replay options with ``filters`` (Dask's and pyarrow's form: a list of ``(column, op,
    value)``, all of which hold) in them: ``ply`` bounds become ``min_ply``/``max_ply``, any
    other name a condition on the tag of that name (``tag=``), so that the reader leaves the
    other rows out rather than a frame being built and then cut."""
    if not filters:
        return options
    options = dict(options)
    tags = options.pop("tag", [])
    tags = [tags] if isinstance(tags, str) else list(tags)
    for column, op, value in filters:
        if column == "ply":
            if op not in _PLY_BOUNDS:
                raise ValueError(f"filters: ply takes {', '.join(_PLY_BOUNDS)}, not {op!r}")
            for key, bound in _PLY_BOUNDS[op](int(value)).items():
                if key == "min_ply":
                    options[key] = max(options.get(key, 0), bound)
                else:
                    current = options.get(key)
                    options[key] = bound if current is None else min(current, bound)
        elif op in _TAG_OPS:
            tags.append(f"{column}{_TAG_OPS[op]}{value}")
        else:
            raise ValueError(f"filters: {column} takes {', '.join(_TAG_OPS)}, not {op!r}")
    if tags:
        options["tag"] = tags
    return options


def _count(path, piece):
    return _fenkit._count_range(path, None if piece is None else byte_range(piece))


def _next_start(start, count, same_file):
    """Where the partition after one starts, from where that one starts and its count: the
    games before it (game numbers go on across files) and the lines of its file before it."""
    (games, lines), (n_games, n_lines) = start, count
    return games + n_games, lines + n_lines if same_file else 0


def _starts(parts):
    """Where each partition starts, (games, lines) before it: the first one at once, each other
    one a task after the count of the partition before it. So no partition waits for all the
    counts: the first ones are replayed while the later ones are counted (a count is a pass of
    the reader's lexer, a small part of the time of replaying), and the last one is not
    counted at all."""
    starts = [(0, 0)]
    for (path, piece, entry), (_, _, next_entry) in zip(parts, parts[1:]):
        count = dask.delayed(_count, pure=True)(path, piece)
        starts.append(dask.delayed(_next_start, pure=True)(starts[-1], count, next_entry == entry))
    return starts


def _offset(piece, start):
    """(game_offset, first_line) of a partition that starts at ``start``."""
    games, lines = start
    return games, 1 + lines if piece is not None else None


def _check(options):
    if "games" in options:
        raise ValueError("games= selects by number, which a partition cannot know before the "
                         "count: select in fenkit.replay or fenkit pgn instead")
    for name in ("range", "game_offset", "first_line", "jobs"):
        if name in options:
            raise ValueError(f"{name}= is set for each partition")


def _frame(path, piece, start, options):
    game_offset, first_line = _offset(piece, start)
    frame = replay_frame(path, range=piece, game_offset=game_offset, first_line=first_line, jobs=1,
                         **options)
    # Sent to the client several times faster than a DataFrame of strings pickles.
    return compact(frame)


def _packed(path, piece, start, options, compressed):
    game_offset, first_line = _offset(piece, start)
    return packed_replay(path, range=piece, game_offset=game_offset, first_line=first_line,
                         jobs=1, compressed=compressed, **options)


def _on_this_machine(client):
    """Whether every worker of the client's cluster runs on the client's machine (a
    ``LocalCluster``): there the packed rows are copied, not sent, and compressing them would
    cost the workers more than it saves."""
    from distributed.comm import get_address_host
    from distributed.utils import get_ip

    here = {"localhost", socket.gethostname()}  # (not getfqdn(): a DNS lookup may hang)
    try:
        here.add(get_ip())
    except OSError:  # no network at all: only loopback addresses are here
        pass
    for address in client.scheduler_info()["workers"]:
        host = get_address_host(address)
        try:
            if ipaddress.ip_address(host).is_loopback:
                continue
        except ValueError:  # a host name
            pass
        if host not in here:
            return False
    return True


# The size of the pieces that compute() has the workers replay: a partition of a byte range cut
# further, so that the client makes the frame of the first pieces while the workers replay the
# later ones (making the strs on the client costs about as much as replaying them).
_PIECE = 8 << 20


def _pieces(parts):
    """(path, range or None, entry, first) of the pieces of the partitions ``parts``, in order;
    ``first``: whether the piece begins its partition."""
    pieces = []
    for path, piece, entry in parts:
        if piece is None:
            pieces.append((path, None, entry, True))
            continue
        start, end = piece
        cut = tile(start, end, max(1, math.ceil((end - start) / _PIECE)))
        pieces += [(path, part, entry, i == 0) for i, part in enumerate(cut)]
    return pieces


def _scheduling_client():
    """The distributed client that ``compute()`` would run on now, or None (Dask's threads or
    processes, or a scheduler set by ``dask.config``)."""
    try:
        from distributed import default_client
        client = default_client()
    except (ImportError, ValueError):
        return None
    scheduler = dask.base.get_scheduler()
    return client if getattr(scheduler, "__self__", None) is client else None


class PositionsFrame(dd.DataFrame):
    """The ``dask.dataframe.DataFrame`` that ``read_positions`` returns. It is one in every
    way; only its own ``compute()`` on a distributed cluster takes a shorter path: each worker
    sends its partition's rows packed as the reader made them (no Python object made there;
    compressed unless every worker is on the client's machine), in pieces of ``_PIECE`` bytes
    of PGN, and the client makes the frame of them once, as
    ``fenkit.replay_frame`` makes it, each piece as it arrives (a partition of millions of
    strs costs more to send and join than to replay). The frame is
    the one the partitions joined make, index and ``attrs`` included. Frames derived from it
    (a selection, a ``groupby``, ``persist()``), ``dask.compute(frame)`` and ``compute()`` with
    arguments are computed as any other."""

    # (name, parts, options): the partitions read_positions made, while the frame's graph is
    # still the one it made (a column assigned in place changes the name). None in frames
    # made again (persist()).
    _fenkit_parts = None

    def compute(self, **kwargs):
        made = self._fenkit_parts
        fresh = made is not None and made[0] == self._name and not kwargs
        client = _scheduling_client() if fresh else None
        if client is None:
            return super().compute(**kwargs)
        _, parts, options = made
        pieces = _pieces(parts)
        compressed = not _on_this_machine(client)
        # Every piece is replayed as if it began its file (games and lines from 1), so that no
        # piece waits for a count of the ones before it and the workers take them as they
        # come; the client numbers them on as it adds them, in order.
        # In order (a higher priority first), as the client adds them: else the client waits
        # for an early piece while the workers replay later ones, and then makes the strs of
        # all the others alone while the workers wait. (Not pure: a file listed twice gives the
        # same pieces, each a task of its own.)
        futures = [client.submit(_packed, path, piece, (0, 0), options, compressed, pure=False,
                                 priority=len(pieces) - i)
                   for i, (path, piece, _, _) in enumerate(pieces)]
        frame = PackedFrame()
        lines = _LinesBefore(client, pieces)
        games = 0
        try:
            for i, ((path, _, _, first), future) in enumerate(zip(pieces, futures)):
                try:
                    data, stats = future.result()
                except ValueError as error:  # errors="raise": the piece's first rejected game
                    client.cancel(futures[i + 1:])  # no piece after it is wanted
                    message = str(error)
                    placed = _renumbered([message], path, games, lines.before(i))[0]
                    if placed == message:
                        raise
                    raise ValueError(placed) from None
                if stats["errors"]:
                    stats = dict(stats, errors=_renumbered(stats["errors"], path, games,
                                                           lines.before(i)))
                frame.add((data, stats), piece_of_last=not first, game_offset=games)
                games += stats["games"]
                future.release()  # the worker's copy
        except BaseException:
            client.cancel(futures)  # the pieces no one will read
            raise
        return frame.frame()


class _LinesBefore:
    """The lines of a piece's file before it, for the places of its messages: counted only
    for a piece that has messages (a count of each piece of the file before it, as tasks)."""

    def __init__(self, client, pieces):
        self._client = client
        self._pieces = pieces
        self._lines = {}  # of each piece counted

    def before(self, i):
        path, piece, entry, _ = self._pieces[i]
        if piece is None:
            return 0  # a whole file
        earlier = [j for j in range(i) if self._pieces[j][2] == entry]
        wanted = [j for j in earlier if j not in self._lines]
        # Before any piece still queued (those go with priorities from 1 to len(pieces)).
        counts = self._client.compute([dask.delayed(_count, pure=True)(*self._pieces[j][:2])
                                       for j in wanted], priority=len(self._pieces) + 1,
                                      sync=True)
        self._lines.update((j, lines) for j, (_, lines) in zip(wanted, counts))
        return sum(self._lines[j] for j in earlier)


def _renumbered(messages, path, games, lines):
    """Messages of a piece replayed as if it began its file (``FILE:LINE:COLUMN: KIND: game
    N: ...``, as the library writes them), with the lines and games before it added."""
    place = re.compile(re.escape(path) + r":(\d+):(\d+): (error|warning): game (\d+): ")
    out = []
    for message in messages:
        found = place.match(message)
        if found:
            line, column, kind, game = found.groups()
            message = (f"{path}:{int(line) + lines}:{column}: {kind}: game {int(game) + games}: "
                       + message[found.end():])
        out.append(message)
    return out


def read_positions(paths, columns=None, tags=(), eval=False, clock=False, next=False, *,
                   blocksize=None, max_rows=DEFAULT_MAX_ROWS, filters=None, **options):
    """The rows of ``fenkit.replay_frame`` over the PGN files ``paths`` (a path or a list, in
    order), as a ``dask.dataframe.DataFrame``: one partition per ``blocksize`` bytes of each
    uncompressed file (a byte range, ``fenkit.byte_ranges``; by default 64 MiB, and at least a
    partition per thread of the cluster), one per compressed file.

    Columns and their types are those of ``replay_frame`` with the same arguments (``columns``,
    ``tags``, ``eval``, ``clock``, ``next`` and the others of ``fenkit.replay``: ``with_start``,
    ``final``, ``ep``, ``min_elo``, ...); game numbers count across all the files from 1, as one
    ``fenkit replay`` run numbers them. Each partition is replayed on one thread of a worker;
    its index counts its rows from 0. Rejected games give no rows; ``write_positions`` returns
    their messages.

    ``max_rows`` (default 400,000: a worker computing a frame derived from this one, such as
    ``frame[frame.ply == 1]``, peaks at about 256 MB with the default columns)
    makes the partitions of an uncompressed file small enough to hold about that many rows
    each, judged by the rows of its first 2 MB (None: ``blocksize`` alone decides). ``filters``, a list of
    ``(column, op, value)`` as Dask's readers take (``[("ply", "==", 1), ("WhiteElo", ">=",
    2000)]``), is pushed into the reader: ``ply`` bounds become ``min_ply``/``max_ply``, another
    name a condition on that tag (``tag=``), so that the rows left out are never built.
    """
    _check(options)
    options = _pushed_down(filters, options)
    parts = _partitions(paths, blocksize, max_rows, options)
    kwargs = dict(columns=columns, tags=tags, eval=eval, clock=clock, next=next, **options)
    # No rows, the columns and types every partition has.
    meta = replay_frame(os.devnull, **kwargs)
    meta.attrs.clear()
    frames = [dask.delayed(_frame, pure=True)(path, piece, start, kwargs)
              for (path, piece, _), start in zip(parts, _starts(parts))]
    frame = dd.from_delayed(frames, meta=meta, verify_meta=False)
    try:
        positions = PositionsFrame(frame.dask, frame._name, frame._meta, frame.divisions)
    except (TypeError, AttributeError):
        return frame  # a Dask whose frames are made otherwise (dask-expr): Dask's own compute()
    positions._fenkit_parts = (positions._name, parts, kwargs)
    return positions


class WrittenPositions(list):
    """The paths of the parts written, in order, with what the replay counted: ``games``,
    ``selected``, ``rejected``, ``positions`` and ``errors`` (the reader's messages for the
    rejected games, ``FILE:LINE:COLUMN: error: game N: ...``, in input order)."""

    def __init__(self, paths, results):
        super().__init__(paths)
        self.games = sum(r.games for r in results)
        self.selected = sum(r.selected for r in results)
        self.rejected = sum(r.rejected for r in results)
        self.positions = sum(r.positions for r in results)
        self.errors = [line for r in results for line in r.errors]

    def __repr__(self):
        return (f"<WrittenPositions {len(self)} parts, {self.positions} rows; {self.games} games, "
                f"{self.selected} used, {self.rejected} rejected>")


# write_positions' compression= and the suffix that has the library compress a part.
_COMPRESSIONS = {None: "", "zst": ".zst", "zstd": ".zst", "gz": ".gz", "gzip": ".gz"}


def _write(path, piece, start, output, header, format, options):
    game_offset, first_line = _offset(piece, start)
    return write_replay(path, output, format=format, header=header, range=piece,
                        game_offset=game_offset, first_line=first_line, jobs=1, **options)


def write_positions(paths, outdir, format="jsonl", tags=(), eval=False, clock=False, next=False,
                    *, blocksize=None, compression=None, max_rows=DEFAULT_MAX_ROWS, **options):
    """Writes the rows of ``fenkit replay -f FORMAT`` over the PGN files ``paths`` as
    ``OUTDIR/part-NNNNN.EXT``, one part per partition (see ``read_positions``), each written by
    a worker through the library's writer. Concatenated in order, the parts equal the output of
    one ``fenkit replay -f FORMAT`` run over the same files with the same options, byte for
    byte (the csv header is in the first part only).

    ``format``: ``"jsonl"`` (the default), ``"csv"``, ``"fen"``, ``"epd"`` or ``"npz"``; the
    other arguments are those of ``fenkit.write_replay``. ``compression="zst"`` (or ``"gz"``)
    writes each part compressed, ``part-NNNNN.EXT.zst``: a month of positions takes a fifth of
    its room or less, and the parts concatenated are one valid stream of the whole (zstd frames
    and gzip members follow one another). pandas reads ``.gz`` but not ``.zst`` without the
    ``zstandard`` package, which Debian 12 lacks. ``"npz"`` writes each part as NumPy's
    ``.npz`` (``fenkit.write_replay``), compressed already, which ``read_npz`` (or
    ``np.load``) reads as it is; its columns are made in the worker's memory first (about 250
    bytes a row), so an uncompressed file is cut into partitions of at most ``max_rows`` rows
    (as ``read_positions`` cuts them), and a compressed one, read whole, is best a shard of
    a few thousand games. Returns a ``WrittenPositions``: the paths, in order, with the
    counts.
    """
    _check(options)
    if format not in _EXTENSIONS:
        raise ValueError(f"format must be one of {', '.join(_EXTENSIONS)}, not {format!r}")
    if compression not in _COMPRESSIONS:
        raise ValueError(f"compression must be None, 'zst' or 'gz', not {compression!r}")
    if format == "npz" and compression is not None:
        raise ValueError("format='npz' is compressed already: compression must be None")
    kwargs = dict(tags=tags, eval=eval, clock=clock, next=next, **options)
    # Rows streamed to a file take no memory; columns made for an .npz do.
    parts = _partitions(paths, blocksize, max_rows if format == "npz" else None, kwargs)
    outdir = os.path.abspath(os.fsdecode(outdir))
    os.makedirs(outdir, exist_ok=True)
    suffix = _EXTENSIONS[format] + _COMPRESSIONS[compression]
    names = [os.path.join(outdir, f"part-{i:05d}{suffix}") for i in range(len(parts))]
    tasks = [dask.delayed(_write, pure=False)(path, piece, start, name, i == 0, format, kwargs)
             for i, ((path, piece, _), start, name) in enumerate(zip(parts, _starts(parts), names))]
    return WrittenPositions(names, dask.compute(*tasks))


def read_npz(paths):
    """A ``dask.dataframe.DataFrame`` of the ``.npz`` parts ``paths`` (those of
    ``write_positions(..., format="npz")``, in order), one partition a part, each read as
    ``fenkit.read_npz`` reads it."""
    if isinstance(paths, (str, bytes, os.PathLike)):
        paths = [paths]
    paths = [os.fsdecode(path) for path in paths]
    if not paths:
        raise ValueError("no parts to read")
    return dd.from_map(_read_npz, paths, meta=_read_npz(paths[0]).iloc[:0])
