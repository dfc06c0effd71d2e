//! The output layer: one linear output a bucket (the position's phase, `features::output_bucket`) over
//! the last hidden layer's clipped units, or over their squares (SCReLU), through the logistic function:
//! `value = sigmoid((Σᵢ hᵢ · w[k]ᵢ + b[k]) / (QA · QB))`. A squared net's sum is divided by `QA` to keep the
//! output's scale, and its weights are bounded (`output_weight_limit`) so that the sum fits `i32`.

use super::shape::{QA, QB};

/// The output weights, `i16`, and biases, one a bucket.
#[derive(Clone, Debug, PartialEq)]
pub struct OutputLayer {
    /// `weights[k * n + i]`: the last hidden layer's unit `i`'s weight into bucket `k`'s output (`n` that
    /// layer's width).
    pub weights: Vec<i16>,
    /// Bucket `k`'s bias, scaled by `QA · QB`.
    pub biases: Vec<i32>,
    /// It reads the squares of the clipped units.
    pub squared: bool,
}

/// The largest output weight of a net of `hidden` units: `i16`'s, or for squared units less, so that
/// `hidden` terms of at most `QA² · limit` stay within `i32` (their bias is added in floats).
pub fn output_weight_limit(hidden: usize, squared: bool) -> i32 {
    if squared {
        (i32::MAX / (QA * QA * hidden.max(1) as i32)).min(i16::MAX as i32)
    } else {
        i16::MAX as i32
    }
}

impl OutputLayer {
    /// The expected score (win 1, draw ½, loss 0) from the last hidden layer's sums `units`, with bucket
    /// `bucket`'s weights.
    #[inline(always)]
    pub fn value(&self, units: &[i16], bucket: usize) -> f32 {
        let n = units.len();
        let weights = &self.weights[bucket * n..(bucket + 1) * n];
        // The arena file plays the shipped shape only (`shape::SHIPPED_IN_THE_ARENA_FILE`): squared units.
        #[cfg(not(bundle))]
        if !self.squared {
            return sigmoid((clipped_dot(units, weights) + self.biases[bucket]) as f32 / (QA * QB) as f32);
        }
        // Divided in floats: the squares carry `QA²`, the output's scale one `QA`.
        let sum = squared_dot(units, weights) as f32 / QA as f32;
        sigmoid((sum + self.biases[bucket] as f32) / (QA * QB) as f32)
    }
}

/// `Σᵢ clamp(unitsᵢ, 0, QA) · weightsᵢ`: a layer's input clipped as the units' activation.
#[inline(always)]
fn clipped_dot(units: &[i16], weights: &[i16]) -> i32 {
    units.iter().zip(weights).map(|(&a, &w)| a.clamp(0, QA as i16) as i32 * w as i32).sum()
}

/// `Σᵢ clamp(unitsᵢ, 0, QA)² · weightsᵢ`: the squared units' dot product (each term fits `i32`, and the
/// sum does for weights within `output_weight_limit`). The square is taken in `i16` (it is at most `QA²`),
/// so that each term is an `i16` product, which baseline x86-64 multiplies and pairs in one instruction
/// (`pmaddwd`); a square in `i32` needs a 32-bit multiply that SSE2 lacks and the compiler emulates.
#[inline(always)]
pub(super) fn squared_dot(units: &[i16], weights: &[i16]) -> i32 {
    const _: () = assert!(QA * QA <= i16::MAX as i32, "a squared unit must fit i16");
    units
        .iter()
        .zip(weights)
        .map(|(&a, &w)| {
            let a = a.clamp(0, QA as i16);
            (a * a) as i32 * w as i32
        })
        .sum()
}

/// The logistic function.
#[inline]
pub fn sigmoid(x: f32) -> f32 {
    1.0 / (1.0 + (-x).exp())
}
