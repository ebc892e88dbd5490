"""What fenkit.Position adds in Python to its compiled methods: python-chess's legal_moves
collection, sets of squares, and how the game stands (outcome, result, is_game_over)."""

from __future__ import annotations

from typing import Optional

from ._chess import LegalMoves, Outcome, SquareSet, Termination
from ._fenkit import Position


def _legal_moves(self) -> LegalMoves:
    """The legal moves, as python-chess's: iterate them (fenkit.Move), test with ``in``, count
    with len(); calling it (``legal_moves()``, fenkit's older form) gives them in UCI."""
    return LegalMoves(self)


def _checkers(self) -> SquareSet:
    """The pieces that give check."""
    return SquareSet(self.checkers_mask())


def _attackers(self, color: bool, square: int) -> SquareSet:
    """The pieces of ``color`` that attack ``square``."""
    return SquareSet(self.attackers_mask(color, square))


def _pieces(self, piece_type: int, color: bool) -> SquareSet:
    """The squares of the pieces of a type and colour."""
    return SquareSet(self.pieces_mask(piece_type, color))


def _outcome(self, *, claim_draw: bool = False) -> Optional[Outcome]:
    """How the game stands, as python-chess decides it: checkmate, insufficient material,
    stalemate, the seventy-five-move rule and fivefold repetition end it; with
    ``claim_draw=True`` the fifty-move rule and threefold repetition too. None while it goes
    on. In a variant its own end comes first (python-chess's VARIANT_WIN, _LOSS, _DRAW)."""
    if self.variant != "standard":
        if self.is_variant_loss():
            return Outcome(Termination.VARIANT_LOSS, not self.turn)
        if self.is_variant_win():
            return Outcome(Termination.VARIANT_WIN, self.turn)
        if self.is_variant_draw():
            return Outcome(Termination.VARIANT_DRAW, None)
    if self.is_checkmate():
        return Outcome(Termination.CHECKMATE, not self.turn)
    if self.is_insufficient_material():
        return Outcome(Termination.INSUFFICIENT_MATERIAL, None)
    if not self._legal_move_count():
        return Outcome(Termination.STALEMATE, None)
    if self.is_seventyfive_moves():
        return Outcome(Termination.SEVENTYFIVE_MOVES, None)
    if self.is_fivefold_repetition():
        return Outcome(Termination.FIVEFOLD_REPETITION, None)
    if claim_draw:
        if self.can_claim_fifty_moves():
            return Outcome(Termination.FIFTY_MOVES, None)
        if self.can_claim_threefold_repetition():
            return Outcome(Termination.THREEFOLD_REPETITION, None)
    return None


def _result(self, *, claim_draw: bool = False) -> str:
    """'1-0', '0-1', '1/2-1/2', or '*' while the game goes on (see outcome())."""
    outcome = self.outcome(claim_draw=claim_draw)
    return outcome.result() if outcome else "*"


def _is_game_over(self, *, claim_draw: bool = False) -> bool:
    """Whether the game has ended (see outcome())."""
    return self.outcome(claim_draw=claim_draw) is not None


# The compiled class gets its Python methods here (its stub, _fenkit.pyi, declares them).
Position.legal_moves = property(_legal_moves)  # type: ignore[assignment]
Position.checkers = _checkers  # type: ignore[assignment]
Position.attackers = _attackers  # type: ignore[assignment]
Position.pieces = _pieces  # type: ignore[assignment]
Position.outcome = _outcome  # type: ignore[assignment]
Position.result = _result  # type: ignore[assignment]
Position.is_game_over = _is_game_over  # type: ignore[assignment]
