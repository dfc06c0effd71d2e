//! Seed 000's TD learning of the linear evaluation over the Advanced Feature Extractor (`uttt train-td`).
//!
//! The document's recipe: for every move the learning agent is asked for, simulate 25 games from the
//! position, the agent taking the successor its evaluation likes best and the opponent the one it likes
//! least; record each game's states and apply TD(0), `w ← w − η (φ(s)·w − target) φ(s)`, over them in
//! reverse order, the target being the next state's value, or the reward when the game ends there.
//! η = 1e-5.
//!
//! Where the document is vague we chose: the learner plays its training games against the random agent,
//! colours alternating, choosing its moves greedily by the current evaluation (it is "depth 0", the
//! advanced perceptron); the reward of a finished game is ±100 for a win or loss, 0 for a draw (the
//! document's published weights, near 1 over features that count up to dozens, suggest a utility of that
//! order); the weights start at zero; ties are broken at random.

use crate::agents::perceptron::{advanced_features, linear};
use crate::board::{Board, Player, Status};
use crate::moves::Move;
use crate::rng::Rng;

/// The reward of a won game (minus it for a lost one).
pub const UTILITY: f64 = 100.0;

/// How `train` runs.
#[derive(Clone, Copy, Debug)]
pub struct TdConfig {
    /// Training games against the random agent.
    pub games: usize,
    /// Simulated games per requested move (the document: 25).
    pub simulations: usize,
    /// Step size η (the document: 1e-5).
    pub eta: f64,
    /// Seed of every random choice.
    pub seed: u64,
}

impl Default for TdConfig {
    fn default() -> Self {
        TdConfig { games: 200, simulations: 25, eta: 1e-5, seed: 1 }
    }
}

/// The value of `board` for `me` during learning: the reward once the game is over.
fn value(weights: &[f64; 13], board: &Board, me: Player) -> f64 {
    match board.status() {
        Status::Won(p) if p == me => UTILITY,
        Status::Won(_) => -UTILITY,
        Status::Draw => 0.0,
        Status::Ongoing => linear(weights, board, me),
    }
}

/// The successor `me` likes best (`maximise`) or least, ties at random.
fn pick(weights: &[f64; 13], board: &Board, me: Player, maximise: bool, rng: &mut Rng) -> Move {
    let sign = if maximise { 1.0 } else { -1.0 };
    let score = |m: Move| {
        let mut next = *board;
        next.play(m);
        sign * value(weights, &next, me)
    };
    crate::agents::best_move(&board.legal_moves(), score, rng)
}

/// One simulated game from `board` between an evaluation-maximising `me` and a minimising opponent, then
/// TD(0) over its states in reverse order.
fn simulate_and_learn(weights: &mut [f64; 13], board: &Board, me: Player, eta: f64, rng: &mut Rng) {
    let mut states = vec![*board];
    let mut b = *board;
    while !b.is_over() {
        let m = pick(weights, &b, me, b.side_to_move() == me, rng);
        b.play(m);
        states.push(b);
    }
    for t in (0..states.len() - 1).rev() {
        let phi = advanced_features(&states[t], me);
        let pred: f64 = phi.iter().zip(weights.iter()).map(|(f, w)| f * w).sum();
        let target = value(weights, &states[t + 1], me);
        let err = pred - target;
        for (w, f) in weights.iter_mut().zip(phi) {
            *w -= eta * err * f;
        }
    }
}

/// Trains from zero weights; `progress` hears after each game (games done, the learner's score so far).
pub fn train(config: &TdConfig, mut progress: impl FnMut(usize, f64, &[f64; 13])) -> [f64; 13] {
    let mut weights = [0.0; 13];
    let mut rng = Rng::new(config.seed);
    let mut points = 0.0;
    for game in 0..config.games {
        let learner = if game % 2 == 0 { Player::X } else { Player::O };
        let mut board = Board::new();
        while !board.is_over() {
            let m = if board.side_to_move() == learner {
                for _ in 0..config.simulations {
                    simulate_and_learn(&mut weights, &board, learner, config.eta, &mut rng);
                }
                pick(&weights, &board, learner, true, &mut rng)
            } else {
                let moves = board.legal_moves();
                moves[rng.below(moves.len() as u32) as usize]
            };
            board.play(m);
        }
        points += board.status().score_for(learner) as f64;
        progress(game + 1, points / (game + 1) as f64, &weights);
    }
    weights
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn td_learning_moves_the_weights_toward_winning() {
        let config = TdConfig { games: 6, simulations: 5, ..TdConfig::default() };
        let w = train(&config, |_, _, _| {});
        // Relative wins is what ends games: it must come out valued, the opponent's wins feared.
        assert!(w[2] > 0.0, "relativeWins {}", w[2]);
        assert!(w[1] < w[0], "otherWins {} vs numWins {}", w[1], w[0]);
    }
}
