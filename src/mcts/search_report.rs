//! What a search answers: the move chosen at the root, its value and proof, and the principal variation.

use super::node::{Node, Proof};
use super::tree::Tree;
use crate::board::Board;
use crate::moves::Move;
use std::time::Duration;

/// What a search found, for the move and for the stderr log.
#[derive(Clone, Debug)]
pub struct SearchReport {
    /// The move to play.
    pub best: Move,
    /// Iterations run by this search.
    pub iterations: u64,
    /// Nodes in the tree after the search.
    pub nodes_used: usize,
    /// Nodes kept from the previous search by tree reuse.
    pub nodes_reused: usize,
    /// Visits of the chosen move.
    pub best_visits: u32,
    /// Mean reward of the chosen move for the side to move (0 loss … 1 win).
    pub best_value: f32,
    /// What the solver proved about the chosen move.
    pub proof: Proof,
    /// The most visited line from the root, at most eight moves.
    pub principal_variation: Vec<Move>,
    /// Visits of each root move: the training target of the learned policy.
    pub root_visits: Vec<(Move, u32)>,
    /// Each root move's value for the side to move, in `root_visits`' order: proven, or its mean reward.
    pub root_values: Vec<f32>,
    /// Time spent finding the new root in the last tree and keeping its subtree (`reuse.rs`).
    pub root_time: Duration,
    /// Time spent in the search loop.
    pub loop_time: Duration,
    /// How much sooner than its deadline the next timed search will stop, for the stalls and the waits for
    /// a processor seen so far (`budget.rs`).
    pub margin: Duration,
}

/// A node's value as the expected score the report promises: a leaf that counts a rollout by its surprise
/// (`evaluate.rs`) can lie a little outside 0..1, and so can a mean over such leaves.
fn expected_score(value: f32) -> f32 {
    value.clamp(0.0, 1.0)
}

/// The child of `node` to play: a proven win, else the most visited move that is not a proven loss.
fn best_child(tree: &Tree, node: usize) -> Option<usize> {
    let first = tree.get(node).first_child as usize;
    let rank = |c: &Node| match c.proof {
        // A terminal win (never expanded) ends the game now: prefer it to longer proven wins.
        Proof::Win if !c.is_expanded() => (4, c.visits),
        Proof::Win => (3, c.visits),
        Proof::Loss => (0, c.visits),
        _ => (1, c.visits),
    };
    tree.children(node).iter().enumerate().max_by_key(|(_, c)| rank(c)).map(|(k, _)| first + k)
}

impl SearchReport {
    /// The report of a search whose tree is `tree`, rooted at `root_board`; the times are the caller's.
    pub(super) fn of_tree(
        tree: &Tree,
        root_board: &Board,
        iterations: u64,
        nodes_reused: usize,
    ) -> SearchReport {
        let mut principal_variation = Vec::new();
        let mut node = 0;
        while let Some(child) = best_child(tree, node) {
            principal_variation.push(tree.get(child).mv);
            node = child;
            if principal_variation.len() >= 8 {
                break;
            }
        }
        let best_index = best_child(tree, 0);
        let best = match best_index {
            Some(i) => *tree.get(i),
            // Not even one iteration expanded the root (capacity 1, or zero iterations): any legal move.
            None => Node::new(root_board.legal_moves().first().copied().unwrap_or(Move(0)), 1.0),
        };
        SearchReport {
            best: best.mv,
            iterations,
            nodes_used: tree.len(),
            nodes_reused,
            best_visits: best.visits,
            best_value: expected_score(best.mean()),
            proof: best.proof,
            principal_variation,
            root_visits: tree.children(0).iter().map(|c| (c.mv, c.visits)).collect(),
            root_values: tree.children(0).iter().map(|c| expected_score(c.proven_or_mean())).collect(),
            root_time: Duration::ZERO,
            loop_time: Duration::ZERO,
            margin: Duration::ZERO,
        }
    }
}
