//! The learned move policy: priors for the search, from weights trained by `uttt train` and embedded
//! in the binary (and in the bundle) as text.

pub mod codec;
pub mod features;
pub mod patterns;

use crate::board::Board;
use crate::moves::Move;
use features::{cell_feature, context_features, feature_count, line_states, shape, shape_features};
use patterns::Patterns;

/// The committed weights (see weights/MANIFEST.txt for how they were made).
pub const POLICY_TEXT: &str = include_str!("../../weights/policy.txt");

/// The learned move prior: a linear softmax over move features, with per-class shape logits.
#[derive(Clone, Debug)]
pub struct Policy {
    weights: Vec<f32>,
    /// Per pattern class, the summed weights of its shape features (see `features::shape_features`):
    /// one load per move instead of up to five, and no line counting.
    shape_logits: Vec<f32>,
    patterns: &'static Patterns,
}

impl Policy {
    /// A policy from its weights; an error when their count does not match the features.
    pub fn new(weights: Vec<f32>) -> Result<Policy, String> {
        let patterns = Patterns::shared();
        let expected = feature_count(patterns);
        if weights.len() != expected {
            return Err(format!("expected {expected} weights, got {}", weights.len()));
        }
        let shape_logits = shape_logits(&weights, patterns);
        Ok(Policy { weights, shape_logits, patterns })
    }

    /// The embedded weights, decoded once at start-up.
    pub fn embedded() -> Result<Policy, String> {
        Policy::decode_named("weights/policy.txt", POLICY_TEXT)
    }

    /// Reads weight text that came from the file `name`; an error starts with that name.
    pub fn decode_named(name: &str, text: &str) -> Result<Policy, String> {
        codec::decode(text).and_then(Policy::new).map_err(|e| format!("{name}: {e}"))
    }

    /// The weights, one per feature.
    pub fn weights(&self) -> &[f32] {
        &self.weights
    }

    /// The unnormalised score of a move: the sum of its active features' weights.
    #[inline(always)]
    pub fn logit(&self, board: &Board, m: Move) -> f32 {
        let (mine, theirs) = shape(board, m);
        let mut sum =
            self.shape_logits[self.patterns.class(mine, theirs, m.cell())] + self.weights[cell_feature(m)];
        context_features(board, m, (mine, theirs), |f| sum += self.weights[f]);
        sum
    }

    /// Writes a prior for each move (a softmax of the logits, summing to 1) into `out`.
    #[inline(always)]
    pub fn priors(&self, board: &Board, moves: &[Move], out: &mut [f32]) {
        for (o, &m) in out.iter_mut().zip(moves) {
            *o = self.logit(board, m);
        }
        softmax(out);
    }
}

/// Replaces logits by their softmax (shifted by their maximum, so that no `exp` overflows).
pub fn softmax(logits: &mut [f32]) {
    let max = logits.iter().copied().fold(f32::NEG_INFINITY, f32::max);
    let mut sum = 0.0;
    for l in logits.iter_mut() {
        *l = (*l - max).exp();
        sum += *l;
    }
    for l in logits.iter_mut() {
        *l /= sum;
    }
}

/// `shape_logits` of `Policy`: every (mine, theirs, cell) visited once, each class summed at its first.
fn shape_logits(weights: &[f32], patterns: &Patterns) -> Vec<f32> {
    let mut logits = vec![f32::NAN; patterns.count()];
    for mine in 0..512u16 {
        // Every `theirs` apart from `mine`, in increasing order: the subsets of the free cells.
        let free = !mine & 0x1FF;
        let mut next = Some(0u16);
        while let Some(theirs) = next {
            next = (theirs != free).then(|| (theirs | !free).wrapping_add(1) & free);
            for cell in (0..9).filter(|c| (mine | theirs) & (1 << c) == 0) {
                let class = patterns.class(mine, theirs, cell);
                if logits[class].is_nan() {
                    let mut sum = 0.0;
                    shape_features(class, line_states(mine, theirs, cell), |f| sum += weights[f]);
                    logits[class] = sum;
                }
            }
        }
    }
    logits
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

    #[test]
    fn logits_are_the_sums_of_the_active_features_weights() {
        use features::{active_features, MAX_ACTIVE};
        let p = Policy::embedded().expect("committed weights decode");
        let mut rng = crate::rng::Rng::new(9);
        let mut checked = 0;
        for _ in 0..200 {
            let mut b = Board::new();
            while let Some(m) = b.random_move(&mut rng) {
                for &any in b.legal_moves().iter() {
                    let mut f = [0u16; MAX_ACTIVE];
                    let n = active_features(p.patterns, &b, any, &mut f);
                    let plain: f32 = f[..n].iter().map(|&i| p.weights[i as usize]).sum();
                    assert!((p.logit(&b, any) - plain).abs() < 1e-5, "{any:?} on {b:?}");
                    checked += 1;
                }
                b.play(m);
            }
        }
        assert!(checked > 50_000);
    }
}
