#!/usr/bin/env bash
# Times fenkit against pgn-extract on one PGN archive and prints both throughputs and their
# ratio, from a single invocation:
#   replay  FEN after every ply          fenkit replay -j1 / -j2   vs  pgn-extract --fencomments
#   check   every move replayed          fenkit check -j1           vs  pgn-extract -r
#   parse   syntax only                  fenkit check --syntax-only vs  (pgn-extract has none)
#
# Usage: bench/compare_pgn_extract.sh [ARCHIVE] [RUNS]
#   ARCHIVE  a PGN file, compressed or not (default: the corpus benchmark archive)
#   RUNS     runs per command; the fastest is kept (default 3)
# FENKIT (environment) names the fenkit binary (default build/tools/fenkit).
set -euo pipefail
cd "$(dirname "$0")/.."

archive=${1:-../shared/corpus/big/pgnmentor-masters-76k.pgn.zst}
runs=${2:-3}
fenkit=${FENKIT:-build/tools/fenkit}
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$fenkit" ] || { echo "no fenkit binary at $fenkit (build first)" >&2; exit 2; }
[ -x "$pgn_extract" ] || { echo "pgn-extract is not installed" >&2; exit 2; }
[ -f "$archive" ] || { echo "no archive at $archive" >&2; exit 2; }

# Decompress once, so that both programs read the same plain file from the page cache.
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pgn=$work/input.pgn
case "$archive" in
  *.zst) zstd -dqc "$archive" >"$pgn" ;;
  *.gz) gzip -dc "$archive" >"$pgn" ;;
  *.xz) xz -dc "$archive" >"$pgn" ;;
  *.bz2) bzip2 -dc "$archive" >"$pgn" ;;
  *) cp "$archive" "$pgn" ;;
esac
bytes=$(stat -c %s "$pgn")
positions=$("$fenkit" replay -q -j2 "$pgn" | wc -l)
games=$(grep -c '^\[Event ' "$pgn" || true)

calc() { awk "BEGIN { print $* }"; }

# Fastest wall-clock time of a command over $runs runs, in seconds.
fastest() {
  local best=""
  for _ in $(seq "$runs"); do
    local start end t
    start=$(date +%s.%N)
    "$@" >/dev/null 2>&1 || true
    end=$(date +%s.%N)
    t=$(calc "$end - $start")
    if [ -z "$best" ] || [ "$(calc "$t < $best")" = 1 ]; then best=$t; fi
  done
  echo "$best"
}

row() {  # label seconds
  printf '%-38s %7.2f s %8.1f MB/s %7.2f M positions/s\n' "$1" "$2" \
    "$(calc "$bytes / $2 / 1000000")" "$(calc "$positions / $2 / 1000000")"
}

echo "archive: $archive ($(calc "$bytes / 1000000") MB, $games games, $positions positions)"
echo

pe_replay=$(fastest "$pgn_extract" -s --fencomments -o /dev/null "$pgn")
fk_replay1=$(fastest "$fenkit" replay -q -j1 "$pgn")
fk_replay2=$(fastest "$fenkit" replay -q -j2 "$pgn")
row "pgn-extract --fencomments" "$pe_replay"
row "fenkit replay -j1" "$fk_replay1"
row "fenkit replay -j2" "$fk_replay2"
printf 'replay speed-up: %.1fx (-j1), %.1fx (-j2)\n\n' \
  "$(calc "$pe_replay / $fk_replay1")" "$(calc "$pe_replay / $fk_replay2")"

pe_check=$(fastest "$pgn_extract" -r -s "$pgn")
fk_check=$(fastest "$fenkit" check -q -j1 "$pgn")
fk_parse=$(fastest "$fenkit" check -q -j1 --syntax-only "$pgn")
row "pgn-extract -r (check)" "$pe_check"
row "fenkit check -j1" "$fk_check"
row "fenkit check --syntax-only -j1" "$fk_parse"
printf 'check speed-up: %.1fx\n' "$(calc "$pe_check / $fk_check")"
