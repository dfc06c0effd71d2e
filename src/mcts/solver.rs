//! Backing a result up the path, and the MCTS-solver: proven wins, losses and draws.

use super::node::Proof;
use super::Search;
use crate::board::{Board, Status};

impl Search {
    /// Adds `reward` (for the player who moved into the leaf) along the path and, with the solver,
    /// proves what the children now prove.
    #[inline(always)]
    pub(super) fn backup(&mut self, path: &[u32], leaf_board: &Board, mut reward: f32) {
        let leaf_mover = leaf_board.side_to_move().other();
        let mut proving = false;
        if self.params.solver && leaf_board.is_over() {
            let leaf = self.tree.get_mut(*path.last().expect("path holds the root") as usize);
            leaf.proof = match leaf_board.status() {
                Status::Won(p) if p == leaf_mover => Proof::Win,
                Status::Won(_) => Proof::Loss,
                _ => Proof::Draw,
            };
            proving = true;
        }
        for (depth, &i) in path.iter().enumerate().rev() {
            let node = self.tree.get_mut(i as usize);
            node.visits += 1;
            node.value_sum += reward;
            reward = 1.0 - reward;
            if proving && depth > 0 {
                proving = self.prove(path[depth - 1] as usize);
            }
        }
        if let Some(&child) = path.get(1) {
            let k = child as usize - self.tree.get(0).first_child as usize;
            self.root_scores.update(k, self.tree.get(child as usize), &self.params);
        }
    }

    /// Derives the proof of `node` from its children; true when it became proven.
    pub(super) fn prove(&mut self, node: usize) -> bool {
        if self.tree.get(node).proof != Proof::Unknown {
            return false;
        }
        let mut all_proven = true;
        let mut any_draw = false;
        for child in self.tree.children(node) {
            match child.proof {
                // The opponent (mover into the child) has a proven win: this node is lost for its mover.
                Proof::Win => {
                    self.tree.get_mut(node).proof = Proof::Loss;
                    return true;
                }
                Proof::Draw => any_draw = true,
                Proof::Loss => {}
                Proof::Unknown => all_proven = false,
            }
        }
        if !all_proven {
            return false;
        }
        self.tree.get_mut(node).proof = if any_draw { Proof::Draw } else { Proof::Win };
        true
    }
}
