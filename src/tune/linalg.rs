//! The little numerics the tuners need: a square matrix, the eigen decomposition of a symmetric one (CMA-ES), and
//! standard normal draws.

use crate::rng::Rng;

/// A square matrix, row-major.
#[derive(Clone, Debug, PartialEq)]
pub struct Matrix {
    /// Rows and columns.
    pub n: usize,
    /// The entries, row by row.
    pub data: Vec<f64>,
}

impl Matrix {
    /// The n × n identity.
    pub fn identity(n: usize) -> Matrix {
        let mut m = Matrix { n, data: vec![0.0; n * n] };
        for i in 0..n {
            m.set(i, i, 1.0);
        }
        m
    }

    /// Entry (r, c).
    pub fn at(&self, r: usize, c: usize) -> f64 {
        self.data[r * self.n + c]
    }

    /// Sets entry (r, c).
    pub fn set(&mut self, r: usize, c: usize, v: f64) {
        self.data[r * self.n + c] = v;
    }
}

/// Eigenvalues and eigenvectors (as the columns of the matrix) of a symmetric matrix, by cyclic Jacobi
/// rotations: slow for large n, exact enough and simple for the handful of parameters a tuner has.
pub fn symmetric_eigen(m: &Matrix) -> (Vec<f64>, Matrix) {
    let n = m.n;
    let mut a = m.clone();
    // Symmetrise: rounding in the updates can leave the two triangles a hair apart.
    for r in 0..n {
        for c in r + 1..n {
            let v = 0.5 * (a.at(r, c) + a.at(c, r));
            a.set(r, c, v);
            a.set(c, r, v);
        }
    }
    let mut v = Matrix::identity(n);
    for _sweep in 0..100 {
        let off: f64 = (0..n)
            .flat_map(|r| (0..n).filter(move |&c| c != r).map(move |c| (r, c)))
            .map(|(r, c)| a.at(r, c).powi(2))
            .sum();
        let diag: f64 = (0..n).map(|i| a.at(i, i).powi(2)).sum();
        if off <= 1e-30 * diag.max(1e-300) {
            break;
        }
        for p in 0..n {
            for q in p + 1..n {
                let apq = a.at(p, q);
                if apq == 0.0 {
                    continue;
                }
                let theta = (a.at(q, q) - a.at(p, p)) / (2.0 * apq);
                let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
                let (c, s) = (1.0 / (t * t + 1.0).sqrt(), t / (t * t + 1.0).sqrt());
                for k in 0..n {
                    let (akp, akq) = (a.at(k, p), a.at(k, q));
                    a.set(k, p, c * akp - s * akq);
                    a.set(k, q, s * akp + c * akq);
                }
                for k in 0..n {
                    let (apk, aqk) = (a.at(p, k), a.at(q, k));
                    a.set(p, k, c * apk - s * aqk);
                    a.set(q, k, s * apk + c * aqk);
                }
                for k in 0..n {
                    let (vkp, vkq) = (v.at(k, p), v.at(k, q));
                    v.set(k, p, c * vkp - s * vkq);
                    v.set(k, q, s * vkp + c * vkq);
                }
            }
        }
    }
    ((0..n).map(|i| a.at(i, i)).collect(), v)
}

/// A standard normal draw (Box–Muller), from 53-bit uniforms.
pub fn normal(rng: &mut Rng) -> f64 {
    let unit = |rng: &mut Rng| ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
    let (u, v) = (unit(rng), unit(rng));
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn eigen_decomposition_rebuilds_the_matrix() {
        let m = Matrix { n: 3, data: vec![4.0, 1.0, 0.5, 1.0, 3.0, 0.2, 0.5, 0.2, 1.0] };
        let (values, vectors) = symmetric_eigen(&m);
        for r in 0..3 {
            for c in 0..3 {
                let rebuilt: f64 = (0..3).map(|k| vectors.at(r, k) * values[k] * vectors.at(c, k)).sum();
                assert!((rebuilt - m.at(r, c)).abs() < 1e-9, "({r},{c}): {rebuilt} vs {}", m.at(r, c));
            }
        }
        // The trace is the sum of the eigenvalues.
        assert!((values.iter().sum::<f64>() - 8.0).abs() < 1e-9);
    }
}
