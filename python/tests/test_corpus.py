"""The shared corpus (../shared/corpus): the module gives what the program gives, file by file,
and on the big archive. Skipped when the corpus is absent (failed with FENKIT_REQUIRE_CORPUS=1)."""

import json

import fenkit
from conftest import missing, rows_of, run_cli

# Files larger than this are read once, not under every option set.
SMALL = 2 << 20


def corpus_pgns(corpus):
    return sorted(p for p in (corpus / "pgn").rglob("*.pgn") if p.is_file())


def jsonl(binary, *args):
    out, _ = run_cli(binary, *args)
    return [json.loads(line) for line in out.decode("utf-8", "surrogateescape").splitlines()]


def test_replay_rows_equal_the_program(fenkit_binary, corpus):
    files = corpus_pgns(corpus)
    assert len(files) > 50
    rows = 0
    for path in files:
        if path.stat().st_size >= SMALL:
            # Large files: the FENs (the rows' bulk), compared as bytes.
            data = fenkit.replay(path, columns=["fen"], with_start=True)
            fens, _ = run_cli(fenkit_binary, "replay", "-q", "--with-start", path)
            assert ("\n".join(data["fen"]) + "\n").encode() == fens, path
            rows += data.positions
            continue
        expected = jsonl(fenkit_binary, "replay", "-f", "jsonl", "-q", "--with-start", "--tags",
                         "White,Black,Result", "--eval", "--clock", "--next", path)
        data = fenkit.replay(path, with_start=True, tags=["White", "Black", "Result"], eval=True,
                             clock=True, next=True)
        assert rows_of(data) == expected, path
        rows += len(expected)
        expected = jsonl(fenkit_binary, "replay", "-f", "jsonl", "-q", "--variations",
                         "--comments", "--nags", path)
        data = fenkit.replay(path, variations=True, comments=True, nags=True)
        assert rows_of(data) == expected, path
    assert rows > 100000


def test_games_equal_the_program(fenkit_binary, corpus):
    for path in corpus_pgns(corpus):
        if path.stat().st_size >= SMALL:
            continue
        expected = jsonl(fenkit_binary, "pgn", "-f", "jsonl", "-q", path)
        got = [{"game": g.number, "offset": g.offset, "start_fen": g.start_fen, "moves": g.moves,
                "uci": g.uci, "final_fen": g.final_fen(), "plies": g.plies, "result": g.result}
               for g in fenkit.read_games(path, errors="skip", variations=False)]
        assert got == [{k: r[k] for k in got[0]} for r in expected] if got else not expected, path


def test_big_archive(fenkit_binary, corpus):
    archives = sorted((corpus / "big").glob("*.pgn*"))
    if not archives:
        missing("an archive in corpus/big", "FENKIT_REQUIRE_CORPUS")
    path = archives[0]
    data = fenkit.replay(path, columns=["fen"])
    fens, _ = run_cli(fenkit_binary, "replay", "-q", path)
    assert data.positions > 1000000
    assert ("\n".join(data["fen"]) + "\n").encode() == fens
