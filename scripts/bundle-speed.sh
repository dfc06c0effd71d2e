#!/usr/bin/env bash
# The bundled bot's search speed against the release binary's, measured side by side: the two play each
# other (--jobs 1, colours alternating), so every move of one is timed under the same conditions as the
# next move of the other. Prints each side's iterations per millisecond over later turns, and the ratio.
# Usage: scripts/bundle-speed.sh [GAMES]   (run it alone on the machine: a compile beside it skews both)
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-20}
cargo build --release -q
cargo run --release -q -p bundler -- --out dist/uttt.rs >/dev/null
log=$(mktemp)
./target/release/uttt arena "dist/uttt.bin" "./target/release/uttt" --games "$games" --jobs 1 --seed 7 --log "$log" >/dev/null 2>&1
python3 - "$log" <<'PY'
import json, re, sys
iters = {}; ms = {}
for line in open(sys.argv[1]):
    g = json.loads(line).get("moves") and json.loads(line)
    if not g: continue
    players = [g["x"], g["o"]]
    for k, note in enumerate(g["notes"]):
        m = re.search(r"turn (\d+) .* time ([\d.]+)ms iters (\d+)", note or "")
        if not m or int(m.group(1)) == 1: continue
        p = players[k % 2]
        iters[p] = iters.get(p, 0) + int(m.group(3)); ms[p] = ms.get(p, 0) + float(m.group(2))
rate = {p: iters[p] / ms[p] for p in iters}
for p, r in rate.items(): print(f"{p}: {r:.1f} iterations/ms over {ms[p]/1000:.1f} s of later turns")
b, c = rate["dist/uttt.bin"], rate["./target/release/uttt"]
print(f"bundle / release binary: {b / c:.3f}")
PY
rm -f "$log"
