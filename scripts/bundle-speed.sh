#!/usr/bin/env bash
# The bundled bot's search speed against the release binary's, measured side by side: the two play each
# other (--jobs 1, colours alternating), so every move of one is timed under the same conditions as the
# next move of the other. Prints the bundle's iterations per millisecond over later turns, by phase of the
# game and over all, against the binary's, and their ratios (`uttt report`'s speed line).
# Usage: scripts/bundle-speed.sh [GAMES]   (run it alone on the machine: a compile beside it skews both)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20}
cargo build --release -q
cargo run --release -q -p bundler -- --out dist/uttt.rs >/dev/null
log=$(mktemp)
./target/release/uttt arena "dist/uttt.bin" "./target/release/uttt" --games "$games" --jobs 1 --seed 7 --log "$log" >/dev/null 2>&1
# The report's speed line: later turns' iterations a ms by phase and over all, the bundle's / the binary's.
./target/release/uttt report "$log" --player dist/uttt.bin | grep "later turns' search"
rm -f "$log"
