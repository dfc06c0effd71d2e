//! The quantised value net: one or two hidden layers of clipped ReLUs, one output, integer arithmetic.
//!
//! `value = sigmoid((Σᵢ hᵢ · w2[k]ᵢ + b2[k]) / (QA · QB))`, where `k` is the position's output bucket (its
//! phase, `features::output_bucket`) and `h` the last hidden layer: with one, `hᵢ = clamp(accᵢ, 0, QA)`
//! for `acc = b1 + Σ W1[f]` over the active features (`features.rs`) of the side to move; with two
//! (`SecondLayer`), `hⱼ = clamp((Σᵢ clamp(accᵢ, 0, QA) · Wm[j]ᵢ + bm[j]) / QM, 0, QA)`.
//! First-layer weights and the accumulator are `i16` (the weights themselves fit in 9 bits, |W1| ≤
//! `W1_LIMIT`; each unit's worst sum of `MAX_ACTIVE` of them is checked to fit, `worst_first_layer_sum`),
//! output weights `i16`. The loops run over plain slices so the compiler vectorises them on baseline x86-64.
//!
//! A one-layer net may square its clipped units (`squared`: SCReLU, `hᵢ = clamp(accᵢ, 0, QA)²`, 1.0 at
//! `QA²`); its output sum is then divided by `QA` to keep the output's scale, and its output weights are
//! bounded (`output_weight_limit`) so that the sum fits `i32`.

use super::features::{active_features, output_bucket, INPUTS, MAX_ACTIVE};
use crate::board::Board;

mod text;
pub use text::TENSOR_NAMES;

/// The accumulator's value of a fully active hidden unit (1.0 in the float net). It was 64 before format
/// 6 (text.rs): such text is read with its first layer and biases doubled, which values every position
/// alike (the second layer's rounding aside); 128 halves the first layer's rounding step for one bit a weight.
pub const QA: i32 = 128;
/// The largest first-layer weight (a float weight of about ±2).
pub const W1_LIMIT: i16 = 255;
/// `QA` over the scale of the weight texts written before it was 128 (value net format 5, rollout head 1).
pub const LEGACY_SCALE: i64 = 2;
/// The output weights' scale.
pub const QB: i32 = 256;
/// The widest hidden layer the accumulator holds.
pub const MAX_HIDDEN: usize = 256;
/// Largest first-layer bias allowed.
const MAX_BIAS: i64 = 2560;
/// The second hidden layer's weights' scale.
pub const QM: i32 = 64;
/// The widest second hidden layer.
pub const MAX_HIDDEN2: usize = 64;
/// The most output buckets (one per two closed boards).
pub const MAX_BUCKETS: usize = 5;

/// An optional second hidden layer between the accumulator and the output (width 0: none).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SecondLayer {
    /// Its units.
    pub width: usize,
    /// `weights[j * hidden + i]`: first-layer unit `i`'s weight into unit `j`, scaled by `QM`.
    pub weights: Vec<i16>,
    /// Unit `j`'s bias, scaled by `QA · QM`.
    pub biases: Vec<i32>,
}

/// A decoded value net, ready to evaluate.
#[derive(Clone, Debug)]
pub struct ValueNet {
    /// The features it was trained with: the first `inputs` of `features.rs` (a net from before later
    /// features were added reads them with zero weights).
    inputs: usize,
    hidden: usize,
    /// `w1[f * hidden + i]`: feature `f`'s weight into hidden unit `i` (a feature's column is contiguous).
    w1: Vec<i16>,
    b1: Vec<i16>,
    second: SecondLayer,
    /// `w2[k * n + i]`: last hidden layer's unit `i`'s weight into bucket `k`'s output (`n` its width).
    w2: Vec<i16>,
    b2: Vec<i32>,
    /// The output reads the squares of the clipped units (one-layer nets only).
    squared: bool,
    /// Every first-layer weight is a multiple of it (its text stores them divided: `with_first_layer_step`).
    w1_step: i16,
}

/// The coarsest first-layer step a net may have.
pub const MAX_W1_STEP: i16 = 16;

/// The largest output weight of a net of `hidden` units: `i16`'s, or for squared units less, so that
/// `hidden` terms of at most `QA² · limit` stay within `i32` (their bias is added in floats).
pub fn output_weight_limit(hidden: usize, squared: bool) -> i32 {
    if squared {
        (i32::MAX / (QA * QA * hidden.max(1) as i32)).min(i16::MAX as i32)
    } else {
        i16::MAX as i32
    }
}

impl ValueNet {
    /// A net from its quantised parts; an error when the sizes or ranges are wrong.
    /// `b2` holds one bias per output bucket.
    pub fn new(
        hidden: usize,
        w1: Vec<i16>,
        b1: Vec<i16>,
        second: SecondLayer,
        w2: Vec<i16>,
        b2: Vec<i32>,
    ) -> Result<ValueNet, String> {
        if hidden == 0 || hidden > MAX_HIDDEN || hidden % 8 != 0 {
            return Err(format!("hidden size {hidden} is not a multiple of 8 in 8..={MAX_HIDDEN}"));
        }
        if b2.is_empty() || b2.len() > MAX_BUCKETS {
            return Err(format!("{} output buckets, expected 1..={MAX_BUCKETS}", b2.len()));
        }
        if second.width > MAX_HIDDEN2
            || second.weights.len() != second.width * hidden
            || second.biases.len() != second.width
        {
            return Err(format!(
                "second hidden layer of {} units: expected 0..={MAX_HIDDEN2}, sizes matching",
                second.width
            ));
        }
        let last = if second.width > 0 { second.width } else { hidden };
        if w1.len() != INPUTS * hidden || b1.len() != hidden || w2.len() != last * b2.len() {
            return Err("weight counts do not match the hidden size".into());
        }
        if w1.iter().any(|&w| !(-W1_LIMIT..=W1_LIMIT).contains(&w))
            || b1.iter().any(|&b| (b as i64).abs() > MAX_BIAS)
        {
            return Err("first-layer weights out of range".into());
        }
        let mut column = Vec::with_capacity(INPUTS);
        for (i, &b) in b1.iter().enumerate() {
            column.clear();
            column.extend((0..INPUTS).map(|f| w1[f * hidden + i] as f32));
            if worst_first_layer_sum(&mut column, b as f32) > i16::MAX as f32 {
                return Err(format!("hidden unit {i}'s weights could overflow the accumulator"));
            }
        }
        Ok(ValueNet { inputs: INPUTS, hidden, w1, b1, second, w2, b2, squared: false, w1_step: 1 })
    }

    /// The net with squared units (SCReLU) when `squared`, else as it is; an error for a squared net with a
    /// second hidden layer, or with output weights beyond `output_weight_limit`.
    pub fn with_squared_units(mut self, squared: bool) -> Result<ValueNet, String> {
        if !squared {
            return Ok(self);
        }
        if self.second.width > 0 {
            return Err("squared units are supported for one-layer nets only".into());
        }
        let limit = output_weight_limit(self.hidden, true);
        if self.w2.iter().any(|&w| (w as i32).abs() > limit) {
            return Err(format!("output weights of a squared net must be within +-{limit}"));
        }
        self.squared = true;
        Ok(self)
    }

    /// The net with its first-layer step declared: every first-layer weight a multiple of `step`
    /// (1..=`MAX_W1_STEP`), so that its text stores them divided by it, about log2(step) bits a weight fewer
    /// (`train-value --w1-step`, rounded coarser by the trainer); an error when a weight is not a multiple.
    pub fn with_first_layer_step(mut self, step: i16) -> Result<ValueNet, String> {
        if !(1..=MAX_W1_STEP).contains(&step) || self.w1.iter().any(|&w| w % step != 0) {
            return Err(format!(
                "a first-layer step of {step}: expected 1..={MAX_W1_STEP}, dividing every weight"
            ));
        }
        self.w1_step = step;
        Ok(self)
    }

    /// Every first-layer weight is a multiple of it.
    pub fn first_layer_step(&self) -> i16 {
        self.w1_step
    }

    /// True when the output reads the squares of the clipped units.
    pub fn squared(&self) -> bool {
        self.squared
    }

    /// A first-layer sum as the unit the output reads, in 0..=1: clipped, and squared in a squared net.
    pub fn unit(&self, sum: i16) -> f32 {
        let clipped = sum.clamp(0, QA as i16) as f32 / QA as f32;
        if self.squared {
            clipped * clipped
        } else {
            clipped
        }
    }

    /// The net restricted to the first `inputs` features: the others' weights zeroed, and its text
    /// written with that many (a net trained with `train-value --inputs N`).
    pub fn with_inputs(mut self, inputs: usize) -> ValueNet {
        self.inputs = inputs.min(INPUTS);
        self.w1[self.inputs * self.hidden..].fill(0);
        self
    }

    /// This net's hidden layers with another output layer (`w2`, `b2` laid out as this net's): a head.
    pub fn with_output(&self, w2: Vec<i16>, b2: Vec<i32>) -> Result<ValueNet, String> {
        let (w1, b1, second) = (self.w1.clone(), self.b1.clone(), self.second.clone());
        ValueNet::new(self.hidden, w1, b1, second, w2, b2)?
            .with_inputs(self.inputs)
            .with_squared_units(self.squared)?
            .with_first_layer_step(self.w1_step)
    }

    /// The features it reads: the first `inputs` of `features.rs`.
    pub fn inputs(&self) -> usize {
        self.inputs
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.hidden
    }

    /// Units of the second hidden layer (0: none).
    pub fn hidden2(&self) -> usize {
        self.second.width
    }

    /// Output buckets.
    pub fn buckets(&self) -> usize {
        self.b2.len()
    }

    /// The output bucket `board` is valued with.
    #[inline]
    pub fn bucket(&self, board: &Board) -> usize {
        output_bucket(board, self.b2.len())
    }

    /// The quantised weights: first layer `(w1, b1)`, the second layer, output `(w2, b2)` (the trainer
    /// starts from them with `--init`).
    pub fn parts(&self) -> (&[i16], &[i16], &SecondLayer, &[i16], &[i32]) {
        (&self.w1, &self.b1, &self.second, &self.w2, &self.b2)
    }

    /// Feature `f`'s column of first-layer weights.
    #[inline]
    pub fn column(&self, f: usize) -> &[i16] {
        &self.w1[f * self.hidden..(f + 1) * self.hidden]
    }

    /// The first-layer biases: the accumulator of a position with no active feature.
    #[inline]
    pub fn biases(&self) -> &[i16] {
        &self.b1
    }

    /// The expected score (win 1, draw ½, loss 0) of the player whose accumulator `acc` is, with output
    /// bucket `bucket` (`bucket`).
    #[inline(always)]
    pub fn output(&self, acc: &[i16], bucket: usize) -> f32 {
        let h = self.hidden;
        let sum = match self.second.width {
            0 if self.squared => {
                // Divided in floats: the squares carry `QA²`, the output's scale one `QA`.
                let sum = squared_dot(&acc[..h], &self.w2[bucket * h..(bucket + 1) * h]) as f32 / QA as f32;
                return sigmoid((sum + self.b2[bucket] as f32) / (QA * QB) as f32);
            }
            0 => clipped_dot(&acc[..h], &self.w2[bucket * h..(bucket + 1) * h]),
            n => {
                // Clipped once here, not once per second-layer unit.
                let mut first = [0i16; MAX_HIDDEN];
                first[..h].iter_mut().zip(&acc[..h]).for_each(|(c, &a)| *c = a.clamp(0, QA as i16));
                let mut second = [0i16; MAX_HIDDEN2];
                for (j, unit) in second[..n].iter_mut().enumerate() {
                    let row = &self.second.weights[j * h..(j + 1) * h];
                    let sum: i32 = first[..h].iter().zip(row).map(|(&a, &w)| a as i32 * w as i32).sum();
                    *unit = ((sum + self.second.biases[j]) / QM).clamp(0, QA) as i16;
                }
                clipped_dot(&second[..n], &self.w2[bucket * n..(bucket + 1) * n])
            }
        };
        sigmoid((sum + self.b2[bucket]) as f32 / (QA * QB) as f32)
    }

    /// The expected score of the side to move of a position with these active features (the trainer's
    /// view: it keeps features and buckets, not boards).
    pub fn evaluate_features(&self, features: &[u16], bucket: usize) -> f32 {
        let mut acc = [0i16; MAX_HIDDEN];
        acc[..self.hidden].copy_from_slice(&self.b1);
        for &f in features {
            acc[..self.hidden]
                .iter_mut()
                .zip(self.column(f as usize))
                .for_each(|(a, w)| *a = a.wrapping_add(*w));
        }
        self.output(&acc, bucket)
    }

    /// The expected score of the side to move, computed from scratch.
    #[inline]
    pub fn evaluate(&self, board: &Board) -> f32 {
        let mut sums = [0i16; MAX_HIDDEN];
        self.output(self.hidden_sums(board, &mut sums), self.bucket(board))
    }

    /// The expected score of the side to move, and `head`'s output from the same hidden units: a head
    /// shares this net's layers but the output (a rollout head, `train/value/rollout_head_fit.rs`; checked once, by
    /// `shares_hidden_layers`, where it is given to the search), so one accumulator serves both.
    #[inline(always)]
    pub fn evaluate_pair(&self, board: &Board, head: &ValueNet) -> (f32, f32) {
        let k = self.bucket(board);
        let mut sums = [0i16; MAX_HIDDEN];
        let sums = self.hidden_sums(board, &mut sums);
        (self.output(sums, k), head.output(sums, k))
    }

    /// True when `other` has this net's hidden layers (it differs at most in its output layer).
    pub fn shares_hidden_layers(&self, other: &ValueNet) -> bool {
        (self.hidden, &self.w1, &self.b1, &self.second, self.b2.len(), self.squared)
            == (other.hidden, &other.w1, &other.b1, &other.second, other.b2.len(), other.squared)
    }

    /// The first layer's sums of the side to move, computed from scratch into `buffer`.
    #[inline(always)]
    fn hidden_sums<'b>(&self, board: &Board, buffer: &'b mut [i16; MAX_HIDDEN]) -> &'b [i16] {
        // A width known at compile time lets the sums stay in registers while the features are added.
        let sums = &mut buffer[..self.hidden];
        match self.hidden {
            64 => sums.copy_from_slice(&self.hidden_sums_fixed::<64>(board)),
            96 => sums.copy_from_slice(&self.hidden_sums_fixed::<96>(board)),
            _ => {
                sums.copy_from_slice(&self.b1);
                active_features(board, board.side_to_move(), |f| {
                    sums.iter_mut().zip(self.column(f)).for_each(|(a, &w)| *a = a.wrapping_add(w));
                });
            }
        }
        sums
    }

    #[inline(always)]
    fn hidden_sums_fixed<const H: usize>(&self, board: &Board) -> [i16; H] {
        let mut acc: [i16; H] = self.b1[..H].try_into().expect("the net has H hidden units");
        active_features(board, board.side_to_move(), |f| add_column(&mut acc, &self.w1[f * H..(f + 1) * H]));
        acc
    }
}

/// Adds a feature's column of first-layer weights to sums whose width `H` is known at compile time (so
/// that they stay in registers while the features are added); wrapping, so the order of the additions
/// does not change the result.
#[inline(always)]
pub fn add_column<const H: usize>(sums: &mut [i16; H], column: &[i16]) {
    let column: &[i16; H] = column.try_into().expect("a column has H weights");
    for (s, &w) in sums.iter_mut().zip(column) {
        *s = s.wrapping_add(w);
    }
}

/// The largest size a hidden unit's first-layer sum can reach, its weights `column` (one a feature, in any
/// order; left reordered) and its bias `bias`: the bias's size plus the sizes of its `MAX_ACTIVE` largest
/// weights, as if those features were active at once, each with the worst sign. The accumulator's `i16`
/// must hold it (`ValueNet::new` checks every unit; the trainer keeps its float net within it).
pub fn worst_first_layer_sum(column: &mut [f32], bias: f32) -> f32 {
    column.iter_mut().for_each(|w| *w = -w.abs());
    let k = MAX_ACTIVE.min(column.len());
    if k < column.len() {
        column.select_nth_unstable_by(k, f32::total_cmp);
    }
    bias.abs() - column[..k].iter().sum::<f32>()
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
fn squared_dot(units: &[i16], weights: &[i16]) -> i32 {
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

#[cfg(test)]
pub(crate) mod tests;
