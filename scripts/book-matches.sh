#!/usr/bin/env bash
# The opening book's matches (docs/book.md): a bot, as a protocol binary, from the empty board against
# opponents its book was not built on, each varied so that a match holds many games and not a few lines
# played again: its book off and its search seeded per game by the arena ($UTTT_SEED). Run it for the bot
# with the new book and for the same build with the old one, with the same seed: the opponents then get
# the same seeds in both runs. One match at a time, alone on the machine (a compile beside a match makes
# false time-outs).
#
#   scripts/book-matches.sh BOT NAME [GAMES] [SEED] [OPPONENT...]
#   scripts/book-matches.sh /tmp/uttt-grown grown 400 8100 5b4599c 4513ff9
#   scripts/book-matches.sh target/baseline-5b4599c/uttt base 400 8100 5b4599c 4513ff9
#
# OPPONENT: 5b4599c, 5b4599c-x2 (at twice its time), 4513ff9, 866d372 (all four when none is named), each
# built once by scripts/baseline.sh. Logs and summaries go to data/book-matches/NAME-OPPONENT.{log,txt};
# `uttt report data/book-matches/NAME-*.log --player BOT` pools them, lines and all. The referee is
# $REFEREE (default ./target/release/uttt: a build that gives players $UTTT_SEED).
#
# ITERATIONS=N: every search fixed at N iterations (the opponent at twice its time at 2N) and seeded by the
# arena, the bot's as well, under limits no search reaches. A game then depends on its seed alone: two runs
# of one seed are the same games until the two books differ, `uttt report NEW.log --paired BASE.log` gives
# the difference where they part, and a load beside the matches cannot change a game (only slow it).
#
#   ITERATIONS=25000 scripts/book-matches.sh "./target/release/uttt --book /tmp/new.txt" new 400 8300
set -euo pipefail
cd "$(dirname "$0")/.."
bot=${1:?usage: scripts/book-matches.sh BOT NAME [GAMES] [SEED] [OPPONENT...]}
name=${2:?usage: scripts/book-matches.sh BOT NAME [GAMES] [SEED] [OPPONENT...]}
games=${3:-400}
seed=${4:-8100}
shift $(($# < 4 ? $# : 4))
opponents=("$@")
[ ${#opponents[@]} -gt 0 ] || opponents=(5b4599c 5b4599c-x2 4513ff9 866d372)
referee=${REFEREE:-./target/release/uttt}
iterations=${ITERATIONS:-}
[ -z "$iterations" ] || bot="$bot --iterations $iterations --seed \$UTTT_SEED"
out=data/book-matches
mkdir -p "$out"
for opponent in "${opponents[@]}"; do
  commit=${opponent%-x2}
  binary=$(scripts/baseline.sh "$commit")
  # 866d372 predates the book: it has no --no-book.
  command="$binary --quiet --no-book --seed \$UTTT_SEED"
  [ "$commit" = 866d372 ] && command="$binary --quiet --seed \$UTTT_SEED"
  limits=()
  if [ -n "$iterations" ]; then
    factor=1
    [ "$opponent" = "$commit" ] || factor=2
    command="$command --iterations $((iterations * factor))"
    limits=(--time-ms 20000 --first-time-ms 20000)
  elif [ "$opponent" != "$commit" ]; then
    command="$command --time-ms 180 --first-time-ms 1800"
    limits=(--time-ms 200 --first-time-ms 2000)
  fi
  echo "== $name against $opponent: $command" >&2
  "$referee" arena "$bot" "$command" "${limits[@]}" --games "$games" --jobs 2 --seed "$seed" \
    --log "$out/$name-$opponent.log" 2>&1 | tr '\r' '\n' | grep -v '^games [0-9]*/' | tee "$out/$name-$opponent.txt"
done
