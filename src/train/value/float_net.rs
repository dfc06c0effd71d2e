//! The trainer's float value net: the same shape as `ValueNet`, in `f32`, rounded to it by `quantise`.

use crate::rng::Rng;
use crate::value::features::{INPUTS, MAX_ACTIVE};
use crate::value::network::{
    output_weight_limit, sigmoid, worst_first_layer_sum, SecondLayer, ValueNet, QA, QB, QM, W1_LIMIT,
};

/// Largest quantised first-layer weight.
const W1_MAX: f32 = W1_LIMIT as f32;
/// Largest quantised first-layer bias (see `value/network/first_layer.rs`).
const B1_MAX: f32 = 2000.0;
/// Largest quantised weight of the later layers: it must fit in 16 bits.
const W16_MAX: f32 = 32767.0;

/// A float value net, the trainer's working copy.
#[derive(Clone, Debug)]
pub struct FloatNet {
    /// Hidden units.
    pub hidden: usize,
    /// `w1[f * hidden + i]`, as in `ValueNet`.
    pub w1: Vec<f32>,
    /// First-layer biases.
    pub b1: Vec<f32>,
    /// Units of the second hidden layer (0: none).
    pub hidden2: usize,
    /// `wm[j * hidden + i]`: first-layer unit `i`'s weight into second-layer unit `j`.
    pub wm: Vec<f32>,
    /// Second-layer biases.
    pub bm: Vec<f32>,
    /// Output weights, `w2[k * n + i]` for output bucket `k` (`features::output_bucket`), `n` the last
    /// hidden layer's width.
    pub w2: Vec<f32>,
    /// Output biases, one per bucket.
    pub b2: Vec<f32>,
    /// The output reads the squares of the clipped units (SCReLU; one-layer nets only).
    pub squared: bool,
    /// `quantise` rounds the first-layer weights to multiples of it (`ValueNet::with_first_layer_step`).
    pub w1_step: i16,
}

impl FloatNet {
    /// Random small weights (a position has up to `MAX_ACTIVE` (118) active features), `hidden2` units
    /// in a second hidden layer (0: none).
    pub fn random(hidden: usize, hidden2: usize, buckets: usize, seed: u64) -> FloatNet {
        let mut rng = Rng::new(seed);
        let mut uniform = |scale: f32| (rng.next_u32() as f32 / u32::MAX as f32 * 2.0 - 1.0) * scale;
        let last = if hidden2 > 0 { hidden2 } else { hidden };
        FloatNet {
            hidden,
            w1: (0..INPUTS * hidden).map(|_| uniform(0.15)).collect(),
            b1: (0..hidden).map(|_| uniform(0.1) + 0.3).collect(),
            hidden2,
            wm: (0..hidden2 * hidden).map(|_| uniform(0.3)).collect(),
            bm: (0..hidden2).map(|_| uniform(0.1) + 0.3).collect(),
            w2: (0..last * buckets).map(|_| uniform(0.5)).collect(),
            b2: vec![0.0; buckets],
            squared: false,
            w1_step: 1,
        }
    }

    /// The float net that `quantise` would round to `net` (the scales undone).
    pub fn from_quantised(net: &ValueNet) -> FloatNet {
        let (w1, b1, second, w2, b2) = net.parts();
        let (qa, qm, qb) = (QA as f32, QM as f32, QB as f32);
        let scaled = |v: &[i16], scale: f32| v.iter().map(|&x| x as f32 / scale).collect();
        FloatNet {
            hidden: net.hidden(),
            w1: scaled(w1, qa),
            b1: scaled(b1, qa),
            hidden2: second.width,
            wm: scaled(&second.weights, qm),
            bm: second.biases.iter().map(|&b| b as f32 / (qa * qm)).collect(),
            w2: scaled(w2, qb),
            b2: b2.iter().map(|&b| b as f32 / (qa * qb)).collect(),
            squared: net.squared(),
            w1_step: net.first_layer_step(),
        }
    }

    /// This one-layer net with `hidden` units, its own first: the new units get small random first-layer
    /// weights and output weights of zero, so the wider net values every position as this one does and
    /// training grows them from there (`train-value --init NET --hidden H`).
    pub fn widened(&self, hidden: usize, seed: u64) -> FloatNet {
        assert!(self.hidden2 == 0 && hidden >= self.hidden, "widening a one-layer net");
        let (old, buckets) = (self.hidden, self.b2.len());
        let mut rng = Rng::new(seed);
        let mut uniform = |scale: f32| (rng.next_u32() as f32 / u32::MAX as f32 * 2.0 - 1.0) * scale;
        let w1 = (0..INPUTS * hidden)
            .map(|k| if k % hidden < old { self.w1[k / hidden * old + k % hidden] } else { uniform(0.05) })
            .collect();
        let b1 = (0..hidden).map(|i| if i < old { self.b1[i] } else { 0.3 }).collect();
        let w2 = (0..buckets * hidden)
            .map(|k| if k % hidden < old { self.w2[k / hidden * old + k % hidden] } else { 0.0 })
            .collect();
        FloatNet { hidden, w1, b1, w2, ..self.clone() }
    }

    /// The width of the layer the output reads.
    pub(super) fn last_width(&self) -> usize {
        if self.hidden2 > 0 {
            self.hidden2
        } else {
            self.hidden
        }
    }

    /// Parameters in all, in the gradient's layout: w1, b1, wm, bm, w2, b2.
    pub(super) fn parameters(&self) -> usize {
        self.w1.len() + self.b1.len() + self.wm.len() + self.bm.len() + self.w2.len() + self.b2.len()
    }

    /// Every parameter, in the gradient's layout.
    pub(super) fn parameters_mut(&mut self) -> impl Iterator<Item = &mut f32> {
        (self.w1.iter_mut().chain(self.b1.iter_mut()))
            .chain(self.wm.iter_mut().chain(self.bm.iter_mut()))
            .chain(self.w2.iter_mut().chain(self.b2.iter_mut()))
    }

    /// The first layer's sums for `features`.
    pub(super) fn accumulate(&self, features: &[u16], acc: &mut [f32]) {
        acc.copy_from_slice(&self.b1);
        for &f in features {
            let col = &self.w1[f as usize * self.hidden..(f as usize + 1) * self.hidden];
            acc.iter_mut().zip(col).for_each(|(a, w)| *a += w);
        }
    }

    /// The second layer's sums `z` for the first layer's sums `acc` (nothing without a second layer).
    pub(super) fn second_sums(&self, acc: &[f32], z: &mut [f32]) {
        for (j, zj) in z.iter_mut().enumerate() {
            let row = &self.wm[j * self.hidden..(j + 1) * self.hidden];
            *zj = acc.iter().zip(row).map(|(a, w)| a.clamp(0.0, 1.0) * w).sum::<f32>() + self.bm[j];
        }
    }

    /// A unit of the layer the output reads, from its sum: clipped to 0..1, and squared in a squared net.
    #[inline]
    pub(super) fn activation(&self, sum: f32) -> f32 {
        let c = sum.clamp(0.0, 1.0);
        if self.squared {
            c * c
        } else {
            c
        }
    }

    /// The derivative of `activation` at `sum` (0 where clipped).
    #[inline]
    pub(super) fn activation_slope(&self, sum: f32) -> f32 {
        match (sum > 0.0 && sum < 1.0, self.squared) {
            (false, _) => 0.0,
            (true, false) => 1.0,
            (true, true) => 2.0 * sum,
        }
    }

    /// The output layer's input: the sum for bucket `bucket` of the activated units `last` of the last
    /// hidden layer.
    pub(super) fn output_sum(&self, last: &[f32], bucket: usize) -> f32 {
        let n = last.len();
        let w2 = &self.w2[bucket * n..(bucket + 1) * n];
        last.iter().zip(w2).map(|(&a, w)| self.activation(a) * w).sum::<f32>() + self.b2[bucket]
    }

    /// The largest quantised output weight (smaller for squared units, whose sum must fit `i32`).
    fn output_weight_max(&self) -> f32 {
        output_weight_limit(self.last_width(), self.squared) as f32
    }

    /// The expected score of the side to move for a position with these features and output bucket.
    pub fn predict(&self, features: &[u16], bucket: usize) -> f32 {
        let mut acc = vec![0.0; self.hidden];
        self.accumulate(features, &mut acc);
        if self.hidden2 == 0 {
            return sigmoid(self.output_sum(&acc, bucket));
        }
        let mut z = vec![0.0; self.hidden2];
        self.second_sums(&acc, &mut z);
        sigmoid(self.output_sum(&z, bucket))
    }

    /// The net the bot uses: weights rounded to integers (see `value/network/`).
    pub fn quantise(&self) -> ValueNet {
        let q = |x: f32, scale: f32, limit: f32| (x * scale).round().clamp(-limit, limit) as i16;
        let qa = QA as f32;
        let w2_max = self.output_weight_max();
        // A step of s: the weight rounded to a multiple of s in the quantised scale, within ±W1_MAX.
        let step = self.w1_step as f32;
        let w1 = |w: f32| q(w, qa / step, (W1_MAX / step).floor()) * self.w1_step;
        ValueNet::new(
            self.hidden,
            self.w1.iter().map(|&w| w1(w)).collect(),
            self.b1.iter().map(|&b| q(b, qa, B1_MAX)).collect(),
            SecondLayer {
                width: self.hidden2,
                weights: self.wm.iter().map(|&w| q(w, QM as f32, W16_MAX)).collect(),
                biases: self.bm.iter().map(|&b| (b * qa * QM as f32).round() as i32).collect(),
            },
            self.w2.iter().map(|&w| q(w, QB as f32, w2_max)).collect(),
            self.b2.iter().map(|&b| (b * qa * QB as f32).round() as i32).collect(),
        )
        .and_then(|net| net.with_squared_units(self.squared))
        .and_then(|net| net.with_first_layer_step(self.w1_step))
        .expect("quantised weights are in range by construction")
    }

    /// Keeps the weights where `quantise` can represent them (run after every step).
    pub(super) fn clamp_to_quantisable(&mut self) {
        let (w1, b1, wm) = (W1_MAX / QA as f32, B1_MAX / QA as f32, W16_MAX / QM as f32);
        self.w1.iter_mut().for_each(|w| *w = w.clamp(-w1, w1));
        self.b1.iter_mut().for_each(|b| *b = b.clamp(-b1, b1));
        self.wm.iter_mut().for_each(|w| *w = w.clamp(-wm, wm));
        let w2 = self.output_weight_max() / QB as f32;
        self.w2.iter_mut().for_each(|w| *w = w.clamp(-w2, w2));
        self.keep_sums_within_the_accumulator();
    }

    /// Shrinks any hidden unit whose worst first-layer sum (`worst_first_layer_sum`) could overflow the
    /// quantised accumulator, rounding's half step a term allowed for: its weights and bias scaled down
    /// together. Nets rarely come near it: a unit would need a hundred weights near the limit.
    fn keep_sums_within_the_accumulator(&mut self) {
        let qa = QA as f32;
        let limit = (i16::MAX as f32 - 0.5 * (MAX_ACTIVE + 1) as f32) / qa;
        let mut column = Vec::with_capacity(INPUTS);
        for i in 0..self.hidden {
            column.clear();
            column.extend((0..INPUTS).map(|f| self.w1[f * self.hidden + i]));
            let worst = worst_first_layer_sum(&mut column, self.b1[i]);
            if worst > limit {
                let shrink = limit / worst;
                (0..INPUTS).for_each(|f| self.w1[f * self.hidden + i] *= shrink);
                self.b1[i] *= shrink;
            }
        }
    }
}
