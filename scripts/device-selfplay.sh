#!/bin/sh
# Self-play records for the value net on a many-core machine lent for a few minutes (the device tool):
# one shard a core, each stopped after SECONDS, the records compressed into $OUT, since generated data
# stays out of git and does not outlive the machine. The shards come back in one archive, shards.tar: the
# tool returns at most 8 files a call. A later call with the same SEED and FROM, a folder holding an
# earlier call's shards (carried to the machine), resumes every shard where it stopped:
#
#   run: SEED=29 scripts/device-selfplay.sh                (carry target/release/uttt)
#   here: tar -xf FILES_AT/shards.tar -C data/gen29/       (then run: SEED=29 FROM=data/gen29 …, carry it too)
#   at the end: xz -dc data/gen29/shard-*.txt.xz > data/gen29/gen29.txt   (incomplete games are dropped when read)
#
# About 83 positions a second a core on a 16-core device at 6,400 iterations (docs/journal/training.md,
# "Gen-25", "Gen-29"): 16 cores × 520 s ≈ 0.7 M positions, 6 bytes a position once compressed.
set -u
. "$(dirname "$0")/device-shards.sh"
B=${UTTT:-./target/release/uttt}
SEED=${SEED:-29}
SHARDS=${SHARDS:-$(nproc)}
SECONDS_PER_CALL=${SECONDS:-530}
ITERATIONS=${ITERATIONS:-6400}
OUT=${OUT:?the device tool sets OUT}
FROM=${FROM:-}
WORK=$(mktemp -d)
$B bench --signature
for k in $(seq 0 $((SHARDS - 1))); do
  resume_shard "$FROM" "$WORK" "$k"
  timeout "$SECONDS_PER_CALL" $B selfplay-value --games 60000 --seed "$SEED" --shard "$k/$SHARDS" \
    --iterations "$ITERATIONS" --jobs 1 --out "$WORK/shard-$k.txt" 2>/dev/null &
done
wait
pack_shards "$WORK" "$SHARDS" "$OUT/shards.tar"
echo "$(cat "$WORK"/shard-*.txt | wc -l) records in $SHARDS shards, seed $SEED"
