#!/usr/bin/env bash
# Perft speed of `fenkit perft` next to Stockfish's `go perft`, position by position.
#
# usage: bench/perft_vs_stockfish.sh [-d DEPTH] [-f FENKIT] [-s STOCKFISH] [FEN_FILE]
#   -d DEPTH     plies (default 6)
#   -f FENKIT    the fenkit program (default build/tools/fenkit)
#   -s STOCKFISH the Stockfish program (default: stockfish on PATH, else /usr/games/stockfish)
#   FEN_FILE     one FEN per line ('#' comments allowed); default: the start position,
#                CPW position 3 and CPW position 4 (Kiwipete at depth 6 takes a minute each)
#
# Both programs count on one thread and without hashing. fenkit's own report gives its time.
# Stockfish prints no time, so it is given `go perft 1` and then `go perft DEPTH` in one
# process, and the time between the two "Nodes searched" lines arriving is the time of the
# second count (start-up and network loading fall before the first).
# Counts are compared too: a speed without the right count means nothing.
set -euo pipefail
cd "$(dirname "$0")/.."

depth=6
fenkit=build/tools/fenkit
stockfish=$(command -v stockfish || echo /usr/games/stockfish)
while getopts "d:f:s:h" option; do
  case $option in
    d) depth=$OPTARG ;;
    f) fenkit=$OPTARG ;;
    s) stockfish=$OPTARG ;;
    *) sed -n '2,9p' "$0"; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
[ -x "$fenkit" ] || { echo "fenkit not found at $fenkit (build it, or pass -f)" >&2; exit 2; }
[ -x "$stockfish" ] || { echo "stockfish not found at $stockfish (pass -s)" >&2; exit 2; }

if [ $# -ge 1 ]; then
  mapfile -t fens < <(grep -v '^[[:space:]]*\(#\|$\)' "$1")
else
  fens=(
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1"
  )
fi

# Prints "NODES SECONDS" for Stockfish at the given depth.
stockfish_run() {
  local fen=$1 d=$2
  printf 'position fen %s\ngo perft 1\ngo perft %s\nquit\n' "$fen" "$d" | "$stockfish" |
    while IFS= read -r line; do
      case $line in "Nodes searched: "*) echo "${line#Nodes searched: } $EPOCHREALTIME" ;; esac
    done | {
      read -r _ first && read -r nodes second
      echo "$nodes $(echo "$second - $first" | bc -l)"
    }
}

printf '%-12s %-12s %14s %14s %8s  %s\n' "fenkit M/s" "stockfish M/s" "fenkit nodes" "sf nodes" "ratio" "FEN"
status=0
for fen in "${fens[@]}"; do
  # fenkit prints "perft(6): N nodes in T s (R M nodes/s)" on standard error.
  report=$("$fenkit" perft --depth "$depth" "$fen" 2>&1 >/dev/null | grep '^perft(')
  fk_nodes=$(sed -E 's/^perft\([0-9]+\): ([0-9]+) nodes in ([0-9.]+) s.*/\1/' <<< "$report")
  fk_seconds=$(sed -E 's/^perft\([0-9]+\): ([0-9]+) nodes in ([0-9.]+) s.*/\2/' <<< "$report")

  read -r sf_nodes sf_seconds < <(stockfish_run "$fen" "$depth")

  fk_rate=$(echo "$fk_nodes / $fk_seconds / 1000000" | bc -l)
  sf_rate=$(echo "$sf_nodes / $sf_seconds / 1000000" | bc -l)
  ratio=$(echo "$fk_rate / $sf_rate" | bc -l)
  printf '%-12.1f %-12.1f %14s %14s %8.2f  %s\n' "$fk_rate" "$sf_rate" "$fk_nodes" "$sf_nodes" "$ratio" "$fen"
  if [ "$fk_nodes" != "$sf_nodes" ]; then
    echo "COUNTS DIFFER for $fen" >&2
    status=1
  fi
done
echo "ratio = fenkit nodes/s divided by Stockfish nodes/s at depth $depth (above 1: fenkit is faster)"
exit $status
