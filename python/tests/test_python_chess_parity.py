"""fenkit side by side with python-chess: the same idioms on the same positions, the same answers.

python-chess is not a Debian package: these tests run where it can be imported (pip, or
PYTHONPATH pointing at its sources) and skip elsewhere. The positions are the perft suites'
and those of games, from the corpus when it is there and from the bundled fixtures.
"""

import itertools

import pytest

import fenkit
from conftest import DATA

chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402
import chess.polyglot  # noqa: E402


def is_chess960_fen(fen):
    return any(c in fen.split()[2] for c in "ABCDEFGHabcdefgh")


def perft_fens(corpus_dir):
    paths = [DATA / "fen" / "perft.epd"]
    if corpus_dir is not None:
        paths += sorted((corpus_dir / "perft").glob("*.epd"))
    for path in paths:
        for line in path.read_text().splitlines():
            if line.strip() and not line.startswith("#"):
                yield line.split(";")[0].strip(), "fischer" in path.name or "frc" in path.name


def game_paths(corpus_dir):
    paths = sorted((DATA / "pgn").glob("*.pgn"))
    if corpus_dir is not None:
        paths.append(corpus_dir / "pgn" / "pychess-testing" / "world_matches.pgn")
    return [p for p in paths if p.exists()]


@pytest.fixture(scope="module")
def corpus_dir():
    import os
    import pathlib
    path = pathlib.Path(os.environ.get("FENKIT_CORPUS_DIR") or DATA.parents[2] / "shared" / "corpus")
    return path if (path / "perft").is_dir() else None


@pytest.fixture(scope="module")
def pairs(corpus_dir):
    """(fenkit.Position, chess.Board) of the same positions."""
    out = []
    for fen, chess960 in itertools.islice(perft_fens(corpus_dir), 400):
        chess960 = chess960 or is_chess960_fen(fen)
        out.append((fenkit.Position(fen, chess960=chess960), chess.Board(fen, chess960=chess960)))
    for path in game_paths(corpus_dir):
        for game in itertools.islice(fenkit.read_games(path, errors="skip"), 60):
            pos = game.start
            board = chess.Board(pos.fen(), chess960=pos.chess960)
            for move in game.mainline_moves():
                pos.push(move)
                board.push(chess.Move.from_uci(move.uci()))
                out.append((pos.copy(), board.copy()))
    assert len(out) > 1000
    return out


def uci_set(moves):
    return {m.uci() for m in moves}


# Each idiom: a name, and the call on a fenkit.Position and on a chess.Board. The answers must be
# equal (after the given conversion).
SQUARES = range(64)
IDIOMS = [
    ("fen", lambda p: p.fen(ep="legal"), lambda b: b.fen()),
    ("fen with every ep square", lambda p: p.fen(), lambda b: b.fen(en_passant="fen")),
    ("board_fen", lambda p: p.board_fen(), lambda b: b.board_fen()),
    ("epd", lambda p: p.epd(ep="legal"), lambda b: b.epd()),
    ("turn", lambda p: p.turn, lambda b: b.turn),
    ("castling_rights", lambda p: p.castling_rights, lambda b: b.castling_rights),
    ("ep_square", lambda p: p.ep_square, lambda b: b.ep_square),
    ("has_legal_en_passant", lambda p: p.has_legal_en_passant(), lambda b: b.has_legal_en_passant()),
    ("halfmove_clock", lambda p: p.halfmove_clock, lambda b: b.halfmove_clock),
    ("fullmove_number", lambda p: p.fullmove_number, lambda b: b.fullmove_number),
    ("piece_at", lambda p: [str(p.piece_at(s)) for s in SQUARES], lambda b: [str(b.piece_at(s)) for s in SQUARES]),
    ("piece_type_at", lambda p: [p.piece_type_at(s) for s in SQUARES], lambda b: [b.piece_type_at(s) for s in SQUARES]),
    ("color_at", lambda p: [p.color_at(s) for s in SQUARES], lambda b: [b.color_at(s) for s in SQUARES]),
    ("piece_map", lambda p: {s: x.symbol() for s, x in p.piece_map().items()},
     lambda b: {s: x.symbol() for s, x in b.piece_map().items()}),
    ("pieces_mask", lambda p: [p.pieces_mask(t, c) for t in fenkit.PIECE_TYPES for c in fenkit.COLORS],
     lambda b: [b.pieces_mask(t, c) for t in chess.PIECE_TYPES for c in chess.COLORS]),
    ("pieces", lambda p: [list(p.pieces(t, c)) for t in fenkit.PIECE_TYPES for c in fenkit.COLORS],
     lambda b: [list(b.pieces(t, c)) for t in chess.PIECE_TYPES for c in chess.COLORS]),
    ("occupied", lambda p: p.occupied, lambda b: b.occupied),
    ("occupied_co", lambda p: [p.occupied_co(c) for c in fenkit.COLORS], lambda b: [b.occupied_co[c] for c in chess.COLORS]),
    ("king", lambda p: [p.king(c) for c in fenkit.COLORS], lambda b: [b.king(c) for c in chess.COLORS]),
    ("checkers", lambda p: int(p.checkers()), lambda b: int(b.checkers())),
    ("attackers", lambda p: [int(p.attackers(c, s)) for c in fenkit.COLORS for s in SQUARES],
     lambda b: [int(b.attackers(c, s)) for c in chess.COLORS for s in SQUARES]),
    ("is_attacked_by", lambda p: [p.is_attacked_by(c, s) for c in fenkit.COLORS for s in SQUARES],
     lambda b: [b.is_attacked_by(c, s) for c in chess.COLORS for s in SQUARES]),
    ("is_check", lambda p: p.is_check(), lambda b: b.is_check()),
    ("is_checkmate", lambda p: p.is_checkmate(), lambda b: b.is_checkmate()),
    ("is_stalemate", lambda p: p.is_stalemate(), lambda b: b.is_stalemate()),
    ("is_insufficient_material", lambda p: p.is_insufficient_material(), lambda b: b.is_insufficient_material()),
    ("legal_moves", lambda p: uci_set(p.legal_moves), lambda b: uci_set(b.legal_moves)),
    ("len(legal_moves)", lambda p: len(p.legal_moves), lambda b: b.legal_moves.count()),
    ("bool(legal_moves)", lambda p: bool(p.legal_moves), lambda b: any(b.legal_moves)),
    ("san", lambda p: {m.uci(): p.san(m) for m in p.legal_moves}, lambda b: {m.uci(): b.san(m) for m in b.legal_moves}),
    ("lan", lambda p: {m.uci(): p.lan(m) for m in p.legal_moves}, lambda b: {m.uci(): b.lan(m) for m in b.legal_moves}),
    ("uci", lambda p: sorted(p.uci(m) for m in p.legal_moves), lambda b: sorted(b.uci(m) for m in b.legal_moves)),
    ("parse_san", lambda p: {p.san(m): p.parse_san(p.san(m)).uci() for m in p.legal_moves},
     lambda b: {b.san(m): b.parse_san(b.san(m)).uci() for m in b.legal_moves}),
    ("gives_check", lambda p: {m.uci(): p.gives_check(m) for m in p.legal_moves},
     lambda b: {m.uci(): b.gives_check(m) for m in b.legal_moves}),
    ("is_capture", lambda p: {m.uci(): p.is_capture(m) for m in p.legal_moves},
     lambda b: {m.uci(): b.is_capture(m) for m in b.legal_moves}),
    ("is_castling", lambda p: {m.uci(): p.is_castling(m) for m in p.legal_moves},
     lambda b: {m.uci(): b.is_castling(m) for m in b.legal_moves}),
    ("is_kingside_castling", lambda p: {m.uci(): p.is_kingside_castling(m) for m in p.legal_moves},
     lambda b: {m.uci(): b.is_kingside_castling(m) for m in b.legal_moves}),
    ("is_queenside_castling", lambda p: {m.uci(): p.is_queenside_castling(m) for m in p.legal_moves},
     lambda b: {m.uci(): b.is_queenside_castling(m) for m in b.legal_moves}),
    ("is_en_passant", lambda p: {m.uci(): p.is_en_passant(m) for m in p.legal_moves},
     lambda b: {m.uci(): b.is_en_passant(m) for m in b.legal_moves}),
    ("is_zeroing", lambda p: {m.uci(): p.is_zeroing(m) for m in p.legal_moves},
     lambda b: {m.uci(): b.is_zeroing(m) for m in b.legal_moves}),
    ("is_legal", lambda p: [p.is_legal(fenkit.Move(a, z)) for a in SQUARES for z in (a ^ 8, a ^ 16, a ^ 1)],
     lambda b: [b.is_legal(chess.Move(a, z)) for a in SQUARES for z in (a ^ 8, a ^ 16, a ^ 1)]),
    ("has_castling_rights", lambda p: [p.has_castling_rights(c) for c in fenkit.COLORS],
     lambda b: [b.has_castling_rights(c) for c in chess.COLORS]),
    ("has_kingside_castling_rights", lambda p: [p.has_kingside_castling_rights(c) for c in fenkit.COLORS],
     lambda b: [b.has_kingside_castling_rights(c) for c in chess.COLORS]),
    ("has_queenside_castling_rights", lambda p: [p.has_queenside_castling_rights(c) for c in fenkit.COLORS],
     lambda b: [b.has_queenside_castling_rights(c) for c in chess.COLORS]),
    ("mirror", lambda p: p.mirror().fen(ep="legal"), lambda b: b.mirror().fen()),
    ("str", lambda p: str(p), lambda b: str(b)),
    ("polyglot key", lambda p: p.polyglot_key(), lambda b: chess.polyglot.zobrist_hash(b)),
    ("is_fifty_moves", lambda p: p.is_fifty_moves(), lambda b: b.is_fifty_moves()),
    ("is_seventyfive_moves", lambda p: p.is_seventyfive_moves(), lambda b: b.is_seventyfive_moves()),
    ("can_claim_fifty_moves", lambda p: p.can_claim_fifty_moves(), lambda b: b.can_claim_fifty_moves()),
    ("outcome", lambda p: p.outcome() and (p.outcome().termination.name, p.outcome().winner),
     lambda b: b.outcome() and (b.outcome().termination.name, b.outcome().winner)),
    ("result", lambda p: p.result(), lambda b: b.result()),
    ("is_game_over", lambda p: p.is_game_over(), lambda b: b.is_game_over()),
    ("push and pop", lambda p: sorted((p.push(m), p.fen(ep="legal"), p.pop().uci())[1:] for m in p.legal_moves),
     lambda b: sorted((b.push(m), b.fen(), b.pop().uci())[1:] for m in b.legal_moves)),
]


@pytest.mark.parametrize("name,ours,theirs", IDIOMS, ids=[i[0] for i in IDIOMS])
def test_idiom_answers_alike(pairs, name, ours, theirs):
    for pos, board in pairs:
        assert ours(pos) == theirs(board), (name, board.fen())


def test_repetition_and_draw_claims_alike(corpus_dir):
    # Along whole games (the move stack matters): is_repetition, the claims, the outcome with
    # claims, at every ply.
    plies = 0
    repeated = 0
    for path in game_paths(corpus_dir):
        for game in itertools.islice(fenkit.read_games(path, errors="skip"), 25):
            pos = game.start
            board = chess.Board(pos.fen(), chess960=pos.chess960)
            for move in game.mainline_moves():
                pos.push(move)
                board.push(chess.Move.from_uci(move.uci()))
                assert pos.is_repetition(2) == board.is_repetition(2), board.fen()
                assert pos.is_repetition() == board.is_repetition()
                assert pos.can_claim_threefold_repetition() == board.can_claim_threefold_repetition()
                assert pos.can_claim_draw() == board.can_claim_draw()
                assert pos.result(claim_draw=True) == board.result(claim_draw=True)
                repeated += pos.is_repetition(2)
                plies += 1
    assert plies > 1000 and repeated > 0
    # Knights back and forth: the claim one move early, then the repetition itself.
    pos, board = fenkit.Position(), chess.Board()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"] * 3:
        assert pos.can_claim_threefold_repetition() == board.can_claim_threefold_repetition()
        pos.push_san(san)
        board.push_san(san)
        assert pos.is_repetition() == board.is_repetition()
        assert pos.is_fivefold_repetition() == board.is_fivefold_repetition()


def test_game_nodes_alike(corpus_dir):
    # Per move: SAN, UCI, evaluation, clock, NAGs, and the comment python-chess keeps (fenkit's
    # without the commands is checked against replay elsewhere).
    compared = 0
    for path in game_paths(corpus_dir):
        with open(path, encoding="utf-8", errors="replace") as handle:
            theirs = []
            while (game := chess.pgn.read_game(handle)) is not None:
                if not game.errors:
                    theirs.append(game)
        ours = [g for g in fenkit.read_games(path, errors="skip")]
        by_moves = {tuple(g.uci): g for g in ours}
        for game in theirs:
            key = tuple(m.uci() for m in game.mainline_moves())
            if key not in by_moves or not key:
                continue
            mine = by_moves[key]
            for node, their_node in zip(mine.mainline(), game.mainline()):
                assert node.san() == their_node.san() and node.uci() == their_node.uci()
                their_eval = their_node.eval()
                if their_eval is None:
                    assert node.eval() is None
                else:
                    assert node.eval().white().score(mate_score=100000) == \
                        their_eval.white().score(mate_score=100000)
                assert node.clock() == their_node.clock()
                assert node.nags == their_node.nags
                compared += 1
    assert compared > 1000


def test_clock_with_one_digit_fields_alike(tmp_path):
    path = tmp_path / "clock.pgn"
    path.write_text("1. e4 { [%clk 0:0:7] } e5 { [%clk 0:00:5.] } *\n")
    ours = next(iter(fenkit.read_games(path)))
    with open(path) as handle:
        theirs = chess.pgn.read_game(handle)
    assert [n.clock() for n in ours.mainline()] == [n.clock() for n in theirs.mainline()] == [7, 5]


def test_plane_columns_alike(corpus_dir):
    checked = 0
    for path in game_paths(corpus_dir):
        data = fenkit.replay(path, planes=True, with_start=True, ep="legal", errors="skip")
        for i, fen in enumerate(data["fen"]):
            board = chess.Board(fen, chess960=fenkit.Position(fen).chess960)
            masks = [int(data[c][i]) for c in "PNBRQKpnbrqk"]
            assert masks == [board.pieces_mask(t, c) for c in (chess.WHITE, chess.BLACK)
                             for t in chess.PIECE_TYPES]
            assert bool(data["turn"][i]) == board.turn
            assert int(data["castling_rights"][i]) == board.castling_rights
            assert int(data["ep_square"][i]) == (-1 if board.ep_square is None else board.ep_square)
            checked += 1
    assert checked > 10000
