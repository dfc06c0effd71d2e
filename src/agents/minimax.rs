//! Depth-limited alpha-beta (optionally iterative deepening on the clock) and expectimax.

use super::eval::{evaluate, Evaluation, WIN_SCORE};
use super::Agent;
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
}

impl Minimax {
    /// A searcher of `depth` plies; with `timed`, deepens until the deadline and keeps the deepest result.
    pub fn new(depth: u32, timed: bool, seed: u64) -> Self {
        Minimax { depth: depth.max(1), timed, rng: Rng::new(seed), eval: Evaluation::Heuristic }
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

/// Negamax with alpha-beta; scores are for the side to move. Prefers quicker wins via `ply`.
fn negamax(
    eval: &Evaluation,
    board: &Board,
    depth: u32,
    (mut alpha, beta): (i32, i32),
    ply: i32,
    deadline: Option<Instant>,
    nodes: &mut u64,
) -> Result<i32, OutOfTime> {
    *nodes += 1;
    if *nodes % 1024 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
        return Err(OutOfTime);
    }
    let me = board.side_to_move();
    if board.is_over() || depth == 0 {
        let s = eval.score(board, me);
        return Ok(if s.abs() == WIN_SCORE { s - s.signum() * ply } else { s });
    }
    let mut best = -INFINITY;
    for &m in board.legal_moves().iter() {
        let mut next = *board;
        next.play(m);
        let s = -negamax(eval, &next, depth - 1, (-beta, -alpha), ply + 1, deadline, nodes)?;
        best = best.max(s);
        alpha = alpha.max(s);
        if alpha >= beta {
            break;
        }
    }
    Ok(best)
}

/// The best root moves at `depth` (all those tied for best).
fn root_search(
    eval: &Evaluation,
    board: &Board,
    depth: u32,
    deadline: Option<Instant>,
) -> Result<Vec<Move>, OutOfTime> {
    let mut nodes = 0;
    let mut best = Vec::new();
    let mut best_score = -INFINITY;
    for &m in board.legal_moves().iter() {
        let mut next = *board;
        next.play(m);
        // A window one wider than the best so far keeps exact ties visible for random tie-breaking.
        let s = -negamax(eval, &next, depth - 1, (-INFINITY, -(best_score - 1)), 1, deadline, &mut nodes)?;
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
        let best = if self.timed {
            // Iterative deepening: keep the last depth that finished before the deadline.
            let mut best = root_search(&self.eval, board, 1, None).unwrap_or_default();
            for depth in 2..=self.depth.max(2) * 4 {
                match root_search(&self.eval, board, depth, Some(deadline)) {
                    Ok(moves) => best = moves,
                    Err(OutOfTime) => break,
                }
            }
            best
        } else {
            root_search(&self.eval, board, self.depth, None).unwrap_or_default()
        };
        best[self.rng.below(best.len() as u32) as usize]
    }
}

/// As minimax, but the opponent's nodes average over its moves (a uniformly random opponent model).
pub struct Expectimax {
    depth: u32,
    rng: Rng,
}

impl Expectimax {
    /// A searcher of `depth` plies, seeded for its random tie-breaks.
    pub fn new(depth: u32, seed: u64) -> Self {
        Expectimax { depth: depth.max(1), rng: Rng::new(seed) }
    }

    /// Value for `me` of `board`.
    fn value(board: &Board, me: crate::board::Player, depth: u32) -> f64 {
        if board.is_over() || depth == 0 {
            return evaluate(board, me) as f64;
        }
        let moves = board.legal_moves();
        let children = moves.iter().map(|&m| {
            let mut next = *board;
            next.play(m);
            Self::value(&next, me, depth - 1)
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
        let mut best = Vec::new();
        let mut best_value = f64::MIN;
        for &m in board.legal_moves().iter() {
            let mut next = *board;
            next.play(m);
            let v = Self::value(&next, me, self.depth - 1);
            if v > best_value {
                best_value = v;
                best.clear();
            }
            if v == best_value {
                best.push(m);
            }
        }
        best[self.rng.below(best.len() as u32) as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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
            let best = root_search(&Evaluation::Heuristic, &b, 3, None).unwrap_or_default();
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
