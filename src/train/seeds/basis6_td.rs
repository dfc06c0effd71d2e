//! Seed 003's temporal-difference learning of the basis-6 constants (`uttt train-basis6`).
//!
//! After each search, the document moves the constants so that the utility of the position searched
//! comes closer to the utility of the position the search predicts (the principal variation's leaf,
//! `depth` plies on): with Δ = U(leaf) − U(now), `c_i ← c_i − α·Δ·c_i·(f_i(leaf) − f_i(now))`, then
//! normalises. Training games pit the learning side against a static side with the defaults, both
//! searching `depth` plies (the document: 3), colours alternating.
//!
//! Where the document is vague we chose: α = 0.002; "normalise" keeps the sum of |c_i| at the defaults'
//! (7); the game is the arena's (three boards in a line, or more boards when all are closed) unless
//! `--rules points` asks for the document's points game (every board played out, most boards wins); the
//! learning side updates after each of its own moves, from its own point of view.

use crate::agents::basis6::{basis, score, utility, DEFAULT_CONSTANTS};
#[cfg(test)]
use crate::agents::basis6::{constants_from_text, constants_to_text, embedded_constants};
use crate::board::variants::Rules;
use crate::board::{Board, Player};
use crate::moves::Move;
use crate::rng::Rng;

/// Alpha-beta negamax returning the score for the side to move and the principal variation's leaf.
fn search(
    c: &[f64; 6],
    rules: Rules,
    board: &Board,
    depth: u32,
    (mut alpha, beta): (i32, i32),
) -> (i32, Board) {
    let me = board.side_to_move();
    if board.is_over() || depth == 0 {
        return (score(c, board, me), *board);
    }
    let mut best = (i32::MIN, *board);
    for &m in board.legal_moves().iter() {
        let mut next = *board;
        rules.play(&mut next, m);
        let (s, leaf) = search(c, rules, &next, depth - 1, (-beta, -alpha));
        let s = -s;
        if s > best.0 {
            best = (s, leaf);
        }
        alpha = alpha.max(s);
        if alpha >= beta {
            break;
        }
    }
    best
}

/// The move a `depth`-ply search with constants `c` chooses (ties at random), and its predicted leaf.
pub fn choose(c: &[f64; 6], rules: Rules, board: &Board, depth: u32, rng: &mut Rng) -> (Move, Board) {
    let mut best: (i32, Vec<(Move, Board)>) = (i32::MIN, Vec::new());
    for &m in board.legal_moves().iter() {
        let mut next = *board;
        rules.play(&mut next, m);
        // A window one wider than the best so far keeps exact ties visible for the random tie-break.
        let (s, leaf) = search(c, rules, &next, depth.max(1) - 1, (-i32::MAX, -(best.0.saturating_sub(1))));
        let s = -s;
        if s > best.0 {
            best = (s, Vec::new());
        }
        if s == best.0 {
            best.1.push((m, leaf));
        }
    }
    best.1[rng.below(best.1.len() as u32) as usize]
}

/// The document's update for the side `me`, from the position searched and the predicted leaf.
pub fn td_update(c: &mut [f64; 6], now: &Board, leaf: &Board, me: Player, alpha: f64) {
    let change = utility(c, leaf, me) - utility(c, now, me);
    let (f_leaf, f_now) = (basis(leaf, me), basis(now, me));
    for i in 0..6 {
        c[i] -= alpha * change * c[i] * (f_leaf[i] - f_now[i]);
    }
    let total: f64 = c.iter().map(|x| x.abs()).sum();
    let wanted: f64 = DEFAULT_CONSTANTS.iter().sum();
    if total > 0.0 {
        for x in c.iter_mut() {
            *x *= wanted / total;
        }
    }
}

/// One training game's outcome.
#[derive(Clone, Debug)]
pub struct TrainingGame {
    /// The learning side's colour.
    pub learner: Player,
    /// The learning side's score: 1 win, ½ draw, 0 loss.
    pub score: f64,
    /// Moves played.
    pub moves: usize,
    /// The learning side's constants after the game.
    pub constants: [f64; 6],
}

/// What a training run is asked for.
#[derive(Clone, Copy, Debug)]
pub struct TrainingPlan {
    /// Training games.
    pub games: usize,
    /// Search depth in plies (the document: 3).
    pub depth: u32,
    /// Learning rate.
    pub alpha: f64,
    /// The run's seed.
    pub seed: u64,
    /// The game played: the arena's, or the document's points game.
    pub rules: Rules,
}

/// Plays the plan's training games of the learning side against the static defaults.
pub fn train(plan: TrainingPlan, mut each: impl FnMut(&TrainingGame)) -> [f64; 6] {
    let TrainingPlan { games, depth, alpha, seed, rules } = plan;
    let mut c = DEFAULT_CONSTANTS;
    let mut rng = Rng::new(seed);
    for g in 0..games {
        let learner = if g % 2 == 0 { Player::X } else { Player::O };
        let mut board = rules.start(&[]).expect("no opening");
        let mut moves = 0;
        while !board.is_over() {
            let mover = board.side_to_move();
            let constants = if mover == learner { c } else { DEFAULT_CONSTANTS };
            let (m, leaf) = choose(&constants, rules, &board, depth, &mut rng);
            if mover == learner {
                td_update(&mut c, &board, &leaf, learner, alpha);
            }
            rules.play(&mut board, m);
            moves += 1;
        }
        let score = board.status().score_for(learner) as f64;
        each(&TrainingGame { learner, score, moves, constants: c });
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_update_follows_the_documents_rule_and_normalises() {
        let mut rng = Rng::new(2);
        let mut b = Board::new();
        for _ in 0..30 {
            let m = b.random_move(&mut rng).unwrap();
            b.play(m);
        }
        let me = b.side_to_move();
        let (_, leaf) = choose(&DEFAULT_CONSTANTS, Rules::CodinGame, &b, 3, &mut rng);
        let mut c = DEFAULT_CONSTANTS;
        td_update(&mut c, &b, &leaf, me, 0.002);
        assert!((c.iter().map(|x| x.abs()).sum::<f64>() - 7.0).abs() < 1e-9);
        // Before normalising, each constant moved by −α·Δ·c_i·Δf_i: compare the ratios.
        let change = utility(&DEFAULT_CONSTANTS, &leaf, me) - utility(&DEFAULT_CONSTANTS, &b, me);
        let (fl, fb) = (basis(&leaf, me), basis(&b, me));
        let raw: Vec<f64> =
            (0..6).map(|i| DEFAULT_CONSTANTS[i] * (1.0 - 0.002 * change * (fl[i] - fb[i]))).collect();
        let scale = 7.0 / raw.iter().map(|x| x.abs()).sum::<f64>();
        for i in 0..6 {
            assert!((c[i] - raw[i] * scale).abs() < 1e-9);
        }
        assert_eq!(constants_from_text(&constants_to_text(&c, "x")).unwrap(), c);
        assert!(constants_from_text("1 2 3").is_err());
        assert_eq!(embedded_constants().len(), 6);
    }
}
