//! Monte Carlo tree search: UCT or PUCT selection, heuristic rollouts, an MCTS-solver and tree reuse.
//!
//! One iteration: walk down from the root by selection, expand a leaf visited before, evaluate the new
//! leaf (a rollout, the value net, or a blend), and back the result up, proving wins, losses and draws
//! on the way where the children allow. This file holds the search loop and its time control;
//! `expand.rs` growing the tree, `evaluate.rs` a leaf's value, `solver.rs` the backup and proofs,
//! `reuse.rs` keeping the tree between turns, `search_report.rs` the move chosen at the root.

pub mod budget;
// Counting is for the tools (`uttt bench`), so out of the arena file.
#[cfg(not(bundle))]
pub mod counts;
// Off in the bot, so out of the arena file.
#[cfg(not(bundle))]
pub mod endgame;
mod evaluate;
mod expand;
mod leaf_values;
pub mod node;
pub mod params;
mod reuse;
pub mod rollout;
mod root_scores;
mod search_report;
mod select;
mod solver;
#[cfg(test)]
mod tests;
pub mod tree;
mod visits;
mod wide;

use crate::board::Board;
use crate::moves::Move;
use crate::policy::Policy;
use crate::rng::Rng;
use crate::value::board_sums::BoardSums;
use crate::value::ValueNet;
pub use budget::Limits;
#[cfg(not(bundle))]
pub use counts::SearchCounts;
/// The search's counts: `SearchCounts` in the crate, nothing in the arena file, which counts nothing (a
/// field the bundler cannot cut, a type it can).
#[cfg(not(bundle))]
type Counts = SearchCounts;
#[cfg(bundle)]
type Counts = ();
use leaf_values::LeafValues;
pub use node::{Node, Proof};
pub use params::{Params, RolloutPolicy};
use root_scores::RootScores;
pub use search_report::SearchReport;
use std::time::{Duration, Instant};
use tree::Tree;
pub use wide::wide_available;

/// Default arena size: 2 × 5M nodes × 20 bytes = 200 MB reserved (the bot touches 120 MB of it in its first
/// turn, `tree::PREFAULT_NODES`).
pub const DEFAULT_NODES: usize = 5_000_000;

/// The search: a node arena, the position at its root, the parameters and the optional policy.
pub struct Search {
    tree: Tree,
    root_board: Board,
    params: Params,
    policy: Option<Policy>,
    value: Option<ValueNet>,
    /// A head on the value net's hidden units that predicts a rollout's result (`evaluate.rs`).
    rollout_head: Option<ValueNet>,
    rng: Rng,
    root_scores: RootScores,
    /// Search with the copy compiled for x86-64-v3 (`wide.rs`); true where the processor has it.
    wide: bool,
    /// The longest the process was seen stalled in recent timed searches (`budget::next_stall`).
    stall: Duration,
    /// The share of recent timed searches' wall time the process waited for a processor (faded like `stall`).
    wait: f64,
    /// What the searches did (`counts.rs`); nothing in the arena file.
    counts: Counts,
    /// The net's values of recent leaves, for their parent's sharpening (`leaf_values.rs`).
    leaf_values: LeafValues,
    /// The value net's sums of small boards the search has met (`value::board_sums`).
    board_sums: BoardSums,
}

/// The deepest a tree path can be: one node per ply plus the root.
const MAX_PATH: usize = 82;

/// The share of a turn's time left that keeping the last turn's tree may take before it is dropped for a
/// fresh one. Copying the kept subtree takes about a millisecond optimised, but tens of milliseconds in a
/// build without `-O` (docs/rules.md, "The clock").
const REROOT_SHARE: f64 = 0.25;

impl Search {
    /// A search with room for `nodes` nodes per buffer, its randomness seeded by `seed`.
    pub fn new(params: Params, nodes: usize, seed: u64) -> Search {
        Search {
            tree: Tree::with_capacity(nodes),
            root_board: Board::new(),
            params,
            policy: None,
            value: None,
            rollout_head: None,
            rng: Rng::new(seed),
            root_scores: RootScores::new(),
            wide: wide_available(),
            stall: Duration::ZERO,
            wait: 0.0,
            counts: Counts::default(),
            leaf_values: LeafValues::new(),
            board_sums: BoardSums::default(),
        }
    }

    /// Uses a learned policy for priors (with `params.prior_weight` > 0).
    pub fn with_policy(mut self, policy: Policy) -> Search {
        self.policy = Some(policy);
        self
    }

    /// Evaluates leaves with a learned value net (blended with rollouts by `params.value_weight`).
    pub fn with_value(mut self, value: ValueNet) -> Search {
        self.value = Some(value);
        self.board_sums.clear();
        self
    }

    /// Counts a leaf's rollout by its surprise over `head`'s prediction of it (`evaluate.rs`); `head` must
    /// share the value net's hidden layers.
    pub fn set_rollout_head(&mut self, head: ValueNet) -> Result<(), String> {
        match &self.value {
            Some(net) if net.shares_hidden_layers(&head) => {
                self.rollout_head = Some(head);
                Ok(())
            }
            Some(_) => Err("the rollout head does not share the value net's hidden layers".into()),
            None => Err("a rollout head needs a value net".into()),
        }
    }

    /// Searches with baseline instructions only, even where the processor has wider ones (`--portable`):
    /// the same moves, for comparing speeds and checking that both copies agree.
    pub fn portable(mut self) -> Search {
        self.wide = false;
        self
    }

    /// True when the search runs its copy compiled for x86-64-v3 (`wide.rs`).
    pub fn is_wide(&self) -> bool {
        self.wide
    }

    /// Touches the tree buffers' memory now, stopping at `until` (see `Tree::prefault`).
    pub fn prefault(&mut self, until: Option<Instant>) {
        self.tree.prefault(until);
    }

    /// What this search's searches did, in total.
    #[cfg(not(bundle))]
    pub fn counts(&self) -> SearchCounts {
        let (board_sums, board_sums_computed) = self.board_sums.counts();
        SearchCounts { board_sums, board_sums_computed, ..self.counts }
    }

    /// The search's parameters.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Searches `board` and returns the move to play. `allowed`, when given, restricts the root moves
    /// (used when the referee's list disagrees with our state); it must share a move with our legal moves.
    pub fn search(&mut self, board: &Board, allowed: Option<&[Move]>, limits: Limits) -> SearchReport {
        #[cfg(target_arch = "x86_64")]
        if self.wide {
            // SAFETY: `wide` is set only where the processor has every feature `search_wide` is compiled
            // for (`wide_available`, checked when the search was made).
            return unsafe { self.search_wide(board, allowed, limits) };
        }
        self.search_loop(board, allowed, limits)
    }

    /// The search compiled for the wide instructions of x86-64-v3 (`wide.rs`): the same moves, fewer cycles.
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "avx2,bmi1,bmi2,lzcnt,popcnt,fma")]
    unsafe fn search_wide(
        &mut self,
        board: &Board,
        allowed: Option<&[Move]>,
        limits: Limits,
    ) -> SearchReport {
        self.search_loop(board, allowed, limits)
    }

    /// The search itself, inlined into both copies; so is every function of an iteration
    /// (`#[inline(always)]`), since a function left out of line would run its baseline code in both.
    #[inline(always)]
    fn search_loop(&mut self, board: &Board, allowed: Option<&[Move]>, limits: Limits) -> SearchReport {
        let began = Instant::now();
        let delay_before = limits.deadline.and_then(|_| budget::run_delay());
        let nodes_reused = self.set_root(board, allowed.is_some(), limits.sooner(REROOT_SHARE).deadline);
        if let Some(allowed) = allowed {
            self.expand_root_restricted(allowed);
        }
        #[cfg(not(bundle))]
        if self.params.endgame_cells > 0 {
            self.solve_root(limits);
        }
        self.root_scores.invalidate();
        let start = Instant::now();
        let mut iterations = 0u64;
        let mut next_clock_read = 1;
        // The longest wall time between two reads of the clock: a stall of the process.
        let (mut last_read, mut stall) = (start, Duration::ZERO);
        let wait_margin = budget::load_margin(self.wait);
        loop {
            if let Some(0) = limits.iterations_left(iterations) {
                break;
            }
            if self.params.solver && self.tree.get(0).proof != Proof::Unknown {
                break;
            }
            self.iterate();
            iterations += 1;
            if iterations == next_clock_read {
                next_clock_read += budget::CLOCK_INTERVAL;
                if let Some(deadline) = limits.deadline {
                    let now = Instant::now();
                    (stall, last_read) = (stall.max(now - last_read), now);
                    if now + budget::stall_margin(self.stall.max(stall)).max(wait_margin) >= deadline {
                        break;
                    }
                    next_clock_read = iterations + budget::iterations_between_reads(iterations, now - start);
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
        let stopped = Instant::now();
        if limits.deadline.is_some() {
            self.stall = budget::next_stall(self.stall, stall);
        }
        // Read again only when read before: a search held by iterations (self-play, the signature) reads no file.
        if let Some((before, after)) = delay_before.and_then(|before| Some((before, budget::run_delay()?))) {
            let wait =
                (after.saturating_sub(before)).as_secs_f64() / (stopped - began).as_secs_f64().max(1e-6);
            self.wait = (self.wait * 7.0 / 8.0).max(wait);
        }
        let mut report = SearchReport::of_tree(
            &self.tree,
            &self.root_board,
            iterations,
            nodes_reused,
            self.params.move_pick,
        );
        (report.root_time, report.loop_time) = (start - began, stopped - start);
        report.margin = budget::stall_margin(self.stall).max(budget::load_margin(self.wait));
        report
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
    #[inline(always)]
    fn iterate(&mut self) {
        let mut path = [0u32; MAX_PATH];
        let mut len = 1;
        let mut board = self.root_board;
        let mut node = 0usize;
        loop {
            if board.is_over() {
                break;
            }
            let n = *self.tree.get(node);
            if !n.is_expanded()
                && (n.visits < self.params.expand_after && node != 0 || !self.expand(node, &board))
            {
                break;
            }
            if n.priors_in > 0 {
                self.count_down_priors(node, &board);
            }
            // Tools only: −47 against the bot (docs/journal/2026-11-29-shape.md), so out of the arena file.
            #[cfg(not(bundle))]
            if self.params.value_children && self.value.is_some() && !n.is_expanded() {
                // Just expanded: its children's values, under the sharpened priors, are its value.
                let to_move = self.refine_priors(node, &board, 1, u32::MAX);
                self.backup(&path[..len], &board, 1.0 - to_move);
                return;
            }
            // With `value_children` every expansion sharpened its children's priors already.
            if n.visits == self.params.value_prior_visits && n.visits > 0 && !self.params.value_children {
                let p = &self.params;
                self.refine_priors(node, &board, p.value_prior_virtual_visits, p.value_prior_visits);
            }
            node = self.select(node);
            board.play(self.tree.get(node).mv);
            path[len] = node as u32;
            len += 1;
        }
        #[cfg(not(bundle))]
        {
            self.counts.iterations += 1;
        }
        #[cfg(not(bundle))]
        {
            self.counts.path_nodes += len as u64 - 1;
        }
        let reward = self.leaf_reward(node, &board);
        self.backup(&path[..len], &board, reward);
    }

    /// The child of `node` to descend into (see `select.rs`; the root's from `root_scores.rs`).
    #[inline(always)]
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
}
