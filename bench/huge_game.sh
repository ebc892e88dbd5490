#!/usr/bin/env bash
# The cost of inputs shaped unlike any archive: NUL bytes (no game boundary anywhere), and one
# valid game whose only comment holds nearly all of it. Each shape is written at 10 MB and at
# 100 MB, and `fenkit check -j1` and `fenkit replay -j1` read each file; the CPU time (user +
# sys) and the peak resident size of every run are printed, with the ratio of 100 MB to 10 MB.
# A reader that is linear in its input shows a time ratio near 10 (and memory bounded by the
# game-size limit); one that reads the pending text again after every block shows near 100.
#
# Usage: bench/huge_game.sh [-n RUNS] [-- EXTRA FENKIT OPTIONS]
#   RUNS  runs of each command, the median printed (default 3)
# FENKIT (environment) names the fenkit binary (default build/tools/fenkit). Extra options go
# to every command: `-- --max-game-size 1G` reads the 100 MB game instead of refusing it.
set -euo pipefail
shopt -s inherit_errexit
repository=$(realpath "$(dirname "$0")/..")

runs=3
while getopts "n:" option; do
  case $option in
    n) runs=$OPTARG ;;
    *) sed -n '2,13p' "$0" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
extra=("$@")
fenkit=${FENKIT:-$repository/build/tools/fenkit}
command -v "$fenkit" >/dev/null || { echo "no fenkit binary at $fenkit (build first)" >&2; exit 2; }
command -v python3 >/dev/null || { echo "python3 is not installed" >&2; exit 2; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# A valid game with one comment of `megabytes` MB after its first move.
comment_game() {
  {
    printf '[Event "x"]\n[Site "?"]\n[Date "????.??.??"]\n[Round "?"]\n'
    printf '[White "a"]\n[Black "b"]\n[Result "1-0"]\n\n1. e4 {'
    head -c "$(($1 << 20))" /dev/zero | tr '\0' 'x'
    printf '} e5 2. Nf3 1-0\n'
  }
}
for megabytes in 10 100; do
  head -c "$((megabytes << 20))" /dev/zero >"$work/nul-$megabytes.pgn"
  comment_game "$megabytes" >"$work/comment-$megabytes.pgn"
done

median() { sort -g | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

# Prints "SECONDS KIB": the median CPU time (user + sys, in microseconds from wait4, finer than
# time(1)'s hundredths) and peak resident size of `runs` runs.
measure() {
  python3 - "$runs" "$@" <<'PYTHON'
import os, statistics, subprocess, sys
runs, command = int(sys.argv[1]), sys.argv[2:]
times, peaks = [], []
for _ in range(runs):
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, _, usage = os.wait4(child.pid, 0)
    times.append(usage.ru_utime + usage.ru_stime)
    peaks.append(usage.ru_maxrss)
print(f"{statistics.median(times):.4f} {statistics.median(peaks):.0f}")
PYTHON
}

echo "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //'), $(date +%F);" \
  "median of $runs runs${extra:+; options: ${extra[*]}}"
printf '%-8s %-8s %12s %12s %12s %12s %8s\n' command input "10 MB s" "100 MB s" "10 MB MiB" \
  "100 MB MiB" ratio
for command in check replay; do
  for shape in nul comment; do
    read -r small_s small_kib <<<"$(measure "$fenkit" "$command" -j1 -q "${extra[@]}" "$work/$shape-10.pgn")"
    read -r large_s large_kib <<<"$(measure "$fenkit" "$command" -j1 -q "${extra[@]}" "$work/$shape-100.pgn")"
    awk -v c="$command" -v i="$shape" -v a="$small_s" -v b="$large_s" -v m="$small_kib" \
      -v n="$large_kib" 'BEGIN { printf "%-8s %-8s %12.3f %12.3f %12.1f %12.1f %8.1f\n",
        c, i, a, b, m / 1024, n / 1024, (a > 0 ? b / a : 0) }'
  done
done
