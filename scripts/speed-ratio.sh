#!/usr/bin/env bash
# This build's search speed against a baseline's, side by side in one run: `uttt bench --json` of each,
# alternated RUNS times so that both see the same machine, then per figure both medians and their ratio
# (this build over the baseline). The speed issue's yardstick is mcts_iters_per_100ms_midgame against
# 5b4599c, with the behaviour signature unchanged (`uttt bench --signature`).
#
#   scripts/speed-ratio.sh [COMMIT] [RUNS]      (default 5b4599c, 3; run it alone on the machine)
set -euo pipefail
cd "$(dirname "$0")/.."
commit=${1:-5b4599c}
runs=${2:-3}
baseline=$(scripts/baseline.sh "$commit")
cargo build --release -q
out=$(mktemp -d)
for k in $(seq "$runs"); do
  "$baseline" bench --json > "$out/base-$k.json" 2> /dev/null
  ./target/release/uttt bench --json > "$out/this-$k.json" 2> /dev/null
done
for book in "" --no-book; do
  echo "signature${book:+ $book}: $commit $("$baseline" bench --signature $book 2> /dev/null | cut -d' ' -f2)," \
    "this build $(./target/release/uttt bench --signature $book 2> /dev/null | cut -d' ' -f2)"
done
python3 - "$out" "$commit" "$runs" <<'PY'
import json, statistics, sys
out, commit, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
read = lambda side: [json.load(open(f"{out}/{side}-{k}.json")) for k in range(1, runs + 1)]
base, this = read("base"), read("this")
# The median, and the best run (the most iterations; the least start-up): this machine's noise only ever
# slows a run, so the best of several is the steadier figure when the two builds' runs drift apart.
print(f"{'figure':<44} {commit:>12} {'this':>12} {'ratio':>7} {'best ' + commit:>14} {'best this':>10} {'ratio':>7}"
      f"   (medians and best of {runs} runs each)")
for key in ["mcts_iters_per_100ms_midgame", "mcts_iters_per_100ms_midgame_portable",
            "mcts_iters_per_100ms_midgame_no_value", "mcts_iters_per_100ms", "value_evals_per_sec", "startup_ms"]:
    if key not in base[0] or key not in this[0]:
        continue
    b = statistics.median(r[key] for r in base)
    t = statistics.median(r[key] for r in this)
    best = min if key == "startup_ms" else max
    bb, bt = best(r[key] for r in base), best(r[key] for r in this)
    print(f"{key:<44} {b:>12.1f} {t:>12.1f} {t / b:>7.3f} {bb:>14.1f} {bt:>10.1f} {bt / bb:>7.3f}")
# The yardstick run by run: the k-th runs of the two builds ran one after the other, so their ratio is a
# pair's; the median of the pairs' ratios with its 95 % interval says how far the run's ratio can be trusted.
sys.path.insert(0, "scripts")
from median_interval import median_interval
key = "mcts_iters_per_100ms_midgame"
ratios = sorted(t[key] / b[key] for b, t in zip(base, this))
median, low, high = median_interval(ratios)
interval = f"95 % {low:.3f} .. {high:.3f}" if low is not None else "too few pairs for a 95 % interval"
print(f"{key}, pairs: " + " ".join(f"{r:.3f}" for r in ratios) + f"; median {median:.3f} ({interval})")
PY
rm -rf "$out"
