#!/usr/bin/env bash
# Imports PGN files with position_index and checks its answers against the fenkit program on
# the same files, for a list of positions:
#   games FEN   the game numbers equal those `fenkit pgn --position FEN` selects;
#   moves FEN   each move's times played, games and their results equal what `fenkit replay` rows show
#               (the position's rows, their next move and the game's Result), and each move's
#               weight in a book `fenkit book build --min-games 1` makes of the same files is
#               the points of the times played (2 a win, 1 a draw or an unknown result of the
#               side to move).
# Every position must have been reached by at least one game, or the check proves nothing.
#
# Usage: check_against_fenkit.sh POSITION_INDEX FENKIT FENS_FILE PGN...
#   FENS_FILE: one FEN per line (positions without an en-passant square).
# Exit status: 0 all equal, 1 a difference (shown), 77 no PGN file exists (skipped).
set -euo pipefail
index=$1 fenkit=$2 fens_file=$3
shift 3
for f in "$@"; do
  [ -e "$f" ] || { echo "skipped: $f is absent"; exit 77; }
done
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Rejected games are reported and left out by both sides alike; the status says so.
"$index" import "$tmp/index.sqlite" "$@" 2>"$tmp/import.log" || true
cat "$tmp/import.log"
"$fenkit" replay -q -f csv --with-start --ep legal --tags Result --next "$@" >"$tmp/replay.csv" || true
"$fenkit" book build -q --min-games 1 -o "$tmp/book.bin" "$@" || true

failed=0
differ() {  # what, expected file, actual file
  if ! diff -u "$2" "$3" >"$tmp/diff"; then
    echo "DIFFERENT: $1"
    cat "$tmp/diff"
    failed=1
  fi
}

while IFS= read -r fen; do
  [ -n "$fen" ] || continue
  echo "position: $fen"
  # Games: by number.
  "$index" games "$tmp/index.sqlite" "$fen" | tail -n +2 | cut -f1 >"$tmp/games.index"
  "$fenkit" pgn -q -f jsonl --position "$fen" "$@" | grep -o '"game":[0-9]*' | cut -d: -f2 \
    >"$tmp/games.fenkit" || true
  if [ ! -s "$tmp/games.fenkit" ]; then
    echo "no game reaches $fen: the check would prove nothing"
    failed=1
  fi
  differ "games reaching $fen" "$tmp/games.fenkit" "$tmp/games.index"
  echo "  $(wc -l <"$tmp/games.index") games"

  # Moves: from the replay rows of the position (the FEN's first four fields).
  "$index" moves "$tmp/index.sqlite" "$fen" | tail -n +2 |
    awk -F'\t' '{print $1, $2, $3, $4, $5, $6}' | sort >"$tmp/moves.index"
  awk -F, -v want="$(echo "$fen" | cut -d' ' -f1-4)" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    {
      split($col["fen"], f, " ")
      if (f[1] " " f[2] " " f[3] " " f[4] != want || $col["next_uci"] == "") next
      m = $col["next_uci"]; r = $col["Result"]
      played[m]++
      # Results count once a game, however often it played the move here.
      if ((m, $col["game"]) in seen) next
      seen[m, $col["game"]] = 1
      games[m]++
      white[m] += r == "1-0"; draws[m] += r == "1/2-1/2"; black[m] += r == "0-1"
    }
    END { for (m in played) print m, played[m], games[m], white[m] + 0, draws[m] + 0, black[m] + 0 }
  ' "$tmp/replay.csv" | sort >"$tmp/moves.replay"
  differ "moves from $fen" "$tmp/moves.replay" "$tmp/moves.index"
  echo "  $(wc -l <"$tmp/moves.index") moves"

  # The book's weights: the mover's points over the times played (from the replay rows), where
  # there are any (an unknown result counts as a draw, as in Polyglot).
  side=$(echo "$fen" | cut -d' ' -f2)
  awk -F, -v want="$(echo "$fen" | cut -d' ' -f1-4)" -v side="$side" '
    NR == 1 { for (i = 1; i <= NF; i++) col[$i] = i; next }
    {
      split($col["fen"], f, " ")
      if (f[1] " " f[2] " " f[3] " " f[4] != want || $col["next_uci"] == "") next
      r = $col["Result"]
      win = side == "w" ? r == "1-0" : r == "0-1"
      loss = side == "w" ? r == "0-1" : r == "1-0"
      points[$col["next_uci"]] += 2 * win + (!win && !loss)
    }
    END { for (m in points) if (points[m] > 0) print m, points[m] }
  ' "$tmp/replay.csv" | sort >"$tmp/book.index"
  { "$fenkit" book probe "$tmp/book.bin" "$fen" || true; } | awk '{print $2, $3}' | sort \
    >"$tmp/book.fenkit"
  differ "book weights of $fen" "$tmp/book.fenkit" "$tmp/book.index"
done <"$fens_file"

[ "$failed" -eq 0 ] && echo "all answers agree with fenkit"
exit "$failed"
