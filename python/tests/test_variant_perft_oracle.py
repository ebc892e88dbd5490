"""The variants' move generation against the perft suites python-chess publishes with its
sources (examples/perft/*.perft), read by the fenkit program's `perft --suite`.

The suites are python-chess's (GPL), so they are read where python-chess's source tree is,
never copied: the tests run when PYTHONPATH holds a python-chess source checkout (with its
examples folder) and skip otherwise. fenkit's own suites, checked against python-chess and
shakmaty when they were written, are in tests/data/perft and run in the C++ tests.
"""

import pathlib
import subprocess

import pytest

chess = pytest.importorskip("chess")

# Suite file -> the variant's name for `fenkit perft --variant`.
SUITES = {
    "crazyhouse.perft": "crazyhouse",
    "3check.perft": "threecheck",
    "atomic.perft": "atomic",
    "giveaway.perft": "antichess",
    "horde.perft": "horde",
    "racingkings.perft": "racingkings",
}

# Counts above this are left out: the whole run stays within seconds.
MAX_NODES = 5_000_000


def suite_dir():
    folder = pathlib.Path(chess.__file__).resolve().parent.parent / "examples" / "perft"
    if not folder.is_dir():
        pytest.skip("python-chess's examples/perft is not beside the chess package")
    return folder


@pytest.mark.parametrize("name", sorted(SUITES))
def test_published_counts(fenkit_binary, name):
    path = suite_dir() / name
    if not path.exists():
        pytest.skip(f"{path} is missing")
    run = subprocess.run([fenkit_binary, "perft", "--variant", SUITES[name], "--suite", str(path),
                          "--max-nodes", str(MAX_NODES), "-j", "2"],
                         capture_output=True, text=True, check=False)
    assert run.returncode == 0, run.stderr
    summary = run.stderr.strip().splitlines()[-1]
    assert summary.endswith(" 0 mismatches"), run.stderr
    checked = int(summary.split("; ")[1].split(" counts checked")[0])
    assert checked >= 5, summary
