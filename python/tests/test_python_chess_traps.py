"""What a script written for python-chess could lose in silence, checked without python-chess:
each test states python-chess's documented behaviour and wants fenkit's the same, or a loud
refusal where fenkit's own fast API differs on purpose."""

import io
import pickle

import pytest

import fenkit
import fenkit.pgn

TWO_GAMES = ('[Event "first"]\n[White "A"]\n\n1. e4 e5 2. Nf3 1-0\n\n'
             '[Event "second"]\n[White "B"]\n\n1. d4 d5 0-1\n')


def test_read_game_reads_one_game_and_leaves_the_handle_at_the_next():
    handle = io.StringIO(TWO_GAMES)
    first = fenkit.pgn.read_game(handle)
    assert first.headers["Event"] == "first"
    assert handle.read().lstrip().startswith('[Event "second"]')


def test_the_read_game_loop_gets_every_game_once():
    handle = io.StringIO("\n".join([TWO_GAMES] * 3))
    events = []
    while (game := fenkit.pgn.read_game(handle)) is not None:
        events.append(game.headers["Event"])
    assert events == ["first", "second"] * 3


def test_read_game_on_a_file_reads_on_from_where_the_last_stopped(tmp_path):
    path = tmp_path / "two.pgn"
    path.write_text(TWO_GAMES)
    with open(path) as handle:
        assert fenkit.pgn.read_game(handle).headers["White"] == "A"
        offset = handle.tell()
        assert fenkit.pgn.read_game(handle).headers["White"] == "B"
        assert fenkit.pgn.read_game(handle) is None
        handle.seek(offset)
        assert fenkit.pgn.read_game(handle).headers["White"] == "B"


def test_edited_headers_and_comments_are_exported():
    game = fenkit.pgn.read_game(io.StringIO(TWO_GAMES))
    game.headers["Annotator"] = "me"
    game.next().comment = "x"
    text = str(game)
    assert '[Annotator "me"]' in text and "1. e4 { x } 1... e5" in text


def test_games_read_by_read_games_refuse_edits_instead_of_losing_them():
    game = next(iter(fenkit.read_games(io.StringIO(TWO_GAMES))))
    with pytest.raises(TypeError):
        game.headers["Annotator"] = "me"
    node = game.mainline()[0]
    with pytest.raises(AttributeError):
        node.comment = "x"
    with pytest.raises(AttributeError):
        node.nags.add(1)


def test_a_game_without_tags_has_the_roster_defaults():
    for game in (fenkit.pgn.read_game(io.StringIO("1. e4 e5 *\n")),
                 next(iter(fenkit.read_games(io.StringIO("1. e4 e5 *\n"))))):
        assert game.headers["Event"] == "?"
        assert game.headers["Date"] == "????.??.??"
        assert game.headers["Result"] == "*"
        assert list(game.headers)[:7] == ["Event", "Site", "Date", "Round", "White", "Black", "Result"]


def test_board_none_is_an_empty_board_and_position_none_is_refused():
    assert fenkit.Board(None).fen() == "8/8/8/8/8/8/8/8 w - - 0 1"
    assert fenkit.Board().fen() == fenkit.STARTING_FEN
    with pytest.raises(ValueError, match="Board\\(None\\)"):
        fenkit.Position(None)


def test_pickles_keep_the_move_stack():
    for board in (fenkit.Board(), fenkit.Position()):
        board.push_san("e4")
        board.push_san("e5")
        loaded = pickle.loads(pickle.dumps(board))
        assert [m.uci() for m in loaded.move_stack] == ["e2e4", "e7e5"]
        assert loaded.pop().uci() == "e7e5"
        assert type(loaded) is type(board)


def test_board_fen_writes_en_passant_as_python_chess():
    board = fenkit.Board()
    board.push_san("e4")
    assert board.fen() == "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    assert board.fen(en_passant="fen").split()[3] == "e3"


def test_import_fenkit_as_chess_reaches_the_submodules():
    import fenkit as chess
    assert chess.pgn.read_game and chess.polyglot.open_reader and chess.engine.Cp
    assert chess.Board is fenkit.Board and chess.BB_A1 == 1
