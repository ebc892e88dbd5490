#!/usr/bin/env bash
# Two builds of the fenkit program side by side on standard chess: what a change costs.
#
# usage: bench/compare_builds.sh [-n PAIRS] OLD_FENKIT NEW_FENKIT PGN
#   -n PAIRS   timed runs of each command, in turn old, new, old, new ... (default 11)
#   PGN        a standard-chess archive (plain; the masters archive decompressed, say)
#
# Each command is timed PAIRS times a build, the two builds in turn, and the median of the
# new/old ratios of the pairs is printed: taking the runs in turn keeps the ratio meaningful when
# the machine's speed drifts. Where valgrind is installed, the instructions of each command are
# counted too (callgrind, on the first 8 MB of the archive): a count does not depend on what
# else the machine runs, so a change of under one percent shows there when timings are noisier.
# The commands: perft 6 from the start, replay -f fen and -f csv, check (one thread each).
set -euo pipefail

pairs=11
while getopts "n:h" option; do
  case $option in
    n) pairs=$OPTARG ;;
    *) sed -n '2,14p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ $# -eq 3 ] || { sed -n '4,6p' "$0"; exit 2; }
old=$1 new=$2 pgn=$3
for program in "$old" "$new"; do
  [ -x "$program" ] || { echo "not a program: $program" >&2; exit 2; }
done

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
head -c 8000000 "$pgn" > "$work/sample.pgn"

commands=(
  "perft -q --depth 6"
  "replay -q -j1 -f fen -o /dev/null $pgn"
  "replay -q -j1 -f csv -o /dev/null $pgn"
  "check -q -j1 $pgn"
)

# Seconds of one run (wall clock).
seconds() {
  local start end
  start=$(date +%s.%N)
  "$@" > /dev/null 2>&1 || true
  end=$(date +%s.%N)
  echo "$end - $start" | bc -l
}

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

cpu=$(grep -m1 "model name" /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//')
echo "$cpu, $(nproc) cores, $(date -u +%F); $pairs pairs a command"
printf '%-42s %10s %10s %8s %12s\n' command "old s" "new s" "new/old" "instructions"
for command in "${commands[@]}"; do
  read -ra words <<< "$command"
  ratios=() olds=() news=()
  for ((i = 0; i < pairs; ++i)); do
    a=$(seconds "$old" "${words[@]}")
    b=$(seconds "$new" "${words[@]}")
    olds+=("$a") news+=("$b") ratios+=("$(echo "$b / $a" | bc -l)")
  done
  counted=-
  if command -v valgrind > /dev/null; then
    sample=("${words[@]}")
    for i in "${!sample[@]}"; do
      if [ "${sample[$i]}" = "$pgn" ]; then sample[i]=$work/sample.pgn; fi
    done
    if [ "${sample[0]}" = perft ]; then sample=(perft -q --depth 5); fi
    # (The sample ends inside a game, which the program reports: its exit status is not 0.)
    count() { { valgrind --tool=callgrind --callgrind-out-file=/dev/null "$@" 2>&1 || true; } | awk '/Collected/ { print $4 }'; }
    c_old=$(count "$old" "${sample[@]}")
    c_new=$(count "$new" "${sample[@]}")
    counted=$(printf '%+.2f%%' "$(echo "($c_new / $c_old - 1) * 100" | bc -l)")
  fi
  printf '%-42s %10.3f %10.3f %8.3f %12s\n' "${command/$pgn/PGN}" \
    "$(printf '%s\n' "${olds[@]}" | median)" "$(printf '%s\n' "${news[@]}" | median)" \
    "$(printf '%s\n' "${ratios[@]}" | median)" "$counted"
done
echo "(instructions: new against old, on 8 MB of the archive and perft 5)"
