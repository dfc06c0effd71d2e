#!/usr/bin/env python3
"""Where two runs' moves differ at the same position: PLAYER_A's moves in LOG_A against PLAYER_B's in LOG_B
(two books, or two builds, against one opponent), each position (the moves before it, from the empty
board) met in both runs, the shallowest first, with whether each move came from the book. A book change
that no game of a match meets cannot be what moved its score (docs/book.md, "Learning from lost games").

    scripts/book-moves-diff.py LOG_A PLAYER_A LOG_B PLAYER_B [COUNT]
"""
import json
import sys


def moves_by_position(log, name):
    """Each position where `name` moved in `log`'s games: its move and whether the note says book."""
    found = {}
    with open(log) as f:
        for line in f:
            game = json.loads(line)
            if "game" not in game or name not in (game["x"], game["o"]):
                continue
            colour = 0 if game["x"] == name else 1
            notes = game.get("notes", [])
            for ply, move in enumerate(game["moves"]):
                if ply % 2 == colour:
                    note = notes[ply] if ply < len(notes) else ""
                    found[tuple(game["moves"][:ply])] = (move, "(book)" in note or "(opening)" in note)
    return found


def main():
    if len(sys.argv) not in (5, 6):
        sys.exit(__doc__)
    a = moves_by_position(sys.argv[1], sys.argv[2])
    b = moves_by_position(sys.argv[3], sys.argv[4])
    count = int(sys.argv[5]) if len(sys.argv) == 6 else 20
    shared = [p for p in a if p in b]
    differ = sorted((p for p in shared if a[p] != b[p]), key=len)
    for p in differ[:count]:
        book = lambda x: "book" if x[1] else "search"
        print(f"ply {len(p)} after {', '.join(p[-4:])}: {a[p][0]} ({book(a[p])}) / {b[p][0]} ({book(b[p])})")
    print(f"{len(differ)} of {len(shared)} positions met in both runs differ; "
          f"by book moves in both: {sum(1 for p in differ if a[p][1] and b[p][1])}")


if __name__ == "__main__":
    main()
