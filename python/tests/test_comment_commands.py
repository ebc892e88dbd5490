"""The compiled reading of [%eval], [%clk] and [%emt] in comments gives what fenkit.pgn's
regular expressions give (it stands in for them at every node a script asks), on comments made
at random from the pieces where the two could part: signs, dots, commas, long numbers, blanks,
digits beyond ASCII, commands cut short."""

import random

import fenkit
import fenkit.pgn as pgn
from fenkit import _fenkit

PIECES = ["[%eval ", "[%eval\t", "[%eval", "[%clk ", "[%emt ", "#", "-", "+", ".", ",", "]", "0", "1",
          "12", "99", "123", "00000000001", "1234567890123456789012", ":", " ", "x", "[%eval 0.5]",
          "[%clk 0:03:00]", "1.25", "0.125", "2.675", "#0", "#-3,20", "\u0663", "\u00a0"]


def expected_eval(text):
    match = pgn._EVAL_COMMAND.search(text)
    if match is None:
        return None
    mate, cp, depth = match.group("mate", "cp", "depth")
    return (int(mate) if mate else None, None if mate else round(float(cp) * 100),
            int(depth) if depth else None)


def test_compiled_commands_read_as_the_expressions():
    rng = random.Random(5)
    compiled = 0
    for _ in range(30000):
        text = "".join(rng.choice(PIECES) for _ in range(rng.randint(1, 10)))
        got = _fenkit._comment_eval(text)
        if got is not NotImplemented:
            compiled += 1
            assert got == expected_eval(text), text
        for name, pattern in (("clk", pgn._CLOCK_COMMAND), ("emt", pgn._EMT_COMMAND)):
            got = _fenkit._comment_time(text, name)
            if got is not NotImplemented:
                match = pattern.search(text)
                assert got == (None if match is None else pgn._clock_seconds(match)), text
    assert compiled > 20000  # most go the compiled way: the test tests it


def test_node_answers_whichever_way_the_comment_is_read():
    for comment, score, clock in [("[%eval 0.17] [%clk 0:03:00]", 17, 180.0),
                                  ("[%eval #-3,20] [%clk 1:00:00.5]", None, 3600.5),
                                  ("\u00e9 [%eval 2.675] [%eval 2.67] [%clk 0:00:01]", 267, 1.0)]:
        game = pgn.Game()
        node = game.add_variation(fenkit.Move.from_uci("e2e4"))
        node.comment = comment
        assert node.clock() == clock
        white = node.eval().white()
        assert (white.score() if score is not None else white.mate()) == (score if score is not None else -3)
