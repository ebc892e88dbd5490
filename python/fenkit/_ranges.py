"""Byte ranges that tile a file, for the range contract of ``fenkit replay --range``."""

import os

from . import _fenkit


def byte_ranges(path, pieces):
    """``pieces`` ranges ``(start, end)`` of about equal size that tile the file at ``path``.

    The cuts may fall anywhere: readers move each edge forward to the next place a game can
    start, so every game of the file belongs to exactly one range (the one its first byte lies
    in). Pass each to ``replay(path, range=...)`` or ``read_range``, or to the command line as
    ``fenkit replay --range START:END``. A file that cannot be read in byte ranges
    (compressed or UTF-16 input) raises ValueError, as ``replay(range=...)``, ``read_range``
    and ``count_games(range=...)`` do.
    """
    if pieces < 1:
        raise ValueError("pieces must be 1 or more")
    _fenkit._require_byte_ranges(path)  # ValueError for compressed or UTF-16 input
    return tile(0, os.path.getsize(path), pieces)


def tile(start, end, pieces):
    """``pieces`` ranges of about equal size that tile the bytes from ``start`` to ``end``."""
    cuts = [start + (end - start) * i // pieces for i in range(pieces + 1)]
    return [(cuts[i], cuts[i + 1]) for i in range(pieces)]
