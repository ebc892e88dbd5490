"""fenkit.Position with python-chess's names: the board, moves, the move stack, outcomes.

Counts come from the perft suite (Stockfish's, tests/data/fen/perft.epd); the rest is checked
against what the position says in other ways (its FEN, SAN, the position after the move) and
against the rules on positions written for them.
"""

import pytest

import fenkit
from conftest import DATA

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def perft_positions():
    """(FEN, {depth: nodes}) of the in-repository perft suite."""
    out = []
    for line in (DATA / "fen" / "perft.epd").read_text().splitlines():
        if not line or line.startswith("#"):
            continue
        fields = line.split(";")
        counts = {int(f.split()[0][1:]): int(f.split()[1]) for f in fields[1:]}
        out.append((fields[0].strip(), counts))
    return out


def positions_to_check():
    """The perft positions, and every position of the in-repository games."""
    positions = [fenkit.Position(fen, chess960=any(c in fen.split()[2] for c in "ABCDEFGHabcdefgh"))
                 for fen, _ in perft_positions()]
    for path in sorted((DATA / "pgn").glob("*.pgn")):
        for game in fenkit.read_games(path, errors="skip"):
            positions.extend(game.positions(with_start=True))
    return positions


def test_legal_move_counts_are_the_perft_suite_counts():
    checked = 0
    for fen, counts in perft_positions():
        chess960 = any(c in fen.split()[2] for c in "ABCDEFGHabcdefgh")
        pos = fenkit.Position(fen, chess960=chess960)
        moves = list(pos.legal_moves)
        assert len(pos.legal_moves) == len(moves) == counts[1], fen
        assert len(set(moves)) == len(moves)
        assert all(m in pos.legal_moves and pos.is_legal(m) for m in moves)
        if counts.get(2, 10**9) < 5000:
            # Depth 2 through push and pop: the stack gives back the position each time.
            total = 0
            for m in moves:
                pos.push(m)
                total += len(pos.legal_moves)
                assert pos.pop() == m
            assert total == counts[2], fen
            assert pos.fen() == fenkit.Position(fen, chess960=chess960).fen()
            checked += 1
    assert checked >= 10


def test_board_queries_agree_with_the_fen():
    positions = positions_to_check()
    assert len(positions) > 300
    for pos in positions:
        pieces = pos.piece_map()
        # The placement field again, from the piece map.
        rows = []
        for rank in range(7, -1, -1):
            row, empty = "", 0
            for file in range(8):
                piece = pieces.get(fenkit.square(file, rank))
                if piece is None:
                    empty += 1
                    continue
                row += (str(empty) if empty else "") + piece.symbol()
                empty = 0
            rows.append(row + (str(empty) if empty else ""))
        assert "/".join(rows) == pos.board_fen() == pos.fen().split()[0]
        masks = [pos.pieces_mask(t, c) for t in fenkit.PIECE_TYPES for c in fenkit.COLORS]
        assert sum(masks) == pos.occupied == sum(1 << s for s in pieces)
        for sq, piece in pieces.items():
            assert pos.piece_at(sq) == piece
            assert pos.piece_type_at(sq) == piece.piece_type and pos.color_at(sq) == piece.color
            assert sq in pos.pieces(piece.piece_type, piece.color)
        for color in fenkit.COLORS:
            assert pieces[pos.king(color)] == fenkit.Piece(fenkit.KING, color)
        assert pos.epd() == " ".join(pos.fen().split()[:4])
        # Check: the other side's pieces that attack the king.
        king = pos.king(pos.turn)
        assert pos.checkers() == pos.attackers(not pos.turn, king)
        assert pos.is_check() == bool(pos.checkers()) == pos.is_attacked_by(not pos.turn, king)


def test_what_a_move_does_agrees_with_its_san_and_the_position_after_it():
    seen = {"check": 0, "capture": 0, "castling": 0, "en_passant": 0}
    for pos in positions_to_check():
        before = pos.fen()
        for move in pos.legal_moves:
            san = pos.san(move)
            assert pos.uci(move) == move.uci() and pos.parse_san(san) == move
            assert pos.parse_uci(move.uci()) == move
            capture = pos.is_capture(move)
            assert capture == ("x" in san)
            assert pos.is_castling(move) == san.startswith("O-O")
            assert pos.is_kingside_castling(move) == (san.rstrip("+#") == "O-O")
            piece = pos.piece_at(move.from_square)
            assert pos.is_zeroing(move) == (capture or piece.piece_type == fenkit.PAWN)
            if pos.is_en_passant(move):
                assert capture and pos.piece_at(move.to_square) is None
                assert move.to_square == pos.ep_square
            gives_check = pos.gives_check(move)
            assert gives_check == san.endswith(("+", "#"))
            pos.push(move)
            assert pos.is_check() == gives_check
            assert pos.peek() == move and pos.move_stack[-1] == move
            assert pos.pop() == move
            seen["check"] += gives_check
            seen["capture"] += capture
            seen["castling"] += san.startswith("O-O")
            seen["en_passant"] += pos.is_en_passant(move)
        assert pos.fen() == before
    assert all(count >= 5 for count in seen.values()), seen


def test_moves_and_squares_as_python_chess_has_them():
    assert (fenkit.A1, fenkit.H1, fenkit.E4, fenkit.H8) == (0, 7, 28, 63)
    assert fenkit.square_name(fenkit.E4) == "e4" and fenkit.parse_square("e4") == fenkit.E4
    assert fenkit.square(4, 3) == fenkit.E4 and fenkit.square_mirror(fenkit.E2) == fenkit.E7
    assert fenkit.WHITE is True and fenkit.BLACK is False
    assert (fenkit.PAWN, fenkit.KING) == (1, 6)
    move = fenkit.Move.from_uci("e7e8q")
    assert (move.from_square, move.to_square, move.promotion) == (fenkit.E7, fenkit.E8, fenkit.QUEEN)
    assert move.uci() == str(move) == "e7e8q" and repr(move) == "Move.from_uci('e7e8q')"
    assert move == fenkit.Move(fenkit.E7, fenkit.E8, fenkit.QUEEN) and hash(move) == hash(
        fenkit.Move.from_uci("e7e8q"))
    assert not fenkit.Move.null() and fenkit.Move.null().uci() == "0000" and move
    for bad in ["e2", "e2e2", "e7e8Q", "z1a1", "e2e4xx"]:
        with pytest.raises(fenkit.InvalidMoveError):  # a ValueError, as python-chess's
            fenkit.Move.from_uci(bad)
    # Any piece letter is read as a promotion, as python-chess reads it: legality is the board's.
    assert fenkit.Move.from_uci("e7e8k").promotion == fenkit.KING
    assert not fenkit.Board("8/4P3/8/8/8/8/8/k3K3 w - - 0 1").is_legal(fenkit.Move.from_uci("e7e8k"))
    assert fenkit.Piece.from_symbol("n") == fenkit.Piece(fenkit.KNIGHT, fenkit.BLACK)
    assert str(fenkit.Piece(fenkit.QUEEN, fenkit.WHITE)) == "Q"
    squares = fenkit.SquareSet([fenkit.A1, fenkit.H8])
    assert list(squares) == [0, 63] and len(squares) == 2 and int(squares) == 1 | 1 << 63
    assert fenkit.H8 in squares and fenkit.E4 not in squares
    assert list(squares | fenkit.SquareSet([fenkit.E4])) == [0, 28, 63]
    assert list(squares - fenkit.SquareSet([fenkit.A1])) == [63]


def test_state_as_python_chess_has_it():
    pos = fenkit.Position()
    corners = 1 << fenkit.A1 | 1 << fenkit.H1 | 1 << fenkit.A8 | 1 << fenkit.H8
    assert pos.castling_rights == corners
    assert pos.ep_square is None and not pos.has_legal_en_passant()
    pos.push_san("e4")
    # The square behind a double step, whether or not a pawn can take there.
    assert pos.ep_square == fenkit.E3 and not pos.has_legal_en_passant()
    pos.push_san("Nf6")
    pos.push_san("Ke2")
    assert pos.castling_rights == 1 << fenkit.A8 | 1 << fenkit.H8
    assert not pos.has_castling_rights(fenkit.WHITE) and pos.has_kingside_castling_rights(fenkit.BLACK)
    assert [m.uci() for m in pos.move_stack] == ["e2e4", "g8f6", "e1e2"]
    assert pos.root() == fenkit.Position()
    assert pos.copy(stack=False).move_stack == [] and len(pos.copy().move_stack) == 3
    # An illegal move changes nothing.
    with pytest.raises(ValueError, match="illegal move"):
        pos.push(fenkit.Move.from_uci("e2e4"))
    with pytest.raises(TypeError):
        pos.push("e2e4")
    assert len(pos.move_stack) == 3
    pos.set_fen(START)
    assert pos.move_stack == [] and pos == fenkit.Position()
    with pytest.raises(IndexError):
        pos.pop()
    mirrored = fenkit.Position("r3k2r/8/8/3pP3/8/8/8/R3K3 w Qkq d6 5 20").mirror()
    assert mirrored.fen() == "r3k3/8/8/8/3Pp3/8/8/R3K2R b KQq d3 5 20"
    assert mirrored.mirror().fen() == "r3k2r/8/8/3pP3/8/8/8/R3K3 w Qkq d6 5 20"
    assert str(fenkit.Position("8/8/8/8/8/8/8/K6k w - - 0 1")).splitlines() == \
        [". . . . . . . ."] * 7 + ["K . . . . . . k"]


def test_outcomes_as_python_chess_decides_them():
    mate = fenkit.Position()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        mate.push_san(san)
    assert mate.outcome() == fenkit.Outcome(fenkit.Termination.CHECKMATE, fenkit.BLACK)
    assert mate.result() == "0-1" and mate.is_game_over()
    stalemate = fenkit.Position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.outcome().termination == fenkit.Termination.STALEMATE
    assert stalemate.result() == "1/2-1/2"
    bare = fenkit.Position("8/8/8/8/8/8/8/K6k w - - 0 1")
    assert bare.outcome().termination == fenkit.Termination.INSUFFICIENT_MATERIAL
    assert fenkit.Position().outcome() is None and fenkit.Position().result() == "*"

    # Threefold: the start position stands the third time after two rounds of knight moves;
    # it can be claimed one move earlier.
    pos = fenkit.Position()
    rounds = ["Nf3", "Nf6", "Ng1", "Ng8"] * 2
    for i, san in enumerate(rounds):
        assert pos.can_claim_threefold_repetition() == (i == 7), i
        pos.push_san(san)
    assert pos.is_repetition() and pos.is_repetition(3) and not pos.is_repetition(4)
    assert pos.can_claim_draw() and not pos.is_game_over()
    assert pos.outcome(claim_draw=True).termination == fenkit.Termination.THREEFOLD_REPETITION
    # A pawn move makes every earlier position unreachable.
    pos.push_san("e4")
    assert not pos.is_repetition(2)
    # Fivefold ends the game without a claim.
    five = fenkit.Position()
    for san in ["Nf3", "Nf6", "Ng1", "Ng8"] * 4:
        five.push_san(san)
    assert five.is_fivefold_repetition() and five.outcome().termination == fenkit.Termination.FIVEFOLD_REPETITION

    fifty = fenkit.Position("4k3/8/8/8/8/8/8/4K2R w - - 99 80")
    assert not fifty.is_fifty_moves() and fifty.can_claim_fifty_moves()
    fifty.push_san("Rh2")
    assert fifty.is_fifty_moves() and fifty.result(claim_draw=True) == "1/2-1/2"
    assert fifty.outcome(claim_draw=True).termination == fenkit.Termination.FIFTY_MOVES
    assert fifty.result() == "*"
    assert fenkit.Position("4k3/8/8/8/8/8/8/4K2R w - - 150 100").outcome().termination == \
        fenkit.Termination.SEVENTYFIVE_MOVES


def test_older_forms_still_work():
    # legal_moves() called gives UCI strings; san() of a UCI str, uci() of a SAN str.
    pos = fenkit.Position()
    assert "e2e4" in pos.legal_moves() and len(pos.legal_moves()) == 20
    assert pos.san("g1f3") == "Nf3" and pos.uci("Nf3") == "g1f3"
    assert pos.lan(pos.parse_san("Nf3")) == "Ng1-f3"


def test_corpus_perft_positions_count_alike(corpus):
    root = corpus / "perft" / "pychess-perftsuite.epd"
    if not root.exists():
        pytest.skip("no perft suite in the corpus")
    checked = 0
    for line in root.read_text().splitlines():
        fields = line.split(";")
        counts = {f.split()[0]: int(f.split()[1]) for f in fields[1:] if f.strip()}
        if "D1" not in counts:
            continue
        pos = fenkit.Position(fields[0].strip())
        assert len(pos.legal_moves) == counts["D1"], line
        assert len(pos.mirror().legal_moves) == counts["D1"], line
        checked += 1
    assert checked > 50
