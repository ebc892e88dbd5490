# Sourced by the build scripts: sets `launcher` to the CMake option that compiles through ccache
# when it is installed (empty otherwise). Paths under the checkout are hashed relative to it, so
# that two build trees of one checkout (build/ and build-deb/, which compile the libraries and the
# program with the same flags) and clones elsewhere share their objects.
launcher=()
if command -v ccache > /dev/null; then
  launcher=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache)
  export CCACHE_BASEDIR=${CCACHE_BASEDIR:-$PWD}
fi
