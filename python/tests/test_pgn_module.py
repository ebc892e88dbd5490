"""fenkit.pgn: python-chess's chess.pgn over fenkit's reader.

The first part needs only fenkit: reading (where the handle is left, tags, errors, comments,
escape lines), the tree and its edits, the writers' bytes (written out here by hand), the
visitors, the commands in comments. The second part compares with python-chess itself, game by
game, on the PGN files of tests/data/pgn, of python-chess's own data/pgn (when its sources are
what `import chess` finds) and of the shared corpus: it is skipped without python-chess
(run it with python-chess 1.11 on PYTHONPATH).
"""

import io
import logging
import pathlib
import pickle
import copy

import pytest

import fenkit
import fenkit.pgn as pgn
from fenkit import Move
from fenkit._game import Cp, Mate, PovScore

from conftest import DATA


def read_all(text, module=pgn):
    """The games of a PGN text, read in a read_game loop."""
    handle = io.StringIO(text)
    games = []
    while (game := module.read_game(handle)) is not None:
        games.append(game)
    return games


@pytest.fixture(autouse=True)
def quiet_pgn_logs():
    """GameBuilder logs each error it collects; the tests read bad games on purpose."""
    logger = logging.getLogger("fenkit.pgn")
    level = logger.level
    logger.setLevel(logging.CRITICAL)
    yield
    logger.setLevel(level)


OPERA = """[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[EventDate "?"]
[Round "?"]
[Result "1-0"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[ECO "C41"]
[PlyCount "33"]

1. e4 e5 2. Nf3 d6 3. d4 Bg4 {This is a weak move already.} 4. dxe5 Bxf3 5. Qxf3 dxe5
6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 {Black is in what's like a zugzwang position
here.} b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6
15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0

[Event "Scholar"]
[White "A"]
[Black "B"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
"""

OPERA_MOVETEXT = (
    "1. e4 e5 2. Nf3 d6 3. d4 Bg4 { This is a weak move already. } 4. dxe5 Bxf3 5. Qxf3 dxe5 "
    "6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5 { Black is in what's like a zugzwang position\n"
    "here. } 9... b5 10. Nxb5 cxb5 11. Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 "
    "15. Bxd7+ Nxd7 16. Qb8+ Nxb8 17. Rd8# 1-0")

OPERA_TAGS = """[Event "Paris"]
[Site "Paris FRA"]
[Date "1858.??.??"]
[Round "?"]
[White "Paul Morphy"]
[Black "Duke Karl / Count Isouard"]
[Result "1-0"]
[EventDate "?"]
[ECO "C41"]
[PlyCount "33"]
"""


# ------------------------------------------------------------------ reading

def test_read_game_leaves_the_handle_at_the_next_game():
    text = '[Event "a"]\n\n1. e4 e5 *\n\n\n[Event "b"]\n\n1. d4 { x\n\ny } d5 1-0\n\n% z\n'
    handle = io.StringIO(text)
    first = pgn.read_game(handle)
    assert first.headers["Event"] == "a"
    # python-chess reads through the blank line that ends the game, no further.
    assert handle.tell() == text.index("*\n") + 3
    position = handle.tell()
    assert handle.readline() == "\n"
    handle.seek(position)
    second = pgn.read_game(handle)
    assert second.headers["Event"] == "b"
    assert second.next().comment == "x\n\ny"  # a blank line inside a comment does not end it
    assert handle.readline() == "% z\n"
    assert pgn.read_game(handle) is None
    assert pgn.read_game(handle) is None


def test_read_game_from_a_file_and_read_headers_offsets(tmp_path):
    path = tmp_path / "two.pgn"
    path.write_text(OPERA, encoding="utf-8")
    offsets = []
    with open(path, encoding="utf-8") as handle:
        while True:
            offset = handle.tell()
            headers = pgn.read_headers(handle)
            if headers is None:
                break
            offsets.append((offset, headers["White"]))
        assert [white for _, white in offsets] == ["Paul Morphy", "A"]
        handle.seek(offsets[1][0])
        game = pgn.read_game(handle)
        assert pgn.read_game(handle) is None
        handle.seek(0)
        assert pgn.read_game(handle).end().san() == "Rd8#"
    assert game.end().board().is_checkmate()
    assert game.headers["Event"] == "Scholar"


def test_opera_game():
    handle = io.StringIO(OPERA)
    game = pgn.read_game(handle)
    assert game.headers["Event"] == "Paris"
    board = game.board()
    for move in game.mainline_moves():
        board.push(move)
    assert board.board_fen() == "1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5"
    assert board.is_checkmate() and board.fullmove_number == 17
    assert game.errors == []
    assert len(list(game.mainline())) == 33
    assert repr(game).startswith("<Game at 0x")
    assert repr(game).endswith(" ('Paul Morphy' vs. 'Duke Karl / Count Isouard', '1858.??.??' at "
                               "'Paris FRA')>")
    # The Seven Tag Roster first, in its order, then the others as read.
    assert str(game) == OPERA_TAGS + "\n" + OPERA_MOVETEXT
    second = pgn.read_game(handle)
    assert second.end().san() == "Qxf7#"
    assert pgn.read_game(handle) is None


def test_tagless_game_has_the_roster_defaults():
    game = pgn.read_game(io.StringIO("1. e4 e5 2. Nf3 *"))
    assert game.headers["Event"] == "?"
    assert game.headers["Date"] == "????.??.??"
    assert game.headers["Result"] == "*"
    assert list(game.headers) == pgn.TAG_ROSTER
    assert [node.san() for node in game.mainline()] == ["e4", "e5", "Nf3"]
    result = pgn.read_game(io.StringIO("1. e4 e5 1-0"))
    assert result.headers["Result"] == "1-0"  # the movetext's result where the tag is unknown


def test_blank_lines_comment_lines_and_bom_before_a_game():
    text = "\ufeff\n% escape\n; comment line\n\n[Event \"x\"]\n\n[Site \"y\"]\n1. e4 *\n"
    games = read_all(text)
    assert len(games) == 1
    assert games[0].headers["Site"] == "y"  # one blank line may separate tags


def test_malformed_tags_are_skipped_and_repeated_tags_keep_the_last_value():
    text = '[Event "a"]\n[Bad tag]\n[White "one"]\n[White "two"]\n[Escaped "a \\"q\\" b"]\n\n1. e4 *\n'
    game = read_all(text)[0]
    assert game.headers["White"] == "two"
    assert game.headers["Escaped"] == 'a \\"q\\" b'  # as python-chess: escapes are not read
    assert "Bad" not in game.headers


def test_illegal_move_keeps_the_moves_before_it():
    text = '[Event "one"]\n\n1. e4 e5\n\n[Event "two"]\n\n1. d4 d5 2. Ke3 Nf6 3. Nf3 *\n'
    games = read_all(text)
    assert len(games) == 2
    assert games[0].errors == []
    game = games[1]
    assert [node.san() for node in game.mainline()] == ["d4", "d5"]
    assert len(game.errors) == 1
    error = game.errors[0]
    assert isinstance(error, ValueError)
    # The reader's message, placed in the handle's lines.
    assert str(error).startswith("<stream>:7:13: error: game 2: move 2. ")
    assert "Ke3" in str(error)
    assert repr(game).endswith(", 1 errors)>")
    assert str(game).endswith("\n\n1. d4 d5 *")


def test_error_in_a_variation_then_the_main_line_as_python_chess_reads_it():
    # python-chess skips the rest of the variation; the moves after it are read on the board of
    # the variation, so that 2. Nf3 is illegal too.
    game = read_all("1. e4 e5 (1... Ke7 2. Nf3) 2. Nf3 Nc6 *")[0]
    assert [node.san() for node in game.mainline()] == ["e4", "e5"]
    assert len(game.errors) == 2


def test_handle_error_overridden_to_raise():
    class RaisingBuilder(pgn.GameBuilder):
        def handle_error(self, error):
            raise error

    with pytest.raises(ValueError):
        pgn.read_game(io.StringIO("1. e4 e5 2. Ke3 *"), Visitor=RaisingBuilder)

    class QuietBuilder(pgn.GameBuilder):
        def handle_error(self, error):
            pass

    game = pgn.read_game(io.StringIO("1. e4 e5 2. Ke3 *"), Visitor=QuietBuilder)
    assert game.errors == [] and len(list(game.mainline())) == 2


def test_bad_fen_and_unsupported_variant_are_errors():
    game = read_all('[FEN "8/8/8/8 w - - 0 1"]\n\n1. e4 *\n')[0]
    assert len(game.errors) == 1 and isinstance(game.errors[0], ValueError)
    assert game.variations == []
    game = read_all('[Variant "Losers"]\n\n1. e4 e5 *\n')[0]
    assert [str(error) for error in game.errors] == ["unsupported variant: Losers"]
    assert len(list(game.mainline())) == 2  # read as standard chess, as python-chess does
    with pytest.raises(ValueError):
        game.headers.variant()
    with pytest.raises(ValueError):
        str(game)


def test_fen_and_chess960_games():
    text = ('[Variant "Chess960"]\n[FEN "rn2k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K2R w KQkq - 0 1"]\n'
            '\n1. O-O O-O 2. d4 *\n')
    game = read_all(text)[0]
    assert game.errors == []
    assert game.headers.is_chess960()
    assert game.board().chess960
    assert game.ply() == 0
    assert [node.san() for node in game.mainline()] == ["O-O", "O-O", "d4"]
    assert [node.uci() for node in game.mainline()] == ["e1h1", "e8h8", "d2d4"]
    assert game.end().ply() == 3 and game.end().turn() is fenkit.BLACK
    assert str(game).endswith('[Variant "Chess960"]\n[FEN "rn2k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K2R '
                              'w KQkq - 0 1"]\n\n1. O-O O-O 2. d4 *')
    standard = read_all('[FEN "rn2k2r/pppppppp/8/8/8/8/PPPPPPPP/RN2K2R w KQkq - 0 1"]\n\n1. O-O *\n')[0]
    assert standard.next().uci() == "e1g1" and not standard.board().chess960
    black = read_all('[FEN "8/8/8/8/8/8/8/K6k b - - 0 40"]\n\n40... Kg1 41. Kb1 *\n')[0]
    assert str(black).endswith("\n\n40... Kg1 41. Kb1 *")


def test_escape_lines_and_rest_of_line_comments_are_ignored():
    text = "1. e4 ; a comment { not one\n% escape line\ne5 { kept ; in braces } *\n"
    game = read_all(text)[0]
    assert [node.san() for node in game.mainline()] == ["e4", "e5"]
    assert game.next().comment == ""
    assert game.end().comment == "kept ; in braces"


def test_comments_as_python_chess_keeps_them():
    text = "{  before } { } 1. e4 {a} {  b  } { c\nd } e5 ( { start } 1... c5 { x } ) *"
    game = read_all(text)[0]
    assert game.comment == " before"  # one blank after '{' and one before '}' dropped
    assert game.next().comment == "a  b  c\nd"  # empty comments dropped, the rest joined
    side = game.next().variations[1]
    assert side.starting_comment == "start" and side.comment == "x"
    assert side.starts_variation() and not side.is_mainline()


def test_unclosed_comment_runs_to_the_end():
    game = read_all("1. e4 { open\n\n[Event \"next\"]\n1. d4 *\n")
    assert len(game) == 1
    assert game[0].next().comment == 'open\n\n[Event "next"]\n1. d4 *\n'


def test_nags_and_suffixes():
    game = read_all("1. e4! $14 e5?? 2. Nf3 !? $146 *")[0]
    first, second, third = game.mainline()
    assert first.nags == {pgn.NAG_GOOD_MOVE, pgn.NAG_WHITE_SLIGHT_ADVANTAGE}
    assert second.nags == {pgn.NAG_BLUNDER}
    assert third.nags == {pgn.NAG_SPECULATIVE_MOVE, pgn.NAG_NOVELTY}
    assert str(game).endswith("\n\n1. e4 $1 $14 e5 $4 2. Nf3 $5 $146 *")


def test_text_python_chess_skips():
    # Unknown text is skipped (Xf3 is read as f3), as python-chess's tokens do.
    game = read_all("1. e4 e5 2. Xf3 <br /> Nc6 *")[0]
    assert [node.san() for node in game.mainline()] == ["e4", "e5", "f3", "Nc6"]
    assert game.errors == []


@pytest.mark.parametrize("text, result, comment, moves, errors", [
    # python-chess reads on after a result and keeps the first one other than '*'.
    ("1. e4 0-1 e5 2. Nf3 1-0", "0-1", "", [("e4", "", ""), ("e5", "", ""), ("Nf3", "", "")], 0),
    ("1. e4 * e5 1-0", "1-0", "", [("e4", "", ""), ("e5", "", "")], 0),
    ("1. e4 e5 *\n2. Nf3 *\n", "*", "", [("e4", "", ""), ("e5", "", ""), ("Nf3", "", "")], 0),
    # Games that follow without a blank line are part of the game.
    ("1. e4 e5 2. Nf3 Nc6 *\n1. d4 *\n", "*", "",
     [("e4", "", ""), ("e5", "", ""), ("Nf3", "", ""), ("Nc6", "", ""), ("d4", "", "")], 0),
    # A tag-like text in the movetext is text like any other.
    ('{ a }[Eve{nt "b"]\n\n{ c } 1. e4 *', "*", 'a nt "b"]\n\n{ c', [("e4", "", "")], 0),
    # The comments of a variation without moves go to the next move.
    ("1. e4 e5 ( ) { c } 2. Nf3 *", "*", "", [("e4", "", ""), ("e5", "", ""), ("Nf3", "", "c")], 0),
    ("1. e4 e5 ( { c } ) 2. Nf3 *", "*", "", [("e4", "", ""), ("e5", "", ""), ("Nf3", "", "c")], 0),
    # After a bad move in a variation, python-chess reads on with the variation's position.
    ("1. e4 (1. d4 Kxx 2. c4) e5 *", "*", "", [("e4", "", ""), ("e5", "", "")], 2),
])
def test_reading_quirks_of_python_chess(text, result, comment, moves, errors):
    game = read_all(text)[0]
    assert game.headers["Result"] == result
    assert game.comment == comment
    assert [(node.san(), node.comment, node.starting_comment) for node in game.mainline()] == moves
    assert len(game.errors) == errors


def test_surrogate_escaped_text():
    text = b'[White "M\xfcller"]\n\n1. e4 { G\xe9nial } *\n'.decode("utf-8", "surrogateescape")
    game = read_all(text)[0]
    assert game.headers["White"] == "M\udcfcller"
    assert game.next().comment == "G\udce9nial"


def test_crlf_input():
    text = '[Event "crlf"]\r\n\r\n1. e4 { a\r\nb } e5 *\r\n\r\n1. d4 *\r\n'
    games = read_all(text)
    assert len(games) == 2
    assert games[0].headers["Event"] == "crlf"
    assert games[0].next().comment == "a\r\nb"


def test_line_numbers_follow_the_handle():
    handle = io.StringIO("1. e4 *\n\n1. d4 *\n\n\n1. e4 e5 2. Ke3 *\n")
    pgn.read_game(handle)
    pgn.read_game(handle)
    game = pgn.read_game(handle)
    assert str(game.errors[0]).startswith("<stream>:6:13: error: game 3: move 2. ")


# ------------------------------------------------------------------ the tree

def test_game_built_by_hand_as_the_python_chess_docs_write_it():
    game = pgn.Game()
    game.headers["Event"] = "Example"
    node = game.add_variation(Move.from_uci("e2e4"))
    node = node.add_variation(Move.from_uci("e7e5"))
    node.comment = "Comment"
    assert str(game) == ('[Event "Example"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n'
                         '[White "?"]\n[Black "?"]\n[Result "*"]\n\n1. e4 e5 { Comment } *')
    assert repr(game.headers) == ("Headers(Event='Example', Site='?', Date='????.??.??', "
                                  "Round='?', White='?', Black='?', Result='*')")
    assert repr(node).startswith("<ChildNode at 0x") and repr(node).endswith(" (1... e5 ...)>")
    assert str(node) == "1... e5 { Comment }"
    assert str(game.mainline()) == "1. e4 e5 { Comment }"
    assert repr(game.mainline()).endswith(" (1. e4 e5)>")


def test_edits_show_in_the_export():
    game = read_all(OPERA)[0]
    game.headers["Annotator"] = "fenkit"
    game.headers["White"] = "Morphy, P."
    del game.headers["EventDate"]
    game.comment = "A famous game"
    first = game.next()
    first.comment = "The } brace is dropped"
    first.nags.add(pgn.NAG_GOOD_MOVE)
    side = first.add_variation(Move.from_uci("c7c5"), comment="side", nags=[pgn.NAG_DUBIOUS_MOVE])
    side.add_line([Move.from_uci("g1f3"), Move.from_uci("d7d6")], comment="end")
    assert str(game) == (
        '[Event "Paris"]\n[Site "Paris FRA"]\n[Date "1858.??.??"]\n[Round "?"]\n'
        '[White "Morphy, P."]\n[Black "Duke Karl / Count Isouard"]\n[Result "1-0"]\n[ECO "C41"]\n'
        '[PlyCount "33"]\n[Annotator "fenkit"]\n\n{ A famous game } 1. e4 $1 { The  brace is dropped } '
        '1... e5 ( 1... c5 $6 { side } 2. Nf3 d6 { end } ) 2. Nf3 d6 3. d4 Bg4 '
        + OPERA_MOVETEXT[OPERA_MOVETEXT.index("{ This"):])
    first.promote_to_main(side)
    assert str(game.mainline()).startswith(
        "1. e4 $1 { The  brace is dropped } 1... c5 $6 { side } 2. Nf3 d6 { end }")
    assert game.next().next().move == Move.from_uci("c7c5")
    first.demote(side)
    assert game.next().next().san() == "e5"
    first.remove_variation(side)
    assert len(first.variations) == 1 and side not in first
    # An edited move: its SAN, and those after it, are worked out from the positions again.
    mate = read_all("1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7# 1-0")[0]
    assert mate.end().san() == "Qxf7#"
    mate.next().next().move = Move.from_uci("e7e6")
    assert str(mate.mainline()) == "1. e4 e6 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7+"
    assert mate.end().san() == "Qxf7+" and mate.next().next().san() == "e6"
    assert str(mate).endswith("\n\n1. e4 e6 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7+ 1-0")
    # A new start position counts too.
    mate.setup("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 5")
    assert str(mate.mainline()) == "5. e4 e6 6. Bc4 Nc6 7. Qh5 Nf6 8. Qxf7+"
    assert mate.end().ply() == 15


def test_tree_navigation():
    game = read_all("1. e4 e5 (1... c5 2. Nf3 (2. c3)) 2. Nf3 Nc6 *")[0]
    e4 = game.next()
    e5, c5 = e4.variations
    assert game[0] is e4 and e4[Move.from_uci("c7c5")] is c5 and e4[c5] is c5
    assert Move.from_uci("c7c5") in e4 and Move.from_uci("a7a6") not in e4 and e4.has_variation(1)
    with pytest.raises(IndexError):
        5 in e4  # as python-chess
    assert c5.starts_variation() and not e5.starts_variation()
    assert e5.is_mainline() and not c5.is_mainline() and c5.is_main_variation() is False
    assert c5.next().is_main_variation() and not c5.next().is_mainline()
    assert c5.end().san() == "Nf3" and game.end().san() == "Nc6"
    assert game.end().root() is game and c5.game() is game
    assert [node.ply() for node in game.mainline()] == [1, 2, 3, 4]
    assert c5.turn() is fenkit.WHITE and game.turn() is fenkit.WHITE
    assert list(reversed(game.mainline_moves())) == [Move.from_uci(u) for u in ["b8c6", "g1f3", "e7e5", "e2e4"]]
    assert not game.end().mainline() and game.mainline()
    assert c5.next().next() is None
    board = c5.next().board()
    assert board.move_stack == [Move.from_uci(u) for u in ["e2e4", "c7c5", "g1f3"]]
    assert game.board().move_stack == []
    assert str(game.end().parent) == "2. Nf3 Nc6"


def test_game_setup_and_from_board():
    board = fenkit.Board()
    for san in ["e4", "e5", "Qh5", "Nc6", "Bc4", "Nf6", "Qxf7#"]:
        board.push_san(san)
    game = pgn.Game.from_board(board)
    assert game.headers["Result"] == "1-0"
    assert str(game).endswith("\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0")
    setup = pgn.Game()
    setup.setup("8/8/8/8/8/8/8/K6k b - - 0 40")
    assert setup.headers["FEN"] == "8/8/8/8/8/8/8/K6k b - - 0 40" and setup.headers["SetUp"] == "1"
    assert setup.ply() == 79 and setup.turn() is fenkit.BLACK
    setup.add_variation(Move.from_uci("h1g1"))
    assert str(setup).endswith("\n\n40... Kg1 *")
    setup.setup(fenkit.Board())
    assert "FEN" not in setup.headers and "SetUp" not in setup.headers
    bare = pgn.Game.without_tag_roster()
    assert len(bare.headers) == 0 and str(bare) == "*"


def test_headers_mapping():
    headers = pgn.Headers({"Foo": "x", "White": "w"}, Event="e")
    assert list(headers) == ["Event", "White", "Foo"]
    assert headers == {"Event": "e", "White": "w", "Foo": "x"}
    assert headers.copy() == headers and headers.copy() is not headers
    with pytest.raises(ValueError):
        headers["bad name"] = "x"
    with pytest.raises(ValueError):
        headers["Foo"] = "two\nlines"
    assert pgn.Headers({"Variant": "Fischerandom"}).is_chess960()
    assert pgn.Headers({"Variant": "wild/8a"}).is_wild()
    assert pgn.Headers({"Variant": "Standard"}).variant() is fenkit.Board
    with pytest.raises(ValueError):
        pgn.Headers({"Variant": "nonsense"}).variant()
    assert pgn.Headers().board().fen() == pgn.STARTING_FEN


def test_pickle_and_copy():
    game = read_all(OPERA)[0]
    assert str(pickle.loads(pickle.dumps(game))) == str(game)
    assert str(copy.deepcopy(game)) == str(game)


# ------------------------------------------------------------------ commands in comments

def test_eval_clock_emt():
    game = read_all("1. e4 { [%eval 0.17] [%clk 0:03:00.5] } e5 { [%eval #-3,20] [%emt 0:00:02] } "
                    "2. Nf3 { [%eval #0] } Nc6 { [%eval 12] } *")[0]
    e4, e5, nf3, nc6 = game.mainline()
    assert e4.eval() == PovScore(Cp(17), fenkit.WHITE)
    assert e4.eval().white() == Cp(17) and e4.eval().turn is fenkit.BLACK
    assert e4.clock() == 180.5 and e4.emt() is None and e4.eval_depth() is None
    assert e5.eval().white() == Mate(-3) and e5.eval_depth() == 20 and e5.emt() == 2.0
    assert e5.clock() is None
    assert nf3.eval() == PovScore(Mate(0), fenkit.BLACK)
    assert nc6.eval().white() == Cp(1200)
    assert game.eval() is None


def test_set_eval_clock_emt():
    node = pgn.Game().add_variation(Move.from_uci("e2e4"), comment="text")
    node.set_eval(PovScore(Cp(-35), fenkit.BLACK), 12)
    assert node.comment == "text [%eval 0.35,12]"
    node.set_clock(3723.25)
    assert node.comment == "text [%eval 0.35,12] [%clk 1:02:03.25]"
    node.set_emt(2)
    node.set_eval(PovScore(Mate(3), fenkit.WHITE))
    assert node.comment == "text [%eval #3] [%clk 1:02:03.25] [%emt 0:00:02]"
    node.set_clock(None)
    node.set_eval(None)
    assert node.comment == "text [%emt 0:00:02]"
    node.comment = "see [%csl Ga1][%cal Ra1h8,Bb2b3] here"
    assert [arrow.pgn() for arrow in node.arrows()] == ["Ga1", "Ra1h8", "Bb2b3"]
    node.set_arrows([(0, 0), pgn.Arrow(1, 9, color="yellow")])
    assert node.comment == "[%csl Ga1][%cal Yb1b2] seehere"  # as python-chess leaves it


def test_time_control():
    game = pgn.Game()
    game.headers["TimeControl"] = "40/7200:3600"
    control = game.time_control()
    assert control.type == pgn.TimeControlType.STANDARD
    assert [(part.moves, part.time) for part in control.parts] == [(40, 7200), (0, 3600)]
    assert pgn.parse_time_control("180+2").type == pgn.TimeControlType.BLITZ
    assert pgn.parse_time_control("60+1").parts[0].increment == 1.0
    assert pgn.parse_time_control("300+5d").parts[0].delay == 5.0
    assert pgn.parse_time_control("-").type == pgn.TimeControlType.UNLIMITED
    assert pgn.parse_time_control("?").type == pgn.TimeControlType.UNKNOWN
    with pytest.raises(ValueError):
        pgn.parse_time_control("300:40/7200")


# ------------------------------------------------------------------ writers and visitors

LINES = '[Event "v"]\n\n{ pre } 1. e4 $1 { a } e5 ( { sc } 1... c5 2. Nf3 ( 2. c3 ) ) ( 1... e6 ) 2. Nf3 ! Nc6 1-0\n'


def test_string_exporter_options():
    game = read_all(LINES)[0]
    roster = ('[Event "v"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n[White "?"]\n'
              '[Black "?"]\n[Result "1-0"]\n\n')
    full = "{ pre } 1. e4 $1 { a } 1... e5 ( { sc } 1... c5 2. Nf3 ( 2. c3 ) ) ( 1... e6 ) 2. Nf3 $1 Nc6 1-0"
    assert str(game) == roster + full
    assert game.accept(pgn.StringExporter(columns=None)) == roster + full
    assert game.accept(pgn.StringExporter(headers=False, comments=False)) == (
        "1. e4 e5 ( 1... c5 2. Nf3 ( 2. c3 ) ) ( 1... e6 ) 2. Nf3 Nc6 1-0")
    assert game.accept(pgn.StringExporter(headers=False, variations=False)) == (
        "{ pre } 1. e4 $1 { a } 1... e5 2. Nf3 $1 Nc6 1-0")
    assert game.accept(pgn.StringExporter(columns=20, headers=False)) == (
        "{ pre } 1. e4 $1\n{ a } 1... e5 (\n{ sc } 1... c5 2.\nNf3 ( 2. c3 ) ) (\n1... e6 ) 2. Nf3 $1\n"
        "Nc6 1-0")


def test_eighty_columns():
    game = read_all(OPERA)[0]
    assert game.accept(pgn.StringExporter(headers=False)) == (
        "1. e4 e5 2. Nf3 d6 3. d4 Bg4 { This is a weak move already. } 4. dxe5 Bxf3 5.\n"
        "Qxf3 dxe5 6. Bc4 Nf6 7. Qb3 Qe7 8. Nc3 c6 9. Bg5\n"
        "{ Black is in what's like a zugzwang position\nhere. } 9... b5 10. Nxb5 cxb5 11.\n"
        "Bxb5+ Nbd7 12. O-O-O Rd8 13. Rxd7 Rxd7 14. Rd1 Qe6 15. Bxd7+ Nxd7 16. Qb8+ Nxb8\n"
        "17. Rd8# 1-0")


def test_file_exporter_counts_what_it_writes():
    games = read_all(OPERA)
    out = io.StringIO()
    counts = [game.accept(pgn.FileExporter(out)) for game in games]
    assert counts == [486, 146] and sum(counts) == len(out.getvalue())
    assert out.getvalue() == "".join(game.accept(pgn.StringExporter()) + "\n\n" for game in games)
    assert str(pgn.FileExporter(out)).startswith("<FileExporter at 0x")


def test_visitors_on_read_game():
    handle = io.StringIO(OPERA + "\n" + LINES)
    assert pgn.read_headers(handle)["White"] == "Paul Morphy"
    assert pgn.skip_game(handle) is True
    board = pgn.read_game(handle, Visitor=pgn.BoardBuilder)
    assert board.move_stack[-1] == Move.from_uci("b8c6") and len(board.move_stack) == 4
    assert pgn.skip_game(handle) is False
    assert pgn.read_headers(handle) is None
    # Read into an exporter: the tags as written (no roster added), the movetext as read.
    text = pgn.read_game(io.StringIO(LINES), Visitor=lambda: pgn.StringExporter(columns=None))
    assert text == '[Event "v"]\n\n' + str(read_all(LINES)[0]).split("\n\n")[1]


class Recorder(pgn.BaseVisitor):
    """Writes down the events."""

    def __init__(self):
        self.events = []

    def begin_game(self):
        self.events.append("begin_game")

    def begin_headers(self):
        self.events.append("begin_headers")

    def visit_header(self, tagname, tagvalue):
        self.events.append(f"{tagname}={tagvalue}")

    def end_headers(self):
        self.events.append("end_headers")

    def visit_move(self, board, move):
        self.events.append(board.san(move))

    def visit_board(self, board):
        self.events.append("board")

    def visit_comment(self, comment):
        self.events.append("{" + comment + "}")

    def visit_nag(self, nag):
        self.events.append(f"${nag}")

    def begin_variation(self):
        self.events.append("(")

    def end_variation(self):
        self.events.append(")")

    def visit_result(self, result):
        self.events.append(result)

    def end_game(self):
        self.events.append("end_game")

    def result(self):
        return self.events


def test_events_of_reading_and_of_walking():
    read = pgn.read_game(io.StringIO(LINES), Visitor=Recorder)
    assert read == ["begin_game", "begin_headers", "Event=v", "end_headers", "board", "{pre}",
                    "e4", "board", "$1", "{a}", "e5", "board", "(", "{sc}", "c5", "board", "Nf3",
                    "board", "(", "c3", "board", ")", ")", "(", "e6", "board", ")", "Nf3", "board",
                    "$1", "Nc6", "board", "1-0", "end_game"]
    walked = read_all(LINES)[0].accept(Recorder())
    assert walked[:9] == ["begin_game", "Event=v", "Site=?", "Date=????.??.??", "Round=?",
                          "White=?", "Black=?", "Result=1-0", "end_headers"]
    assert walked[9:] == read[4:]


def test_skipping_variations():
    class NoVariations(Recorder):
        def begin_variation(self):
            self.events.append("(")
            return pgn.SKIP

    read = pgn.read_game(io.StringIO(LINES), Visitor=NoVariations)
    assert read == ["begin_game", "begin_headers", "Event=v", "end_headers", "board", "{pre}",
                    "e4", "board", "$1", "{a}", "e5", "board", "(", ")", "(", ")", "Nf3", "board",
                    "$1", "Nc6", "board", "1-0", "end_game"]
    walked = read_all(LINES)[0].accept(NoVariations())
    assert walked[9:] == read[4:]


def test_game_builder_subclasses():
    class MyGame(pgn.Game):
        pass

    game = pgn.read_game(io.StringIO(LINES), Visitor=MyGame.builder)
    assert type(game) is MyGame and str(game) == str(read_all(LINES)[0])

    class CountingBuilder(pgn.GameBuilder):
        moves = 0

        def visit_move(self, board, move):
            CountingBuilder.moves += 1
            super().visit_move(board, move)

    game = pgn.read_game(io.StringIO(LINES), Visitor=CountingBuilder)
    assert CountingBuilder.moves == 8 and str(game) == str(read_all(LINES)[0])

    seen = []

    class SeeingBuilder(pgn.GameBuilder):
        def parse_san(self, board, san):
            seen.append(san)
            return board.parse_san(san)

    # parse_san gets the tokens as python-chess cuts them: "nc6" is "c6" (a pawn move).
    game = pgn.read_game(io.StringIO("1. e4 e5 2. Nf3 nc6 *"), Visitor=SeeingBuilder)
    assert [node.san() for node in game.mainline()] == ["e4", "e5", "Nf3", "c6"]
    assert seen == ["e4", "e5", "Nf3", "c6"]


def test_mainline_accept_and_subgame():
    game = read_all(LINES)[0]
    assert game.mainline().accept(pgn.StringExporter()) == "1. e4 $1 { a } 1... e5 2. Nf3 $1 Nc6"
    subgame = game.next().next().accept_subgame(pgn.StringExporter())
    assert subgame.endswith('[FEN "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"]\n'
                            '[SetUp "1"]\n\n2. Nf3 $1 Nc6 1-0')


# ------------------------------------------------------------------ compared with python-chess

def python_chess():
    """python-chess (its chess.pgn), or a skip."""
    chess = pytest.importorskip("chess")
    if not hasattr(chess, "__version__") or chess is fenkit:
        pytest.skip("`import chess` is not python-chess")
    pytest.importorskip("chess.pgn")
    return chess


def other_variant(game, chess):
    """Whether python-chess reads the game's moves with a variant board fenkit.variant has not
    (its SuicideBoard), or knows no board for it: fenkit reads them as standard chess, with an
    error."""
    try:
        board_class = game.headers.variant()
    except ValueError:  # a variant python-chess does not know either
        return True
    return board_class is not chess.Board and not hasattr(fenkit.variant, board_class.__name__)


def tree_of(node, out, depth=0):
    for child in node.variations:
        out.append((depth, child.move.uci(), child.comment, sorted(child.nags),
                    child.starting_comment))
        tree_of(child, out, depth + 1)
    return out


def outcome(function):
    try:
        return function()
    except (ValueError, AssertionError) as error:
        return f"raises {type(error).__name__}"


def differences(text, chess, fens=False, most=None):
    """How fenkit's reading of `text` differs from python-chess's, game by game (the first
    `most` games)."""
    theirs, ours = io.StringIO(text), io.StringIO(text)
    found = []
    number = 0
    while most is None or number < most:
        number += 1
        try:
            expected = chess.pgn.read_game(theirs)
        except Exception as error:  # python-chess's own failures (a ')' after a bad move)
            with pytest.raises(type(error)):
                pgn.read_game(ours)
            return found
        got = pgn.read_game(ours)
        if expected is None or got is None:
            if expected is not got:
                found.append(f"game {number}: python-chess {expected!r}, fenkit {got!r}")
            return found
        if theirs.tell() != ours.tell():
            found.append(f"game {number}: handle at {ours.tell()}, python-chess at {theirs.tell()}")
        if other_variant(expected, chess):
            assert any("unsupported variant" in str(error) for error in got.errors)
            continue
        checks = [
            ("headers", lambda g: dict(g.headers)),
            ("game comment", lambda g: g.comment),
            ("tree", lambda g: tree_of(g, [])),
            ("errors", lambda g: len(g.errors)),
            ("str", lambda g: outcome(lambda: str(g))),
            ("sans", lambda g: outcome(lambda: [n.san() for n in g.mainline()])),
            ("ucis", lambda g: outcome(lambda: [n.uci() for n in g.mainline()])),
        ]
        for name, get in checks:
            if get(expected) != get(got):
                found.append(f"game {number}: {name}: python-chess {get(expected)!r:.300}, "
                             f"fenkit {get(got)!r:.300}")
        for options in [dict(columns=None), dict(columns=80, comments=False),
                        dict(variations=False), dict(columns=None, comments=False,
                                                     variations=False, headers=False)]:
            mine = outcome(lambda: got.accept(pgn.StringExporter(**options)))
            if outcome(lambda: expected.accept(chess.pgn.StringExporter(**options))) != mine:
                found.append(f"game {number}: StringExporter({options}) differs")
        if fens and not expected.errors:
            theirs_nodes = [expected] + [n for n in _walk_nodes(expected)]
            our_nodes = [got] + [n for n in _walk_nodes(got)]
            for a, b in zip(theirs_nodes, our_nodes):
                if a.board().fen() != b.board().fen():
                    found.append(f"game {number}: board at {a!r}: {a.board().fen()} vs "
                                 f"{b.board().fen()}")
                    break
    return found


def _walk_nodes(node):
    for child in node.variations:
        yield child
        yield from _walk_nodes(child)


def read_text(path):
    data = path.read_bytes()
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("utf-8", "surrogateescape")


@pytest.mark.parametrize("path", sorted((DATA / "pgn").rglob("*.pgn")), ids=lambda p: p.name)
def test_same_as_python_chess_on_fixtures(path):
    chess = python_chess()
    assert differences(read_text(path), chess, fens=True) == []


def test_same_as_python_chess_on_its_data():
    chess = python_chess()
    folder = pathlib.Path(chess.__file__).resolve().parent.parent / "data" / "pgn"
    paths = sorted(folder.glob("*.pgn"))
    if not paths:
        pytest.skip(f"python-chess's data/pgn is not at {folder}")
    report = {path.name: found for path in paths
              if (found := differences(read_text(path), chess, fens=path.stat().st_size < 20000))}
    assert report == {}


def test_same_as_python_chess_on_the_corpus(corpus):
    chess = python_chess()
    paths = sorted((corpus / "pgn").rglob("*.pgn"))
    # The first 100 games of each file (all of them take python-chess minutes).
    report = {str(path.relative_to(corpus)): found for path in paths
              if (found := differences(read_text(path), chess, most=100))}
    assert report == {}


def test_variant_games_are_read_by_their_rules():
    games = read_all('[Variant "Crazyhouse"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d4 *\n')
    assert len(games) == 1 and games[0].errors == []
    assert type(games[0].board()).__name__ == "CrazyhouseBoard"
    assert len(list(games[0].mainline())) == 7
    # (python-chess's FEN after the moves.)
    assert games[0].end().board().fen() == \
        "rnb1kbnr/ppp1pppp/8/q7/3P4/2N5/PPPP1PPP/R1BQKBNR[p] b KQkq - 3 4"