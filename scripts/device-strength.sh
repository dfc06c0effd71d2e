#!/bin/sh
# The strength matches on a 16-core machine, side by side (a 2-core machine runs them one at a time with
# --jobs 2, docs/strength.md): the bot against the frozen baseline from the empty board, and against the
# baseline given twice its time. Logs come back gzipped in $OUT.
set -u
B=./target/release/uttt
BASE=./target/baseline/uttt
$B bench --signature
start=$(date +%s)
timeout 372 $B arena "$B" "$BASE" --games 800 --jobs 10 --seed 4721 --log "$OUT/empty.log" >"$OUT/empty.txt" 2>&1 &
timeout 372 $B arena "$B" "$BASE --time-ms 180 --first-time-ms 1800" --time-ms 200 --first-time-ms 2000 \
  --games 250 --jobs 5 --seed 4722 --log "$OUT/odds.log" >"$OUT/odds.txt" 2>&1 &
wait
echo "matches done after $(( $(date +%s) - start )) s"
for m in empty odds; do
  tr '\r' '\n' <"$OUT/$m.txt" | grep -v '^games [0-9]*/' | tail -12
  $B slips "$OUT/$m.log" 2>&1 | tail -8
  gzip -f "$OUT/$m.log"
done
