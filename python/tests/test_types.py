"""The module's types: its stubs match it (mypy's stubtest), and the README's Python examples
type-check against them."""

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


def test_readme_examples_type_check(tmp_path):
    env = mypy_environment()
    text = (SOURCE / "README.md").read_text()
    blocks = [re.sub(r"^ {2}", "", b, flags=re.M) if b.startswith("  ") else b
              for b in re.findall(r"```python\n(.*?)```", text, re.S)]
    assert len(blocks) >= 2
    # Each example in a function of its own: its names stay its own.
    body = "\n\n".join(f"def example_{i}() -> None:\n" +
                       "\n".join("    " + line for line in block.splitlines())
                       for i, block in enumerate(blocks))
    source = tmp_path / "readme_examples.py"
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
