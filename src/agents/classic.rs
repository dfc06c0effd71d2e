//! The simplest agents: uniformly random, one-move reflexes, and a greedy linear evaluation.

use super::agent::Agent;
use crate::board::{completing_cells, Board};
use crate::moves::Move;
use crate::rng::Rng;
use std::time::Instant;

/// A player that picks uniformly among the legal moves.
pub struct RandomAgent(Rng);

impl RandomAgent {
    /// An agent seeded for reproducible games.
    pub fn new(seed: u64) -> Self {
        RandomAgent(Rng::new(seed))
    }
}

impl Agent for RandomAgent {
    fn choose(&mut self, board: &Board, _: Option<Move>, _: Instant) -> Move {
        board.random_move(&mut self.0).expect("the referee asks only in unfinished games")
    }
}

/// Can the side to move win a small board with its next move?
fn can_win_a_board(board: &Board) -> bool {
    let me = board.side_to_move();
    let mut boards = board.playable_boards();
    while boards != 0 {
        let b = boards.trailing_zeros() as usize;
        boards &= boards - 1;
        if completing_cells(board.marks(me, b), board.free_cells(b)) != 0 {
            return true;
        }
    }
    false
}

/// A random move after which the opponent cannot win a small board at once (random if there is none).
pub struct Reflex(Rng);

impl Reflex {
    /// An agent seeded for reproducible tie-breaks.
    pub fn new(seed: u64) -> Self {
        Reflex(Rng::new(seed))
    }
}

impl Agent for Reflex {
    fn choose(&mut self, board: &Board, _: Option<Move>, _: Instant) -> Move {
        let moves = board.legal_moves();
        let safe: Vec<Move> = moves
            .iter()
            .copied()
            .filter(|&m| {
                let mut next = *board;
                next.play(m);
                next.is_over() || !can_win_a_board(&next)
            })
            .collect();
        let pool: &[Move] = if safe.is_empty() { &moves } else { &safe };
        pool[self.0.below(pool.len() as u32) as usize]
    }
}

/// Plays the move whose resulting position scores best on a linear evaluation; ties broken at random.
pub struct Greedy(Rng);

impl Greedy {
    /// An agent seeded for reproducible tie-breaks.
    pub fn new(seed: u64) -> Self {
        Greedy(Rng::new(seed))
    }

    /// Small boards won, centre and corner cells, and own cells next to the new mark.
    fn score(before: &Board, m: Move) -> i32 {
        let me = before.side_to_move();
        let mut after = *before;
        after.play(m);
        if after.is_over() {
            return crate::agents::eval::evaluate(&after, me);
        }
        let boards_won = (after.won_boards(me).count_ones() - before.won_boards(me).count_ones()) as i32;
        let cell = m.cell();
        let position = match cell {
            4 => 3,
            0 | 2 | 6 | 8 => 2,
            _ => 1,
        };
        let (r, c) = (cell / 3, cell % 3);
        let mine = before.marks(me, m.board());
        let adjacent = (0..9)
            .filter(|&k: &usize| mine & (1 << k) != 0 && (k / 3).abs_diff(r) <= 1 && (k % 3).abs_diff(c) <= 1)
            .count() as i32;
        100 * boards_won + 5 * position + 3 * adjacent
    }
}

impl Agent for Greedy {
    fn choose(&mut self, board: &Board, _: Option<Move>, _: Instant) -> Move {
        super::agent::best_move(&board.legal_moves(), |m| Greedy::score(board, m) as f64, &mut self.0)
    }
}
