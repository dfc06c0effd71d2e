//! Alpha-beta over the value net: the search of another family than the bot's tree search, as a rival
//! and a sparring partner (`builtin:alphabeta`, `uttt --search alphabeta`).
//!
//! Iterative deepening with aspiration windows around the last iteration's score (`mod.rs`, this file);
//! principal-variation search at every node (`node.rs`, the root in `root.rs`); a transposition table of
//! Zobrist keys (`table.rs`, `zobrist.rs`); moves ordered by the table's move, killers, history and the
//! learned policy (`ordering.rs`); the value net at the leaves, its first layer kept on a stack of
//! accumulators updated move by move along the line (`value::BoardAccumulator`, as Stockfish's NNUE); proven
//! wins and losses scored exactly in plies (`score.rs`). Its settings are `params.rs`'s `AbParams`.

mod node;
mod ordering;
pub mod params;
mod root;
pub mod score;
mod table;
#[cfg(test)]
mod tests;
mod zobrist;

use crate::board::Board;
use crate::mcts::budget::{self, Limits};
use crate::mcts::{Proof, SearchReport};
use crate::moves::{Move, MoveList};
use crate::policy::Policy;
use crate::value::{BoardAccumulator, ValueNet};
use ordering::MoveOrder;
pub use params::AbParams;
use root::RootMove;
use score::{Score, INFINITE, MAX_PLY};
use std::time::{Duration, Instant};
use table::Table;
use zobrist::Zobrist;

/// The alpha-beta searcher: its settings, the net and policy it reads, and what it keeps between turns
/// (the table, the history).
pub struct AlphaBeta {
    params: AbParams,
    net: ValueNet,
    policy: Option<Policy>,
    table: Table,
    zobrist: Zobrist,
    order: MoveOrder,
    /// The first layer's sums at each ply of the current line.
    stack: Vec<BoardAccumulator>,
    /// Nodes searched by the current search, and the leaves the net valued.
    nodes: u64,
    evaluations: u64,
    /// The deepest ply reached by the current iteration (extensions included).
    deepest: usize,
    /// The current iteration's depth.
    root_depth: u32,
    /// The best root move of the current iteration so far, with its score, once one beat alpha.
    iteration_best: Option<(Move, Score)>,
    limits: Limits,
    stopped: bool,
    /// The clock as the tree search keeps it (`mcts::budget`): the longest stall of the process seen in
    /// recent timed searches and the share of their time it waited for a processor, which bring the stop
    /// forward; this search's longest gap between two reads of the clock, and its last read.
    stall: Duration,
    wait: f64,
    wait_margin: Duration,
    seen_stall: Duration,
    last_read: Instant,
    /// The root's score in the last search (its last completed iteration's, or the stopped one's best).
    last_root_score: Score,
}

impl AlphaBeta {
    /// A searcher with `params` over `net`, ordering by `policy` when given.
    pub fn new(params: AbParams, net: ValueNet, policy: Option<Policy>) -> AlphaBeta {
        AlphaBeta {
            params,
            net,
            policy,
            table: Table::new(params.table_mib),
            zobrist: Zobrist::new(),
            order: MoveOrder::new(),
            stack: vec![BoardAccumulator::default(); MAX_PLY + 1],
            nodes: 0,
            evaluations: 0,
            deepest: 0,
            root_depth: 0,
            iteration_best: None,
            limits: Limits::iterations(u64::MAX),
            stopped: false,
            last_root_score: 0,
            stall: Duration::ZERO,
            wait: 0.0,
            wait_margin: Duration::ZERO,
            seen_stall: Duration::ZERO,
            last_read: Instant::now(),
        }
    }

    /// The embedded net and policy with `params`; an error names the weights that did not decode.
    pub fn embedded(params: AbParams) -> Result<AlphaBeta, String> {
        let policy = if params.policy_depth > 0 { Some(Policy::embedded()?) } else { None };
        Ok(AlphaBeta::new(params, ValueNet::embedded()?, policy))
    }

    /// Stops the search once the node count is reached, or the deadline less the margin for the stalls
    /// and waits for a processor seen so far.
    fn check_limits(&mut self) {
        let over_nodes = self.limits.max_iterations.is_some_and(|n| self.nodes >= n);
        let over_time = self.limits.deadline.is_some_and(|deadline| {
            let now = Instant::now();
            (self.seen_stall, self.last_read) = (self.seen_stall.max(now - self.last_read), now);
            now + budget::stall_margin(self.stall.max(self.seen_stall)).max(self.wait_margin) >= deadline
        });
        self.stopped |= over_nodes || over_time;
    }

    /// Searches `board` (never finished) within `limits` (a node count stands for the iterations; the
    /// depth limit of the settings applies too), among `allowed` moves when given (the legal ones that
    /// are also in the list; all legal ones when none is).
    pub fn search(&mut self, board: &Board, allowed: Option<&[Move]>, limits: Limits) -> SearchReport {
        let start = Instant::now();
        let delay_before = limits.deadline.and_then(|_| budget::run_delay());
        (self.wait_margin, self.seen_stall, self.last_read) =
            (budget::load_margin(self.wait), Duration::ZERO, start);
        self.table.new_search();
        self.order.new_search();
        (self.nodes, self.evaluations, self.deepest) = (0, 0, 0);
        (self.limits, self.stopped, self.iteration_best) = (limits, false, None);
        let legal = board.legal_moves();
        let mut moves = MoveList::new();
        legal.iter().filter(|m| allowed.is_none_or(|a| a.contains(m))).for_each(|&m| moves.push(m));
        if moves.is_empty() {
            moves = legal;
        }
        self.stack[0].refresh(&self.net, board);
        let key = self.zobrist.key(board);
        let mut root: Vec<RootMove> = self.first_order(board, key, &moves);
        let empty_cells = (0..9).map(|b| board.free_cells(b).count_ones()).sum::<u32>().max(1);
        let max_depth = match self.params.max_depth {
            0 => empty_cells,
            d => d.min(empty_cells),
        };
        let mut done: Option<(Move, Score, u32)> = None;
        let mut last_score = 0;
        for depth in 1..=max_depth {
            if root.len() == 1 && done.is_some() && limits.deadline.is_some() {
                break; // one move: nothing to choose, and the clock's time is the next turn's
            }
            self.root_depth = depth;
            self.iteration_best = None;
            let Some(s) = self.aspiration(board, key, depth as i32, last_score, &mut root) else { break };
            last_score = s;
            done = Some((root[0].mv, s, depth));
            if score::is_proven(s) || self.past_share(start, limits) {
                break;
            }
        }
        // A stopped iteration's best move, once it beat the others at its depth, is better informed.
        let (best, value, depth) = match (self.stopped, self.iteration_best, done) {
            (true, Some((m, s)), Some((_, _, d))) => (m, s, d),
            (_, _, Some(d)) => d,
            (_, _, None) => (root.first().map_or(Move(0), |r| r.mv), 0, 0),
        };
        self.last_root_score = value;
        if limits.deadline.is_some() {
            self.stall = budget::next_stall(self.stall, self.seen_stall);
        }
        if let Some((before, after)) = delay_before.and_then(|before| Some((before, budget::run_delay()?))) {
            let wait = after.saturating_sub(before).as_secs_f64() / start.elapsed().as_secs_f64().max(1e-6);
            self.wait = (self.wait * 7.0 / 8.0).max(wait);
        }
        self.report(board, best, value, depth, &root, start)
    }

    /// One iteration within a window around the last score that widens on each failure until the score
    /// lies inside; `None` when the search stopped before any score.
    fn aspiration(
        &mut self,
        board: &Board,
        key: u64,
        depth: i32,
        last: Score,
        root: &mut [RootMove],
    ) -> Option<Score> {
        let w = self.params.window as Score;
        let use_window = w > 0 && depth >= 4 && !score::is_proven(last);
        let (mut alpha, mut beta) = if use_window { (last - w, last + w) } else { (-INFINITE, INFINITE) };
        let mut widen = w;
        loop {
            let s = self.root(board, key, depth, alpha, beta, root)?;
            if self.stopped {
                return None;
            }
            if s <= alpha && alpha > -INFINITE {
                widen *= 2;
                alpha = (s - widen).max(-INFINITE);
            } else if s >= beta && beta < INFINITE {
                widen *= 2;
                beta = (s + widen).min(INFINITE);
            } else {
                return Some(s);
            }
        }
    }

    /// True when a timed search has spent the share of its time after which no iteration starts.
    fn past_share(&self, start: Instant, limits: Limits) -> bool {
        limits.deadline.is_some_and(|d| {
            let budget = d.saturating_duration_since(start).as_secs_f64();
            start.elapsed().as_secs_f64() >= budget * self.params.next_iteration_share as f64
        })
    }

    /// The root's moves (`board`'s, key `key`) in the order the first iteration tries them: the table's
    /// move, then the policy's.
    fn first_order(&self, board: &Board, key: u64, moves: &MoveList) -> Vec<RootMove> {
        let table_move = self.table.probe(key).and_then(|e| e.best_move());
        let mut order = [0i32; 81];
        // At the root's unbounded depth the policy orders whenever it orders at all.
        let node = ordering::OrderOf { board, table_move, depth: i32::MAX, ply: 0 };
        self.order.score(&self.params, self.policy.as_ref(), &node, moves, &mut order);
        let mut root: Vec<RootMove> =
            moves.iter().zip(order).map(|(&mv, order)| RootMove { mv, score: -INFINITE, order }).collect();
        root.sort_by_key(|r| std::cmp::Reverse(r.order));
        root
    }

    /// What the search found, as the bot's log and tools read a search: `iterations` are nodes, `depth`
    /// the last iteration completed, `best_visits` the deepest ply reached.
    fn report(
        &self,
        board: &Board,
        best: Move,
        value: Score,
        depth: u32,
        root: &[RootMove],
        start: Instant,
    ) -> SearchReport {
        let proof = match value {
            s if s >= score::PROVEN => Proof::Win,
            s if s <= -score::PROVEN => Proof::Loss,
            _ => Proof::Unknown,
        };
        SearchReport {
            best,
            iterations: self.nodes,
            nodes_used: self.evaluations as usize,
            nodes_reused: 0,
            best_visits: self.deepest as u32,
            best_value: score::to_expected(value),
            proof,
            principal_variation: self.principal_variation(board, best),
            root_visits: root.iter().map(|r| (r.mv, 0)).collect(),
            root_values: root.iter().map(|r| score::to_expected(r.score)).collect(),
            root_time: Duration::ZERO,
            loop_time: start.elapsed(),
            margin: budget::stall_margin(self.stall).max(budget::load_margin(self.wait)),
            depth,
        }
    }

    /// `best`, then the table's moves from the position it leads to, at most eight moves.
    fn principal_variation(&self, board: &Board, best: Move) -> Vec<Move> {
        let mut line = vec![best];
        let mut b = *board;
        b.play(best);
        while line.len() < 8 && !b.is_over() {
            let Some(m) = self.table.probe(self.zobrist.key(&b)).and_then(|e| e.best_move()) else { break };
            if !b.is_legal(m) {
                break;
            }
            line.push(m);
            b.play(m);
        }
        line
    }
}
