#!/usr/bin/env bash
# The search families against each other (docs/strength.md, "Search families"): the alpha-beta player
# (`--search alphabeta[:NAME=X…]`) against the bot, protocol binaries of one build at the arena's limits:
# game pairs from the realistic suite and from the random one, then from the empty board with both books on
# (the arena's condition: deterministic opponents) against alpha-beta and a variant of it. One match at a
# time, alone on the machine (a compile beside a match makes false time-outs).
#
#   scripts/family-matches.sh UTTT OUT [SEED] [PAIR_GAMES] [EMPTY_GAMES] [VARIANT]
#   scripts/family-matches.sh /tmp/uttt /tmp/families 9301 400 200 alphabeta:policy_depth=0
#
# UTTT: a copy of the build (a rebuild mid-match is a false time-out). Logs and summaries go to OUT/NAME.{log,txt};
# `uttt report OUT/NAME.log` gives each player's figures, by colour, lines, speed and depth by phase.
set -euo pipefail
cd "$(dirname "$0")/.."
uttt=${1:?usage: scripts/family-matches.sh UTTT OUT [SEED] [PAIR_GAMES] [EMPTY_GAMES] [VARIANT]}
out=${2:?usage: scripts/family-matches.sh UTTT OUT [SEED] [PAIR_GAMES] [EMPTY_GAMES] [VARIANT]}
seed=${3:-9301}
pair_games=${4:-400}
empty_games=${5:-200}
variant=${6:-alphabeta:policy_depth=0}
mkdir -p "$out"
match() { # NAME SEED A B [ARENA OPTIONS...]
    local name=$1 s=$2 a=$3 b=$4
    shift 4
    "$uttt" arena "$a" "$b" --jobs 2 --seed "$s" --log "$out/$name.log" "$@" >"$out/$name.txt" 2>&1
    tail -n 12 "$out/$name.txt" | tr '\r' '\n' | grep -v '^games ' || true
}
match realistic "$seed" "$uttt --search alphabeta" "$uttt" --games "$pair_games" --openings data/realistic-openings.txt
match random $((seed + 1)) "$uttt --search alphabeta" "$uttt" --games "$pair_games" --openings data/openings.txt
match empty $((seed + 2)) "$uttt" "$uttt --search alphabeta" --games "$empty_games"
match empty-variant $((seed + 3)) "$uttt" "$uttt --search $variant" --games "$empty_games"
