"""python-chess's chess.polyglot over fenkit's Polyglot books (in progress)."""
