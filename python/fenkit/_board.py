"""python-chess's Board and BaseBoard over fenkit's Position (in progress)."""

from __future__ import annotations

from ._fenkit import Position


class Board(Position):
    """A position with its move stack, with python-chess's Board's names, defaults and meanings."""


BaseBoard = Board
