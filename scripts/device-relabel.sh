#!/bin/sh
# Self-play positions searched again, far deeper than the self-play move (`uttt relabel-value`), on a
# many-core machine lent for a few minutes (the device tool): one shard a core, each stopped after SECONDS,
# the records compressed into $OUT as one archive, relabel.tar (the tool returns at most 8 files a call).
# The input travels compressed (carry is limited to 64 MiB):
#
#   here: xz -T2 -c data/gen29/gen29.txt > data/relabel/in.txt.xz        (carry data/relabel and target/release/uttt)
#   run:  scripts/device-relabel.sh
#   here: tar -xf FILES_AT/relabel.tar -C data/relabel/ && xz -dc data/relabel/shard-*.txt.xz > data/relabel/deep.txt
#
# A later call with FROM=data/relabel (the earlier shards carried too) resumes every shard where it stopped.
# About 13 positions a second a core at 51,200 iterations (docs/journal/training.md, "Deeper values").
set -u
. "$(dirname "$0")/device-shards.sh"
B=${UTTT:-./target/release/uttt}
IN=${IN:-data/relabel/in.txt.xz}
SEED=${SEED:-1}
SHARDS=${SHARDS:-$(nproc)}
SECONDS_PER_CALL=${SECONDS:-530}
ITERATIONS=${ITERATIONS:-51200}
EVERY=${EVERY:-8}
OUT=${OUT:?the device tool sets OUT}
FROM=${FROM:-}
WORK=$(mktemp -d)
$B bench --signature
xz -dc "$IN" > "$WORK/in.txt"
for k in $(seq 0 $((SHARDS - 1))); do
  resume_shard "$FROM" "$WORK" "$k"
  timeout "$SECONDS_PER_CALL" $B relabel-value --data "$WORK/in.txt" --iterations "$ITERATIONS" --every "$EVERY" \
    --seed "$SEED" --shard "$k/$SHARDS" --jobs 1 --out "$WORK/shard-$k.txt" 2>/dev/null &
done
wait
pack_shards "$WORK" "$SHARDS" "$OUT/relabel.tar"
echo "$(cat "$WORK"/shard-*.txt | wc -l) records in $SHARDS shards, seed $SEED, $ITERATIONS iterations"
