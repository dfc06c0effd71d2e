//! Adam, the step rule of the value net's trainer and of the rollout head's fit.

/// Adam's state for every parameter, in the gradient's layout (also the rollout head's fit).
pub struct Adam {
    m: Vec<f32>,
    v: Vec<f32>,
    t: i32,
}

impl Adam {
    /// The state for `size` parameters.
    pub fn new(size: usize) -> Adam {
        Adam { m: vec![0.0; size], v: vec![0.0; size], t: 0 }
    }

    /// One step of `params` (in `grad`'s order) against `grad` with step size `lr`.
    pub fn step<'a>(&mut self, params: impl Iterator<Item = &'a mut f32>, grad: &[f32], lr: f32) {
        const B1: f32 = 0.9;
        const B2: f32 = 0.999;
        self.t += 1;
        let (c1, c2) = (1.0 - B1.powi(self.t), 1.0 - B2.powi(self.t));
        for (k, p) in params.enumerate() {
            let g = grad[k];
            self.m[k] = B1 * self.m[k] + (1.0 - B1) * g;
            self.v[k] = B2 * self.v[k] + (1.0 - B2) * g * g;
            *p -= lr * (self.m[k] / c1) / ((self.v[k] / c2).sqrt() + 1e-8);
        }
    }
}
