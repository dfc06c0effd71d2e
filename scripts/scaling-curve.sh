#!/usr/bin/env bash
# The data scaling curve (issue 71; docs/training.md, "How much data"): the shipped net's shape (298 inputs,
# 64 squared units, 4 buckets) trained from scratch on the first N records of one self-play file, for each
# N, every net validated on the same held-out games (another run's, never trained on), so that the losses
# compare. Prints one row a size: records, validation cross-entropy (quantised) against the training target
# and against the results alone, seconds. Generated files stay under OUT_DIR (out of git).
#
#   scripts/scaling-curve.sh DATA HELDOUT OUT_DIR N...
#   scripts/scaling-curve.sh data/gen30/cheap.txt data/gen30/heldout-full.txt data/curve 250000 500000 1000000
#
# EPOCHS (default 20), THREADS (2) and UTTT (./target/release/uttt) may be set in the environment.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 4 ] || { sed -n 2,11p "$0" >&2; exit 2; }
data=$1 heldout=$2 out=$3
shift 3
U=${UTTT:-./target/release/uttt}
mkdir -p "$out"
echo "| records | validation loss (target) | against the results | seconds |"
echo "|---:|---:|---:|---:|"
for n in "$@"; do
  net=$out/net-$n
  mkdir -p "$net"
  head -n "$n" "$data" > "$net/data.txt"
  "$U" train-value --data "$net/data.txt" --valid "$heldout" --squared --symmetries 8 \
    --epochs "${EPOCHS:-20}" --threads "${THREADS:-2}" --seed 1 --out "$net/value.txt" 2> "$net/train.log"
  rm "$net/data.txt"
  m=$net/MANIFEST.txt
  records=$(sed -n 's/^data: \([0-9]*\) positions.*/\1/p' "$m")
  loss=$(sed -n 's/^validation cross-entropy: .*quantised \([0-9.]*\),.*/\1/p' "$m")
  results=$(sed -n 's/^against the results alone: .*quantised \([0-9.]*\)$/\1/p' "$m")
  seconds=$(sed -n 's/^training: \([0-9]*\) s.*/\1/p' "$m")
  echo "| $records | $loss | $results | $seconds |"
done
