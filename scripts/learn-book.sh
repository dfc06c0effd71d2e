#!/usr/bin/env bash
# The book learns from lost games (docs/book.md, "Learning from lost games"): the games PLAYER lost or drew
# in each LOG join weights/book-learned.txt (kept in git; a game lost in the arena joins it as a line
# `O;L;MOVES` written by hand from its replay), every position of those games to ply 40 is searched into
# weights/book-learned/ (kept in git, resumed), then $WIDEN more positions where the tree is most worth
# growing (the refuted choices' alternatives first), and the book is the book before learning
# (weights/book-before-learning.txt) with the learned tree's move wherever it changes the bot's move.
#
#   scripts/learn-book.sh [LOG...]       # PLAYER: the logs' first player by default
#   WIDEN=0 scripts/learn-book.sh        # the book again from the kept games and searches alone
#
# A killed run loses only its searches under way. On many machines: the same command with SHARD=K/N (GNU
# parallel, a Slurm array) searches every N-th position of a round's batch into its own file
# (weights/book-learned/$(hostname)-K.txt) and stops; run it again once every shard's file is in the folder.
set -euo pipefail
cd "$(dirname "$0")/.."
JOBS=${JOBS:-2}
WIDEN=${WIDEN:-200}
OUT=${OUT:-weights/book.txt}
manifest=weights/MANIFEST.txt
[ "$OUT" = weights/book.txt ] || manifest=${OUT%.txt}-manifest.txt
learn=()
for log in "$@"; do learn+=(--learn "$log"); done
[ -z "${PLAYER:-}" ] || learn+=(--learn-player "$PLAYER")
shard=()
[ -z "${SHARD:-}" ] || shard=(--shard "$SHARD" --append "weights/book-learned/$(hostname)-${SHARD%/*}.txt")
cargo build --release -q
# The positions of the lost games to search, so that --positions covers them and $WIDEN more.
todo=$(./target/release/uttt grow-book --searches weights/book-learned --learned weights/book-learned.txt \
  "${learn[@]}" --base none --out /dev/null --manifest /dev/null 2>&1 |
  sed -n 's/.* \([0-9]*\) of their positions .*/\1/p')
./target/release/uttt grow-book --searches weights/book-learned --learned weights/book-learned.txt \
  --positions $(( ${todo:-0} + WIDEN )) --jobs "$JOBS" "${shard[@]}" \
  --base weights/book-before-learning.txt --changes-only --out "$OUT" --manifest "$manifest"
