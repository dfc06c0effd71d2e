//! The root: its moves searched in the order of the last iteration's scores (its best first), each with
//! the principal-variation search's windows, every score kept for the report and the next iteration.

use super::score::{Score, INFINITE};
use super::table::Bound;
use super::AlphaBeta;
use crate::board::Board;
use crate::moves::Move;

/// A root move and what the last search of it said.
#[derive(Clone, Copy, Debug)]
pub struct RootMove {
    pub mv: Move,
    /// Its score when searched with a window that held it; a bound (at most alpha) otherwise.
    pub score: Score,
    /// The order score the moves were sorted by before the first iteration.
    pub order: i32,
}

impl AlphaBeta {
    /// Searches the root's moves to `depth` within (`alpha`, `beta`); the best score, or `None` when the
    /// search was stopped before the first move was done. `root` is resorted by score (best first); a move
    /// that beat alpha in this iteration is recorded in `self.iteration_best` as soon as it does.
    pub(super) fn root(
        &mut self,
        board: &Board,
        key: u64,
        depth: i32,
        mut alpha: Score,
        beta: Score,
        root: &mut [RootMove],
    ) -> Option<Score> {
        let alpha_in = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        for (k, entry) in root.iter_mut().enumerate() {
            let m = entry.mv;
            let child = self.play(board, m, 0);
            let child_key = self.zobrist.after(key, board, m, &child);
            let s = if k == 0 {
                -self.node(&child, child_key, depth - 1, 1, -beta, -alpha)
            } else {
                let mut s = -self.node(&child, child_key, depth - 1, 1, -alpha - 1, -alpha);
                if s > alpha && s < beta {
                    s = -self.node(&child, child_key, depth - 1, 1, -beta, -alpha);
                }
                s
            };
            if self.stopped {
                break;
            }
            entry.score = if k == 0 || s > alpha { s } else { alpha.min(s) };
            if s > best {
                (best, best_move) = (s, Some(m));
            }
            if s > alpha {
                alpha = s;
                if s < beta {
                    self.iteration_best = Some((m, s));
                }
                if alpha >= beta {
                    break;
                }
            }
        }
        // Best first for the next iteration; a stable sort keeps the order of the moves that tie.
        root.sort_by_key(|r| std::cmp::Reverse(r.score));
        if let (Some(m), false) = (best_move, self.stopped) {
            self.table.store(key, best, Bound::of(best, alpha_in, beta), depth as u32, Some(m));
        }
        (best > -INFINITE).then_some(best)
    }
}
