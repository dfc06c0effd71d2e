//! Growing the tree: a leaf's children, proven wins marked at birth, and the policy's priors.

use super::node::{Node, Proof};
use super::{rollout, Search};
use crate::board::Board;
use crate::moves::{Move, MoveList};
use crate::value::children::Children;

/// Per small board, the cells where the side to move wins the game at once by a big-board line.
#[inline(always)]
fn game_winning_moves(board: &Board) -> [u16; 9] {
    let me = board.side_to_move();
    let mut cells = [0u16; 9];
    let mut boards = rollout::game_winning_boards(board, true) & board.playable_boards();
    while boards != 0 {
        let b = boards.trailing_zeros() as usize;
        boards &= boards - 1;
        cells[b] = crate::board::completing_cells(board.marks(me, b), board.free_cells(b));
    }
    cells
}

impl Search {
    /// Adds all children of `node`; false when the arena is full (the search then rolls out from here).
    /// Their priors are uniform for `prior_delay` more visits to `node` (see `set_priors`).
    #[inline(always)]
    pub(super) fn expand(&mut self, node: usize, board: &Board) -> bool {
        let moves = board.legal_moves();
        let prior = 1.0 / moves.len() as f32;
        // Moves that win the game at once are proven wins from birth: the solver then needs no visit to them.
        let winning = if self.params.solver { game_winning_moves(board) } else { [0; 9] };
        let expanded = self.tree.expand(
            node,
            moves.iter().map(|&m| {
                let mut child = Node::new(m, prior);
                if winning[m.board()] & (1 << m.cell()) != 0 {
                    child.proof = Proof::Win;
                }
                child
            }),
        );
        if node == 0 {
            self.root_scores.invalidate();
        }
        #[cfg(not(bundle))]
        {
            self.counts.expansions += u64::from(expanded);
        }
        if expanded && self.policy.is_some() && self.params.prior_weight > 0.0 {
            match self.params.prior_delay {
                0 => self.set_priors(node, board, &moves),
                delay => self.tree.get_mut(node).priors_in = delay,
            }
        }
        expanded
    }

    /// One more visit to `node` while its children wait for their priors.
    #[inline(always)]
    pub(super) fn count_down_priors(&mut self, node: usize, board: &Board) {
        let left = &mut self.tree.get_mut(node).priors_in;
        *left -= 1;
        if *left == 0 {
            let mut moves = MoveList::new();
            for child in self.tree.children(node) {
                moves.push(child.mv);
            }
            self.set_priors(node, board, &moves);
        }
    }

    /// Gives the children of `node` the learned policy's priors. Deferred from expansion because most
    /// expanded nodes are never visited again, and the policy is the dearest part of an expansion.
    /// `moves` are the children's moves, in the children's order.
    #[inline(always)]
    pub(super) fn set_priors(&mut self, node: usize, board: &Board, moves: &[Move]) {
        let Some(policy) = &self.policy else { return };
        let mut priors = [0f32; 81];
        policy.priors(board, moves, &mut priors[..moves.len()]);
        #[cfg(not(bundle))]
        {
            self.counts.priors += moves.len() as u64;
        }
        let first = self.tree.get(node).first_child as usize;
        for (k, &p) in priors[..moves.len()].iter().enumerate() {
            self.tree.get_mut(first + k).prior = p;
        }
        if node == 0 {
            self.root_scores.invalidate();
        }
    }

    /// Sharpens the priors of `node`'s children (at `board`) by the value net's values of the positions
    /// they lead to: `P' ∝ P · exp(v / τ)`, `v` the mover's expected score there (exact where the game
    /// ends), and counts each value as `value_prior_virtual_visits` visits of its child (prior knowledge,
    /// as MoGo gave its new nodes: a child's mean is then its net value until real visits outweigh it;
    /// its own refinement comes that many real visits earlier).
    /// Done once, at the node's `value_prior_visits`-th visit (`refine_at`), with `given` visits each:
    /// nine evaluations are too dear for every expansion, but a node visited that often is worth a better
    /// ordering of its children. Or at every expansion, one visit each, where the children's values replace
    /// the leaf's (`Params::value_children`). Returns the values' mean under the sharpened priors: the
    /// expected score of the side to move at `board`.
    #[inline(always)]
    pub(super) fn refine_priors(&mut self, node: usize, board: &Board, given: u32, refine_at: u32) -> f32 {
        let Some(net) = &self.value else { return 0.5 };
        let mover = board.side_to_move();
        let inverse_temperature = 1.0 / self.params.value_prior_temperature;
        let range = self.tree.get(node).children();
        let mut values = [0f32; 81];
        let mut logits = [0f32; 81];
        let mut children = Children::new(net, &mut self.board_sums, board);
        #[cfg(not(bundle))]
        {
            self.counts.sharpenings += 1;
        }
        for (k, i) in range.clone().enumerate() {
            let child = self.tree.get(i);
            let mut after = *board;
            after.play(child.mv);
            values[k] = if after.is_over() {
                after.status().score_for(mover)
            } else if let Some(value) = self.leaf_values.recall(i) {
                // Valued already as a leaf: the same number (`leaf_values.rs`).
                #[cfg(not(bundle))]
                {
                    self.counts.child_values_recalled += 1;
                }
                1.0 - value
            } else {
                #[cfg(not(bundle))]
                {
                    self.counts.child_values += 1;
                }
                1.0 - children.value(child.mv, &after)
            };
            logits[k] = child.prior.max(1e-6).ln() + values[k] * inverse_temperature;
        }
        let logits = &mut logits[..range.len()];
        crate::policy::softmax(logits);
        let mut mean = 0.0;
        for ((&p, &value), i) in logits.iter().zip(&values).zip(range) {
            mean += p * value;
            let child = self.tree.get_mut(i);
            child.prior = p;
            // Never so many that the child reaches its own refinement without a real visit: it would be
            // refined at once, and its children with it, down the tree; or, jumping past it, never.
            let virtual_visits = given.min(refine_at.saturating_sub(child.visits + 1));
            child.visits += virtual_visits;
            child.value_sum += virtual_visits as f32 * value;
        }
        if node == 0 {
            self.root_scores.invalidate();
        }
        mean
    }
}
