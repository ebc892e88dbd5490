"""python-chess's chess.pgn over fenkit's PGN reader (in progress)."""
