#!/usr/bin/env python3
"""When each side saw a game's result, from a match log's notes: in the games PLAYER lost as O, the ply at
which its opponent's values first judged the game won (> 0.8) and proved it, and the plies at which
PLAYER's judged it lost (< 0.2) and proved it; medians, and the median gap game by game. Book and opening
turns carry no search of the position played and are skipped (docs/journal/2026-12-07-alphabeta.md).

    scripts/when-seen.py LOG PLAYER
"""
import json
import re
import statistics
import sys


def first(turns, test):
    return next((ply for ply, value, proven in turns if test(value, proven)), None)


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    log, player = sys.argv[1:]
    rows = []
    for line in open(log):
        game = json.loads(line)
        if "game" not in game or game["o"] != player or game["result"] != "X":
            continue
        turns = {0: [], 1: []}  # X's (the opponent's) and O's (the player's) searched turns
        for ply, note in enumerate(game["notes"]):
            found = re.search(r" value ([0-9.]+)", note)
            if found and "(book)" not in note and "(opening)" not in note:
                turns[ply % 2].append((ply, float(found.group(1)), "proven" in note))
        rows.append((
            first(turns[0], lambda v, p: v > 0.8),
            first(turns[0], lambda v, p: p),
            first(turns[1], lambda v, p: v < 0.2),
            first(turns[1], lambda v, p: p),
        ))
    print(f"{len(rows)} games {player} lost as O")
    names = ["the winner judged it won (> 0.8)", "the winner proved it", "it judged it lost (< 0.2)", "it proved it"]
    for k, name in enumerate(names):
        plies = [r[k] for r in rows if r[k] is not None]
        if plies:
            print(f"{name}: median ply {statistics.median(plies)} ({len(plies)} games)")
    gaps = [r[2] - r[0] for r in rows if r[0] is not None and r[2] is not None]
    if gaps:
        print(f"it judged it lost later by a median of {statistics.median(gaps)} plies")


if __name__ == "__main__":
    main()
