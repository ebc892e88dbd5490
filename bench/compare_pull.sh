#!/usr/bin/env bash
# Times the loop of a program that stores games and positions (GameReader, and the FEN and
# Polyglot key of every position of every game's main line) against `fenkit replay -j1`, which
# writes the same FENs, and against the same loop written with pgn-reader (Rust) and with
# python-chess. For each of the two files, the masters archive and a lichess-database-style
# copy of it (bench/make_lichess_style.py, cached), one table of medians over interleaved runs:
#
#   fenkit replay -j1 -q FILE > /dev/null      the baseline: FEN after every ply
#   pull_positions FILE                        reader.walk(game): FEN + key, one thread
#   pull_positions --replay FILE               walk(game), which plays the moves again
#   pull_positions --san FILE                  also the SAN and UCI of every move
#   pull_positions --threads 2 FILE            GameReaderOptions::threads = 2
#   pull_positions --pull-only [--threads 2]   the games alone, nothing done with them
#   pgn_reader_driver pull FILE                Reader::read_game, the main line's SAN collected,
#                                              then played with shakmaty: FEN + Zobrist key
#   python_chess_pull.py FIRST-N               chess.pgn.read_game, board.fen() and
#                                              chess.polyglot.zobrist_hash, on the first N games
#
# Each row: CPU seconds (user + system), wall seconds, MB/s of PGN, positions/s, peak resident
# memory, and CPU time per position and peak memory against the baseline's. Every program
# prints its games, positions and a checksum of the keys and FEN lengths; they must agree.
# The peers are built here from source trees the user supplies; a peer without one is "–".
#
# Usage: bench/compare_pull.sh [OPTIONS] [ARCHIVE]
#   ARCHIVE                PGN archive, compressed or not
#                          (default: ../shared/corpus/big/pgnmentor-masters-76k.pgn.zst)
#   -n RUNS                rounds of interleaved runs; the median is shown (default 5)
#   --cpu                  rates (MB/s, positions/s) by CPU time instead of wall clock
#   --python-games N       games python-chess reads of each file (default 2000)
#   --python-chess DIR     python-chess source tree, put on PYTHONPATH (env PYTHON_CHESS_DIR;
#                          without it an installed python-chess is used if there is one)
#   --shakmaty DIR         shakmaty repository, pgn-reader/ inside it (env SHAKMATY_DIR)
#   --pgn-reader DIR       pgn-reader package folder (env PGN_READER_DIR;
#                          default SHAKMATY_DIR/pgn-reader)
#   --crate NAME=DIR       use this source tree for crate NAME (repeatable; env CARGO_CRATES)
#   --registry DIR|none    directory of crate sources that replaces crates.io, built offline
#                          (env CARGO_REGISTRY_DIR; default /usr/share/cargo/registry)
#   --cache DIR            where the lichess-style file and the Rust build are kept
#                          (env FENKIT_BENCH_CACHE; default ~/.cache/fenkit-bench)
# FENKIT and PULL_POSITIONS (environment) name the binaries (default build/tools/fenkit and
# build/bench/pull_positions); PYTHON the interpreter (default python3).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '/^# Usage:/,/^# build\/bench/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

runs=5
metric=wall
python_games=2000
# shared/ sits beside the project's root (one level higher from a worktree under wt/).
archive=../shared/corpus/big/pgnmentor-masters-76k.pgn.zst
[ -f "$archive" ] || [ ! -f "../$archive" ] || archive=../$archive
python_chess=${PYTHON_CHESS_DIR:-}
shakmaty=${SHAKMATY_DIR:-}
pgn_reader=${PGN_READER_DIR:-}
read -r -a crates <<<"${CARGO_CRATES:-}"
registry=${CARGO_REGISTRY_DIR:-/usr/share/cargo/registry}
cache=${FENKIT_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fenkit-bench}
fenkit=${FENKIT:-build/tools/fenkit}
pull=${PULL_POSITIONS:-build/bench/pull_positions}
python=${PYTHON:-python3}

while [ $# -gt 0 ]; do
  case "$1" in
    -n) runs=${2:?}; shift 2 ;;
    --cpu) metric=cpu; shift ;;
    --python-games) python_games=${2:?}; shift 2 ;;
    --python-chess) python_chess=${2:?}; shift 2 ;;
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
case "$python_games" in ''|*[!0-9]*|0) echo "--python-games wants a positive number" >&2; exit 2 ;; esac
if [ -z "$pgn_reader" ] && [ -n "$shakmaty" ]; then pgn_reader=$shakmaty/pgn-reader; fi

[ -x "$fenkit" ] || { echo "no fenkit binary at $fenkit (build first)" >&2; exit 2; }
[ -x "$pull" ] || { echo "no pull_positions binary at $pull (build the target first)" >&2; exit 2; }
[ -f "$archive" ] || { echo "no archive at $archive" >&2; exit 2; }
fenkit=$(cd "$(dirname "$fenkit")" && pwd)/$(basename "$fenkit")
pull=$(cd "$(dirname "$pull")" && pwd)/$(basename "$pull")

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$cache"
notes=()
load_before=$(uptime | sed 's/.*load average: *//')

# --- inputs ---------------------------------------------------------------------------------
masters=$work/masters.pgn
case "$archive" in
  *.zst) zstd -dqc "$archive" >"$masters" ;;
  *.gz) gzip -dc "$archive" >"$masters" ;;
  *.xz) xz -dc "$archive" >"$masters" ;;
  *.bz2) bzip2 -dc "$archive" >"$masters" ;;
  *) cp "$archive" "$masters" ;;
esac

# The lichess-style copy, kept as compare_peers.sh keeps it (the same name: either script makes
# it for both).
key=$( (sha256sum <"$masters"; sha256sum <bench/make_lichess_style.py) | sha256sum | cut -c1-16)
lichess=$cache/lichess-style-$key.pgn
if [ ! -f "$lichess" ]; then
  echo "writing the lichess-style copy to $lichess ..." >&2
  /usr/bin/python3 bench/make_lichess_style.py "$masters" "$lichess.tmp" 2>/dev/null
  mv "$lichess.tmp" "$lichess"
fi

# The first N games of a file, for python-chess: cut before the tag line that begins game N + 1
# (a tag line after anything but tag lines and blanks begins a game).
first_games() {  # file n out
  awk -v n="$2" '
    /^\[[A-Za-z0-9_]+ "/ { if (!tags && ++games > n) exit; tags = 1; print; next }
    { if ($0 !~ /^[ \t\r]*$/) tags = 0; print }' "$1" >"$3"
}

# --- peers ----------------------------------------------------------------------------------
# shellcheck source=bench/peers/build_pgn_reader_driver.sh
. bench/peers/build_pgn_reader_driver.sh
pr_bin=""
if [ -n "$pgn_reader" ]; then
  if [ -f "$pgn_reader/Cargo.toml" ] && command -v cargo >/dev/null; then
    echo "building the pgn-reader driver ..." >&2
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

py_cmd=()
if [ -n "$python_chess" ]; then
  python_chess=$(cd "$python_chess" && pwd)
  py_cmd=(env "PYTHONPATH=$python_chess${PYTHONPATH:+:$PYTHONPATH}" "$python")
else
  py_cmd=("$python")
fi
if ! "${py_cmd[@]}" -c 'import chess.pgn, chess.polyglot' 2>/dev/null; then
  py_cmd=()
  notes+=("python-chess skipped: give its source tree with --python-chess DIR or PYTHON_CHESS_DIR")
fi
py_version=""
[ ${#py_cmd[@]} -eq 0 ] || py_version=$("${py_cmd[@]}" -c 'import chess; print(chess.__version__)')

# --- jobs -----------------------------------------------------------------------------------
files=(masters lichess)
jobs=(replay walk replay-walk san walk-t2 pull pull-t2 pgn-reader python-chess)
declare -A label=(
  [replay]="fenkit replay -j1 -q > /dev/null"
  [walk]="pull_positions (reader.walk)"
  [replay-walk]="pull_positions --replay (walk)"
  [san]="pull_positions --san"
  [walk-t2]="pull_positions --threads 2"
  [pull]="pull_positions --pull-only"
  [pull-t2]="pull_positions --pull-only --threads 2"
  [pgn-reader]="pgn-reader pull (Rust)"
  [python-chess]="python-chess pull, first $python_games games"
)
declare -A first  # file -> the first N games of it, for python-chess
for f in "${files[@]}"; do
  first[$f]=$work/$f-first-$python_games.pgn
  first_games "${!f}" "$python_games" "${first[$f]}"
done

command_for() {  # job file -> cmd (empty when the peer is missing) and input
  local file=${!2}
  input=$file
  cmd=()
  case "$1" in
    replay) cmd=("$fenkit" replay -j1 -q "$file") ;;
    walk) cmd=("$pull" "$file") ;;
    replay-walk) cmd=("$pull" --replay "$file") ;;
    san) cmd=("$pull" --san "$file") ;;
    walk-t2) cmd=("$pull" --threads 2 "$file") ;;
    pull) cmd=("$pull" --pull-only "$file") ;;
    pull-t2) cmd=("$pull" --pull-only --threads 2 "$file") ;;
    pgn-reader) [ -z "$pr_bin" ] || cmd=("$pr_bin" pull "$file") ;;
    python-chess)
      input=${first[$2]}
      [ ${#py_cmd[@]} -eq 0 ] || cmd=("${py_cmd[@]}" bench/python_chess_pull.py "$input") ;;
  esac
}

# --- timing ---------------------------------------------------------------------------------
calc() { awk "BEGIN { print $* }"; }

# One run of a command: its wall time (from the clock, to the microsecond), its user + system
# CPU time and peak resident memory (from time(1)), and its first line of output (the counts
# and checksum; the baseline's FENs go to /dev/null).
declare -A cpus walls peaks outputs
timed() {  # cell command...
  local cell=$1 start real user sys kb out=/dev/null
  shift
  [ "${cell%%/*}" = replay ] || out=$work/out
  start=$(date +%s%N)
  /usr/bin/time -f '%U %S %M' -o "$work/time" "$@" >"$out" 2>/dev/null || { echo "failed: $*" >&2; exit 1; }
  real=$(calc "($(date +%s%N) - $start) / 1e9")
  read -r user sys kb <"$work/time"
  cpus[$cell]="${cpus[$cell]:-} $(calc "$user + $sys")"
  walls[$cell]="${walls[$cell]:-} $real"
  peaks[$cell]="${peaks[$cell]:-} $(calc "$kb / 1000")"
  [ "$out" = /dev/null ] || [ -n "${outputs[$cell]:-}" ] || outputs[$cell]=$(head -1 "$out")
}

# A command's input is read once, untimed, before it runs (see compare_peers.sh).
warm() { cat "$1" >/dev/null; }

for run in $(seq "$runs"); do
  echo "run $run of $runs ..." >&2
  for f in "${files[@]}"; do
    for job in "${jobs[@]}"; do
      command_for "$job" "$f"
      [ ${#cmd[@]} -eq 0 ] || { warm "$input"; timed "$job/$f" "${cmd[@]}"; }
    done
  done
done
load_after=$(uptime | sed 's/.*load average: *//')

# --- checks ---------------------------------------------------------------------------------
# The positions each program made, and whether the checksums agree: pull_positions' own on the
# first N games, for python-chess's.
field() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) print $(i + 1) }' <<<"$2"; }
declare -A positions
for f in "${files[@]}"; do
  ref=${outputs[walk/$f]}
  positions[$f]=$(field positions "$ref")
  positions[replay/$f]=$("$fenkit" replay -q -j2 "${!f}" | wc -l)
  [ "${positions[replay/$f]}" = "${positions[$f]}" ] ||
    notes+=("$f: fenkit replay wrote ${positions[replay/$f]} FENs, pull_positions made ${positions[$f]} positions")
  for job in replay-walk walk-t2 pgn-reader; do
    [ -n "${outputs[$job/$f]:-}" ] || continue
    [ "${outputs[$job/$f]}" = "$ref" ] ||
      notes+=("$f: ${label[$job]} printed \"${outputs[$job/$f]}\", pull_positions \"$ref\"")
  done
  for job in pull pull-t2; do
    [ "$(field positions "${outputs[$job/$f]}")" = "${positions[$f]}" ] ||
      notes+=("$f: ${label[$job]} printed \"${outputs[$job/$f]}\"")
  done
  first_ref=$("$pull" "${first[$f]}")
  positions[first/$f]=$(field positions "$first_ref")
  if [ -n "${outputs[python-chess/$f]:-}" ] && [ "${outputs[python-chess/$f]}" != "$first_ref" ]; then
    notes+=("$f: python-chess printed \"${outputs[python-chess/$f]}\", pull_positions \"$first_ref\" on the same games")
  fi
done

# --- tables ---------------------------------------------------------------------------------
# The median of a cell's list ("cpus", "walls" or "peaks"), and half its range in percent.
median() {  # array cell
  local -n list=$1
  # shellcheck disable=SC2086
  printf '%s\n' ${list[$2]} | sort -g | awk '
    { t[NR] = $1 }
    END { printf "%s", (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2 }'
}
spread() {  # array cell
  local -n list=$1
  # shellcheck disable=SC2086
  printf '%s\n' ${list[$2]} | sort -g | awk '
    { t[NR] = $1 }
    END { med = (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2
          printf "%.0f", (t[NR] - t[1]) / 2 / med * 100 }'
}
# The median over the rounds of the ratio of two cells' wall times.
ratio_median() {  # cell-a cell-b
  # shellcheck disable=SC2206
  local a=(${walls[$1]}) b=(${walls[$2]}) i
  for i in "${!a[@]}"; do calc "${a[$i]} / ${b[$i]}"; done | sort -g | awk '
    { t[NR] = $1 }
    END { printf "%.2fx (runs %.2f to %.2f)", (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2, t[1], t[NR] }'
}
rate() {  # number -> "1.23 M" / "45.6 k"
  awk -v r="$1" 'BEGIN { if (r >= 1e6) printf "%.2f M", r / 1e6; else printf "%.1f k", r / 1e3 }'
}

times_text() {  # ratio -> "1.23x", "456x"
  awk -v r="$1" 'BEGIN { printf (r < 10 ? "%.2fx" : "%.0fx"), r }'
}

row() {  # job file
  local cell=$1/$2 cpu wall peak t bytes n base_cpu base_n
  if [ -z "${cpus[$cell]:-}" ]; then
    echo "| ${label[$1]} | – | – | – | – | – | – | – |"
    return
  fi
  cpu=$(median cpus "$cell")
  wall=$(median walls "$cell")
  peak=$(median peaks "$cell")
  if [ "$1" = python-chess ]; then
    bytes=$(stat -c %s "${first[$2]}")
    n=${positions[first/$2]}
  else
    bytes=$(stat -c %s "${!2}")
    n=${positions[$2]}
  fi
  if [ "$metric" = cpu ]; then t=$cpu; else t=$wall; fi
  base_cpu=$(median cpus "replay/$2")
  base_n=${positions[$2]}
  printf '| %s | %.2f ±%s%% | %.2f ±%s%% | %.3g | %s | %.0f MB | %s | %.2fx |\n' \
    "${label[$1]}" "$cpu" "$(spread cpus "$cell")" "$wall" "$(spread walls "$cell")" \
    "$(calc "$bytes / 1e6 / $t")" "$(rate "$(calc "$n / $t")")" "$peak" \
    "$(times_text "$(calc "($cpu / $n) / ($base_cpu / $base_n)")")" \
    "$(calc "$peak / $(median peaks "replay/$2")")"
}

cpu=$(LC_ALL=C lscpu 2>/dev/null | sed -n 's/^Model name: *//p' | head -1)
family=$(LC_ALL=C lscpu 2>/dev/null | sed -n 's/^CPU family: *//p' | head -1)
model=$(LC_ALL=C lscpu 2>/dev/null | sed -n 's/^Model: *//p' | head -1)
echo
printf '%s, %s (family %s, model %s; %s cores), %s\n' "$(date +%Y-%m-%d)" "${cpu:-unknown CPU}" \
  "${family:-?}" "${model:-?}" "$(nproc)" "$(uname -m)"
echo "load average (1, 5, 15 min): $load_before before, $load_after after"
echo "median of $runs interleaved runs, ± half the range of the runs; rates by $metric time;"
echo "x replay: CPU time per position and peak memory against fenkit replay -j1 on the same file"
[ -z "$pr_bin" ] || echo "pgn-reader: $(sed -n 's/^version = "\(.*\)".*/\1/p' "$pgn_reader/Cargo.toml" | head -1) (bench/peers/pgn_reader_driver pull)"
[ -z "$py_version" ] || echo "python-chess: $py_version ($("${py_cmd[@]}" -c 'import sys; print("Python %d.%d.%d" % sys.version_info[:3])'))"
for f in "${files[@]}"; do
  echo
  printf '%s: %s, %.1f MB, %s positions; python-chess: first %s games, %.1f MB, %s positions\n' \
    "$f" "$([ "$f" = masters ] && echo "$archive" || echo "lichess-style copy")" \
    "$(calc "$(stat -c %s "${!f}") / 1e6")" "${positions[$f]}" "$python_games" \
    "$(calc "$(stat -c %s "${first[$f]}") / 1e6")" "${positions[first/$f]}"
  echo
  echo "| job | CPU s | wall s | MB/s | positions/s | peak RSS | x replay CPU | x replay RSS |"
  echo "|---|---|---|---|---|---|---|---|"
  for job in "${jobs[@]}"; do row "$job" "$f"; done
  echo
  echo "2 threads against 1 (wall time, median of the rounds' ratios): pull only $(ratio_median "pull/$f" "pull-t2/$f");"
  echo "pull + FEN + key $(ratio_median "walk/$f" "walk-t2/$f")"
done
echo
echo "checksums (games, rejected, positions, sum of key ^ FEN length):"
for f in "${files[@]}"; do
  printf '  %-8s pull_positions   %s\n' "$f" "${outputs[walk/$f]}"
  [ -z "${outputs[pgn-reader/$f]:-}" ] || printf '  %-8s pgn-reader       %s\n' "$f" "${outputs[pgn-reader/$f]}"
  if [ -n "${outputs[python-chess/$f]:-}" ]; then
    printf '  %-8s python-chess     %s (first %s games; pull_positions on them: the same unless noted)\n' \
      "$f" "${outputs[python-chess/$f]}" "$python_games"
  fi
done
for n in "${notes[@]}"; do echo "note: $n"; done
