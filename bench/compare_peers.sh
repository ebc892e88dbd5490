#!/usr/bin/env bash
# Times the PGN reading path of fenkit against other PGN readers on the same files, one thread
# each, and prints one table of medians over interleaved runs:
#
#   | job | fenkit | chess-library (C++) | pgn-reader (Rust) | pgn-extract |
#   (each cell: the rate, its spread, and the peak resident memory)
#
#   parse only               fenkit check --syntax-only -j1   driver parse    (none)
#   replay + validate        fenkit check -j1                 driver replay   pgn-extract -r -s
#
# each on the masters archive and on a lichess-database-style copy of it (clock and eval
# comments after every move, written by bench/make_lichess_style.py and cached); then a second
# table of the other jobs the reading path serves, on the masters archive:
#
#   | job | fenkit | other |
#
#   replay, FEN after every ply   fenkit replay -j1                pgn-extract -Wepd -s
#   Polyglot book                 fenkit book build -j1            polyglot make-book
#                                 (seconds and peak memory)
#   FEN lines read and validated  fenkit check on 3 M lines        (none)
#                                 (written once by fenkit replay and cached)
#
# The peers are built here from source trees the user supplies; a peer without one is shown
# as "–". Our drivers are bench/peers/; everything built goes to a temporary folder.
#
# Usage: bench/compare_peers.sh [OPTIONS] [ARCHIVE]
#   ARCHIVE                PGN archive, compressed or not
#                          (default: ../shared/corpus/big/pgnmentor-masters-76k.pgn.zst)
#   -n RUNS                runs per cell, interleaved; the median is shown (default 7)
#   --cpu                  time by CPU (user + system) instead of wall clock
#   --chess-library DIR    chess-library source tree (env CHESS_LIBRARY_DIR)
#   --shakmaty DIR         shakmaty repository, pgn-reader/ inside it (env SHAKMATY_DIR)
#   --pgn-reader DIR       pgn-reader package folder (env PGN_READER_DIR;
#                          default SHAKMATY_DIR/pgn-reader)
#   --crate NAME=DIR       use this source tree for crate NAME (repeatable; env CARGO_CRATES,
#                          space-separated NAME=DIR words): crates the registry lacks
#   --registry DIR|none    directory of crate sources that replaces crates.io, built offline
#                          (env CARGO_REGISTRY_DIR; default /usr/share/cargo/registry, where
#                          Debian's librust-*-dev packages install); "none": cargo as configured
#   --cache DIR            where the lichess-style file and the Rust build are kept
#                          (env FENKIT_BENCH_CACHE; default ~/.cache/fenkit-bench)
# FENKIT (environment) names the fenkit binary (default build/tools/fenkit); CXX the C++
# compiler for chess-library (default g++).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '/^# Usage:/,/^# FENKIT/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

runs=7
metric=wall
# shared/ sits beside the project's root (one level higher from a worktree under wt/).
archive=../shared/corpus/big/pgnmentor-masters-76k.pgn.zst
[ -f "$archive" ] || [ ! -f "../$archive" ] || archive=../$archive
chess_library=${CHESS_LIBRARY_DIR:-}
shakmaty=${SHAKMATY_DIR:-}
pgn_reader=${PGN_READER_DIR:-}
read -r -a crates <<<"${CARGO_CRATES:-}"
registry=${CARGO_REGISTRY_DIR:-/usr/share/cargo/registry}
cache=${FENKIT_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fenkit-bench}
fenkit=${FENKIT:-build/tools/fenkit}
cxx=${CXX:-g++}

while [ $# -gt 0 ]; do
  case "$1" in
    -n) runs=${2:?}; shift 2 ;;
    --cpu) metric=cpu; shift ;;
    --chess-library) chess_library=${2:?}; shift 2 ;;
    --shakmaty) shakmaty=${2:?}; shift 2 ;;
    --pgn-reader) pgn_reader=${2:?}; shift 2 ;;
    --crate) crates+=("${2:?}"); shift 2 ;;
    --registry) registry=${2:?}; shift 2 ;;
    --cache) cache=${2:?}; shift 2 ;;
    -h|--help) usage ;;
    -*) echo "unknown option $1" >&2; usage ;;
    *) archive=$1; shift ;;
  esac
done
case "$runs" in ''|*[!0-9]*|0) echo "-n wants a positive number" >&2; exit 2 ;; esac
if [ -z "$pgn_reader" ] && [ -n "$shakmaty" ]; then pgn_reader=$shakmaty/pgn-reader; fi

pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
polyglot=$(command -v polyglot || echo /usr/games/polyglot)
[ -x "$fenkit" ] || { echo "no fenkit binary at $fenkit (build first)" >&2; exit 2; }
[ -f "$archive" ] || { echo "no archive at $archive" >&2; exit 2; }
[ -x "$pgn_extract" ] || pgn_extract=""
[ -x "$polyglot" ] || polyglot=""
fenkit=$(cd "$(dirname "$fenkit")" && pwd)/$(basename "$fenkit")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$cache"
notes=()

# --- inputs ---------------------------------------------------------------------------------
masters=$work/masters.pgn
case "$archive" in
  *.zst) zstd -dqc "$archive" >"$masters" ;;
  *.gz) gzip -dc "$archive" >"$masters" ;;
  *.xz) xz -dc "$archive" >"$masters" ;;
  *.bz2) bzip2 -dc "$archive" >"$masters" ;;
  *) cp "$archive" "$masters" ;;
esac

# The lichess-style copy takes half a minute to write: keep it, keyed by the archive's and the
# generator's contents.
key=$( (sha256sum <"$masters"; sha256sum <bench/make_lichess_style.py) | sha256sum | cut -c1-16)
lichess=$cache/lichess-style-$key.pgn
if [ ! -f "$lichess" ]; then
  echo "writing the lichess-style copy to $lichess ..." >&2
  /usr/bin/python3 bench/make_lichess_style.py "$masters" "$lichess.tmp" 2>/dev/null
  mv "$lichess.tmp" "$lichess"
fi

# Positions for the FEN reading row: the first 3 M of the archive's replay, kept likewise.
fens=$cache/positions-$key.fen
if [ ! -f "$fens" ]; then
  # (head ends the replay early: its broken pipe is expected)
  { "$fenkit" replay -q "$masters" 2>/dev/null || true; } | head -n 3000000 >"$fens.tmp"
  mv "$fens.tmp" "$fens"
fi

# --- peers ----------------------------------------------------------------------------------
cl_bin=""
if [ -n "$chess_library" ]; then
  if [ -f "$chess_library/include/chess.hpp" ]; then
    echo "building the chess-library driver ..." >&2
    # C++17: GCC 12 fails with an internal compiler error on the library in C++20 mode.
    "$cxx" -std=c++17 -O3 -march=native -DNDEBUG -I "$chess_library/include" \
      bench/peers/chess_library_driver.cpp -o "$work/chess_library_driver"
    cl_bin=$work/chess_library_driver
  else
    notes+=("chess-library skipped: no include/chess.hpp under $chess_library")
  fi
else
  notes+=("chess-library skipped: give its source tree with --chess-library DIR or CHESS_LIBRARY_DIR")
fi

# shellcheck source=bench/peers/build_pgn_reader_driver.sh
. bench/peers/build_pgn_reader_driver.sh
pr_bin=""
if [ -n "$pgn_reader" ]; then
  if [ -f "$pgn_reader/Cargo.toml" ] && command -v cargo >/dev/null; then
    echo "building the pgn-reader driver ..." >&2
    # The build is kept in the cache, so that a second run does not compile again.
    if ! pr_bin=$(build_pgn_reader_driver "$pgn_reader" "$registry" "$cache" "$work" "${crates[@]}"); then
      pr_bin=""
      notes+=("pgn-reader skipped: the build failed (see above; bench/README.md says what it needs)")
    fi
  else
    notes+=("pgn-reader skipped: no Cargo.toml under $pgn_reader, or no cargo")
  fi
else
  notes+=("pgn-reader skipped: give the shakmaty repository with --shakmaty DIR or SHAKMATY_DIR")
fi
[ -n "$pgn_extract" ] || notes+=("pgn-extract skipped: not installed")

# --- counts ---------------------------------------------------------------------------------
# Every reader must see the same games and plies, or the speeds do not compare.
echo >&2
echo "counts (games, plies, games with an illegal move):" >&2
for f in masters lichess; do
  file=${!f}
  summary=$("$fenkit" check -j2 "$file" 2>&1 | tail -1)
  plies=$("$fenkit" replay -q -j2 "$file" | wc -l)
  printf '  %-8s fenkit          %s; %s plies replayed\n' "$f" "$summary" "$plies" >&2
  if [ -n "$cl_bin" ]; then
    printf '  %-8s chess-library   %s\n' "$f" "$("$cl_bin" replay "$file")" >&2
  fi
  if [ -n "$pr_bin" ]; then
    printf '  %-8s pgn-reader      %s\n' "$f" "$("$pr_bin" replay "$file")" >&2
  fi
  if [ "$f" = masters ]; then masters_plies=$plies; fi
done
echo >&2

# --- timing ---------------------------------------------------------------------------------
calc() { awk "BEGIN { print $* }"; }

# Seconds taken by one run of a command (wall clock, or user + system CPU time with --cpu), and
# its peak memory in MB.
declare -A times peaks
timed() {  # cell command...
  local cell=$1 t real user sys kb start
  shift
  # Wall time to the microsecond from the clock (time(1) gives hundredths, too coarse for the
  # tenth of a second that parsing the masters archive takes); CPU time and memory from time(1).
  start=$(date +%s%N)
  /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >/dev/null 2>&1 || { echo "failed: $*" >&2; exit 1; }
  real=$(calc "($(date +%s%N) - $start) / 1e9")
  read -r user sys kb <"$work/time"
  if [ "$metric" = cpu ]; then t=$(calc "$user + $sys"); else t=$real; fi
  times[$cell]="${times[$cell]:-} $t"
  peaks[$cell]="${peaks[$cell]:-} $(calc "$kb / 1000")"
}

tools=(fenkit chess-library pgn-reader pgn-extract)
jobs=(parse-masters parse-lichess replay-masters replay-lichess)

command_for() {  # job tool -> sets cmd (empty when the tool has no such job) and input
  local job=$1 tool=$2 mode=${1%%-*} file
  file=${1#*-}
  file=${!file}
  input=$file
  cmd=()
  case "$tool" in
    fenkit)
      if [ "$mode" = parse ]; then cmd=("$fenkit" check --syntax-only -j1 -q "$file")
      else cmd=("$fenkit" check -j1 -q "$file"); fi ;;
    chess-library) [ -z "$cl_bin" ] || cmd=("$cl_bin" "$mode" "$file") ;;
    pgn-reader) [ -z "$pr_bin" ] || cmd=("$pr_bin" "$mode" "$file") ;;
    pgn-extract)  # it has no mode without replay
      [ -z "$pgn_extract" ] || [ "$mode" = parse ] || cmd=("$pgn_extract" -r -s "$file") ;;
  esac
}

# The second table's jobs: fenkit and the one other program that does the same.
more_jobs=(fens book fenlines)
more_command_for() {  # job tool(fenkit|other) -> cmd (or empty) and input
  cmd=()
  input=$masters
  case "$1/$2" in
    fens/fenkit) cmd=("$fenkit" replay -j1 -q "$masters") ;;
    fens/other) [ -z "$pgn_extract" ] || cmd=("$pgn_extract" -Wepd -s -o /dev/null "$masters") ;;
    book/fenkit) cmd=("$fenkit" book build -j1 -q -o "$work/fenkit.bin" "$masters") ;;
    book/other) [ -z "$polyglot" ] || cmd=("$polyglot" make-book -pgn "$masters" -bin "$work/polyglot.bin") ;;
    fenlines/fenkit) input=$fens cmd=("$fenkit" check -q "$fens") ;;
  esac
}

# A command's input is read once, untimed, before it runs: the system may have dropped pages
# of it since it was last read (some virtual machines page out what has not been touched for a
# minute, about the time of a round), and the first tool of a job would pay for reading them
# again where the others find them in memory.
warm() { cat "$1" >/dev/null; }

for run in $(seq "$runs"); do
  echo "run $run of $runs ..." >&2
  for job in "${jobs[@]}"; do
    for tool in "${tools[@]}"; do
      command_for "$job" "$tool"
      [ ${#cmd[@]} -eq 0 ] || { warm "$input"; timed "$job/$tool" "${cmd[@]}"; }
    done
  done
  for job in "${more_jobs[@]}"; do
    for tool in fenkit other; do
      more_command_for "$job" "$tool"
      [ ${#cmd[@]} -eq 0 ] || { warm "$input"; timed "$job/$tool" "${cmd[@]}"; }
    done
  done
done
# The book is the same bytes as polyglot's (the tests check it on the corpus); said here too.
if [ -f "$work/polyglot.bin" ] && ! cmp -s "$work/fenkit.bin" "$work/polyglot.bin"; then
  notes+=("the books differ: fenkit book build and polyglot make-book wrote different bytes")
fi

# The median of a cell's peak memory in MB.
peak_text() {  # cell
  # shellcheck disable=SC2086
  printf '%s\n' ${peaks[$1]} | sort -g | awk '{ m[NR] = $1 } END { printf "%.0f", m[int((NR + 1) / 2)] }'
}

# "median ±spread, peak MB" of a cell as a rate, spread being half the range of the rates in
# percent; the peak is the median of the runs' largest resident sizes.
cell_text() {  # cell amount
  local list=${times[$1]:-}
  [ -n "$list" ] || { printf -- '–'; return; }
  # shellcheck disable=SC2086
  printf '%s\n' $list | sort -g | awk -v amount="$2" '
    { t[NR] = $1 }
    END {
      med = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
      rate = amount / med
      spread = (amount / t[1] - amount / t[NR]) / 2 / rate * 100
      printf "%.1f ±%.0f%%", rate, spread
    }'
  printf ', %s MB' "$(peak_text "$1")"
}

# "median s ±spread" of a cell's times, with its median peak memory when asked.
seconds_text() {  # cell [memory]
  local list=${times[$1]:-}
  [ -n "$list" ] || { printf -- '–'; return; }
  # shellcheck disable=SC2086
  printf '%s\n' $list | sort -g | awk '
    { t[NR] = $1 }
    END {
      med = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
      printf "%.2f s ±%.0f%%", med, (t[NR] - t[1]) / 2 / med * 100
    }'
  if [ -n "${2:-}" ]; then printf ', %s MB peak' "$(peak_text "$1")"; fi
}

masters_mb=$(calc "$(stat -c %s "$masters") / 1000000")
lichess_mb=$(calc "$(stat -c %s "$lichess") / 1000000")
row() {  # label job amount
  local line="| $1 |"
  for tool in "${tools[@]}"; do line+=" $(cell_text "$2/$tool" "$3") |"; done
  echo "$line"
}

cpu=$(LC_ALL=C lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
echo
printf '%s, %s (%s cores), %s\n' "$(date +%Y-%m-%d)" "${cpu:-unknown CPU}" "$(nproc)" "$(uname -m)"
printf 'masters: %s (%.1f MB, %s plies); lichess-style copy: %.1f MB\n' "$archive" "$masters_mb" "$masters_plies" "$lichess_mb"
echo "one thread each; median of $runs interleaved runs by $metric time, ± half the range of the runs;"
echo "after each rate the median of the runs' peak resident memory"
echo
echo "| job | fenkit | chess-library (C++) | pgn-reader (Rust) | pgn-extract |"
echo "|---|---|---|---|---|"
row "parse only, masters (MB/s)" parse-masters "$masters_mb"
row "parse only, lichess-style (MB/s)" parse-lichess "$lichess_mb"
row "replay + validate, masters (M plies/s)" replay-masters "$(calc "$masters_plies / 1000000")"
row "replay + validate, lichess-style (MB/s)" replay-lichess "$lichess_mb"
echo
echo "fenkit: check --syntax-only -j1 (parse), check -j1 (replay); peers: bench/peers/ drivers;"
echo "pgn-extract: -r -s (it has no parse-only mode)"
echo
fen_lines=$(wc -l <"$fens")
echo "| job (masters archive, one thread) | fenkit | other |"
echo "|---|---|---|"
echo "| replay, FEN after every ply | $(seconds_text fens/fenkit) | pgn-extract -Wepd: $(seconds_text fens/other) |"
echo "| Polyglot book (byte-identical) | $(seconds_text book/fenkit memory) | polyglot make-book: $(seconds_text book/other memory) |"
echo "| FEN lines read and validated (M/s) | $(cell_text fenlines/fenkit "$(calc "$fen_lines / 1000000")") | – |"
for n in "${notes[@]}"; do echo "note: $n"; done
