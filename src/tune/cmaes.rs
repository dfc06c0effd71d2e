//! CMA-ES (Hansen's covariance matrix adaptation evolution strategy), minimising a loss over [0, 1]^n.
//!
//! Written from Hansen's tutorial ("The CMA Evolution Strategy", 2016): weighted recombination of the
//! best half, cumulative step-size adaptation, rank-one and rank-mu covariance updates. Candidates are
//! clipped to the box, so the loss is only ever asked inside it.

use super::linalg::{normal, symmetric_eigen, Matrix};
use crate::rng::Rng;

/// The search distribution and its evolution paths: everything a stopped run needs to resume.
#[derive(Clone, Debug, PartialEq)]
pub struct Cmaes {
    /// The distribution's mean: the current best guess.
    pub mean: Vec<f64>,
    /// The overall step size.
    pub sigma: f64,
    /// The covariance matrix (row-major, n × n).
    pub cov: Matrix,
    /// Evolution path of the step size.
    pub path_sigma: Vec<f64>,
    /// Evolution path of the covariance.
    pub path_cov: Vec<f64>,
    /// Generations told so far.
    pub generation: u64,
}

/// The strategy's constants for dimension n (Hansen's defaults).
struct Constants {
    weights: Vec<f64>,
    mueff: f64,
    cc: f64,
    cs: f64,
    c1: f64,
    cmu: f64,
    damps: f64,
    chi_n: f64,
}

impl Constants {
    fn new(n: usize, lambda: usize) -> Constants {
        let nf = n as f64;
        let mu = lambda / 2;
        let raw: Vec<f64> = (1..=mu).map(|i| (mu as f64 + 0.5).ln() - (i as f64).ln()).collect();
        let sum: f64 = raw.iter().sum();
        let weights: Vec<f64> = raw.iter().map(|w| w / sum).collect();
        let mueff = 1.0 / weights.iter().map(|w| w * w).sum::<f64>();
        let cc = (4.0 + mueff / nf) / (nf + 4.0 + 2.0 * mueff / nf);
        let cs = (mueff + 2.0) / (nf + mueff + 5.0);
        let c1 = 2.0 / ((nf + 1.3).powi(2) + mueff);
        let cmu = (1.0 - c1).min(2.0 * (mueff - 2.0 + 1.0 / mueff) / ((nf + 2.0).powi(2) + mueff));
        let damps = 1.0 + 2.0 * (((mueff - 1.0) / (nf + 1.0)).sqrt() - 1.0).max(0.0) + cs;
        let chi_n = nf.sqrt() * (1.0 - 1.0 / (4.0 * nf) + 1.0 / (21.0 * nf * nf));
        Constants { weights, mueff, cc, cs, c1, cmu, damps, chi_n }
    }
}

impl Cmaes {
    /// Hansen's default population for dimension n: 4 + ⌊3 ln n⌋.
    pub fn default_population(n: usize) -> usize {
        4 + (3.0 * (n as f64).ln()).floor() as usize
    }

    /// A distribution centred on `mean` with step size `sigma` and the identity covariance.
    pub fn new(mean: Vec<f64>, sigma: f64) -> Cmaes {
        let n = mean.len();
        Cmaes {
            mean,
            sigma,
            cov: Matrix::identity(n),
            path_sigma: vec![0.0; n],
            path_cov: vec![0.0; n],
            generation: 0,
        }
    }

    /// `lambda` candidates drawn from the distribution, clipped to [0, 1]^n.
    pub fn ask(&self, lambda: usize, rng: &mut Rng) -> Vec<Vec<f64>> {
        let n = self.mean.len();
        let (values, vectors) = symmetric_eigen(&self.cov);
        (0..lambda)
            .map(|_| {
                let z: Vec<f64> = (0..n).map(|i| values[i].max(0.0).sqrt() * normal(rng)).collect();
                (0..n)
                    .map(|r| {
                        let y: f64 = (0..n).map(|k| vectors.at(r, k) * z[k]).sum();
                        (self.mean[r] + self.sigma * y).clamp(0.0, 1.0)
                    })
                    .collect()
            })
            .collect()
    }

    /// Updates the distribution from the candidates of one `ask` and their losses (lower is better).
    pub fn tell(&mut self, candidates: &[Vec<f64>], losses: &[f64]) {
        let n = self.mean.len();
        let k = Constants::new(n, candidates.len());
        let mut order: Vec<usize> = (0..candidates.len()).collect();
        order.sort_by(|&a, &b| losses[a].total_cmp(&losses[b]));
        let best = &order[..k.weights.len()];
        let old = self.mean.clone();
        // Steps of the selected candidates in units of sigma.
        let steps: Vec<Vec<f64>> = best
            .iter()
            .map(|&i| (0..n).map(|d| (candidates[i][d] - old[d]) / self.sigma).collect())
            .collect();
        let step_w: Vec<f64> =
            (0..n).map(|d| (0..steps.len()).map(|j| k.weights[j] * steps[j][d]).sum()).collect();
        for d in 0..n {
            self.mean[d] = old[d] + self.sigma * step_w[d];
        }
        // C^(-1/2) · step, through the eigen decomposition.
        let (values, vectors) = symmetric_eigen(&self.cov);
        let rotated: Vec<f64> = (0..n).map(|c| (0..n).map(|r| vectors.at(r, c) * step_w[r]).sum()).collect();
        let whitened: Vec<f64> = (0..n)
            .map(|r| (0..n).map(|c| vectors.at(r, c) * rotated[c] / values[c].max(1e-300).sqrt()).sum())
            .collect();
        let norm_s = (k.cs * (2.0 - k.cs) * k.mueff).sqrt();
        for (p, w) in self.path_sigma.iter_mut().zip(&whitened) {
            *p = (1.0 - k.cs) * *p + norm_s * w;
        }
        self.generation += 1;
        let ps_norm = self.path_sigma.iter().map(|x| x * x).sum::<f64>().sqrt();
        let decay = 1.0 - (1.0 - k.cs).powf(2.0 * self.generation as f64);
        let hsig = ps_norm / decay.sqrt() / k.chi_n < 1.4 + 2.0 / (n as f64 + 1.0);
        let norm_c = (k.cc * (2.0 - k.cc) * k.mueff).sqrt();
        for (p, s) in self.path_cov.iter_mut().zip(&step_w) {
            *p = (1.0 - k.cc) * *p + if hsig { norm_c * s } else { 0.0 };
        }
        let correction = if hsig { 0.0 } else { k.c1 * k.cc * (2.0 - k.cc) };
        for r in 0..n {
            for c in 0..n {
                let rank_one = self.path_cov[r] * self.path_cov[c];
                let rank_mu: f64 = (0..steps.len()).map(|j| k.weights[j] * steps[j][r] * steps[j][c]).sum();
                let old_c = self.cov.at(r, c);
                let new_c = (1.0 - k.c1 - k.cmu + correction) * old_c + k.c1 * rank_one + k.cmu * rank_mu;
                self.cov.set(r, c, new_c);
            }
        }
        self.sigma *= ((k.cs / k.damps) * (ps_norm / k.chi_n - 1.0)).exp();
        // A step larger than the box says nothing more; a runaway sigma would only sample its corners.
        self.sigma = self.sigma.min(1.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(loss: impl Fn(&[f64]) -> f64, start: Vec<f64>, generations: usize, seed: u64) -> Vec<f64> {
        let mut es = Cmaes::new(start, 0.3);
        let lambda = Cmaes::default_population(es.mean.len());
        let mut rng = Rng::new(seed);
        for _ in 0..generations {
            let xs = es.ask(lambda, &mut rng);
            let ls: Vec<f64> = xs.iter().map(|x| loss(x)).collect();
            es.tell(&xs, &ls);
        }
        es.mean
    }

    #[test]
    fn finds_the_minimum_of_a_shifted_ellipsoid() {
        // Axis scales 1 … 1000 (condition 10^6): the covariance must learn them.
        let target = [0.3, 0.7, 0.45, 0.6, 0.2];
        let loss = |x: &[f64]| {
            x.iter()
                .zip(target)
                .enumerate()
                .map(|(i, (v, t))| 1000f64.powf(i as f64 / 4.0) * (v - t).powi(2))
                .sum()
        };
        let found = run(loss, vec![0.5; 5], 400, 1);
        for (f, t) in found.iter().zip(target) {
            assert!((f - t).abs() < 1e-4, "found {found:?}, wanted {target:?}");
        }
    }

    #[test]
    fn finds_the_minimum_of_rosenbrock_in_the_box() {
        // Rosenbrock's valley, scaled so its minimum (1, 1) sits at (0.75, 0.75).
        let loss = |x: &[f64]| {
            let (a, b) = (x[0] * 4.0 - 2.0, x[1] * 4.0 - 2.0);
            (1.0 - a).powi(2) + 100.0 * (b - a * a).powi(2)
        };
        let found = run(loss, vec![0.3, 0.6], 600, 2);
        assert!((found[0] - 0.75).abs() < 1e-3 && (found[1] - 0.75).abs() < 1e-3, "found {found:?}");
    }
}
