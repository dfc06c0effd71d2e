//! The optional second hidden layer, between the first layer's clipped units and the output:
//! `hⱼ = clamp((Σᵢ clamp(accᵢ, 0, QA) · W[j]ᵢ + b[j]) / QM, 0, QA)`.

use super::shape::{MAX_HIDDEN, MAX_HIDDEN2, QA, QM};

/// A second hidden layer (width 0: none, the output reads the first layer).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SecondLayer {
    /// Its units.
    pub width: usize,
    /// `weights[j * hidden + i]`: first-layer unit `i`'s weight into unit `j`, scaled by `QM`.
    pub weights: Vec<i16>,
    /// Unit `j`'s bias, scaled by `QA · QM`.
    pub biases: Vec<i32>,
}

impl SecondLayer {
    /// An error when it does not fit a first layer of `hidden` units.
    pub fn check(&self, hidden: usize) -> Result<(), String> {
        if self.width > MAX_HIDDEN2
            || self.weights.len() != self.width * hidden
            || self.biases.len() != self.width
        {
            return Err(format!(
                "second hidden layer of {} units: expected 0..={MAX_HIDDEN2}, sizes matching",
                self.width
            ));
        }
        Ok(())
    }

    /// The units the output layer reads: this layer's, or the first layer's `hidden` when it has none.
    pub fn output_inputs(&self, hidden: usize) -> usize {
        if self.width > 0 {
            self.width
        } else {
            hidden
        }
    }

    /// Its units (the first `width`), from the first layer's sums `acc`.
    #[inline(always)]
    pub fn units(&self, acc: &[i16]) -> [i16; MAX_HIDDEN2] {
        let h = acc.len();
        // Clipped once here, not once per unit.
        let mut clipped = [0i16; MAX_HIDDEN];
        clipped[..h].iter_mut().zip(acc).for_each(|(c, &a)| *c = a.clamp(0, QA as i16));
        let mut units = [0i16; MAX_HIDDEN2];
        for (j, unit) in units[..self.width].iter_mut().enumerate() {
            let row = &self.weights[j * h..(j + 1) * h];
            let sum: i32 = clipped[..h].iter().zip(row).map(|(&a, &w)| a as i32 * w as i32).sum();
            *unit = ((sum + self.biases[j]) / QM).clamp(0, QA) as i16;
        }
        units
    }
}
