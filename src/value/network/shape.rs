//! The value net's shape and number scales, declared once: the shipped net's as constants the compiler
//! checks, and the bounds of every shape the trainer and the tools may make.
//!
//! The bot plays the shipped shape: `ValueNet::embedded` refuses weights of another (so a changed
//! `SHIPPED` and its `weights/value.txt` go together, in one commit). Other shapes are a deliberate
//! switch: trained by `uttt train-value --hidden H --hidden2 H2 --buckets B --clipped`, played by
//! `--value-weights FILE` or `builtin:bot:net=FILE`.

use crate::value::features::{FORKS, INPUTS, NEXT_BOARD_BUCKETS};

/// A value net's shape: `inputs` features (the first of `features/mod.rs`) → `hidden` units (clipped, or
/// squared) → optionally `hidden2` clipped units → one output from each of `buckets` output buckets (the
/// position's phase, or the board the side to move is sent to: `features::output_bucket`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NetShape {
    /// Features read.
    pub inputs: usize,
    /// First-layer units.
    pub hidden: usize,
    /// 0: no second hidden layer.
    pub hidden2: usize,
    /// Output buckets.
    pub buckets: usize,
    /// The output reads the squares of the clipped first-layer units (SCReLU; one hidden layer only).
    pub squared: bool,
}

/// The shipped net (`weights/value.txt`): 298 inputs (the features before the forks) → 80 squared units →
/// 4 phase buckets.
pub const SHIPPED: NetShape = NetShape { inputs: FORKS, hidden: 80, hidden2: 0, buckets: 4, squared: true };
const _: () = assert!(SHIPPED.problem().is_none(), "the shipped shape must be one a net can have");
/// The one-file bundle carries the code of the shipped shape only: its width's fixed-size sums, squared
/// units, no second hidden layer, no fork or dead-board inputs (the other shapes' code is
/// `cfg(not(bundle))`, and the bundle's weight text reader refuses other shapes: `text.rs`). A shipped
/// shape outside this needs that code back in the bundle.
/// Checked when the crate compiles, so not again in the bundle.
#[cfg(not(bundle))]
pub const SHIPPED_IN_THE_ARENA_FILE: bool =
    SHIPPED.squared && SHIPPED.hidden2 == 0 && SHIPPED.inputs <= FORKS;
#[cfg(not(bundle))]
const _: () = assert!(
    SHIPPED_IN_THE_ARENA_FILE,
    "the arena file's code values squared one-layer nets without fork inputs only"
);

/// A second width whose first-layer sums are kept in registers, as the shipped one's are
/// (`FirstLayer::sums`, `Children::value`), so that a wider experiment plays at its real speed; any other
/// width is valued by a general loop, to the same values, more slowly.
pub const WIDE_HIDDEN: usize = 96;
/// The widest first layer: the accumulator holds this many sums a perspective.
pub const MAX_HIDDEN: usize = 256;
/// The widest second hidden layer.
pub const MAX_HIDDEN2: usize = 64;
/// The most phase buckets (one per two closed boards).
pub const MAX_PHASE_BUCKETS: usize = 5;
/// The most output buckets: by the next board, in two phases.
pub const MAX_BUCKETS: usize = 2 * NEXT_BOARD_BUCKETS;
const _: () = assert!(WIDE_HIDDEN != SHIPPED.hidden && WIDE_HIDDEN <= MAX_HIDDEN);

/// The accumulator's value of a fully active hidden unit (1.0 in the float net). It was 64 before format
/// 6 (text.rs): such text is read with its first layer and biases doubled, which values every position
/// alike (the second layer's rounding aside); 128 halves the first layer's rounding step for one bit a weight.
pub const QA: i32 = 128;
/// `QA` over the scale of the weight texts written before it was 128 (value net format 5, rollout head 1).
pub const LEGACY_SCALE: i64 = 2;
/// The output weights' scale.
pub const QB: i32 = 256;
/// The second hidden layer's weights' scale.
pub const QM: i32 = 64;

impl NetShape {
    /// What makes this shape impossible, if anything (a `const fn`, so the shipped shape is checked when
    /// the crate compiles).
    pub const fn problem(&self) -> Option<&'static str> {
        if self.inputs == 0 || self.inputs > INPUTS {
            Some("inputs: 1 up to the features'")
        } else if self.hidden == 0 || self.hidden % 8 != 0 || self.hidden > MAX_HIDDEN {
            Some("hidden: a multiple of 8 up to 256")
        } else if self.hidden2 > MAX_HIDDEN2 {
            Some("hidden2: 0 to 64")
        } else if !matches!(self.buckets, 1..=MAX_PHASE_BUCKETS | NEXT_BOARD_BUCKETS | MAX_BUCKETS) {
            Some("buckets: 1 to 5 by phase, 10 or 20 by the next board")
        } else if self.squared && self.hidden2 > 0 {
            Some("squared: one hidden layer only")
        } else {
            None
        }
    }

    /// `problem` as an error showing the shape.
    pub fn check(&self) -> Result<(), String> {
        match self.problem() {
            Some(problem) => Err(format!("{self:?}: {problem}")),
            None => Ok(()),
        }
    }
}
