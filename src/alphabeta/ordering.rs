//! The order a node's moves are tried in, best first, so that the first move usually holds and the rest
//! are refuted by null windows: the table's move, then killers (quiet moves that cut off at the same ply),
//! then the history of cut-offs by side and cell, with the learned policy's logit at deep enough nodes.

use super::params::AbParams;
use super::score::MAX_PLY;
use crate::board::Board;
use crate::moves::{Move, MoveList};
use crate::policy::Policy;

/// The table's move: always first.
const TABLE_MOVE: i32 = 1 << 30;
/// The killers: after the table's move, before everything the history and policy rank.
const KILLER: [i32; 2] = [1 << 24, (1 << 24) - 1];
/// An order score at least this is the table's move or a killer: a move late move reductions leave alone.
pub const TABLE_OR_KILLER: i32 = KILLER[1];
/// History counts are halved when one passes this, so they stay below the killers.
const HISTORY_LIMIT: i32 = 1 << 20;
/// A policy logit's weight against history counts: a logit apart is worth this many.
const POLICY_WEIGHT: f32 = 4096.0;

/// The node whose moves are ordered: its position, the table's move, its depth left and its ply.
#[derive(Clone, Copy)]
pub struct OrderOf<'a> {
    pub board: &'a Board,
    pub table_move: Option<Move>,
    pub depth: i32,
    pub ply: usize,
}

/// What the search learns about moves as it goes: killers by ply, history by side and move.
pub struct MoveOrder {
    killers: [[Option<Move>; 2]; MAX_PLY + 1],
    history: [[i32; 81]; 2],
}

impl MoveOrder {
    /// Nothing learned yet.
    pub fn new() -> MoveOrder {
        MoveOrder { killers: [[None; 2]; MAX_PLY + 1], history: [[0; 81]; 2] }
    }

    /// A new search: the killers belong to the last one's plies; history fades to an eighth.
    pub fn new_search(&mut self) {
        self.killers = [[None; 2]; MAX_PLY + 1];
        self.history.iter_mut().flatten().for_each(|h| *h /= 8);
    }

    /// Scores each of `moves` (legal at `node.board`) for the order they are tried in (higher first).
    pub fn score(
        &self,
        params: &AbParams,
        policy: Option<&Policy>,
        node: &OrderOf,
        moves: &MoveList,
        out: &mut [i32; 81],
    ) {
        let OrderOf { board, table_move, depth, ply } = *node;
        let side = board.side_to_move().index();
        let use_policy = params.policy_depth > 0 && depth >= params.policy_depth as i32;
        for (k, &m) in moves.iter().enumerate() {
            out[k] = if Some(m) == table_move {
                TABLE_MOVE
            } else if params.killers && self.killers[ply][0] == Some(m) {
                KILLER[0]
            } else if params.killers && self.killers[ply][1] == Some(m) {
                KILLER[1]
            } else {
                let history = if params.history { self.history[side][m.index()] } else { 0 };
                let prior = match policy {
                    Some(p) if use_policy => (p.logit(board, m) * POLICY_WEIGHT) as i32,
                    _ => 0,
                };
                history + prior
            };
        }
    }

    /// Records that `m`, played by `board`'s side to move at `ply` with `depth` left, cut off the search.
    pub fn cut_off(&mut self, params: &AbParams, board: &Board, m: Move, depth: i32, ply: usize) {
        if params.killers && self.killers[ply][0] != Some(m) {
            self.killers[ply][1] = self.killers[ply][0];
            self.killers[ply][0] = Some(m);
        }
        if params.history {
            let h = &mut self.history[board.side_to_move().index()];
            h[m.index()] += depth * depth;
            if h[m.index()] > HISTORY_LIMIT {
                h.iter_mut().for_each(|x| *x /= 2);
            }
        }
    }
}

impl Default for MoveOrder {
    fn default() -> Self {
        MoveOrder::new()
    }
}

/// Moves `k`'s best remaining move (by `scores`) to position `k`: a selection sort done lazily, since a
/// cut-off usually comes before the last moves are needed.
#[inline]
pub fn pick_next(moves: &mut [Move], scores: &mut [i32], k: usize) {
    let mut best = k;
    for j in k + 1..moves.len() {
        if scores[j] > scores[best] {
            best = j;
        }
    }
    moves.swap(k, best);
    scores.swap(k, best);
}
