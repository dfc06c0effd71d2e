//! Monte Carlo tree search: UCT or PUCT selection, heuristic rollouts, an MCTS-solver and tree reuse.
//!
//! One iteration: walk down from the root by selection, expand a leaf visited before, roll out from the
//! new leaf, and back the result up, proving wins, losses and draws on the way where the children allow.

pub mod budget;
pub mod node;
pub mod params;
pub mod rollout;
mod root_scores;
mod select;
pub mod tree;
mod visits;

use crate::board::{Board, Status};
use crate::moves::{Move, MoveList};
use crate::policy::Policy;
use crate::rng::Rng;
pub use budget::Limits;
pub use node::{Node, Proof};
pub use params::{Params, RolloutPolicy};
use root_scores::RootScores;
use std::time::Instant;
use tree::Tree;

/// Default arena size: 2 × 5M nodes × 20 bytes = 200 MB reserved (the bot touches it all in its first turn).
pub const DEFAULT_NODES: usize = 5_000_000;

/// Per small board, the cells where the side to move wins the game at once by a big-board line.
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

/// What a search found, for the move and for the stderr log.
#[derive(Clone, Debug)]
pub struct SearchReport {
    pub best: Move,
    pub iterations: u64,
    pub nodes_used: usize,
    pub nodes_reused: usize,
    pub best_visits: u32,
    /// Mean reward of the chosen move for the side to move (0 loss … 1 win).
    pub best_value: f32,
    pub proof: Proof,
    pub principal_variation: Vec<Move>,
    /// Visits of each root move: the training target of the learned policy.
    pub root_visits: Vec<(Move, u32)>,
}

pub struct Search {
    tree: Tree,
    root_board: Board,
    params: Params,
    policy: Option<Policy>,
    rng: Rng,
    root_scores: RootScores,
}

/// The deepest a tree path can be: one node per ply plus the root.
const MAX_PATH: usize = 82;

impl Search {
    pub fn new(params: Params, nodes: usize, seed: u64) -> Search {
        Search {
            tree: Tree::with_capacity(nodes),
            root_board: Board::new(),
            params,
            policy: None,
            rng: Rng::new(seed),
            root_scores: RootScores::new(),
        }
    }

    /// Uses a learned policy for priors (with `params.prior_weight` > 0).
    pub fn with_policy(mut self, policy: Policy) -> Search {
        self.policy = Some(policy);
        self
    }

    /// Touches the tree buffers' memory now, stopping at `until` (see `Tree::prefault`).
    pub fn prefault(&mut self, until: Option<Instant>) {
        self.tree.prefault(until);
    }

    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Searches `board` and returns the move to play. `allowed`, when given, restricts the root moves
    /// (used when the referee's list disagrees with our state); it must share a move with our legal moves.
    pub fn search(&mut self, board: &Board, allowed: Option<&[Move]>, limits: Limits) -> SearchReport {
        let nodes_reused = self.set_root(board, allowed.is_some());
        if let Some(allowed) = allowed {
            self.expand_root_restricted(allowed);
        }
        self.root_scores.invalidate();
        let start = Instant::now();
        let mut iterations = 0u64;
        loop {
            if let Some(0) = limits.iterations_left(iterations) {
                break;
            }
            if self.params.solver && self.tree.get(0).proof != Proof::Unknown {
                break;
            }
            self.iterate();
            iterations += 1;
            if iterations % budget::CLOCK_INTERVAL == 0 {
                if let Some(deadline) = limits.deadline {
                    let now = Instant::now();
                    if now >= deadline {
                        break;
                    }
                    if self.params.early_stop && limits.max_iterations.is_none() {
                        let rate = iterations as f64 / (now - start).as_secs_f64().max(1e-9);
                        let left = ((deadline - now).as_secs_f64() * rate) as u64;
                        if self.decided(left) {
                            break;
                        }
                    }
                }
            }
        }
        self.report(iterations, nodes_reused)
    }

    /// Re-roots the tree at `board` when it is a child or grandchild of the last root; else starts afresh.
    /// Returns the number of nodes kept.
    fn set_root(&mut self, board: &Board, fresh: bool) -> usize {
        let found = if self.params.reuse_tree && !fresh { self.find_descendant(board) } else { None };
        self.root_board = *board;
        match found {
            Some(0) => self.tree.len(),
            Some(i) => self.tree.reroot(i),
            None => {
                self.tree.clear();
                0
            }
        }
    }

    /// The node of `board` among the root, its children and grandchildren.
    fn find_descendant(&self, board: &Board) -> Option<usize> {
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

    fn expand_root_restricted(&mut self, allowed: &[Move]) {
        let legal = self.root_board.legal_moves();
        let moves: Vec<Move> = legal.iter().copied().filter(|m| allowed.contains(m)).collect();
        let prior = 1.0 / moves.len().max(1) as f32;
        self.tree.expand(0, moves.into_iter().map(|m| Node::new(m, prior)));
    }

    /// True when no move can overtake the most visited one in `left` more iterations.
    fn decided(&self, left: u64) -> bool {
        let mut visits: (u32, u32) = (0, 0);
        for child in self.tree.children(0) {
            if child.visits > visits.0 {
                visits = (child.visits, visits.0);
            } else if child.visits > visits.1 {
                visits.1 = child.visits;
            }
        }
        self.tree.get(0).num_children == 1 || (visits.0 - visits.1) as u64 > left
    }

    /// One iteration: select, expand, roll out, back up.
    fn iterate(&mut self) {
        let mut path = [0u32; MAX_PATH];
        let mut len = 1;
        let mut board = self.root_board;
        let mut node = 0usize;
        let result = loop {
            if board.is_over() {
                break board.status();
            }
            let n = *self.tree.get(node);
            if !n.is_expanded()
                && (n.visits < self.params.expand_after && node != 0 || !self.expand(node, &board))
            {
                break rollout::rollout(board, self.params.rollout, &mut self.rng);
            }
            if n.priors_in > 0 {
                self.count_down_priors(node, &board);
            }
            node = self.select(node);
            board.play(self.tree.get(node).mv);
            path[len] = node as u32;
            len += 1;
        };
        self.backup(&path[..len], &board, result);
    }

    /// Adds all children of `node`; false when the arena is full (the search then rolls out from here).
    /// Their priors are uniform for `prior_delay` more visits to `node` (see `set_priors`).
    fn expand(&mut self, node: usize, board: &Board) -> bool {
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
        if expanded && self.policy.is_some() && self.params.prior_weight > 0.0 {
            match self.params.prior_delay {
                0 => self.set_priors(node, board, &moves),
                delay => self.tree.get_mut(node).priors_in = delay,
            }
        }
        expanded
    }

    /// One more visit to `node` while its children wait for their priors.
    fn count_down_priors(&mut self, node: usize, board: &Board) {
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
    fn set_priors(&mut self, node: usize, board: &Board, moves: &[Move]) {
        let Some(policy) = &self.policy else { return };
        let mut priors = [0f32; 81];
        policy.priors(board, moves, &mut priors[..moves.len()]);
        let first = self.tree.get(node).first_child as usize;
        for (k, &p) in priors[..moves.len()].iter().enumerate() {
            self.tree.get_mut(first + k).prior = p;
        }
        if node == 0 {
            self.root_scores.invalidate();
        }
    }

    /// The child of `node` to descend into (see `select.rs`; the root's from `root_scores.rs`).
    #[inline]
    fn select(&mut self, node: usize) -> usize {
        let parent = *self.tree.get(node);
        if node == 0 {
            if !self.root_scores.is_fresh() {
                self.root_scores.rebuild(self.tree.children(0), &self.params);
            }
            if let Some(k) = self.root_scores.select(&self.params, parent.visits) {
                return parent.first_child as usize + k;
            }
        }
        parent.first_child as usize + select::select(self.tree.children(node), &self.params, parent.visits)
    }

    /// Adds the result along the path and, with the solver, proves what the children now prove.
    fn backup(&mut self, path: &[u32], leaf_board: &Board, result: Status) {
        // Reward for the player who moved into the leaf (the one not to move there).
        let leaf_mover = leaf_board.side_to_move().other();
        let mut reward = match result {
            Status::Won(p) if p == leaf_mover => 1.0,
            Status::Draw | Status::Ongoing => 0.5,
            Status::Won(_) => 0.0,
        };
        let mut proving = false;
        if self.params.solver && leaf_board.is_over() {
            let leaf = self.tree.get_mut(*path.last().expect("path holds the root") as usize);
            leaf.proof = match result {
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
    fn prove(&mut self, node: usize) -> bool {
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

    /// The move to play: a proven win, else the most visited move that is not a proven loss.
    fn best_child(&self, node: usize) -> Option<usize> {
        let first = self.tree.get(node).first_child as usize;
        let rank = |c: &Node| match c.proof {
            // A terminal win (never expanded) ends the game now: prefer it to longer proven wins.
            Proof::Win if !c.is_expanded() => (4, c.visits),
            Proof::Win => (3, c.visits),
            Proof::Loss => (0, c.visits),
            _ => (1, c.visits),
        };
        self.tree.children(node).iter().enumerate().max_by_key(|(_, c)| rank(c)).map(|(k, _)| first + k)
    }

    fn report(&self, iterations: u64, nodes_reused: usize) -> SearchReport {
        let mut principal_variation = Vec::new();
        let mut node = 0;
        while let Some(child) = self.best_child(node) {
            principal_variation.push(self.tree.get(child).mv);
            node = child;
            if principal_variation.len() >= 8 {
                break;
            }
        }
        let best_index = self.best_child(0);
        let best = match best_index {
            Some(i) => *self.tree.get(i),
            // Not even one iteration expanded the root (capacity 1, or zero iterations): any legal move.
            None => Node::new(self.root_board.legal_moves().first().copied().unwrap_or(Move(0)), 1.0),
        };
        SearchReport {
            best: best.mv,
            iterations,
            nodes_used: self.tree.len(),
            nodes_reused,
            best_visits: best.visits,
            best_value: best.mean(),
            proof: best.proof,
            principal_variation,
            root_visits: self.tree.children(0).iter().map(|c| (c.mv, c.visits)).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Random positions where the side to move has a game-winning move.
    fn positions_with_a_win_in_one(count: usize) -> Vec<(Board, Vec<Move>)> {
        let mut rng = Rng::new(21);
        let mut found = Vec::new();
        while found.len() < count {
            let mut b = Board::new();
            while !b.is_over() {
                let wins = b.winning_moves();
                if !wins.is_empty() {
                    found.push((b, wins));
                    break;
                }
                b.play(b.random_move(&mut rng).unwrap());
            }
        }
        found
    }

    #[test]
    fn the_solver_finds_a_win_in_one_and_proves_it() {
        for (board, wins) in positions_with_a_win_in_one(10) {
            let mut s = Search::new(Params::BOT, 100_000, 1);
            let r = s.search(&board, None, Limits::iterations(3000));
            assert!(
                wins.contains(&r.best),
                "missed a winning move: {r:?} wins {wins:?} board {board:?} {}",
                board.to_text()
            );
            assert_eq!(r.proof, Proof::Win);
        }
    }

    #[test]
    fn a_win_in_two_is_found() {
        // Positions where the opponent's every reply allows a game-winning move: after one of our moves.
        let mut rng = Rng::new(5);
        let mut checked = 0;
        'games: for _ in 0..3000 {
            let mut b = Board::new();
            while !b.is_over() {
                let me = b.side_to_move();
                // A move after which every reply leaves us a win in one, and which does not itself win.
                let forcing = b.legal_moves().iter().copied().find(|&m| {
                    let mut n = b;
                    n.play(m);
                    !n.is_over()
                        && n.legal_moves().iter().all(|&reply| {
                            let mut k = n;
                            k.play(reply);
                            k.status() == Status::Won(me)
                                || k.legal_moves().iter().any(|&w| {
                                    let mut z = k;
                                    z.play(w);
                                    z.status() == Status::Won(me)
                                })
                        })
                });
                let immediate = b.legal_moves().iter().any(|&m| {
                    let mut n = b;
                    n.play(m);
                    n.status() == Status::Won(me)
                });
                if let (Some(_), false) = (forcing, immediate) {
                    let mut s = Search::new(Params::BOT, 200_000, 3);
                    let r = s.search(&b, None, Limits::iterations(20_000));
                    assert_eq!(r.proof, Proof::Win, "a forced win in two was not proven");
                    checked += 1;
                    if checked == 3 {
                        break 'games;
                    }
                    continue 'games;
                }
                b.play(b.random_move(&mut rng).unwrap());
            }
        }
        assert_eq!(checked, 3, "found too few positions to test");
    }

    #[test]
    fn a_proven_loss_is_avoided() {
        // From positions where one move hands the opponent a win in one and another does not,
        // the search never picks a move that lets the opponent win at once.
        let mut rng = Rng::new(8);
        let mut checked = 0;
        while checked < 8 {
            let mut b = Board::new();
            while !b.is_over() {
                let losing: Vec<Move> = b
                    .legal_moves()
                    .iter()
                    .copied()
                    .filter(|&m| {
                        let mut n = b;
                        n.play(m);
                        !n.winning_moves().is_empty()
                    })
                    .collect();
                if !losing.is_empty() && losing.len() < b.count_moves() as usize {
                    let mut s = Search::new(Params::BOT, 200_000, 2);
                    let r = s.search(&b, None, Limits::iterations(5000));
                    assert!(
                        !losing.contains(&r.best),
                        "played into a loss: {r:?} losing {losing:?}\n{}",
                        b.to_text()
                    );
                    checked += 1;
                    break;
                }
                b.play(b.random_move(&mut rng).unwrap());
            }
        }
    }

    #[test]
    fn a_full_arena_degrades_gracefully() {
        let mut s = Search::new(Params::BOT, 40, 1);
        let mut b = Board::new();
        b.play(Move::new(4, 4));
        let r = s.search(&b, None, Limits::iterations(5000));
        assert!(b.is_legal(r.best));
        assert!(r.nodes_used <= 40);
        assert_eq!(r.iterations, 5000);
        // And the next search from a grandchild still works.
        let mut c = b;
        c.play(r.best);
        c.play(c.legal_moves()[0]);
        let r2 = s.search(&c, None, Limits::iterations(1000));
        assert!(c.is_legal(r2.best));
    }

    #[test]
    fn children_get_the_policys_priors_after_the_delay() {
        let policy = Policy::embedded().expect("committed weights decode");
        // Deferred by one visit, so that both kinds of node are present.
        let params = Params { prior_delay: 1, ..Params::BOT };
        let mut s = Search::new(params, 200_000, 6).with_policy(policy.clone());
        let start = Board::from_moves(&[Move::new(4, 4), Move::new(4, 0)]).unwrap();
        s.search(&start, None, Limits::iterations(3000));
        // Walk the tree with each node's board: expanded nodes visited often enough have the policy's priors.
        let (mut with_policy, mut uniform) = (0, 0);
        let mut stack = vec![(0usize, start)];
        while let Some((i, board)) = stack.pop() {
            let node = *s.tree.get(i);
            if !node.is_expanded() {
                continue;
            }
            let children = s.tree.children(i);
            let moves: Vec<Move> = children.iter().map(|c| c.mv).collect();
            let mut expected = vec![0.0; moves.len()];
            if node.priors_in > 0 {
                let most = s.params.expand_after + s.params.prior_delay as u32;
                assert!(node.visits <= most, "{} visits and still uniform", node.visits);
                expected.fill(1.0 / moves.len() as f32);
                uniform += 1;
            } else {
                policy.priors(&board, &moves, &mut expected);
                with_policy += 1;
            }
            for (c, e) in children.iter().zip(expected) {
                assert!((c.prior - e).abs() < 1e-6, "prior {} expected {e}", c.prior);
            }
            for (k, c) in children.iter().enumerate() {
                let mut b = board;
                b.play(c.mv);
                stack.push((node.first_child as usize + k, b));
            }
        }
        assert!(with_policy > 100 && uniform > 100, "{with_policy} with the policy, {uniform} uniform");
    }

    #[test]
    fn tree_reuse_keeps_the_subtree_of_the_position_reached() {
        let mut s = Search::new(Params::BOT, 500_000, 4);
        let b = Board::from_moves(&[Move::new(4, 4)]).unwrap();
        let r = s.search(&b, None, Limits::iterations(4000));
        let mut c = b;
        c.play(r.best);
        c.play(r.principal_variation.get(1).copied().unwrap_or(c.legal_moves()[0]));
        let r2 = s.search(&c, None, Limits::iterations(10));
        assert!(r2.nodes_reused > 1, "nothing reused");
    }

    /// Checks every iteration's root choice against `select::select` over the tree's children.
    fn root_choices_agree(s: &mut Search, iterations: usize) -> usize {
        let mut fast = 0;
        for _ in 0..iterations {
            if s.tree.get(0).proof != Proof::Unknown || !s.tree.get(0).is_expanded() {
                break;
            }
            let root = *s.tree.get(0);
            let plain =
                root.first_child as usize + select::select(s.tree.children(0), &s.params, root.visits);
            fast += s.root_scores.is_fresh() as usize;
            assert_eq!(s.select(0), plain, "after {} root visits", root.visits);
            s.iterate();
        }
        fast
    }

    #[test]
    fn the_roots_kept_scores_choose_as_select_does() {
        let policy = Policy::embedded().expect("committed weights decode");
        let mut rng = Rng::new(12);
        let mut fast = 0;
        for round in 0..12 {
            let params = Params { prior_delay: (round % 3) as u8, ..Params::BOT };
            let mut s = Search::new(params, 300_000, round);
            if round % 4 != 3 {
                s = s.with_policy(policy.clone());
            }
            // From the empty board (81 children), mid-game and late positions (where root children get
            // proven); then two moves on, with the tree reused, and with a restricted root.
            let mut board = Board::new();
            for _ in 0..(round * 7) % 50 {
                if board.is_over() || board.legal_moves().len() == 1 {
                    break;
                }
                board.play(board.random_move(&mut rng).unwrap());
            }
            s.search(&board, None, Limits::iterations(1));
            fast += root_choices_agree(&mut s, 1500);
            let r = s.search(&board, None, Limits::iterations(10));
            let mut next = board;
            for m in r.principal_variation.iter().take(2) {
                next.play(*m);
            }
            if next.is_over() {
                continue;
            }
            s.search(&next, None, Limits::iterations(1));
            fast += root_choices_agree(&mut s, 1000);
            let allowed: Vec<Move> = next.legal_moves().iter().copied().step_by(2).collect();
            s.search(&next, Some(&allowed), Limits::iterations(1));
            fast += root_choices_agree(&mut s, 500);
        }
        assert!(fast > 10_000, "the kept scores were used {fast} times");
    }
}
