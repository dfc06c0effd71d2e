//! The scale every classic evaluation shares (`eval.rs`, `seed_eval.rs`, `basis6.rs`, and the searches of
//! `minimax.rs` that compare them): a finished game scores ±`WIN_SCORE`, far above any heuristic score.

use crate::board::{Board, Player, Status};

/// Score of a won game, far above any heuristic score.
pub const WIN_SCORE: i32 = 1_000_000;

/// The score of a finished game for `me` (±`WIN_SCORE`, 0 for a draw); `None` while it goes on.
pub fn finished_score(board: &Board, me: Player) -> Option<i32> {
    match board.status() {
        Status::Won(p) if p == me => Some(WIN_SCORE),
        Status::Won(_) => Some(-WIN_SCORE),
        Status::Draw => Some(0),
        Status::Ongoing => None,
    }
}
