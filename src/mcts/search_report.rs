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
    /// The last iteration an alpha-beta search completed, in plies (0: a tree search, which has none).
    pub depth: u32,
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

/// The root's child to play: `best_child`'s where `pick` is 0 or that child is proven; else, among the
/// unproven children with at least `pick` of its visits, the one with the best mean (the first on ties,
/// the most visited one before the rest): `Params::move_pick`.
fn chosen_child(tree: &Tree, pick: f32) -> Option<usize> {
    let most_visited = best_child(tree, 0)?;
    let top = tree.get(most_visited);
    if pick <= 0.0 || top.proof != Proof::Unknown {
        return Some(most_visited);
    }
    let floor = ((top.visits as f32 * pick) as u32).max(1);
    let first = tree.get(0).first_child as usize;
    let mut chosen = (most_visited, top.mean());
    for (k, child) in tree.children(0).iter().enumerate() {
        if child.proof == Proof::Unknown && child.visits >= floor && child.mean() > chosen.1 {
            chosen = (first + k, child.mean());
        }
    }
    Some(chosen.0)
}

impl SearchReport {
    /// The report of a search whose tree is `tree`, rooted at `root_board`, its move chosen with `pick`
    /// (`chosen_child`); the times are the caller's.
    pub(super) fn of_tree(
        tree: &Tree,
        root_board: &Board,
        iterations: u64,
        nodes_reused: usize,
        pick: f32,
    ) -> SearchReport {
        let best_index = chosen_child(tree, pick);
        // The chosen move, then the most visited line below it.
        let mut principal_variation = Vec::new();
        let mut next = best_index;
        while let Some(child) = next {
            principal_variation.push(tree.get(child).mv);
            if principal_variation.len() >= 8 {
                break;
            }
            next = best_child(tree, child);
        }
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
            depth: 0,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A root whose children have these (visits, mean, proof).
    fn root_with(children: &[(u32, f32, Proof)]) -> Tree {
        let mut tree = Tree::with_capacity(64);
        let nodes = children.iter().enumerate().map(|(k, &(visits, mean, proof))| Node {
            visits,
            value_sum: visits as f32 * mean,
            proof,
            ..Node::new(Move(k as u8), 0.1)
        });
        assert!(tree.expand(0, nodes.collect::<Vec<_>>().into_iter()));
        tree
    }

    #[test]
    fn the_best_mean_above_the_share_of_the_most_visits_is_played() {
        let u = Proof::Unknown;
        let tree = root_with(&[(1000, 0.50, u), (400, 0.60, u), (200, 0.70, u), (299, 0.65, u)]);
        let played = |pick| tree.get(chosen_child(&tree, pick).unwrap()).mv;
        assert_eq!(played(0.0), Move(0), "0: the most visited");
        assert_eq!(played(0.3), Move(1), "children under 300 visits are not played");
        assert_eq!(played(0.2), Move(2));
        assert_eq!(played(0.5), Move(0), "none better has half the visits");
        // A proven child is never the one picked by mean, and a proven most visited child stays.
        let tree = root_with(&[(1000, 0.50, u), (400, 0.60, Proof::Draw), (400, 0.55, u)]);
        assert_eq!(tree.get(chosen_child(&tree, 0.3).unwrap()).mv, Move(2));
        let tree = root_with(&[(10, 1.0, Proof::Win), (400, 0.60, u)]);
        assert_eq!(tree.get(chosen_child(&tree, 0.01).unwrap()).mv, Move(0));
    }

    #[test]
    fn the_principal_variation_starts_with_the_move_played() {
        let u = Proof::Unknown;
        let tree = root_with(&[(1000, 0.50, u), (400, 0.60, u)]);
        for pick in [0.0, 0.3] {
            let r = SearchReport::of_tree(&tree, &Board::new(), 0, 0, pick);
            assert_eq!(r.principal_variation.first(), Some(&r.best));
            assert_eq!(r.best, if pick > 0.0 { Move(1) } else { Move(0) });
        }
    }
}
