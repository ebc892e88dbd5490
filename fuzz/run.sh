#!/usr/bin/env bash
# Runs one fuzz target of a build made with -DFENKIT_FUZZ=ON (see README.md in this folder).
#
#   fuzz/run.sh BUILD TARGET          replay the saved corpus fuzz/corpus/TARGET once
#   fuzz/run.sh BUILD TARGET SECONDS  fuzz for that long, starting from the saved corpus
#
# New inputs go to BUILD/fuzz-corpus/TARGET (the saved corpus is only read), and an input that
# breaks a property to BUILD/fuzz-artifacts/. Further arguments go to libFuzzer.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
if (($# < 2)); then
  echo "usage: $0 BUILD TARGET [SECONDS] [LIBFUZZER-OPTION...]" >&2
  exit 2
fi
build=$1 target=$2
shift 2
seconds=0
if (($#)) && [[ $1 =~ ^[0-9]+$ ]]; then
  seconds=$1
  shift
fi

program=$build/fuzz/$target
[ -x "$program" ] || { echo "$program: not built" >&2; exit 2; }
seeds=$here/corpus/$target

# Input size limits: a FEN or a SAN token is short; PGN is kept near 8 KB, so that each run
# is fast and a game's worth of text fits.
case $target in
  fuzz_fen) options=(-max_len=256 -dict="$here/fen.dict") ;;
  fuzz_san) options=(-max_len=128 -dict="$here/fen.dict") ;;
  fuzz_pgn) options=(-max_len=8192 -dict="$here/pgn.dict") ;;
  fuzz_epd) options=(-max_len=512 -dict="$here/epd.dict") ;;
  fuzz_book) options=(-max_len=4096) ;;
  *) echo "unknown target $target" >&2; exit 2 ;;
esac

artifacts=$build/fuzz-artifacts
mkdir -p "$artifacts"
options+=(-artifact_prefix="$artifacts/$target-" -timeout=10 -print_final_stats=1)
if ((seconds == 0)); then
  exec "$program" "${options[@]}" -runs=0 "$@" "$seeds"
fi
found=$build/fuzz-corpus/$target
mkdir -p "$found"
exec "$program" "${options[@]}" -max_total_time="$seconds" "$@" "$found" "$seeds"
