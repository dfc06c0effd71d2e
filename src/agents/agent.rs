//! What every built-in player is (`Agent`), and the small rules they share: how a move's limits follow from
//! the referee's deadline, and how a one-move chooser breaks ties. Every agent's file builds on this one.

use crate::board::Board;
use crate::mcts::Limits;
use crate::moves::Move;
use std::time::Instant;

/// A player that runs inside the referee's process.
pub trait Agent: Send {
    /// Called before each game, which starts after the `opening` moves (none: the empty board).
    fn new_game(&mut self, opening: &[Move]) {
        let _ = opening;
    }
    /// The move for `board` (never finished), to be answered before `deadline`.
    /// `last` is the opponent's last move, `None` on the first move of the game.
    fn choose(&mut self, board: &Board, last: Option<Move>, deadline: Instant) -> Move;
    /// What the agent would say on stderr about its last move (the bot's per-move line), once.
    fn take_note(&mut self) -> Option<String> {
        None
    }
}

/// A fixed iteration count when one was asked for, else the referee's deadline.
pub(super) fn agent_limits(iterations: Option<u64>, deadline: Instant) -> Limits {
    match iterations {
        Some(n) => Limits::iterations(n),
        None => Limits { deadline: Some(deadline), max_iterations: None },
    }
}

/// The referee's deadline, or sooner when the agent is told to think only `think` per move.
pub(super) fn think_deadline(think: Option<std::time::Duration>, deadline: Instant) -> Instant {
    match think {
        Some(t) => deadline.min(Instant::now() + t),
        None => deadline,
    }
}

/// The move of `moves` with the highest `score`, ties broken at random: how every one-move chooser here
/// picks (a greedy or searching agent's scores of its successors).
pub fn best_move(moves: &[Move], mut score: impl FnMut(Move) -> f64, rng: &mut crate::rng::Rng) -> Move {
    let mut best = (f64::NEG_INFINITY, Vec::new());
    for &m in moves {
        let s = score(m);
        if s > best.0 {
            best = (s, vec![m]);
        } else if s == best.0 {
            best.1.push(m);
        }
    }
    best.1[rng.below(best.1.len() as u32) as usize]
}
