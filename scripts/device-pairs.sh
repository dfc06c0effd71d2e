#!/bin/sh
# A candidate against the shipped bot over the balanced openings' pairs on a many-core machine lent for a few
# minutes (the device tool): one match a seed, side by side, each with JOBS games at a time (a 2-core machine
# runs one match with --jobs 2, docs/strength.md). A log grows game by game and LIMIT stops a match that runs
# long, but a call past the tool's limit brings nothing back, so size GAMES to finish: about 4.7 s a game a
# job at the arena's limits (docs/journal/2026-11-strength.md), so 2 seeds × 600 games with 7 jobs each take
# about 400 s (411 s on 2026-11-30). With 14 games on 16 cores each bot waits for a processor now and then,
# and its wait margin gives back about 13 ms of a later turn: both sides alike
# (docs/journal/2026-11-30-device-matches.md). `uttt report` prints the pooled figures and each seed's; the
# logs come back gzipped in $OUT.
#
#   here: carry target/release/uttt and the candidate's folder, e.g. data/w80g
#   run:  CANDIDATE="--value-weights data/w80g/value.txt --rollout-head data/w80g/rollout_head.txt" \
#         SEEDS="7592 7593" scripts/device-pairs.sh
#   here: uttt report FILES_AT/pairs-*.log.gz … --player "uttt …"   (gunzip first)
set -u
B=${UTTT:-./target/release/uttt}
CANDIDATE=${CANDIDATE:?the options of the candidate, after the binary}
SEEDS=${SEEDS:?one match a seed}
GAMES=${GAMES:-600}
JOBS=${JOBS:-7}
LIMIT=${LIMIT:-570}
OUT=${OUT:?the device tool sets OUT}
$B bench --signature
start=$(date +%s)
for s in $SEEDS; do
  timeout "$LIMIT" $B arena "$B $CANDIDATE" "$B" --games "$GAMES" --jobs "$JOBS" --seed "$s" \
    --openings data/openings.txt --log "$OUT/pairs-$s.log" --quiet >"$OUT/pairs-$s.txt" 2>&1 &
done
wait
echo "matches done after $(( $(date +%s) - start )) s"
$B report "$OUT"/pairs-*.log --player "$B $CANDIDATE"
gzip -f "$OUT"/pairs-*.log
