#!/usr/bin/env bash
# The book carried along the lines of the bot's own games (docs/book.md, "Carried along self-play's
# lines"): the bot with its book against itself without one, every search fixed at $ITERATIONS and
# seeded per game by the arena (a game depends on its seed alone); the positions a colour met in at least
# $MIN_REACH of its games to ply 30 (2 games by default); at each of that colour's turns the book has no
# move for, a search of $DEEP iterations decides the move; then the book within the bundle's bytes.
#
#   scripts/extend-book-from-selfplay.sh SEED...          # e.g. 9100 (800 games a seed)
#
# The games are played by one binary with one book: the first run copies target/release/uttt into $DIR
# (default data/selfplay-book) and $PLAYED (default weights/book-extension/book-played.txt, the book
# shipped before this extension) as `book-played.txt`; later runs in that folder keep them. Each seed's
# games are one log, $DIR/sp-SEED.log, made once: on many machines, run the seeds apart (GNU parallel, a
# Slurm array, each with STOP_AFTER_GAMES=1) and copy the logs into one folder before the rest. The
# searches are kept in weights/book-extension/searches.txt (resumed, in git), the shipped book's lines met
# in weights/book-extension/lines.txt. A new round, after the book has changed, plays the new book
# (PLAYED=weights/book.txt) in a new DIR.
#
# The fit: the base is the first day's grown tree (the first 3,658 searches of
# weights/book-searches/searches.txt) over the book played, extended; each position is worth its chance of
# being met, by the tree's model or in logged games (these self-play games, and the games the book's
# earlier layers were made from: weights/book-met.txt, weights/book-lines.txt), whichever is larger, and
# at least the most worth position below it; the most worth positions that fit $MAX_BYTES are kept.
# OUT (default weights/book.txt, with weights/MANIFEST.txt) receives it. The shipped book:
#
#   scripts/extend-book-from-selfplay.sh 9100 9200
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: scripts/extend-book-from-selfplay.sh SEED..." >&2; exit 2; }
GAMES=${GAMES:-800}
ITERATIONS=${ITERATIONS:-25000}
DEEP=${DEEP:-200000}
# By default a colour's positions met in at least 2 of its games (400 a seed).
MIN_REACH=${MIN_REACH:-$(awk -v n=$# 'BEGIN { print 0.005 / n }')}
MAX_BYTES=${MAX_BYTES:-6410}
JOBS=${JOBS:-2}
OUT=${OUT:-weights/book.txt}
PLAYED=${PLAYED:-weights/book-extension/book-played.txt}
dir=${DIR:-data/selfplay-book}
keep=weights/book-extension
# A trial book (OUT elsewhere) leaves the shipped book's manifest and lines as they are; the searches are
# kept in git whatever the book (they only add).
manifest=weights/MANIFEST.txt
lines=$keep/lines.txt
if [ "$OUT" != weights/book.txt ]; then
  manifest=${OUT%.txt}-manifest.txt
  lines=${OUT%.txt}-lines.txt
fi
mkdir -p "$dir" "$keep"

cargo build --release -q
# One binary for every seed's games, whatever is built later (its path names the player in the logs),
# and the book it plays.
bot=$dir/uttt
[ -x "$bot" ] || cp target/release/uttt "$bot"
[ -f "$dir/book-played.txt" ] || cp "$PLAYED" "$dir/book-played.txt"
player="$bot --iterations $ITERATIONS --seed \$UTTT_SEED"
for seed in "$@"; do
  log=$dir/sp-$seed.log
  if [ "$(grep -c '"game"' "$log" 2>/dev/null || true)" != "$GAMES" ]; then
    echo "== self-play, seed $seed: $GAMES games" >&2
    ./target/release/uttt arena "$player" "$bot --quiet --no-book --iterations $ITERATIONS --seed \$UTTT_SEED" \
      --time-ms 20000 --first-time-ms 20000 --games "$GAMES" --jobs "$JOBS" --seed "$seed" --log "$log" --quiet
  fi
done
[ -z "${STOP_AFTER_GAMES:-}" ] || exit 0

logs=()
for seed in "$@"; do logs+=("$dir/sp-$seed.log"); done
./target/release/uttt book-met "${logs[@]}" --player "$player" --depth 30 --min-reach "$MIN_REACH" \
  --out "$lines"
./target/release/uttt extend-book --book "$dir/book-played.txt" --lines "$lines" --min-reach "$MIN_REACH" --min-value 0 \
  --confirm none --iterations "$DEEP" --nodes 2000000 --jobs "$JOBS" --searches "$keep/searches.txt" \
  --out "$dir/book-extended.txt" --manifest "$dir/manifest-extended.txt"

tree=$(mktemp -d)
head -3658 weights/book-searches/searches.txt > "$tree/searches.txt"
./target/release/uttt grow-book --searches "$tree" --append "$tree/searches.txt" --base "$dir/book-extended.txt" \
  --met "$lines" --worth-met weights/book-met.txt --worth-met weights/book-lines.txt --max-bytes "$MAX_BYTES" --positions 0 --out "$OUT" --manifest "$manifest"
rm -rf "$tree"
# Where the tree's base came from, for the manifest's reader (that file is not kept).
sed -i "s#the base $dir/book-extended.txt#the base $dir/book-extended.txt (the book played, extended along self-play's lines: scripts/extend-book-from-selfplay.sh $*, weights/book-extension/)#" "$manifest"
