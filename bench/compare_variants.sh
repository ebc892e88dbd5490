#!/usr/bin/env bash
# Speed of the variants (crazyhouse, threecheck, atomic, antichess, kingofthehill, racingkings,
# horde) in fenkit next to shakmaty (Rust), one thread each:
#   perft   `fenkit perft --variant V --depth D FEN` and a shakmaty perft program, on three
#           positions a variant taken from tests/data/perft/V.perft (by id, depth below);
#   replay  `fenkit replay -f fen -j1 -q -o /dev/null FILE` and a pgn-reader + shakmaty replayer
#           writing the same FENs to /dev/null, on DIR/V.pgn (bench/make_variant_games.py).
#
# usage: bench/compare_variants.sh [-n RUNS] [VARIANT...]
#   -n RUNS   timings of each command, the best kept (default 3); replays alternate the programs
#   VARIANT   the variants to time (default: all seven)
# Environment (a program that is absent leaves its column as "-"):
#   FENKIT            default build/tools/fenkit
#   SHAKMATY_PERFT    default /tmp/shakmaty-perft/target/release/shakmaty-perft, called as
#                     PROGRAM VARIANT FEN DEPTH, printing "perft DEPTH NODES SECONDS ..."
#   PGN_READER_REPLAY default /tmp/variant-replay/target/release/variant-replay, called as
#                     PROGRAM -o /dev/null FILE, printing "... positions N ..."
#   VARIANT_PGN_DIR   default /tmp/variant-bench (the files VARIANT.pgn)
#
# Perft speeds come from each program's own clock (start-up and FEN reading left out); replays
# are timed from outside, process start to exit, by wall clock. Node counts, and the positions
# each replay counts, are compared: a speed without the same count means nothing (exit 1).
set -euo pipefail
shopt -s inherit_errexit  # a command that fails inside $(...) stops the script too
repository=$(realpath "$(dirname "$0")/..")

usage() { sed -n '2,21p' "$0" >&2; exit 2; }
runs=3
while getopts "n:h" option; do
  case $option in
    n) runs=$OPTARG ;;
    *) usage ;;
  esac
done
shift $((OPTIND - 1))
[ "$runs" -ge 1 ] 2>/dev/null || usage

all_variants=(crazyhouse threecheck atomic antichess kingofthehill racingkings horde)
if [ $# -gt 0 ]; then variants=("$@"); else variants=("${all_variants[@]}"); fi
for v in "${variants[@]}"; do
  case " ${all_variants[*]} " in *" $v "*) ;; *) echo "unknown variant: $v" >&2; usage ;; esac
done

fenkit=${FENKIT:-$repository/build/tools/fenkit}
shakmaty=${SHAKMATY_PERFT:-/tmp/shakmaty-perft/target/release/shakmaty-perft}
replayer=${PGN_READER_REPLAY:-/tmp/variant-replay/target/release/variant-replay}
pgn_dir=${VARIANT_PGN_DIR:-/tmp/variant-bench}
[ -x "$fenkit" ] || { echo "no fenkit binary at $fenkit (build it, or set FENKIT)" >&2; exit 2; }
[ -x "$shakmaty" ] || { echo "note: no shakmaty perft at $shakmaty (SHAKMATY_PERFT): perft of fenkit alone" >&2; shakmaty=; }
[ -x "$replayer" ] || { echo "note: no replayer at $replayer (PGN_READER_REPLAY): replay of fenkit alone" >&2; replayer=; }

# The positions: variant, id in tests/data/perft/VARIANT.perft, depth: the start position and two
# random playouts of each suite, at depths where fenkit counts for 0.25 to 2.5 s and shakmaty
# for up to about 4 s on a 2-core AMD EPYC.
positions=(
  "crazyhouse zh-start 6" "crazyhouse zh-random-25 5" "crazyhouse zh-random-70 5"
  "threecheck 3c-start 6" "threecheck 3c-random-10 5" "threecheck 3c-random-47 6"
  "atomic at-start 6" "atomic at-random-15 5" "atomic at-random-20 5"
  "antichess ac-start 6" "antichess ac-random-10 6" "antichess ac-random-45 7"
  "kingofthehill koth-start 6" "kingofthehill koth-random-10 6" "kingofthehill koth-random-60 6"
  "racingkings rk-start 5" "racingkings rk-random-6 5" "racingkings rk-random-25 5"
  "horde horde-start 7" "horde horde-random-25 6" "horde horde-random-40 6"
)

# The epd line of a case of a suite.
suite_fen() {
  awk -v id="$2" '$1 == "id" { found = ($2 == id) } found && $1 == "epd" { sub(/^epd /, ""); print; exit }' \
    "$repository/tests/data/perft/$1.perft"
}

min() { sort -g | head -n1; }
rate() { awk -v n="$1" -v s="$2" 'BEGIN { if (s > 0) printf "%.1f", n / s / 1e6; else print "-" }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (a != "-" && b != "-" && b > 0) printf "%.2f", a / b; else print "-" }'; }

# fenkit prints "perft(D): N nodes in T s (R M nodes/s)" on standard error: "NODES SECONDS".
fenkit_perft() {
  "$fenkit" perft --variant "$1" --depth "$3" "$2" 2>&1 >/dev/null |
    sed -nE 's/^perft\([0-9]+\): ([0-9]+) nodes in ([0-9.]+) s.*/\1 \2/p'
}
# shakmaty's "perft D NODES SECONDS NODES/S" on standard output: "NODES SECONDS".
shakmaty_perft() { "$shakmaty" "$1" "$2" "$3" | awk '$1 == "perft" { print $3, $4 }'; }

seconds() {
  local start=$EPOCHREALTIME
  "$@" >/dev/null
  awk -v a="$start" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.4f\n", b - a }'
}
# shellcheck disable=SC2317  # called through seconds
fenkit_replay() { "$fenkit" replay -f fen -j1 -q -o /dev/null "$1"; }
other_replay() { "$replayer" -o /dev/null "$1"; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
status=0

echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(nproc) cores," \
  "$(date +%F); one thread each, best of $runs runs"
echo
echo "perft (M nodes/s, each program's own clock):"
printf '%-14s %-16s %5s %12s %10s %10s %7s\n' variant position depth nodes fenkit shakmaty ratio
for entry in "${positions[@]}"; do
  read -r variant id depth <<<"$entry"
  case " ${variants[*]} " in *" $variant "*) ;; *) continue ;; esac
  fen=$(suite_fen "$variant" "$id")
  [ -n "$fen" ] || { echo "no case $id in tests/data/perft/$variant.perft" >&2; exit 2; }
  : >"$work/fk"
  : >"$work/sm"
  for _ in $(seq 1 "$runs"); do
    fenkit_perft "$variant" "$fen" "$depth" >>"$work/fk"
    [ -z "$shakmaty" ] || shakmaty_perft "$variant" "$fen" "$depth" >>"$work/sm"
  done
  fk_nodes=$(head -n1 "$work/fk" | cut -d' ' -f1)
  fk_best=$(cut -d' ' -f2 "$work/fk" | min)
  fk_rate=$(rate "$fk_nodes" "$fk_best")
  sm_rate=-
  sm_best=-
  if [ -n "$shakmaty" ]; then
    sm_nodes=$(head -n1 "$work/sm" | cut -d' ' -f1)
    sm_best=$(cut -d' ' -f2 "$work/sm" | min)
    sm_rate=$(rate "$sm_nodes" "$sm_best")
    if [ "$fk_nodes" != "$sm_nodes" ]; then
      echo "COUNTS DIFFER for $variant $id depth $depth: fenkit $fk_nodes, shakmaty $sm_nodes" >&2
      status=1
    fi
  fi
  # Per variant: nodes and best seconds summed over its positions.
  echo "$variant $fk_nodes $fk_best $sm_best" >>"$work/perft-sums"
  printf '%-14s %-16s %5s %12s %10s %10s %7s\n' "$variant" "$id" "$depth" "$fk_nodes" "$fk_rate" \
    "$sm_rate" "$(ratio "$fk_rate" "$sm_rate")"
done

echo
echo "replay, FEN after every ply to /dev/null (wall clock, process start to exit):"
printf '%-14s %6s %10s %10s %10s %7s %11s %11s %7s\n' variant MB positions "fenkit" "replayer" ratio \
  "fenkit" "replayer" ratio
printf '%-14s %6s %10s %10s %10s %7s %11s %11s %7s\n' "" "" "" "MB/s" "MB/s" "" "M pos/s" "M pos/s" ""
for variant in "${variants[@]}"; do
  file=$pgn_dir/$variant.pgn
  if [ ! -f "$file" ]; then
    echo "$variant: no $file (bench/make_variant_games.py writes it)" >&2
    continue
  fi
  mb=$(awk -v b="$(stat -c %s "$file")" 'BEGIN { printf "%.1f", b / 1e6 }')
  # Untimed first runs: the file in the page cache, and the positions each program counts.
  fk_positions=$("$fenkit" replay -f fen -j1 -o /dev/null "$file" 2>&1 |
    sed -nE 's/.*; ([0-9]+) positions in .*/\1/p')
  rp_positions=-
  if [ -n "$replayer" ]; then
    rp_positions=$(other_replay "$file" | sed -nE 's/.*positions ([0-9]+).*/\1/p')
    if [ "$fk_positions" != "$rp_positions" ]; then
      echo "POSITIONS DIFFER for $file: fenkit $fk_positions, replayer $rp_positions" >&2
      status=1
    fi
  fi
  : >"$work/fk"
  : >"$work/rp"
  for _ in $(seq 1 "$runs"); do
    seconds fenkit_replay "$file" >>"$work/fk"
    [ -z "$replayer" ] || seconds other_replay "$file" >>"$work/rp"
  done
  fk_best=$(min <"$work/fk")
  fk_mbs=$(awk -v b="$(stat -c %s "$file")" -v s="$fk_best" 'BEGIN { printf "%.1f", b / s / 1e6 }')
  fk_pos=$(awk -v n="$fk_positions" -v s="$fk_best" 'BEGIN { printf "%.2f", n / s / 1e6 }')
  rp_mbs=-
  rp_pos=-
  if [ -n "$replayer" ]; then
    rp_best=$(min <"$work/rp")
    rp_mbs=$(awk -v b="$(stat -c %s "$file")" -v s="$rp_best" 'BEGIN { printf "%.1f", b / s / 1e6 }')
    rp_pos=$(awk -v n="$rp_positions" -v s="$rp_best" 'BEGIN { printf "%.2f", n / s / 1e6 }')
  fi
  echo "$variant $fk_mbs $rp_mbs $fk_pos $rp_pos" >>"$work/replay-rates"
  printf '%-14s %6s %10s %10s %10s %7s %11s %11s %7s\n' "$variant" "$mb" "$fk_positions" "$fk_mbs" \
    "$rp_mbs" "$(ratio "$fk_mbs" "$rp_mbs")" "$fk_pos" "$rp_pos" "$(ratio "$fk_pos" "$rp_pos")"
done

# One line a variant, as Markdown: perft over its positions (nodes summed, best times summed).
echo
echo "| variant | perft M nodes/s fenkit / shakmaty | replay MB/s fenkit / replayer | replay M positions/s fenkit / replayer |"
echo "|---|---|---|---|"
for variant in "${variants[@]}"; do
  perft=- replay_mb=- replay_pos=-
  if [ -f "$work/perft-sums" ] && grep -q "^$variant " "$work/perft-sums"; then
    perft=$(awk -v v="$variant" '$1 == v { n += $2; a += $3; if ($4 == "-") none = 1; else b += $4 }
      END { printf "%.1f / %s", n / a / 1e6, none ? "-" : sprintf("%.1f", n / b / 1e6) }' "$work/perft-sums")
  fi
  if [ -f "$work/replay-rates" ] && grep -q "^$variant " "$work/replay-rates"; then
    read -r _ fk_mbs rp_mbs fk_pos rp_pos < <(grep "^$variant " "$work/replay-rates")
    replay_mb="$fk_mbs / $rp_mbs"
    replay_pos="$fk_pos / $rp_pos"
  fi
  echo "| $variant | $perft | $replay_mb | $replay_pos |"
done
echo
echo "ratio = fenkit's rate divided by the other program's (above 1: fenkit is faster)"
exit $status
