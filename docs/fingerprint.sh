#!/usr/bin/env bash
# fingerprint.sh BINARY OUTDIR: what a binary does, in files that a later
# binary must reproduce byte for byte when only the code's shape changed:
# perft 5, fixed-depth node counts and moves of the bench positions (the
# heuristic and the champion network), and the game records of a seeded
# fixed-depth match and tournament (dates and progress lines left out).
# Compare two binaries with: diff -r OUT1 OUT2
set -e
T=$1; O=$2; rm -rf "$O"; mkdir -p "$O"; cd "$O"
$T perft 5 | awk '{print $1,$2}' > perft5.txt
$T bench search -depth 6 -threads 1 | awk '{print $1,$2,$3,$4,$7,$8,$9,$10,$11,$12,$13,$14}' | grep -v max_wall > bench-h.txt
$T bench search -depth 5 -threads 1 -eval cnn:champion | awk '{print $1,$2,$3,$4,$7,$8,$9,$10,$11,$12,$13}' | grep -v max_wall > bench-c.txt
$T match -a cnn:champion -b heuristic -games 8 -depth 3 -seed 7 -records match > match.txt 2>&1
$T tournament -players heuristic,cnn:champion,cnn:learned2 -games 4 -depth 2 -seed 3 -records tourn > tourn.txt 2>&1
grep -v "^games:\|^score [01]" match.txt > m && mv m match.txt; grep -v '^games:' tourn.txt > t && mv t tourn.txt
find . -name 'game-*.txt' -exec sed -i '/^Date:/d' {} +
