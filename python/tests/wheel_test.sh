#!/usr/bin/env bash
# Builds and installs the Python package the two ways users type, from the repository root and
# offline, with only the system's packages: `python3 -m build --wheel --no-isolation`, and
# `pip install --no-build-isolation --no-index .` into a virtual environment made with
# --system-site-packages (for NumPy and pybind11). The wheel then goes into a second, fresh
# environment, and `pip install -e .` into a third. From outside the source tree, each
# environment's fenkit must be its own copy (the editable one: the build folder's) and pass the
# position and replay tests (against the fenkit program FENKIT_BINARY when it is set).
#
# The three builds share one CMake folder, CMAKE_DIR (-C build-dir=...), so the libraries and the
# module are compiled once; the CMAKE_ARGs go to its configure step through CMAKE_ARGS, as a
# user's would. ctest gives it the compiler, compiler launcher and pybind11 of the build tree,
# and a CMAKE_DIR beside that tree: the package's compiler commands are then the build tree's,
# relative to the source folder (CCACHE_BASEDIR), and ccache has their objects.
# Usage: wheel_test.sh SOURCE_DIR PYTHON SCRATCH_DIR CMAKE_DIR [CMAKE_ARG...]
set -euo pipefail
source_dir=$1
python=$2
scratch=$3
cmake_dir=$4
shift 4
binary=${FENKIT_BINARY:-}
if (($#)); then
  export CMAKE_ARGS="${CMAKE_ARGS:+$CMAKE_ARGS }$(printf '%q ' "$@")"
fi

skip() {
  if [ "${FENKIT_REQUIRE_ORACLES:-}" = 1 ]; then
    echo "error: $1 (FENKIT_REQUIRE_ORACLES=1)" >&2
    exit 1
  fi
  echo "skipped: $1"
  exit 77
}
"$python" -c "import build" 2>/dev/null || skip "python3 -m build is missing (Debian: python3-build)"
"$python" -c "import ensurepip" 2>/dev/null || skip "venv cannot install pip (Debian: python3-venv)"

rm -rf "$scratch" "$cmake_dir"
mkdir -p "$scratch"

cd "$source_dir"
echo "== python3 -m build --wheel --no-isolation"
"$python" -m build --wheel --no-isolation --outdir "$scratch/dist" -C build-dir="$cmake_dir"
wheels=("$scratch"/dist/fenkit-*.whl)
[ -f "${wheels[0]}" ] || { echo "error: no wheel in $scratch/dist" >&2; exit 1; }

echo "== pip install --no-build-isolation ."
"$python" -m venv --system-site-packages "$scratch/pip-env"
"$scratch/pip-env/bin/pip" install --no-build-isolation --no-index \
  --config-settings build-dir="$cmake_dir" .

echo "== pip install ${wheels[0]##*/} into a fresh environment"
"$python" -m venv --system-site-packages "$scratch/wheel-env"
"$scratch/wheel-env/bin/pip" install --no-index "${wheels[0]}"

echo "== pip install --no-build-isolation -e ."
"$python" -m venv --system-site-packages "$scratch/edit-env"
"$scratch/edit-env/bin/pip" install --no-build-isolation --no-index \
  --config-settings build-dir="$cmake_dir" -e .

echo "== python3 -m build --sdist --no-isolation"
"$python" -m build --sdist --no-isolation --outdir "$scratch/dist"
sdists=("$scratch"/dist/fenkit-*.tar.gz)
listing=$(tar -tzf "${sdists[0]}")
for file in PKG-INFO pyproject.toml python/backend/cmake_wheel.py libfen/CMakeLists.txt; do
  grep -qx "fenkit-[0-9.]*/$file" <<<"$listing" || { echo "error: the sdist lacks $file" >&2; exit 1; }
done

# Outside the source tree, so that nothing there can be imported in place of the installed copy.
cd "$scratch"
for env in pip-env wheel-env edit-env; do
  echo "== the package in $env"
  home=$scratch/$env
  [ "$env" = edit-env ] && home=$cmake_dir/python
  "$scratch/$env/bin/python" - "$home" <<'EOF'
import pathlib, sys
import fenkit
where = pathlib.Path(fenkit.__file__).resolve()
assert pathlib.Path(sys.argv[1]).resolve() in where.parents, f"fenkit imported from {where}"
print(where.parent, fenkit.Position("8/8/8/8/8/8/8/K1k5 w - - 0 1").fen())
EOF
  FENKIT_SOURCE_DIR="$source_dir" FENKIT_BINARY="$binary" \
    "$scratch/$env/bin/python" -m pytest -q -p no:cacheprovider \
    "$source_dir/python/tests/test_position.py" "$source_dir/python/tests/test_replay.py"
done
rm -rf "$scratch" "$cmake_dir"
