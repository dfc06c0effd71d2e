#!/usr/bin/env bash
# Two builds' search loops timed on the same fixed workload (`uttt bench --midgame-iterations N`: each build's
# six midgame positions searched for exactly N iterations each), alternated in A B B A order so that neither
# build always runs first, RUNS pairs; prints the median of the pairs' time ratios (NEW over OLD: below 1 is
# faster) with its 95 % interval (distribution-free, from the order statistics of the ratios).
#
#   scripts/speed-ab.sh OLD_BINARY NEW_BINARY [RUNS] [ITERATIONS]     (default 20 pairs of 20,000; alone)
#   POSITIONS=scripts/same-positions.txt scripts/speed-ab.sh OLD NEW [RUNS] [ITERATIONS]
#   BENCH_ARGS="--positions scripts/same-positions.txt --plies 20,32" scripts/speed-ab.sh OLD NEW
#
# BENCH_ARGS is added to each `bench --midgame-iterations` (builds since 2026-12-04 read `--positions`:
# the same positions for both builds, their search loops alone timed).
#
# With POSITIONS (a file of games, one move list a line), each run is instead `uttt analyse` of every
# position of those games, ITERATIONS each, no exact solving, timed whole (start-up and each search's
# fresh tree included): both builds search the same positions, with their own nets and settings, which
# `bench`'s midgame positions (each build's own self-play) are not. scripts/same-positions.txt holds
# plies 0-39 of six games of today's bot against 5b4599c from the balanced openings (seed 8510).
#
# For a change that keeps the moves (the signature unchanged) this is the search's time for the same work;
# for one that changes them, the trees differ and the ratio is a rough one. Here the ratio of one binary
# against itself spans about ±5 % in 30 pairs (docs/journal/2026-12-03-what-limits-an-iteration.md): a
# step smaller than that needs more pairs or callgrind's instruction counts.
set -euo pipefail
old=$1
new=$2
runs=${3:-20}
iterations=${4:-20000}
loop_seconds() {
  if [[ -n "${POSITIONS:-}" ]]; then
    local start
    start=$(date +%s.%N)
    while read -r game; do
      "$1" analyse "$game" --iterations "$iterations" --exact 0 --jobs 1 > /dev/null 2>&1
    done < "$POSITIONS"
    awk -v start="$start" -v end="$(date +%s.%N)" 'BEGIN { print end - start }'
  else
    # shellcheck disable=SC2086 # BENCH_ARGS is words
    "$1" bench --midgame-iterations "$iterations" ${BENCH_ARGS:-} 2>&1 | sed -n 's/.*the search loops \([0-9.]*\) s.*/\1/p'
  fi
}
for k in $(seq "$runs"); do
  if ((k % 2)); then
    a=$(loop_seconds "$old")
    b=$(loop_seconds "$new")
  else
    b=$(loop_seconds "$new")
    a=$(loop_seconds "$old")
  fi
  echo "$a $b"
done | python3 -c '
import statistics, sys
sys.path.insert(0, sys.argv[1])
from median_interval import median_interval
pairs = [tuple(map(float, line.split())) for line in sys.stdin if line.strip()]
median, low, high = median_interval(b / a for a, b in pairs)
old = [a for a, _ in pairs]
new = [b for _, b in pairs]
print(f"{len(pairs)} pairs: old median {statistics.median(old):.4f} s, new median {statistics.median(new):.4f} s")
if low is None:
    print(f"new / old time: median {median:.3f} (too few pairs for an interval)")
else:
    print(f"new / old time: median {median:.3f} (95 % {low:.3f} .. {high:.3f}); speed ratio {1 / median:.3f}")
' "$(dirname "$0")"
