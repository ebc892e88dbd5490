#!/usr/bin/env bash
# Times fenkit against pgn-extract, single thread unless said, and prints both times, the
# throughputs and their ratio, from one invocation:
#   replay      FEN after every ply          fenkit replay -j1 / -j2   vs pgn-extract --fencomments
#   check       every move replayed          fenkit check -j1          vs pgn-extract -r
#   parse       syntax only                  fenkit check --syntax-only (pgn-extract has none)
#   data set    lichess-style archive: replay -f csv with --tags --eval --clock --next against
#               plain replay -f csv (the cost of the columns) and pgn-extract --fencomments
#   selection   fenkit pgn against pgn-extract: by player, by rating, by position, duplicates,
#               exports (without comments, NAGs and variations; as read; without check marks),
#               rook endings (material), a ply limit with quiescence, variations as games, what
#               happens in a game (mate, stalemate, fifty moves, repetition, underpromotion),
#               FEN and key comments, HashCode and TotalPlyCount tags, plies dropped, duplicates
#               by position, long algebraic, marked matches, a check file, an ECO file, files
#               by ECO code; each says whether both wrote the same games in the same order
#
# Usage: bench/compare_pgn_extract.sh [ARCHIVE] [RUNS]
#   ARCHIVE  a PGN file, compressed or not (default: the corpus benchmark archive)
#   RUNS     runs per command; the fastest is kept (default 3)
# FENKIT (environment) names the fenkit binary (default build/tools/fenkit). FENKIT_BASELINE, if
# set, names another one (an older build, say): each selection row then times it too, and says
# how many times faster FENKIT is ("n/a" where the baseline lacks an option). The lichess-style
# copy of the archive is made once by bench/make_lichess_style.py and kept in
# ${XDG_CACHE_HOME:-~/.cache}/fenkit-bench.
set -euo pipefail
cd "$(dirname "$0")/.."

archive=${1:-../shared/corpus/big/pgnmentor-masters-76k.pgn.zst}
runs=${2:-3}
fenkit=${FENKIT:-build/tools/fenkit}
baseline=${FENKIT_BASELINE:-}
pgn_extract=$(command -v pgn-extract || echo /usr/games/pgn-extract)
[ -x "$fenkit" ] || { echo "no fenkit binary at $fenkit (build first)" >&2; exit 2; }
[ -z "$baseline" ] || [ -x "$baseline" ] || { echo "no baseline binary at $baseline" >&2; exit 2; }
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

# A command that may exit 1, as fenkit does when some games are rejected (and reported).
with_rejects() { "$@" || [ $? -eq 1 ]; }

describe() {  # file: bytes and positions
  bytes=$(stat -c %s "$1")
  positions=$(with_rejects "$fenkit" replay -q -j2 "$1" | wc -l)
  games=$(with_rejects "$fenkit" pgn --count "$1" | cut -d' ' -f1)
  echo "input: $1 ($(calc "$bytes / 1000000") MB, $games games, $positions positions)"
  echo
}

row() {  # label seconds
  printf '%-46s %7.2f s %8.1f MB/s %7.2f M positions/s\n' "$1" "$2" \
    "$(calc "$bytes / $2 / 1000000")" "$(calc "$positions / $2 / 1000000")"
}

games_in() { grep -ac '^\[Event ' "$1" || true; }

# The games of a PGN file, one line each: the roster tags that name a game (both programs write
# every roster tag, "?" where the input has none), so that two outputs compare game by game.
# Bytes above ASCII are left out: fenkit writes a name in Latin-1 as UTF-8, pgn-extract as read.
game_list() {
  grep -a -E '^\[(Event|Site|Date|Round|White|Black) ' "$1" | LC_ALL=C tr -d '\200-\377' |
    paste -d'|' - - - - - - || true
}

# pair LABEL "FENKIT ARGS" "PGN-EXTRACT ARGS": both timed on $pgn, how many times faster, and
# whether both wrote the same games in the same order (else how many each wrote).
pair() {
  local f p nf np same
  # shellcheck disable=SC2086
  f=$(fastest "$fenkit" $2 "$pgn")
  # shellcheck disable=SC2086
  p=$(fastest "$pgn_extract" -s $3 -o /dev/null "$pgn")
  # shellcheck disable=SC2086
  "$fenkit" $2 "$pgn" >"$work/fenkit.pgn" 2>/dev/null || true
  # shellcheck disable=SC2086
  "$pgn_extract" -s $3 -o "$work/pgn-extract.pgn" "$pgn" 2>/dev/null || true
  nf=$(games_in "$work/fenkit.pgn")
  np=$(games_in "$work/pgn-extract.pgn")
  if cmp -s <(game_list "$work/fenkit.pgn") <(game_list "$work/pgn-extract.pgn"); then
    same="same $nf games"
  else
    same="other games: fenkit $nf, pgn-extract $np"
  fi
  printf '%-30s fenkit %6.2f s   pgn-extract %6.2f s   %5.1fx   %s' "$1" "$f" "$p" \
    "$(calc "$p / $f")" "$same"
  if [ -n "$baseline" ]; then
    local b status=0
    # shellcheck disable=SC2086
    "$baseline" $2 "$pgn" >/dev/null 2>&1 || status=$?
    if [ "$status" -eq 2 ]; then  # a usage error: an option it does not have
      printf '   baseline n/a'
    else
      # shellcheck disable=SC2086
      b=$(fastest "$baseline" $2 "$pgn")
      printf '   baseline %6.2f s, %.2fx' "$b" "$(calc "$b / $f")"
    fi
  fi
  printf '\n'
}

describe "$pgn"

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
printf 'check speed-up: %.1fx\n\n' "$(calc "$pe_check / $fk_check")"

echo "selection (fenkit pgn -j1 against pgn-extract):"
tagfile=$work/elo.txt
printf 'WhiteElo >= "2600"\nBlackElo >= "2600"\n' >"$tagfile"
ruy='r1bqkbnr/pppp1ppp/2n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 3 3'
ruy_key=$("$fenkit" book key "$ruy")
pair "by player" "pgn -q -j1 --player Carlsen" "-TpCarlsen"
# One masters game has [WhiteElo "2690:2222"]: pgn-extract reads its leading digits and selects
# it, fenkit counts a rating that is not a whole number as none, so the counts differ by one.
pair "by rating (both >= 2600)" "pgn -q -j1 --min-elo 2600" "-t $tagfile"
# The FEN has blanks: fenkit gets it through --position-file.
printf '%s\n' "$ruy" >"$work/ruy.fen"
pair "by position (Ruy Lopez)" "pgn -q -j1 --position-file $work/ruy.fen" "-H$ruy_key"
pair "duplicates" "pgn -q -j1 --unique" "-D"
pair "export without comments" "pgn -q -j1 --no-comments --no-nags --no-variations" "-C -N -V"
pair "export" "pgn -q -j1" ""
pair "export, no check marks" "pgn -q -j1 --nochecks" "--nochecks"
printf 'r+p* r=p*\n' >"$work/rooks.txt"
pair "rook endings (material)" "pgn -q -j1 --material-file $work/rooks.txt" "-z$work/rooks.txt"
pair "first 20 plies, 3 quiet" "pgn -q -j1 --plylimit 20 --quiescent 3" "--plylimit 20 --quiescent 3"
pair "variations as games" "pgn -q -j1 --splitvariants" "--splitvariants"
pair "checkmate" "pgn -q -j1 --checkmate" "--checkmate"
pair "stalemate" "pgn -q -j1 --stalemate" "--stalemate"
pair "fifty-move rule" "pgn -q -j1 --fifty" "--fifty"
# fenkit counts an en-passant square only where a pawn can take there (docs/program.md).
pair "threefold repetition" "pgn -q -j1 --repetition" "--repetition"
pair "underpromotion" "pgn -q -j1 --underpromotion" "--underpromotion"
pair "FEN after every move" "pgn -q -j1 --fencomments" "--fencomments"
pair "key after every move" "pgn -q -j1 --hashcomments" "--hashcomments"
pair "HashCode tag" "pgn -q -j1 --addhashcode" "--addhashcode"
pair "TotalPlyCount tag" "pgn -q -j1 --totalplycount" "--totalplycount"
pair "first 10 plies dropped" "pgn -q -j1 --dropply 10" "--dropply 10"
pair "duplicates after 20 plies" "pgn -q -j1 --unique --fuzzydepth 20" "-D --fuzzydepth 20"
pair "long algebraic" "pgn -q -j1 --notation xlalg" "-Wxlalg"
pair "rook endings marked" "pgn -q -j1 --material-file $work/rooks.txt --markmatches MM" \
  "-z$work/rooks.txt --markmatches MM"
"$pgn_extract" -s --stopafter 2000 -o "$work/check.pgn" "$pgn" 2>/dev/null || true  # the first 2,000 games
pair "games also in another file" "pgn -q -j1 --unique --checkfile $work/check.pgn" "-D -c$work/check.pgn"
if [ -f /usr/share/pgn-extract/eco.pgn ]; then
  pair "ECO from pgn-extract's eco.pgn" "pgn -q -j1 --add-eco --eco-file /usr/share/pgn-extract/eco.pgn" \
    "-e/usr/share/pgn-extract/eco.pgn"
fi
# Files by ECO code: pgn-extract writes them into the folder it runs in.
mkdir -p "$work/eco-fenkit" "$work/eco-pgn-extract"
f=$(fastest "$fenkit" pgn -q -j1 --split-by eco -o "$work/eco-fenkit/games.pgn" "$pgn")
p=$(fastest sh -c "cd '$work/eco-pgn-extract' && rm -f ./*.pgn && '$pgn_extract' -s -E3 '$pgn'")
printf '%-30s fenkit %6.2f s   pgn-extract %6.2f s   %5.1fx   files: fenkit %s, pgn-extract %s\n' \
  "files by ECO code" "$f" "$p" "$(calc "$p / $f")" "$(ls "$work/eco-fenkit" | wc -l)" \
  "$(ls "$work/eco-pgn-extract" | wc -l)"
echo

# The data set columns, on a lichess-style copy of the archive.
cache=${XDG_CACHE_HOME:-$HOME/.cache}/fenkit-bench
mkdir -p "$cache"
# Keyed by the archive's and the generator's contents, as bench/compare_peers.sh keys it (the
# two scripts share the copy).
key=$( (sha256sum <"$pgn"; sha256sum <bench/make_lichess_style.py) | sha256sum | cut -c1-16)
lichess=$cache/lichess-style-$key.pgn
if [ ! -s "$lichess" ]; then
  echo "making $lichess (once)" >&2
  /usr/bin/python3 bench/make_lichess_style.py "$pgn" "$lichess.part" >&2 && mv "$lichess.part" "$lichess"
fi
pgn=$lichess
describe "$pgn"
columns="--tags White,Black,WhiteElo,BlackElo,Result --eval --clock --next"
plain=$(fastest "$fenkit" replay -q -j1 -f csv "$pgn")
# shellcheck disable=SC2086
dataset=$(fastest "$fenkit" replay -q -j1 -f csv $columns "$pgn")
pe_fencomments=$(fastest "$pgn_extract" -s --fencomments -o /dev/null "$pgn")
row "fenkit replay -j1 -f csv" "$plain"
row "fenkit replay -j1 -f csv $columns" "$dataset"
row "pgn-extract --fencomments" "$pe_fencomments"
printf 'the columns cost %.0f%% more time; %.1fx faster than pgn-extract --fencomments\n' \
  "$(calc "($dataset / $plain - 1) * 100")" "$(calc "$pe_fencomments / $dataset")"
