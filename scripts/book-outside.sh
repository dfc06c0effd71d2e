#!/usr/bin/env bash
# The book against players outside its family (docs/book.md, issue 122): the bot with BOOK from the empty
# board against deterministic opponents with their own books on, as in the arena: the alpha-beta player
# and its variant without the policy (both of UTTT, with UTTT's own book) and 5b4599c as shipped
# (scripts/baseline.sh). The arena's limits; one match at a time, alone on the machine (a compile beside a
# match makes false time-outs).
#
#   scripts/book-outside.sh UTTT BOOK OUT [SEED] [GAMES]
#   scripts/book-outside.sh /tmp/uttt weights/book.txt /tmp/outside-new 9401 200
#   scripts/book-outside.sh /tmp/uttt weights/book-before-learning.txt /tmp/outside-old 9401 200
#
# UTTT: a copy of a build (a rebuild mid-match is a false time-out) whose own book is the one the opponents
# play. Logs and summaries go to OUT/NAME.{log,txt}; `uttt report OUT/NAME.log` gives the lines at plies
# 10/20/30 by colour, and scripts/lines-by-result.py OUT/NAME.log "UTTT --book BOOK" the result per line.
set -euo pipefail
cd "$(dirname "$0")/.."
usage="usage: scripts/book-outside.sh UTTT BOOK OUT [SEED] [GAMES]"
uttt=${1:?$usage}
book=${2:?$usage}
out=${3:?$usage}
seed=${4:-9401}
games=${5:-200}
mkdir -p "$out"
baseline=$(scripts/baseline.sh 5b4599c)
match() { # NAME SEED OPPONENT
    "$uttt" arena "$uttt --book $book" "$3" --games "$games" --jobs 2 --seed "$2" --log "$out/$1.log" \
        >"$out/$1.txt" 2>&1
    tail -n 12 "$out/$1.txt" | tr '\r' '\n' | grep -v '^games ' || true
}
match alphabeta "$seed" "$uttt --search alphabeta"
match alphabeta-nopolicy $((seed + 1)) "$uttt --search alphabeta:policy_depth=0"
match 5b4599c $((seed + 2)) "$baseline"
