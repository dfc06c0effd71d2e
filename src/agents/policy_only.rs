//! Seed 001's "policy alone" agent: no search, a move drawn from the learned prior (`builtin:policy`),
//! or its most likely move (`builtin:policy:greedy`).

use super::agent::Agent;
use crate::board::Board;
use crate::moves::Move;
use crate::policy::Policy;
use crate::rng::Rng;
use std::time::Instant;

/// Plays by the policy prior alone.
pub struct PolicyAgent {
    policy: Policy,
    rng: Rng,
    /// Take the most likely move instead of drawing one.
    greedy: bool,
}

impl PolicyAgent {
    /// The agent with the embedded policy weights.
    pub fn new(seed: u64, greedy: bool) -> Result<Self, String> {
        Ok(PolicyAgent { policy: Policy::embedded()?, rng: Rng::new(seed), greedy })
    }
}

impl Agent for PolicyAgent {
    fn choose(&mut self, board: &Board, _: Option<Move>, _: Instant) -> Move {
        let moves = board.legal_moves();
        let mut priors = [0.0f32; 81];
        let priors = &mut priors[..moves.len()];
        self.policy.priors(board, &moves, priors);
        let pick = if self.greedy {
            (0..moves.len()).max_by(|&a, &b| priors[a].total_cmp(&priors[b])).unwrap_or(0)
        } else {
            // Draw with a uniform number in [0, 1): the first move whose cumulative prior passes it.
            let u = (self.rng.next_u32() >> 8) as f32 / (1u32 << 24) as f32;
            let mut total = 0.0;
            priors
                .iter()
                .position(|p| {
                    total += p;
                    total > u
                })
                .unwrap_or(moves.len() - 1)
        };
        moves[pick]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn draws_follow_the_prior_and_greedy_takes_its_top_move() {
        let board = Board::new();
        let moves = board.legal_moves();
        let policy = Policy::embedded().unwrap();
        let mut priors = [0.0f32; 81];
        policy.priors(&board, &moves, &mut priors[..moves.len()]);
        let top = (0..moves.len()).max_by(|&a, &b| priors[a].total_cmp(&priors[b])).unwrap();
        let mut greedy = PolicyAgent::new(1, true).unwrap();
        assert_eq!(greedy.choose(&board, None, Instant::now()), moves[top]);
        // 20,000 draws: each move's frequency within 0.015 of its prior.
        let mut sampler = PolicyAgent::new(2, false).unwrap();
        let mut counts = [0u32; 81];
        for _ in 0..20_000 {
            let m = sampler.choose(&board, None, Instant::now());
            counts[moves.iter().position(|&x| x == m).unwrap()] += 1;
        }
        for (i, &c) in counts[..moves.len()].iter().enumerate() {
            assert!(
                (c as f32 / 20_000.0 - priors[i]).abs() < 0.015,
                "move {i}: {c} draws, prior {}",
                priors[i]
            );
        }
    }
}
