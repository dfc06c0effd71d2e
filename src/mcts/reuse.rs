//! Keeping the tree between turns: the new root is found among the old root's children and grandchildren.

use super::node::Node;
use super::Search;
use crate::board::Board;
use crate::moves::Move;
use std::time::Instant;

impl Search {
    /// Re-roots the tree at `board` when it is a child or grandchild of the last root; else, or when the
    /// copy is not done by `until`, starts afresh. Returns the number of nodes kept.
    pub(super) fn set_root(&mut self, board: &Board, fresh: bool, until: Option<Instant>) -> usize {
        let found = if self.params.reuse_tree && !fresh { self.find_descendant(board) } else { None };
        self.root_board = *board;
        self.leaf_values.clear();
        let kept = match found {
            Some(0) => Some(self.tree.len()),
            Some(i) => self.tree.reroot(i, until),
            None => None,
        };
        kept.unwrap_or_else(|| {
            self.tree.clear();
            0
        })
    }

    /// The node of `board` among the root, its children and grandchildren.
    pub(super) fn find_descendant(&self, board: &Board) -> Option<usize> {
        if *board == self.root_board && self.tree.len() > 1 {
            return Some(0);
        }
        let root = *self.tree.get(0);
        for i in root.children() {
            let mut b1 = self.root_board;
            b1.play(self.tree.get(i).mv);
            if b1 == *board {
                return Some(i);
            }
            for j in self.tree.get(i).children() {
                let mut b2 = b1;
                b2.play(self.tree.get(j).mv);
                if b2 == *board {
                    return Some(j);
                }
            }
        }
        None
    }

    pub(super) fn expand_root_restricted(&mut self, allowed: &[Move]) {
        let legal = self.root_board.legal_moves();
        let moves: Vec<Move> = legal.iter().copied().filter(|m| allowed.contains(m)).collect();
        let prior = 1.0 / moves.len().max(1) as f32;
        self.tree.expand(0, moves.into_iter().map(|m| Node::new(m, prior)));
    }
}
