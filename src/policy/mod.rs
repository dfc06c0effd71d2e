//! The learned move policy: priors for the search, from weights trained by `uttt train` and embedded
//! in the binary (and in the bundle) as text.

pub mod codec;
pub mod features;
pub mod patterns;

use crate::board::Board;
use crate::moves::Move;
use features::{active_features, feature_count, MAX_ACTIVE};
use patterns::Patterns;

/// The committed weights (see weights/MANIFEST.txt for how they were made).
const EMBEDDED: &str = include_str!("../../weights/policy.txt");

#[derive(Clone, Debug)]
pub struct Policy {
    weights: Vec<f32>,
    patterns: &'static Patterns,
}

impl Policy {
    pub fn new(weights: Vec<f32>) -> Result<Policy, String> {
        let patterns = Patterns::shared();
        let expected = feature_count(patterns);
        if weights.len() != expected {
            return Err(format!("expected {expected} weights, got {}", weights.len()));
        }
        Ok(Policy { weights, patterns })
    }

    /// The embedded weights, decoded once at start-up.
    pub fn embedded() -> Result<Policy, String> {
        Policy::new(codec::decode(EMBEDDED)?)
    }

    pub fn weights(&self) -> &[f32] {
        &self.weights
    }

    /// The unnormalised score of a move.
    #[inline]
    pub fn logit(&self, board: &Board, m: Move) -> f32 {
        let mut f = [0u16; MAX_ACTIVE];
        let n = active_features(self.patterns, board, m, &mut f);
        f[..n].iter().map(|&i| self.weights[i as usize]).sum()
    }

    /// Writes a prior for each move (a softmax of the logits, summing to 1) into `out`.
    pub fn priors(&self, board: &Board, moves: &[Move], out: &mut [f32]) {
        let mut max = f32::NEG_INFINITY;
        for (o, &m) in out.iter_mut().zip(moves) {
            *o = self.logit(board, m);
            max = max.max(*o);
        }
        let mut sum = 0.0;
        for o in out.iter_mut() {
            *o = (*o - max).exp();
            sum += *o;
        }
        for o in out.iter_mut() {
            *o /= sum;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn embedded_weights_decode_and_give_priors() {
        let p = Policy::embedded().expect("committed weights decode");
        let b = Board::new();
        let moves = b.legal_moves();
        let mut out = vec![0.0; moves.len()];
        p.priors(&b, &moves, &mut out);
        assert!((out.iter().sum::<f32>() - 1.0).abs() < 1e-4);
        assert!(out.iter().all(|&x| x > 0.0));
    }
}
