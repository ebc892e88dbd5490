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
