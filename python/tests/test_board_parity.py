"""fenkit.Board against python-chess's chess.Board on the same positions: every answer the same.

python-chess is not a Debian package: this file runs where it can be imported (pip, or
PYTHONPATH pointing at its sources) and skips elsewhere. The positions are those of the perft
suites and of games (the bundled fixtures, and the corpus when it is there), with boards made
by hand that no game reaches (no king, pawns on the back rank, castling rights without rooks).
"""

import itertools
import pickle

import pytest

import fenkit
from test_python_chess_parity import game_paths, is_chess960_fen, perft_fens

chess = pytest.importorskip("chess")


@pytest.fixture(scope="module")
def corpus_dir():
    import os
    import pathlib
    from conftest import DATA
    path = pathlib.Path(os.environ.get("FENKIT_CORPUS_DIR") or DATA.parents[2] / "shared" / "corpus")
    return path if (path / "perft").is_dir() else None


HAND_MADE = [
    None, "8/8/8/8/8/8/8/8 w - - 0 1", "4k3/8/8/8/8/8/8/8 b - - 3 9", "P3k3/8/8/8/8/8/8/4K3 w - - 0 1",
    "4k3/8/8/8/8/8/8/4K2R w K - 0 1", "kk6/8/8/8/8/8/8/KK6 w - - 0 1",
    "4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 2", "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1",
]


@pytest.fixture(scope="module")
def pairs(corpus_dir):
    """(fenkit.Board, chess.Board) of the same positions, with their move stacks."""
    out = [(fenkit.Board(fen), chess.Board(fen)) for fen in HAND_MADE]
    for fen, chess960 in itertools.islice(perft_fens(corpus_dir), 300):
        chess960 = chess960 or is_chess960_fen(fen)
        out.append((fenkit.Board(fen, chess960=chess960), chess.Board(fen, chess960=chess960)))
    for path in game_paths(corpus_dir):
        for game in itertools.islice(fenkit.read_games(path, errors="skip"), 40):
            ours = fenkit.Board(game.start_fen, chess960=game.start.chess960)
            theirs = chess.Board(game.start_fen, chess960=game.start.chess960)
            for move in game.mainline_moves():
                ours.push(move)
                theirs.push(chess.Move.from_uci(move.uci()))
                out.append((ours.copy(), theirs.copy()))
    assert len(out) > 800
    return out


def ucis(moves):
    return [m.uci() for m in moves]


ANSWERS = [
    ("fen", lambda b: b.fen()),
    ("fen xfen", lambda b: b.fen(en_passant="xfen")),
    ("fen fen", lambda b: b.fen(en_passant="fen")),
    ("shredder_fen", lambda b: b.shredder_fen()),
    ("epd", lambda b: b.epd()),
    ("repr", lambda b: repr(b)),
    ("str", lambda b: str(b)),
    ("unicode", lambda b: b.unicode(borders=True)),
    ("legal moves in order", lambda b: ucis(b.legal_moves)),
    ("legal captures in order", lambda b: ucis(b.generate_legal_captures())),
    ("castling moves", lambda b: ucis(b.generate_castling_moves())),
    ("pseudo-legal moves", lambda b: sorted(ucis(b.pseudo_legal_moves))),
    ("san of every move", lambda b: [b.san(m) for m in b.legal_moves]),
    ("status", lambda b: int(b.status())),
    ("is_valid", lambda b: b.is_valid()),
    ("pins", lambda b: [int(b.pin(c, s)) for c in (True, False) for s in range(64)]),
    ("attacks", lambda b: [int(b.attacks(s)) for s in range(64)]),
    ("occupied_co", lambda b: list(b.occupied_co)),
    ("piece masks", lambda b: [b.pawns, b.knights, b.bishops, b.rooks, b.queens, b.kings]),
    ("piece_map", lambda b: {s: p.symbol() for s, p in b.piece_map().items()}),
    ("piece_map order", lambda b: list(b.piece_map())),
    ("castling", lambda b: (b.castling_rights, b.castling_xfen(), b.castling_shredder_fen(),
                            b.has_chess960_castling_rights())),
    ("en passant", lambda b: (b.ep_square, b.has_legal_en_passant(), b.has_pseudo_legal_en_passant())),
    ("mirror", lambda b: b.mirror().fen()),
    ("transform", lambda b: b.transform(chess.flip_diagonal if isinstance(b, chess.Board)
                                        else fenkit.flip_diagonal).board_fen()),
    ("ply", lambda b: b.ply()),
    ("was_into_check", lambda b: b.was_into_check()),
    ("chess960_pos", lambda b: b.chess960_pos()),
    ("outcome", lambda b: str(b.outcome(claim_draw=True))),
    ("move stack", lambda b: ucis(b.move_stack)),
    ("root", lambda b: b.root().fen()),
    ("pickled", lambda b: (pickle.loads(pickle.dumps(b)).fen(),
                           ucis(pickle.loads(pickle.dumps(b)).move_stack))),
]


# Questions about moves: fenkit generates none on a board without one king of each side (the
# documented difference), python-chess generates those of the pieces there are.
MOVES = {"legal moves in order", "legal captures in order", "castling moves", "pseudo-legal moves",
         "san of every move", "outcome"}


def has_kings(board):
    return all(len(board.pieces(fenkit.KING, color)) == 1 for color in (True, False))


@pytest.mark.parametrize("name,answer", ANSWERS, ids=[a[0] for a in ANSWERS])
def test_board_answers_as_python_chess(pairs, name, answer):
    differ = []
    for ours, theirs in pairs:
        if name in MOVES and not has_kings(ours):
            continue
        try:
            expected = answer(theirs)
        except Exception as error:  # noqa: BLE001  (a question python-chess cannot answer)
            expected = type(error).__name__
        try:
            got = answer(ours)
        except Exception as error:  # noqa: BLE001
            got = type(error).__name__
        if got != expected:
            differ.append((theirs.fen(), got, expected))
    assert not differ, f"{len(differ)} of {len(pairs)} differ, first: {differ[0]}"


def test_edits_as_python_chess(pairs):
    """The setters, on copies of every position: the same boards after each."""
    for ours, theirs in itertools.islice(pairs, 0, None, 7):
        for board in (ours.copy(), theirs.copy()):
            pass
        a, b = ours.copy(), theirs.copy()
        for board, module in ((a, fenkit), (b, chess)):
            board.remove_piece_at(module.E2)
            board.set_piece_at(module.D5, module.Piece(module.QUEEN, module.BLACK))
            board.turn = not board.turn
            board.castling_rights &= ~module.BB_A1
            board.halfmove_clock = 7
        assert a.fen() == b.fen() and int(a.status()) == int(b.status())
        a.clear_board(); b.clear_board()
        assert a.fen() == b.fen()
