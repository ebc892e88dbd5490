"""fenkit.Position."""

import copy
import pickle

import pytest

import fenkit

START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_start_position():
    pos = fenkit.Position()
    assert pos.fen() == START
    assert str(pos).splitlines()[0] == "r n b q k b n r"  # python-chess's diagram
    assert fenkit.Position(START) == pos
    assert pos.turn is True
    assert len(pos.legal_moves()) == 20
    assert "e2e4" in pos.legal_moves()
    assert not pos.is_check() and not pos.is_checkmate() and not pos.is_stalemate()


def test_polyglot_key():
    # The keys the Polyglot format's description lists.
    assert fenkit.Position().polyglot_key() == 0x463B96181691FC9C
    pos = fenkit.Position()
    pos.push_san("e4")
    assert pos.polyglot_key() == 0x823C9B50FD114196


def test_push_san_and_uci():
    pos = fenkit.Position()
    assert pos.push_san("e4") == fenkit.Move.from_uci("e2e4")
    assert pos.push_uci("e7e5") == fenkit.Move(fenkit.E7, fenkit.E5)
    assert pos.push_san("Nf3").uci() == "g1f3"
    assert pos.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    assert pos.san("b8c6") == "Nc6"
    assert pos.uci("Nc6") == "b8c6"
    assert pos.turn is False
    assert pos.fullmove_number == 2 and pos.halfmove_clock == 1


def test_ep_modes():
    pos = fenkit.Position()
    pos.push_san("e4")
    assert pos.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1"
    assert pos.fen(ep="legal") == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    with pytest.raises(ValueError, match="ep must be"):
        pos.fen(ep="sometimes")


def test_checkmate_and_stalemate():
    pos = fenkit.Position()
    for san in ["f3", "e5", "g4", "Qh4#"]:
        pos.push_san(san)
    assert pos.is_check() and pos.is_checkmate() and not pos.is_stalemate()
    assert pos.legal_moves() == []
    stalemate = fenkit.Position("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1")
    assert stalemate.is_stalemate() and not stalemate.is_checkmate()
    assert fenkit.Position("8/8/8/8/8/8/8/K6k w - - 0 1").is_insufficient_material()


def test_invalid_fen_names_the_problem():
    with pytest.raises(ValueError, match="no king"):
        fenkit.Position("8/8/8/8/8/8/8/8 w - - 0 1")
    with pytest.raises(ValueError, match="rank"):
        fenkit.Position("rnbqkbnr/ppppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
    with pytest.raises(ValueError, match="invalid FEN"):
        fenkit.Position("not a fen")


def test_illegal_and_ambiguous_moves_raise_and_leave_the_position():
    pos = fenkit.Position()
    with pytest.raises(ValueError, match="illegal move Nf4"):
        pos.push_san("Nf4")
    with pytest.raises(ValueError, match="illegal move e2e5"):
        pos.push_uci("e2e5")
    with pytest.raises(ValueError):
        pos.push_san("xyz")
    assert pos.fen() == START
    ambiguous = fenkit.Position("4k3/8/8/8/8/8/8/1N3N1K w - - 0 1")
    with pytest.raises(ValueError, match="ambiguous move Nd2"):
        ambiguous.push_san("Nd2")
    assert ambiguous.fen() == "4k3/8/8/8/8/8/8/1N3N1K w - - 0 1"
    assert ambiguous.push_san("Nfd2").uci() == "f1d2"


def test_castling_and_promotion():
    pos = fenkit.Position("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1")
    assert "e1g1" in pos.legal_moves() and "e1c1" in pos.legal_moves()
    assert pos.push_san("O-O").uci() == "e1g1"
    long_castle = pos.parse_uci("e8c8")
    assert pos.san(long_castle) == "O-O-O" and pos.is_queenside_castling(long_castle)
    pos.push(long_castle)
    assert pos.board_fen() == "2kr3r/8/8/8/8/8/8/R4RK1"
    promo = fenkit.Position("8/P6k/8/8/8/8/8/K7 w - - 0 1")
    queen = promo.push_uci("a7a8q")
    assert queen.promotion == fenkit.QUEEN and promo.pop() == queen and promo.san(queen) == "a8=Q"
    chess960 = fenkit.Position("1r2k1r1/8/8/8/8/8/8/1R2K1R1 w GBgb - 0 1")
    assert chess960.chess960
    assert "e1b1" in chess960.legal_moves()  # O-O-O as king takes rook, as the program writes it
    assert chess960.push_san("O-O-O") == fenkit.Move(fenkit.E1, fenkit.B1)


def test_copy_equality_pickle():
    pos = fenkit.Position()
    other = pos.copy()
    other.push_san("d4")
    assert pos.fen() == START and other != pos
    assert copy.copy(other) == other and copy.deepcopy(other) == other
    assert pickle.loads(pickle.dumps(other)) == other
    assert hash(other) == hash(other.copy())
    assert repr(pos) == f"Position('{START}')"


def test_chess960_flag_is_read_and_kept():
    # The standard array with KQkq is standard chess unless asked; as Chess960, castling is
    # king takes rook. The flag survives pickling (Dask and multiprocessing pickle positions).
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    standard, chess960 = fenkit.Position(fen), fenkit.Position(fen, chess960=True)
    assert not standard.chess960 and chess960.chess960
    assert {"e1g1", "e1c1"} <= set(standard.legal_moves())
    assert {"e1h1", "e1a1"} <= set(chess960.legal_moves())
    assert "e1g1" not in chess960.legal_moves()
    for pos in (standard, chess960):
        back = pickle.loads(pickle.dumps(pos))
        assert back.chess960 == pos.chess960
        assert back.legal_moves() == pos.legal_moves()
    # A pickle made before the flag was kept holds the FEN alone, and still loads.
    old = fenkit.Position.__new__(fenkit.Position)
    old.__setstate__(fen)
    assert old == standard and not old.chess960
    assert fenkit.Position(chess960=True).chess960
    assert fenkit.Position(chess960=True).fen() == fenkit.Position().fen()


def test_equality_counts_an_en_passant_square_only_where_it_can_be_taken():
    after_e4 = fenkit.Position()
    after_e4.push_san("e4")
    plain = fenkit.Position("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
    assert after_e4 == plain and hash(after_e4) == hash(plain)
    # Here Black's d4 pawn can take on e3: the square tells the two apart.
    takes = fenkit.Position("4k3/8/8/8/3pP3/8/8/4K3 b - e3 0 1")
    cannot = fenkit.Position("4k3/8/8/8/3pP3/8/8/4K3 b - - 0 1")
    assert takes != cannot and hash(takes) != hash(cannot)
    assert fenkit.Position() != "not a position"


def test_docstrings():
    for name in ["fen", "push_san", "push_uci", "san", "legal_moves", "is_check", "is_checkmate",
                 "is_stalemate", "polyglot_key", "copy"]:
        assert getattr(fenkit.Position, name).__doc__, name
    assert fenkit.Position.__doc__
