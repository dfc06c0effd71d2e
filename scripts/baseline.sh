#!/usr/bin/env bash
# The frozen baseline of the strength work (issue 47): the bot as it was at commit 866d372 (2026-11-26:
# net 12, its rollout head, the priors sharpened by the net's values counted as visits; +250 over rollouts
# alone). Builds that commit's binary once, in a worktree of its own, and prints its path:
#
#   scripts/baseline.sh                   # → target/baseline/uttt
#   uttt arena "./target/release/uttt --quiet" "$(scripts/baseline.sh) --quiet" --games 800 --jobs 2
#
# Every row of docs/strength.md names the baseline it was measured against; this one is "baseline 866d372".
# Later weights files are re-encodings of the same integers (weights/MANIFEST.txt), so the baseline plays
# exactly as the bot did then (its moves were compared with deterministic games when the codec changed).
set -euo pipefail
cd "$(dirname "$0")/.."
# The knowledge-at-scale work (issue 71) measures against a second frozen baseline, the bot as it was when
# that work began (4513ff9, net 25, signature e0a94eed8781135d), built beside the first:
#
#   scripts/baseline.sh 4513ff9           # → target/baseline-4513ff9/uttt
COMMIT=${1:-${BASELINE_COMMIT:-866d372}}
if [ "$COMMIT" = 866d372 ]; then out=target/baseline; else out=target/baseline-$COMMIT; fi
if [ ! -x "$out/uttt" ] || [ "$(cat "$out/commit" 2>/dev/null)" != "$COMMIT" ]; then
  tree=$(mktemp -d)/uttt-baseline
  git worktree add --detach -f "$tree" "$COMMIT" >&2
  (cd "$tree" && unset CARGO_TARGET_DIR && cargo build --release -q) >&2
  mkdir -p "$out"
  cp "$tree/target/release/uttt" "$out/uttt"
  echo "$COMMIT" > "$out/commit"
  git worktree remove --force "$tree" >&2
fi
echo "$PWD/$out/uttt"
