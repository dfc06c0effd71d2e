#!/usr/bin/env bash
# The book carried along the lines of the bot's own games (docs/book.md, "Carried along self-play's
# lines"): the bot with its book against itself without one (or against $OPPONENT), every search fixed at
# $ITERATIONS and seeded per game by the arena (a game depends on its seed alone); the positions a colour
# met in at least $MIN_REACH of its games to ply 30 (2 games by default); at each of that colour's turns
# the book has no move for, a search of $DEEP iterations decides the move; then the book within the
# bundle's bytes.
#
#   scripts/extend-book-from-selfplay.sh SEED...          # e.g. 9100 (800 games a seed)
#
# The games are played by one binary with one book: the first run copies target/release/uttt into $DIR
# (default data/selfplay-book) and $PLAYED (default weights/book-extension/book-played.txt, the book
# shipped before the first round) as `book-played.txt`; later runs in that folder keep them. Each seed's
# games are one log, $DIR/sp-SEED.log, made once: on many machines, run the seeds apart (GNU parallel, a
# Slurm array, each with STOP_AFTER_GAMES=1) and copy the logs into one folder before the rest. A round's
# lines (the positions its games met) are kept in weights/book-extension/lines-SEED-SEED….txt and its
# searches in weights/book-extension/searches.txt (resumed), all in git: without the logs, the kept
# lines stand for them, so the book is made again from a clean clone.
#
# Rounds: a new round, after the book has changed, plays the new book (PLAYED=weights/book.txt) in a new
# DIR; the extension starts from $BASE (default the book played) carried first along the lines of every
# file in $EARLIER (earlier rounds' kept lines, in order), so no earlier line is lost to the fit.
# DEEPER: files of deeper searches of some of the book's positions (uttt deepen-book), whose moves stand
# for the searches file's (weights/book-extension/searches-deep.txt).
#
# The fit: the base is the first day's grown tree (the first 3,658 searches of
# weights/book-searches/searches.txt) over the extended book; each position is worth its chance of being
# met, by the tree's model or in logged games (this round's, and those of $WORTH_MET: by default the games
# the book's first layers were made from, weights/book-met.txt and weights/book-lines.txt), whichever is
# largest, and at least the most worth position below it; the most worth positions that fit $MAX_BYTES
# are kept. OUT (default weights/book.txt, with weights/MANIFEST.txt) receives it. The books shipped:
#
#   scripts/extend-book-from-selfplay.sh 9100 9200        # self-play, the book before it played
#   DIR=data/versions-book GAMES=400 MIN_REACH=0.0025 BASE=weights/book-extension/book-played.txt \
#     EARLIER=weights/book-extension/lines-9100-9200.txt \
#     WORTH_MET="weights/book-met.txt weights/book-lines.txt weights/book-extension/lines-9100-9200.txt" \
#     scripts/extend-book-from-selfplay.sh 9300 9400 9500 9600   # earlier versions' lines (below)
#   (the same with DEEPER=weights/book-extension/searches-deep-net-alone.txt: O's moves searched again, level, not shipped)
#
# (each seed's games first, PLAYED=weights/book.txt STOP_AFTER_GAMES=1: 9300 with OPPONENT="$(scripts/
# baseline.sh 17423ad) --quiet --no-book --iterations 25000 --seed \$UTTT_SEED", 9400 with 0fbc6c9, 9500
# with 6f65042 the same way, 9600 with no OPPONENT; without the logs the kept lines stand for them.)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || { echo "usage: scripts/extend-book-from-selfplay.sh SEED..." >&2; exit 2; }
GAMES=${GAMES:-800}
ITERATIONS=${ITERATIONS:-25000}
DEEP=${DEEP:-200000}
# By default a colour's positions met in at least 2 of its games (400 a seed).
MIN_REACH=${MIN_REACH:-$(awk -v n=$# 'BEGIN { print 0.005 / n }')}
MAX_BYTES=${MAX_BYTES:-6410}
# How many times the second player's chance of meeting a position counts beside the first player's.
O_WEIGHT=${O_WEIGHT:-2}
JOBS=${JOBS:-2}
OUT=${OUT:-weights/book.txt}
PLAYED=${PLAYED:-weights/book-extension/book-played.txt}
WORTH_MET=${WORTH_MET:-weights/book-met.txt weights/book-lines.txt}
EARLIER=${EARLIER:-}
# Deeper searches of some positions (uttt deepen-book), standing for the searches file's.
DEEPER=${DEEPER:-}
dir=${DIR:-data/selfplay-book}
keep=weights/book-extension
# A trial book (OUT elsewhere) leaves the shipped book's manifest and kept lines as they are; the
# searches are kept in git whatever the book (they only add).
manifest=weights/MANIFEST.txt
lines=$keep/lines-$(IFS=-; echo "$*").txt
if [ "$OUT" != weights/book.txt ]; then
  manifest=${OUT%.txt}-manifest.txt
  [ -f "$lines" ] || lines=${OUT%.txt}-lines.txt
fi
mkdir -p "$dir" "$keep"

cargo build --release -q
# One binary for every seed's games, whatever is built later (its path names the player in the logs),
# and the book it plays.
bot=$dir/uttt
[ -x "$bot" ] || cp target/release/uttt "$bot"
[ -f "$dir/book-played.txt" ] || cp "$PLAYED" "$dir/book-played.txt"
BASE=${BASE:-$dir/book-played.txt}
player="$bot --iterations $ITERATIONS --seed \$UTTT_SEED"
# The other side: the bot without its book, or (OPPONENT) another player's command, e.g. an earlier
# version built by scripts/baseline.sh, so that the lines are where more than one player goes.
opponent=${OPPONENT:-"$bot --quiet --no-book --iterations $ITERATIONS --seed \$UTTT_SEED"}
logs=()
for seed in "$@"; do logs+=("$dir/sp-$seed.log"); done
if [ -f "$lines" ] && ! [ -f "${logs[0]}" ]; then
  echo "== no logs in $dir: the kept lines $lines stand for them" >&2
else
  for log in "${logs[@]}"; do
    seed=${log##*/sp-}
    seed=${seed%.log}
    if [ "$(grep -c '"game"' "$log" 2>/dev/null || true)" != "$GAMES" ]; then
      echo "== games, seed $seed: $GAMES against $opponent" >&2
      ./target/release/uttt arena "$player" "$opponent" \
        --time-ms 20000 --first-time-ms 20000 --games "$GAMES" --jobs "$JOBS" --seed "$seed" --log "$log" --quiet
    fi
  done
  [ -z "${STOP_AFTER_GAMES:-}" ] || exit 0
  ./target/release/uttt book-met "${logs[@]}" --player "$player" --depth 30 --min-reach "$MIN_REACH" \
    --out "$lines"
fi

deeper=()
for f in $DEEPER; do deeper+=(--deeper "$f"); done
extend() { # BOOK LINES MIN_REACH OUT: BOOK carried along LINES, the searches resumed
  ./target/release/uttt extend-book --book "$1" --lines "$2" --min-reach "$3" --min-value 0 --confirm none \
    --iterations "$DEEP" --nodes 2000000 --jobs "$JOBS" --searches "$keep/searches.txt" "${deeper[@]}" \
    --out "$4" --manifest "${4%.txt}-manifest.txt"
}
base=$BASE
for earlier in $EARLIER; do
  extend "$base" "$earlier" 0 "$dir/book-earlier.txt"
  base=$dir/book-earlier.txt
done
extend "$base" "$lines" "$MIN_REACH" "$dir/book-extended.txt"

worth=()
for f in $WORTH_MET; do worth+=(--worth-met "$f"); done
tree=$(mktemp -d)
head -3658 weights/book-searches/searches.txt > "$tree/searches.txt"
# The tree's manifest section is named by its folder: the temporary one's while grow-book writes it.
sed -i "s#^\# Learned book tree (weights/book-searches/)#\# Learned book tree ($tree/)#" "$manifest"
./target/release/uttt grow-book --searches "$tree" --append "$tree/searches.txt" --base "$dir/book-extended.txt" \
  --met "$lines" "${worth[@]}" --max-bytes "$MAX_BYTES" --o-weight "$O_WEIGHT" --positions 0 --out "$OUT" --manifest "$manifest"
sed -i "s#$tree/#weights/book-searches/#g" "$manifest"
rm -rf "$tree"
# Where the tree's base came from, for the manifest's reader (that file is not kept).
sed -i "s#the base $dir/book-extended.txt#the base $dir/book-extended.txt (the book played, extended along its games' lines: scripts/extend-book-from-selfplay.sh $*${DEEPER:+ with DEEPER=$DEEPER}, weights/book-extension/)#" "$manifest"
