#!/usr/bin/env bash
# Times docs/dask.md's GNU parallel recipe (one `fenkit replay -j1 --range` a piece, each into a
# file of its own) against one `fenkit replay -jN > FILE` on the same file, N the number of
# pieces, in alternating runs; prints each run's pair, the median of both, and the median of
# the pairs' ratios. Before timing, the pieces joined in order must equal the one output, byte
# for byte.
#
# Usage: bench/parallel_recipe.sh [-n RUNS] [-p PIECES] FILE...
#   RUNS    alternating pairs per file (default 7)
#   PIECES  pieces and threads (default: nproc)
# FENKIT (environment) names the fenkit binary (default build/tools/fenkit).
set -euo pipefail
shopt -s inherit_errexit  # a command that fails inside $(...) stops the script too
repository=$(realpath "$(dirname "$0")/..")

runs=7
pieces=$(nproc)
while getopts "n:p:" option; do
  case $option in
    n) runs=$OPTARG ;;
    p) pieces=$OPTARG ;;
    *) sed -n '2,11p' "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
if [ $# -lt 1 ] || [ "$pieces" -lt 1 ]; then sed -n '2,11p' "$0" >&2; exit 2; fi
fenkit=$(realpath "${FENKIT:-$repository/build/tools/fenkit}")
[ -x "$fenkit" ] || { echo "no fenkit binary at $fenkit (build first)" >&2; exit 2; }
command -v parallel >/dev/null || { echo "GNU parallel is not installed" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The recipe as docs/dask.md gives it (the pieces' summaries left out with -q); the paths go to
# the shell that parallel starts through the environment, so that any name works.
export fenkit work
recipe() {
  local size
  export file=$1
  size=$(stat -c %s "$file")
  # shellcheck disable=SC2016,SC2046  # expanded by parallel's shell; one argument per range
  parallel -j "$pieces" '"$fenkit" replay -j1 -q --range {} "$file" > "$work/piece-{#}.fen"' ::: \
    $(for i in $(seq 0 $((pieces - 1))); do
        echo $((size * i / pieces)):$((size * (i + 1) / pieces))
      done)
}
one() { "$fenkit" replay -j"$pieces" -q "$1" >"$work/one.fen"; }

seconds() {
  local start=$EPOCHREALTIME
  "$@"
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.4f\n", b - a }'
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
  "$(date +%F); $pieces pieces; $runs alternating pairs"
for file in "$@"; do
  recipe "$file"
  one "$file"
  joined=$work/joined.fen
  for i in $(seq 1 "$pieces"); do cat "$work/piece-$i.fen"; done >"$joined"
  cmp -s "$joined" "$work/one.fen" || { echo "$file: the pieces differ from one run" >&2; exit 1; }
  rm -f "$joined"
  : >"$work/times"
  for _ in $(seq 1 "$runs"); do
    a=$(seconds recipe "$file")
    b=$(seconds one "$file")
    echo "$a $b" >>"$work/times"
  done
  recipe_median=$(cut -d' ' -f1 "$work/times" | median)
  one_median=$(cut -d' ' -f2 "$work/times" | median)
  ratio=$(awk '{ printf "%.4f\n", $1 / $2 }' "$work/times" | median)
  printf '%s (%d MB): recipe %.2f s, fenkit replay -j%d %.2f s; median ratio %.2fx (pairs %s)\n' \
    "$(basename "$file")" $(($(stat -c %s "$file") / 1000000)) "$recipe_median" "$pieces" \
    "$one_median" "$ratio" "$(awk '{ printf "%.2f ", $1 / $2 }' "$work/times" | sed 's/ $//')"
done
