#!/usr/bin/env bash
# Builds the Debian packages (cpack -G DEB) for /usr, unpacks them into a scratch root, and
# builds examples/consumer against the unpacked files twice, with find_package(fenkit) and with
# pkg-config; both must print what the program in the packages prints for the same games.
set -euo pipefail
cd "$(dirname "$0")/.."
src=$PWD
build=$src/build-deb
root=$build/root
rm -rf "$root" "$build"/*.deb "$build/consumer"

# Through ccache when the set-up installed it: the libraries and the program compile here as in
# build/, so their objects come from there.
source scripts/compiler-cache.sh
cmake -S . -B "$build" -DCMAKE_BUILD_TYPE=Release -DCMAKE_INSTALL_PREFIX=/usr \
  -DFENKIT_BUILD_TESTS=OFF -DFENKIT_BUILD_BENCH=OFF "${launcher[@]}" >/dev/null
cmake --build "$build" -j"$(nproc)" >/dev/null
(cd "$build" && cpack -G DEB >/dev/null)
for deb in "$build"/*.deb; do
  echo "$(basename "$deb"): $(dpkg-deb -f "$deb" Depends)"
  dpkg-deb -x "$deb" "$root"
done

libdir=$(dirname "$(find "$root/usr/lib" -name 'libfenkit_fen.so' | head -1)")
export LD_LIBRARY_PATH=$libdir
sample=$src/examples/sample.pgn
expected=$("$root/usr/bin/fenkit" replay -q "$sample" | tail -1)
[ -n "$expected" ] || { echo "FAIL: the packaged program wrote nothing"; exit 1; }
for page in fenkit fenkit-replay fenkit-pgn; do
  [ -f "$root/usr/share/man/man1/$page.1" ] || { echo "FAIL: no manual page $page(1)"; exit 1; }
done

cmake -S examples/consumer -B "$build/consumer/cmake" -DCMAKE_PREFIX_PATH="$root/usr" >/dev/null
cmake --build "$build/consumer/cmake" >/dev/null
by_cmake=$("$build/consumer/cmake/last_positions" "$sample" | tail -1)

mkdir -p "$build/consumer/pkg-config"
flags=$(PKG_CONFIG_PATH=$libdir/pkgconfig pkg-config --cflags --libs fenkit-pgn)
# shellcheck disable=SC2086
c++ -std=c++20 -O1 examples/consumer/last_positions.cpp $flags -o "$build/consumer/pkg-config/last_positions"
by_pkg_config=$("$build/consumer/pkg-config/last_positions" "$sample" | tail -1)

# The consumer prints "White - Black: FEN" for the last game; the program its FEN.
for got in "$by_cmake" "$by_pkg_config"; do
  if [ "${got##*: }" != "$expected" ]; then
    echo "FAIL: the consumer printed '$got', the program '$expected'"
    exit 1
  fi
done
echo "packages: installed into a scratch root; the consumer builds with CMake and pkg-config"
