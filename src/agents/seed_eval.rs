//! Seed 004's two evaluation functions ("E1" and "E2"), with exactly the document's score tables, for
//! `minimax:eval=e1|e2`. Every line (row, column, diagonal) of every small board, and of the main board
//! (whose cells are the small boards: won by X, won by O, or open), scores from X's point of view:
//!
//! | line holds                | small board | main board |
//! |---------------------------|-------------|------------|
//! | three X / three O         | +10 / −10   | +100 / −100 |
//! | two X and an empty cell / two O and an empty cell | +5 / −5 | +50 / −50 |
//! | E2 only: one X and two empty / one O and two empty | +2 / −2 | +20 / −20 |
//! | E2 only: X / O in the centre (per board, not per line) | +3 / −3 | +10 / −10 |
//!
//! Where the document is silent we chose: a drawn small board is neither a mark nor empty on the main
//! board (a line through it scores nothing), and won small boards keep scoring their lines (the document
//! says a won board "contributes significantly", which its three-in-a-row line does). A finished game
//! scores ±`WIN_SCORE` (0 for a draw), as for every evaluation here.

use super::score::finished_score;
use crate::board::{popcount9, Board, Player, FULL, LINES};

/// Which of the document's two functions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeedEval {
    /// Completed and potential lines only.
    E1,
    /// E1, plus single marks on open lines and centre control.
    E2,
}

impl SeedEval {
    /// The score of `board` for `me` (higher is better for `me`).
    pub fn score(self, board: &Board, me: Player) -> i32 {
        if let Some(s) = finished_score(board, me) {
            return s;
        }
        let mut for_x = 0;
        for b in 0..9 {
            let (x, o) = (board.marks(Player::X, b), board.marks(Player::O, b));
            for_x += self.grid(x, o, !(x | o) & FULL, 1);
        }
        let (x, o) = (board.won_boards(Player::X), board.won_boards(Player::O));
        for_x += self.grid(x, o, !board.closed_boards() & FULL, 10);
        if me == Player::X {
            for_x
        } else {
            -for_x
        }
    }

    /// A 3×3 grid's score for X: `x`, `o` and `empty` are its cells as 9-bit masks; `scale` is 1 for a
    /// small board and 10 for the main board (the tables' two columns, except the centre's 3 → 10).
    fn grid(self, x: u16, o: u16, empty: u16, scale: i32) -> i32 {
        let mut score = 0;
        for &line in &LINES {
            let (nx, no, ne) = (popcount9(x & line), popcount9(o & line), popcount9(empty & line));
            score += match (nx, no, ne) {
                (3, _, _) => 10,
                (_, 3, _) => -10,
                (2, _, 1) => 5,
                (_, 2, 1) => -5,
                (1, _, 2) if self == SeedEval::E2 => 2,
                (_, 1, 2) if self == SeedEval::E2 => -2,
                _ => 0,
            } * scale;
        }
        if self == SeedEval::E2 {
            let centre = if scale == 1 { 3 } else { 10 };
            score += centre * ((x >> 4 & 1) as i32 - (o >> 4 & 1) as i32);
        }
        score
    }
}

#[cfg(test)]
mod tests {
    use super::super::score::WIN_SCORE;
    use super::*;
    use crate::board::Status;
    use crate::moves::Move;

    fn board(moves: &[(usize, usize)]) -> Board {
        let mut b = Board::new();
        for &(r, c) in moves {
            b.play(Move::from_row_col(r as i64, c as i64).unwrap());
        }
        b
    }

    #[test]
    fn the_tables_values_come_out_line_by_line() {
        // X in the centre of the centre board: E1 sees nothing; E2 sees four lines with one X and two
        // empty cells (4 × 2) and the centre (3).
        let b = board(&[(4, 4)]);
        assert_eq!(SeedEval::E1.score(&b, Player::X), 0);
        assert_eq!(SeedEval::E2.score(&b, Player::X), 4 * 2 + 3);
        assert_eq!(SeedEval::E2.score(&b, Player::O), -(4 * 2 + 3));
        // X holds cells 0 and 1 of board 0 (a row with an empty third cell: +5) and cells 1 and 4 of board 4
        // (a column, +5); O's single marks score nothing in E1.
        let b = board(&[(4, 4), (3, 3), (0, 0), (1, 1), (3, 4), (0, 3), (0, 1)]);
        assert_eq!(b.marks(Player::X, 0), 0b000_000_011);
        assert_eq!(SeedEval::E1.score(&b, Player::X), 10);
    }

    #[test]
    fn the_scores_are_antisymmetric_and_finished_games_are_extreme() {
        let b = board(&[(4, 4), (3, 3), (0, 0), (1, 1), (4, 3)]);
        for e in [SeedEval::E1, SeedEval::E2] {
            assert_eq!(e.score(&b, Player::X), -e.score(&b, Player::O));
        }
        let mut b = Board::new();
        let mut rng = crate::rng::Rng::new(3);
        while !b.is_over() {
            let moves = b.legal_moves();
            b.play(moves[rng.below(moves.len() as u32) as usize]);
        }
        let expected = match b.status() {
            Status::Won(Player::X) => WIN_SCORE,
            Status::Won(Player::O) => -WIN_SCORE,
            _ => 0,
        };
        assert_eq!(SeedEval::E2.score(&b, Player::X), expected);
    }
}
