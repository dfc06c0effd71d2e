//! SPSA (Spall's simultaneous perturbation stochastic approximation), minimising a loss over [0, 1]^n.
//!
//! Each step measures the loss at two points, θ + c_k·Δ and θ − c_k·Δ with Δ a random ±1 vector, and moves
//! θ against the difference: two evaluations a step whatever n is. Engine testers use it because the two
//! points can simply play each other. Gains follow Spall's recommended decay: a_k = a / (k + 1 + A)^0.602,
//! c_k = c / (k + 1)^0.101.

use crate::rng::Rng;

/// The current point and the step count: everything a stopped run needs to resume.
#[derive(Clone, Debug, PartialEq)]
pub struct Spsa {
    /// The current estimate.
    pub theta: Vec<f64>,
    /// Steps told so far.
    pub step: u64,
    /// Step-size numerator `a`.
    pub a: f64,
    /// Perturbation size `c` (in units of the box).
    pub c: f64,
    /// Stability constant `A` (about a tenth of the planned steps).
    pub big_a: f64,
}

impl Spsa {
    /// Starts at `theta`.
    pub fn new(theta: Vec<f64>, a: f64, c: f64, big_a: f64) -> Spsa {
        Spsa { theta, step: 0, a, c, big_a }
    }

    fn perturbation(&self) -> f64 {
        self.c / ((self.step + 1) as f64).powf(0.101)
    }

    /// The two points to compare: `[θ + c_k·Δ, θ − c_k·Δ]`, clipped to [0, 1]^n.
    pub fn ask(&self, rng: &mut Rng) -> Vec<Vec<f64>> {
        let ck = self.perturbation();
        let delta: Vec<f64> =
            self.theta.iter().map(|_| if rng.next_u32() & 1 == 0 { 1.0 } else { -1.0 }).collect();
        let shifted = |sign: f64| -> Vec<f64> {
            self.theta.iter().zip(&delta).map(|(t, d)| (t + sign * ck * d).clamp(0.0, 1.0)).collect()
        };
        vec![shifted(1.0), shifted(-1.0)]
    }

    /// Moves θ from the two points of one `ask` and their losses.
    pub fn tell(&mut self, points: &[Vec<f64>], losses: &[f64]) {
        let ak = self.a / (self.step as f64 + 1.0 + self.big_a).powf(0.602);
        let diff = losses[0] - losses[1];
        for (i, t) in self.theta.iter_mut().enumerate() {
            let dx = points[0][i] - points[1][i];
            if dx != 0.0 {
                *t = (*t - ak * diff / dx).clamp(0.0, 1.0);
            }
        }
        self.step += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::linalg::normal;

    #[test]
    fn finds_the_minimum_of_a_noisy_quadratic() {
        // Each loss is measured with noise (sd 0.01), as game results are.
        let target = [0.3, 0.65, 0.5];
        let mut noise = Rng::new(9);
        let mut loss = |x: &[f64]| -> f64 {
            x.iter().zip(target).map(|(v, t)| (v - t).powi(2)).sum::<f64>() + 0.01 * normal(&mut noise)
        };
        let mut spsa = Spsa::new(vec![0.8, 0.1, 0.9], 0.2, 0.1, 100.0);
        let mut rng = Rng::new(4);
        for _ in 0..3000 {
            let xs = spsa.ask(&mut rng);
            let ls = [loss(&xs[0]), loss(&xs[1])];
            spsa.tell(&xs, &ls);
        }
        for (f, t) in spsa.theta.iter().zip(target) {
            assert!((f - t).abs() < 0.03, "found {:?}, wanted {target:?}", spsa.theta);
        }
    }
}
