#!/usr/bin/env python3
"""Which move a bot binary plays at the end of a fixed line, over many runs: the spread of its choice.

Plays the line's moves through the referee protocol (docs/rules.md) to a fresh bot process, one turn at a
time, the bot playing the colour that moves second on the line (O when the line starts from the empty
board), and checks that each of the bot's answers is the line's move (its book's, when the line follows
the book); at the line's end it records the bot's own answer. Each run is seeded (`--seed K`), runs two
at a time as a match does on two cores, and has the book turns' searches of the positions beyond, so the
last answer is searched as in a real game.

    scripts/first-searched-move.py BOT RUNS "LINE" [SEED]
    scripts/first-searched-move.py "/tmp/uttt --time-ms 300" 60 "4,4 3,3 0,0 … 2,6 6,2"

LINE: the moves `row,col` separated by spaces, an odd number of them (the bot answers after each of the
first player's). Prints the answers' counts; a run whose bot left the line early counts as `off@PLY:MOVE`
(docs/journal/2026-12-01-settled-book.md).
"""
import collections
import shlex
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

LINES = [(0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6)]


class Game:
    """Ultimate tic-tac-toe's rules, enough to list the legal moves the referee sends."""

    def __init__(self):
        self.cells = [[0] * 9 for _ in range(9)]
        self.owner = [0] * 9
        self.next_board = -1
        self.player = 1

    def closed(self, b):
        return self.owner[b] != 0 or all(self.cells[b])

    def legal(self):
        open_boards = [b for b in range(9) if not self.closed(b)]
        boards = [self.next_board] if self.next_board in open_boards else open_boards
        return sorted(((b // 3) * 3 + c // 3, (b % 3) * 3 + c % 3)
                      for b in boards for c in range(9) if self.cells[b][c] == 0)

    def play(self, row, col):
        b, c = (row // 3) * 3 + col // 3, (row % 3) * 3 + col % 3
        self.cells[b][c] = self.player
        if any(all(self.cells[b][i] == self.player for i in line) for line in LINES):
            self.owner[b] = self.player
        self.next_board, self.player = c, 3 - self.player


def run(bot, moves, seed):
    """The bot's answer after the line's last move, or where it left the line."""
    proc = subprocess.Popen(shlex.split(bot) + ["--seed", str(seed)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    game = Game()
    try:
        for i in range(0, len(moves), 2):
            game.play(*moves[i])
            legal = game.legal()
            proc.stdin.write(f"{moves[i][0]} {moves[i][1]}\n{len(legal)}\n"
                             + "".join(f"{r} {c}\n" for r, c in legal))
            proc.stdin.flush()
            answer = proc.stdout.readline().strip()
            if i + 1 == len(moves):
                return answer
            if answer != "{} {}".format(*moves[i + 1]):
                return f"off@{i + 2}:{answer}"
            game.play(*moves[i + 1])
    finally:
        proc.stdin.close()
        proc.kill()
        proc.wait()


def main():
    if len(sys.argv) not in (4, 5):
        sys.exit(__doc__)
    bot, runs, line = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    first_seed = int(sys.argv[4]) if len(sys.argv) == 5 else 1
    moves = [tuple(map(int, m.split(","))) for m in line.split()]
    if len(moves) % 2 == 0:
        sys.exit("LINE: an odd number of moves (the bot answers the last)")
    with ThreadPoolExecutor(2) as pool:
        answers = list(pool.map(lambda k: run(bot, moves, first_seed + k), range(runs)))
    print(bot, runs, dict(collections.Counter(answers).most_common()))


if __name__ == "__main__":
    main()
