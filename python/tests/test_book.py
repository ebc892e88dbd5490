"""fenkit.Book and fenkit.build_book: the books of `fenkit book build`, probed as `book probe`."""

import pytest

import fenkit
from conftest import DATA, SOURCE, missing, run_cli

SAMPLE = SOURCE / "examples" / "sample.pgn"


def probe_lines(binary, book, fen):
    """(uci, weight) of each line of `fenkit book probe BOOK FEN`."""
    out, _ = run_cli(binary, "book", "probe", book, fen)
    return [(line.split()[1], int(line.split()[2])) for line in out.decode().splitlines() if line]


@pytest.mark.parametrize("options,args", [
    ({"min_games": 1}, ["--min-games", "1"]),
    ({"min_games": 1, "max_ply": 4, "only_white": True},
     ["--min-games", "1", "--max-ply", "4", "--only-white"]),
    ({"min_games": 1, "uniform": True, "player": "alice"},
     ["--min-games", "1", "--uniform", "--player", "alice"]),
    ({}, []),
])
def test_build_book_equals_the_program(fenkit_binary, tmp_path, options, args):
    inputs = [SAMPLE, DATA / "pgn" / "lichess-style.pgn", DATA / "pgn" / "annotated.pgn"]
    cli_book = tmp_path / "cli.bin"
    run_cli(fenkit_binary, "book", "build", "-q", *inputs, "-o", cli_book, *args)
    py_book = tmp_path / "py.bin"
    book = fenkit.build_book([str(p) for p in inputs], output=py_book, **options)
    assert py_book.read_bytes() == cli_book.read_bytes()
    assert book.to_bytes() == cli_book.read_bytes()
    assert len(book) == cli_book.stat().st_size // 16


def test_rejected_games_are_reported_as_by_the_program(fenkit_binary, tmp_path):
    # Every game is used or reported: the counts and FILE:LINE:COLUMN lines of the program.
    import subprocess
    inputs = [str(SAMPLE), str(DATA / "pgn" / "suite-errors.pgn")]
    cli_book = tmp_path / "cli.bin"
    cli = subprocess.run([fenkit_binary, "book", "build", "--min-games", "1", *inputs,
                          "-o", str(cli_book)], capture_output=True, text=True)
    cli_errors = [line for line in cli.stderr.splitlines() if ": error: " in line]
    assert cli_errors
    book = fenkit.build_book(inputs, min_games=1)
    assert isinstance(book, fenkit.Book) and book.to_bytes() == cli_book.read_bytes()
    assert book.errors == cli_errors
    assert book.rejected == len(cli_errors)
    summary = cli.stderr.splitlines()[-1]
    assert summary.startswith(f"{book.games} games, {book.games - book.rejected} used, "
                              f"{book.rejected} rejected;"), summary
    assert book.selected == book.games - book.rejected
    chosen = fenkit.build_book(inputs, min_games=1, player="anderssen")
    cli = subprocess.run([fenkit_binary, "book", "build", "--min-games", "1", "--player", "anderssen",
                          *inputs, "-o", str(cli_book)], capture_output=True, text=True)
    assert cli.stderr.splitlines()[-1].startswith(
        f"{chosen.games} games, {chosen.selected} used, {chosen.rejected} rejected, "
        f"{chosen.games - chosen.selected - chosen.rejected} not selected;"), cli.stderr
    assert 0 < chosen.selected < book.selected
    skipped = fenkit.build_book(inputs, min_games=1, errors="skip")
    assert (skipped.rejected, skipped.errors) == (book.rejected, [])
    with pytest.raises(ValueError, match=":[0-9]+:[0-9]+: error: "):
        fenkit.build_book(inputs, errors="raise")
    with pytest.raises(ValueError, match="errors must be"):
        fenkit.build_book(inputs, errors="maybe")


def test_books_pickle(tmp_path):
    import pickle
    built = fenkit.build_book([str(SAMPLE), str(DATA / "pgn" / "suite-errors.pgn")], min_games=1)
    back = pickle.loads(pickle.dumps(built))
    assert type(back) is fenkit.BuiltBook and back.to_bytes() == built.to_bytes()
    assert (back.name, back.games, back.selected, back.rejected, back.errors) == \
           (built.name, built.games, built.selected, built.rejected, built.errors)
    assert back.probe(fenkit.Position()) == built.probe(fenkit.Position())
    path = tmp_path / "sample.bin"
    path.write_bytes(built.to_bytes())
    opened = pickle.loads(pickle.dumps(fenkit.Book(path)))
    assert type(opened) is fenkit.Book and opened.name == str(path)
    assert opened.to_bytes() == path.read_bytes()


def test_epd_input_is_refused(tmp_path):
    with pytest.raises(ValueError, match="EPD"):
        fenkit.build_book(DATA / "epd" / "suite.epd")
    # Told by its name as the program tells it: any case, compressed or not.
    shouting = tmp_path / "SUITE.EPD.gz"
    shouting.write_bytes(b"")
    with pytest.raises(ValueError, match="EPD"):
        fenkit.build_book(shouting)


def test_probe_equals_the_program(fenkit_binary, tmp_path):
    path = tmp_path / "book.bin"
    fenkit.build_book(SAMPLE, output=path, min_games=1)
    book = fenkit.Book(path)
    assert book.name == str(path) and repr(book).startswith("<Book ")
    positions = [fenkit.Position()]
    for game in fenkit.read_games(SAMPLE):
        positions += game.positions()[:6]
    probed = 0
    for pos in positions:
        moves = book.probe(pos)
        assert book.probe(pos.fen()) == moves
        assert (pos in book) == bool(moves)
        assert [(uci, weight) for uci, weight, _ in moves] == \
            probe_lines(fenkit_binary, path, pos.fen())
        for uci, weight, learn in moves:
            assert uci in pos.legal_moves() and weight > 0 and learn == 0
        probed += bool(moves)
    assert probed > 5
    assert book.entries()[0][0] <= book.entries()[-1][0]


def test_book_errors(tmp_path):
    with pytest.raises(OSError):
        fenkit.Book(tmp_path / "missing.bin")
    bad = tmp_path / "bad.bin"
    bad.write_bytes(b"\0" * 17)
    with pytest.raises(ValueError, match="16"):
        fenkit.Book(bad)
    assert len(fenkit.Book(bad, ignore_trailing_bytes=True)) == 1
    with pytest.raises(ValueError, match="only_white does not go with only_black"):
        fenkit.build_book(SAMPLE, only_white=True, only_black=True)
    with pytest.raises(OSError):
        fenkit.build_book(tmp_path / "missing.pgn")
    with pytest.raises(TypeError):
        fenkit.Book(bad, ignore_trailing_bytes=True).probe(42)


def test_corpus_book(corpus):
    books = sorted((corpus / "polyglot").glob("*.bin"))
    if not books:
        missing("a Polyglot book in the corpus", "FENKIT_REQUIRE_CORPUS")
    book = fenkit.Book(books[0])
    start = book.probe(fenkit.Position())
    assert all(uci in fenkit.Position().legal_moves() for uci, _, _ in start)


def test_docstrings():
    assert fenkit.Book.__doc__ and fenkit.Book.probe.__doc__ and fenkit.build_book.__doc__
