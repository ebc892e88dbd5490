#!/usr/bin/env bash
# Recomputes every count of perft.epd with Stockfish and reports any difference.
# Usage: tests/data/fen/check-perft-with-stockfish.sh [path/to/stockfish]
# A position whose comment line names Chess960 is run with UCI_Chess960 on.
set -euo pipefail
stockfish=${1:-$(command -v stockfish || echo /usr/games/stockfish)}
here=$(dirname "$0")
status=0
chess960=false
while IFS= read -r line; do
  case "$line" in
    '') continue ;;
    '#'*) [[ "$line" == *Chess960* ]] && chess960=true || chess960=false; continue ;;
  esac
  fen=${line%% ;*}
  while read -r depth expected; do
    got=$({ if $chess960; then echo "setoption name UCI_Chess960 value true"; fi
            echo "position fen $fen"; echo "go perft $depth"; echo quit; } |
          "$stockfish" | sed -n 's/^Nodes searched: //p')
    if [ "$got" != "$expected" ]; then
      echo "MISMATCH $fen depth $depth: file $expected, stockfish $got"
      status=1
    fi
  done < <(grep -o ';D[0-9]* [0-9]*' <<< "$line" | sed 's/^;D//')
  echo "ok $($chess960 && echo '(Chess960) ')$fen"
done < "$here/perft.epd"
exit $status
