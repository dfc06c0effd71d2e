#!/usr/bin/env python3
"""Each line's results in a match log: PLAYER's games grouped by its colour and their first PLY moves
(default 20), with its wins/draws/losses on each, the most played first. The arena's summary counts the
distinct lines; this says how each one went (docs/strength.md, "Search families").

    scripts/lines-by-result.py LOG PLAYER [PLY]
"""
import collections
import json
import sys


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    log, player = sys.argv[1], sys.argv[2]
    ply = int(sys.argv[3]) if len(sys.argv) == 4 else 20
    results = collections.defaultdict(lambda: [0, 0, 0])
    for line in open(log):
        game = json.loads(line)
        if "game" not in game or player not in (game["x"], game["o"]):
            continue
        side = "X" if game["x"] == player else "O"
        moves = ", ".join(game["moves"][:ply])
        outcome = 0 if game["result"] == side else 1 if game["result"] == "draw" else 2
        results[(side, moves)][outcome] += 1
    for (side, moves), (w, d, l) in sorted(results.items(), key=lambda kv: (kv[0][0], -sum(kv[1]))):
        print(f"as {side}: {w}/{d}/{l}  {moves}")


if __name__ == "__main__":
    main()
