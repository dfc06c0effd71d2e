//! The search's scores: the value net's expected score as an integer for the side to move, and proven
//! results as wins and losses in a number of plies, which outrank every value the net can give.

use crate::board::{Board, Status};

/// A score for the side to move: positive is good.
pub type Score = i32;

/// The net's scale: an expected score `v` (0 loss … 1 win) is `(v − ½) · 2 · NET_SCALE`.
pub const NET_SCALE: f32 = 1000.0;

/// A won game at the root; a win in `n` plies scores `WIN − n`, so that a shorter win ranks higher.
pub const WIN: Score = 30_000;

/// Bigger than any score, with room to negate.
pub const INFINITE: Score = WIN + 1;

/// The most plies a line can have (81 cells, plus the root).
pub const MAX_PLY: usize = 82;

/// Scores at or beyond this magnitude are proven results.
pub const PROVEN: Score = WIN - MAX_PLY as Score;

/// The score of a finished game for its side to move, `ply` plies from the root: a line of boards wins
/// for the player who just moved, but when no move is left the count of won boards decides (rule 6),
/// and that can favour the side to move.
#[inline]
pub fn of_finished(board: &Board, ply: usize) -> Score {
    match board.status() {
        Status::Won(p) if p == board.side_to_move() => WIN - ply as Score,
        Status::Won(_) => -(WIN - ply as Score),
        Status::Draw | Status::Ongoing => 0,
    }
}

/// The integer score of the net's expected score for the side to move.
#[inline]
pub fn from_expected(v: f32) -> Score {
    let s = ((v - 0.5) * 2.0 * NET_SCALE).round() as Score;
    s.clamp(-(NET_SCALE as Score) + 1, NET_SCALE as Score - 1)
}

/// The expected score (0 … 1) a score promises; a proven result is 1 or 0, a proven draw ½.
pub fn to_expected(s: Score) -> f32 {
    if s >= PROVEN {
        1.0
    } else if s <= -PROVEN {
        0.0
    } else {
        (s as f32 / (2.0 * NET_SCALE) + 0.5).clamp(0.0, 1.0)
    }
}

/// A proven win or loss (not a draw, which scores 0 like an even position).
#[inline]
pub fn is_proven(s: Score) -> bool {
    s.abs() >= PROVEN
}

/// A score as the table keeps it: proven results counted from the node, not from the root.
#[inline]
pub fn to_table(s: Score, ply: usize) -> Score {
    if s >= PROVEN {
        s + ply as Score
    } else if s <= -PROVEN {
        s - ply as Score
    } else {
        s
    }
}

/// A table's score read back at `ply` from the root.
#[inline]
pub fn from_table(s: Score, ply: usize) -> Score {
    if s >= PROVEN {
        s - ply as Score
    } else if s <= -PROVEN {
        s + ply as Score
    } else {
        s
    }
}
