//! Seed 001's search, as its document describes it (`builtin:alphago[:iters=N][:c=X]`): a tree of nodes
//! holding W, N, Q and P; each iteration walks down by the largest `Q + c·P` (c = 5), evaluates the leaf
//! with the value net, expands every child with the policy's prior, and adds the value to W and 1 to N
//! on the way back. The move played is the root's most visited child.
//!
//! Here the prior is our policy (`weights/policy.txt`) and the value our net (`weights/value.txt`), not the
//! document's convolutional networks. Values are in −1 … 1 (the document's tanh), each node's from the view
//! of the player who moved into it; an unvisited child's Q is 0, as the document initialises it. A
//! finished game's leaf takes its exact result. Unlike the bot's search there is no exploration term that
//! grows with the parent's visits: with c = 5 the prior all but decides which child is walked into.

use super::agent::Agent;
use crate::board::{Board, Status};
use crate::moves::Move;
use crate::policy::Policy;
use crate::value::ValueNet;
use std::time::Instant;

/// The document's c.
pub const DOCUMENT_C: f32 = 5.0;
/// The document's rollouts per move in its match against its hand-coded MCTS.
pub const DOCUMENT_ITERATIONS: u64 = 250;

#[derive(Clone, Copy)]
struct Node {
    mv: Move,
    prior: f32,
    visits: u32,
    /// W: the sum of values backed up through this node, for the player who moved into it.
    value_sum: f32,
    first_child: u32,
    children: u8,
}

impl Node {
    fn q(&self) -> f32 {
        if self.visits == 0 {
            0.0
        } else {
            self.value_sum / self.visits as f32
        }
    }
}

/// Seed 001's policy-and-value search.
pub struct AlphaGo {
    policy: Policy,
    net: ValueNet,
    iterations: u64,
    c: f32,
    nodes: Vec<Node>,
}

impl AlphaGo {
    /// The search with our embedded policy and value net.
    pub fn new(iterations: u64, c: f32) -> Result<AlphaGo, String> {
        Ok(AlphaGo {
            policy: Policy::embedded()?,
            net: ValueNet::embedded()?,
            iterations,
            c,
            nodes: Vec::new(),
        })
    }

    /// Gives `node` one child per legal move of `board`, with the policy's priors.
    fn expand(&mut self, node: usize, board: &Board) {
        let moves = board.legal_moves();
        let mut priors = [0.0f32; 81];
        self.policy.priors(board, &moves, &mut priors[..moves.len()]);
        self.nodes[node].first_child = self.nodes.len() as u32;
        self.nodes[node].children = moves.len() as u8;
        for (&mv, &prior) in moves.iter().zip(&priors) {
            self.nodes.push(Node { mv, prior, visits: 0, value_sum: 0.0, first_child: 0, children: 0 });
        }
    }

    /// The child of `node` with the largest Q + c·P (the first of equals).
    fn select(&self, node: usize) -> usize {
        let n = self.nodes[node];
        let first = n.first_child as usize;
        let mut best = (first, f32::NEG_INFINITY);
        for k in first..first + n.children as usize {
            let score = self.nodes[k].q() + self.c * self.nodes[k].prior;
            if score > best.1 {
                best = (k, score);
            }
        }
        best.0
    }

    /// One iteration from the root `board`.
    fn iterate(&mut self, board: &Board) {
        let mut path = vec![0usize];
        let mut b = *board;
        let mut node = 0;
        while self.nodes[node].children > 0 {
            node = self.select(node);
            b.play(self.nodes[node].mv);
            path.push(node);
        }
        // The leaf's value for its side to move.
        let value = match b.status() {
            Status::Ongoing => {
                self.expand(node, &b);
                2.0 * self.net.evaluate(&b) - 1.0
            }
            Status::Draw => 0.0,
            Status::Won(p) if p == b.side_to_move() => 1.0,
            Status::Won(_) => -1.0,
        };
        // Each node keeps the value for the player who moved into it: the leaf's mover first.
        let mut v = -value;
        for &n in path.iter().rev() {
            self.nodes[n].visits += 1;
            self.nodes[n].value_sum += v;
            v = -v;
        }
    }
}

impl Agent for AlphaGo {
    fn choose(&mut self, board: &Board, _: Option<Move>, _: Instant) -> Move {
        self.nodes.clear();
        self.nodes.push(Node {
            mv: Move::new(0, 0),
            prior: 1.0,
            visits: 0,
            value_sum: 0.0,
            first_child: 0,
            children: 0,
        });
        self.expand(0, board);
        for _ in 0..self.iterations {
            self.iterate(board);
        }
        let root = self.nodes[0];
        let children = &self.nodes[root.first_child as usize..][..root.children as usize];
        let most = children.iter().max_by_key(|c| c.visits).map_or(0, |c| c.visits);
        children.iter().find(|c| c.visits == most).map_or_else(|| board.legal_moves()[0], |c| c.mv)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn visits_add_up_and_values_stay_in_range() {
        let mut agent = AlphaGo::new(300, DOCUMENT_C).unwrap();
        let board = Board::from_moves(&[Move::new(4, 4), Move::new(4, 0)]).unwrap();
        let m = agent.choose(&board, None, Instant::now());
        assert!(board.is_legal(m));
        let root = agent.nodes[0];
        assert_eq!(root.visits, 300);
        let children = &agent.nodes[root.first_child as usize..][..root.children as usize];
        // Every iteration passes through exactly one root child (the root was expanded before the first).
        assert_eq!(children.iter().map(|c| c.visits).sum::<u32>(), 300);
        assert!(agent.nodes.iter().all(|n| n.q().abs() <= 1.0));
        assert_eq!(
            children.iter().max_by_key(|c| c.visits).unwrap().visits,
            children.iter().find(|c| c.mv == m).unwrap().visits
        );
    }
}
