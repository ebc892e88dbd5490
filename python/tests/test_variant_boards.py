"""fenkit.variant's boards: python-chess's chess.variant classes and what they do, side by
side with python-chess over random games (skipped without python-chess), and on their own."""

import pickle
import random

import pytest

import fenkit
import fenkit.variant as variant

NAMES = ["CrazyhouseBoard", "ThreeCheckBoard", "AtomicBoard", "AntichessBoard",
         "KingOfTheHillBoard", "RacingKingsBoard", "HordeBoard"]


def test_start_positions_and_names():
    assert variant.CrazyhouseBoard().fen() == \
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"
    assert variant.ThreeCheckBoard().fen() == \
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"
    assert variant.RacingKingsBoard().fen() == "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"
    assert variant.HordeBoard().legal_moves.count() == 8
    assert variant.find_variant("kingOfTheHill") is variant.KingOfTheHillBoard
    assert variant.find_variant("King of the Hill") is variant.KingOfTheHillBoard
    assert variant.find_variant("zh") is variant.CrazyhouseBoard
    assert variant.find_variant("3check") is variant.ThreeCheckBoard
    with pytest.raises(ValueError):
        variant.find_variant("Losers")


def test_crazyhouse_pockets_drops_and_pickles():
    board = variant.CrazyhouseBoard()
    for san in ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5"]:
        board.push_san(san)
    assert board.fen() == "rnb1kbnr/ppp1pppp/8/q7/8/2N5/PPPP1PPP/R1BQKBNR[Pp] w KQkq - 2 4"
    assert board.pockets[fenkit.WHITE].count(fenkit.PAWN) == 1
    drop = board.parse_san("P@e6")
    assert drop == board.parse_san("@e6") and drop.drop == fenkit.PAWN and drop.uci() == "P@e6"
    assert board.san(drop) == "@e6"  # python-chess's form; lichess's P@e6 reads the same
    board.push(drop)
    assert board.fen() == "rnb1kbnr/ppp1pppp/4P3/q7/8/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 3 4"
    again = pickle.loads(pickle.dumps(board))
    assert type(again) is variant.CrazyhouseBoard and again.fen() == board.fen()
    assert again.pop() == drop


def test_three_check_counts_and_ends():
    board = variant.ThreeCheckBoard("4k3/8/8/8/8/8/8/3QK3 w - - 1+3 0 1")
    board.push_san("Qd7+")
    assert board.remaining_checks[fenkit.WHITE] == 0
    assert board.is_variant_end() and board.is_variant_loss()
    assert board.outcome().termination == fenkit.Termination.VARIANT_LOSS
    assert board.result() == "1-0" and not list(board.legal_moves)


def test_other_variants_end_by_their_rules():
    hill = variant.KingOfTheHillBoard("4k3/8/8/8/8/4K3/8/8 w - - 0 1")
    assert hill.san(hill.parse_san("Ke4")) == "Ke4#"
    hill.push_san("Ke4")
    assert hill.result() == "1-0"
    anti = variant.AntichessBoard()
    anti.push_san("e3")
    anti.push_san("b5")
    assert [anti.san(m) for m in anti.legal_moves] == ["Bxb5"]  # captures are compulsory
    atomic = variant.AtomicBoard("4k3/4q3/8/8/8/8/4R3/4K3 w - - 0 1")
    atomic.push_san("Rxe7#")  # the explosion takes the black king with the queen
    assert atomic.board_fen() == "8/8/8/8/8/8/8/4K3" and atomic.result() == "1-0"


@pytest.mark.parametrize("name", NAMES)
def test_random_games_as_python_chess_plays_them(name):
    chess_variant = pytest.importorskip("chess.variant")
    rng = random.Random(name)
    for _ in range(15):
        theirs = getattr(chess_variant, name)()
        ours = getattr(variant, name)()
        for _ in range(200):
            legal = sorted(m.uci() for m in theirs.legal_moves)
            assert sorted(m.uci() for m in ours.legal_moves) == legal, theirs.fen()
            assert ours.fen() == theirs.fen()
            assert ours.is_check() == theirs.is_check(), theirs.fen()
            assert ours.result() == theirs.result(), theirs.fen()
            if not legal:
                break
            move = rng.choice(list(theirs.legal_moves))
            san = theirs.san(move)
            assert ours.san(fenkit.Move.from_uci(move.uci())) == san, theirs.fen()
            theirs.push(move)
            ours.push(ours.parse_san(san))


def test_pgn_read_game_plays_variant_games_as_python_chess():
    chess_pgn = pytest.importorskip("chess.pgn")
    import io

    text = (fenkit_data() / "pgn" / "variants" / "lichess-variants.pgn").read_text()
    theirs_handle, ours_handle = io.StringIO(text), io.StringIO(text)
    games = 0
    while (theirs := chess_pgn.read_game(theirs_handle)) is not None:
        ours = fenkit.pgn.read_game(ours_handle)
        assert type(ours.board()).__name__ == type(theirs.board()).__name__
        assert ours.errors == [] and theirs.errors == []
        assert ours.end().board().fen() == theirs.end().board().fen()
        assert str(ours) == str(theirs)
        games += 1
    assert games == 21


def fenkit_data():
    from conftest import DATA
    return DATA
