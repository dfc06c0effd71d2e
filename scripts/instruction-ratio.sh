#!/usr/bin/env bash
# Two builds' instructions an iteration on the same positions, counted by callgrind: exact and the same on
# any machine, where a timed figure here spreads by a fifth from run to run. Each build analyses the first
# PLIES moves of LINES games of scripts/same-positions.txt (`uttt analyse GAME --exact 0 --jobs 1`, which
# every build since the analyser has) at 1,000 and at 5,000 iterations a search; the difference of the
# two counts is 4,000 iterations of every search, with start-up, weights and each search's set-up taken
# out. Prints each game's ratio (OLD over NEW: above 1, the new build does an iteration in fewer
# instructions) and their mean. Both builds search the same positions with their own nets and settings:
# for a change that keeps the moves it is the same work; between versions, like work.
#
#   scripts/instruction-ratio.sh OLD_BINARY NEW_BINARY [LINES] [PLIES]     (default 2 games, 36 plies)
#   scripts/instruction-ratio.sh "$(scripts/baseline.sh 5b4599c)" target/release/uttt
#
# Needs valgrind; about 15 s a game and build.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1
new=$2
lines=${3:-2}
plies=${4:-36}
instructions() {
  valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" analyse "$2" --iterations "$3" --exact 0 \
    --jobs 1 2>&1 > /dev/null | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
grep -v -e '^#' -e '^$' scripts/same-positions.txt | head -n "$lines" | while read -r line; do
  game=$(echo "$line" | cut -d' ' -f1-"$plies")
  counts=()
  for binary in "$old" "$new"; do
    counts+=("$(instructions "$binary" "$game" 1000)" "$(instructions "$binary" "$game" 5000)")
  done
  echo "${counts[*]}"
done | python3 -c '
import sys
ratios = []
for k, line in enumerate(sys.stdin, 1):
    a1, a5, b1, b5 = map(int, line.split())
    ratios.append((a5 - a1) / (b5 - b1))
    print(f"game {k}: 4,000 iterations a search: old {a5 - a1:,} instructions, new {b5 - b1:,}; ratio {ratios[-1]:.3f}")
print(f"mean ratio (old over new) {sum(ratios) / len(ratios):.3f} over {len(ratios)} games")
'
