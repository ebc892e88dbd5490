"""Shared helpers of the fenkit Python tests.

The tests find the sources through FENKIT_SOURCE_DIR, the fenkit program through FENKIT_BINARY
and the shared corpus through FENKIT_CORPUS_DIR (ctest sets all three). Tests that need the
program skip when it is absent, and fail instead when FENKIT_REQUIRE_ORACLES=1; those that need the
corpus, when FENKIT_REQUIRE_CORPUS=1.
"""

import importlib
import json
import math
import os
import pathlib
import subprocess

import pytest

SOURCE = pathlib.Path(os.environ.get("FENKIT_SOURCE_DIR",
                                     pathlib.Path(__file__).resolve().parents[2]))
DATA = SOURCE / "tests" / "data"


def missing(what, variable="FENKIT_REQUIRE_ORACLES"):
    """Skip, or fail when `variable` requires what is missing."""
    if os.environ.get(variable) == "1":
        pytest.fail(f"{what} is missing and {variable}=1")
    pytest.skip(f"{what} is missing", allow_module_level=True)


def module(name):
    """The Python module `name` (one the set-up installs from Debian: pandas, Dask), or a skip
    (of the test file, where a file imports it), a failure when FENKIT_REQUIRE_ORACLES=1."""
    try:
        return importlib.import_module(name)
    except ImportError:
        missing(f"the Python module {name}")


@pytest.fixture(scope="session")
def fenkit_binary():
    path = os.environ.get("FENKIT_BINARY") or str(SOURCE / "build" / "tools" / "fenkit")
    if not os.access(path, os.X_OK):
        missing(f"the fenkit program ({path})")
    return path


@pytest.fixture(scope="session")
def corpus():
    path = pathlib.Path(os.environ.get("FENKIT_CORPUS_DIR") or SOURCE.parent / "shared" / "corpus")
    if not (path / "pgn").is_dir():
        missing(f"the corpus ({path})", "FENKIT_REQUIRE_CORPUS")
    return path


def run_cli(binary, *args, check=True):
    """Runs the fenkit program; returns (stdout bytes, exit status)."""
    result = subprocess.run([binary, *map(str, args)], stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, check=False)
    if check and result.returncode not in (0, 1):
        raise AssertionError(f"fenkit {args} exited {result.returncode}: {result.stderr!r}")
    return result.stdout, result.returncode


def cli_jsonl(binary, *args):
    """The JSON lines `fenkit ARGS` writes, as dicts."""
    out, _ = run_cli(binary, *args)
    return [json.loads(line) for line in out.decode("utf-8", "surrogateescape").splitlines()]


def plain(value):
    """A NumPy value as JSON would read it back (NaN as None)."""
    if value is None:
        return None
    if hasattr(value, "item"):
        value = value.item()
    if isinstance(value, float) and math.isnan(value):
        return None
    return value


def rows_of(data):
    """The rows of a replay's columns, as dicts in column order."""
    names = list(data.keys())
    count = len(data[names[0]]) if names else 0
    return [{name: plain(data[name][i]) for name in names} for i in range(count)]


def fixture_pgns():
    """The bundled PGN fixtures."""
    return sorted((DATA / "pgn").rglob("*.pgn"))


def repeated_pgn(path, size):
    """Writes the bundled games again and again to `path`, to about `size` bytes."""
    text = ""
    for source in [DATA / "pgn" / "lichess-style.pgn", DATA / "pgn" / "annotated.pgn",
                   DATA / "pgn" / "replay-oracle.pgn", SOURCE / "examples" / "sample.pgn"]:
        text += source.read_text(encoding="utf-8").strip() + "\n\n"
    with open(path, "w", encoding="utf-8") as f:
        for _ in range(max(1, size // len(text.encode()))):
            f.write(text)
    return path


@pytest.fixture(scope="session")
def big_pgn(tmp_path_factory):
    """An uncompressed PGN file of 3 MB, read in several chunks."""
    return repeated_pgn(tmp_path_factory.mktemp("big") / "big.pgn", 3 << 20)


@pytest.fixture(scope="session")
def medium_pgn(tmp_path_factory):
    """An uncompressed PGN file of 600 KB."""
    return repeated_pgn(tmp_path_factory.mktemp("medium") / "medium.pgn", 600 << 10)
