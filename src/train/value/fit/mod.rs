//! Training the value net: a float net fitted by minibatch Adam on all cores, then quantised.
//!
//! The target of a position is `lambda · result + (1 − lambda) · search value`, both for the side to
//! move; the loss is the cross-entropy of the net's output against it. A sixteenth of the games (by game
//! number) is held out for validation. Each training position may be added under up to eight symmetries
//! (`symmetries`; the validation set stays as played). After an epoch that does not improve the validation
//! loss the step size is multiplied by `lr_decay`; training stops when it has not improved for `patience`
//! epochs, and keeps the best epoch's weights.

mod adam;
pub mod auxiliary;
mod examples;

use crate::rng::Rng;
pub use crate::train::value::float_net::FloatNet;
use crate::train::value::records::{estimate_side_results, ValueRecord};
use crate::value::features::INPUTS;
use crate::value::network::{self, sigmoid, NetShape, ValueNet, SHIPPED};
pub use adam::Adam;
use auxiliary::{fates, AuxHead};
use examples::Reading;
pub use examples::{examples, positions, Example, Position};
use std::time::Instant;

/// Training settings.
#[derive(Clone, Debug)]
pub struct TrainConfig {
    /// Hidden units (a multiple of 8).
    pub hidden: usize,
    /// Units of a second hidden layer (0: none).
    pub hidden2: usize,
    /// Output buckets (`features::output_bucket`).
    pub buckets: usize,
    /// Most epochs.
    pub epochs: usize,
    /// Worker threads.
    pub threads: usize,
    /// Weight of the game result in the target (the rest is the search value).
    pub lambda: f32,
    /// Adam's step size.
    pub learning_rate: f32,
    /// Positions per step.
    pub batch: usize,
    /// Epochs without a better validation loss before stopping.
    pub patience: usize,
    /// Seed of the initial weights and the shuffles.
    pub seed: u64,
    /// Copies of each training position, under the first `symmetries` symmetries (1: as played).
    pub symmetries: usize,
    /// Factor on the step size after an epoch without a better validation loss.
    pub lr_decay: f32,
    /// A net to start from (its shape overrides `hidden`, `hidden2` and `buckets`) instead of random weights.
    pub init: Option<ValueNet>,
    /// Train on the first `inputs` features only (`features.rs`): a control for features added later.
    pub inputs: usize,
    /// Square the clipped units the output reads (SCReLU; one-layer nets only).
    pub squared: bool,
    /// The quantised first layer's step: its weights rounded to multiples of it, stored in fewer bits.
    pub w1_step: i16,
    /// Validate on these records (their played positions) and train on every record given, instead of
    /// holding out one game in sixteen: one fixed test set for nets trained on different data.
    pub validation: Option<Vec<ValueRecord>>,
    /// Weight of the auxiliary targets' mean loss beside the value's (`auxiliary.rs`; 0: none). Their
    /// head is dropped after training: the shipped net is as without them.
    pub aux_weight: f32,
}

impl Default for TrainConfig {
    fn default() -> Self {
        TrainConfig {
            hidden: SHIPPED.hidden,
            hidden2: SHIPPED.hidden2,
            buckets: SHIPPED.buckets,
            epochs: 30,
            threads: crate::cli::default_jobs(),
            lambda: 0.5,
            learning_rate: 0.002,
            batch: 2048,
            patience: 3,
            seed: 1,
            // Measured on 5.0 M positions (docs/training.md): validation 0.5768 against 0.5820 as played.
            symmetries: 4,
            lr_decay: 0.5,
            init: None,
            inputs: SHIPPED.inputs,
            squared: SHIPPED.squared,
            w1_step: 1,
            validation: None,
            aux_weight: 0.0,
        }
    }
}

impl TrainConfig {
    /// The shape of the net it trains.
    pub fn shape(&self) -> NetShape {
        NetShape {
            inputs: self.inputs,
            hidden: self.hidden,
            hidden2: self.hidden2,
            buckets: self.buckets,
            squared: self.squared,
        }
    }

    /// An error naming the setting that no net can have (the trainer's options are checked before data is read).
    pub fn check(&self) -> Result<(), String> {
        if !(1..=network::MAX_W1_STEP).contains(&self.w1_step) {
            return Err(format!("--w1-step {}: expected 1..={}", self.w1_step, network::MAX_W1_STEP));
        }
        if !(1..=INPUTS).contains(&self.inputs) {
            return Err(format!("--inputs {}: expected 1..={}", self.inputs, INPUTS));
        }
        self.shape()
            .check()
            .map_err(|e| format!("--hidden, --hidden2, --buckets, --squared/--clipped: {e}"))?;
        if self.aux_weight < 0.0 || (self.aux_weight > 0.0 && self.hidden2 > 0) {
            return Err(format!("--aux-weight {}: at least 0, and one hidden layer only", self.aux_weight));
        }
        if !(1..=crate::board::symmetry::SYMMETRIES).contains(&self.symmetries) {
            return Err(format!(
                "--symmetries {}: expected 1..={}",
                self.symmetries,
                crate::board::symmetry::SYMMETRIES
            ));
        }
        Ok(())
    }
}

/// What training produced and measured.
pub struct ValueTraining {
    /// The best epoch's float net.
    pub net: FloatNet,
    /// The quantised net the bot will use.
    pub quantised: ValueNet,
    /// Positions trained on and held out.
    pub sizes: (usize, usize),
    /// Validation loss of the float net, of the quantised net, and of the best constant prediction.
    pub losses: (f64, f64, f64),
    /// Validation loss of the float and the quantised net against the games' results alone: unlike the
    /// losses above it does not reward a net for copying the self-play search's values, so it compares
    /// nets trained on searches of different depths (docs/training.md).
    pub result_losses: (f64, f64),
    /// One line per epoch.
    pub log: Vec<String>,
}

/// Cross-entropy of prediction `p` against target `t`.
pub(super) fn cross_entropy(p: f32, t: f32) -> f64 {
    let p = p.clamp(1e-6, 1.0 - 1e-6) as f64;
    -(t as f64 * p.ln() + (1.0 - t as f64) * (1.0 - p).ln())
}

/// Mean loss of `predict` over `set`.
fn mean_loss(set: &[Example], predict: impl Fn(&Example) -> f32) -> f64 {
    set.iter().map(|s| cross_entropy(predict(s), s.target)).sum::<f64>() / set.len().max(1) as f64
}

/// Gradient of the summed loss over `batch`, added into `grad` (laid out as w1, b1, wm, bm, w2, b2, then
/// the auxiliary head's parameters when `aux` gives it with its weight); the value's summed loss and the
/// auxiliary targets' weighted one.
fn gradient(net: &FloatNet, aux: Option<(&AuxHead, f32)>, batch: &[Example], grad: &mut [f32]) -> (f64, f64) {
    let (h, h2, n) = (net.hidden, net.hidden2, net.last_width());
    let (grad, gaux) = grad.split_at_mut(net.parameters());
    // The last hidden layer's activated units and their slopes, for the output and the auxiliary head.
    let (mut units, mut slopes) = (vec![0.0; n], vec![0.0; n]);
    let mut aux_loss = 0.0;
    let (gw1, rest) = grad.split_at_mut(INPUTS * h);
    let (gb1, rest) = rest.split_at_mut(h);
    let (gwm, rest) = rest.split_at_mut(h2 * h);
    let (gbm, rest) = rest.split_at_mut(h2);
    let (gw2, gb2) = rest.split_at_mut(n * net.b2.len());
    let (mut acc, mut dacc) = (vec![0.0; h], vec![0.0; h]);
    let (mut z, mut dz2) = (vec![0.0; h2], vec![0.0; h2]);
    let mut loss = 0.0;
    for s in batch {
        net.accumulate(&s.features, &mut acc);
        net.second_sums(&acc, &mut z);
        let last = if h2 > 0 { &z } else { &acc };
        let k = s.bucket as usize;
        let p = sigmoid(net.output_sum(last, k));
        loss += cross_entropy(p, s.target);
        let dz = p - s.target;
        gb2[k] += dz;
        let (gw2, w2) = (&mut gw2[k * n..(k + 1) * n], &net.w2[k * n..(k + 1) * n]);
        // The loss's gradient with respect to the last hidden layer's sums (zero where clipped).
        let dlast = if h2 > 0 { &mut dz2 } else { &mut dacc };
        for i in 0..n {
            (units[i], slopes[i]) = (net.activation(last[i]), net.activation_slope(last[i]));
            gw2[i] += dz * units[i];
            dlast[i] = dz * w2[i] * slopes[i];
        }
        // The auxiliary head reads the units the output reads: the first layer's (one hidden layer only,
        // `TrainConfig::check`).
        if let (Some((head, weight)), Some(targets)) = (aux, &s.aux) {
            aux_loss += head.backward(&units, &slopes, targets, weight, gaux, &mut dacc);
        }
        if h2 > 0 {
            dacc.iter_mut().for_each(|d| *d = 0.0);
            for j in 0..h2 {
                let d = dz2[j];
                if d == 0.0 {
                    continue;
                }
                gbm[j] += d;
                let (grow, row) = (&mut gwm[j * h..(j + 1) * h], &net.wm[j * h..(j + 1) * h]);
                for i in 0..h {
                    grow[i] += d * acc[i].clamp(0.0, 1.0);
                    dacc[i] += d * row[i];
                }
            }
            for i in 0..h {
                if !(acc[i] > 0.0 && acc[i] < 1.0) {
                    dacc[i] = 0.0;
                }
            }
        }
        gb1.iter_mut().zip(&dacc).for_each(|(g, d)| *g += d);
        for &f in &s.features {
            let col = &mut gw1[f as usize * h..(f as usize + 1) * h];
            col.iter_mut().zip(&dacc).for_each(|(g, d)| *g += d);
        }
    }
    (loss, aux_loss)
}

/// One game in sixteen, spread evenly over the game numbers (and so over every shard).
pub(crate) fn is_validation_game(game: u64) -> bool {
    game.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 60 == 0
}

/// Trains a net on `records`; `verbose` prints each epoch's line on stderr.
pub fn train(records: &[ValueRecord], config: &TrainConfig, verbose: bool) -> ValueTraining {
    let (mut held, kept): (Vec<&ValueRecord>, Vec<&ValueRecord>) = match &config.validation {
        Some(set) => (set.iter().collect(), records.iter().collect()),
        None => records.iter().partition(|r| is_validation_game(r.game)),
    };
    // Validation is on the games' own positions, so that its loss compares with nets trained without
    // side lines.
    held.retain(|r| r.result.is_some());
    let mut kept: Vec<ValueRecord> = kept.into_iter().cloned().collect();
    estimate_side_results(&mut kept);
    let held: Vec<ValueRecord> = held.into_iter().cloned().collect();
    let mut train_positions = positions(&kept, config.lambda);
    if config.aux_weight > 0.0 {
        for (p, fate) in train_positions.iter_mut().zip(fates(&kept)) {
            p.fate = fate;
        }
    }
    drop(kept);
    let reading = Reading { symmetries: config.symmetries, inputs: config.inputs, buckets: config.buckets };
    let entries = train_positions.len() * config.symmetries;
    assert!(entries <= u32::MAX as usize, "{entries} training entries: at most 2^32");
    let mut train_set: Vec<u32> = (0..entries as u32).collect();
    let valid = examples(&held, config.lambda, config.buckets, config.inputs);
    let valid_results = examples(&held, 1.0, config.buckets, config.inputs);
    let mut learning_rate = config.learning_rate;
    let mut net = match &config.init {
        Some(start) => FloatNet {
            w1_step: config.w1_step,
            ..FloatNet::from_quantised(start).widened(config.hidden.max(start.hidden()), config.seed)
        },
        None => FloatNet {
            squared: config.squared,
            w1_step: config.w1_step,
            ..FloatNet::random(config.hidden, config.hidden2, config.buckets, config.seed)
        },
    };
    let mut aux_head = (config.aux_weight > 0.0).then(|| AuxHead::random(net.hidden, config.seed));
    let size = net.parameters() + aux_head.as_ref().map_or(0, |head| head.parameters());
    let mut adam = Adam::new(size);
    let mut rng = Rng::new(config.seed ^ 0x7EA1);
    let mean_target = valid.iter().map(|s| s.target as f64).sum::<f64>() / valid.len().max(1) as f64;
    let constant_loss = mean_loss(&valid, |_| mean_target as f32);
    let (mut best, mut best_loss, mut since_best) = (net.clone(), f64::INFINITY, 0);
    let mut best_result_loss = f64::INFINITY;
    let mut log = Vec::new();
    if config.init.is_some() {
        // The starting net's loss: what fine-tuning has to beat.
        let start_loss = mean_loss(&valid, |s| net.predict(&s.features, s.bucket as usize));
        let result_loss = mean_loss(&valid_results, |s| net.predict(&s.features, s.bucket as usize));
        log.push(format!(
            "epoch   0  validation loss {start_loss:.5}  results {result_loss:.5}  (the starting net)"
        ));
        (best_loss, best_result_loss) = (start_loss, result_loss);
        if verbose {
            eprintln!("{}", log[0]);
        }
    }
    for epoch in 1..=config.epochs {
        let start = Instant::now();
        for i in (1..train_set.len()).rev() {
            train_set.swap(i, rng.below(i as u32 + 1) as usize);
        }
        let (mut train_loss, mut aux_loss) = (0.0, 0.0);
        for batch in train_set.chunks(config.batch) {
            let per_thread = batch.len().div_ceil(config.threads.max(1));
            let results: Vec<(Vec<f32>, (f64, f64))> = std::thread::scope(|scope| {
                let handles: Vec<_> = batch
                    .chunks(per_thread)
                    .map(|part| {
                        let (net, train_positions) = (&net, &train_positions);
                        let aux = aux_head.as_ref().map(|head| (head, config.aux_weight));
                        scope.spawn(move || {
                            let part: Vec<Example> =
                                part.iter().map(|&e| reading.example(train_positions, e)).collect();
                            let mut g = vec![0.0; size];
                            let losses = gradient(net, aux, &part, &mut g);
                            (g, losses)
                        })
                    })
                    .collect();
                handles.into_iter().map(|t| t.join().expect("a training thread panicked")).collect()
            });
            let mut grad = vec![0.0; size];
            for (g, (loss, aux)) in results {
                grad.iter_mut().zip(&g).for_each(|(a, b)| *a += b);
                train_loss += loss;
                aux_loss += aux;
            }
            let scale = 1.0 / batch.len() as f32;
            grad.iter_mut().for_each(|g| *g *= scale);
            let aux_parameters = aux_head.iter_mut().flat_map(|head| head.parameters_mut());
            adam.step(net.parameters_mut().chain(aux_parameters), &grad, learning_rate);
            net.clamp_to_quantisable();
        }
        train_loss /= train_set.len().max(1) as f64;
        aux_loss /= train_set.len().max(1) as f64;
        let valid_loss = mean_loss(&valid, |s| net.predict(&s.features, s.bucket as usize));
        let result_loss = mean_loss(&valid_results, |s| net.predict(&s.features, s.bucket as usize));
        let rate = train_set.len() as f64 / start.elapsed().as_secs_f64().max(1e-9);
        let aux = if aux_head.is_some() { format!("  auxiliary {aux_loss:.5}") } else { String::new() };
        let line = format!(
            "epoch {epoch:3}  train loss {train_loss:.5}{aux}  validation loss {valid_loss:.5}  results {result_loss:.5}  (constant {constant_loss:.5})  {rate:.0} positions/s"
        );
        if verbose {
            eprintln!("{line}");
        }
        log.push(line);
        if valid_loss < best_loss {
            (best, best_loss, best_result_loss, since_best) = (net.clone(), valid_loss, result_loss, 0);
        } else {
            since_best += 1;
            learning_rate *= config.lr_decay;
            if since_best >= config.patience {
                break;
            }
        }
    }
    let quantised = best.quantise().with_inputs(config.inputs);
    let quantised_loss = mean_loss(&valid, |s| quantised.evaluate_features(&s.features, s.bucket as usize));
    let quantised_result_loss =
        mean_loss(&valid_results, |s| quantised.evaluate_features(&s.features, s.bucket as usize));
    ValueTraining {
        net: best,
        quantised,
        sizes: (train_set.len(), valid.len()),
        losses: (best_loss, quantised_loss, constant_loss),
        result_losses: (best_result_loss, quantised_result_loss),
        log,
    }
}

#[cfg(test)]
mod tests;
