//! Plain tic-tac-toe, the game of the arena's first leagues (Wood): one 3×3 board, coordinates 0–2,
//! three in a line wins, a full board without a line is a draw (docs/rules.md, "The first leagues").
//!
//! The game is tiny (fewer than 550,000 positions in its whole tree), so it is solved exactly at every
//! move: the bot never loses it and wins every game the opponent errs in. Among moves of equal value it
//! wins fastest, loses slowest, and in a drawn position leaves the opponent the most replies that lose.

use super::{has_line, Player, Status};
use crate::rng::Rng;

/// A plain tic-tac-toe position: cells numbered `3 · row + col`, a 9-bit mask per player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PlainBoard {
    marks: [u16; 2],
    /// 0 when X moves, 1 when O does.
    to_move: u8,
}

const _: () = assert!(std::mem::size_of::<PlainBoard>() == 6);

/// All nine cells.
const ALL: u16 = 0x1FF;

impl PlainBoard {
    /// The empty board, X to move.
    pub fn new() -> PlainBoard {
        PlainBoard::default()
    }

    /// The player to move.
    pub fn side_to_move(&self) -> Player {
        if self.to_move == 0 {
            Player::X
        } else {
            Player::O
        }
    }

    /// The empty cells as a 9-bit mask; none once the game is over.
    pub fn legal_cells(&self) -> u16 {
        if self.status() == Status::Ongoing {
            ALL & !(self.marks[0] | self.marks[1])
        } else {
            0
        }
    }

    /// True when `cell` (0..9) is empty and the game goes on.
    pub fn is_legal(&self, cell: usize) -> bool {
        cell < 9 && self.legal_cells() & (1 << cell) != 0
    }

    /// Marks `cell` for the side to move (which must be legal).
    pub fn play(&mut self, cell: usize) {
        debug_assert!(self.is_legal(cell));
        self.marks[self.to_move as usize] |= 1 << cell;
        self.to_move ^= 1;
    }

    /// Where the game stands.
    pub fn status(&self) -> Status {
        if has_line(self.marks[0]) {
            Status::Won(Player::X)
        } else if has_line(self.marks[1]) {
            Status::Won(Player::O)
        } else if self.marks[0] | self.marks[1] == ALL {
            Status::Draw
        } else {
            Status::Ongoing
        }
    }

    /// The exact value for the side to move: `10 − plies` for a win in that many plies, the negative
    /// for a loss, 0 for a draw.
    pub fn value(&self) -> i32 {
        self.negamax(0)
    }

    fn negamax(&self, plies: i32) -> i32 {
        match self.status() {
            // The side that just moved made the line: a loss for the side to move.
            Status::Won(_) => return plies - 10,
            Status::Draw => return 0,
            Status::Ongoing => {}
        }
        let mut best = i32::MIN;
        for cell in cells(self.legal_cells()) {
            let mut next = *self;
            next.play(cell);
            best = best.max(-next.negamax(plies + 1));
        }
        best
    }

    /// How good `cell` is for the side to move: its exact value, then how many of the opponent's replies
    /// lose for them (the traps left when the value is a draw).
    fn rank(&self, cell: usize) -> (i32, usize) {
        let mut next = *self;
        next.play(cell);
        let value = -next.negamax(1);
        let traps = cells(next.legal_cells())
            .filter(|&reply| {
                let mut after = next;
                after.play(reply);
                after.negamax(2) > 0
            })
            .count();
        (value, traps)
    }

    /// The best moves (a mask): the highest value, then the most traps.
    pub fn best_cells(&self) -> u16 {
        let ranked: Vec<(usize, (i32, usize))> =
            cells(self.legal_cells()).map(|c| (c, self.rank(c))).collect();
        let top = ranked.iter().map(|r| r.1).max();
        ranked.iter().filter(|r| Some(r.1) == top).fold(0, |mask, r| mask | 1 << r.0)
    }

    /// One of the best moves, drawn by `rng`; `None` when the game is over.
    pub fn best_cell(&self, rng: &mut Rng) -> Option<usize> {
        let best: Vec<usize> = cells(self.best_cells()).collect();
        (!best.is_empty()).then(|| best[rng.below(best.len() as u32) as usize])
    }
}

/// The cells of a 9-bit mask, in order.
pub fn cells(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |c| mask & (1 << c) != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game from `board` in which `side` plays one of `best_cells` and the opponent anything:
    /// returns the results, as scores for `side`.
    fn all_results(board: PlainBoard, side: Player, out: &mut Vec<f32>) {
        if board.status() != Status::Ongoing {
            out.push(board.status().score_for(side));
            return;
        }
        let choices = if board.side_to_move() == side { board.best_cells() } else { board.legal_cells() };
        for c in cells(choices) {
            let mut next = board;
            next.play(c);
            all_results(next, side, out);
        }
    }

    #[test]
    fn the_empty_board_is_a_draw_and_perfect_play_never_loses_with_either_colour() {
        assert_eq!(PlainBoard::new().value(), 0);
        for side in [Player::X, Player::O] {
            let mut results = Vec::new();
            all_results(PlainBoard::new(), side, &mut results);
            assert!(results.iter().all(|&s| s >= 0.5), "{side:?} lost a game");
            assert!(results.contains(&1.0), "{side:?} never punished an error");
            assert!(results.len() > 100);
        }
    }

    #[test]
    fn a_win_is_taken_and_a_threat_is_blocked() {
        // X: 0 1, O: 3 4, X to move: 2 completes the top row.
        let mut b = PlainBoard::new();
        [0, 3, 1, 4].iter().for_each(|&c| b.play(c));
        assert_eq!(b.best_cells(), 1 << 2);
        assert_eq!(b.value(), 9);
        // O to move after X 0, 1 (O 4): O must block at 2.
        let mut b = PlainBoard::new();
        [0, 4, 1].iter().for_each(|&c| b.play(c));
        assert_eq!(b.best_cells(), 1 << 2);
        // After X takes a corner, only the centre holds the draw for O.
        let mut b = PlainBoard::new();
        b.play(0);
        assert_eq!(b.best_cells(), 1 << 4);
    }

    #[test]
    fn the_game_ends_at_a_line_or_a_full_board() {
        let mut b = PlainBoard::new();
        // X 0 4 8 wins on the diagonal.
        [0, 1, 4, 2, 8].iter().for_each(|&c| b.play(c));
        assert_eq!((b.status(), b.legal_cells()), (Status::Won(Player::X), 0));
        let mut b = PlainBoard::new();
        [0, 1, 2, 4, 3, 5, 7, 6, 8].iter().for_each(|&c| b.play(c));
        assert_eq!(b.status(), Status::Draw);
        assert!(!b.is_legal(9));
    }
}
