#!/usr/bin/env bash
# A python-chess script, unchanged but for its import, run with python-chess and with fenkit
# (`import fenkit as chess`) on the same lichess-style games, timed side by side.
#
#   bench/python_chess_script.py FILE                  for each game read with
#                                                      chess.pgn.read_game, the main line
#                                                      pushed on game.board(); per position
#                                                      material, is_check(), eval(), clock()
#   bench/python_chess_script.py --node-board FILE     the same with node.board() per position
#                                                      (quadratic: on fewer games)
#
# The games: the first N of the masters archive written as the lichess database writes them
# (bench/make_lichess_style.py), here with `{ [%eval 0.17] [%clk 0:02:57] }` after every move
# (its own output has evaluations in one game of three); made once and kept in the cache.
# Runs alternate between the two modules. For each script: wall and CPU seconds (medians, with
# the runs' range), MB/s of PGN and positions/s by wall time, and python-chess's wall time over
# fenkit's. Both modules must print the same summary line; when they do not, the first position
# where their traces part is shown and the script fails.
#
# Usage: bench/compare_python_chess.sh [OPTIONS] [ARCHIVE]
#   ARCHIVE                PGN archive, compressed or not
#                          (default: ../shared/corpus/big/pgnmentor-masters-76k.pgn.zst)
#   -n RUNS                runs of each module (default 3)
#   --games N              games of the pushing script (default 10000)
#   --node-board-games N   games of the node.board() script (default 300; 0 leaves it out)
#   --cache DIR            where the lichess-style file is kept
#                          (env FENKIT_BENCH_CACHE; default ~/.cache/fenkit-bench)
# PYTHONPATH (environment) must reach python-chess, e.g. PYTHONPATH=~/src/python-chess;
# FENKIT_PYTHONPATH reaches fenkit (default build/python); PYTHON the interpreter (default
# /usr/bin/python3).
set -euo pipefail
cd "$(dirname "$0")/.."

usage() { sed -n '/^# Usage:/,/^# \/usr\/bin\/python3)/p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }

runs=3
games=10000
node_board_games=300
# shared/ sits beside the project's root (one level higher from a worktree under wt/).
archive=../shared/corpus/big/pgnmentor-masters-76k.pgn.zst
[ -f "$archive" ] || [ ! -f "../$archive" ] || archive=../$archive
cache=${FENKIT_BENCH_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/fenkit-bench}
python=${PYTHON:-/usr/bin/python3}
chess_path=${PYTHONPATH:-}
fenkit_path=${FENKIT_PYTHONPATH:-build/python}

while [ $# -gt 0 ]; do
  case "$1" in
    -n) runs=${2:?}; shift 2 ;;
    --games) games=${2:?}; shift 2 ;;
    --node-board-games) node_board_games=${2:?}; shift 2 ;;
    --cache) cache=${2:?}; shift 2 ;;
    -h|--help) usage ;;
    -*) echo "unknown option $1" >&2; usage ;;
    *) archive=$1; shift ;;
  esac
done
for v in "$runs" "$games"; do
  case "$v" in ''|*[!0-9]*|0) echo "-n and --games want a positive number" >&2; exit 2 ;; esac
done
case "$node_board_games" in ''|*[!0-9]*) echo "--node-board-games wants a number" >&2; exit 2 ;; esac
[ -f "$archive" ] || { echo "no archive at $archive" >&2; exit 2; }
fenkit_path=$(cd "$fenkit_path" 2>/dev/null && pwd) ||
  { echo "no folder at FENKIT_PYTHONPATH=${FENKIT_PYTHONPATH:-build/python} (build first)" >&2; exit 2; }

# Each module is run with its own path alone: python-chess cannot stand in for fenkit or the
# other way round.
chess_cmd=(env "PYTHONPATH=$chess_path" "$python" bench/python_chess_script.py)
fenkit_cmd=(env "PYTHONPATH=$fenkit_path" "$python" bench/python_chess_script.py --module fenkit)
if [ -z "$chess_path" ] || ! env "PYTHONPATH=$chess_path" "$python" -c 'import chess.pgn' 2>/dev/null; then
  echo "python-chess skipped: not found on PYTHONPATH='$chess_path'" >&2
  echo "(give its source tree: PYTHONPATH=~/src/python-chess $0)" >&2
  exit 0
fi
if ! env "PYTHONPATH=$fenkit_path" "$python" -c 'import fenkit.pgn; fenkit.pgn.read_game' 2>/dev/null; then
  echo "no fenkit.pgn.read_game on FENKIT_PYTHONPATH=$fenkit_path" >&2
  exit 2
fi
chess_version=$(env "PYTHONPATH=$chess_path" "$python" -c 'import chess; print(chess.__version__)')

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$cache"

# --- input ----------------------------------------------------------------------------------
# make_lichess_style.py's own conversion, each game numbered as one of the third that get
# evaluations (its number also seeds the game's clocks and evaluations: still deterministic).
key=$( (sha256sum <"$archive"; sha256sum <bench/make_lichess_style.py; echo "every-move-eval $games") |
  sha256sum | cut -c1-16)
lichess=$cache/lichess-eval-$games-$key.pgn
if [ ! -f "$lichess" ]; then
  echo "writing $games lichess-style games to $lichess ..." >&2
  /usr/bin/python3 - "$archive" "$lichess.tmp" "$games" <<'EOF'
import sys
sys.path.insert(0, "bench")
import make_lichess_style as m

source, output, wanted = sys.argv[1], sys.argv[2], int(sys.argv[3])
stream, proc = m.open_input(source)
games = 0
with open(output, "w", encoding="latin-1", newline="\n") as out:
    for tags, movetext in m.read_games(stream):
        for sans, result in m.main_lines(movetext):
            if not (tags or sans or result) or games == wanted:
                continue
            games += 1
            m.convert(3 * games - 2, tags, sans, result, out)  # 3k + 1: with evaluations
            tags = []
        if games == wanted:
            break
if proc is not None:
    proc.kill()
    proc.wait()
if games != wanted:
    sys.exit("the archive holds %d games, not %d" % (games, wanted))
EOF
  mv "$lichess.tmp" "$lichess"
fi

# The first N games of a file, for the node.board() script: cut before the tag line that begins
# game N + 1 (as compare_pull.sh does).
first_games() {  # file n out
  awk -v n="$2" '
    /^\[[A-Za-z0-9_]+ "/ { if (!tags && ++games > n) exit; tags = 1; print; next }
    { if ($0 !~ /^[ \t\r]*$/) tags = 0; print }' "$1" >"$3"
}
scripts=(push)
declare -A input=([push]=$lichess) label=([push]="push, $games games") flags=([push]="")
if [ "$node_board_games" -gt 0 ]; then
  scripts+=(node-board)
  input[node-board]=$work/first-$node_board_games.pgn
  label[node-board]="node.board(), $node_board_games games"
  flags[node-board]=--node-board
  first_games "$lichess" "$node_board_games" "${input[node-board]}"
fi

# --- timing ---------------------------------------------------------------------------------
calc() { awk "BEGIN { print $* }"; }

# One run: wall time from the clock, user + system CPU time from time(1), the summary line kept.
declare -A walls cpus outputs
timed() {  # cell command...
  local cell=$1 start real user sys
  shift
  start=$(date +%s%N)
  /usr/bin/time -f '%U %S' -o "$work/time" "$@" >"$work/out" 2>"$work/err" ||
    { echo "failed: $*" >&2; cat "$work/err" >&2; exit 1; }
  real=$(calc "($(date +%s%N) - $start) / 1e9")
  read -r user sys <"$work/time"
  walls[$cell]="${walls[$cell]:-} $real"
  cpus[$cell]="${cpus[$cell]:-} $(calc "$user + $sys")"
  if [ -z "${outputs[$cell]:-}" ]; then
    outputs[$cell]=$(cat "$work/out")
  elif [ "${outputs[$cell]}" != "$(cat "$work/out")" ]; then
    echo "FAILED: $cell printed something else on another run" >&2; exit 1
  fi
}

load_before=$(uptime | sed 's/.*load average: *//')
for run in $(seq "$runs"); do
  for s in "${scripts[@]}"; do
    echo "run $run of $runs: $s ..." >&2
    # shellcheck disable=SC2086
    timed "chess/$s" "${chess_cmd[@]}" ${flags[$s]} "${input[$s]}"
    # shellcheck disable=SC2086
    timed "fenkit/$s" "${fenkit_cmd[@]}" ${flags[$s]} "${input[$s]}"
  done
done
load_after=$(uptime | sed 's/.*load average: *//')

# --- report ---------------------------------------------------------------------------------
stat_of() {  # array cell -> "median min max"
  local -n list=$1
  # shellcheck disable=SC2086
  printf '%s\n' ${list[$2]} | sort -g | awk '
    { t[NR] = $1 }
    END { printf "%s %s %s", (NR % 2) ? t[(NR + 1) / 2] : (t[NR / 2] + t[NR / 2 + 1]) / 2, t[1], t[NR] }'
}
field() { awk -v k="$1" '{ for (i = 1; i < NF; i++) if ($i == k) { print $(i + 1); exit } }' <<<"$2"; }

cpu=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo | head -1)
py_version=$("$python" -c 'import sys; print("Python %d.%d.%d" % sys.version_info[:3])')
echo
printf '%s, %s (%s cores), %s; load average (1, 5, 15 min): %s before, %s after\n' \
  "$(date +%Y-%m-%d)" "${cpu:-unknown CPU}" "$(nproc)" "$py_version" "$load_before" "$load_after"
echo "python-chess $chess_version ($chess_path) against fenkit ($fenkit_path);"
echo "median of $runs alternating runs (range in brackets); MB/s and positions/s by wall time"
status=0
for s in "${scripts[@]}"; do
  bytes=$(stat -c %s "${input[$s]}")
  n=$(field positions "${outputs[chess/$s]}")
  echo
  printf '%s: %s, %.1f MB, %s positions\n' "${label[$s]}" "${input[$s]}" "$(calc "$bytes / 1e6")" "$n"
  echo
  echo "| module | wall s | CPU s | MB/s | positions/s |"
  echo "|---|---|---|---|---|"
  for m in chess fenkit; do
    read -r wall wmin wmax <<<"$(stat_of walls "$m/$s")"
    read -r cpu_s _ _ <<<"$(stat_of cpus "$m/$s")"
    printf '| %s | %.2f (%.2f to %.2f) | %.2f | %.3g | %.0f |\n' \
      "$([ $m = chess ] && echo "python-chess $chess_version" || echo fenkit)" \
      "$wall" "$wmin" "$wmax" "$cpu_s" "$(calc "$bytes / 1e6 / $wall")" "$(calc "$n / $wall")"
  done
  read -r chess_wall _ _ <<<"$(stat_of walls "chess/$s")"
  read -r fenkit_wall _ _ <<<"$(stat_of walls "fenkit/$s")"
  printf '\nfenkit %.2fx as fast as python-chess (median wall times)\n' "$(calc "$chess_wall / $fenkit_wall")"
  echo "python-chess: ${outputs[chess/$s]}"
  echo "fenkit:       ${outputs[fenkit/$s]}"
  if [ "${outputs[chess/$s]}" = "${outputs[fenkit/$s]}" ]; then
    echo "outputs: equal"
  else
    status=1
    echo "outputs: DIFFERENT; the first positions where the traces part:"
    # shellcheck disable=SC2086
    "${chess_cmd[@]}" --trace ${flags[$s]} "${input[$s]}" | head -n -1 >"$work/chess.trace"
    # shellcheck disable=SC2086
    "${fenkit_cmd[@]}" --trace ${flags[$s]} "${input[$s]}" | head -n -1 >"$work/fenkit.trace" || true
    diff "$work/chess.trace" "$work/fenkit.trace" | head -20 || true
  fi
done
[ "$status" = 0 ] || { echo >&2; echo "FAILED: python-chess and fenkit printed different summaries" >&2; }
exit "$status"
