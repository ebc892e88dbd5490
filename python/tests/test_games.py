"""fenkit.read_games and fenkit.Game."""

import gzip
import io
import os

import pytest

import fenkit
from conftest import DATA, SOURCE, cli_jsonl, fixture_pgns, run_cli

SAMPLE = SOURCE / "examples" / "sample.pgn"
QUIRKS = DATA / "pgn" / "quirks"


def game_record(game):
    """A Game as `fenkit pgn -f jsonl` writes it."""
    return {"game": game.number, "offset": game.offset, "tags": game.tags,
            "start_fen": game.start_fen, "moves": game.moves, "uci": game.uci,
            "final_fen": game.final_fen(), "plies": game.plies, "result": game.result}


def cli_record(record):
    return record  # json.loads keeps the last of repeated tags; the fixtures repeat none


def test_sample_games():
    games = list(fenkit.read_games(SAMPLE))
    assert len(games) >= 1
    first = games[0]
    assert first.number == 1 and first.offset == 0
    assert isinstance(first.tags, dict) and "White" in first.tags
    assert len(first.moves) == len(first.uci) == first.plies
    assert first.fens()[-1] == first.final_fen()
    assert first.fens(with_start=True)[0] == first.start_fen
    assert [p.fen() for p in first.positions()] == first.fens()
    assert first.error is None and first.raw is None
    assert first.to_pgn().startswith('[Event "')
    assert repr(first).startswith("<Game 1: ")
    # The moves replay on a Position.
    pos = fenkit.Position(first.start_fen)
    for san in first.moves:
        pos.push_san(san)
    assert pos.fen() == first.final_fen()


@pytest.mark.parametrize("path", fixture_pgns(), ids=lambda p: p.name)
def test_games_equal_the_program(fenkit_binary, path):
    expected = cli_jsonl(fenkit_binary, "pgn", "-f", "jsonl", "-q", path)
    games = list(fenkit.read_games(path, errors="skip", variations=False))
    assert [game_record(g) for g in games] == [cli_record(r) for r in expected]


@pytest.mark.parametrize("path", fixture_pgns(), ids=lambda p: p.name)
def test_to_pgn_equals_the_program(fenkit_binary, path):
    expected, _ = run_cli(fenkit_binary, "pgn", "-q", path)
    games = fenkit.read_games(path, errors="skip")
    assert "".join(g.to_pgn() for g in games).encode("utf-8", "surrogateescape") == expected


def test_what_happens_in_a_game_selects_as_the_program(fenkit_binary):
    paths = [SAMPLE, *sorted((DATA / "pgn").glob("*.pgn"))]
    for flag in ("checkmate", "repetition", "underpromotion"):
        expected = [r["game"] for path in paths for r in
                    cli_jsonl(fenkit_binary, "pgn", "-f", "jsonl", "-q", f"--{flag}", path)]
        got = [g.number for path in paths
               for g in fenkit.read_games(path, variations=False, errors="skip", **{flag: True})]
        assert got == expected and got, flag


def test_selection_equals_the_program(fenkit_binary):
    path = DATA / "pgn" / "lichess-style.pgn"
    for options, args in [({"player": "alice"}, ["--player", "alice"]),
                          ({"min_elo": 1900}, ["--min-elo", "1900"]),
                          ({"result": ["1-0", "0-1"]}, ["--result", "1-0", "--result", "0-1"]),
                          ({"time_control": "blitz"}, ["--time-control", "blitz"]),
                          ({"tag": "WhiteElo>=2000"}, ["--tag", "WhiteElo>=2000"]),
                          ({"white": "^c", "regex": True}, ["--white", "^c", "--regex"]),
                          ({"player": "alice", "invert": True}, ["--player", "alice", "--invert"]),
                          ({"games": "2-3"}, ["--games", "2-3"]),
                          ({"min_plies": 6, "date_from": "2024.01.16"},
                           ["--min-plies", "6", "--date-from", "2024.01.16"])]:
        expected = cli_jsonl(fenkit_binary, "pgn", "-f", "jsonl", "-q", *args, path)
        reader = fenkit.read_games(path, variations=False, **options)
        got = [g.number for g in reader]
        assert got == [r["game"] for r in expected], options
        assert reader.selected == len(got)


def test_position_selection():
    games = list(fenkit.read_games(SAMPLE))
    target = games[0].positions()[5]
    found = list(fenkit.read_games(SAMPLE, position=target))
    assert games[0].number in [g.number for g in found]
    assert [g.number for g in fenkit.read_games(SAMPLE, position=target.fen())] == \
        [g.number for g in found]


def test_selection_errors():
    with pytest.raises(TypeError, match="unexpected keyword argument 'colour'"):
        fenkit.read_games(SAMPLE, colour="white")
    with pytest.raises(ValueError, match="eco"):
        fenkit.read_games(SAMPLE, eco="Z99")
    with pytest.raises(ValueError, match="min-elo"):
        fenkit.read_games(SAMPLE, min_elo=-5)
    with pytest.raises(ValueError, match="date-from"):
        fenkit.read_games(SAMPLE, date_from="yesterday")
    with pytest.raises(ValueError, match="goes up by 1"):
        fenkit.read_games(SAMPLE, games=range(1, 9, 2))


def test_game_numbers_as_a_list_or_a_range():
    numbers = lambda **kw: [g.number for g in fenkit.read_games(SAMPLE, **kw)]
    assert numbers(games=[1, 3]) == numbers(games="1,3") == [1, 3]
    assert numbers(games=range(2, 4)) == numbers(games="2-3") == [2, 3]


def test_errors_raise_skip_collect():
    path = QUIRKS / "illegal-move.pgn"
    total = len(list(fenkit.read_games(path, errors="collect")))
    good = list(fenkit.read_games(path, errors="skip"))
    reader = fenkit.read_games(path, errors="skip")
    assert len(list(reader)) == len(good)
    assert reader.rejected >= 1 and reader.games == total
    collected = [g for g in fenkit.read_games(path, errors="collect") if g.error]
    assert len(collected) == reader.rejected
    bad = collected[0]
    assert ": error: game " in bad.error and "illegal move" in bad.error
    assert bad.raw and bad.to_pgn() == bad.raw
    for what in ("moves", "uci", "plies"):
        with pytest.raises(ValueError, match="was rejected"):
            getattr(bad, what)
    with pytest.raises(ValueError, match="illegal move"):
        list(fenkit.read_games(path))
    with pytest.raises(ValueError, match="errors must be"):
        fenkit.read_games(path, errors="ignore")


def test_missing_file():
    with pytest.raises(OSError):
        fenkit.read_games(SOURCE / "no-such-file.pgn")


def test_file_objects_and_compressed_input(tmp_path):
    expected = [game_record(g) for g in fenkit.read_games(SAMPLE)]
    with open(SAMPLE, "rb") as f:
        assert [game_record(g) for g in fenkit.read_games(f)] == expected
    with open(SAMPLE, encoding="utf-8") as f:
        assert [game_record(g) for g in fenkit.read_games(f)] == expected
    assert [game_record(g) for g in fenkit.read_games(io.BytesIO(SAMPLE.read_bytes()))] == expected
    packed = tmp_path / "sample.pgn.gz"
    packed.write_bytes(gzip.compress(SAMPLE.read_bytes()))
    assert [game_record(g) for g in fenkit.read_games(packed)] == expected
    assert [game_record(g) for g in fenkit.read_games(str(packed))] == expected
    # Bytes from a file object are read as a file's are: decompressed, UTF-16 converted.
    moves = [g.moves for g in fenkit.read_games(SAMPLE)]
    with open(packed, "rb") as f:
        assert [g.moves for g in fenkit.read_games(f)] == moves
    utf16 = tmp_path / "sample-utf16.pgn"
    utf16.write_bytes(SAMPLE.read_text(encoding="utf-8").encode("utf-16"))  # with its BOM
    with open(utf16, "rb") as f:
        assert [g.moves for g in fenkit.read_games(f)] == moves
    assert [g.moves for g in fenkit.read_games(utf16)] == moves
    assert [g.moves for g in fenkit.read_games(io.BytesIO(gzip.compress(b"")))] == []


def test_comments_and_variations_in_the_tree():
    path = DATA / "pgn" / "annotated.pgn"
    full = "".join(g.to_pgn() for g in fenkit.read_games(path))
    bare = "".join(g.to_pgn() for g in fenkit.read_games(path, comments=False, variations=False))
    assert "{" in full and "(" in full
    assert "{" not in bare and "(" not in bare
    assert "(" not in "".join(g.to_pgn(variations=False) for g in fenkit.read_games(path))


def rss_bytes():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def test_streaming_large_input(tmp_path):
    # 30,000 games (about 20 MB of PGN), compressed so that the file is read, not mapped.
    one = SAMPLE.read_text(encoding="utf-8").strip() + "\n\n"
    per_copy = len(list(fenkit.read_games(SAMPLE)))
    copies = 30000 // per_copy
    path = tmp_path / "big.pgn.gz"
    with gzip.open(path, "wt", encoding="utf-8", compresslevel=1) as f:
        for _ in range(copies):
            f.write(one)
    text_size = len(one.encode()) * copies
    reader = fenkit.read_games(path, comments=False)
    first = next(reader)
    assert first.number == 1
    # Laziness: one chunk has been read, not the file.
    assert reader.games < 2000 < copies * per_copy
    before = rss_bytes()
    peak = before
    count = 1
    for game in reader:
        count += 1
        if count % 2000 == 0:
            peak = max(peak, rss_bytes())
    assert count == copies * per_copy == reader.games
    # The games of the whole input as trees would take several times the text's size.
    assert peak - before < text_size / 2, (peak - before, text_size)


def test_games_the_selection_leaves_out_are_not_judged(fenkit_binary, tmp_path):
    # A game left out by its tags is not read on, so a bad FEN tag in it is not an error; a
    # chosen game with one still is. The program agrees.
    path = tmp_path / "chosen.pgn"
    path.write_text('[White "A"]\n\n1. e4 *\n\n'
                    '[White "X"]\n[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. e4 *\n\n'
                    '[White "X"]\n\n1. e4 e5 2. Ke3 *\n\n'
                    '[White "A"]\n[SetUp "1"]\n[FEN "8/8/8/8/8/8/8/8 w - - 0 1"]\n\n1. d4 *\n',
                    encoding="utf-8")
    reader = fenkit.read_games(path, white="A", errors="collect")
    games = list(reader)
    assert [g.error is None for g in games] == [True, False]
    assert (reader.games, reader.selected, reader.rejected) == (4, 1, 1)
    data = fenkit.replay(path, white="A")
    assert (data.games, data.selected, data.rejected, data.positions) == (4, 1, 1, 1)
    _, status = run_cli(fenkit_binary, "replay", "-q", "--white", "A", path)
    assert status == 1
    _, status = run_cli(fenkit_binary, "replay", "-q", "--white", "A", "--games", "1-3", path)
    assert status == 0


def test_games_pickle_whole():
    # Trees with comments, NAGs, variations, a [FEN] start, Chess960 and rejected games come
    # back equal: the same PGN, moves, tags, places and messages.
    import pickle
    paths = [DATA / "pgn" / "annotated.pgn", DATA / "pgn" / "suite-errors.pgn"] + \
        [QUIRKS / name for name in ("chess960.pgn", "setup-fen.pgn", "null-moves.pgn",
                                    "nested-variations.pgn", "latin1.pgn", "missing-result.pgn")]
    seen = 0
    for path in paths:
        for game in fenkit.read_games(path, errors="collect"):
            back = pickle.loads(pickle.dumps(game))
            assert (back.to_pgn(), back.tags, back.number, back.offset, back.line, back.error,
                    back.raw, back.diagnostics, back.start_fen, back.start.chess960,
                    back.result) == \
                   (game.to_pgn(), game.tags, game.number, game.offset, game.line, game.error,
                    game.raw, game.diagnostics, game.start_fen, game.start.chess960,
                    game.result)
            if game.error is None:
                assert (back.moves, back.uci, back.fens()) == (game.moves, game.uci, game.fens())
            seen += 1
    assert seen > 10
    with pytest.raises(ValueError, match="pickled fenkit.Game"):
        fenkit.Game.__new__(fenkit.Game).__setstate__((2,))


def test_close_and_with_let_the_input_go(tmp_path):
    path = tmp_path / "two.pgn.gz"  # read through its descriptor (a plain file is mapped)
    path.write_bytes(gzip.compress(SAMPLE.read_bytes() * 2))
    fd_dir = "/proc/self/fd"
    open_fds = lambda: len(os.listdir(fd_dir))
    before = open_fds()
    with fenkit.read_games(path) as reader:
        first = next(reader)
        assert open_fds() == before + 1
    assert open_fds() == before
    assert list(reader) == []
    assert first.number == 1 and reader.name == str(path)
    reader = fenkit.read_games(path)
    next(reader)
    reader.close()
    reader.close()
    assert open_fds() == before and list(reader) == []


def test_text_files_with_undecodable_bytes(tmp_path):
    # Bytes a text file could not decode (errors="surrogateescape") reach the reader as they
    # were, as through a binary file: Latin-1 here, which the reader converts.
    path = tmp_path / "latin1.pgn"
    path.write_bytes('[White "Müller"]\n\n1. e4 *\n'.encode("latin-1"))
    with open(path, encoding="utf-8", errors="surrogateescape") as f:
        games = list(fenkit.read_games(f))
    assert [g.tags["White"] for g in games] == ["Müller"]


def test_variations_nested_too_deep(tmp_path):
    # A tree is built as deep as the reader nests variations (256); deeper, the game is
    # rejected at the '(' too many, and the next game is read.
    def nested(depth):
        return ('[Event "deep"]\n\n1. e4 ' + "(1. d4 " * depth + ")" * depth + " e5 *\n\n"
                '[Event "good"]\n\n1. d4 *\n')
    path = tmp_path / "deep.pgn"
    path.write_text(nested(256), encoding="utf-8")
    deepest, good = fenkit.read_games(path)
    assert deepest.moves == ["e4", "e5"]
    assert deepest.to_pgn().count("(") == 256
    path.write_text(nested(20000), encoding="utf-8")
    rejected, good = fenkit.read_games(path, errors="collect")
    assert rejected.error is not None and good.error is None
    assert rejected.error == f"{path}:3:{7 + 7 * 256}: error: game 1: variations nested more than 256 deep"
    assert good.moves == ["d4"]


def test_one_reader_in_several_threads():
    # While one thread waits for input inside next() (the GIL let go), a second thread's
    # next() or close() is refused, as a generator refuses a second caller; the first thread
    # then reads every game.
    import threading
    one = SAMPLE.read_bytes() + b"\n\n"
    per_copy = len(list(fenkit.read_games(SAMPLE)))

    class Slow(io.RawIOBase):
        """A stream whose reads, once armed, wait until released."""
        def __init__(self, data):
            self.data, self.reads = io.BytesIO(data), 0
            self.armed, self.waiting, self.released = False, threading.Event(), threading.Event()

        def readable(self):
            return True

        def read(self, size=-1):
            self.reads += 1
            if self.armed:
                self.armed = False
                self.waiting.set()
                self.released.wait(30)
            return self.data.read(size)

    stream = Slow(one * 200)
    reader = fenkit.GameReader(stream, errors="skip", chunk_bytes=4096)
    assert stream.reads == 0  # nothing is read before the first game is asked for
    stream.armed = True
    numbers = []
    first = threading.Thread(target=lambda: numbers.extend(g.number for g in reader))
    first.start()
    assert stream.waiting.wait(30)
    with pytest.raises(ValueError, match="already executing"):
        next(reader)
    with pytest.raises(ValueError, match="already executing"):
        reader.close()
    stream.released.set()
    first.join(30)
    assert numbers == list(range(1, 200 * per_copy + 1))


def test_docstrings():
    assert fenkit.read_games.__doc__ and fenkit.read_range.__doc__ and fenkit.Game.__doc__
    for name in ["tags", "moves", "uci", "start_fen", "result", "number", "offset", "fens",
                 "to_pgn", "error", "raw"]:
        assert getattr(fenkit.Game, name).__doc__, name


def test_material_balances_select_as_the_program(fenkit_binary):
    path = DATA / "pgn" / "material.pgn"
    for options, args in [({"material": "q*r*b*n*p* r*b*n*p*"}, ["--material", "q*r*b*n*p* r*b*n*p*"]),
                          ({"material": ["q", "9 r"]}, ["--material", "q", "--material", "9 r"]),
                          ({"material": "r*b*n*p* q*r*b*n*p*", "material_white": True},
                           ["--material", "r*b*n*p* q*r*b*n*p*", "--material-white"])]:
        expected = [r["game"] for r in cli_jsonl(fenkit_binary, "pgn", "-f", "jsonl", "-q", *args, path)]
        got = [g.number for g in fenkit.read_games(path, **options)]
        assert got == expected, options
    assert [g.number for g in fenkit.read_games(path, material="q")] == [3]
    with pytest.raises(ValueError, match="--material: the first side has 'x'"):
        list(fenkit.read_games(path, material="rx nb"))


def cut_file(tmp_path):
    """The lichess-style fixture without its last game, cut inside the movetext of the game
    that is then last, the fourth (its Result tag says 1-0); and the place where its text ends."""
    text = (DATA / "pgn" / "lichess-style.pgn").read_text(encoding="utf-8")
    whole = text[:text.rindex("[Event ")]
    cut = whole[:whole.rindex(" 41... Kd6")]
    path = tmp_path / "cut.pgn"
    path.write_bytes(cut.encode("utf-8"))
    line = cut.count("\n") + 1
    column = len(cut) - (cut.rindex("\n") + 1) + 1
    return path, f"{path}:{line}:{column}: error: game 4: the input ends inside the game"


def test_a_game_cut_by_the_end_of_the_input_is_rejected(tmp_path):
    # Not passed off as whole with the Result tag's 1-0: rejected, from a path, a file object
    # and in byte ranges alike; replay counts it and gives it no rows.
    path, message = cut_file(tmp_path)
    for source in (path, io.BytesIO(path.read_bytes())):
        games = list(fenkit.read_games(source, errors="collect"))
        assert len(games) == 4
        assert [g.error is None for g in games] == [True, True, True, False]
        if isinstance(source, os.PathLike):
            assert games[3].error.startswith(message)
        assert games[3].raw == path.read_text(encoding="utf-8")[
            path.read_text(encoding="utf-8").rindex("[Event "):]
    with pytest.raises(ValueError, match="the input ends inside the game"):
        list(fenkit.read_games(path))
    size = path.stat().st_size
    pieces = [fenkit.read_range(path, start, start + size // 3, errors="collect")
              for start in range(0, size, size // 3)]
    assert [g.error is None for reader in pieces for g in reader] == [True, True, True, False]
    data = fenkit.replay(path)
    assert (data.games, data.selected, data.rejected) == (4, 3, 1)
    assert len(data.errors) == 1 and data.errors[0].startswith(message)
    assert set(data["game"]) == {1, 2, 3}


def test_a_game_longer_than_max_game_bytes_is_rejected(tmp_path):
    path = tmp_path / "long.pgn"
    path.write_text('[Event "long"]\n\n1. e4 {' + "c" * 5000 + '} e5 1-0\n\n'
                    '[Event "next"]\n\n1. d4 d5 1-0\n', encoding="utf-8")
    long, good = fenkit.read_games(path, errors="collect", max_game_bytes=2000)
    assert long.error == (f"{path}:1:1: error: game 1: game longer than the limit of 2000 bytes "
                          "(the reader's max_game_bytes; fenkit's --max-game-size): not read, and "
                          "what follows it up to the next game's tags passed over")
    assert good.error is None and good.moves == ["d4", "d5"]
    assert [g.error for g in fenkit.read_games(path)] == [None, None]
    data = fenkit.replay(path, max_game_bytes=2000)
    assert (data.games, data.rejected) == (2, 1)
    with pytest.raises(ValueError, match="max_game_bytes"):
        fenkit.read_games(path, max_game_bytes=0)
