#!/usr/bin/env bash
# The submitted file compiled as a new user might, or as an arena might build it: `rustc --edition 2021`
# without `-O` (debug assertions and overflow checks on, about thirty times fewer iterations). Such a
# bot must still never lose on time and never panic (docs/rules.md, "The clock"). This script compiles
# dist/uttt.rs so, checks that its first turn's log line says so, and plays a few games against the
# cargo-built bot through the real protocol. Any panic, illegal or malformed answer fails it; so does a
# time-out past a 20 ms grace (a shared CI machine can stall a turn; docs/strength.md has the grace-free
# matches of 40 and more games).
set -euo pipefail
cd "$(dirname "$0")/.."
GAMES=${GAMES:-4}

cargo build --release -q
cargo run --release -q -p bundler -- --root "$PWD" --out dist/uttt.rs --no-check
rustc --edition 2021 dist/uttt.rs -o dist/uttt-debug 2>/dev/null
echo "dist/uttt.rs compiles without -O"

first=$(printf -- '-1 -1\n81\n' ; for r in 0 1 2 3 4 5 6 7 8; do for c in 0 1 2 3 4 5 6 7 8; do echo "$r $c"; done; done)
line=$(echo "$first" | dist/uttt-debug 2>&1 >/dev/null | grep '^turn 1 ' || true)
case "$line" in
  *"build: debug assertions on"*) echo "its first turn says: ${line#*(search: }" ;;
  *) echo "check-bundle-debug: the unoptimised bundle's first turn does not say so: $line" >&2; exit 1 ;;
esac

summary=$(./target/release/uttt arena dist/uttt-debug "./target/release/uttt --quiet" --games "$GAMES" --jobs 1 \
  --seed 5 --grace-ms 20 --quiet --json --log dist/check-bundle-debug.log)
echo "$summary"
faults=$(echo "$summary" | grep -o '"\(timeouts\|malformed\|illegal\|crashes\)": [0-9]*' | awk '{s += $2} END {print s + 0}')
games=$(echo "$summary" | grep -o '"games": [0-9]*' | head -1 | awk '{print $2}')
if [ "$games" != "$GAMES" ] || [ "$faults" != 0 ]; then
  echo "check-bundle-debug: the unoptimised bundle played $games games with $faults faults" >&2
  # The faulted games as logged (moves, times, the bots' stderr notes), so that a failure explains itself.
  grep -v '"fault": null' dist/check-bundle-debug.log >&2 || true
  exit 1
fi
echo "check-bundle-debug: OK ($GAMES games against the optimised bot, no faults)"
