#!/usr/bin/env bash
# The clock under load (docs/journal/2026-11-29-clock.md): the bot against itself with a busy process pinned
# to the bots' core (two games at a time there), three games at a time on two cores, and the bundle compiled
# without -O against the optimised bot. Run it alone on the machine; each match prints its summary, whose
# faults line must say "timeout 0" for both players.
#
#   scripts/load-matches.sh [GAMES] [OUT_DIR]      (default: 200 games, target/load)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-200}
out=${2:-target/load}
mkdir -p "$out"
cargo build --release -q
cargo run --release -q -p bundler -- --root "$PWD" --out dist/uttt.rs --no-check
rustc --edition 2021 dist/uttt.rs -o "$out/uttt-debug" 2>/dev/null
U="$out/uttt"
cp target/release/uttt "$U"   # a copy: a rebuild during the matches would not touch it

taskset -c 0 sh -c 'while :; do :; done' &
busy=$!
trap 'kill $busy 2>/dev/null || true' EXIT
"$U" arena "taskset -c 0 $U --quiet" "taskset -c 0 $U --quiet" --games "$games" --jobs 2 --seed 7202 \
  --log "$out/pinned.log" --quiet
kill $busy
"$U" arena "$U --quiet" "$U --quiet" --games "$games" --jobs 3 --seed 7203 --log "$out/jobs3.log" --quiet
"$U" arena "$out/uttt-debug" "$U --quiet" --games 40 --jobs 1 --seed 7001 --log "$out/debug.log" --quiet
