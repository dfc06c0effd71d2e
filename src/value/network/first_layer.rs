//! The first layer: for each feature a column of `hidden` weights, summed over the side to move's active
//! features (`features/mod.rs`) onto the biases. The weights and the accumulator are `i16`: the weights fit
//! in 9 bits (|W1| ≤ `W1_LIMIT`), and each unit's worst sum of `MAX_ACTIVE` of them is checked to fit
//! (`worst_first_layer_sum`), so the sums never wrap for a real position. The search keeps these sums
//! up to date move by move in `super::super::accumulator`; this file owns the weights and computes the
//! sums from scratch.

use super::shape::{SHIPPED, WIDE_HIDDEN};
use crate::board::{Board, Player};
use crate::value::features::{active_features, INPUTS, MAX_ACTIVE};

/// The largest first-layer weight (a float weight of about ±2).
pub const W1_LIMIT: i16 = 255;
/// Largest first-layer bias allowed.
const MAX_BIAS: i64 = 2560;
/// The coarsest first-layer step a net may have.
pub const MAX_W1_STEP: i16 = 16;

/// The first layer's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct FirstLayer {
    /// The features it was trained with: the first `inputs` of `features/mod.rs` (a net from before later
    /// features were added reads them with zero weights).
    pub inputs: usize,
    /// Its units.
    pub hidden: usize,
    /// `weights[f * hidden + i]`: feature `f`'s weight into hidden unit `i` (a feature's column is
    /// contiguous).
    pub weights: Vec<i16>,
    /// Unit `i`'s bias: its sum with no feature active.
    pub biases: Vec<i16>,
    /// Every weight is a multiple of it (its text stores them divided: `with_step`).
    pub step: i16,
}

impl FirstLayer {
    /// The layer of `hidden` units from its weights and biases, reading every feature; an error when
    /// the sizes or ranges are wrong, or a unit's sum could overflow the accumulator.
    pub fn new(hidden: usize, weights: Vec<i16>, biases: Vec<i16>) -> Result<FirstLayer, String> {
        if weights.len() != INPUTS * hidden || biases.len() != hidden {
            return Err(super::WRONG_COUNTS.into());
        }
        if weights.iter().any(|&w| !(-W1_LIMIT..=W1_LIMIT).contains(&w))
            || biases.iter().any(|&b| (b as i64).abs() > MAX_BIAS)
        {
            return Err("first-layer weights out of range".into());
        }
        let mut column = Vec::with_capacity(INPUTS);
        for (i, &b) in biases.iter().enumerate() {
            column.clear();
            column.extend((0..INPUTS).map(|f| weights[f * hidden + i] as f32));
            if worst_first_layer_sum(&mut column, b as f32) > i16::MAX as f32 {
                return Err(format!("hidden unit {i}'s weights could overflow the accumulator"));
            }
        }
        Ok(FirstLayer { inputs: INPUTS, hidden, weights, biases, step: 1 })
    }

    /// The layer with its step declared: every weight a multiple of `step` (1..=`MAX_W1_STEP`), so that
    /// its text stores them divided by it, about log2(step) bits a weight fewer; an error when a weight
    /// is not a multiple.
    pub fn with_step(mut self, step: i16) -> Result<FirstLayer, String> {
        if !(1..=MAX_W1_STEP).contains(&step) || self.weights.iter().any(|&w| w % step != 0) {
            return Err(format!(
                "a first-layer step of {step}: expected 1..={MAX_W1_STEP}, dividing every weight"
            ));
        }
        self.step = step;
        Ok(self)
    }

    /// The layer restricted to the first `inputs` features, the others' weights zeroed.
    pub fn with_inputs(mut self, inputs: usize) -> FirstLayer {
        self.inputs = inputs.min(INPUTS);
        self.weights[self.inputs * self.hidden..].fill(0);
        self
    }

    /// Feature `f`'s column of weights.
    #[inline]
    pub fn column(&self, f: usize) -> &[i16] {
        &self.weights[f * self.hidden..(f + 1) * self.hidden]
    }

    /// The sums of `board` seen by `me`, computed from scratch into `buffer` (its first `hidden`).
    #[inline(always)]
    pub fn sums<'b>(&self, board: &Board, me: Player, buffer: &'b mut [i16]) -> &'b [i16] {
        // A width known at compile time lets the sums stay in registers while the features are added.
        let sums = &mut buffer[..self.hidden];
        // The arena file plays the shipped width only (`shape::SHIPPED_IN_THE_ARENA_FILE`).
        #[cfg(not(bundle))]
        if self.hidden != SHIPPED.hidden {
            self.sums_of_another_width(board, me, sums);
            return sums;
        }
        sums.copy_from_slice(&self.sums_fixed::<{ SHIPPED.hidden }>(board, me));
        sums
    }

    /// `sums` for a width other than the shipped one: in registers for `WIDE_HIDDEN`, else by a general loop.
    #[cfg(not(bundle))]
    fn sums_of_another_width(&self, board: &Board, me: Player, sums: &mut [i16]) {
        if self.hidden == WIDE_HIDDEN {
            sums.copy_from_slice(&self.sums_fixed::<WIDE_HIDDEN>(board, me));
            return;
        }
        sums.copy_from_slice(&self.biases);
        active_features(board, me, self.inputs, |f| {
            sums.iter_mut().zip(self.column(f)).for_each(|(a, &w)| *a = a.wrapping_add(w));
        });
    }

    #[inline(always)]
    fn sums_fixed<const H: usize>(&self, board: &Board, me: Player) -> [i16; H] {
        let mut acc: [i16; H] = self.biases[..H].try_into().expect("the layer has H units");
        active_features(board, me, self.inputs, |f| add_column(&mut acc, &self.weights[f * H..(f + 1) * H]));
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
/// must hold it (`FirstLayer::new` checks every unit; the trainer keeps its float net within it).
pub fn worst_first_layer_sum(column: &mut [f32], bias: f32) -> f32 {
    column.iter_mut().for_each(|w| *w = -w.abs());
    let k = MAX_ACTIVE.min(column.len());
    if k < column.len() {
        column.select_nth_unstable_by(k, f32::total_cmp);
    }
    bias.abs() - column[..k].iter().sum::<f32>()
}
