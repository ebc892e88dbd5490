# shellcheck shell=bash
# Sourced by bench/compare_peers.sh and bench/compare_pull.sh (run from the project's root):
# builds pgn_reader_driver/ against the user's pgn-reader source tree, offline when a directory
# of crate sources replaces the registry. bench/README.md says what the build needs.
#
#   build_pgn_reader_driver PGN_READER_DIR REGISTRY CACHE WORK [NAME=DIR...]
#     PGN_READER_DIR  the pgn-reader package folder (holding its Cargo.toml)
#     REGISTRY        directory of crate sources that replaces crates.io, or "none"
#     CACHE           where the build is kept (CACHE/cargo-target), so that it is done once
#     WORK            a scratch folder for the manifest
#     NAME=DIR        the source tree of a crate the registry lacks
#
# Prints the driver's path on standard output; returns 1 when the build fails.
build_pgn_reader_driver() {
  local pgn_reader=$1 registry=$2 cache=$3 work=$4
  shift 4
  local build=$work/pgn_reader_driver pr_dir c name stub
  local patches=() cargo_flags=(--release --quiet)
  mkdir -p "$build/.cargo"
  cp -r bench/peers/pgn_reader_driver/src "$build/"
  # Our manifest with the dependency pointed at the user's tree.
  pr_dir=$(cd "$pgn_reader" && pwd)
  sed "s|^pgn-reader = .*|pgn-reader = { path = \"$pr_dir\" }|" \
    bench/peers/pgn_reader_driver/Cargo.toml >"$build/Cargo.toml"
  for c in "$@"; do
    patches+=("${c%%=*} = { path = \"$(cd "${c#*=}" && pwd)\" }")
  done
  if [ "$registry" != none ]; then
    cargo_flags+=(--offline)
    printf '[source.crates-io]\nreplace-with = "local-registry"\n\n[source.local-registry]\ndirectory = "%s"\n' \
      "$registry" >"$build/.cargo/config.toml"
    # shakmaty names serde and nohash-hasher in weak features ("serde?/alloc"), which puts
    # them in the lock file though they are never built. Without them in the registry an
    # empty stand-in of the same name satisfies the resolver.
    for stub in serde:1.0.228 nohash-hasher:0.2.0; do
      name=${stub%%:*}
      compgen -G "$registry/$name-[0-9]*" >/dev/null && continue
      case " $* " in *" $name="*) continue ;; esac
      mkdir -p "$build/stubs/$name/src"
      : >"$build/stubs/$name/src/lib.rs"
      printf '[package]\nname = "%s"\nversion = "%s"\nedition = "2021"\n\n[features]\nstd = []\nalloc = []\n' \
        "$name" "${stub#*:}" >"$build/stubs/$name/Cargo.toml"
      patches+=("$name = { path = \"stubs/$name\" }")
    done
  fi
  if [ ${#patches[@]} -gt 0 ]; then
    printf '\n[patch.crates-io]\n' >>"$build/Cargo.toml"
    printf '%s\n' "${patches[@]}" >>"$build/Cargo.toml"
  fi
  (cd "$build" && RUSTFLAGS="-C target-cpu=native" CARGO_TARGET_DIR="$cache/cargo-target" \
     cargo build "${cargo_flags[@]}" >&2) || return 1
  echo "$cache/cargo-target/release/pgn_reader_driver"
}
