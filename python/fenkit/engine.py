"""The scores of python-chess's ``chess.engine`` (``Cp``, ``Mate``, ``PovScore``), as game nodes
give them (``node.eval()``) and take them (``node.set_eval(...)``). fenkit does not run engines:
this module has the score types only."""

from ._game import Cp, Mate, PovScore

__all__ = ["Cp", "Mate", "PovScore"]
