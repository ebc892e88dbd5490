#!/usr/bin/env bash
# Makes the seed corpora of the fuzz targets (fuzz/corpus/TARGET/seed-*) from the test
# fixtures. Inputs that once broke a property (regression-*) are kept beside them by hand.
# Needs a built fenkit program for the book seeds: fuzz/make-seeds.sh [path/to/fenkit]
set -euo pipefail
cd "$(dirname "$0")/.."
fenkit=${1:-build/tools/fenkit}
corpus=fuzz/corpus
data=tests/data

for target in fuzz_fen fuzz_san fuzz_pgn fuzz_epd fuzz_book; do
  mkdir -p "$corpus/$target"
  rm -f "$corpus/$target"/seed-*
done

# FEN: one position per file, from the FEN and perft fixtures (the perft counts cut off).
n=0
{ grep -v '^#' examples/positions.fen; grep -v '^#' "$data/fen/perft.epd" | sed 's/ *;.*//'; } |
  grep -v '^$' | sort -u | while IFS= read -r fen; do
  printf '%s' "$fen" > "$corpus/fuzz_fen/seed-$(printf %03d $n)"
  n=$((n + 1))
done

# SAN: the first byte chooses one of the target's fixed positions, the rest is the token; and
# "FEN\ntoken" for a position of its own.
n=0
add_san() {
  printf '%b%s' "$1" "$2" > "$corpus/fuzz_san/seed-$(printf %03d $n)"
  n=$((n + 1))
}
for token in e4 Nf3 O-O O-O-O 0-0 e2e4 e2-e4 Ng1-f3 Ng1xf3 exd5 ed5 e8=Q e8Q 'e8(Q)' e8/Q e8=q \
             Nbd2 R1e2 Qh4xe1 'Nf3+' 'Qxf7#' '--' Z0 'e4!?' 'Nf3??' e1g1 a7b8q e5f6; do
  for position in '\x00' '\x01' '\x03' '\x04' '\x05' '\x06' '\x08' '\x09'; do
    add_san "$position" "$token"
  done
done
add_san '' $'r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1\nO-O-O'
add_san '' $'7k/P7/8/8/8/8/8/K7 w - - 0 1\na8=Q+'

# PGN: each fixture file whole (all are a few kilobytes at most).
for f in "$data"/pgn/*.pgn "$data"/pgn/quirks/*.pgn; do
  cp "$f" "$corpus/fuzz_pgn/seed-$(basename "$f")"
done

# EPD: each fixture file whole, and each of its records alone.
for f in "$data"/epd/*.epd; do
  name=$(basename "$f" .epd)
  cp "$f" "$corpus/fuzz_epd/seed-$name"
  i=0
  while IFS= read -r line || [ -n "$line" ]; do
    printf '%s\n' "$line" > "$corpus/fuzz_epd/seed-$name-$(printf %02d $i)"
    i=$((i + 1))
  done < "$f"
done
cp "$data/fen/perft.epd" "$corpus/fuzz_epd/seed-perft"

# Books: built by fenkit from the PGN fixtures, and a few small and broken ones.
"$fenkit" book build -q --min-games 1 "$data/pgn/suite.pgn" -o "$corpus/fuzz_book/seed-suite.bin"
"$fenkit" book build -q --min-games 1 "$data/pgn/annotated.pgn" "$data/pgn/replay-oracle.pgn" \
  -o "$corpus/fuzz_book/seed-games.bin"
head -c 48 "$corpus/fuzz_book/seed-suite.bin" > "$corpus/fuzz_book/seed-three-entries.bin"
head -c 40 "$corpus/fuzz_book/seed-suite.bin" > "$corpus/fuzz_book/seed-truncated.bin"
: > "$corpus/fuzz_book/seed-empty.bin"

du -sh "$corpus"
