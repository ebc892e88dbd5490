#!/usr/bin/env bash
# Installs what fenkit needs from Debian packages (only what is missing), then configures and
# builds it in ./build. Run as root, or as a user who may sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  g++ cmake make pkg-config
  # the installed headers are checked with both compilers
  clang
  libboost-dev libboost-program-options-dev libboost-iostreams-dev
  zlib1g-dev libbz2-dev liblzma-dev libzstd-dev libicu-dev
  libgtest-dev libbenchmark-dev
  # the oracles the tests compare with, and the compressors they feed
  pgn-extract polyglot stockfish gzip bzip2 xz-utils zstd
  # the manual pages, made from the --help pages; the Debian packages (dpkg-shlibdeps)
  help2man dpkg-dev
  # the position index example (SQLite)
  libsqlite3-dev
  # the Python module (pybind11, NumPy), its tests and examples (pandas, Dask, GNU parallel)
  pybind11-dev python3-pybind11 python3-numpy python3-pytest python3-pandas python3-distributed
  parallel
  # compiles once what several build trees share (scripts/compiler-cache.sh)
  ccache
  # the module's stubs checked against it (stubtest), and the documented examples against them
  python3-mypy
  # the package built as users build it (python3 -m build, pip install . in a virtual environment)
  python3-build python3-venv
)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed' || missing+=("$p")
done
if ((${#missing[@]})); then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  echo "installing: ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

source scripts/compiler-cache.sh
# Debian's interpreter, which has the Debian NumPy, whatever python3 comes first on the PATH.
cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DFENKIT_PYTHON=ON -DPython3_EXECUTABLE=/usr/bin/python3 \
  "${launcher[@]}"
cmake --build build -j"$(nproc)"
