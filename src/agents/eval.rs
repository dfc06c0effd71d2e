//! A hand-written position evaluation for the classic agents (minimax, expectimax, greedy).

use super::score::finished_score;
pub use super::score::WIN_SCORE;
use crate::board::{completing_cells, popcount9, Board, Player, FULL, LINES};

/// Heuristic value of `board` for `me`: won small boards, two-in-a-row threats in small boards and on
/// the big board, and centres. Finished games score ±WIN_SCORE (0 for a draw).
pub fn evaluate(board: &Board, me: Player) -> i32 {
    if let Some(s) = finished_score(board, me) {
        return s;
    }
    side_score(board, me) - side_score(board, me.other())
}

fn side_score(board: &Board, p: Player) -> i32 {
    let won = board.won_boards(p);
    let lost = board.won_boards(p.other());
    let closed = board.closed_boards();
    let mut score = 100 * popcount9(won) as i32;
    // Big-board lines held by two won boards whose third board is still open.
    score += 150 * popcount9(completing_cells(won, !closed & FULL)) as i32;
    if won & (1 << 4) != 0 {
        score += 40; // the centre board sits on four lines
    }
    for b in 0..9 {
        if closed & (1 << b) != 0 {
            continue;
        }
        let mine = board.marks(p, b);
        let free = board.free_cells(b);
        // A small-board threat is worth more where the board would extend a big-board line.
        let weight = if LINES.iter().any(|&l| l & (1 << b) != 0 && l & lost == 0) { 10 } else { 3 };
        score += weight * popcount9(completing_cells(mine, free)) as i32;
        if mine & (1 << 4) != 0 {
            score += 3;
        }
    }
    score
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::moves::Move;

    #[test]
    fn evaluation_is_antisymmetric_and_sees_threats() {
        let mut b = Board::new();
        for (r, c) in [(0, 0), (1, 1), (4, 3), (3, 1), (0, 3)] {
            b.play(Move::from_row_col(r, c).unwrap());
        }
        assert_eq!(evaluate(&b, Player::X), -evaluate(&b, Player::O));
        assert_eq!(evaluate(&Board::new(), Player::X), 0);
    }
}

/// What a searching agent scores its leaves with.
#[derive(Clone, Debug)]
pub enum Evaluation {
    /// `evaluate`, the hand-written score.
    Heuristic,
    /// The learned value net, scaled to ±10,000 (finished games still score ±WIN_SCORE).
    Net(crate::value::ValueNet),
    /// Seed 004's E1 or E2 (`seed_eval.rs`).
    Seed(super::seed_eval::SeedEval),
    /// Seed 000's linear evaluation over the Advanced Feature Extractor (`eval=td|published|zero`),
    /// scaled by 1000 (finished games still score ±WIN_SCORE).
    Linear([f64; 13]),
    /// Seed 003's six-basis utility with these constants (`eval=basis6`, `eval=basis6-learned`).
    Basis6([f64; 6]),
}

impl Evaluation {
    /// The score of `board` for `me`: higher is better for `me`.
    pub fn score(&self, board: &Board, me: Player) -> i32 {
        match self {
            Evaluation::Net(net) if !board.is_over() => {
                let s = ((net.evaluate(board) - 0.5) * 20_000.0) as i32;
                if board.side_to_move() == me {
                    s
                } else {
                    -s
                }
            }
            Evaluation::Seed(e) => e.score(board, me),
            Evaluation::Basis6(c) => super::basis6::score(c, board, me),
            Evaluation::Linear(w) if !board.is_over() => {
                (super::perceptron::linear(w, board, me) * 1000.0).round() as i32
            }
            _ => evaluate(board, me),
        }
    }
}
