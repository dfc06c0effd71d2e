//! The quantised value net, integer arithmetic: `shape.rs` its shape (the shipped one a constant) and
//! scales, then one file a layer — `first_layer.rs`, `second_layer.rs` (optional), `output_layer.rs` —
//! and `text.rs` its weight text. The first layer's sums are kept move by move apart from the net, in
//! `super::accumulator`. The loops run over plain slices so the compiler vectorises them on baseline
//! x86-64.

use super::features::output_bucket;
use crate::board::Board;

mod first_layer;
mod output_layer;
mod second_layer;
pub mod shape;
mod text;
pub use first_layer::{add_column, worst_first_layer_sum, FirstLayer, MAX_W1_STEP, W1_LIMIT};
pub use output_layer::{output_weight_limit, sigmoid, OutputLayer};
pub use second_layer::SecondLayer;
pub use shape::{NetShape, LEGACY_SCALE, MAX_BUCKETS, MAX_HIDDEN, MAX_HIDDEN2, QA, QB, QM, SHIPPED};
pub use text::TENSOR_NAMES;

/// The error of weights whose counts do not fit the layers they are for.
pub const WRONG_COUNTS: &str = "weight counts do not match the hidden size";

/// An error unless the output layer has `last` weights (the last hidden layer's units) per bias.
fn output_counts_match(w2: &[i16], b2: &[i32], last: usize) -> Result<(), String> {
    if w2.len() == last * b2.len() {
        Ok(())
    } else {
        Err(WRONG_COUNTS.into())
    }
}

/// A decoded value net, ready to evaluate.
#[derive(Clone, Debug)]
pub struct ValueNet {
    first_layer: FirstLayer,
    second_layer: SecondLayer,
    output_layer: OutputLayer,
}

impl ValueNet {
    /// A net from its quantised parts, reading every feature, with clipped units and a first-layer step
    /// of 1 (see `with_…` for the others); an error when the sizes or ranges are wrong. `b2` holds one
    /// bias per output bucket.
    pub fn new(
        hidden: usize,
        w1: Vec<i16>,
        b1: Vec<i16>,
        second: SecondLayer,
        w2: Vec<i16>,
        b2: Vec<i32>,
    ) -> Result<ValueNet, String> {
        let shape = NetShape {
            inputs: super::features::INPUTS,
            hidden,
            hidden2: second.width,
            buckets: b2.len(),
            squared: false,
        };
        shape.check()?;
        second.check(hidden)?;
        output_counts_match(&w2, &b2, second.output_inputs(hidden))?;
        let first = FirstLayer::new(hidden, w1, b1)?;
        Ok(ValueNet {
            first_layer: first,
            second_layer: second,
            output_layer: OutputLayer { weights: w2, biases: b2, squared: false },
        })
    }

    /// The net with squared units (SCReLU) when `squared`, else as it is; an error for a squared net with a
    /// second hidden layer, or with output weights beyond `output_weight_limit`.
    pub fn with_squared_units(mut self, squared: bool) -> Result<ValueNet, String> {
        if !squared {
            return Ok(self);
        }
        NetShape { squared, ..self.shape() }.check()?;
        let limit = output_weight_limit(self.first_layer.hidden, true);
        if self.output_layer.weights.iter().any(|&w| (w as i32).abs() > limit) {
            return Err(format!("output weights of a squared net must be within +-{limit}"));
        }
        self.output_layer.squared = true;
        Ok(self)
    }

    /// The net with its first-layer step declared (`FirstLayer::with_step`; `train-value --w1-step`).
    pub fn with_first_layer_step(mut self, step: i16) -> Result<ValueNet, String> {
        self.first_layer = self.first_layer.with_step(step)?;
        Ok(self)
    }

    /// Every first-layer weight is a multiple of it.
    pub fn first_layer_step(&self) -> i16 {
        self.first_layer.step
    }

    /// The net restricted to the first `inputs` features: the others' weights zeroed, and its text
    /// written with that many (a net trained with `train-value --inputs N`).
    pub fn with_inputs(mut self, inputs: usize) -> ValueNet {
        self.first_layer = self.first_layer.with_inputs(inputs);
        self
    }

    /// This net's hidden layers with another output layer (`w2`, `b2` laid out as this net's): a head.
    /// The hidden layers were checked when this net was made: only the new output layer is checked here
    /// (its size, and its weights' bound on squared units), which keeps a second pass over the first
    /// layer's bounds out of the bot's start-up.
    pub fn with_output(&self, w2: Vec<i16>, b2: Vec<i32>) -> Result<ValueNet, String> {
        NetShape { buckets: b2.len(), squared: false, ..self.shape() }.check()?;
        output_counts_match(&w2, &b2, self.second_layer.output_inputs(self.first_layer.hidden))?;
        ValueNet {
            first_layer: self.first_layer.clone(),
            second_layer: self.second_layer.clone(),
            output_layer: OutputLayer { weights: w2, biases: b2, squared: false },
        }
        .with_squared_units(self.output_layer.squared)
    }

    /// Its shape.
    pub fn shape(&self) -> NetShape {
        NetShape {
            inputs: self.first_layer.inputs,
            hidden: self.first_layer.hidden,
            hidden2: self.second_layer.width,
            buckets: self.output_layer.biases.len(),
            squared: self.output_layer.squared,
        }
    }

    /// True when the output reads the squares of the clipped units.
    pub fn squared(&self) -> bool {
        self.output_layer.squared
    }

    /// A first-layer sum as the unit the output reads, in 0..=1: clipped, and squared in a squared net.
    pub fn unit(&self, sum: i16) -> f32 {
        let clipped = sum.clamp(0, QA as i16) as f32 / QA as f32;
        if self.output_layer.squared {
            clipped * clipped
        } else {
            clipped
        }
    }

    /// The features it reads: the first `inputs` of `features/mod.rs`.
    pub fn inputs(&self) -> usize {
        self.first_layer.inputs
    }

    /// Hidden units.
    pub fn hidden(&self) -> usize {
        self.first_layer.hidden
    }

    /// Units of the second hidden layer (0: none).
    pub fn hidden2(&self) -> usize {
        self.second_layer.width
    }

    /// Output buckets.
    pub fn buckets(&self) -> usize {
        self.output_layer.biases.len()
    }

    /// The output bucket `board` is valued with.
    #[inline]
    pub fn bucket(&self, board: &Board) -> usize {
        output_bucket(board, self.output_layer.biases.len())
    }

    /// The quantised weights: first layer `(w1, b1)`, the second layer, output `(w2, b2)` (the trainer
    /// starts from them with `--init`).
    pub fn parts(&self) -> (&[i16], &[i16], &SecondLayer, &[i16], &[i32]) {
        let (first, output) = (&self.first_layer, &self.output_layer);
        (&first.weights, &first.biases, &self.second_layer, &output.weights, &output.biases)
    }

    /// Feature `f`'s column of first-layer weights.
    #[inline]
    pub fn column(&self, f: usize) -> &[i16] {
        self.first_layer.column(f)
    }

    /// The first-layer biases: the accumulator of a position with no active feature.
    #[inline]
    pub fn biases(&self) -> &[i16] {
        &self.first_layer.biases
    }

    /// The expected score (win 1, draw ½, loss 0) of the player whose first-layer sums `acc` are (its
    /// first `hidden` count), with output bucket `bucket` (`bucket`).
    #[inline(always)]
    pub fn output(&self, acc: &[i16], bucket: usize) -> f32 {
        let acc = &acc[..self.first_layer.hidden];
        // The arena file plays the shipped shape only (`shape::SHIPPED_IN_THE_ARENA_FILE`): no second layer.
        #[cfg(not(bundle))]
        if self.second_layer.width > 0 {
            return self.output_layer.value(&self.second_layer.units(acc)[..self.second_layer.width], bucket);
        }
        self.output_layer.value(acc, bucket)
    }

    /// The expected score of the side to move of a position with these active features (the trainer's
    /// view: it keeps features and buckets, not boards).
    pub fn evaluate_features(&self, features: &[u16], bucket: usize) -> f32 {
        let mut acc = [0i16; MAX_HIDDEN];
        let sums = &mut acc[..self.first_layer.hidden];
        sums.copy_from_slice(&self.first_layer.biases);
        for &f in features {
            sums.iter_mut().zip(self.column(f as usize)).for_each(|(a, w)| *a = a.wrapping_add(*w));
        }
        self.output(&acc, bucket)
    }

    /// The expected score of the side to move, computed from scratch.
    #[inline]
    pub fn evaluate(&self, board: &Board) -> f32 {
        let mut sums = [0i16; MAX_HIDDEN];
        self.output(self.first_layer.sums(board, board.side_to_move(), &mut sums), self.bucket(board))
    }

    /// The expected score of the side to move, and `head`'s output from the same hidden units: a head
    /// shares this net's layers but the output (a rollout head, `train/value/rollout_head_fit.rs`; checked
    /// once, by `shares_hidden_layers`, where it is given to the search), so one accumulator serves both.
    #[inline(always)]
    pub fn evaluate_pair(&self, board: &Board, head: &ValueNet) -> (f32, f32) {
        let k = self.bucket(board);
        let mut sums = [0i16; MAX_HIDDEN];
        let sums = self.first_layer.sums(board, board.side_to_move(), &mut sums);
        (self.output(sums, k), head.output(sums, k))
    }

    /// True when `other` has this net's hidden layers (it differs at most in its output layer).
    pub fn shares_hidden_layers(&self, other: &ValueNet) -> bool {
        let (first, other_first) = (&self.first_layer, &other.first_layer);
        (&first.weights, &first.biases, first.hidden, &self.second_layer, self.buckets(), self.squared())
            == (
                &other_first.weights,
                &other_first.biases,
                other_first.hidden,
                &other.second_layer,
                other.buckets(),
                other.squared(),
            )
    }
}

#[cfg(test)]
pub(crate) mod tests;
