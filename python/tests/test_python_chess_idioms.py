"""Scripts written for python-chess run with `import fenkit as chess` instead, and print what
they print under python-chess (python_chess_idioms.py holds them).

python-chess is not a Debian package: these tests run where it can be imported (pip, or
PYTHONPATH pointing at its sources) and skip elsewhere.
"""

import contextlib
import io
import pathlib
import re
import sys
import traceback

import pytest

import fenkit
from conftest import DATA
from python_chess_idioms import IDIOMS

chess = pytest.importorskip("chess")
import chess.pgn  # noqa: E402,F401
import chess.polyglot  # noqa: E402,F401

try:
    import chess.engine  # noqa: F401  (node.set_eval takes its scores)
except ImportError:  # pragma: no cover
    pass

IMPORT = re.compile(r"^import chess[\w., ]*$", re.M)


def run(code, module, tmp_path):
    """What `code` prints with `module` as `chess` (its import lines made to give it)."""
    source = IMPORT.sub(lambda m: "import copy, pickle, io, struct", code)
    names = {"chess": module, "DATA": DATA, "TMP": tmp_path}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        try:
            exec(compile(source, "<idiom>", "exec"), names)
        except Exception:  # the same failure under both is the same behaviour
            error = sys.exc_info()[1]
            print("raised", type(error).__name__)
    # Objects print their addresses: those differ from run to run.
    return re.sub(r" at 0x[0-9a-f]+", " at 0x...", out.getvalue())


@pytest.mark.parametrize("name", sorted(IDIOMS))
def test_idiom_prints_what_python_chess_prints(name, tmp_path):
    code = IDIOMS[name]
    expected = run(code, chess, tmp_path)
    assert "raised" not in expected, f"the script fails under python-chess itself:\n{expected}"
    assert run(code, fenkit, tmp_path) == expected
