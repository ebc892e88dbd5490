"""Squares and sets of squares as 64-bit masks, with python-chess's names (in progress)."""
