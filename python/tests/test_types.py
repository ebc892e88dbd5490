"""The module's types: its stubs match it (mypy's stubtest), and the Python examples of the README
and of the documentation type-check against them."""

import importlib.util
import pathlib
import re
import subprocess
import sys

import fenkit
from conftest import SOURCE, missing

PACKAGE = pathlib.Path(fenkit.__file__).resolve().parent


def mypy_environment():
    if importlib.util.find_spec("mypy") is None:
        missing("mypy (Debian's python3-mypy)")
    return {"MYPYPATH": str(PACKAGE.parent), "PATH": "/usr/bin:/bin"}


def test_stubs_match_the_module():
    env = mypy_environment()
    result = subprocess.run(
        [sys.executable, "-m", "mypy.stubtest", "fenkit",
         "--mypy-config-file", str(SOURCE / "python" / "mypy.ini"),
         "--allowlist", str(SOURCE / "python" / "stubtest-allowlist.txt")],
        cwd=PACKAGE.parent, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert (PACKAGE / "py.typed").exists() and (PACKAGE / "_fenkit.pyi").exists()


# The pages whose Python examples are checked, each with the number of examples it holds at
# least: a page that loses its examples, or is moved, fails the test rather than checking nothing.
PAGES = {"README.md": 1, "docs/python.md": 1, "docs/dask.md": 2}


def examples(page):
    """The ```python blocks of a page (those inside a list item without the item's indent)."""
    text = (SOURCE / page).read_text()
    return [re.sub(r"^ {2}", "", b, flags=re.M) if b.startswith("  ") else b
            for b in re.findall(r"```python\n(.*?)```", text, re.S)]


def test_documented_examples_type_check(tmp_path):
    blocks = []
    for page, least in PAGES.items():   # before mypy is looked for: a lost example fails anyway
        found = examples(page)
        assert len(found) >= least, f"{page}: {len(found)} Python examples, not {least} or more"
        blocks += found
    env = mypy_environment()
    # Each example in a function of its own: its names stay its own.
    body = "\n\n".join(f"def example_{i}() -> None:\n" +
                       "\n".join("    " + line for line in block.splitlines())
                       for i, block in enumerate(blocks))
    source = tmp_path / "documented_examples.py"
    source.write_text("import fenkit\n\n" + body + "\n")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(SOURCE / "python" / "mypy.ini"),
         str(source)], env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-4000:]
    # The check can fail: a wrong call is found.
    source.write_text("import fenkit\n\nfenkit.Position().push_san(42)\n")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", str(SOURCE / "python" / "mypy.ini"),
         str(source)], env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 1 and "push_san" in result.stdout


# A python-chess script ported by its import, and fenkit's own readers, under `mypy --strict`
# as a user's program meets the package once installed (its own code is not judged, only what
# it gives the program: follow_imports = silent).
STRICT_SCRIPT = '''
import io

import fenkit
import fenkit as chess


def main() -> None:
    with open("games.pgn") as handle:
        while (game := chess.pgn.read_game(handle)) is not None:
            board = game.board()
            for node in game.mainline():
                board.push(node.move)
                score = node.eval()
                white = score.white().score(mate_score=100000) if score is not None else None
                print(board.fen(), white, node.clock(), game.headers["White"], node.comment,
                      len(board.pieces(chess.PAWN, chess.WHITE)), node.parent.ply())
            print(game.accept(chess.pgn.StringExporter(headers=True)), board.outcome())
    built = chess.pgn.Game()
    built.headers["Event"] = "x"
    built.add_variation(chess.Move.from_uci("e2e4")).comment = "hi"
    print(str(built), io.StringIO().getvalue())
    for g in fenkit.read_games("games.pgn", min_elo=2500):
        print(g.tags.get("White"), g.moves, g.headers["Event"], g.mainline()[0].san())
    for g in fenkit.read_range("games.pgn", 0, None):
        print(g.number, g.final_fen())
    data = fenkit.replay("games.pgn", tags=["WhiteElo"])
    print(data.rows, data["fen"][0], fenkit.count_games("games.pgn"))
    print(fenkit.replay_frame("games.pgn").shape, fenkit.write_replay("games.pgn", "out.csv").positions)
    with chess.polyglot.open_reader("book.bin") as reader:
        for entry in reader.find_all(chess.Board()):
            print(entry.move.uci(), entry.weight)
    print(chess.polyglot.zobrist_hash(chess.Board()))
'''


def test_python_chess_scripts_type_check_strictly(tmp_path):
    env = mypy_environment()
    config = tmp_path / "mypy.ini"
    config.write_text("[mypy]\nstrict = True\n[mypy-fenkit.*]\nfollow_imports = silent\n"
                      "[mypy-pandas.*,dask.*,distributed.*]\nignore_missing_imports = True\n")
    source = tmp_path / "script.py"
    source.write_text(STRICT_SCRIPT)
    command = [sys.executable, "-m", "mypy", "--config-file", str(config), str(source)]
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout[-4000:]
    # The check can fail: an untyped reader would make the loop's calls untyped.
    source.write_text(STRICT_SCRIPT + "\nchess.pgn.read_game(io.StringIO()).headers.nope()\n")
    result = subprocess.run(command, env=env, capture_output=True, text=True, check=False)
    assert result.returncode == 1 and "nope" in result.stdout
