#!/usr/bin/env bash
# `uttt tune` with each generation's games spread over GNU parallel jobs (one machine, or many with
# PARALLEL_OPTS="--sshlogin 16/host1,16/host2 --workdir ~/uttt --return results-{}.txt --cleanup").
#
#   SHARDS=8 scripts/tune-parallel.sh bot:iters=8000 --param c=0.2:1.2:0.6 --generations 10 --state run.txt
#
# Every shard runs the same deterministic command (`--shard K/N --results FILE`): the generation's
# candidates are in the state file, which each shard reads (or creates identically). When all shards are
# back, `--merge` tells the optimiser and writes the next generation. A stopped loop is resumed by running
# it again: shards skip the games already in their results files, and finished generations are in the state.
set -euo pipefail
UTTT=${UTTT:-./target/release/uttt}
SHARDS=${SHARDS:-2}
ARGS=("$@")
generations=$(printf '%s\n' "${ARGS[@]}" | grep -A1 -x -- --generations | tail -1)
state=$(printf '%s\n' "${ARGS[@]}" | grep -A1 -x -- --state | tail -1)
: "${generations:?pass --generations G}" "${state:?pass --state FILE}"
dir="$state.shards"
mkdir -p "$dir"
while true; do
  done_gens=$( (grep -c '^generation ' "$state" 2>/dev/null || true) | tail -1)
  done_gens=${done_gens:-0}
  [ "$done_gens" -ge "$generations" ] && break
  seq 0 $((SHARDS - 1)) | parallel -j"$SHARDS" ${PARALLEL_OPTS:-} --halt now,fail=1 \
    "$UTTT" tune "${ARGS[@]}" --jobs 1 --shard {}/"$SHARDS" --results "$dir/gen$done_gens-{}.txt"
  "$UTTT" tune "${ARGS[@]}" --merge "$dir"/gen"$done_gens"-*.txt
done
