//! Depth-limited alpha-beta (optionally iterative deepening on the clock) and expectimax.

use super::agent::Agent;
use super::eval::{Evaluation, WIN_SCORE};
use crate::board::variants::Rules;
use crate::board::Board;
use crate::moves::Move;
use crate::rng::Rng;
use std::time::Instant;

/// Alpha-beta search to a fixed depth over an evaluation (the heuristic one, or the value net).
pub struct Minimax {
    depth: u32,
    timed: bool,
    rng: Rng,
    eval: Evaluation,
    /// Seed 000's top-k successor filter: only the k successors the evaluation likes best for the side
    /// to move are searched at each node (`minimax:top=3`).
    top: Option<usize>,
    /// The game searched: the arena's, or a variant whose moves differ (seed 003's points game).
    rules: Rules,
}

impl Minimax {
    /// A searcher of `depth` plies; with `timed`, deepens until the deadline and keeps the deepest result.
    pub fn new(depth: u32, timed: bool, seed: u64) -> Self {
        Minimax {
            depth: depth.max(1),
            timed,
            rng: Rng::new(seed),
            eval: Evaluation::Heuristic,
            top: None,
            rules: Rules::CodinGame,
        }
    }

    /// Searches only the `k` best successors of each node by the evaluation (seed 000's filter).
    pub fn with_top(mut self, k: Option<usize>) -> Self {
        self.top = k;
        self
    }

    /// Searches the game of `rules` (`minimax:points`: seed 003's points game, where a line of boards
    /// does not end play).
    pub fn with_rules(mut self, rules: Rules) -> Self {
        self.rules = rules;
        self
    }

    /// The same search with another evaluation (`minimax:eval=net`).
    pub fn with_eval(mut self, eval: Evaluation) -> Self {
        self.eval = eval;
        self
    }
}

/// Bigger than any score (wins are ±WIN_SCORE), with room to negate and subtract without overflow.
const INFINITY: i32 = 4 * WIN_SCORE;

/// Signals that the deadline passed mid-search.
struct OutOfTime;

/// What every node of one search shares.
struct SearchContext<'a> {
    eval: &'a Evaluation,
    top: Option<usize>,
    rules: Rules,
    deadline: Option<Instant>,
    nodes: u64,
}

impl SearchContext<'_> {
    /// The moves to search from `board`: all, or the `top` best for its side to move by the evaluation.
    fn moves(&self, board: &Board) -> Vec<Move> {
        let moves: Vec<Move> = board.legal_moves().iter().copied().collect();
        let Some(k) = self.top else { return moves };
        let me = board.side_to_move();
        let mut scored: Vec<(i32, Move)> = moves
            .into_iter()
            .map(|m| {
                let mut next = *board;
                self.rules.play(&mut next, m);
                (self.eval.score(&next, me), m)
            })
            .collect();
        // Stable: equal scores keep move order, so the filter is deterministic.
        scored.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
        scored.into_iter().take(k).map(|(_, m)| m).collect()
    }
}

/// Negamax with alpha-beta; scores are for the side to move. Prefers quicker wins via `ply`.
fn negamax(
    cx: &mut SearchContext,
    board: &Board,
    depth: u32,
    (mut alpha, beta): (i32, i32),
    ply: i32,
) -> Result<i32, OutOfTime> {
    cx.nodes += 1;
    if cx.nodes % 1024 == 0 && cx.deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(OutOfTime);
    }
    let me = board.side_to_move();
    if board.is_over() || depth == 0 {
        let s = cx.eval.score(board, me);
        return Ok(if s.abs() == WIN_SCORE { s - s.signum() * ply } else { s });
    }
    let mut best = -INFINITY;
    for m in cx.moves(board) {
        let mut next = *board;
        cx.rules.play(&mut next, m);
        let s = -negamax(cx, &next, depth - 1, (-beta, -alpha), ply + 1)?;
        best = best.max(s);
        alpha = alpha.max(s);
        if alpha >= beta {
            break;
        }
    }
    Ok(best)
}

/// The best root moves at `depth` (all those tied for best).
fn root_search(cx: &mut SearchContext, board: &Board, depth: u32) -> Result<Vec<Move>, OutOfTime> {
    let mut best = Vec::new();
    let mut best_score = -INFINITY;
    for m in cx.moves(board) {
        let mut next = *board;
        cx.rules.play(&mut next, m);
        // A window one wider than the best so far keeps exact ties visible for random tie-breaking.
        let s = -negamax(cx, &next, depth - 1, (-INFINITY, -(best_score - 1)), 1)?;
        if s > best_score {
            best_score = s;
            best.clear();
        }
        if s == best_score {
            best.push(m);
        }
    }
    Ok(best)
}

impl Agent for Minimax {
    fn choose(&mut self, board: &Board, _: Option<Move>, deadline: Instant) -> Move {
        let mut cx =
            SearchContext { eval: &self.eval, top: self.top, rules: self.rules, deadline: None, nodes: 0 };
        let best = if self.timed {
            // Iterative deepening: keep the last depth that finished before the deadline.
            let mut best = root_search(&mut cx, board, 1).unwrap_or_default();
            cx.deadline = Some(deadline);
            for depth in 2..=self.depth.max(2) * 4 {
                match root_search(&mut cx, board, depth) {
                    Ok(moves) => best = moves,
                    Err(OutOfTime) => break,
                }
            }
            best
        } else {
            root_search(&mut cx, board, self.depth).unwrap_or_default()
        };
        best[self.rng.below(best.len() as u32) as usize]
    }
}

/// As minimax, but the opponent's nodes average over its moves (a uniformly random opponent model).
pub struct Expectimax {
    depth: u32,
    rng: Rng,
    eval: Evaluation,
}

impl Expectimax {
    /// A searcher of `depth` plies, seeded for its random tie-breaks.
    pub fn new(depth: u32, seed: u64) -> Self {
        Expectimax { depth: depth.max(1), rng: Rng::new(seed), eval: Evaluation::Heuristic }
    }

    /// The same search with another evaluation (`expectimax:eval=td`).
    pub fn with_eval(mut self, eval: Evaluation) -> Self {
        self.eval = eval;
        self
    }

    /// Value for `me` of `board`.
    fn value(&self, board: &Board, me: crate::board::Player, depth: u32) -> f64 {
        if board.is_over() || depth == 0 {
            return self.eval.score(board, me) as f64;
        }
        let moves = board.legal_moves();
        let children = moves.iter().map(|&m| {
            let mut next = *board;
            next.play(m);
            self.value(&next, me, depth - 1)
        });
        if board.side_to_move() == me {
            children.fold(f64::MIN, f64::max)
        } else {
            children.sum::<f64>() / moves.len() as f64
        }
    }
}

impl Agent for Expectimax {
    fn choose(&mut self, board: &Board, _: Option<Move>, _: Instant) -> Move {
        let me = board.side_to_move();
        let (eval, depth) = (&*self, self.depth - 1);
        let mut rng = self.rng;
        let m = super::agent::best_move(
            &board.legal_moves(),
            |m| {
                let mut next = *board;
                next.play(m);
                eval.value(&next, me, depth)
            },
            &mut rng,
        );
        self.rng = rng;
        m
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::agents::eval::evaluate;

    fn context(eval: &Evaluation, top: Option<usize>) -> SearchContext<'_> {
        SearchContext { eval, top, rules: Rules::CodinGame, deadline: None, nodes: 0 }
    }

    /// Plain negamax without pruning: alpha-beta must give the same root scores.
    fn plain(board: &Board, depth: u32, ply: i32) -> i32 {
        let me = board.side_to_move();
        if board.is_over() || depth == 0 {
            let s = evaluate(board, me);
            return if s.abs() == WIN_SCORE { s - s.signum() * ply } else { s };
        }
        board
            .legal_moves()
            .iter()
            .map(|&m| {
                let mut next = *board;
                next.play(m);
                -plain(&next, depth - 1, ply + 1)
            })
            .max()
            .expect("an unfinished game has moves")
    }

    #[test]
    fn alpha_beta_agrees_with_plain_negamax() {
        let mut rng = Rng::new(31);
        for _ in 0..30 {
            let mut b = Board::new();
            for _ in 0..(8 + rng.below(20)) {
                if let Some(m) = b.random_move(&mut rng) {
                    b.play(m);
                }
            }
            if b.is_over() {
                continue;
            }
            let best = root_search(&mut context(&Evaluation::Heuristic, None), &b, 3).unwrap_or_default();
            // A filter wider than any move list changes only the order moves are tried in.
            let mut wide =
                root_search(&mut context(&Evaluation::Heuristic, Some(81)), &b, 3).unwrap_or_default();
            let mut sorted = best.clone();
            wide.sort_by_key(|m| m.0);
            sorted.sort_by_key(|m| m.0);
            assert_eq!(wide, sorted);
            let scores: Vec<(Move, i32)> = b
                .legal_moves()
                .iter()
                .map(|&m| {
                    let mut n = b;
                    n.play(m);
                    (m, -plain(&n, 2, 1))
                })
                .collect();
            let top = scores.iter().map(|s| s.1).max().unwrap();
            let expected: Vec<Move> = scores.iter().filter(|s| s.1 == top).map(|s| s.0).collect();
            assert_eq!(best, expected);
        }
    }

    #[test]
    fn the_top_filter_searches_only_the_best_successors() {
        let eval = Evaluation::Heuristic;
        let mut rng = Rng::new(5);
        for _ in 0..20 {
            let mut b = Board::new();
            for _ in 0..(4 + rng.below(20)) {
                if let Some(m) = b.random_move(&mut rng) {
                    b.play(m);
                }
            }
            if b.is_over() {
                continue;
            }
            let me = b.side_to_move();
            let kept = context(&eval, Some(3)).moves(&b);
            assert_eq!(kept.len(), b.legal_moves().len().min(3));
            let score = |m: Move| {
                let mut n = b;
                n.play(m);
                evaluate(&n, me)
            };
            let worst_kept = kept.iter().map(|&m| score(m)).min().unwrap();
            for &m in b.legal_moves().iter().filter(|m| !kept.contains(m)) {
                assert!(score(m) <= worst_kept, "a better successor was filtered out");
            }
            // Depth 1 over the top 3 chooses among those 3.
            let best = root_search(&mut context(&eval, Some(3)), &b, 1).unwrap_or_default();
            assert!(best.iter().all(|m| kept.contains(m)));
        }
    }

    #[test]
    fn minimax_takes_a_game_winning_move() {
        // Play random games until X can win the game in one move, then minimax(2) must do so.
        let mut rng = Rng::new(12);
        let mut checked = 0;
        while checked < 5 {
            let mut b = Board::new();
            while !b.is_over() {
                let winning = b.winning_moves();
                if !winning.is_empty() {
                    let m = Minimax::new(2, false, 1).choose(&b, None, Instant::now());
                    assert!(winning.contains(&m));
                    checked += 1;
                    break;
                }
                b.play(b.random_move(&mut rng).unwrap());
            }
        }
    }
}
