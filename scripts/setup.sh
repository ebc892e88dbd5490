#!/usr/bin/env bash
# Installs what fenkit needs from Debian packages (only what is missing), then configures and
# builds it in ./build. Run as root, or as a user who may sudo.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(
  g++ cmake make pkg-config
  libboost-dev libboost-program-options-dev libboost-iostreams-dev
  zlib1g-dev libbz2-dev liblzma-dev libzstd-dev
  libgtest-dev libbenchmark-dev
  # the oracles the tests compare with, and the compressors they feed
  pgn-extract polyglot stockfish gzip bzip2 xz-utils zstd
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

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release
cmake --build build -j"$(nproc)"
