//! One node of the alpha-beta search: principal-variation search (the first move with the full window,
//! the rest with a null window and searched again only when they beat it), the table's bounds, proven
//! results exact (a finished game by the rules, the board count included; a move that wins the game at
//! once), late move reductions and the forced-move extension. The root is `root.rs`'s.

use super::ordering::{pick_next, OrderOf, TABLE_OR_KILLER};
use super::score::{self, Score, INFINITE, MAX_PLY, WIN};
use super::table::Bound;
use super::AlphaBeta;
use crate::board::tactics::{game_winning_boards, game_winning_move};
use crate::board::Board;
use crate::moves::Move;

/// Nodes searched between two reads of the clock (a few tens of µs).
const CLOCK_NODES: u64 = 64;

impl AlphaBeta {
    /// The score of `board` (key `key`, `ply` plies below the root, its accumulator at `ply`) searched to
    /// `depth` plies within (`alpha`, `beta`): a node on the principal variation when the window is wider
    /// than one (the others are searched with null windows). Returns 0 once the search is stopped: the
    /// caller must not use it then.
    pub(super) fn node(
        &mut self,
        board: &Board,
        key: u64,
        depth: i32,
        ply: usize,
        mut alpha: Score,
        mut beta: Score,
    ) -> Score {
        let pv = beta - alpha > 1;
        self.nodes += 1;
        if self.nodes % CLOCK_NODES == 0 {
            self.check_limits();
        }
        if self.stopped {
            return 0;
        }
        self.deepest = self.deepest.max(ply);
        if board.is_over() {
            return score::of_finished(board, ply);
        }
        // No line from here can beat a win at the next ply or lose faster than now.
        alpha = alpha.max(-(WIN - ply as Score));
        beta = beta.min(WIN - ply as Score - 1);
        if alpha >= beta {
            return alpha;
        }
        if game_winning_move(board).is_some() {
            return WIN - ply as Score - 1;
        }
        // One legal move, or a threat to win the game that the side to move must answer, costs a few
        // nodes to see through; the extensions stop at twice the root's depth.
        let may_extend = ply < 2 * self.root_depth as usize;
        let threatened = self.params.extend_threat && may_extend && game_winning_boards(board, false) != 0;
        let depth = depth + threatened as i32;
        if depth <= 0 || ply >= MAX_PLY - 1 {
            return self.evaluate(board, ply);
        }
        let entry = self.table.probe(key);
        let table_move = entry.and_then(|e| e.best_move()).filter(|&m| board.is_legal(m));
        if let Some(e) = entry.filter(|e| !pv && e.depth as i32 >= depth) {
            let s = score::from_table(e.score as Score, ply);
            match e.bound {
                Bound::Exact => return s,
                Bound::Lower if s >= beta => return s,
                Bound::Upper if s <= alpha => return s,
                _ => {}
            }
        }
        let mut list = board.legal_moves();
        let n = list.len();
        let mut scores = [0i32; 81];
        let order_of = OrderOf { board, table_move, depth, ply };
        self.order.score(&self.params, self.policy.as_ref(), &order_of, &list, &mut scores);
        let moves = list.as_mut_slice();
        let single = self.params.extend_single && n == 1 && may_extend;
        let alpha_in = alpha;
        let (mut best, mut best_move) = (-INFINITE, None);
        for k in 0..n {
            pick_next(moves, &mut scores[..n], k);
            let m = moves[k];
            let child = self.play(board, m, ply);
            let child_key = self.zobrist.after(key, board, m, &child);
            let free = self.params.extend_free && may_extend && child.forced_board().is_none();
            let new_depth = depth - 1 + (single || free) as i32;
            let s = if k == 0 {
                -self.node(&child, child_key, new_depth, ply + 1, -beta, -alpha)
            } else {
                let reduction = self.reduction(depth, k, scores[k]);
                let mut s = -self.node(&child, child_key, new_depth - reduction, ply + 1, -alpha - 1, -alpha);
                if s > alpha && reduction > 0 {
                    s = -self.node(&child, child_key, new_depth, ply + 1, -alpha - 1, -alpha);
                }
                if s > alpha && s < beta {
                    s = -self.node(&child, child_key, new_depth, ply + 1, -beta, -alpha);
                }
                s
            };
            if self.stopped {
                return 0;
            }
            if s > best {
                (best, best_move) = (s, Some(m));
            }
            if s > alpha {
                alpha = s;
                if alpha >= beta {
                    self.order.cut_off(&self.params, board, m, depth, ply);
                    break;
                }
            }
        }
        let bound = Bound::of(best, alpha_in, beta);
        self.table.store(key, score::to_table(best, ply), bound, depth as u32, best_move);
        best
    }

    /// The plies a late move (the `k`-th tried, with order score `order`) is searched shallower first:
    /// none for the first moves, the table's move and killers, one after, two among the last of many.
    fn reduction(&self, depth: i32, k: usize, order: i32) -> i32 {
        let p = &self.params;
        if !p.lmr || depth < 3 || k < p.lmr_after as usize || order >= TABLE_OR_KILLER {
            return 0;
        }
        if k >= 2 * p.lmr_after as usize + 3 && depth >= 5 {
            2
        } else {
            1
        }
    }

    /// `board` after `m`, with the accumulator at `ply + 1` brought up to date from the one at `ply`.
    #[inline]
    pub(super) fn play(&mut self, board: &Board, m: Move, ply: usize) -> Board {
        let mut child = *board;
        child.play(m);
        let (below, above) = self.stack.split_at_mut(ply + 1);
        above[0].play_from(&below[ply], &self.net, board, m, &child);
        child
    }

    /// The net's score of `board` for its side to move, from the accumulator at `ply`.
    #[inline]
    pub(super) fn evaluate(&mut self, board: &Board, ply: usize) -> Score {
        self.evaluations += 1;
        score::from_expected(self.stack[ply].value(&self.net, board))
    }
}
